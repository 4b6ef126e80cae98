/**
 * SemGro and its ablations as registry entries (`hearth run --protocol episodic --families semgro --agents semgro`):
 * episodic, run only when named, on every episodic family (the bench gives them the skill database learnt in the
 * family's training home: `bench/episodic/semgro/resources.ts`), offline roles by default and the paper's LLM roles
 * with `--llm`.
 */
import type { AgentDefinition } from '../definition.js';
import { SEMGRO_VARIANTS } from './config.js';
import { createSemGroAgent } from './index.js';

export const SEMGRO_DEFINITIONS: readonly AgentDefinition[] = SEMGRO_VARIANTS.map((variant) => ({
  name: variant.name,
  description: `${variant.description}; offline roles, the paper's LLM roles with --llm`,
  privileges: [],
  needsLlm: false,
  acceptsLlm: true,
  optIn: true,
  protocols: ['episodic'],
  uses: ['skillDatabase'],
  create: (context) => createSemGroAgent(context, variant),
}));
