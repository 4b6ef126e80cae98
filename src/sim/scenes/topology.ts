/**
 * Reading a home's shape from its graph: which rooms a door or door jamb joins (VirtualHome's `door -BETWEEN-> room`
 * edges), whether every room can be reached, and a list of what breaks the conventions hearth's homes keep. Works
 * on any VirtualHome graph, generated or loaded.
 */
import { catalogClass } from '../catalog/index.js';
import type { EnvGraph } from '../graph.js';
import { CHARACTER_CLASS, OPPOSITE_STATE, type State } from '../vocabulary.js';

/** Classes whose nodes join two rooms through BETWEEN edges. */
export const PASSAGE_CLASSES: ReadonlySet<string> = new Set(['door', 'doorjamb', 'crossing']);

export interface RoomLink {
  /** The neighbouring room. */
  room: number;
  /** The door or door jamb between the two. */
  via: number;
}

/**
 * Adds a passage node (a `doorjamb` BETWEEN the two rooms, INSIDE the lower-id one) with the given id, so that
 * `roomAdjacency` reads the pair as adjacent: how an agent's own graph (a belief, a planning world) states the room
 * adjacency it was told.
 */
export function addPassage(graph: EnvGraph, id: number, a: number, b: number): void {
  graph.addNode({ id, className: 'doorjamb', category: 'Doors' });
  graph.addEdge(id, 'BETWEEN', a);
  graph.addEdge(id, 'BETWEEN', b);
  graph.addEdge(id, 'INSIDE', Math.min(a, b));
}

/**
 * For each room id, the rooms one passage away, sorted by room id then passage id. Passages that name fewer or more
 * than two rooms are ignored (VirtualHome has a few front doors that lead outside).
 */
export function roomAdjacency(graph: EnvGraph): Map<number, RoomLink[]> {
  const links = new Map<number, RoomLink[]>();
  for (const room of graph.rooms()) links.set(room, []);
  for (const className of PASSAGE_CLASSES) {
    for (const passage of graph.idsOfClass(className)) {
      const ends = [...graph.targets(passage, 'BETWEEN')].filter((id) => graph.isRoom(id));
      if (ends.length !== 2 || ends[0] === ends[1]) continue;
      links.get(ends[0])?.push({ room: ends[1], via: passage });
      links.get(ends[1])?.push({ room: ends[0], via: passage });
    }
  }
  for (const list of links.values()) list.sort((a, b) => a.room - b.room || a.via - b.via);
  return links;
}

/**
 * Adds the `passage -BETWEEN-> room` edges a graph lacks, from bounding boxes: the graphs VirtualHome 2.x's Unity
 * simulator exports (ProgPrompt's) have no BETWEEN edges, so their rooms look unconnected. A door or door jamb
 * without BETWEEN edges whose box overlaps exactly two rooms' boxes on the floor plane (x, z) joins them; one that
 * overlaps one room (a front door) stays as it is. Returns the number of passages joined.
 */
export function addPassagesFromBoxes(graph: EnvGraph): number {
  const rooms = graph
    .rooms()
    .map((id) => ({ id, box: graph.get(id).boundingBox }))
    .filter((r) => r.box);
  const overlaps = (a: { center: number[]; size: number[] }, b: { center: number[]; size: number[] }) =>
    [0, 2].every((i) => Math.abs(a.center[i] - b.center[i]) <= (a.size[i] + b.size[i]) / 2);
  let joined = 0;
  for (const className of [...PASSAGE_CLASSES].sort()) {
    for (const passage of [...graph.idsOfClass(className)].sort((a, b) => a - b)) {
      const box = graph.get(passage).boundingBox;
      if (!box || graph.targets(passage, 'BETWEEN').size > 0) continue;
      const ends = rooms.filter((r) => overlaps(box, r.box!)).map((r) => r.id);
      if (ends.length !== 2) continue;
      for (const room of ends) graph.addEdge(passage, 'BETWEEN', room);
      joined++;
    }
  }
  return joined;
}

/** Rooms reachable from `start` through passages (open or closed: doors do not lock), sorted by id. */
export function reachableRooms(graph: EnvGraph, start: number, adjacency = roomAdjacency(graph)): number[] {
  const seen = new Set<number>([start]);
  const frontier = [start];
  while (frontier.length > 0) {
    const room = frontier.pop()!;
    for (const link of adjacency.get(room) ?? []) {
      if (!seen.has(link.room)) {
        seen.add(link.room);
        frontier.push(link.room);
      }
    }
  }
  return [...seen].sort((a, b) => a - b);
}

export interface HomeCheckOptions {
  /** Also check nodes against hearth's catalog: known classes, states among the class's possible states. */
  catalog?: boolean;
}

