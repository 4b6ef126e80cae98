/** hearth's public API: the layers a researcher builds on. */
export type {
  ActionRule,
  Condition,
  Effect,
  ErrorKind,
  MissingSpec,
  Precondition,
  RuleBody,
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
export * from './sim/change-log.js';

/** The PDDL planner (parser, grounding, search, validator), as one namespace. */
export * as planning from './planning/index.js';

export * from './memory/observation-facts.js';
export * from './memory/quadruple.js';
export * from './memory/tekg.js';
export * from './retrieval/bm25.js';
export * from './retrieval/embedder.js';
export * from './retrieval/embedding-index.js';
export * from './retrieval/offline-embedder.js';
export * from './retrieval/retriever.js';
export * from './retrieval/sampling.js';
export * from './retrieval/text-index.js';
export * from './retrieval/tokenize.js';
export * from './sim/diff.js';
export * from './sim/executor.js';
export * from './sim/graph.js';
export * from './sim/graph-io.js';
export * from './sim/observation.js';
export * from './sim/observe.js';
export * from './sim/script.js';
export * from './sim/summary.js';
export * from './sim/vocabulary.js';
export { InputError } from './util/errors.js';
export { Rng } from './util/rng.js';
