/** hearth's public API: the layers a researcher builds on. */

/** The PDDL planner (parser, grounding, search, validator), as one namespace. */
export * as planning from './planning/index.js';
export * from './sim/diff.js';
export * from './sim/graph.js';
export * from './sim/graph-io.js';
export * from './sim/observation.js';
export * from './sim/summary.js';
export * from './sim/vocabulary.js';
export { InputError } from './util/errors.js';
export { Rng } from './util/rng.js';
