/**
 * Episodic tasks (PROTOCOLS.md section 2): an instruction, a start home, goal conditions and a step limit.
 *
 * A `TaskDefinition` is written once over classes: its structured goal is a list of DANLI-style subgoals
 * (`src/sim/subgoals.ts`) plus optional ordered action goals; `requires` lists the objects it needs. `bindTask`
 * makes it concrete in one home for one seed:
 *
 * 1. the required objects are ensured (moved into place, or added on a host the catalog allows, as VirtualHome's
 *    `object_script_placing` does for missing objects);
 * 2. each subgoal is grounded in the home (candidate patients and destinations, how many must satisfy it);
 * 3. a subgoal that already holds is undone for every candidate (lights switched on, the fridge closed, books taken
 *    off the desk, plates dirtied), so that no task starts solved.
 *
 * The goal conditions a task is scored on (`goalConditions`) are, per subgoal, "at least k candidates satisfy it"
 * for k = 1..need (TEACh counts each instance of a component), then one per action goal.
 */

import type { ActionGoal } from '../../sim/action-goals.js';
import {
  type CatalogClass,
  catalogClass,
  isSmallObject,
  placementsOf,
  type RoomType,
} from '../../sim/catalog/index.js';
import { DerivedStates } from '../../sim/derived-states.js';
import { moveObject, placesOf, setState } from '../../sim/dynamics/edits.js';
import type { EnvGraph } from '../../sim/graph.js';
import {
  type BoundSubgoal,
  bindSubgoal,
  type Predicate,
  type SubgoalSpec,
  satisfyingPatients,
  type WorldView,
} from '../../sim/subgoals.js';
import { InputError } from '../../util/errors.js';
import type { Rng } from '../../util/rng.js';
import { type DialogueSpec, renderDialogue } from './dialogue.js';

/** The built-in families (run by default). */
export const TASK_FAMILIES = ['llm-state-simple', 'llm-state-hard', 'teach'] as const;
/**
 * Built-in families run only when named: the TEACh-style tasks said as dialogues (`tasks/teach-dialogue.ts`),
 * HELPER's personalized routines (`tasks/personal.ts`), and SemGro's tasks on shifted homes (`semgro/family.ts`).
 */
export const NAMED_FAMILIES = ['teach-tfd', 'teach-edh', 'teach-personal', 'semgro', 'semgro-none'] as const;
/**
 * Families read from ../shared/data where present (`progprompt.ts`, `eai.ts`, and the people's words of
 * `people/`: ALFRED's crowd texts and TEACh's dialogues): run only when named.
 */
export const DATA_FAMILIES = ['progprompt', 'eai', 'alfred', 'teach-human'] as const;
/** Families read from a user's file (`dialogue-file.ts`: `--dialogues FILE`). */
export const FILE_FAMILIES = ['dialogues'] as const;
export type TaskFamily =
  | (typeof TASK_FAMILIES)[number]
  | (typeof NAMED_FAMILIES)[number]
  | (typeof DATA_FAMILIES)[number]
  | (typeof FILE_FAMILIES)[number];

/**
 * An object the task needs: at least `count` nodes of the class (or of `countsAlso`: any of them will do), lying
 * ON/INSIDE a node of class `on`/`inside`. A standing class (furniture, an appliance) the home lacks is added to a
 * room of its kind (`room` first, where it names one the home has).
 */
export interface ObjectRequirement {
  readonly className: string;
  readonly count: number;
  readonly on?: string;
  readonly inside?: string;
  /** Classes that count towards `count` as well (ALFRED's Cabinet: any of the home's cabinets). */
  readonly countsAlso?: readonly string[];
  /** The kind of room a missing instance goes to, where the home has one (ALFRED's scene: a bathroom's drawer). */
  readonly room?: RoomType;
}

export type { ActionGoal } from '../../sim/action-goals.js';

