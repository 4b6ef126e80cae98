/**
 * ExRAP's LLM roles, registered by name for `ExrapConfig.roles` (interpreter, evaluator, exploitation and
 * exploration `llm`), and the configurations that use them: with a language model, the agent ids `exrap`,
 * `exrap-tc` and `exrap-exp` run the paper's LLM roles (the exploration planner stays information-based, as the
 * paper's), and `exrap-llm` is the ExRAP-LLM ablation (the LLM prompted to explore instead of eq. 10-11).
 *
 * Role factories take plain options; the model and the episode seed are injected into the options of every `llm`
 * role when the agent is built (`createExrapLlmAgent`), so configurations stay data.
 */

import { requireLanguageModel } from '../../../llm/errors.js';
import type { LanguageModel } from '../../../llm/language-model.js';
import type { AgentContext } from '../../context.js';
import { ExrapAgent, type ExrapConfig, type ExrapRoleChoice } from '../agent.js';
import { type ExrapRoleOptions, registerExrapRole } from '../roles.js';
import { LlmQueryEvaluator } from './evaluator.js';
import { LlmExploitationPlanner } from './exploitation.js';
import { LlmExplorationPlanner } from './exploration.js';
import { LlmInterpreter } from './interpreter.js';

export * from './evaluator.js';
export * from './exploitation.js';
export * from './exploration.js';
export * from './interpreter.js';
export * from './text.js';

function llmOf(options: ExrapRoleOptions): LanguageModel {
  const llm = options.llm as LanguageModel | undefined;
  if (!llm || typeof (llm as { yesNo?: unknown }).yesNo !== 'function') {
    throw new RangeError('an ExRAP llm role needs the language model in its options (createExrapLlmAgent adds it)');
  }
  return llm;
}

function option<T>(options: ExrapRoleOptions, key: string, type: 'number' | 'boolean' | 'string'): T | undefined {
  const value = options[key];
  if (value === undefined) return undefined;
  if (typeof value !== type) throw new RangeError(`ExRAP role option '${key}' must be a ${type}, got ${String(value)}`);
  return value as T;
}

type Method = 'auto' | 'logprobs' | 'sampling';

registerExrapRole(
  'interpreter',
  'llm',
  (options) =>
    new LlmInterpreter({
      llm: llmOf(options),
      seed: option<number>(options, 'seed', 'number'),
      attempts: option<number>(options, 'attempts', 'number'),
    }),
);
registerExrapRole(
  'evaluator',
  'llm',
  (options) =>
    new LlmQueryEvaluator({
      llm: llmOf(options),
      seed: option<number>(options, 'seed', 'number'),
      temporalConsistency: option<boolean>(options, 'temporalConsistency', 'boolean'),
      refineDraws: option<number>(options, 'refineDraws', 'number'),
      shortcut: option<boolean>(options, 'shortcut', 'boolean'),
      method: option<Method>(options, 'method', 'string'),
    }),
);
registerExrapRole(
  'exploitation',
  'llm',
  (options) =>
    new LlmExploitationPlanner({
      llm: llmOf(options),
      seed: option<number>(options, 'seed', 'number'),
      findQueries: option<boolean>(options, 'findQueries', 'boolean'),
      method: option<Method>(options, 'method', 'string'),
    }),
);
registerExrapRole(
  'exploration',
  'llm',
  (options) =>
    new LlmExplorationPlanner({
      llm: llmOf(options),
      seed: option<number>(options, 'seed', 'number'),
      method: option<Method>(options, 'method', 'string'),
    }),
);

const LLM_ROLES = {
  interpreter: { name: 'llm' },
  evaluator: { name: 'llm' },
  exploitation: { name: 'llm' },
  exploration: { name: 'information' },
} as const;

export type ExrapLlmId = 'exrap' | 'exrap-tc' | 'exrap-exp' | 'exrap-llm';

/** The configurations of the ExRAP ids when the run has a language model. */
export const EXRAP_LLM_CONFIGS: Readonly<Record<ExrapLlmId, ExrapConfig>> = {
  exrap: { roles: LLM_ROLES },
  'exrap-tc': { roles: { ...LLM_ROLES, evaluator: { name: 'llm', options: { temporalConsistency: false } } } },
  'exrap-exp': {
    roles: {
      interpreter: LLM_ROLES.interpreter,
      evaluator: LLM_ROLES.evaluator,
      exploitation: { name: 'llm', options: { findQueries: true } },
    },
  },
  'exrap-llm': { roles: { ...LLM_ROLES, exploration: { name: 'llm' } } },
};

/** A configuration with the model and the episode seed added to the options of its `llm` roles. */
export function withModel(config: ExrapConfig, llm: LanguageModel, seed: number): ExrapConfig {
  const inject = (choice: ExrapRoleChoice): ExrapRoleChoice =>
    choice.name === 'llm' ? { name: choice.name, options: { seed, ...choice.options, llm } } : choice;
  return {
    ...config,
    roles: {
      interpreter: inject(config.roles.interpreter),
      evaluator: inject(config.roles.evaluator),
      exploitation: inject(config.roles.exploitation),
      ...(config.roles.exploration && { exploration: inject(config.roles.exploration) }),
    },
  };
}

/**
 * The ExRAP agent of an id with the LLM roles, over the context's model. `adjust` changes role options (the cost
 * benchmark turns the savings off with it).
 */
export function createExrapLlmAgent(
  context: AgentContext,
  id: ExrapLlmId,
  adjust: (config: ExrapConfig) => ExrapConfig = (config) => config,
): ExrapAgent {
  const llm = requireLanguageModel(context.llm, `agent '${id}'`);
  return new ExrapAgent(context, withModel(adjust(EXRAP_LLM_CONFIGS[id]), llm, context.seed), id);
}
