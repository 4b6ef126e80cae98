/**
 * How SemGro takes a task's text (issue 36; docs/semgro.md, "Reading the task"). The text goes through the shared
 * offline reader (`readGoal`) once, at the start:
 *
 * - read as several things (several subgoals, or a count other than one): a goal chain (`goal-chain.ts`), one
 *   subgoal at a time, each as a skill-like query;
 * - read as one thing: the paper's path, the instruction text itself retrieved against, followed by the subgoal's
 *   query ("Make toast. heat breadslice in toaster": the instruction names the deed, the query the skill), except a
 *   subgoal about many classes of no one category ("Warm up the food.": `listsMany`), whose text goes alone, and a
 *   dialogue (`<Commander> ... <Driver> ...`), which is no instruction: there the subgoal's query stands in for it;
 * - not read: the paper's path on the text as it is, and the episode records the task as not read, with the reader's
 *   reason (`TaskUnderstanding`), never an error.
 *
 * The text and its `TaskUnderstanding` are the other offline readers' (`../task-reading.ts`).
 */

import { dialogueTurns } from '../../language/dialogue.js';
import { readGoal } from '../../language/index.js';
import { categoryWord } from '../../language/lexicon.js';
import type { SubgoalSpec } from '../../sim/subgoals.js';
import type { TaskBrief, TaskUnderstanding } from '../agent.js';
import { taskText, understandingOf } from '../task-reading.js';
import { asksForSeveral, GoalChain } from './goal-chain.js';
import { subgoalQuery } from './goal-query.js';

/** Whether the text is a dialogue (turns marked `<Commander>` / `<Driver>`), not one instruction. */
export function isDialogue(text: string): boolean {
  const turns = dialogueTurns(text);
  return turns.length !== 1 || turns[0].text !== text.trim();
}

export interface TaskTake {
  readonly understanding: TaskUnderstanding;
  /** The user's instruction of Algorithm 1 (a goal chain replaces it with its current subgoal's query). */
  readonly instruction: string;
  readonly chain?: GoalChain;
  /**
   * The classes the goal is about (`ANY_THING` for any): read as one thing, its subgoal's patients; read as several,
   * the patients and destinations of the subgoals that are ends (not `means`). A thing of another class the agent puts
   * somewhere is a means (a glass put in the sink to fill it, then carried to the plant), not put away for good.
   */
  readonly patients?: readonly string[];
}

/** More classes than this, of no one category, make a query that names them all. */
const LISTED = 3;

/**
 * Whether the subgoal is about many classes of no one category ("Warm up the food.": any of 23 eatable foods). Its
 * query lists them all ("heat apple or bananas or ... or crackers"), which draws the text retriever to any skill about
 * any of them ("put food on kitchencounter"): beside such a text the query is left out (gen:81001 and gen:81002,
 * heat-food, 2 seeds: "Warm up the food." 40 of 60 with it, 58 of 60 on the text alone before the reader).
 */
function listsMany(subgoal: SubgoalSpec): boolean {
  const classes = new Set(subgoal.patient);
  return classes.size > LISTED && new Set([...classes].map(categoryWord)).size !== 1;
}

/** How SemGro takes the task's text (see the module comment). */
export function readTask(task: TaskBrief): TaskTake {
  const text = taskText(task);
  const reading = readGoal(text);
  const understanding = understandingOf(reading);
  if (!reading.ok || reading.goal.subgoals.length === 0) return { understanding, instruction: text };
  const { subgoals } = reading.goal;
  if (asksForSeveral(subgoals)) {
    const chain = new GoalChain(subgoals);
    const ends = subgoals.filter((s) => !s.means);
    const patients = [...new Set(ends.flatMap((s) => [...s.patient, ...(s.destination ?? [])]))];
    return { understanding, instruction: chain.queries[0], chain, patients };
  }
  const query = subgoalQuery(subgoals[0]);
  const patients = subgoals[0].patient;
  if (isDialogue(text)) return { understanding, instruction: query, patients };
  return { understanding, instruction: listsMany(subgoals[0]) ? text : `${text} ${query}`, patients };
}
