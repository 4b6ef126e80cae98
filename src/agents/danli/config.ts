/**
 * DANLI's settings and its ablations (paper 004, Table 5) as configurations: each registered agent id is one
 * `DanliConfig`. The limits are the paper's (appendix A.4: a subgoal gets at most 200 action steps; the recovery
 * loop gives a subgoal up after repeated failures, 5 here).
 */
export interface DanliConfig {
  /** Work on the last predicted subgoal only (Table 5 "last subgoal only"). */
  readonly lastSubgoalOnly: boolean;
  /** Scene pruning before planning (Table 5/6 "w/o scene pruning" sets it false). */
  readonly prune: boolean;
  /** Recover from failed actions by replanning (Table 5 "w/o replanning" sets it false: a failure ends the subgoal). */
  readonly replan: boolean;
  /** Ground operators a planner call may have before it counts as timed out (PLANNER_MAX_OPERATORS). */
  readonly planBudget: number;
}

/** Failed actions after which a subgoal is given up. */
export const MAX_SUBGOAL_FAILURES = 5;
/**
 * Times a done subgoal is taken up again when, with every subgoal done or given up, it no longer holds (a later
 * plan undid it and the monitor cut that plan short; hearth's gap fill, docs/danli.md).
 */
export const MAX_SUBGOAL_REOPENS = 2;
/** Steps after which a subgoal is given up (appendix A.4). */
export const MAX_SUBGOAL_STEPS = 200;
/** Search samples its destination among this many farthest known objects (appendix A.4). */
export const FARTHEST_OBJECTS = 5;
/**
 * States the planner may store per call. A count, not a time, so that runs are reproducible; DANLI's 120 s timeout
 * plays this role (an unpruned problem that exhausts it is a plan failure, as in Table 6).
 */
export const PLANNER_MAX_STATES = 60_000;
/**
 * The planning budget per call, in ground operators: hearth's deterministic stand-in for DANLI's 120 s time-out on
 * domain translation and search (Table 6). Grounding dominates hearth's planner time and grows with the operators
 * (docs/danli.md has the figures), so operators measure a call's work without a clock. The budget keeps DANLI's ratio
 * of time-out to mean pruned call (120 s / 4.37 s = 27.5) over hearth's mean pruned call (67.1 operators over every
 * family on cottage, flat and gen:7,
 * noise-free): 27.5 x 67.1 = 1,845. A call over it counts as timed out (no plan), whatever the
 * planner found, as a call past the time-out does in DANLI.
 */
export const PLANNER_MAX_OPERATORS = 1_845;

export const DANLI_DEFAULT: DanliConfig = {
  lastSubgoalOnly: false,
  prune: true,
  replan: true,
  planBudget: PLANNER_MAX_OPERATORS,
};
/** Ids of dummy instances (far above any home's ids). */
export const DUMMY_ID_BASE = 1_000_000_000;
