/** Every built-in episodic task, by family and by id. */
import { InputError } from '../../../util/errors.js';
import { readDialogueFile } from '../dialogue-file.js';
import { EAI_FAMILY, eaiDefinitions } from '../eai.js';
import { ALFRED_FAMILY, ALFRED_FAMILY_VERSION, alfredDefinitions } from '../people/alfred.js';
import { TEACH_HUMAN_FAMILY, TEACH_HUMAN_FAMILY_VERSION, teachHumanDefinitions } from '../people/teach-human.js';
import { PROGPROMPT_FAMILY, progpromptDefinitions } from '../progprompt.js';
import { SEMGRO_NONE_TASK_DEFINITIONS, SEMGRO_TASK_DEFINITIONS } from '../semgro/family.js';
import { DATA_FAMILIES, NAMED_FAMILIES, TASK_FAMILIES, type TaskDefinition, type TaskFamily } from '../task.js';
import { LLM_STATE_TASKS } from './llm-state.js';
import { PERSONAL_TASKS } from './personal.js';
import { TEACH_TASKS } from './teach.js';
import { TEACH_EDH_TASKS, TEACH_TFD_TASKS } from './teach-dialogue.js';

export { LLM_STATE_TASKS } from './llm-state.js';
export { PERSONAL_TASKS } from './personal.js';
export { TEACH_TASKS } from './teach.js';

export { TEACH_EDH_TASKS, TEACH_TFD_TASKS } from './teach-dialogue.js';

export const EPISODIC_TASKS: readonly TaskDefinition[] = [
  ...LLM_STATE_TASKS,
  ...TEACH_TASKS,
  ...TEACH_TFD_TASKS,
  ...TEACH_EDH_TASKS,
  ...PERSONAL_TASKS,
  ...SEMGRO_TASK_DEFINITIONS,
  ...SEMGRO_NONE_TASK_DEFINITIONS,
];

const BY_ID = new Map(EPISODIC_TASKS.map((task) => [task.id, task]));
/** Tasks read from dialogue files (`useDialogueFile`), by id; and the files read. */
const FROM_FILES = new Map<string, TaskDefinition>();
const FILES_READ = new Map<string, TaskDefinition[]>();

/**
 * Makes a dialogue file's tasks known (read once per file per thread: the CLI reads it to check it, each worker
 * when a spec names it). Returns them.
 */
export function useDialogueFile(file: string): TaskDefinition[] {
  let tasks = FILES_READ.get(file);
  if (!tasks) {
    tasks = readDialogueFile(file);
    FILES_READ.set(file, tasks);
    for (const task of tasks) FROM_FILES.set(task.id, task);
  }
  return tasks;
}

/** The definitions of each data family, read from ../shared/data (an InputError when missing). */
const DATA_DEFINITIONS: Readonly<Record<(typeof DATA_FAMILIES)[number], () => TaskDefinition[]>> = {
  [PROGPROMPT_FAMILY]: progpromptDefinitions,
  [EAI_FAMILY]: eaiDefinitions,
  [ALFRED_FAMILY]: alfredDefinitions,
  [TEACH_HUMAN_FAMILY]: teachHumanDefinitions,
};

/**
 * The versions of the families that carry one (MODELS-OF-STYLE section 4): bumped whenever what their tasks are
 * changes, and written into a run's configuration, so that `--resume` never mixes two versions of a family.
 */
const FAMILY_VERSIONS: Readonly<Partial<Record<TaskFamily, number>>> = {
  [ALFRED_FAMILY]: ALFRED_FAMILY_VERSION,
  [TEACH_HUMAN_FAMILY]: TEACH_HUMAN_FAMILY_VERSION,
};

/** A family's version, or undefined for a family that carries none. */
export const familyVersion = (family: TaskFamily): number | undefined => FAMILY_VERSIONS[family];

const dataFamilyOf = (name: string) =>
  (DATA_FAMILIES as readonly string[]).includes(name) ? (name as (typeof DATA_FAMILIES)[number]) : undefined;

/** The tasks of a family. */
export function tasksOfFamily(family: TaskFamily): TaskDefinition[] {
  const data = dataFamilyOf(family);
  if (data) return DATA_DEFINITIONS[data]();
  return [...EPISODIC_TASKS, ...FROM_FILES.values()].filter((task) => task.family === family);
}

/** The task of that id; an InputError naming the families otherwise. */
export function taskById(id: string): TaskDefinition {
  const data = dataFamilyOf(id.split('/')[0]);
  const task = data ? DATA_DEFINITIONS[data]().find((t) => t.id === id) : (BY_ID.get(id) ?? FROM_FILES.get(id));
  if (!task) {
    throw new InputError(
      `unknown episodic task '${id}' (tasks are listed per family: ${[...TASK_FAMILIES, ...NAMED_FAMILIES, ...DATA_FAMILIES].join(', ')})`,
    );
  }
  return task;
}
