/**
 * The anytime phase: once a first plan is found, look for cheaper ones while time is left. Two methods take turns
 * on a doubling budget of states: plan neighbourhood graph search around the best plan (neighbourhood.ts), and, as
 * LAMA does after its greedy first iteration, weighted A* with the FF heuristic restarted with weights 5, 3, 2 and 1,
 * each run cut at the cost of the best plan so far (only cheaper plans are sought). Every plan found is shortened by
 * action elimination. Ends at the deadline, or when a neighbourhood holding every reachable state or a weighted A*
 * run exhausting the space under the bound proves the plan optimal. Never returns a costlier plan than it was given.
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
  // The two methods take turns on the same, doubling budget of states: the plan's neighbourhood of `limit` states,
  // then the current weighted A* run with at most `limit` stored states (run again with a larger budget when it
  // hits the limit). Either may be the one that pays: the neighbourhood where the plan took a detour (depot), the
  // search from scratch where the cheaper plan looks nothing like the first (mystery).
  const successors = new SuccessorGenerator(task);
  const heuristic = new FFHeuristic(task);
  const done = () => ({ plan, cost, improvements, expanded });
  let w = 0;
  for (let limit = NEIGHBOURHOOD_START; cost > 0; limit *= 2) {
    if (limit <= NEIGHBOURHOOD_MAX) {
      const before = cost;
      const found = neighbourhoodSearch(task, plan, limit, options.deadline, successors);
      if (found === undefined) return done();
      expanded += found.states;
      if (found.cost < cost) accept(found.plan);
      // A neighbourhood holding every reachable state proves its plan optimal.
      else if (found.states < limit) return done();
      if (cost < before) limit /= 2; // around the new plan at the same size
    }
    const left = options.deadline - performance.now();
    if (left <= 0) return done();
    if (w < ANYTIME_WEIGHTS.length && cost > 0) {
      const weight = ANYTIME_WEIGHTS[w];
      const result = eagerSearch(task, heuristic, {
        kind: weight === 1 ? 'astar' : 'wastar',
        weight,
        bound: cost,
        timeLimitMs: left,
        maxStates: Math.min(limit, options.maxStates ?? Number.POSITIVE_INFINITY),
      });
      expanded += result.expanded;
      if (result.status === 'solved') {
        accept(result.plan);
        // Weight 1 is repeated with the lower bound until it finds nothing cheaper.
        if (weight !== 1) w++;
      } else if (result.status === 'unsolvable') {
        // Nothing cheaper than the bound is reachable at all: the plan is optimal.
        return done();
      } else if (result.status === 'time-limit' || limit >= (options.maxStates ?? Number.POSITIVE_INFINITY)) {
        return done();
      }
      // 'state-limit': the same weight again with twice the states.
    } else if (limit > NEIGHBOURHOOD_MAX) {
      return done();
    }
    if (performance.now() >= options.deadline) return done();
  }
  return done();
}
