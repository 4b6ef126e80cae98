/**
 * Binding instruction definitions to a home: which nodes "the TV", "the desk" or "all mugs" are, the query, the
 * execution and the disturbance over those nodes, whether an instruction fits a home at all, and the seeded draw of
 * an episode's instructions.
 *
 * - A slot binds to an instance of its class (drawn with the seed, in the preferred room type when there is one);
 *   nodes match through the catalog's names, so VirtualHome files that write `coffee_table` work too.
 * - Objects an instruction moves are drawn among those in plain sight at the start (not inside a closed container):
 *   "all mugs" is every mug in plain sight then (ExRAP's own row says "all visible mugs"). A state goal needs a node
 *   that has the goal state or its opposite.
 * - The disturbance sets the opposite state, or moves the object (one of the objects) away from the host to a place
 *   its class is found in (hearth's catalog), in plain sight: ON a surface or INSIDE a container that does not close.
 * - An instruction fits a home when every slot has a candidate and the disturbance has somewhere to go.
 * - Referents (`--referents`): by default an instruction about one carried thing ("the book") binds one instance drawn
 *   with the seed, and where the home has several in plain sight the text does not say which (an agent reading it has
 *   to find out). With `all`, such an instruction is read over every instance in plain sight, as the "all" rows are
 *   ("If any books are not on the bookshelf, put them there."), so that the text says what is scored.
 */

import { catalogClass, placementsOf } from '../../../sim/catalog/index.js';
import { and, type Condition, edge, isIn, not } from '../../../sim/conditions.js';
import type { Place } from '../../../sim/dynamics/edits.js';
import type { Disturbance } from '../../../sim/dynamics/resident.js';
import type { EnvGraph } from '../../../sim/graph.js';
import { OPPOSITE_STATE, type State } from '../../../sim/vocabulary.js';
import { registerCache } from '../../../util/caches.js';
import { InputError } from '../../../util/errors.js';
import type { Rng } from '../../../util/rng.js';
import type { TextQualifier } from './text.js';
import type { InstructionDef, Referents, Slot } from './types.js';

/** An instruction bound to the nodes of one home. */
export interface BoundInstruction {
  readonly id: string;
  /** The definition as bound: a `one` placement read over every instance (`--referents all`) has quantity `all`. */
  readonly def: InstructionDef;
  /** The goal's object(s): the node whose state matters, or the object(s) to place (sorted for `all`). */
  readonly objects: readonly number[];
  /** The host of a placement goal. */
  readonly host?: number;
  /** True when the instruction needs the agent (the event starts when it becomes true). */
  readonly query: Condition;
  /** The goal the agent must reach (the event completes when it holds). */
  readonly execution: Condition;
  /** What the resident does to make the query true again. */
  readonly disturbance: Disturbance;
}

/** Canonical class -> node ids (sorted), per graph. Class names are fixed once a node exists. */
let CLASS_INDEX = new WeakMap<EnvGraph, { count: number; index: Map<string, number[]> }>();
registerCache('continual: class index of graphs', () => {
  CLASS_INDEX = new WeakMap();
});

function classIndex(graph: EnvGraph): Map<string, number[]> {
  const cached = CLASS_INDEX.get(graph);
  if (cached && cached.count === graph.nodeCount) return cached.index;
  const index = new Map<string, number[]>();
  for (const node of graph.nodes()) {
    const name = catalogClass(node.className)?.name ?? node.className;
    const ids = index.get(name);
    if (ids) ids.push(node.id);
    else index.set(name, [node.id]);
  }
  for (const ids of index.values()) ids.sort((a, b) => a - b);
  CLASS_INDEX.set(graph, { count: graph.nodeCount, index });
  return index;
}

/** Nodes of a hearth class (matched through the catalog's names and aliases), sorted by id. */
export function instancesOf(graph: EnvGraph, className: string): readonly number[] {
  const name = catalogClass(className)?.name ?? className;
  return classIndex(graph).get(name) ?? [];
}

/**
 * The rooms a bound instruction's text must name so that it says which thing it means: the room of a state goal's
 * object and of a placement's host, when the home has more than one instance of the slot's classes. Carried objects
 * are never qualified (they move). Where two instances share a room the room narrows the reading without settling it;
 * an instance that shares its room's class with another instance's room is never bound (`nameableByRoom`).
 */
export function roomQualifier(graph: EnvGraph, instruction: BoundInstruction): TextQualifier {
  const goal = instruction.def.goal;
  const ambiguous = (slot: Slot) =>
    new Set(slot.classes.flatMap((c) => [...instancesOf(graph, c)]).filter((id) => graph.roomOf(id) !== undefined))
      .size > 1;
  if (goal.kind === 'state') {
    return ambiguous(goal.object) ? { object: roomClassOf(graph, instruction.objects[0]) } : {};
  }
  return instruction.host !== undefined && ambiguous(goal.host) ? { host: roomClassOf(graph, instruction.host) } : {};
}

