/** h^max (admissible) and h^add (informative, inadmissible) over the delete relaxation. */
import type { GroundTask } from '../task.js';
import { RelaxedExploration } from './exploration.js';
import type { Heuristic } from './heuristic.js';
import { RelaxedTask } from './relaxed-task.js';

export class MaxHeuristic implements Heuristic {
  readonly name = 'hmax';
  private readonly exploration: RelaxedExploration;

  constructor(task: GroundTask, relaxed: RelaxedTask = new RelaxedTask(task)) {
    this.exploration = new RelaxedExploration(relaxed);
  }

  evaluate(state: Uint32Array): number {
    return this.exploration.explore(state, true);
  }
}

export class AdditiveHeuristic implements Heuristic {
  readonly name = 'hadd';
  private readonly exploration: RelaxedExploration;

  constructor(task: GroundTask, relaxed: RelaxedTask = new RelaxedTask(task)) {
    this.exploration = new RelaxedExploration(relaxed);
  }

  evaluate(state: Uint32Array): number {
    return this.exploration.explore(state, false);
  }
}
