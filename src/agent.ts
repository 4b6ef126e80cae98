/**
 * `hearth/agent`: what a module agent needs (docs/agent-protocol.md, "A module agent"). A module named in
 * `hearth run --agents ./my-agent.js` exports an `AgentDefinition` by default; hearth checks it, registers it under its
 * `name` and builds one `Agent` per episode with `create(context)`.
 *
 *   import { defineAgent } from 'hearth/agent';
 *   export default defineAgent({ name: 'first', description: '...', privileges: [], needsLlm: false,
 *     protocols: ['continual', 'episodic'], create: (context) => new FirstAgent(context) });
 *
 * (`import type { AgentDefinition } from 'hearth/agent'` and `satisfies AgentDefinition` type it without a value.)
 */
export {
  type Agent,
  type AgentPrivilege,
  DONE,
  type EpisodicGoal,
  type InstructionBrief,
  type InstructionMeaning,
  isDone,
  type StepFeedback,
  type TaskBrief,
  type TaskUnderstanding,
  type UserChannel,
} from './agents/agent.js';
export type { AgentContext, TaskResources } from './agents/context.js';
export type { AgentDefinition, AgentProtocol } from './agents/definition.js';
export type { Edge } from './sim/graph.js';
export type { Observation, ObservedNode } from './sim/observation.js';
export { formatSkill, type Skill, sameSkill } from './sim/skill.js';
export type { RoomPairs, SkillSet } from './sim/skill-sets.js';
export type { Property, Relation, State } from './sim/vocabulary.js';
export { Rng } from './util/rng.js';

import type { AgentDefinition } from './agents/definition.js';

/** The definition as given: a typed way to write a module agent's default export in JavaScript. */
export const defineAgent = (definition: AgentDefinition): AgentDefinition => definition;
