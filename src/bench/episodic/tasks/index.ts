/** Every built-in episodic task, by family and by id. */
import { InputError } from '../../../util/errors.js';
import { PROGPROMPT_FAMILY, progpromptDefinitions } from '../progprompt.js';
import { DATA_FAMILIES, TASK_FAMILIES, type TaskDefinition, type TaskFamily } from '../task.js';
import { LLM_STATE_TASKS } from './llm-state.js';
import { TEACH_TASKS } from './teach.js';

export { LLM_STATE_TASKS } from './llm-state.js';
export { TEACH_TASKS } from './teach.js';

export const EPISODIC_TASKS: readonly TaskDefinition[] = [...LLM_STATE_TASKS, ...TEACH_TASKS];

const BY_ID = new Map(EPISODIC_TASKS.map((task) => [task.id, task]));

/** The tasks of a family; a data family (`progprompt`) is read from ../shared/data (an InputError when missing). */
export function tasksOfFamily(family: TaskFamily): TaskDefinition[] {
  if (family === PROGPROMPT_FAMILY) return progpromptDefinitions();
  return EPISODIC_TASKS.filter((task) => task.family === family);
}

/** The task of that id; an InputError naming the families otherwise. */
export function taskById(id: string): TaskDefinition {
  const task = id.startsWith(`${PROGPROMPT_FAMILY}/`)
    ? progpromptDefinitions().find((t) => t.id === id)
    : BY_ID.get(id);
  if (!task) {
    throw new InputError(
      `unknown episodic task '${id}' (tasks are listed per family: ${[...TASK_FAMILIES, ...DATA_FAMILIES].join(', ')})`,
    );
  }
  return task;
}
