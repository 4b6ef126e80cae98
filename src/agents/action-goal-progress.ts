/**
 * Pursuing a task's ordered action goals (`sim/action-goals.ts`) once its subgoals are done, shared by the episodic
 * Oracle and DANLI: record each step taken as action goals see it, count the goals met as the metrics do
 * (`actionGoalsMet`), and give the planning goal for the next one: a state its action brings about
 * (`actionGoalCondition`: held for grab, ON for switchon, ...), so that a plan for it ends with that action, while
 * keeping the achieved subgoals achieved.
 */
import { type ActionGoal, type ActionStep, actionGoalCondition, actionGoalsMet } from '../sim/action-goals.js';
import { and, type Condition } from '../sim/conditions.js';
import type { EnvGraph } from '../sim/graph.js';
import type { Skill } from '../sim/skill.js';
import { type BoundSubgoal, keepAchieved, type WorldView } from '../sim/subgoals.js';

export class ActionGoalProgress {
  /** The steps taken, as action goals see them. */
  private readonly steps: ActionStep[] = [];

  constructor(readonly goals: readonly ActionGoal[]) {}

  /** Records a step: the skill taken, whether it succeeded; its target's class is read from `graph`. */
  record(skill: Skill, success: boolean, graph: EnvGraph): void {
    const target = skill.objects[skill.objects.length - 1];
    this.steps.push({
      action: skill.action,
      ...(target !== undefined && graph.has(target) && { targetClass: graph.get(target).className }),
      success,
    });
  }

  /** How many of the ordered action goals the recorded steps meet. */
  met(): number {
    return actionGoalsMet(this.goals, this.steps);
  }

  /** The next unmet action goal, or undefined when all are met. */
  next(): ActionGoal | undefined {
    return this.goals[this.met()];
  }

  /**
   * The next unmet action goal's planning goal over `world`, keeping the `subgoals` (means excepted) achieved;
   * undefined when all are met or `world` offers no candidate target.
   */
  planningGoal(world: WorldView, subgoals: readonly BoundSubgoal[]): Condition | undefined {
    const goal = this.next();
    if (!goal) return undefined;
    const next = actionGoalCondition(world.graph, goal);
    if (!next) return undefined;
    const keep = keepAchieved(
      world,
      subgoals.filter((b) => !b.spec.means),
    );
    return keep.length === 0 ? next : and(...keep, next);
  }
}
