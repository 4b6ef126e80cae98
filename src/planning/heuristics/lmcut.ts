/**
 * The landmark-cut heuristic (Helmert and Domshlak 2009), admissible and much closer to h* than h^max: repeatedly
 * compute h^max under the operators' remaining costs, take each relaxed action's most expensive precondition as its
 * supporter, and cut the justification graph between the state and the facts from which the goal is reached at no
 * further cost. Every relaxed plan uses an action of the cut (a disjunctive action landmark); its cheapest remaining
 * cost is added to h and taken off the cost of every operator in the cut. Stops when h^max reaches 0.
 *
 * Operators with conditional effects, and effects several operators share, have several relaxed actions (see
 * RelaxedTask); they all draw on their operator's one remaining cost, so that an operator pays for at most its
 * cost across all landmarks, which keeps the sum admissible. Free rules (axioms, disjunctions, shared effects) cost
 * nothing and are never cut. h^max is recomputed from scratch in each round.
 */
import type { GroundTask } from '../task.js';
import { hasFact } from '../task.js';
import { AdaptiveQueue } from './adaptive-queue.js';
import type { Heuristic } from './heuristic.js';
import { RelaxedTask } from './relaxed-task.js';

/** Supporter of actions without preconditions: the artificial initial fact. */
const INIT = -1;

export class LandmarkCutHeuristic implements Heuristic {
  readonly name = 'lmcut';
  private readonly r: RelaxedTask;
  /** The remaining cost of each operator in the current evaluation. */
  private readonly remaining: Float64Array;
  /** h^max of each relaxed fact, and of the artificial goal (the last entry). */
  private readonly hmax: Float64Array;
  private readonly unsatisfied: Int32Array;
  private readonly supporter: Int32Array;
  private readonly queue: AdaptiveQueue;
  /** CSR: the relaxed actions achieving each fact. */
  private readonly achieverStart: Int32Array;
  private readonly achievers: Int32Array;
  private readonly inGoalZone: Uint8Array;
  private readonly visited: Uint8Array;
  private readonly inCut: Uint8Array;
  private readonly opInCut: Uint8Array;
  private readonly stack: number[] = [];
  /** CSR built per round: the relaxed actions each fact supports. */
  private readonly supportedStart: Int32Array;
  private readonly supported: Int32Array;
  private readonly goalFact: number;

  constructor(task: GroundTask, relaxed: RelaxedTask = new RelaxedTask(task)) {
    const r = relaxed;
    this.r = r;
    this.goalFact = r.size;
    this.remaining = new Float64Array(task.operators.length);
    this.hmax = new Float64Array(r.size + 1);
    this.unsatisfied = new Int32Array(r.numActions);
    this.supporter = new Int32Array(r.numActions);
    const integral = r.baseCost.every((c) => Number.isInteger(c));
    this.queue = new AdaptiveQueue(integral, r.eff.length + r.size + 16);
    const counts = new Int32Array(r.size + 2);
    for (const f of r.eff) counts[f + 1]++;
    for (let f = 0; f <= r.size; f++) counts[f + 1] += counts[f];
    this.achieverStart = counts.slice();
    this.achievers = new Int32Array(r.eff.length);
    const fill = counts.slice();
    for (let a = 0; a < r.numActions; a++) {
      for (let j = r.effStart[a]; j < r.effStart[a + 1]; j++) this.achievers[fill[r.eff[j]]++] = a;
    }
    this.inGoalZone = new Uint8Array(r.size + 1);
    this.visited = new Uint8Array(r.size + 1);
    this.inCut = new Uint8Array(r.numActions);
    this.opInCut = new Uint8Array(task.operators.length);
    this.supportedStart = new Int32Array(r.size + 2);
    this.supported = new Int32Array(r.numActions);
  }

  evaluate(state: Uint32Array): number {
    this.remaining.set(this.r.opCost);
    let h = 0;
    for (let round = 0; ; round++) {
      const goalCost = this.computeHmax(state);
      if (goalCost === Number.POSITIVE_INFINITY) return round === 0 ? goalCost : h;
      if (goalCost <= 0) return h;
      h += this.cut();
    }
  }

  private cost(a: number): number {
    const o = this.r.op[a];
    return o < 0 ? this.r.baseCost[a] : this.remaining[o];
  }

