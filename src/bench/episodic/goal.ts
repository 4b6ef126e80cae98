/**
 * A bound task's goal conditions and their truth in a world: per scored subgoal, "at least k of its candidates
 * satisfy it" for k = 1..need; then, per ordered action goal, whether the steps met it in order.
 */
import { satisfyingPatients, type WorldView } from '../../sim/subgoals.js';
import { actionGoalsMet, type StepOutcome } from './metrics.js';
import { type BoundTask, subgoalLabel } from './task.js';

export interface GoalConditionResult {
  readonly label: string;
  readonly met: boolean;
}

export function goalConditionResults(
  task: BoundTask,
  world: WorldView,
  steps: readonly StepOutcome[],
): GoalConditionResult[] {
  const out: GoalConditionResult[] = [];
  for (const bound of task.subgoals) {
    if (bound.spec.means) continue;
    const count = satisfyingPatients(world, bound).length;
    const label = subgoalLabel(bound);
    for (let k = 1; k <= bound.need; k++)
      out.push({ label: bound.need > 1 ? `${label} #${k}` : label, met: count >= k });
  }
  const met = actionGoalsMet(task.actionGoals, steps);
  task.actionGoals.forEach((goal, i) => {
    const text = goal.anyOf.map((alt) => `${alt.action}${alt.classes ? ` ${alt.classes.join('|')}` : ''}`).join(' or ');
    out.push({ label: `action ${i + 1}: ${text}`, met: i < met });
  });
  return out;
}

/** Whether every goal condition holds. */
export function taskDone(task: BoundTask, world: WorldView, steps: readonly StepOutcome[]): boolean {
  return goalConditionResults(task, world, steps).every((c) => c.met);
}
