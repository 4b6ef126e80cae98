/**
 * ExRAP's roles (paper 000, section 3, Figure 2) as swappable objects: the instruction interpreter Phi_I (eq. 4),
 * the query evaluator Phi_Q (eq. 5-7), the exploitation planner v_R (eq. 9) and the exploration planner v_T (eq.
 * 10-11). The ExRAP agent only talks to these interfaces; each role has an offline implementation here
 * (`GrammarInterpreter`, `BayesianQueryEvaluator`, `PlanExploitationPlanner`, `InformationExplorationPlanner`) and
 * LLM versions plug in by configuration: register a factory under a name (`registerExrapRole`) and name it in the
 * agent's configuration (`ExrapConfig.roles`).
 *
 * Every method may answer synchronously or with a promise (an LLM role awaits its model); the agent awaits both.
 */

import type { Quadruple } from '../../memory/quadruple.js';
import type { Skill } from '../../sim/skill.js';
import type { SkillSet } from '../../sim/skill-sets.js';
import type { Rng } from '../../util/rng.js';
import type { InstructionBrief, StepFeedback } from '../agent.js';
import type { ExrapMemory } from './memory.js';
import type { ExrapQuery, Interpretation } from './query.js';

type MaybePromise<T> = T | Promise<T>;

/** Everything a role may read at one decision. Roles must not keep references to it past the call. */
export interface ExrapStep {
  /** The step being decided. */
  readonly t: number;
  readonly memory: ExrapMemory;
  readonly feedback: StepFeedback;
  readonly interpretation: Interpretation;
  /** The agent's seeded generator for this role (retrieval draws). */
  readonly rng: Rng;
  /** The episode's skill set (names of the domain's skills; converts planner output). */
  readonly skills: SkillSet;
}

/** Phi_I (eq. 4): continual instructions -> queries, executions and the condition map C. */
export interface InstructionInterpreter {
  readonly name: string;
  /** Throws an `InputError` naming each instruction it cannot interpret. */
  interpret(instructions: readonly InstructionBrief[]): MaybePromise<Interpretation>;
}

/** The evaluator's answer for one query at step t. */
export interface QueryEvaluation {
  readonly query: ExrapQuery;
  /** P(q | G_t). */
  readonly p: number;
  /** H(P(q | G_t)) in bits. */
  readonly entropy: number;
  /** R(q | G_{t-1}), the refined prior of eq. 7. */
  readonly prior: number;
  /** True when eq. 5's shortcut applied (the retrieved evidence had not changed: P = R, no re-evaluation). */
  readonly reused: boolean;
  /** The quadruples retrieved for the query from G_t (the exploration planner measures distances to them). */
  readonly retrieved: readonly Quadruple[];
}

/** Phi_Q (eq. 5-7). Called twice a step: `refine` on G_{t-1} (before the memory absorbs o_t), `evaluate` on G_t. */
export interface QueryEvaluator {
  readonly name: string;
  /** Starts an episode. */
  reset(interpretation: Interpretation): void;
  /** Eq. 6-7: the prior R(q | G_{t-1}) for step t, from the memory as it was before step t's observation. */
  refine(step: ExrapStep): MaybePromise<void>;
  /** Eq. 5: P(q | G_t) for every query, in the interpretation's order. */
  evaluate(step: ExrapStep): MaybePromise<readonly QueryEvaluation[]>;
}

/** v_R (eq. 9): the value of each candidate skill for the pending executions, in [0, 1]. */
export interface ExploitationPlanner {
  readonly name: string;
  reset?(interpretation: Interpretation): void;
  /** One value per candidate, in the candidates' order. `pending` are the queries with P > theta (eq. 8). */
  values(
    step: ExrapStep,
    evaluations: readonly QueryEvaluation[],
    pending: readonly QueryEvaluation[],
    candidates: readonly Skill[],
  ): MaybePromise<Float64Array>;
}

/** v_T (eq. 10-11): the information value of each candidate skill, in [0, 1]. */
export interface ExplorationPlanner {
  readonly name: string;
  values(
    step: ExrapStep,
    evaluations: readonly QueryEvaluation[],
    candidates: readonly Skill[],
  ): MaybePromise<Float64Array>;
}

// ---- configuration: roles by name ------------------------------------------------------------------------------

export type ExrapRoleKind = 'interpreter' | 'evaluator' | 'exploitation' | 'exploration';

export interface ExrapRoleTypes {
  interpreter: InstructionInterpreter;
  evaluator: QueryEvaluator;
  exploitation: ExploitationPlanner;
  exploration: ExplorationPlanner;
}

/** What a role factory receives: the role's options from the configuration (plain JSON). */
export type ExrapRoleOptions = Readonly<Record<string, unknown>>;

type Factory<K extends ExrapRoleKind> = (options: ExrapRoleOptions) => ExrapRoleTypes[K];

const factories: { [K in ExrapRoleKind]: Map<string, Factory<K>> } = {
  interpreter: new Map(),
  evaluator: new Map(),
  exploitation: new Map(),
  exploration: new Map(),
};

/** Makes a role implementation available to configurations under `name` (e.g. `llm` in the LLM layer). */
export function registerExrapRole<K extends ExrapRoleKind>(kind: K, name: string, factory: Factory<K>): void {
  (factories[kind] as Map<string, Factory<K>>).set(name, factory);
}

/** A role by name, built with its options. */
export function createExrapRole<K extends ExrapRoleKind>(
  kind: K,
  name: string,
  options: ExrapRoleOptions = {},
): ExrapRoleTypes[K] {
  const factory = (factories[kind] as Map<string, Factory<K>>).get(name);
  if (!factory) {
    const known = [...factories[kind].keys()].sort().join(', ');
    throw new RangeError(`no ExRAP ${kind} role named '${name}' (known: ${known})`);
  }
  return factory(options);
}

export function exrapRoleNames(kind: ExrapRoleKind): string[] {
  return [...factories[kind].keys()].sort();
}
