/**
 * Subgoal prediction: DANLI's first stage turns the dialog and action history into the sequence of subgoals in
 * symbolic form (Patient, Predicate, Destination). Three predictors implement it:
 *
 * - `TextGoalPredictor` (the default, agent `danli` and its ablations): the task's text read by hearth's offline
 *   reader (`readGoal`, `src/language`), a command, a request or a whole dialogue, into subgoals and action
 *   goals: the offline stand-in for DANLI's learned predictor (its Table 4 reports that predictor's accuracy apart).
 *   A text the reader cannot read gives no subgoal: the agent reports it as not read (`Agent.reading`) and idles;
 * - `structuredGoalPredictor` (agent `danli-meanings`, privilege `meanings`): the task's structured goal as given,
 *   exact, so that the agent measures the planning and recovery parts alone: a reference, not a method;
 * - the LLM predictor (`llm-predictor.ts`, agent `danli-llm`).
 */

import { type GoalReading, readGoal } from '../../language/index.js';
import type { ActionGoal } from '../../sim/action-goals.js';
import type { SubgoalSpec } from '../../sim/subgoals.js';
import type { StepFeedback, TaskBrief, TaskUnderstanding } from '../agent.js';
import { taskText, understandingOf } from '../task-reading.js';

export interface SubgoalPredictor {
  readonly name: string;
  /** The subgoals to complete, in order, from the task and the first observation (an LLM predictor is async). */
  predict(task: TaskBrief, first: StepFeedback): readonly SubgoalSpec[] | Promise<readonly SubgoalSpec[]>;
  /** The ordered action goals to take after the subgoals; a predictor without it pursues none. */
  actionGoals?(task: TaskBrief): readonly ActionGoal[];
  /** How it understood the last task's text (predictors that read it); see `Agent.reading`. */
  understanding?(): TaskUnderstanding | undefined;
}

/** The reference: the task's structured goal, as given (privilege `meanings`). */
export const structuredGoalPredictor: SubgoalPredictor = {
  name: 'structured-goal',
  predict(task) {
    if (!task.goal)
      throw new Error("DANLI's structured-goal predictor needs the task's structured goal (privilege meanings)");
    return task.goal.subgoals;
  },
  actionGoals(task) {
    return task.goal?.actionGoals ?? [];
  },
};

/** The offline default: the task's text read by the offline reader (one per agent: it keeps its last reading). */
export class TextGoalPredictor implements SubgoalPredictor {
  readonly name = 'offline-reader';
  private reading: GoalReading | undefined;

  predict(task: TaskBrief): readonly SubgoalSpec[] {
    this.reading = readGoal(taskText(task));
    return this.reading.ok ? this.reading.goal.subgoals : [];
  }

  actionGoals(): readonly ActionGoal[] {
    return this.reading?.ok ? this.reading.goal.actionGoals : [];
  }

  understanding(): TaskUnderstanding | undefined {
    return this.reading && understandingOf(this.reading);
  }
}