/** Not INSIDE a closed container (a room does not count). */
export function inPlainSight(graph: EnvGraph, id: number): boolean {
  for (const box of graph.targets(id, 'INSIDE')) if (!graph.isRoom(box) && graph.hasState(box, 'CLOSED')) return false;
  return true;
}

const isHeld = (graph: EnvGraph, id: number) =>
  graph.sources(id, 'HOLDS_RH').size > 0 || graph.sources(id, 'HOLDS_LH').size > 0;

/**
 * Whether the text can say which instance of the slot it means by naming its room (`roomQualifier`): not when another
 * instance of the slot's classes stands in another room of the same class ("the bookshelf in the bedroom" in a home
 * with two bedrooms, each with a bookshelf). Such an instance is not bound: the text would not say what is scored.
 */
function nameableByRoom(graph: EnvGraph, slot: Slot, id: number): boolean {
  const room = graph.roomOf(id);
  if (room === undefined) return false;
  const roomClass = roomClassOf(graph, id);
  return slot.classes.every((c) =>
    instancesOf(graph, c).every((other) => {
      const otherRoom = graph.roomOf(other);
      return otherRoom === undefined || otherRoom === room || roomClassOf(graph, other) !== roomClass;
    }),
  );
}

/** The class of the room a node is in (the catalog's name), if it is in one. */
function roomClassOf(graph: EnvGraph, id: number): string | undefined {
  const room = graph.roomOf(id);
  return room === undefined ? undefined : (catalogClass(graph.get(room).className)?.name ?? graph.get(room).className);
}

/** Candidates of a slot: instances in a room, those in the preferred room type first if any exist. */
function slotCandidates(graph: EnvGraph, slot: Slot, keep: (id: number) => boolean = () => true): number[] {
  const all = slot.classes
    .flatMap((c) => [...instancesOf(graph, c)])
    .filter((id) => graph.roomOf(id) !== undefined && keep(id));
  const unique = [...new Set(all)].sort((a, b) => a - b);
  if (slot.prefer) {
    const preferred = unique.filter((id) => graph.get(graph.roomOf(id)!).className === slot.prefer);
    if (preferred.length > 0) return preferred;
  }
  return unique;
}

/**
 * Places in plain sight where an object of the class may be left, other than `goalHost`: the catalog's hosts of the
 * class (ON any of them, INSIDE those that do not close), else (a class the catalog does not know) ON any piece of
 * furniture with a surface. Sorted by host id.
 */
export function relocationPlaces(graph: EnvGraph, className: string, goalHost: number): Place[] {
  const places: Place[] = [];
  const entry = catalogClass(className);
  for (const { relation, host } of entry ? placementsOf(entry) : []) {
    for (const id of instancesOf(graph, host)) {
      if (id === goalHost || graph.roomOf(id) === undefined) continue;
      if (relation === 'INSIDE' && graph.hasProperty(id, 'CAN_OPEN')) continue;
      places.push({ relation, host: id });
    }
  }
  if (places.length === 0) {
    for (const node of graph.nodes()) {
      const usable =
        node.properties.has('SURFACES') && !node.properties.has('GRABBABLE') && graph.roomOf(node.id) !== undefined;
      if (usable && node.id !== goalHost && !graph.isRoom(node.id)) places.push({ relation: 'ON', host: node.id });
    }
  }
  const unique = new Map(places.map((p) => [`${p.host}:${p.relation}`, p] as const));
  return [...unique.values()].sort((a, b) => a.host - b.host || (a.relation < b.relation ? -1 : 1));
}

/** What a definition could bind to in a home; an empty list means it does not fit. */
interface Options {
  objects: number[];
  hosts: number[];
}

function bindingOptions(def: InstructionDef, graph: EnvGraph): Options {
  const goal = def.goal;
  if (goal.kind === 'state') {
    const opposite = OPPOSITE_STATE[goal.state]!;
    const objects = slotCandidates(
      graph,
      goal.object,
      (id) =>
        (graph.hasState(id, goal.state) || graph.hasState(id, opposite)) && nameableByRoom(graph, goal.object, id),
    );
    return { objects, hosts: [] };
  }
  const hosts = slotCandidates(graph, goal.host, (id) => nameableByRoom(graph, goal.host, id));
  const objects = slotCandidates(
    graph,
    goal.object,
    (id) => inPlainSight(graph, id) && !isHeld(graph, id) && !hosts.includes(id),
  );
  return { objects, hosts };
}

