/**
 * hearth's PDDL planner. Typical use: parse a domain once (`parseDomain`), build or parse problems against it
 * (`defineProblem` in code, `parseProblem` from text), and `plan` each; or ground once (`groundTask`) and `search`
 * with several configurations. `validatePlan` replays a plan on the lifted model.
 */

export { evaluateAxioms } from './axioms.js';
export { type GroundingStats, groundTask } from './grounding/ground.js';
export { BlindHeuristic } from './heuristics/blind.js';
export { FFHeuristic } from './heuristics/ff.js';
export type { Heuristic } from './heuristics/heuristic.js';
export { AdditiveHeuristic, MaxHeuristic } from './heuristics/hmax-hadd.js';
export type {
  ActionDef,
  DerivedDef,
  Domain,
  Effect,
  Formula,
  FunctionValue,
  GroundAtom,
  NumExpr,
  ObjectDef,
  PredicateDef,
  Problem,
  Term,
  TypedName,
} from './pddl/ast.js';
export {
  type AtomTuple,
  and,
  atom,
  defineProblem,
  equals,
  exists,
  forall,
  type GoalLiteral,
  not,
  or,
  type ProblemSpec,
} from './pddl/build.js';
export { type ParseOptions, parseDomain } from './pddl/parse-domain.js';
export { type ProblemParseOptions, parseProblem } from './pddl/parse-problem.js';
export { TypeHierarchy } from './pddl/types.js';
export { type PlanOptions, type PlanResult, type PlanStep, plan, planFromFiles, planFromText } from './plan.js';
export { eliminateRedundantActions } from './search/action-elimination.js';
export {
  isSearchConfig,
  SEARCH_CONFIGS,
  SEARCH_DESCRIPTIONS,
  type SearchConfig,
  type SearchOptions,
  search,
} from './search/index.js';
export type { SearchLimits, SearchResult, SearchStatus } from './search/search-space.js';
export { applyOperator } from './successor.js';
export type { Axiom, Condition, CondNode, EffectGroup, GroundTask, Operator } from './task.js';
export { describeState, hasFact, holds } from './task.js';
export {
  type PlanStepInput,
  parseStep,
  type ValidateOptions,
  type ValidationResult,
  validatePlan,
} from './validate.js';
