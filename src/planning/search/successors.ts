/**
 * Finding the operators applicable in a state. Each operator is filed under one of its positive preconditions
 * (the one the fewest other operators need), so a state only looks at operators filed under facts it has, plus
 * those with no positive precondition.
 */
import { type GroundTask, holds } from '../task.js';

export class SuccessorGenerator {
  private readonly start: Int32Array;
  private readonly filed: Int32Array;
  private readonly always: Int32Array;
  private readonly scratch: Int32Array;

  constructor(private readonly task: GroundTask) {
    const uses = new Int32Array(task.numFacts);
    for (const op of task.operators) for (const f of op.pre.pos) uses[f]++;
    const trigger = new Int32Array(task.operators.length).fill(-1);
    const counts = new Int32Array(task.numFacts + 1);
    const always: number[] = [];
    task.operators.forEach((op, i) => {
      let best = -1;
      for (const f of op.pre.pos) if (best < 0 || uses[f] < uses[best]) best = f;
      trigger[i] = best;
      if (best < 0) always.push(i);
      else counts[best + 1]++;
    });
    for (let f = 0; f < task.numFacts; f++) counts[f + 1] += counts[f];
    this.start = counts.slice();
    const fill = counts.slice();
    this.filed = new Int32Array(task.operators.length - always.length);
    trigger.forEach((f, i) => {
      if (f >= 0) this.filed[fill[f]++] = i;
    });
    this.always = new Int32Array(always);
    this.scratch = new Int32Array(task.operators.length);
  }

  /** Ids of the operators applicable in `state`, ascending. The returned view is reused by the next call. */
  applicable(state: Uint32Array): Int32Array {
    const ops = this.task.operators;
    const out = this.scratch;
    let n = 0;
    const always = this.always;
    for (let i = 0; i < always.length; i++) if (holds(ops[always[i]].pre, state)) out[n++] = always[i];
    const start = this.start;
    const filed = this.filed;
    const words = this.task.words;
    const limit = this.task.numFacts;
    for (let w = 0; w < words; w++) {
      let bits = state[w];
      while (bits !== 0) {
        const low = bits & -bits;
        const f = (w << 5) + 31 - Math.clz32(low);
        bits ^= low;
        if (f >= limit) break;
        for (let j = start[f], end = start[f + 1]; j < end; j++) {
          const o = filed[j];
          if (holds(ops[o].pre, state)) out[n++] = o;
        }
      }
    }
    const result = out.subarray(0, n);
    result.sort();
    return result;
  }
}
