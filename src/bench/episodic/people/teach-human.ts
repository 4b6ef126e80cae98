/**
 * The `teach-human` family: TEACh's real dialogues as episodic tasks, read in place from `../shared/data/teach`
 * (never copied): the 144 games of `dialogues_dev.tsv` (`source_id<TAB>gold<TAB>text`, the text every Driver and
 * Commander utterance in order as `Driver: ... Commander: ...`), each scored by its game's task in TEACh's terms:
 * the task definition (`task_definitions/`) with the game's parameters, turned into hearth subgoals by one general
 * converter (`teach-definitions.ts`).
 *
 * TEACh's Breakfast, Sandwich and Salad games come without their parameters. A Sandwich is scored by its
 * definition's fixed parts (two slices of toast on a clean plate: the lettuce and tomato counts are parameters);
 * a Salad's and a Breakfast's fixed parts place nothing, so those games have no goal: they are counted apart
 * (`hearth read --family teach-human` reports them on their own row) and are no episodic task (docs/alfred.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SubgoalSpec } from '../../../sim/subgoals.js';
import { InputError } from '../../../util/errors.js';
import { loadOnce, sharedDataDir } from '../data-family.js';
import type { TaskDefinition } from '../task.js';
import { requirementsFor, stepLimitFor } from './needs.js';
import { loadTeachDefinitions, parseTeachTaskCall, teachGoal } from './teach-definitions.js';

export const TEACH_HUMAN_FAMILY = 'teach-human';
/** Bumped whenever what a task of the family is (its texts, gold or limits) changes; recorded with every run. */
export const TEACH_HUMAN_FAMILY_VERSION = 1;

/** One game of the family: its dialogue, its task as the gold names it, and its goal or why it has none. */
export interface TeachGame {
  readonly id: string;
  readonly text: string;
  /** The gold as the data writes it: `N Slices Of X In Y(N=1,X=Tomato,Y=Plate)`. */
  readonly gold: string;
  /** The task's name (`N Slices Of X In Y`): the game's type. */
  readonly type: string;
  /** The goal; absent for a game counted apart. */
  readonly subgoals?: readonly SubgoalSpec[];
  /** Why the game has no goal (counted apart). */
  readonly apart?: string;
}

/** The games of a TEACh folder, in file order. */
export function loadTeachGames(dir: string): TeachGame[] {
  const definitions = loadTeachDefinitions(join(dir, 'task_definitions'));
  const file = join(dir, 'dialogues_dev.tsv');
  const games: TeachGame[] = [];
  const ids = new Set<string>();
  for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
    if (i === 0 || line.trim() === '') continue;
    const [sourceId, gold, text, ...rest] = line.split('\t');
    if (text === undefined || rest.length > 0 || text.trim() === '') {
      throw new InputError(`expected source_id<TAB>gold<TAB>text, got ${JSON.stringify(line.slice(0, 80))}`, {
        file,
        line: i + 1,
      });
    }
    const where = `${file}:${i + 1}`;
    const call = parseTeachTaskCall(gold, where);
    const goal = teachGoal(definitions, call, where);
    const id = `${TEACH_HUMAN_FAMILY}/${sourceId.split('/').pop()}`;
    if (ids.has(id)) throw new InputError(`the game ${id} appears twice`, { file, line: i + 1 });
    ids.add(id);
    games.push({
      id,
      text: text.trim(),
      gold,
      type: call.name,
      ...(goal.subgoals ? { subgoals: goal.subgoals } : { apart: goal.apart }),
    });
  }
  return games;
}

export const teachDataDir = (env: Record<string, string | undefined> = process.env) => sharedDataDir('teach', env);

const CACHE = new Map<string, TeachGame[]>();

/** The family's games, read once per thread; an InputError saying where the data is expected when it is missing. */
export function teachHumanGames(dir = teachDataDir()): TeachGame[] {
  return loadOnce(
    CACHE,
    dir,
    {
      name: TEACH_HUMAN_FAMILY,
      probe: 'dialogues_dev.tsv',
      origin: "TEACh's dialogues and task definitions (dialogues_dev.tsv, task_definitions/)",
      source: 'docs/alfred.md',
    },
    loadTeachGames,
  );
}

/** The family's definition of a game with a goal. */
export function teachHumanDefinition(game: TeachGame & { subgoals: readonly SubgoalSpec[] }): TaskDefinition {
  return {
    id: game.id,
    family: TEACH_HUMAN_FAMILY,
    text: game.text,
    stepLimit: stepLimitFor(game.subgoals),
    subgoals: game.subgoals,
    requires: requirementsFor(game.subgoals),
    source: `TEACh valid_unseen game, task ${game.gold}`,
  };
}

const DEFINITIONS = new Map<string, TaskDefinition[]>();

/** The family's task definitions: every game with a goal (those counted apart are not tasks). */
export function teachHumanDefinitions(dir = teachDataDir()): TaskDefinition[] {
  let definitions = DEFINITIONS.get(dir);
  if (!definitions) {
    definitions = teachHumanGames(dir).flatMap((game) =>
      game.subgoals ? [teachHumanDefinition(game as TeachGame & { subgoals: readonly SubgoalSpec[] })] : [],
    );
    DEFINITIONS.set(dir, definitions);
  }
  return definitions;
}