  /** h^max from `state` under the remaining costs, every reachable fact settled; records each action's supporter. */
  private computeHmax(state: Uint32Array): number {
    const r = this.r;
    const hmax = this.hmax;
    const queue = this.queue;
    hmax.fill(Number.POSITIVE_INFINITY);
    this.unsatisfied.set(r.preCount);
    this.supporter.fill(INIT);
    queue.clear();
    for (let w = 0; w < state.length; w++) {
      let bits = state[w];
      while (bits !== 0) {
        const low = bits & -bits;
        const f = (w << 5) + 31 - Math.clz32(low);
        bits ^= low;
        if (f < r.numTaskFacts && hmax[f] > 0) {
          hmax[f] = 0;
          queue.push(0, f);
        }
      }
    }
    for (let i = 0; i < r.negatedFacts.length; i++) {
      const c = r.complementIds[i];
      if (!hasFact(state, r.negatedFacts[i]) && hmax[c] > 0) {
        hmax[c] = 0;
        queue.push(0, c);
      }
    }
    for (let i = 0; i < r.noPre.length; i++) this.fire(r.noPre[i], 0);
    while (queue.size > 0) {
      const f = queue.pop();
      const c = queue.poppedKey;
      if (c > hmax[f]) continue;
      for (let j = r.usedStart[f], end = r.usedStart[f + 1]; j < end; j++) {
        const a = r.usedBy[j];
        // Preconditions settle in order of cost: the last one is the most expensive, the action's supporter.
        if (--this.unsatisfied[a] === 0) {
          this.supporter[a] = f;
          this.fire(a, c);
        }
      }
    }
    let goalCost = 0;
    for (const g of r.goal) if (hmax[g] > goalCost) goalCost = hmax[g];
    hmax[this.goalFact] = goalCost;
    return goalCost;
  }

  private fire(a: number, preCost: number): void {
    const r = this.r;
    const value = preCost + this.cost(a);
    for (let k = r.effStart[a], stop = r.effStart[a + 1]; k < stop; k++) {
      const g = r.eff[k];
      if (value < this.hmax[g]) {
        this.hmax[g] = value;
        this.queue.push(value, g);
      }
    }
  }

  /** Finds a cut of the justification graph, charges it, and returns its cost. */
  private cut(): number {
    const r = this.r;
    const hmax = this.hmax;
    const supporter = this.supporter;
    const zone = this.inGoalZone;
    const visited = this.visited;
    zone.fill(0);
    visited.fill(0);
    // The goal zone: facts that reach the goal through actions of no remaining cost. The artificial goal action
    // (cost 0) is supported by the most expensive goal fact.
    let goalSupport = r.goal[0];
    for (const g of r.goal) if (hmax[g] > hmax[goalSupport]) goalSupport = g;
    const stack = this.stack;
    zone[this.goalFact] = 1;
    zone[goalSupport] = 1;
    stack.push(goalSupport);
    while (stack.length > 0) {
      const f = stack.pop()!;
      for (let j = this.achieverStart[f], end = this.achieverStart[f + 1]; j < end; j++) {
        const a = this.achievers[j];
        if (this.unsatisfied[a] !== 0 || this.cost(a) > 0) continue;
        const s = supporter[a];
        if (s !== INIT && !zone[s]) {
          zone[s] = 1;
          stack.push(s);
        }
      }
    }
    // Actions by supporter, for the forward search (reached actions only; INIT's are the actions without
    // preconditions, listed under index r.size).
    const start = this.supportedStart;
    start.fill(0);
    for (let a = 0; a < r.numActions; a++) {
      if (this.unsatisfied[a] !== 0) continue;
      const s = supporter[a];
      start[(s === INIT ? r.size : s) + 1]++;
    }
    for (let f = 0; f <= r.size; f++) start[f + 1] += start[f];
    const fill = start.slice(0, r.size + 1);
    for (let a = 0; a < r.numActions; a++) {
      if (this.unsatisfied[a] !== 0) continue;
      const s = supporter[a];
      this.supported[fill[s === INIT ? r.size : s]++] = a;
    }
    // Forward from the state (facts of h^max 0) and the artificial initial fact, never entering the goal zone: an
    // action reached this way with an effect in the zone is in the cut.
    for (let f = 0; f < r.size; f++) {
      if (hmax[f] === 0 && !zone[f]) {
        visited[f] = 1;
        stack.push(f);
      }
    }
    stack.push(r.size);
    const cut: number[] = [];
    while (stack.length > 0) {
      const f = stack.pop()!;
      for (let j = start[f], end = start[f + 1]; j < end; j++) {
        const a = this.supported[j];
        let crosses = false;
        for (let k = r.effStart[a], stop = r.effStart[a + 1]; k < stop; k++) {
          const e = r.eff[k];
          if (zone[e]) crosses = true;
          else if (!visited[e]) {
            visited[e] = 1;
            stack.push(e);
          }
        }
        if (crosses && !this.inCut[a]) {
          this.inCut[a] = 1;
          cut.push(a);
        }
      }
    }
    let m = Number.POSITIVE_INFINITY;
    for (const a of cut) {
      const c = this.cost(a);
      if (c < m) m = c;
    }
    for (const a of cut) {
      this.inCut[a] = 0;
      const o = r.op[a];
      if (o >= 0 && !this.opInCut[o]) {
        this.opInCut[o] = 1;
        this.remaining[o] -= m;
      }
    }
    for (const a of cut) {
      const o = r.op[a];
      if (o >= 0) this.opInCut[o] = 0;
    }
    if (cut.length === 0 || !(m > 0)) throw new Error('internal: LM-cut found no cut of positive cost');
    return m;
  }
}
