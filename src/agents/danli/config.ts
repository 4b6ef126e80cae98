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
}

export const DANLI_DEFAULT: DanliConfig = { lastSubgoalOnly: false, prune: true, replan: true };

/** Failed actions after which a subgoal is given up. */
export const MAX_SUBGOAL_FAILURES = 5;
/** Steps after which a subgoal is given up (appendix A.4). */
export const MAX_SUBGOAL_STEPS = 200;
/** Search samples its destination among this many farthest known objects (appendix A.4). */
export const FARTHEST_OBJECTS = 5;
/**
 * States the planner may store per call. A count, not a time, so that runs are reproducible; DANLI's 120 s timeout
 * plays this role (an unpruned problem that exhausts it is a plan failure, as in Table 6).
 */
export const PLANNER_MAX_STATES = 60_000;
/** Ids of dummy instances (far above any home's ids). */
export const DUMMY_ID_BASE = 1_000_000_000;
