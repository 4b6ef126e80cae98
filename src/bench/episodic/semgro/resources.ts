/**
 * What SemGro's training gives an episode's agent (`AgentContext.resources`), chosen by the bench: the agent says what
 * it uses (`AgentDefinition.uses`), the bench decides from which training home.
 *
 * - The skill database, to an agent that uses one (SemGro and its ablations), on every family: learnt in the
 *   episode's own home on the semgro families (their settings are shifts of it), and in the run's `--semgro-train`
 *   home, or `SEMGRO_RESERVED_HOME`, on every other family; the families of people's words train there a database
 *   of their own (`trainsForPeople`: their things in the home, the skills of their states).
 * - In-context examples drawn from the database, to the LLM baselines, on the semgro families only (elsewhere they
 *   retrieve the demonstrations hearth ships).
 */
import type { TaskResources } from '../../../agents/context.js';
import { getAgent } from '../../../agents/registry.js';
import { ALFRED_FAMILY } from '../people/alfred.js';
import { TEACH_HUMAN_FAMILY } from '../people/teach-human.js';
import type { TaskDefinition } from '../task.js';
import { taskById } from '../tasks/index.js';
import { SEMGRO_FAMILIES } from './family.js';
import { SEMGRO_RESERVED_HOME, semgroTraining } from './training.js';

export const isSemGroFamily = (family: string): boolean => SEMGRO_FAMILIES.includes(family);

/** The families of people's words train a database of their own: their things, their states' skills (docs/alfred.md). */
export const trainsForPeople = (family: string): boolean => family === ALFRED_FAMILY || family === TEACH_HUMAN_FAMILY;

/** Whether an agent of the registry uses SemGro's skill database. */
export const usesSkillDatabase = (agent: string): boolean => getAgent(agent).uses?.includes('skillDatabase') ?? false;

/**
 * The training home of an episode's SemGro resources, or undefined when its agent is given none: the episode's home
 * on the semgro families, `train` (the run's `--semgro-train`) or the reserved home on the others.
 */
export function semgroTrainingHome(
  agent: string,
  task: TaskDefinition,
  home: string,
  train?: string,
): string | undefined {
  const uses = getAgent(agent).uses ?? [];
  if (isSemGroFamily(task.family)) return uses.length > 0 ? home : undefined;
  return uses.includes('skillDatabase') ? (train ?? SEMGRO_RESERVED_HOME) : undefined;
}

/** The resources of an episode's agent (see the module comment); undefined when it is given none. */
export function agentResources(
  agent: string,
  task: TaskDefinition,
  home: string,
  train?: string,
): TaskResources | undefined {
  const trainingHome = semgroTrainingHome(agent, task, home, train);
  if (trainingHome === undefined) return undefined;
  const uses = getAgent(agent).uses ?? [];
  const training = semgroTraining(trainingHome, undefined, { people: trainsForPeople(task.family) });
  return {
    ...(uses.includes('skillDatabase') && { skillDatabase: training.database }),
    ...(uses.includes('demonstrations') &&
      isSemGroFamily(task.family) && { demonstrations: training.demonstrations() }),
  };
}

/**
 * The training homes whose databases a run's episodes need: every semgro-family episode's home (its task is bound
 * in a shift of it, whatever its agent), and the training home of every other episode whose agent uses a database.
 */
export function semgroTrainingHomes(
  specs: readonly {
    readonly agent: string;
    readonly home: string;
    readonly task: string;
    readonly semgroTrain?: unknown;
  }[],
): { home: string; people: boolean }[] {
  const homes = new Map<string, { home: string; people: boolean }>();
  for (const spec of specs) {
    const task = taskById(spec.task);
    const train = typeof spec.semgroTrain === 'string' ? spec.semgroTrain : undefined;
    const home = isSemGroFamily(task.family) ? spec.home : semgroTrainingHome(spec.agent, task, spec.home, train);
    const people = trainsForPeople(task.family);
    if (home !== undefined) homes.set(`${home}\u0000${people}`, { home, people });
  }
  return [...homes.values()];
}