/**
 * What in a home breaks hearth's conventions, one line per problem (empty when none):
 * exactly one character; every non-room node directly INSIDE exactly one room; every passage BETWEEN two rooms and
 * INSIDE one of them; every room reachable from every other; grabbable things ON a surface or INSIDE a container
 * (or held); ON targets with SURFACES, INSIDE targets (other than rooms) with CONTAINERS; no node in two opposite
 * states. Real VirtualHome scenes break some of these (objects on a floor, cycles of INSIDE edges); generated homes
 * break none.
 */
export function checkHome(graph: EnvGraph, options: HomeCheckOptions = {}): string[] {
  const problems: string[] = [];
  const label = (id: number) => `${graph.get(id).className} (${id})`;
  const characters = graph.idsOfClass(CHARACTER_CLASS);
  if (characters.length !== 1) problems.push(`the home has ${characters.length} characters, not 1`);
  const rooms = graph.rooms();
  if (rooms.length === 0) problems.push('the home has no rooms');

  const held = new Set<number>();
  for (const character of characters) {
    for (const id of graph.targets(character, 'HOLDS_RH')) held.add(id);
    for (const id of graph.targets(character, 'HOLDS_LH')) held.add(id);
  }

  for (const node of graph.nodes()) {
    if (graph.isRoom(node.id)) continue;
    const inside = [...graph.targets(node.id, 'INSIDE')];
    const directRooms = inside.filter((id) => graph.isRoom(id));
    if (directRooms.length !== 1) {
      problems.push(`${label(node.id)} is directly INSIDE ${directRooms.length} rooms, not 1`);
    }
    for (const to of graph.targets(node.id, 'ON')) {
      if (!graph.hasProperty(to, 'SURFACES') && to !== characters[0]) {
        problems.push(`${label(node.id)} is ON ${label(to)}, which has no SURFACES`);
      }
    }
    for (const to of inside) {
      if (!graph.isRoom(to) && !graph.hasProperty(to, 'CONTAINERS')) {
        problems.push(`${label(node.id)} is INSIDE ${label(to)}, which has no CONTAINERS`);
      }
    }
    if (node.properties.has('GRABBABLE') && !held.has(node.id)) {
      const resting = graph.targets(node.id, 'ON').size > 0 || inside.some((id) => !graph.isRoom(id));
      if (!resting) problems.push(`${label(node.id)} is grabbable but lies on nothing and in nothing`);
    }
    for (const state of node.states) {
      const opposite = OPPOSITE_STATE[state];
      if (opposite && node.states.has(opposite) && state < opposite) {
        problems.push(`${label(node.id)} is both ${state} and ${opposite}`);
      }
    }
    if (options.catalog) problems.push(...catalogProblems(graph, node.id));
  }

  const adjacency = roomAdjacency(graph);
  for (const className of PASSAGE_CLASSES) {
    for (const passage of graph.idsOfClass(className)) {
      const ends = [...graph.targets(passage, 'BETWEEN')].filter((id) => graph.isRoom(id));
      if (ends.length !== 2) problems.push(`${label(passage)} is BETWEEN ${ends.length} rooms, not 2`);
      else if (!ends.includes(graph.roomOf(passage) ?? -1)) {
        problems.push(`${label(passage)} is not INSIDE either room it joins`);
      }
    }
  }
  if (rooms.length > 0) {
    const reached = reachableRooms(graph, rooms[0], adjacency);
    for (const room of rooms) {
      if (!reached.includes(room)) problems.push(`${label(room)} cannot be reached from ${label(rooms[0])}`);
    }
  }
  return problems;
}

function catalogProblems(graph: EnvGraph, id: number): string[] {
  const node = graph.get(id);
  const entry = catalogClass(node.className);
  if (!entry) return [`${node.className} (${id}) is not a class of hearth's catalog`];
  const out: string[] = [];
  for (const state of node.states) {
    if (!entry.states.includes(state as State)) out.push(`${node.className} (${id}) cannot be ${state}`);
  }
  return out;
}

/** Counts for listings: rooms by class, all nodes, and the objects (nodes other than rooms, structure, characters). */
export function homeStats(graph: EnvGraph): { rooms: string[]; nodes: number; edges: number; objects: number } {
  const structural = new Set(['Rooms', 'Floor', 'Floors', 'Walls', 'Ceiling', 'Windows', 'Doors', 'Characters']);
  let objects = 0;
  for (const node of graph.nodes()) {
    if (!structural.has(node.category) && catalogClass(node.className)?.kind !== 'structure') objects++;
  }
  return {
    rooms: graph.rooms().map((id) => graph.get(id).className),
    nodes: graph.nodeCount,
    edges: graph.edgeCount,
    objects,
  };
}
