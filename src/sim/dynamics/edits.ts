/**
 * Edits of the world that come from outside the agent (a resident moving things, switching things off): graph
 * changes that leave the graph as the action rules would, so that every later step runs on a valid state.
 *
 * - `setState` gives a node a state and takes its opposite away (ON/OFF, OPEN/CLOSED, ...).
 * - `moveObject` moves a small object that nobody holds to a new place: its old ON/INSIDE edges (the room's
 *   included) and its CLOSE edges (both ways) go, as when GRAB lifts it; it lies ON or INSIDE the new host, INSIDE
 *   the host's room, CLOSE to the host both ways, as PUTBACK/PUTIN leave it; a character standing close to the host
 *   becomes close to it too (as the walk rule makes a character close to what a container holds). Whatever lies on
 *   or in the object moves room with it.
 */
import type { EnvGraph } from '../graph.js';
import { OPPOSITE_STATE, type State } from '../vocabulary.js';

/** Where an object lies: ON a surface or INSIDE a container. */
export interface Place {
  readonly relation: 'ON' | 'INSIDE';
  readonly host: number;
}

/** Gives `id` the state and removes its opposite; returns whether anything changed. */
export function setState(graph: EnvGraph, id: number, state: State): boolean {
  const opposite = OPPOSITE_STATE[state];
  const removed = opposite !== undefined && graph.removeState(id, opposite);
  const added = graph.addState(id, state);
  return removed || added;
}

/** The characters holding `id` (in either hand). */
export function holdersOf(graph: EnvGraph, id: number): number[] {
  return [...graph.sources(id, 'HOLDS_RH'), ...graph.sources(id, 'HOLDS_LH')].sort((a, b) => a - b);
}

/** Where the object lies now (its non-room ON and INSIDE targets), sorted. */
export function placesOf(graph: EnvGraph, id: number): Place[] {
  const out: Place[] = [];
  for (const relation of ['ON', 'INSIDE'] as const) {
    for (const host of graph.targets(id, relation)) if (!graph.isRoom(host)) out.push({ relation, host });
  }
  return out.sort((a, b) => a.host - b.host || (a.relation < b.relation ? -1 : a.relation > b.relation ? 1 : 0));
}

/** Moves an object nobody holds to `place` (see the module comment). Throws on a held object or a bad place. */
export function moveObject(graph: EnvGraph, id: number, place: Place): void {
  if (holdersOf(graph, id).length > 0) throw new Error(`cannot move ${label(graph, id)}: a character holds it`);
  if (place.host === id) throw new Error(`cannot put ${label(graph, id)} ${place.relation} itself`);
  const room = graph.roomOf(place.host);
  if (room === undefined) throw new Error(`cannot move ${label(graph, id)}: ${label(graph, place.host)} is in no room`);
  for (const relation of ['ON', 'INSIDE'] as const) {
    for (const to of [...graph.targets(id, relation)]) graph.removeEdge(id, relation, to);
  }
  for (const to of [...graph.targets(id, 'CLOSE')]) graph.removeEdge(id, 'CLOSE', to);
  for (const from of [...graph.sources(id, 'CLOSE')]) graph.removeEdge(from, 'CLOSE', id);

  graph.addEdge(id, place.relation, place.host);
  graph.addEdge(id, 'INSIDE', room);
  linkClose(graph, id, place.host);
  for (const character of graph.characters()) {
    if (graph.hasEdge(character, 'CLOSE', place.host)) linkClose(graph, character, id);
  }
  moveContents(graph, id, room, new Set([id]));
}

function linkClose(graph: EnvGraph, a: number, b: number): void {
  graph.addEdge(a, 'CLOSE', b);
  graph.addEdge(b, 'CLOSE', a);
}

/** What lies on or in `id` follows it into `room` (INSIDE edges to rooms replaced). */
function moveContents(graph: EnvGraph, id: number, room: number, seen: Set<number>): void {
  const contents = [...graph.sources(id, 'ON'), ...graph.sources(id, 'INSIDE')].sort((a, b) => a - b);
  for (const inner of contents) {
    if (seen.has(inner) || graph.isRoom(inner)) continue;
    seen.add(inner);
    for (const to of [...graph.targets(inner, 'INSIDE')]) if (graph.isRoom(to)) graph.removeEdge(inner, 'INSIDE', to);
    graph.addEdge(inner, 'INSIDE', room);
    moveContents(graph, inner, room, seen);
  }
}

const label = (graph: EnvGraph, id: number) => `<${graph.node(id)?.className ?? 'node'}> (${id})`;
