/**
 * What a DANLI agent counts as it works (planner calls, failures, the search's steps, the subgoals done and given up,
 * the recoveries), in a module of its own: the agent fills it, the decision record and the episode report read it.
 */
/** Counts of what the agent did (deterministic; reported with each episode). */
export interface DanliCounts {
  plannerCalls: number;
  planFailures: number;
  /** Planner calls over the budget (`planBudget`), counted among planFailures: DANLI's time-outs. */
  planTimeouts: number;
  searchSteps: number;
  dummyPlans: number;
  subgoalsDone: number;
  subgoalsGivenUp: number;
  /** Done subgoals taken up again after a later plan undid them (`reopenUndone`). */
  subgoalsReopened: number;
  replan: number;
  exclude: number;
  clear: number;
  moveCloser: number;
}
