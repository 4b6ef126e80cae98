/**
 * Dialogue tasks of your own (`hearth run --protocol episodic --dialogues FILE`): a JSON Lines file, one task per
 * line, run in every home of the run as the family `dialogues`:
 *
 *   {"id": "mine/coffee", "dialogue": "<Driver> hi <Commander> Make me a coffee in a clean mug.",
 *    "goal": ["mug isClean", "mug(isClean) isFilledWithCoffee"], "stepLimit": 40,
 *    "requires": [{"className": "coffeemaker", "count": 1}]}
 *
 * `goal` is what the episode is scored on, one subgoal per line of `src/sim/subgoal-text.ts`; `stepLimit` (default
 * 60) and `requires` (objects the home must have, ensured as the built-in tasks' are) are optional. The dialogue is
 * given to the agent as it is written. Blank lines and lines starting with `#` are skipped. A line that is not valid
 * JSON, lacks a field, names an unknown class or predicate, or repeats an id is refused with one error naming the
 * file, the line and the value at fault.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { catalogClass } from '../../sim/catalog/index.js';
import { parseGoal } from '../../sim/subgoal-text.js';
import type { SubgoalSpec } from '../../sim/subgoals.js';
import { InputError } from '../../util/errors.js';
import { parseJsonText } from '../../util/json-text.js';
import { FILE_FAMILIES, type TaskDefinition } from './task.js';

export const DIALOGUE_FAMILY = FILE_FAMILIES[0];
const DEFAULT_STEP_LIMIT = 60;

const LINE = z
  .object({
    id: z.string().min(1),
    dialogue: z.string().min(1),
    goal: z.array(z.string()).min(1),
    stepLimit: z.number().int().positive().optional(),
    requires: z.array(z.object({ className: z.string(), count: z.number().int().positive() }).strict()).optional(),
  })
  .strict();

/** The tasks of a dialogue file (see the module comment). */
export function readDialogueFile(file: string): TaskDefinition[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read the dialogue file: ${(error as NodeJS.ErrnoException).code ?? error}`, { file });
  }
  const tasks: TaskDefinition[] = [];
  const ids = new Set<string>();
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = i + 1;
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
    // Parsed without quoting the line in errors: a job or a stored episode may name this file (docs/security.md).
    const json = parseJsonText(raw, { file, line }, 'not a JSON object');
    const parsed = LINE.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue.path.join('.');
      throw new InputError(`${path === '' ? 'the line' : `field '${path}'`}: ${issue.message}`, { file, line });
    }
    const { id, dialogue, goal, stepLimit, requires } = parsed.data;
    if (ids.has(id)) throw new InputError(`task id '${id}' is given twice`, { file, line });
    ids.add(id);
    const subgoals: SubgoalSpec[] = goal.map((written) => {
      const spec = parseGoal(written);
      if (typeof spec === 'string') throw new InputError(`goal '${written}': ${spec}`, { file, line });
      return spec;
    });
    for (const requirement of requires ?? []) {
      if (!catalogClass(requirement.className)) {
        throw new InputError(`requires: unknown class '${requirement.className}'`, { file, line });
      }
    }
    tasks.push({
      id: `${DIALOGUE_FAMILY}/${id}`,
      family: DIALOGUE_FAMILY,
      text: dialogue,
      stepLimit: stepLimit ?? DEFAULT_STEP_LIMIT,
      subgoals,
      ...(requires && {
        requires: requires.map((r) => ({ className: catalogClass(r.className)!.name, count: r.count })),
      }),
      source: `${file}:${line}`,
    });
  }
  if (tasks.length === 0) throw new InputError('no task in the dialogue file', { file });
  return tasks;
}
