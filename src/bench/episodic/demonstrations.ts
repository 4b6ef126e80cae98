/**
 * Expert demonstrations of episodic tasks, for the in-context examples of the LLM baselines on the episodic protocol
 * (ZSP, SayCan, ProgPrompt and LLM-Planner retrieve them as they retrieve ExRAP's continual ones): the Oracle carries
 * out each built-in task (LLM-State's and the TEACh-style ones) on each training home (gen:1001 .. gen:1010, which no
 * evaluation default uses), and its skills, the rooms it took them in, what it saw at the start and the facts the
 * task is about are kept as text. `npm run demos` writes `prompts/demonstrations/virtualhome-tasks.jsonl`;
 * regenerating gives the same bytes.
 *
 * Retrieval leaves out the demonstrations of the very task an agent is given (`excludeInstructions`): an agent never
 * sees an expert solve the task it is asked to do, only others.
 */
import type { Demonstration, DemonstrationStep, DemonstrationsHeader } from '../../agents/demonstrations/types.js';
import { visibleThings } from '../../agents/prompting/situation.js';
import { entityName } from '../../memory/quadruple.js';
import type { EnvGraph } from '../../sim/graph.js';
import { observe } from '../../sim/observe.js';
import { ANY_THING } from '../../sim/subgoals.js';
import { InputError } from '../../util/errors.js';
import { bindEpisodeTask, oracleRun } from './episode.js';
import type { BoundTask } from './task.js';
import { LLM_STATE_TASKS, TEACH_TASKS } from './tasks/index.js';

/** The file the episodic demonstrations ship in (`prompts/demonstrations/<name>.jsonl`). */
export const EPISODIC_DEMONSTRATIONS = 'virtualhome-tasks';

export interface EpisodicDemonstrationRecipe {
  readonly homes: readonly string[];
  /** Longest trajectory kept. */
  readonly maxSteps: number;
  readonly seed: number;
}

export const EPISODIC_RECIPE: EpisodicDemonstrationRecipe = Object.freeze({
  homes: Object.freeze(Array.from({ length: 10 }, (_, i) => `gen:${1001 + i}`)),
  maxSteps: 60,
  seed: 0,
});

const nameOf = (graph: EnvGraph, id: number) => entityName(graph.node(id)?.className ?? 'thing', id);

/** What the task is about in the start state: its patients' states and places (`light.12 is on`). */
function taskFacts(bound: BoundTask): string[] {
  const graph = bound.start;
  const facts = new Set<string>();
  for (const subgoal of bound.subgoals) {
    for (const id of subgoal.patients.slice(0, 3)) {
      const node = graph.get(id);
      const states = [...node.states].filter((s) => !s.startsWith('PLUGGED')).map((s) => s.toLowerCase());
      if (states.length > 0 && !subgoal.spec.patient.includes(ANY_THING))
        facts.add(`${nameOf(graph, id)} is ${states.join(', ')}`);
      for (const relation of ['ON', 'INSIDE'] as const) {
        for (const host of graph.targets(id, relation)) {
          if (!graph.isRoom(host))
            facts.add(`${nameOf(graph, id)} ${relation === 'ON' ? 'on' : 'in'} ${nameOf(graph, host)}`);
        }
      }
      // Nothing is cooked at the start of an episode (derived states start empty).
      if (subgoal.spec.predicate === 'isCooked') facts.add(`${nameOf(graph, id)} is not cooked`);
    }
  }
  return [...facts].sort();
}

async function recordOne(
  home: string,
  taskId: string,
  recipe: EpisodicDemonstrationRecipe,
): Promise<Demonstration | undefined> {
  let bound: BoundTask;
  try {
    bound = bindEpisodeTask(home, taskId, recipe.seed);
  } catch (error) {
    if (error instanceof InputError) return undefined; // the home cannot host the task
    throw error;
  }
  const graph = bound.start;
  const first = observe(graph, graph.characterId());
  const steps: DemonstrationStep[] = [];
  let clean = true;
  const done = await oracleRun(bound, recipe.seed, ({ skill, success, room }) => {
    if (!success) clean = false;
    steps.push({
      action: skill.action,
      objects: skill.objects.map((id) => nameOf(graph, id)),
      room: nameOf(graph, room),
    });
  });
  if (!done || !clean || steps.length === 0 || steps.length > recipe.maxSteps) return undefined;
  return {
    id: `${home}/${taskId}`,
    domain: 'virtualhome',
    home,
    instructions: [bound.definition.text],
    startRoom: nameOf(graph, first.roomId),
    visible: visibleThings(first)
      .map((id) => nameOf(graph, id))
      .sort(),
    facts: taskFacts(bound),
    steps,
  };
}

/** The demonstrations, home by home and task by task, with the file header. */
export async function recordEpisodicDemonstrations(recipe: EpisodicDemonstrationRecipe = EPISODIC_RECIPE): Promise<{
  header: DemonstrationsHeader;
  demonstrations: Demonstration[];
}> {
  const demonstrations: Demonstration[] = [];
  for (const home of recipe.homes) {
    for (const task of [...LLM_STATE_TASKS, ...TEACH_TASKS]) {
      const demo = await recordOne(home, task.id, recipe);
      if (demo) demonstrations.push(demo);
    }
  }
  const header: DemonstrationsHeader = {
    format: 'hearth-demonstrations',
    version: 1,
    domain: 'virtualhome',
    homes: recipe.homes,
    count: demonstrations.length,
    generator: `npm run demos (episodic Oracle, every built-in task per home, at most ${recipe.maxSteps} steps, seed ${recipe.seed})`,
  };
  return { header, demonstrations };
}
