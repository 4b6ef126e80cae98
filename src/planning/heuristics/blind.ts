/** The blind heuristic: 0 in goal states, the cheapest operator cost elsewhere (as in Fast Downward). */
import { type GroundTask, holds } from '../task.js';
import type { Heuristic } from './heuristic.js';

export class BlindHeuristic implements Heuristic {
  readonly name = 'blind';
  private readonly minCost: number;

  constructor(private readonly task: GroundTask) {
    this.minCost = task.operators.reduce((m, o) => Math.min(m, o.cost), Number.POSITIVE_INFINITY);
    if (!Number.isFinite(this.minCost)) this.minCost = 0;
  }

  evaluate(state: Uint32Array): number {
    return holds(this.task.goal, state) ? 0 : this.minCost;
  }
}
