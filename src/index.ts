/**
 * hearth's public API. The world (`src/sim`) is exported flat; each capability layer is a namespace, so that names
 * of different layers never collide: `planning`, `memory`, `retrieval`, `llm`, `scenes`, `catalog`, `bench`.
 */

export type {
  Agent,
  AgentPrivilege,
  InstructionBrief,
  InstructionMeaning,
  StepFeedback,
  TaskBrief,
} from './agents/agent.js';
export * as bench from './bench/index.js';
export * as llm from './llm/index.js';
export * as memory from './memory/index.js';
export * as planning from './planning/index.js';
export * as retrieval from './retrieval/index.js';
export type {
  ActionRule,
  Effect,
  ErrorKind,
  MissingSpec,
  Precondition,
  RuleBody,
  RuleCondition,
  Subject,
  TargetsOf,
} from './sim/actions/descriptors.js';
export { ERROR_KINDS } from './sim/actions/descriptors.js';
export {
  forgetGrabOrigins,
  type GrabOrigin,
  grabOrigin,
  isCloseTo,
  isFacing,
  type MissingAtom,
  roomOf,
} from './sim/actions/evaluate.js';
export * from './sim/actions/names.js';
export { firstInPythonSetOrder, pythonSetOrder } from './sim/actions/python-set-order.js';
export { ACTION_RULES } from './sim/actions/rules.js';
export * as catalog from './sim/catalog/index.js';
export * from './sim/change-log.js';
export * from './sim/conditions.js';
export * from './sim/diff.js';
export * from './sim/executor.js';
export * from './sim/graph.js';
export * from './sim/graph-io.js';
export * from './sim/observation.js';
export * from './sim/observe.js';
export * as scenes from './sim/scenes/index.js';
export * from './sim/script.js';
export * from './sim/skill.js';
export * from './sim/summary.js';
export * from './sim/vocabulary.js';
export { InputError } from './util/errors.js';
export { Rng } from './util/rng.js';
