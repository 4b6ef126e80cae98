/** SemGro (paper 003): the agent, its roles, its variants, and how the registry builds them. */
import { InputError } from '../../util/errors.js';
import type { AgentContext } from '../context.js';
import { SemGroAgent } from './agent.js';
import type { SemGroVariant } from './config.js';
import { llmRoles } from './llm/index.js';
import { offlineRoles } from './offline.js';

export { SemGroAgent } from './agent.js';
export { SEMGRO_VARIANTS, type SemGroConfig, type SemGroVariant } from './config.js';
export { SkillDatabase } from './database/database.js';

/** The agent of a variant: the paper's LLM roles when the run has a model, the offline roles otherwise. */
export function createSemGroAgent(context: AgentContext, variant: SemGroVariant): SemGroAgent {
  const database = context.resources?.skillDatabase;
  if (!database) {
    throw new InputError(
      `agent '${variant.name}' needs a skill database (AgentContext.resources.skillDatabase): the episodic bench ` +
        'gives it one on every family; elsewhere build one with hearth semgro build-db',
    );
  }
  const roles = context.llm
    ? llmRoles(context.llm, context.seed, variant.config)
    : offlineRoles(context.seed, variant.config);
  return new SemGroAgent(variant.name, database, roles, variant.config, context.seed);
}
