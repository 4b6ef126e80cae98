/**
 * The episodic grid: agents x homes x tasks x seeds (seeds innermost), each spec carrying its task's family so that
 * reports group by it. `--families` picks whole families, `--tasks` single tasks (both may be given).
 */
import { InputError } from '../../util/errors.js';
import { expandAxes } from '../grid.js';
import type { JsonObject } from '../json.js';
import type { EpisodeSpec } from '../protocol.js';
import { isSemGroFamily, usesSkillDatabase } from './semgro/resources.js';
import { SEMGRO_RESERVED_HOME, SEMGRO_TRAINING_IDENTITY } from './semgro/training.js';
import { DATA_FAMILIES, NAMED_FAMILIES, TASK_FAMILIES, type TaskFamily } from './task.js';
import { familyVersion, taskById, tasksOfFamily } from './tasks/index.js';

export interface EpisodicGrid {
  readonly agents: readonly string[];
  readonly homes: readonly string[];
  readonly tasks: readonly string[];
  readonly seeds: readonly number[];
  /** Execution noise (`--slip`, `noise.ts`); 0 or absent: none. */
  readonly slip?: number;
  /** A cap on every task's step limit (`--steps` given explicitly: smoke runs); absent: each task's own limit. */
  readonly maxSteps?: number;
  /**
   * The run named no home (`--homes` left at its default): a task whose family has a home of its own
   * (`TaskDefinition.home`, SemGro's training home) runs there instead of in `homes`.
   */
  readonly defaultHomes?: boolean;
  /** The training home of SemGro's skill database off the semgro families (`--semgro-train`; default the reserved one). */
  readonly semgroTrain?: string;
}

/** The task ids of the families and tasks asked for, in family order then the order given, without repeats. */
export function selectTasks(families: readonly string[], tasks: readonly string[]): string[] {
  const out: string[] = [];
  const known: readonly string[] = [...TASK_FAMILIES, ...NAMED_FAMILIES, ...DATA_FAMILIES];
  for (const family of families) {
    if (!known.includes(family)) {
      throw new InputError(`--families: unknown family '${family}' (known: ${known.join(', ')})`);
    }
    for (const task of tasksOfFamily(family as TaskFamily)) if (!out.includes(task.id)) out.push(task.id);
  }
  for (const id of tasks) {
    taskById(id);
    if (!out.includes(id)) out.push(id);
  }
  if (out.length === 0) throw new InputError('--families / --tasks: no task selected');
  return out;
}

/**
 * The specs: agents x homes x tasks x seeds for tasks that bind in a home, then those of families with a home of
 * their own when the run named none (agents x that home x tasks x seeds), then, per agent, each task that brings its
 * own scene (ProgPrompt's) once, in its scene's home, whatever the homes given.
 */
export function expandEpisodicGrid(grid: EpisodicGrid): EpisodeSpec[] {
  const ownHome = (id: string) => (grid.defaultHomes ? taskById(id).home : undefined);
  const inHomes = grid.tasks.filter((id) => !taskById(id).scene && ownHome(id) === undefined);
  const inOwnHomes = grid.tasks.filter((id) => !taskById(id).scene && ownHome(id) !== undefined);
  const inScenes = grid.tasks.filter((id) => taskById(id).scene);
  const specs =
    inHomes.length === 0
      ? []
      : expandAxes([
          ['agent', [...grid.agents]],
          ['home', [...grid.homes]],
          ['task', inHomes],
          ['seed', [...grid.seeds]],
        ]);
  for (const home of new Set(inOwnHomes.map((id) => ownHome(id)!))) {
    specs.push(
      ...expandAxes([
        ['agent', [...grid.agents]],
        ['home', [home]],
        ['task', inOwnHomes.filter((id) => ownHome(id) === home)],
        ['seed', [...grid.seeds]],
      ]),
    );
  }
  for (const agent of grid.agents) {
    for (const id of inScenes) {
      const home = taskById(id).scene!.home;
      specs.push(
        ...expandAxes([
          ['agent', [agent]],
          ['home', [home]],
          ['task', [id]],
          ['seed', [...grid.seeds]],
        ]),
      );
    }
  }
  // The slip is a constant of the run, not an axis: a noise-free run keeps its episode keys.
  const slip = grid.slip ?? 0;
  const train = grid.semgroTrain ?? SEMGRO_RESERVED_HOME;
  return specs.map((spec) => {
    const family = taskById(String(spec.task)).family;
    return {
      ...spec,
      family,
      ...(slip > 0 && { slip }),
      ...(grid.maxSteps !== undefined && { maxSteps: grid.maxSteps }),
      // Where the agent's skill database was learnt, off the semgro families (which train in the episode's home).
      ...(!isSemGroFamily(family) && usesSkillDatabase(String(spec.agent)) && { semgroTrain: train }),
    };
  });
}

/**
 * What a run's results depend on of SemGro's training, when any episode uses it: the versions of the database build,
 * its file format and the shifts, the database's seed, and the training home off the semgro families.
 */
export function semgroRunConfig(grid: EpisodicGrid): JsonObject | undefined {
  const families = new Set(grid.tasks.map((id) => taskById(id).family));
  const ownHome = [...families].some(isSemGroFamily);
  const elsewhere = [...families].some((f) => !isSemGroFamily(f)) && grid.agents.some(usesSkillDatabase);
  if (!ownHome && !elsewhere) return undefined;
  return { ...SEMGRO_TRAINING_IDENTITY, ...(elsewhere && { train: grid.semgroTrain ?? SEMGRO_RESERVED_HOME }) };
}

/** The versions of the run's families that carry one (`familyVersion`); undefined when none does. */
function familyVersions(grid: EpisodicGrid): JsonObject | undefined {
  const versions: Record<string, number> = {};
  for (const family of new Set(grid.tasks.map((id) => taskById(id).family))) {
    const version = familyVersion(family);
    if (version !== undefined) versions[family] = version;
  }
  return Object.keys(versions).length > 0 ? versions : undefined;
}

/** What identifies an episodic run for --resume (a family's version among it, where the family has one). */
export function episodicGridConfig(grid: EpisodicGrid): JsonObject {
  const semgro = semgroRunConfig(grid);
  const versions = familyVersions(grid);
  return {
    protocol: 'episodic',
    agents: [...grid.agents],
    homes: [...grid.homes],
    tasks: [...grid.tasks],
    seeds: [...grid.seeds],
    ...((grid.slip ?? 0) > 0 && { slip: grid.slip! }),
    ...(grid.maxSteps !== undefined && { maxSteps: grid.maxSteps }),
    ...(semgro && { semgro }),
    ...(versions && { familyVersions: versions }),
  };
}
