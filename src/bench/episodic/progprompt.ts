/**
 * ProgPrompt's VirtualHome tasks (NVlabs/progprompt-vh, "new environment" split: 10 tasks in each of env1 and env2)
 * as episodic tasks, read in place from a folder laid out as `../shared/data/progprompt` (never copied: the data's
 * licence is non-commercial).
 *
 * Per environment the folder holds three JSON-lines files in the same task order: `new_env/<env>_annotated.json`
 * (`{"<task text>": {"0: 000000": [gold program lines]}}`), `final_states/initial_states_<env>.json` (the start
 * graph of each task) and `final_states/final_states_<env>.json` (the graph after the gold program ran in Unity).
 *
 * Goal facts are ProgPrompt's own (its `eval()`): class-level relation facts `"<class> <RELATION> <class>"` and state
 * facts `"<class> <STATE>"` present in the gold final graph and absent from the start graph. `progpromptRecall`
 * scores a graph with that set logic (its goal-condition recall; SR = all met).
 *
 * The episodic task keeps the facts that say what the task is about and drops the rest (`droppedFacts`, with the
 * reason): CLOSE and FACING (where the character happened to stand), the character's INSIDE <room>, and states
 * outside hearth's vocabulary other than HEATED. The kept facts become DANLI subgoals: `X ON|INSIDE Y` ->
 * isPlacedTo(X, Y), `character HOLDS_RH|HOLDS_LH X` -> isPickedUp(X) (either hand), `X ON|OFF|OPEN|CLOSED|CLEAN` ->
 * the toggled/open/closed/clean predicate, `X HEATED` -> isCooked (hearth's derived state). A task left with no
 * subgoal (both "make toast": the bread already lies in the toaster at the start, and the toaster ends off as it
 * began) is not part of the episodic family.
 *
 * The start graphs come from VirtualHome 2.x's Unity simulator, which exports no door BETWEEN room edges; the loader
 * adds them from the bounding boxes (`addPassagesFromBoxes`) so that the episodic skill set's room-to-room walks work.
 * It also gives the classes a task must cook the catalog's EATABLE (Unity's chicken lacks it; hearth cooks food only).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogClass } from '../../sim/catalog/index.js';
import { applyPhysics, DerivedStates } from '../../sim/derived-states.js';
import { replayProgram } from '../../sim/executor.js';
import type { EnvGraph } from '../../sim/graph.js';
import { graphFromJson } from '../../sim/graph-io.js';
import { addPassagesFromBoxes } from '../../sim/scenes/topology.js';
import { parseScriptLine, type ScriptLine } from '../../sim/script.js';
import type { SubgoalSpec } from '../../sim/subgoals.js';
import { InputError } from '../../util/errors.js';
import { Rng } from '../../util/rng.js';
import {
  type FactNode,
  goldStepLimit,
  loadOnce,
  orderSubgoals,
  relationSubgoal,
  sharedDataDir,
  stateSubgoal,
} from './data-family.js';
import { type GoalConditionResult, goalConditionResults } from './goal.js';
import { type EpisodicScore, type StepOutcome, scoreEpisode } from './metrics.js';
import { bindTask, type TaskDefinition } from './task.js';

export const PROGPROMPT_FAMILY = 'progprompt';
export const PROGPROMPT_ENVS = ['env1', 'env2'] as const;
export type ProgPromptEnv = (typeof PROGPROMPT_ENVS)[number];

/** The home name a ProgPrompt task runs in (its own VirtualHome environment). */
export const progpromptHome = (env: ProgPromptEnv) => `progprompt-${env}`;

/** The data folder: $HEARTH_SHARED_DATA/progprompt, else ../shared/data/progprompt beside the package. */
export const progpromptDataDir = (env: Record<string, string | undefined> = process.env) =>
  sharedDataDir('progprompt', env);

