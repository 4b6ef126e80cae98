/**
 * The offline implementations of ExRAP's roles, registered by name for configurations (`ExrapConfig.roles`):
 * interpreter `grammar`, evaluator `bayesian` (options: `samples`, `temporalConsistency`), exploitation `plan`
 * (options: `findQueries`, `retryAfter`, `commitment`, `jointPlans`, `companions`), exploration `information`. The
 * LLM layer registers its own under other names with `registerExrapRole`.
 */
import { BayesianQueryEvaluator } from './evaluator.js';
import { PlanExploitationPlanner } from './exploitation.js';
import { InformationExplorationPlanner } from './exploration.js';
import { GrammarInterpreter } from './interpreter/index.js';
import { type ExrapRoleOptions, registerExrapRole } from './roles.js';

function option<T>(options: ExrapRoleOptions, key: string, type: 'number' | 'boolean'): T | undefined {
  const value = options[key];
  if (value === undefined) return undefined;
  if (typeof value !== type) throw new RangeError(`ExRAP role option '${key}' must be a ${type}, got ${String(value)}`);
  return value as T;
}

registerExrapRole('interpreter', 'grammar', () => new GrammarInterpreter());
registerExrapRole(
  'evaluator',
  'bayesian',
  (options) =>
    new BayesianQueryEvaluator({
      samples: option<number>(options, 'samples', 'number'),
      temporalConsistency: option<boolean>(options, 'temporalConsistency', 'boolean'),
    }),
);
registerExrapRole(
  'exploitation',
  'plan',
  (options) =>
    new PlanExploitationPlanner({
      findQueries: option<boolean>(options, 'findQueries', 'boolean'),
      retryAfter: option<number>(options, 'retryAfter', 'number'),
      commitment: option<number>(options, 'commitment', 'number'),
      jointPlans: option<boolean>(options, 'jointPlans', 'boolean'),
      companions: option<boolean>(options, 'companions', 'boolean'),
    }),
);
registerExrapRole('exploration', 'information', () => new InformationExplorationPlanner());
