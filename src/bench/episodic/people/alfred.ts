/**
 * The `alfred` family: ALFRED's crowd-written task texts as episodic tasks, read in place from
 * `../shared/data/alfred` (never copied): the 797 distinct texts of ALFRED's valid_seen split
 * (`valid_seen_turk.tsv`, `source_id<TAB>gold<TAB>text`) and the 100 `task_instr` of LLM-Planner's training tasks
 * (`llm_planner_knn_set.json`). Each text keeps the goal of its trajectory's task name,
 * `type-Object-MovableRecep-Receptacle-scene`, as ALFRED scores it (its `goal_conditions_met` per task type), even
 * where the text says less or names another thing (docs/alfred.md, "The gold").
 *
 * | ALFRED type                         | hearth subgoals (O the object, M the movable receptacle, R the receptacle)  |
 * | ----------------------------------- | --------------------------------------------------------------------------- |
 * | pick_and_place_simple               | O isPlacedTo R                                                              |
 * | pick_two_obj_and_place              | 2 O isPlacedTo R                                                            |
 * | pick_clean_then_place_in_recep      | O isClean; O(isClean) isPlacedTo R                                          |
 * | pick_heat_then_place_in_recep       | O isHeated; O(isHeated) isPlacedTo R                                        |
 * | pick_cool_then_place_in_recep       | O isCooled; O(isCooled) isPlacedTo R                                        |
 * | pick_and_place_with_movable_recep   | M isPlacedTo R; O isPlacedTo M                                              |
 * | look_at_obj_in_light                | O isExaminedUnder R (R a lamp: tablelamp for DeskLamp, floorlamp)           |
 *
 * A sliced object (`AppleSliced`) is the object in the derived state `sliced`: its slicing comes first (`O isSliced`)
 * and every later subgoal carries it as a qualifier, as each state before it (`O(isSliced) isHeated`,
 * `O(isSliced,isHeated) isPlacedTo R`). Placements are `ON_OR_INSIDE`: ALFRED's receptacles hold an object in or on
 * them alike.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RoomType } from '../../../sim/catalog/index.js';
import type { Predicate, SubgoalSpec } from '../../../sim/subgoals.js';
import { InputError } from '../../../util/errors.js';
import { loadOnce, sharedDataDir } from '../data-family.js';
import type { TaskDefinition } from '../task.js';
import { mapType } from './classes.js';
import { requirementsFor, stepLimitFor } from './needs.js';

export const ALFRED_FAMILY = 'alfred';
/** Bumped whenever what a task of the family is (its texts, gold or limits) changes; recorded with every run. */
export const ALFRED_FAMILY_VERSION = 1;

export const ALFRED_TYPES = [
  'pick_and_place_simple',
  'pick_two_obj_and_place',
  'pick_clean_then_place_in_recep',
  'pick_heat_then_place_in_recep',
  'pick_cool_then_place_in_recep',
  'pick_and_place_with_movable_recep',
  'look_at_obj_in_light',
] as const;
export type AlfredType = (typeof ALFRED_TYPES)[number];

/** A task name `type-Object-MovableRecep-Receptacle-scene`, parsed. */
export interface AlfredTaskName {
  readonly type: AlfredType;
  readonly object: string;
  readonly movable?: string;
  readonly receptacle: string;
  readonly scene: number;
}

/** One text of the family: where it comes from, its text, its task's name and gold goal. */
export interface AlfredText {
  readonly id: string;
  /** `valid_seen` (the crowd texts of ALFRED's valid_seen split) or `llm_planner` (LLM-Planner's 100). */
  readonly split: 'valid_seen' | 'llm_planner';
  readonly text: string;
  readonly gold: string;
  readonly name: AlfredTaskName;
  readonly subgoals: readonly SubgoalSpec[];
}

/** Parses a task name; an InputError naming it otherwise. */
export function parseAlfredTaskName(gold: string, where = 'ALFRED task name'): AlfredTaskName {
  const parts = gold.split('-');
  const [type, object, movable, receptacle, scene] = parts;
  if (parts.length !== 5 || !(ALFRED_TYPES as readonly string[]).includes(type) || !/^\d+$/.test(scene)) {
    throw new InputError(`${where}: '${gold}' is not type-Object-MovableRecep-Receptacle-scene`);
  }
  return {
    type: type as AlfredType,
    object,
    ...(movable !== 'None' && { movable }),
    receptacle,
    scene: Number(scene),
  };
}

/** The kind of room an ALFRED scene is (FloorPlan 1-30 kitchens, 201-230 living rooms, 301-330 bedrooms, 401-430 bathrooms). */
export function sceneRoom(scene: number): RoomType {
  if (scene < 100) return 'kitchen';
  if (scene < 300) return 'livingroom';
  if (scene < 400) return 'bedroom';
  return 'bathroom';
}

/** The state a type asks of its object before it is placed. */
const STATE_OF: Partial<Record<AlfredType, Predicate>> = {
  pick_clean_then_place_in_recep: 'isClean',
  pick_heat_then_place_in_recep: 'isHeated',
  pick_cool_then_place_in_recep: 'isCooled',
};

const placed = (
  patient: readonly string[],
  qualifiers: readonly Predicate[],
  destination: readonly string[],
  count = 1,
): SubgoalSpec => ({
  patient,
  ...(qualifiers.length > 0 && { qualifiers }),
  predicate: 'isPlacedTo',
  destination,
  ...(count !== 1 && { count }),
  placeAs: 'ON_OR_INSIDE',
});

