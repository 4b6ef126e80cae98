/** LLM-State's LLM roles (the paper's), built from the episode's model and seed. */
import type { LanguageModel } from '../../../llm/language-model.js';
import type { LlmStateRoles } from '../agent.js';
import { LlmAttention, LlmPolicy, LlmStateEstimator } from './roles.js';

export { LLM_STATE_PROMPTS, LlmAttention, LlmPolicy, LlmStateEstimator, splitAttributes } from './roles.js';

export function llmRoles(llm: LanguageModel, seed: number): LlmStateRoles {
  return {
    attention: new LlmAttention(llm, seed),
    estimator: new LlmStateEstimator(llm, seed),
    policy: new LlmPolicy(llm, seed),
  };
}
