/** HELPER (paper 001): the agent, its roles, its variants, and the registry entries. */
import { requireLanguageModel } from '../../llm/errors.js';
import type { Embedder } from '../../retrieval/embedder.js';
import type { AgentContext } from '../context.js';
import type { AgentDefinition } from '../registry.js';
import { OFFLINE_READER } from '../task-reading.js';
import { HelperAgent } from './agent.js';
import { OfflineClassMapper } from './classes.js';
import { HELPER_VARIANTS, type HelperVariant } from './config.js';
import { OfflineCorrector } from './correction.js';
import { LanguageModelEmbedder, llmHelperRoles } from './llm/index.js';
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
    reader: OFFLINE_READER,
  };
}

/** A HELPER agent of a variant with the given roles (its memory loaded for the episode, retrieving by `embedder`). */
export function createHelperAgent(
  context: AgentContext,
  variant: HelperVariant,
  roles: HelperRoles,
  embedder?: Embedder,
): HelperAgent {
  return new HelperAgent({
    name: variant.name,
    config: variant.config,
    roles,
    skills: context.skills,
    seed: context.seed,
    memory: HelperMemory.load(variant.name, context.learning, embedder),
    ...(context.episode && { episode: context.episode }),
  });
}

/** HELPER with the paper's LLM roles: the full agent's configuration, retrieval by the model's embeddings. */
const HELPER_LLM: HelperVariant = {
  name: 'helper-llm',
  description: `${HELPER_VARIANTS[0].description}; the paper's LLM roles (planner, corrector, locator, class mapper)`,
  config: HELPER_VARIANTS[0].config,
};

export const HELPER_DEFINITIONS: readonly AgentDefinition[] = [
  ...HELPER_VARIANTS.map(
    (variant): AgentDefinition => ({
      name: variant.name,
      description: `${variant.description}; offline roles`,
      privileges: variant.config.feedback ? ['user-feedback'] : [],
      needsLlm: false,
      learns: true,
      protocols: ['episodic'],
      ...(variant.name !== 'helper' && { optIn: true }),
      create: (context: AgentContext) => createHelperAgent(context, variant, offlineHelperRoles()),
    }),
  ),
  {
    name: HELPER_LLM.name,
    description: HELPER_LLM.description,
    privileges: ['user-feedback'],
    needsLlm: true,
    learns: true,
    protocols: ['episodic'],
    create: (context: AgentContext) => {
      const llm = requireLanguageModel(context.llm, "agent 'helper-llm'");
      return createHelperAgent(
        context,
        HELPER_LLM,
        llmHelperRoles(llm, context.seed, { contextSize: llm.settings.contextSize }),
        new LanguageModelEmbedder(llm),
      );
    },
  },
];
