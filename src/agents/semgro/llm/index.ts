/** SemGro's LLM roles, built from the episode's model and seed (the detector stays the observation). */
import type { LanguageModel } from '../../../llm/language-model.js';
import type { SemGroConfig } from '../config.js';
import { ObservationDetector } from '../critic.js';
import type { SemGroRoles } from '../roles.js';
import { LlmGenerator, LlmJudge, LlmTaskRetriever } from './roles.js';

export { LlmGenerator, LlmJudge, LlmTaskRetriever, SEMGRO_PROMPTS } from './roles.js';

export function llmRoles(llm: LanguageModel, seed: number, config: SemGroConfig): SemGroRoles {
  return {
    generator: new LlmGenerator(llm, seed),
    detector: new ObservationDetector(seed, config.detectorNoise),
    judge: new LlmJudge(llm, seed),
    taskRetriever: new LlmTaskRetriever(llm, seed),
  };
}
