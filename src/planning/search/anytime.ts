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
import { neighbourhoodSearch } from './neighbourhood.js';
import { planCost } from './search-space.js';
import { SuccessorGenerator } from './successors.js';

export const ANYTIME_WEIGHTS = [5, 3, 2, 1] as const;
/** The plan neighbourhood's first size in states, doubled up to the last while no cheaper plan is found in it. */
const NEIGHBOURHOOD_START = 1000;
const NEIGHBOURHOOD_MAX = 256_000;

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
  const accept = (found: readonly number[]): void => {
    const shorter = eliminateRedundantActions(task, found);
    const c = planCost(task, shorter);
    if (c < cost) {
      plan = shorter;
      cost = c;
      improvements++;
    }
  };
  // First the plan's neighbourhood, doubled while it yields nothing cheaper, then searches from scratch.
  const successors = new SuccessorGenerator(task);
  for (let limit = NEIGHBOURHOOD_START; limit <= NEIGHBOURHOOD_MAX && cost > 0; ) {
    const found = neighbourhoodSearch(task, plan, limit, options.deadline, successors);
    if (found === undefined) return { plan, cost, improvements, expanded };
    expanded += found.states;
    if (found.cost < cost) accept(found.plan);
    else if (found.states < limit)
      return { plan, cost, improvements, expanded }; // the whole space: optimal
    else limit *= 2;
  }
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
    accept(result.plan);
    // Weight 1 is repeated with the lower bound until it finds nothing cheaper (the bound exhausts the space).
    if (weight !== 1) i++;
  }
  return { plan, cost, improvements, expanded };
}
