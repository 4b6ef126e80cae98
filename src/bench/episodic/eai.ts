/**
 * The Embodied Agent Interface's VirtualHome instances as episodic tasks: a start graph, a gold program, and a goal
 * of node states, edges and ordered action goals with alternatives (`"RINSE|WASH"`), read in place from a folder
 * laid out as `../shared/data/eai` (never copied: the data's licence keeps it out of the project).
 *
 * `replayEaiGold` runs the gold program through the simulator (the full VirtualHome action set: the programs use FIND,
 * SIT, TYPE..., which the episodic skill set does not offer) and scores the end state with the episodic metrics
 * (`metrics.ts`): the goal checker must agree with the data, i.e. SR 1.0 wherever the reference executor ran the
 * program through.
 *
 * The `eai` family (`eaiTask`, `eaiDefinition`, `eaiDefinitions`): each instance whose gold replay reaches the goal
 * becomes an episodic task in its own start graph, its goal facts as subgoals over the nodes they name, its action
 * goals kept where the episodic skill set can take them (docs/episodic.md lists what is dropped and left out).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Condition, edge, holds, isIn } from '../../sim/conditions.js';
import { DerivedStates } from '../../sim/derived-states.js';
import { setState } from '../../sim/dynamics/edits.js';
import { replayProgram } from '../../sim/executor.js';
import type { EnvGraph } from '../../sim/graph.js';
import { loadGraph } from '../../sim/graph-io.js';
import { addPassagesFromBoxes } from '../../sim/scenes/topology.js';
import { type Program, readProgram } from '../../sim/script.js';
import { VIRTUALHOME_SKILLS } from '../../sim/skill-sets.js';
import { bindSubgoal, type SubgoalSpec, subgoalDone } from '../../sim/subgoals.js';
import { isRelation, isState } from '../../sim/vocabulary.js';
import { InputError } from '../../util/errors.js';
import {
  type FactNode,
  goldStepLimit,
  loadOnce,
  orderSubgoals,
  relationSubgoal,
  sharedDataDir,
  stateSubgoal,
} from './data-family.js';
import { actionGoalsMet, type EpisodicScore, type StepOutcome, scoreEpisode } from './metrics.js';
import type { ActionGoal, TaskDefinition } from './task.js';

interface RawGoal {
  readonly actions: readonly string[];
  readonly goal: readonly (
    | { readonly id: number; readonly state: string }
    | { readonly from_id: number; readonly relation_type: string; readonly to_id: number }
  )[];
}

/** A goal fact as the data gives it: a node's state, or an edge. */
export type EaiFact =
  | { readonly id: number; readonly state: string }
  | { readonly from_id: number; readonly relation_type: string; readonly to_id: number };

export interface EaiInstance {
  readonly id: string;
  readonly task: string;
  /** The node and edge goals as the data gives them (`conditions` in the condition language). */
  readonly facts: readonly EaiFact[];
  readonly conditions: readonly Condition[];
  readonly actionGoals: readonly ActionGoal[];
  /** Whether the reference executor ran the gold program through. */
  readonly referenceExecutable: boolean;
}

