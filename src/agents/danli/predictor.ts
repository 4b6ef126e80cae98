/**
 * Subgoal prediction: DANLI's first stage turns the dialog and action history into the sequence of subgoals in
 * symbolic form (Patient, Predicate, Destination). hearth's offline default reads them from the task's structured
 * goal (privilege `meanings`) instead of a language model: it is exact, so an agent built on it measures the
 * planning and recovery parts alone (DANLI's Table 4 reports its learned predictor separately). The LLM predictor
 * (`llm-predictor.ts`, agent `danli-llm`) implements the same interface.
 */
import type { ActionGoal } from '../../sim/action-goals.js';
import type { SubgoalSpec } from '../../sim/subgoals.js';
import type { StepFeedback, TaskBrief } from '../agent.js';

export interface SubgoalPredictor {
  readonly name: string;
  /** The subgoals to complete, in order, from the task and the first observation (an LLM predictor is async). */
  predict(task: TaskBrief, first: StepFeedback): readonly SubgoalSpec[] | Promise<readonly SubgoalSpec[]>;
  /** The ordered action goals to take after the subgoals; a predictor without it pursues none. */
  actionGoals?(task: TaskBrief): readonly ActionGoal[];
}

/** The offline default: the task's structured goal, as given. */
export const structuredGoalPredictor: SubgoalPredictor = {
  name: 'structured-goal',
  predict(task) {
    if (!task.goal)
      throw new Error("DANLI's offline subgoal predictor needs the task's structured goal (privilege meanings)");
    return task.goal.subgoals;
  },
  actionGoals(task) {
    return task.goal?.actionGoals ?? [];
  },
};