export interface TaskDefinition {
  /** Unique id, e.g. `llm-state/make-toast`. */
  readonly id: string;
  readonly family: TaskFamily;
  readonly text: string;
  readonly stepLimit: number;
  readonly subgoals: readonly SubgoalSpec[];
  readonly actionGoals?: readonly ActionGoal[];
  readonly requires?: readonly ObjectRequirement[];
  /** Where the definition's facts come from (the paper's table row, the TEACh task file). */
  readonly source: string;
  /**
   * A task that comes with its own environment (ProgPrompt's): it runs there, under that home name, whatever homes
   * the run names; the graph is cloned, never changed.
   */
  readonly scene?: { readonly home: string; readonly graph: EnvGraph };
  /** A task said as a dialogue (TEACh's TfD and EDH), rendered when bound with the task's seed (`dialogue.ts`). */
  readonly dialogue?: { readonly spec: DialogueSpec; readonly session?: number };
  /**
   * EDH: the subgoals (indices) the Oracle achieves before the agent starts, and those the agent must achieve and is
   * scored on (`edh.ts`).
   */
  readonly edh?: { readonly history: readonly number[]; readonly goal: readonly number[] };
  /**
   * A task bound in a home its family prepares first (SemGro's: the run's home, the training home, shifted to one of
   * its settings); `home` is where it runs when the run names no home. What the family gives its agents (SemGro's
   * skill database) is the bench's choice per agent (`semgro/resources.ts`).
   */
  readonly prepare?: (home: EnvGraph, homeName: string) => PreparedHome;
  /**
   * Whether the home can host the task, checked without preparing it (which may take seconds): throws an InputError
   * when it cannot. Only with `prepare`; `hearth run` checks every task of the grid before anything runs.
   */
  readonly check?: (home: EnvGraph, homeName: string) => void;
  readonly home?: string;
  /** The family's metrics beyond the protocol's (SemGro's Plan, Exec per skill, critic iterations by cause). */
  readonly metrics?: (run: FamilyRun) => Readonly<Record<string, number | null>>;
}

/** A home a family prepared for a task. */
export interface PreparedHome {
  readonly graph: EnvGraph;
}

/** A finished episode as a family's metrics read it: its steps (`[walk] <apple> (59)`), the Oracle's, the stats. */
export interface FamilyRun {
  readonly home: string;
  readonly bound: BoundTask;
  readonly agent: readonly { readonly skill: string; readonly success: boolean }[];
  /** The Oracle's steps on the same bound task; null when it did not reach the goal. */
  readonly oracle: readonly { readonly skill: string; readonly success: boolean }[] | null;
  readonly agentStats?: Readonly<Record<string, unknown>>;
}

/** A task made concrete in one home: its start graph and grounded goal. */
export interface BoundTask {
  readonly definition: TaskDefinition;
  /** The start state (the home after step 1 and 3 of `bindTask`); the episode runs on a clone. */
  readonly start: EnvGraph;
  readonly subgoals: readonly BoundSubgoal[];
  readonly actionGoals: readonly ActionGoal[];
  /** The instruction as the agent gets it, when it is not the definition's text (a rendered dialogue). */
  readonly text?: string;
  /** Derived states that hold at the start (EDH: what the history cooked); none when absent. */
  readonly derived?: DerivedStates;
}

