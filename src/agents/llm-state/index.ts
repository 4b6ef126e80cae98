/** LLM-State (paper 002): the agent, its roles, its variants, and how the registry builds them. */
import type { AgentContext } from '../context.js';
import { OFFLINE_READER } from '../task-reading.js';
import { LlmStateAgent, type LlmStateRoles } from './agent.js';
import { GoalRelevanceAttention } from './attention.js';
import type { LlmStateVariant } from './config.js';
import { SymbolicFoldEstimator } from './estimator.js';
import { llmRoles } from './llm/index.js';
import { PlannerPolicy } from './policy.js';

export { LlmStateAgent, type LlmStateConfig, type LlmStateRoles } from './agent.js';
export { LLM_STATE_VARIANTS, type LlmStateVariant } from './config.js';

/** The offline roles: the goal-relevance closure, the symbolic fold, the household planner. */
export function offlineRoles(): LlmStateRoles {
  return {
    attention: new GoalRelevanceAttention(),
    estimator: new SymbolicFoldEstimator(),
    policy: new PlannerPolicy(),
    reader: OFFLINE_READER,
  };
}

/** The agent of a variant: the paper's LLM roles when the run has a model, the offline roles otherwise. */
export function createLlmStateAgent(context: AgentContext, variant: LlmStateVariant): LlmStateAgent {
  const roles = context.llm ? llmRoles(context.llm, context.seed) : offlineRoles();
  return new LlmStateAgent(variant.name, context.skills, roles, variant.config);
}
