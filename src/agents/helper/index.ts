/** HELPER (paper 001): the agent, its roles, its variants, and the registry entries. */
import type { AgentContext } from '../context.js';
import type { AgentDefinition } from '../registry.js';
import { HelperAgent } from './agent.js';
import { OfflineClassMapper } from './classes.js';
import { HELPER_VARIANTS, type HelperVariant } from './config.js';
import { OfflineCorrector } from './correction.js';
import { OfflineLocator } from './locator.js';
import { HelperMemory } from './memory.js';
import { OfflinePlanner } from './planner.js';
import type { HelperRoles } from './roles.js';

export { FEEDBACK_QUESTION, HelperAgent } from './agent.js';
export { HELPER_VARIANTS, type HelperConfig, type HelperVariant } from './config.js';
export { HelperMemory, SEED_ENTRIES } from './memory.js';

/** The offline roles: retrieve-and-adapt, correction rules, the catalog's places, the catalog's names. */
export function offlineHelperRoles(): HelperRoles {
  return {
    planner: new OfflinePlanner(),
    corrector: new OfflineCorrector(),
    locator: new OfflineLocator(),
    classes: new OfflineClassMapper(),
  };
}

/** A HELPER agent of a variant with the given roles (its memory loaded for the episode). */
export function createHelperAgent(context: AgentContext, variant: HelperVariant, roles: HelperRoles): HelperAgent {
  return new HelperAgent({
    name: variant.name,
    config: variant.config,
    roles,
    skills: context.skills,
    seed: context.seed,
    memory: HelperMemory.load(variant.name, context.learning),
    ...(context.episode && { episode: context.episode }),
  });
}

export const HELPER_DEFINITIONS: readonly AgentDefinition[] = HELPER_VARIANTS.map((variant) => ({
  name: variant.name,
  description: `${variant.description}; offline roles`,
  privileges: variant.config.feedback ? ['user-feedback'] : [],
  needsLlm: false,
  learns: true,
  protocols: ['episodic'],
  ...(variant.name !== 'helper' && { optIn: true }),
  create: (context: AgentContext) => createHelperAgent(context, variant, offlineHelperRoles()),
}));
