/** Inner Monologue (LLM-State's baseline): the agent and its registry entries; it needs a language model. */
import { requireLanguageModel } from '../../llm/errors.js';
import type { AgentContext } from '../context.js';
import type { AgentDefinition } from '../definition.js';
import { InnerMonologueAgent } from './agent.js';
import { LlmNextCommand } from './llm/planner.js';
import { INNER_MONOLOGUE_WINDOW } from './roles.js';

export { InnerMonologueAgent } from './agent.js';
export { INNER_MONOLOGUE_PROMPTS, LlmNextCommand } from './llm/planner.js';
export { INNER_MONOLOGUE_WINDOW } from './roles.js';

const create = (name: string, window: number | undefined) => (context: AgentContext) =>
  new InnerMonologueAgent(
    name,
    context.skills,
    new LlmNextCommand(requireLanguageModel(context.llm, `agent '${name}'`), context.seed, window),
  );

export const INNER_MONOLOGUE_DEFINITIONS: readonly AgentDefinition[] = [
  {
    name: 'inner-monologue',
    description: 'Inner Monologue (Huang et al. 2022): one action per call from the task and the whole transcript',
    privileges: [],
    needsLlm: true,
    protocols: ['episodic'],
    create: create('inner-monologue', undefined),
  },
  {
    name: 'inner-monologue-w',
    description: `Inner Monologue-W (LLM-State Table I): the transcript's last ${INNER_MONOLOGUE_WINDOW} turns only`,
    privileges: [],
    needsLlm: true,
    protocols: ['episodic'],
    create: create('inner-monologue-w', INNER_MONOLOGUE_WINDOW),
  },
];
