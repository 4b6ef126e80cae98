/**
 * The anytime phase: once a first plan is found, look for cheaper ones while time is left, as LAMA does after its
 * greedy first iteration: weighted A* with the FF heuristic, restarted with weights 5, 3, 2 and 1, each run cut at
 * the cost of the best plan so far (only cheaper plans are sought), each plan found shortened by action elimination.
 * The last weight is repeated until a run finds nothing cheaper, the state space under the bound is exhausted, or
 * the deadline passes. Never returns a costlier plan than it was given.
 */
import { FFHeuristic } from '../heuristics/ff.js';
import type { GroundTask } from '../task.js';
import { eliminateRedundantActions } from './action-elimination.js';
import { eagerSearch } from './eager.js';
import { planCost } from './search-space.js';

export const ANYTIME_WEIGHTS = [5, 3, 2, 1] as const;

export interface AnytimeResult {
  plan: number[];
  cost: number;
  /** Plans found that were cheaper than the one before. */
  improvements: number;
  /** States expanded by the phase's searches. */
  expanded: number;
}

export function improvePlan(
  task: GroundTask,
  first: readonly number[],
  options: { deadline: number; maxStates?: number },
): AnytimeResult {
  let plan = [...first];
  let cost = planCost(task, plan);
  let improvements = 0;
  let expanded = 0;
  const heuristic = new FFHeuristic(task);
  for (let i = 0; i < ANYTIME_WEIGHTS.length; ) {
    const left = options.deadline - performance.now();
    // A plan of cost 0 cannot be improved.
    if (left <= 0 || cost <= 0) break;
    const weight = ANYTIME_WEIGHTS[i];
    const result = eagerSearch(task, heuristic, {
      kind: weight === 1 ? 'astar' : 'wastar',
      weight,
      bound: cost,
      timeLimitMs: left,
      maxStates: options.maxStates,
    });
    expanded += result.expanded;
    if (result.status !== 'solved') break;
    const shorter = eliminateRedundantActions(task, result.plan);
    const found = planCost(task, shorter);
    if (found < cost) {
      plan = shorter;
      cost = found;
      improvements++;
    }
    // Weight 1 is repeated with the lower bound until it finds nothing cheaper (the bound exhausts the space).
    if (weight !== 1) i++;
  }
  return { plan, cost, improvements, expanded };
}
