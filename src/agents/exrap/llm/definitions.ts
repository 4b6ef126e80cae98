/**
 * How the ExRAP agents meet `--llm` in the registry: `exrap`, `exrap-tc` and `exrap-exp` run offline without a
 * model and with the paper's LLM roles when the run has one (`acceptsLlm`); `exrap-llm`, the ExRAP-LLM ablation,
 * needs one.
 */
import type { AgentDefinition } from '../../definition.js';
import { createExrapLlmAgent, type ExrapLlmId } from './index.js';

const WITH_LLM_ROLES = new Set<string>(['exrap', 'exrap-tc', 'exrap-exp']);

const EXRAP_LLM: AgentDefinition = {
  name: 'exrap-llm',
  description: 'ExRAP ablation: the LLM prompted to explore ("explore the home") instead of eq. 10-11 (needs an LLM)',
  privileges: [],
  needsLlm: true,
  create: (context) => createExrapLlmAgent(context, 'exrap-llm'),
};

/** The definitions with the ExRAP entries made LLM-aware and `exrap-llm` added after them. */
export function withExrapLlmRoles(definitions: readonly AgentDefinition[]): AgentDefinition[] {
  const out: AgentDefinition[] = [];
  for (const definition of definitions) {
    if (!WITH_LLM_ROLES.has(definition.name)) {
      out.push(definition);
      continue;
    }
    const offline = definition.create;
    out.push({
      ...definition,
      description: `${definition.description}; with --llm, the paper's LLM roles`,
      acceptsLlm: true,
      create: (context) =>
        context.llm ? createExrapLlmAgent(context, definition.name as ExrapLlmId) : offline(context),
    });
    if (definition.name === 'exrap-exp') out.push(EXRAP_LLM);
  }
  if (!out.includes(EXRAP_LLM)) out.push(EXRAP_LLM);
  return out;
}