/** Ensures a requirement on the graph (in place). Throws an InputError when the home cannot host it. */
export function ensureObjects(graph: EnvGraph, requirement: ObjectRequirement, rng: Rng, where: string): void {
  const entry = catalogClass(requirement.className);
  if (!entry) throw new InputError(`${where}: unknown class '${requirement.className}'`);
  if (!isSmallObject(entry)) {
    ensureStanding(graph, entry, requirement, where);
    return;
  }
  const hostClass = requirement.on ?? requirement.inside;
  const relation = requirement.inside ? 'INSIDE' : 'ON';
  const placedThere = (id: number) =>
    hostClass === undefined || placesOf(graph, id).some((p) => graph.get(p.host).className === hostClass);
  const existing = [...graph.idsOfClass(entry.name)].sort((a, b) => a - b);
  const counted = (requirement.countsAlso ?? []).flatMap((c) => [...graph.idsOfClass(c)]);
  let have = existing.filter(placedThere).length + counted.filter(placedThere).length;
  const hosts = (): { relation: 'ON' | 'INSIDE'; host: number }[] => {
    const places =
      hostClass !== undefined ? [{ relation, host: hostClass } as const] : placementsOf(entry).map((p) => p);
    const out: { relation: 'ON' | 'INSIDE'; host: number }[] = [];
    for (const place of places) {
      for (const host of [...graph.idsOfClass(place.host)].sort((a, b) => a - b)) {
        out.push({ relation: place.relation, host });
      }
    }
    if (requirement.room === undefined) return out;
    const inRoom = out.filter((o) => graph.get(graph.roomOf(o.host) ?? o.host).className === requirement.room);
    return inRoom.length > 0 ? inRoom : out;
  };
  const candidates = hosts();
  if (have < requirement.count && candidates.length === 0) {
    throw new InputError(`${where}: the home has no ${hostClass ?? 'place'} for a ${entry.name}`);
  }
  // Move existing instances that lie elsewhere (and nobody holds) first, then add new ones.
  for (const id of existing) {
    if (have >= requirement.count) break;
    if (placedThere(id) || graph.sources(id, 'HOLDS_RH').size + graph.sources(id, 'HOLDS_LH').size > 0) continue;
    if (hostClass === undefined) continue;
    moveObject(graph, id, rng.pick(candidates));
    have++;
  }
  while (have < requirement.count) {
    const id = addNodeOf(graph, entry);
    moveObject(graph, id, rng.pick(candidates));
    have++;
  }
}

/** A new node of the class in its default states (not yet placed); returns its id, the next free one. */
function addNodeOf(graph: EnvGraph, entry: CatalogClass): number {
  const id = Math.max(0, ...[...graph.nodes()].map((n) => n.id)) + 1;
  graph.addNode({
    id,
    className: entry.name,
    category: entry.category,
    properties: entry.properties,
    states: entry.defaultStates,
  });
  return id;
}

/**
 * A standing class (furniture, an appliance, a lamp) the home has too few of: added INSIDE a room of the kinds the
 * catalog gives it (the requirement's room first, then the catalog's order, rooms in id order), standing ON a host
 * piece of that room where it is a fixture (a microwave on a counter), CLOSE to it both ways, as the generator
 * places pieces.
 */
function ensureStanding(graph: EnvGraph, entry: CatalogClass, requirement: ObjectRequirement, where: string): void {
  const classes = [entry.name, ...(requirement.countsAlso ?? [])];
  let have = classes.reduce((n, c) => n + graph.idsOfClass(c).length, 0);
  if (have >= requirement.count) return;
  const kinds = [...new Set([...(requirement.room ? [requirement.room] : []), ...entry.rooms])];
  const rooms = kinds.flatMap((kind) => [...graph.idsOfClass(kind)].sort((a, b) => a - b));
  const hostIn = (room: number) =>
    entry.on.length === 0
      ? null
      : (entry.on
          .flatMap((c) => [...graph.idsOfClass(c)].sort((a, b) => a - b))
          .find((h) => graph.roomOf(h) === room) ?? undefined);
  const room = rooms.find((r) => hostIn(r) !== undefined);
  if (room === undefined) {
    throw new InputError(`${where}: the home has no room for a ${entry.name} (${entry.rooms.join(', ')})`);
  }
  const host = hostIn(room);
  while (have < requirement.count) {
    const id = addNodeOf(graph, entry);
    graph.addEdge(id, 'INSIDE', room);
    if (host !== null && host !== undefined) {
      graph.addEdge(id, 'ON', host);
      graph.addEdge(id, 'CLOSE', host);
      graph.addEdge(host, 'CLOSE', id);
    }
    have++;
  }
}

/** The state an action goal's target must start in for the action to be needed. */
const ACTION_NEEDS: Readonly<Record<string, 'ON' | 'OFF' | 'OPEN' | 'CLOSED'>> = {
  switchon: 'OFF',
  switchoff: 'ON',
  open: 'CLOSED',
  close: 'OPEN',
};

const UNDO_STATE: Partial<Record<Predicate, 'ON' | 'OFF' | 'OPEN' | 'CLOSED' | 'DIRTY'>> = {
  isToggledOn: 'OFF',
  isToggledOff: 'ON',
  isOpen: 'CLOSED',
  isClosed: 'OPEN',
  isClean: 'DIRTY',
};

