/**
 * What every agent that reads an episode's text shares: the text as one string (the task's instructions joined; a
 * dialogue stays one text with its turn marks) and the `TaskUnderstanding` an agent reports (`Agent.reading`) from
 * the offline reader's `GoalReading`: read, with the goal as subgoal lines (`src/sim/subgoal-text.ts`), or not read,
 * with the reader's reason.
 */

import type { GoalReading } from '../language/index.js';
import { formatGoal } from '../sim/subgoal-text.js';
import type { TaskBrief, TaskUnderstanding } from './agent.js';

/** The name the offline reader goes by in `TaskUnderstanding.reader`. */
export const OFFLINE_READER = 'offline reader';

/** The task's text: its instructions, joined (one text, one-turn or a dialogue). */
export function taskText(task: TaskBrief): string {
  return task.instructions.map((i) => i.text).join(' ');
}

/** How a reading of the offline reader is reported: the goal as read, or why there is none. */
export function understandingOf(reading: GoalReading, reader = OFFLINE_READER): TaskUnderstanding {
  if (!reading.ok) return { read: false, reason: reading.reason, reader };
  const { goal, hints, corrections, unread, routine } = reading;
  return {
    read: true,
    reader,
    goal: {
      subgoals: goal.subgoals.map(formatGoal),
      ...(goal.actionGoals.length > 0 && { actionGoals: goal.actionGoals }),
      ...(hints.length > 0 && { hints: hints.map((h) => `${h.className} ${h.relation} ${h.host}`) }),
      ...(corrections.length > 0 && { corrections }),
      ...(unread.length > 0 && { unread: unread.map((u) => u.text) }),
      ...(routine && { routine: routine.name }),
    },
  };
}
