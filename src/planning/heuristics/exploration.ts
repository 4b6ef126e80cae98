/**
 * Generalised Dijkstra over the relaxed task (as in Fast Downward's relaxation heuristics): from the facts of a
 * state, a relaxed action fires once all its preconditions are reached, at its cost plus the sum (h^add) or the
 * maximum (h^max) of its preconditions' costs. Each fact remembers the action that reached it most cheaply, which
 * h^FF follows back to extract a relaxed plan. Exploration stops once every goal fact has been settled.
 *
 * The priority queue mirrors Fast Downward's adaptive queue, because which of several equally cheap achievers a
 * fact keeps (and so which relaxed plan and preferred operators come out) depends on it: buckets popped last-in
 * first-out while keys are small integers, a binary heap once keys grow past 100 and the number of pushes.
 */
import { hasFact } from '../task.js';
import { AdaptiveQueue } from './adaptive-queue.js';
import type { RelaxedTask } from './relaxed-task.js';

/** `reachedBy` value of facts true in the evaluated state. */
export const NO_ACTION = -1;

export class RelaxedExploration {
  readonly cost: Float64Array;
  readonly reachedBy: Int32Array;
  private readonly settled: Uint8Array;
  private readonly unsatisfied: Int32Array;
  private readonly accumulated: Float64Array;
  private readonly isGoal: Uint8Array;
  private readonly goalCount: number;
  private readonly queue: AdaptiveQueue;

  constructor(readonly relaxed: RelaxedTask) {
    this.cost = new Float64Array(relaxed.size);
    this.reachedBy = new Int32Array(relaxed.size);
    this.settled = new Uint8Array(relaxed.size);
    this.unsatisfied = new Int32Array(relaxed.numActions);
    this.accumulated = new Float64Array(relaxed.numActions);
    this.isGoal = new Uint8Array(relaxed.size);
    for (const g of relaxed.goal) this.isGoal[g] = 1;
    this.goalCount = this.isGoal.reduce((a, b) => a + b, 0);
    const integral = relaxed.baseCost.every((c) => Number.isInteger(c));
    this.queue = new AdaptiveQueue(integral, relaxed.eff.length + relaxed.size + 16);
  }

  /**
   * Explores from `state` combining precondition costs by sum (`useMax` false) or max, and returns the goal's cost
   * under the same combination, or Infinity when a goal fact is unreachable.
   */
  explore(state: Uint32Array, useMax: boolean): number {
    const r = this.relaxed;
    const cost = this.cost;
    const settled = this.settled;
    const unsatisfied = this.unsatisfied;
    const accumulated = this.accumulated;
    cost.fill(Number.POSITIVE_INFINITY);
    settled.fill(0);
    unsatisfied.set(r.preCount);
    accumulated.fill(0);
    const queue = this.queue;
    queue.clear();

    // As Fast Downward: rules without preconditions first, then the facts of the state.
    const noPre = r.noPre;
    for (let i = 0; i < noPre.length; i++) this.fire(noPre[i], 0);
    const nTask = r.numTaskFacts;
    for (let w = 0, words = state.length; w < words; w++) {
      let bits = state[w];
      while (bits !== 0) {
        const low = bits & -bits;
        const f = (w << 5) + 31 - Math.clz32(low);
        bits ^= low;
        if (f < nTask) this.enqueue(f, 0, NO_ACTION);
      }
    }
    const negatedFacts = r.negatedFacts;
    const complementIds = r.complementIds;
    for (let i = 0; i < negatedFacts.length; i++) {
      if (!hasFact(state, negatedFacts[i])) this.enqueue(complementIds[i], 0, NO_ACTION);
    }

    let goalsLeft = this.goalCount;
    const isGoal = this.isGoal;
    const usedStart = r.usedStart;
    const usedBy = r.usedBy;
    const baseCost = r.baseCost;
    const opOf = r.op;
    const effStart = r.effStart;
    const eff = r.eff;
    const reachedBy = this.reachedBy;
    while (queue.size > 0 && goalsLeft > 0) {
      const f = queue.pop();
      const c = queue.poppedKey;
      if (settled[f] || c > cost[f]) continue;
      settled[f] = 1;
      if (isGoal[f]) goalsLeft--;
      for (let j = usedStart[f], end = usedStart[f + 1]; j < end; j++) {
        const a = usedBy[j];
        if (useMax) {
          if (c > accumulated[a]) accumulated[a] = c;
        } else {
          accumulated[a] += c;
        }
        if (--unsatisfied[a] !== 0) continue;
        const value = baseCost[a] + accumulated[a];
        if (value === 0 && opOf[a] < 0) {
          this.fire(a, accumulated[a]);
          continue;
        }
        // The common case of fire(), inlined: strictly cheaper achievers replace the old ones.
        for (let k = effStart[a], stop = effStart[a + 1]; k < stop; k++) {
          const g = eff[k];
          if (value < cost[g]) {
            cost[g] = value;
            reachedBy[g] = a;
            queue.push(value, g);
          }
        }
      }
    }
    if (goalsLeft > 0) return Number.POSITIVE_INFINITY;
    let total = 0;
    const goal = r.goal;
    for (let i = 0; i < goal.length; i++) {
      const c = cost[goal[i]];
      if (useMax) {
        if (c > total) total = c;
      } else {
        total += c;
      }
    }
    return total;
  }

  private fire(a: number, preCost: number): void {
    const r = this.relaxed;
    const value = r.baseCost[a] + preCost;
    let by = a;
    // A free rule (axiom or disjunct) whose preconditions all hold in the state makes its effect hold there too,
    // so that operators needing it still count as preferred.
    if (value === 0 && r.op[a] < 0) {
      by = NO_ACTION;
      for (let j = r.preStart[a], end = r.preStart[a + 1]; j < end; j++) {
        if (this.reachedBy[r.pre[j]] !== NO_ACTION) {
          by = a;
          break;
        }
      }
    }
    for (let j = r.effStart[a], end = r.effStart[a + 1]; j < end; j++) this.enqueue(r.eff[j], value, by);
  }

  private enqueue(f: number, c: number, by: number): void {
    const old = this.cost[f];
    if (c < old || (c === old && by === NO_ACTION && this.reachedBy[f] !== NO_ACTION && !this.settled[f])) {
      this.cost[f] = c;
      this.reachedBy[f] = by;
      this.queue.push(c, f);
    }
  }
}