/** Undoes a subgoal that holds at the start, for every candidate (see the module comment). */
function undoSubgoal(graph: EnvGraph, bound: BoundSubgoal, rng: Rng): void {
  const { predicate } = bound.spec;
  const state = UNDO_STATE[predicate];
  if (state) {
    for (const id of bound.patients) {
      // Never make a thing both OPEN and ON.
      if (state === 'OPEN' && graph.hasState(id, 'ON')) continue;
      if (state === 'ON' && graph.hasState(id, 'OPEN')) continue;
      setState(graph, id, state);
    }
    return;
  }
  if (predicate === 'isPlacedTo') {
    const destinations = new Set(bound.destinations);
    const destinationClasses = new Set(bound.destinations.map((d) => graph.get(d).className));
    for (const id of bound.patients) {
      if (!placesOf(graph, id).some((p) => destinations.has(p.host))) continue;
      const entry = catalogClass(graph.get(id).className);
      const room = graph.roomOf(id);
      const options = (entry ? placementsOf(entry) : [])
        .filter((p) => !destinationClasses.has(p.host))
        .flatMap((p) =>
          [...graph.idsOfClass(p.host)].sort((a, b) => a - b).map((host) => ({ relation: p.relation, host })),
        );
      const local = options.filter((o) => graph.roomOf(o.host) === room);
      const pool = local.length > 0 ? local : options;
      if (pool.length > 0) moveObject(graph, id, rng.pick(pool));
    }
  }
}

const where = (definition: TaskDefinition, home: string) => `task ${definition.id} in home ${home}`;

/** Binds a definition in a home (the home graph is not changed). */
export function bindTask(definition: TaskDefinition, home: EnvGraph, rng: Rng, homeName = 'home'): BoundTask {
  const start = home.clone();
  for (const [i, requirement] of (definition.requires ?? []).entries()) {
    ensureObjects(start, requirement, rng.fork(`requires:${i}`), where(definition, homeName));
  }
  const world: WorldView = { graph: start, derived: new DerivedStates() };
  const subgoals: BoundSubgoal[] = [];
  for (const [i, spec] of definition.subgoals.entries()) {
    const bound = bindSubgoal(spec, start);
    if (bound.patients.length < bound.need || bound.need === 0) {
      throw new InputError(
        `${where(definition, homeName)}: subgoal ${i + 1} (${spec.patient.join('|')} ${spec.predicate}) needs ` +
          `${bound.need || 1} candidate(s), the home has ${bound.patients.length}`,
      );
    }
    if (spec.destination && bound.destinations.length === 0) {
      throw new InputError(`${where(definition, homeName)}: no ${spec.destination.join('|')} in the home`);
    }
    if (satisfyingPatients(world, bound).length >= bound.need) undoSubgoal(start, bound, rng.fork(`undo:${i}`));
    subgoals.push(bound);
  }
  // An action goal must be takeable: what it switches on starts off (and so on).
  for (const goal of definition.actionGoals ?? []) {
    for (const alt of goal.anyOf) {
      const state = ACTION_NEEDS[alt.action];
      if (!state) continue;
      for (const className of alt.classes ?? []) {
        for (const id of [...start.idsOfClass(className)].sort((a, b) => a - b)) {
          if (!(state === 'OPEN' && start.hasState(id, 'ON'))) setState(start, id, state);
        }
      }
    }
  }
  const bound: BoundTask = { definition, start, subgoals, actionGoals: definition.actionGoals ?? [] };
  const dialogue = definition.dialogue;
  if (!dialogue || definition.edh) return bound;
  const text = renderDialogue(dialogue.spec, world, subgoals, rng.fork('dialogue'), dialogue.session);
  return { ...bound, text };
}

/** Text label of a subgoal, e.g. `breadslice isPlacedTo kitchentable (3)`. */
export function subgoalLabel(bound: BoundSubgoal): string {
  const { spec } = bound;
  const qualifiers = spec.qualifiers?.length ? `[${spec.qualifiers.join(',')}] ` : '';
  const destination = spec.destination ? ` ${spec.destination.join('|')}` : '';
  return `${qualifiers}${spec.patient.join('|')} ${spec.predicate}${destination} x${bound.need}`;
}