/** The gold subgoals of a task name, as ALFRED scores the task (see the module comment). */
export function alfredGoal(name: AlfredTaskName, where = 'ALFRED task'): SubgoalSpec[] {
  const object = mapType(name.object, where);
  const receptacle = mapType(name.receptacle, where).classes;
  const count = name.type === 'pick_two_obj_and_place' ? 2 : 1;
  const subgoals: SubgoalSpec[] = [];
  const states: Predicate[] = [];
  const unary = (predicate: Predicate) => {
    subgoals.push({
      patient: object.classes,
      ...(states.length > 0 && { qualifiers: [...states] }),
      predicate,
      ...(count !== 1 && { count }),
    });
    states.push(predicate);
  };
  if (object.sliced) unary('isSliced');
  const state = STATE_OF[name.type];
  if (state) unary(state);
  if (name.type === 'look_at_obj_in_light') {
    subgoals.push({
      patient: object.classes,
      ...(states.length > 0 && { qualifiers: [...states] }),
      predicate: 'isExaminedUnder',
      destination: receptacle,
    });
    return subgoals;
  }
  if (name.type === 'pick_and_place_with_movable_recep') {
    if (!name.movable) throw new InputError(`${where}: a movable-receptacle task names no movable receptacle`);
    const movable = mapType(name.movable, where).classes;
    subgoals.push(placed(movable, [], receptacle), placed(object.classes, states, movable));
    return subgoals;
  }
  subgoals.push(placed(object.classes, states, receptacle, count));
  return subgoals;
}

/** The family's definition of one text. */
export function alfredDefinition(text: AlfredText): TaskDefinition {
  return {
    id: text.id,
    family: ALFRED_FAMILY,
    text: text.text,
    stepLimit: stepLimitFor(text.subgoals),
    subgoals: text.subgoals,
    requires: requirementsFor(text.subgoals, sceneRoom(text.name.scene)),
    source: `ALFRED ${text.split === 'valid_seen' ? 'valid_seen crowd text' : "LLM-Planner's task_instr"}, task ${text.gold}`,
  };
}

/** The texts of an ALFRED folder (see the module comment), valid_seen first, each in file order. */
export function loadAlfredTexts(dir: string): AlfredText[] {
  const texts: AlfredText[] = [];
  const tsv = join(dir, 'valid_seen_turk.tsv');
  const lines = readFileSync(tsv, 'utf8').split('\n');
  for (const [i, line] of lines.entries()) {
    if (i === 0 || line.trim() === '') continue;
    const where = `${tsv}:${i + 1}`;
    const [sourceId, gold, text, ...rest] = line.split('\t');
    if (text === undefined || rest.length > 0 || text.trim() === '') {
      throw new InputError(`expected source_id<TAB>gold<TAB>text, got ${JSON.stringify(line.slice(0, 80))}`, {
        file: tsv,
        line: i + 1,
      });
    }
    const name = parseAlfredTaskName(gold, where);
    texts.push({
      id: `${ALFRED_FAMILY}/${sourceId}`,
      split: 'valid_seen',
      text: text.trim(),
      gold,
      name,
      subgoals: alfredGoal(name, where),
    });
  }
  const knnFile = join(dir, 'llm_planner_knn_set.json');
  const knn = JSON.parse(readFileSync(knnFile, 'utf8')) as unknown;
  if (!Array.isArray(knn)) throw new InputError('expected a JSON list of tasks', { file: knnFile });
  for (const [i, entry] of knn.entries()) {
    const task = (entry as { task?: unknown }).task;
    const instruction = (entry as { task_instr?: unknown }).task_instr;
    if (typeof task !== 'string' || typeof instruction !== 'string' || !task.includes('/')) {
      throw new InputError(`task ${i}: expected {task: "name/trial", task_instr: "..."}`, { file: knnFile });
    }
    const [gold, trial] = task.split('/');
    const where = `${knnFile}: task ${i}`;
    const name = parseAlfredTaskName(gold, where);
    texts.push({
      id: `${ALFRED_FAMILY}/llm_planner/${trial}`,
      split: 'llm_planner',
      text: instruction.trim(),
      gold,
      name,
      subgoals: alfredGoal(name, where),
    });
  }
  const ids = new Set<string>();
  for (const text of texts) {
    if (ids.has(text.id)) throw new InputError(`${dir}: the id ${text.id} appears twice`);
    ids.add(text.id);
  }
  return texts;
}

export const alfredDataDir = (env: Record<string, string | undefined> = process.env) => sharedDataDir('alfred', env);

const CACHE = new Map<string, AlfredText[]>();

/** The family's texts, read once per thread; an InputError saying where the data is expected when it is missing. */
export function alfredTexts(dir = alfredDataDir()): AlfredText[] {
  return loadOnce(
    CACHE,
    dir,
    {
      name: ALFRED_FAMILY,
      probe: 'valid_seen_turk.tsv',
      origin: "ALFRED's crowd texts (valid_seen_turk.tsv, llm_planner_knn_set.json)",
      source: 'docs/alfred.md',
    },
    loadAlfredTexts,
  );
}

const DEFINITIONS = new Map<string, TaskDefinition[]>();

/** The family's task definitions (one per text). */
export function alfredDefinitions(dir = alfredDataDir()): TaskDefinition[] {
  let definitions = DEFINITIONS.get(dir);
  if (!definitions) {
    definitions = alfredTexts(dir).map(alfredDefinition);
    DEFINITIONS.set(dir, definitions);
  }
  return definitions;
}