export interface ProgPromptTask {
  /** `progprompt/env1/watch-tv`. */
  readonly id: string;
  readonly env: ProgPromptEnv;
  /** Position in the environment's files (0-based). */
  readonly index: number;
  /** The task as ProgPrompt words it ("watch tv"): the instruction the agent reads. */
  readonly text: string;
  readonly program: readonly ScriptLine[];
  /** The start graph (do not change it: clone). */
  readonly start: EnvGraph;
  /** ProgPrompt's goal facts, sorted: relations `"<class> <REL> <class>"`, states `"<class> <STATE>"`. */
  readonly goal: { readonly relations: readonly string[]; readonly states: readonly string[] };
  /** The goal as DANLI subgoals (see the module comment). */
  readonly subgoals: readonly SubgoalSpec[];
  /** Goal facts left out of `subgoals`, each with the reason. */
  readonly droppedFacts: readonly string[];
}

interface RawNode {
  readonly id: number;
  readonly class_name: string;
  readonly category?: string;
  readonly properties?: readonly string[];
  readonly states?: readonly string[];
}

interface RawGraph {
  readonly nodes: readonly RawNode[];
  readonly edges: readonly { from_id: number; relation_type: string; to_id: number }[];
}

/** The non-empty lines of a JSON-lines file, parsed; an InputError naming the file and line otherwise. */
function readJsonLines(file: string): { value: unknown; line: number }[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read ProgPrompt data: ${(error as NodeJS.ErrnoException).code ?? error}`, { file });
  }
  const out: { value: unknown; line: number }[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    try {
      out.push({ value: JSON.parse(raw), line: i + 1 });
    } catch (error) {
      throw new InputError(`invalid JSON: ${(error as Error).message}`, { file, line: i + 1 });
    }
  });
  return out;
}

/** A raw graph line checked for the shape the set logic reads (the start graph is validated fully on load). */
function rawGraph(value: unknown, file: string, line: number): RawGraph {
  const g = value as Partial<RawGraph> | null;
  const ok =
    g !== null &&
    typeof g === 'object' &&
    Array.isArray(g.nodes) &&
    Array.isArray(g.edges) &&
    g.nodes.every((n) => typeof n?.id === 'number' && typeof n.class_name === 'string') &&
    g.edges.every(
      (e) => typeof e?.from_id === 'number' && typeof e.to_id === 'number' && typeof e.relation_type === 'string',
    );
  if (!ok) throw new InputError('a graph line must hold {nodes:[{id,class_name,states}], edges:[...]}', { file, line });
  return g as RawGraph;
}

/** ProgPrompt's class-level fact sets of a graph. */
function factSets(graph: RawGraph): { relations: Set<string>; states: Set<string> } {
  const classOf = new Map(graph.nodes.map((n) => [n.id, n.class_name]));
  const relations = new Set(
    graph.edges.map((e) => `${classOf.get(e.from_id)} ${e.relation_type.toUpperCase()} ${classOf.get(e.to_id)}`),
  );
  const states = new Set(graph.nodes.flatMap((n) => (n.states ?? []).map((s) => `${n.class_name} ${s}`)));
  return { relations, states };
}

/** The same sets for a hearth graph. */
function graphFacts(graph: EnvGraph): { relations: Set<string>; states: Set<string> } {
  const relations = new Set<string>();
  for (const [from, relation, to] of graph.edges()) {
    relations.add(`${graph.get(from).className} ${relation} ${graph.get(to).className}`);
  }
  const states = new Set<string>();
  for (const node of graph.nodes()) for (const state of node.states) states.add(`${node.className} ${state}`);
  return { relations, states };
}

/**
 * The graph with the food property (EATABLE or DRINKABLE, as hearth's catalog gives it) on the nodes of every class a
 * subgoal must cook: Unity's graphs leave chicken without EATABLE, and hearth's cooking rule heats food only.
 */
function withFoodProperties(graph: RawGraph, subgoals: readonly SubgoalSpec[]): RawGraph {
  const cooked = new Set(subgoals.filter((s) => s.predicate === 'isCooked').flatMap((s) => s.patient));
  if (cooked.size === 0) return graph;
  const nodes = graph.nodes.map((node) => {
    const properties = node.properties ?? [];
    if (!cooked.has(node.class_name) || properties.includes('EATABLE') || properties.includes('DRINKABLE')) return node;
    const food = catalogClass(node.class_name)?.properties.find((p) => p === 'EATABLE' || p === 'DRINKABLE');
    return food ? { ...node, properties: [...properties, food] } : node;
  });
  return { ...graph, nodes };
}

/** Subgoals of the goal facts, and the facts dropped (see the module comment). */
export function subgoalsOfFacts(
  relations: readonly string[],
  states: readonly string[],
  isRoom: (className: string) => boolean,
): { subgoals: SubgoalSpec[]; dropped: string[] } {
  const node = (className: string): FactNode => ({ className });
  return orderSubgoals([
    ...relations.map((label) => {
      const [from, relation, to] = label.split(' ');
      return { label, subgoal: relationSubgoal(node(from), relation, node(to), (n) => isRoom(n.className)) };
    }),
    ...states.map((label) => {
      const [className, state] = label.split(' ');
      return { label, subgoal: stateSubgoal(node(className), state) };
    }),
  ]);
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The tasks of a ProgPrompt folder, env1 then env2, in file order. */
export function loadProgPromptTasks(dir: string): ProgPromptTask[] {
  const tasks: ProgPromptTask[] = [];
  for (const env of PROGPROMPT_ENVS) {
    const annotatedFile = join(dir, 'new_env', `${env}_annotated.json`);
    const initialFile = join(dir, 'final_states', `initial_states_${env}.json`);
    const finalFile = join(dir, 'final_states', `final_states_${env}.json`);
    const annotated = readJsonLines(annotatedFile);
    const initial = readJsonLines(initialFile);
    const final = readJsonLines(finalFile);
    for (const [file, lines] of [
      [initialFile, initial],
      [finalFile, final],
    ] as const) {
      if (lines.length !== annotated.length) {
        throw new InputError(`${lines.length} graphs for the ${annotated.length} tasks of ${annotatedFile}`, { file });
      }
    }
    annotated.forEach(({ value, line }, index) => {
      const entry = value as Record<string, unknown> | null;
      const texts = entry !== null && typeof entry === 'object' ? Object.keys(entry) : [];
      const programs = texts.length === 1 ? (entry![texts[0]] as Record<string, unknown> | null) : null;
      const programLines = programs && typeof programs === 'object' ? Object.values(programs)[0] : undefined;
      if (
        texts.length !== 1 ||
        !Array.isArray(programLines) ||
        !programLines.every((l): l is string => typeof l === 'string')
      ) {
        throw new InputError('a task line must be {"<task>": {"<id>": ["<char0> [action] <obj> (id)", ...]}}', {
          file: annotatedFile,
          line,
        });
      }
      const text = texts[0];
      const program = programLines.map((l) => parseScriptLine(l, { file: annotatedFile, line }));
      const raw = rawGraph(initial[index].value, initialFile, initial[index].line);
      const before = factSets(raw);
      const after = factSets(rawGraph(final[index].value, finalFile, final[index].line));
      const relations = [...after.relations].filter((f) => !before.relations.has(f)).sort();
      const states = [...after.states].filter((f) => !before.states.has(f)).sort();
      const roomClasses = new Set(raw.nodes.filter((n) => n.category === 'Rooms').map((n) => n.class_name));
      const { subgoals, dropped } = subgoalsOfFacts(relations, states, (c) => roomClasses.has(c));
      const start = graphFromJson(withFoodProperties(raw, subgoals), {
        source: `${initialFile}:${initial[index].line}`,
      });
      // Unity's graphs have no door BETWEEN room edges: without them the skill set's walks see no way between rooms.
      addPassagesFromBoxes(start);
      for (const l of program) {
        for (const object of l.objects) {
          if (!start.has(object.id)) {
            throw new InputError(`task '${text}': object id ${object.id} is not a node of its start graph`, {
              file: annotatedFile,
              line,
            });
          }
        }
      }
      tasks.push({
        id: `${PROGPROMPT_FAMILY}/${env}/${slug(text)}`,
        env,
        index,
        text,
        program,
        start,
        goal: { relations, states },
        subgoals,
        droppedFacts: dropped,
      });
    });
  }
  return tasks;
}

export interface ProgPromptRecall {
  readonly satisfied: number;
  readonly total: number;
  /** The goal facts the graph lacks, sorted. */
  readonly unsatisfied: readonly string[];
}

/** ProgPrompt's goal-condition recall of a graph (its `eval()`): the goal facts the graph has. */
export function progpromptRecall(task: ProgPromptTask, graph: EnvGraph): ProgPromptRecall {
  const facts = graphFacts(graph);
  const all = [...task.goal.relations.map((f) => [f, facts.relations] as const)].concat(
    task.goal.states.map((f) => [f, facts.states] as const),
  );
  const unsatisfied = all.filter(([f, set]) => !set.has(f)).map(([f]) => f);
  return { satisfied: all.length - unsatisfied.length, total: all.length, unsatisfied };
}

/** The gold program replayed as ProgPrompt's evaluation loop does (`protocol: 'progprompt'`), on a clone. */
export function replayProgPromptProgram(task: ProgPromptTask): { graph: EnvGraph; executedSteps: number } {
  const graph = task.start.clone();
  const replay = replayProgram(graph, task.program, { protocol: 'progprompt' });
  return { graph, executedSteps: replay.steps.filter((s) => s.ok).length };
}

export interface ProgPromptGoldReplay {
  /** Steps the simulator executed (ProgPrompt's loop skips a failing step and goes on). */
  readonly executedSteps: number;
  /** ProgPrompt's own goal-condition recall of the end state (no derived states: its eval reads the graph only). */
  readonly recall: ProgPromptRecall;
  /** The episodic goal checker on the end state, derived states applied after each step as in an episode. */
  readonly score?: EpisodicScore;
  readonly conditions?: readonly GoalConditionResult[];
}

/**
 * Replays the gold program two ways: as ProgPrompt's evaluation loop (scored by its recall), and step by step with the
 * episode's derived-state rules after each successful step (scored by the episodic goal checker, for a task of the
 * family).
 */
export function replayProgPromptGold(task: ProgPromptTask): ProgPromptGoldReplay {
  const plain = replayProgPromptProgram(task);
  const recall = progpromptRecall(task, plain.graph);
  const definition = progpromptDefinition(task);
  if (!definition) return { executedSteps: plain.executedSteps, recall };
  const bound = bindTask(definition, task.start, new Rng(0).fork('task'), progpromptHome(task.env));
  const graph = bound.start.clone();
  const world = { graph, derived: new DerivedStates() };
  const steps: StepOutcome[] = task.program.map((line) => {
    const [result] = replayProgram(graph, [line], { protocol: 'progprompt' }).steps;
    if (result.ok) applyPhysics(graph, world.derived, graph.characterId());
    const target = line.objects[line.objects.length - 1];
    return {
      action: line.action.toLowerCase(),
      ...(target && { targetClass: target.name }),
      success: result.ok,
      ...(result.errorKind && { errorKind: result.errorKind }),
    };
  });
  const conditions = goalConditionResults(bound, world, steps);
  return {
    executedSteps: plain.executedSteps,
    recall,
    score: scoreEpisode(
      conditions.map((c) => c.met),
      steps,
      null,
    ),
    conditions,
  };
}

/** Step limit: `goldStepLimit` of the gold program's length. */
export const progpromptStepLimit = (task: ProgPromptTask) => goldStepLimit(task.program.length);

/** The episodic definition of a task (undefined for a task with no subgoal). */
export function progpromptDefinition(task: ProgPromptTask): TaskDefinition | undefined {
  if (task.subgoals.length === 0) return undefined;
  return {
    id: task.id,
    family: PROGPROMPT_FAMILY,
    text: task.text,
    stepLimit: progpromptStepLimit(task),
    subgoals: task.subgoals,
    scene: { home: progpromptHome(task.env), graph: task.start },
    source: `ProgPrompt new_env/${task.env}_annotated.json line ${task.index + 1}`,
  };
}

/** Tasks per data folder, loaded once per thread. */
const LOADED = new Map<string, ProgPromptTask[]>();

/** The tasks of the folder (cached); an InputError saying where the data is expected when it is missing. */
export function progpromptTasks(dir = progpromptDataDir()): ProgPromptTask[] {
  return loadOnce(
    LOADED,
    dir,
    {
      name: PROGPROMPT_FAMILY,
      probe: join('new_env', 'env1_annotated.json'),
      origin: "ProgPrompt's data",
      source: 'NVlabs/progprompt-vh data/',
    },
    loadProgPromptTasks,
  );
}

/** The episodic definitions of the family (tasks with at least one subgoal). */
export function progpromptDefinitions(dir = progpromptDataDir()): TaskDefinition[] {
  return progpromptTasks(dir).flatMap((task) => progpromptDefinition(task) ?? []);
}