/** The instances of an EAI folder (`instances.json`), sorted by id. */
export function loadEaiInstances(dir: string): EaiInstance[] {
  const file = join(dir, 'instances.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    { task: string; vh_goal: RawGoal; gold_replay: { executable: boolean } }
  >;
  return Object.keys(data)
    .sort()
    .map((id) => {
      const raw = data[id];
      const conditions = raw.vh_goal.goal.map((g): Condition => {
        if ('state' in g) {
          if (!isState(g.state)) throw new InputError(`instance ${id}: unknown state '${g.state}'`, { file });
          return isIn(g.id, g.state);
        }
        if (!isRelation(g.relation_type)) {
          throw new InputError(`instance ${id}: unknown relation '${g.relation_type}'`, { file });
        }
        return edge(g.from_id, g.relation_type, g.to_id);
      });
      const actionGoals = raw.vh_goal.actions.map(
        (alternatives): ActionGoal => ({ anyOf: alternatives.split('|').map((a) => ({ action: a.toLowerCase() })) }),
      );
      return {
        id,
        task: raw.task,
        facts: raw.vh_goal.goal,
        conditions,
        actionGoals,
        referenceExecutable: raw.gold_replay.executable,
      };
    });
}

export interface EaiReplay {
  readonly score: EpisodicScore;
  readonly executable: boolean;
  readonly conditions: readonly boolean[];
}

/** An instance's start graph and gold program, as the data gives them. */
function loadEaiScene(dir: string, instance: EaiInstance): { graph: EnvGraph; program: Program } {
  return {
    graph: loadGraph(join(dir, 'init_graphs', `${instance.id}.json.gz`)),
    program: readProgram(join(dir, 'programs', `${instance.id}.txt`)),
  };
}

/** Replays an instance's gold program from its start graph and scores the end state. */
export function replayEaiGold(dir: string, instance: EaiInstance): EaiReplay {
  const { graph, program } = loadEaiScene(dir, instance);
  return replayOn(graph, program, instance);
}

function replayOn(graph: EnvGraph, program: Program, instance: EaiInstance): EaiReplay {
  const replay = replayProgram(graph, program);
  const steps: StepOutcome[] = replay.steps.map((step, i) => {
    const line = program.lines[i];
    const target = line.objects[line.objects.length - 1];
    return {
      action: line.action.toLowerCase(),
      ...(target && { targetClass: target.name }),
      success: step.ok,
      ...(step.errorKind && { errorKind: step.errorKind }),
    };
  });
  const met = actionGoalsMet(instance.actionGoals, steps);
  const conditions = [
    ...instance.conditions.map((c) => holds(c, graph)),
    ...instance.actionGoals.map((_, i) => i < met),
  ];
  // An instance with neither state nor action goals is vacuously met.
  const scored = conditions.length > 0 ? conditions : [true];
  return { score: scoreEpisode(scored, steps, null), executable: replay.executable, conditions };
}

export const EAI_FAMILY = 'eai';

/** The data folder: $HEARTH_SHARED_DATA/eai, else ../shared/data/eai beside the package. */
export const eaiDataDir = (env: Record<string, string | undefined> = process.env) => sharedDataDir('eai', env);

/** The home name an EAI task runs in (its own start graph). */
export const eaiHome = (id: string) => `eai-${id}`;

/** An EAI instance as an episodic task (see the module comment of `eaiTask`). */
export interface EaiTask {
  readonly instance: EaiInstance;
  /** The start graph (do not change it: clone). */
  readonly start: EnvGraph;
  /** Lines of the gold program. */
  readonly programLength: number;
  /** Whether the gold program, replayed here, reaches the data's goal (node, edge and action goals). */
  readonly goldReached: boolean;
  /** Whether it reaches the subgoals too (false where hearth's form of a fact differs: a pot put ON a closed oven). */
  readonly goldReachesSubgoals: boolean;
  /** The node and edge goals as DANLI subgoals, each naming its node(s) by id. */
  readonly subgoals: readonly SubgoalSpec[];
  /** The action goals the episodic skill set can take (alternatives outside it left out). */
  readonly actionGoals: readonly ActionGoal[];
  /** Goal facts and action goals left out, each with the reason. */
  readonly dropped: readonly string[];
}

const SKILL_ACTIONS: ReadonlySet<string> = new Set(VIRTUALHOME_SKILLS.actions);

/**
 * An instance as an episodic task. Its node and edge goals become subgoals over the very nodes they name
 * (`SubgoalSpec.ids`), by the rules ProgPrompt's family uses (`data-family.ts`): the character's CLOSE/FACING/ON
 * (where it stands, sits or lies), its SITTING/LYING posture and PLUGGED_IN have no subgoal form and are dropped.
 * Its action goals keep the alternatives the episodic skill set offers (walk, grab, switchon/off, put, putin,
 * open/close); an action goal with none left (TYPE, WATCH, DRINK, WASH, ...) is dropped, since no agent of the
 * protocol can take it.
 */
export function eaiTask(dir: string, instance: EaiInstance): EaiTask {
  const { graph, program } = loadEaiScene(dir, instance);
  const raw = graph.clone();
  const start = graph.clone();
  const goldReached = replayOn(graph, program, instance).score.sr === 1;
  const node = (id: number): FactNode => ({ className: start.has(id) ? start.get(id).className : `#${id}`, id });
  const { subgoals, dropped } = orderSubgoals(
    instance.facts.map((fact) => {
      if ('state' in fact) {
        const n = node(fact.id);
        return { label: `${n.className}(${fact.id}) ${fact.state}`, subgoal: stateSubgoal(n, fact.state) };
      }
      const [from, to] = [node(fact.from_id), node(fact.to_id)];
      return {
        label: `${from.className}(${fact.from_id}) ${fact.relation_type} ${to.className}(${fact.to_id})`,
        subgoal: relationSubgoal(from, fact.relation_type, to, (n) => n.id !== undefined && start.isRoom(n.id)),
      };
    }),
  );
  const { ordered, reached } = inGoldOrder(raw, program, subgoals);
  repairScene(start, instance);
  const actionGoals: ActionGoal[] = [];
  for (const goal of instance.actionGoals) {
    const anyOf = goal.anyOf.filter((alt) => SKILL_ACTIONS.has(alt.action));
    if (anyOf.length > 0) actionGoals.push({ anyOf });
    else dropped.push(`action ${goal.anyOf.map((a) => a.action.toUpperCase()).join('|')} (not an episodic skill)`);
  }
  return {
    instance,
    start,
    programLength: program.lines.length,
    goldReached,
    goldReachesSubgoals: reached,
    subgoals: ordered,
    actionGoals,
    dropped,
  };
}

/**
 * What the episodic skill set cannot do, done at load time (the gold order is read from the unrepaired scene):
 * - the character starts standing (one instance starts it SITTING; the skill set has no STANDUP, so no walk works);
 * - a node the goal wants PLUGGED_IN starts plugged in: the fact is dropped (no subgoal form) and no skill plugs in;
 * - door BETWEEN edges a passage lacks are added from the bounding boxes, as for ProgPrompt's scenes (EAI's graphs
 *   carry them; the call changes nothing there).
 */
function repairScene(start: EnvGraph, instance: EaiInstance): void {
  const character = start.characterId();
  for (const posture of ['SITTING', 'LYING'] as const) start.removeState(character, posture);
  for (const fact of instance.facts) {
    if ('state' in fact && fact.state === 'PLUGGED_IN' && start.has(fact.id)) setState(start, fact.id, 'PLUGGED_IN');
  }
  addPassagesFromBoxes(start);
}

/**
 * The subgoals in the order the gold program achieves them for good: by the last step after which each starts to
 * hold (a stable sort). One that holds from the start and is never undone goes last: `bindTask` undoes it (no task
 * starts solved) and the gold program, which never had to achieve it, says nothing of when (the oven it found
 * closed, and put a pot ON, must be opened for the skill set's putin, and closed after). ProgPrompt's rule
 * (states first, then placements) would have the Oracle close and start a dishwasher before loading it; the data's
 * own program says the order in which the goal is reached (load, close, start). `reached`: every subgoal holds at
 * the end of the gold replay.
 */
function inGoldOrder(
  start: EnvGraph,
  program: Program,
  subgoals: readonly SubgoalSpec[],
): { ordered: SubgoalSpec[]; reached: boolean } {
  // The program replayed once, a line at a time, the subgoals looked at after each: the state after `step` lines is
  // what a replay of the first `step` lines leaves (a replay stops at its first refused line, and so does this).
  const graph = start.clone();
  const holdsNow = (): boolean[] => {
    const world = { graph, derived: new DerivedStates() };
    return subgoals.map((spec) => subgoalDone(world, bindSubgoal(spec, graph)));
  };
  const achievedAt = subgoals.map(() => Number.POSITIVE_INFINITY);
  let before = holdsNow();
  let refused = false;
  for (let step = 1; step <= program.lines.length; step++) {
    if (!refused) refused = !replayProgram(graph, program.lines.slice(step - 1, step)).executable;
    const now = holdsNow();
    now.forEach((holds, i) => {
      if (holds && !before[i]) achievedAt[i] = step;
    });
    before = now;
  }
  const ordered = subgoals
    .map((spec, i) => ({ spec, at: achievedAt[i], i }))
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map((s) => s.spec);
  return { ordered, reached: before.every(Boolean) };
}

/**
 * The episodic definition of a task: undefined when its gold replay misses the data's goal or its subgoals, or it
 * keeps no goal.
 */
export function eaiDefinition(task: EaiTask): TaskDefinition | undefined {
  if (!task.goldReached || !task.goldReachesSubgoals) return undefined;
  if (task.subgoals.length + task.actionGoals.length === 0) return undefined;
  return {
    id: `${EAI_FAMILY}/${task.instance.id}`,
    family: EAI_FAMILY,
    text: task.instance.task,
    stepLimit: goldStepLimit(task.programLength),
    subgoals: task.subgoals,
    ...(task.actionGoals.length > 0 && { actionGoals: task.actionGoals }),
    scene: { home: eaiHome(task.instance.id), graph: task.start },
    source: `EAI instances.json ${task.instance.id}`,
  };
}

const LOADED = new Map<string, EaiTask[]>();

/** The tasks of the folder, by instance id (cached); an InputError saying where the data is expected when missing. */
export function eaiTasks(dir = eaiDataDir()): EaiTask[] {
  return loadOnce(
    LOADED,
    dir,
    {
      name: EAI_FAMILY,
      probe: 'instances.json',
      origin: "the Embodied Agent Interface's VirtualHome data",
      source: 'instances.json, init_graphs/, programs/',
    },
    (d) => loadEaiInstances(d).map((instance) => eaiTask(d, instance)),
  );
}

/** The episodic definitions of the family. */
export function eaiDefinitions(dir = eaiDataDir()): TaskDefinition[] {
  return eaiTasks(dir).flatMap((task) => eaiDefinition(task) ?? []);
}