/** Whether the instruction can be bound in this home (every slot has a candidate, the disturbance a place). */
export function fitsHome(def: InstructionDef, graph: EnvGraph): boolean {
  const { objects, hosts } = bindingOptions(def, graph);
  if (objects.length === 0) return false;
  if (def.goal.kind === 'state') return true;
  if (hosts.length === 0) return false;
  const className = def.goal.object.classes[0];
  return hosts.some((host) => relocationPlaces(graph, className, host).length > 0);
}

/** Binds a definition with the seed; undefined when it does not fit the home. */
export function bindInstruction(
  def: InstructionDef,
  graph: EnvGraph,
  rng: Rng,
  referents: Referents = 'one',
): BoundInstruction | undefined {
  if (!fitsHome(def, graph)) return undefined;
  const { objects, hosts } = bindingOptions(def, graph);
  const goal = def.goal;
  if (goal.kind === 'state') {
    const node = rng.pick(objects);
    const opposite = OPPOSITE_STATE[goal.state] as State;
    const execution = isIn(node, goal.state);
    return {
      id: def.id,
      def,
      objects: [node],
      query: def.phrasing === 'if' ? isIn(node, opposite) : not(execution),
      execution,
      disturbance: { kind: 'state', node, state: opposite },
    };
  }
  const className = goal.object.classes[0];
  const host = rng.pick(hosts.filter((h) => relocationPlaces(graph, className, h).length > 0));
  const movable = objects.filter((id) => id !== host);
  const quantity = goal.quantity === 'one' && referents === 'all' && movable.length > 1 ? 'all' : goal.quantity;
  const chosen = quantity === 'one' ? [rng.pick(movable)] : movable;
  const edges = chosen.map((id) => edge(id, goal.relation, host));
  const execution = edges.length === 1 ? edges[0] : and(...edges);
  return {
    id: def.id,
    def: quantity === goal.quantity ? def : Object.freeze({ ...def, goal: Object.freeze({ ...goal, quantity }) }),
    objects: chosen,
    host,
    query: not(execution),
    execution,
    disturbance: {
      kind: 'relocate',
      objects: chosen,
      goal: { relation: goal.relation, host },
      places: relocationPlaces(graph, className, host),
    },
  };
}

/** Groups of a set of definitions (an ungrouped definition is its own group), in first-appearance order. */
function groupKey(def: InstructionDef): string {
  return def.group ?? `:${def.id}`;
}

/** The instructions of a pool that fit a home, and the largest number that can be drawn together. */
export function homeScale(
  pool: readonly InstructionDef[],
  graph: EnvGraph,
): { fitting: InstructionDef[]; maxScale: number } {
  const fitting = pool.filter((def) => fitsHome(def, graph));
  return { fitting, maxScale: new Set(fitting.map(groupKey)).size };
}

/** Checks that `n` instructions can be drawn for the home; an InputError saying how many can otherwise. */
export function checkScale(pool: readonly InstructionDef[], graph: EnvGraph, n: number, homeName: string): void {
  const { fitting, maxScale } = homeScale(pool, graph);
  if (n <= maxScale) return;
  const domain = pool[0]?.domain ?? 'the';
  if (maxScale === 0) {
    const hint = domain === 'city' ? ": the city's deliveries need a city (hearth scene list)" : '';
    throw new InputError(`home ${homeName} fits none of the ${pool.length} ${domain} instructions${hint}`);
  }
  throw new InputError(
    `--instructions ${n}: home ${homeName} fits ${fitting.length} of the ${pool.length} ${domain} instructions, ` +
      `of which at most ${maxScale} can be drawn together (some exclude each other); use --instructions ${maxScale} or less`,
  );
}

/**
 * The episode's instructions: the fitting ones shuffled with the seed, keeping the first of each exclusion group,
 * until n; each bound with its own stream (`bind:<id>`), so the draw and every host are the same under either
 * reading of the referents. Throws an InputError when n is more than can be drawn.
 */
export function drawInstructions(
  pool: readonly InstructionDef[],
  graph: EnvGraph,
  n: number,
  rng: Rng,
  homeName = 'this home',
  referents: Referents = 'one',
): BoundInstruction[] {
  checkScale(pool, graph, n, homeName);
  const { fitting } = homeScale(pool, graph);
  const order = rng.fork('draw').shuffle(fitting);
  const groups = new Set<string>();
  const drawn: InstructionDef[] = [];
  for (const def of order) {
    if (drawn.length === n) break;
    if (groups.has(groupKey(def))) continue;
    groups.add(groupKey(def));
    drawn.push(def);
  }
  return drawn.map((def) => bindInstruction(def, graph, rng.fork(`bind:${def.id}`), referents)!);
}
