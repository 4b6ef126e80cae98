/**
 * How HELPER reads its input I, a dialogue or a one-text request (a one-turn dialogue: text without turn marks is one
 * Commander turn), offline: through the one offline reader (`readGoal`), for the goal, where things are, and a named
 * routine, which only HELPER's memory of routines resolves. A request that asks for a routine alone is read when the
 * memory the planner retrieves from holds it; anything else the reader cannot read is not read, and the offline
 * planner writes no program for it (the robot then asks the user, as after any program: `agent.ts`).
 */

import type { DialogueReading } from '../../language/dialogue.js';
import { type GoalReading, readGoal } from '../../language/index.js';
import type { TaskUnderstanding } from '../agent.js';
import { understandingOf } from '../task-reading.js';

/** What the planner adapts from: the goal (empty when not read), the hints, the routine asked for. */
export type RequestReading = Pick<DialogueReading, 'goal' | 'hints' | 'routine'> & {
  /** Sentences read as no request, for the record. */
  readonly unread: readonly string[];
};

/** The offline reader's reading of I in the planner's terms. */
export function requestReading(reading: GoalReading): RequestReading {
  if (reading.ok) {
    const { goal, hints, routine, unread } = reading;
    return { goal, hints, unread: unread.map((u) => u.text), ...(routine && { routine }) };
  }
  return {
    goal: { subgoals: [], actionGoals: [] },
    hints: reading.hints ?? [],
    unread: [reading.reason],
    ...(reading.routine && { routine: reading.routine }),
  };
}

/** Reads I (see the module comment). */
export function readRequest(text: string): RequestReading {
  return requestReading(readGoal(text));
}

/**
 * How HELPER understood I: the reader's reading, or, for a routine alone, read when `knowsRoutine` (the planner's
 * memory holds it) and not read otherwise.
 */
export function helperUnderstanding(
  reading: GoalReading,
  knowsRoutine: (name: string) => boolean,
  reader: string,
): TaskUnderstanding {
  if (reading.ok || !reading.routine) return understandingOf(reading, reader);
  const { name, changes } = reading.routine;
  if (!knowsRoutine(name)) return { read: false, reason: `'${name}' is a routine the memory does not hold`, reader };
  return { read: true, reader, goal: { routine: name, ...(changes.length > 0 && { changes }) } };
}
