/**
 * The FF heuristic as Fast Downward computes it: run h^add, follow each goal fact's cheapest achiever back to the
 * state, and sum the costs of the distinct operators on that relaxed plan. Operators of the relaxed plan whose
 * (relaxed) preconditions all hold in the state are the preferred operators.
 */
import type { GroundTask } from '../task.js';
import { NO_ACTION, RelaxedExploration } from './exploration.js';
import type { Heuristic } from './heuristic.js';
import { RelaxedTask } from './relaxed-task.js';

export class FFHeuristic implements Heuristic {
  readonly name = 'ff';
  private readonly relaxed: RelaxedTask;
  private readonly exploration: RelaxedExploration;
  private readonly factMark: Int32Array;
  private readonly opMark: Int32Array;
  private readonly preferredMark: Int32Array;
  private epoch = 0;
  private readonly stack: number[] = [];

  constructor(task: GroundTask, relaxed: RelaxedTask = new RelaxedTask(task)) {
    this.relaxed = relaxed;
    this.exploration = new RelaxedExploration(relaxed);
    this.factMark = new Int32Array(relaxed.size);
    this.opMark = new Int32Array(task.operators.length);
    this.preferredMark = new Int32Array(task.operators.length);
  }

  evaluate(state: Uint32Array, preferred?: number[]): number {
    const hadd = this.exploration.explore(state, false);
    if (hadd === Number.POSITIVE_INFINITY) return hadd;
    const r = this.relaxed;
    const reachedBy = this.exploration.reachedBy;
    const epoch = ++this.epoch;
    const factMark = this.factMark;
    const opMark = this.opMark;
    const stack = this.stack;
    let h = 0;
    for (let i = 0; i < r.goal.length; i++) stack.push(r.goal[i]);
    while (stack.length > 0) {
      const f = stack.pop()!;
      if (factMark[f] === epoch) continue;
      factMark[f] = epoch;
      const a = reachedBy[f];
      if (a === NO_ACTION) continue;
      let allInState = true;
      for (let j = r.preStart[a], end = r.preStart[a + 1]; j < end; j++) {
        const p = r.pre[j];
        if (reachedBy[p] !== NO_ACTION) allInState = false;
        if (factMark[p] !== epoch) stack.push(p);
      }
      const o = r.op[a];
      if (o < 0) continue;
      if (opMark[o] !== epoch) {
        opMark[o] = epoch;
        h += r.opCost[o];
      }
      if (preferred && allInState && this.preferredMark[o] !== epoch) {
        this.preferredMark[o] = epoch;
        preferred.push(o);
      }
    }
    return h;
  }
}
