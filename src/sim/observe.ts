/**
 * What a character sees: the reference's partial observation (VirtualHome's `get_visible_nodes`). Visible are the
 * nodes of the character's room (everything reached from the room by INSIDE edges, at any depth) that are not
 * INSIDE a closed container, every room, and what the character holds; the edges are those between visible nodes.
 *
 * The reference walks INSIDE edges without remembering where it has been and loops forever on a cycle (most 2019
 * VirtualHome graphs contain INSIDE 2-cycles); here each node is visited once.
 */
import { roomOf } from './actions/evaluate.js';
import { sortEdges } from './diff.js';
import type { Edge, EnvGraph } from './graph.js';
import type { Observation, ObservedNode } from './observation.js';

export function observe(graph: EnvGraph, characterId: number, also: readonly number[] = []): Observation {
  const roomId = roomOf(graph, characterId) ?? graph.roomOf(characterId);
  if (roomId === undefined) throw new RangeError(`character ${characterId} is not in any room`);

  // `also`: nodes a world shows beyond the room (the city's buildings along the street), with what is inside them.
  const visible = new Set<number>(also);
  const seen = new Set<number>([roomId, ...also]);
  const queue = [roomId, ...also];
  for (let head = 0; head < queue.length; head++) {
    for (const inner of graph.sources(queue[head], 'INSIDE')) {
      if (seen.has(inner)) continue;
      seen.add(inner);
      queue.push(inner);
      if (!isHidden(graph, inner)) visible.add(inner);
    }
  }
  for (const room of graph.rooms()) visible.add(room);
  for (const hand of ['HOLDS_RH', 'HOLDS_LH'] as const)
    for (const held of graph.targets(characterId, hand)) visible.add(held);

  const ids = [...visible].sort((a, b) => a - b);
  const nodes: ObservedNode[] = ids.map((id) => {
    const node = graph.get(id);
    return {
      id,
      className: node.className,
      category: node.category,
      properties: [...node.properties].sort(),
      states: [...node.states].sort(),
    };
  });
  const edges: Edge[] = [];
  for (const from of ids) {
    for (const [relation, targets] of graph.outgoing(from)) {
      for (const to of targets) if (visible.has(to)) edges.push([from, relation, to]);
    }
  }
  return { characterId, roomId, nodes, edges: sortEdges(edges) };
}

/** INSIDE a container that is not a room and is CLOSED: out of view (SemGro's scene of a graph asks it too). */
export function isHidden(graph: EnvGraph, id: number): boolean {
  for (const box of graph.targets(id, 'INSIDE')) if (!graph.isRoom(box) && graph.hasState(box, 'CLOSED')) return true;
  return false;
}
