/**
 * The one offline reader of an episode's text: a single command, a multi-sentence request or a TEACh-style dialogue
 * (`<Commander>` / `<Driver>` turns) read into the goal the episodic protocol scores, or a failed reading with its
 * reason. Every offline method that needs a goal reads through it (issue 36); the continual protocol's standing
 * instructions stay with ExRAP's interpreter (`grammar.ts`). docs/reader.md describes what it reads and refuses.
 */
import { type DialogueReading, type LocationHint, readDialogue } from './dialogue.js';
import type { TaskReading } from './tasks.js';

export type GoalReading =
  | {
      readonly ok: true;
      /** What the text asks for, in the episodic tasks' shape (subgoals over catalog classes, action goals). */
      readonly goal: TaskReading;
      /** Where the text says things are. */
      readonly hints: readonly LocationHint[];
      /** Corrections applied ("sorry, I meant the sofa"), as "from -> to". */
      readonly corrections: readonly string[];
      /** Sentences read as no request (context, small talk the rules do not know), with why. */
      readonly unread: readonly { readonly text: string; readonly reason: string }[];
      /**
       * What the reading assumed, one line each: quantities the text leaves open ("'some fruit': how many is not
       * said; read as every one of them"), the classes a category noun covers, what a pronoun was read as.
       */
      readonly notes: readonly string[];
      /** A named routine asked for ("the Gabe sandwich"), which only a memory of routines can resolve. */
      readonly routine?: DialogueReading['routine'];
    }
  | {
      readonly ok: false;
      readonly reason: string;
      /** A named routine the text asks for and nothing else: a memory of routines (HELPER's) may still resolve it. */
      readonly routine?: DialogueReading['routine'];
      readonly hints?: readonly LocationHint[];
    };

/** Reads an episode's text into its goal, or says why it cannot (one line). */
export function readGoal(text: string): GoalReading {
  const reading = readDialogue(text);
  const { goal, hints, corrections, unread, notes, routine, failure } = reading;
  if (failure) return { ok: false, reason: failure };
  if (goal.subgoals.length === 0 && goal.actionGoals.length === 0) {
    if (routine)
      return { ok: false, reason: `'${routine.name}' is a routine the reader does not know`, routine, hints };
    const reasons = unread.map((u) => `"${u.text}": ${u.reason}`);
    return { ok: false, reason: reasons.length > 0 ? reasons.join('; ') : 'the text asks for nothing' };
  }
  return { ok: true, goal, hints, corrections, unread, notes, ...(routine && { routine }) };
}
