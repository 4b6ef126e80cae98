/**
 * The SemGro family's homes: one training home, and 15 settings shifted from it (paper 003: five per shift type).
 *
 * - The training home is the home the run names (`--homes`; the family's own `gen:2718` by default, used by no other
 *   family), with what the tasks need added where missing (a few fruits, food to heat, bathroom things: `ensureObjects`
 *   with the seed fixed), and one of each thing another episodic task brings into its home (a potato, a coffee maker:
 *   `EPISODIC_REQUIREMENTS`), so that the database learnt there knows the tasks' things.
 * - The database is built there offline with seed 0 (`buildDatabase`); the settings are shifted from it
 *   (`generateShift`): per type, degrees Small 20 %, Medium 30 % and Large 50 % with seed 1, Medium and Large again
 *   with seed 2. `none` is the training home itself (the family `semgro-none`, Table 3's None).
 *
 * The database and the shifted homes are made once and cached on disk (`training.ts`).
 */
import type { EnvGraph } from '../../../sim/graph.js';
import { InputError } from '../../../util/errors.js';
import { Rng } from '../../../util/rng.js';
import { PEOPLE_CLASSES } from '../people/classes.js';
import { ensureObjects, type ObjectRequirement } from '../task.js';
import { LLM_STATE_TASKS } from '../tasks/llm-state.js';
import { PERSONAL_TASKS } from '../tasks/personal.js';
import { TEACH_TASKS } from '../tasks/teach.js';
import type { ShiftType } from './shift.js';
import { SEMGRO_FURNITURE, SEMGRO_REQUIREMENTS } from './tasks.js';

/** The family's training home when the run names none. */
export const SEMGRO_TRAINING_HOME = 'gen:2718';
/** The seed of the family's database. */
export const SEMGRO_DATABASE_SEED = 0;

export interface SemGroSetting {
  readonly id: string;
  readonly type: ShiftType | 'none';
  readonly degree: number;
  readonly seed: number;
}

export const NONE_SETTING: SemGroSetting = { id: 'none', type: 'none', degree: 0, seed: 0 };

const PER_TYPE: readonly { degree: number; seed: number }[] = [
  { degree: 0.2, seed: 1 },
  { degree: 0.3, seed: 1 },
  { degree: 0.5, seed: 1 },
  { degree: 0.3, seed: 2 },
  { degree: 0.5, seed: 2 },
];

export const SEMGRO_SETTINGS: readonly SemGroSetting[] = (['ol', 'pa', 'rs'] as const).flatMap((type) =>
  PER_TYPE.map((s, i) => ({ id: `${type}-${i + 1}`, type, ...s })),
);

/** Table 3's names of the degrees. */
export function degreeLabel(degree: number): 'none' | 'small' | 'medium' | 'large' {
  if (degree === 0) return 'none';
  return degree < 0.25 ? 'small' : degree < 0.4 ? 'medium' : 'large';
}

/**
 * One of each thing an episodic task brings into the home it runs in (its `requires`: a potato, a lettuce, a coffee
 * maker, a table lamp, ...), where the catalog places it: a training home has them too, so that the database holds
 * their skills, as the home an episode runs in has them. ProgPrompt's and EAI's tasks come with their own scenes.
 */
export const EPISODIC_REQUIREMENTS: readonly ObjectRequirement[] = [
  ...new Set(
    [...LLM_STATE_TASKS, ...TEACH_TASKS, ...PERSONAL_TASKS].flatMap((t) => (t.requires ?? []).map((r) => r.className)),
  ),
]
  .sort()
  .map((className) => ({ className, count: 1 }));

/** What the people's-words families need besides (`PEOPLE_CLASSES`), for their training home (`people`). */
export const PEOPLE_REQUIREMENTS: readonly ObjectRequirement[] = [...PEOPLE_CLASSES]
  .filter((c) => !EPISODIC_REQUIREMENTS.some((r) => r.className === c))
  .sort()
  .map((className) => ({ className, count: 1 }));

/**
 * The training home with what the tasks need (the home's graph is not changed): the family's things, then one of
 * each thing an episodic task requires (`EPISODIC_REQUIREMENTS`), where missing; with `people`, one of each thing
 * ALFRED's and TEACh's tasks name (`PEOPLE_REQUIREMENTS`: the training of the people's-words families).
 */
export function prepareTrainingHome(
  home: EnvGraph,
  name: string,
  options: { readonly people?: boolean } = {},
): EnvGraph {
  const graph = home.clone();
  for (const furniture of SEMGRO_FURNITURE) {
    if (graph.idsOfClass(furniture).length === 0) {
      throw new InputError(`home ${name} cannot host the semgro family: it has no ${furniture}`);
    }
  }
  const rng = new Rng(SEMGRO_DATABASE_SEED).fork('semgro-training-home');
  SEMGRO_REQUIREMENTS.forEach((requirement, i) => {
    ensureObjects(graph, requirement, rng.fork(i), `the semgro family in home ${name}`);
  });
  const others = rng.fork('episodic-requirements');
  EPISODIC_REQUIREMENTS.forEach((requirement, i) => {
    ensureObjects(graph, requirement, others.fork(i), `the episodic tasks' things in home ${name}`);
  });
  if (options.people) {
    const people = rng.fork('people-requirements');
    PEOPLE_REQUIREMENTS.forEach((requirement, i) => {
      ensureObjects(graph, requirement, people.fork(i), `the things of ALFRED's and TEACh's tasks in home ${name}`);
    });
  }
  return graph;
}
