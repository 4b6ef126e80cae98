/**
 * Scene pruning (DANLI section 3.3): the objects a household problem keeps, so that grounding and search see a few
 * dozen objects instead of a whole home. Kept are
 *
 * 1. the character and every room (walks go room to room);
 * 2. the objects the goal names, and every instance of the classes it quantifies over;
 * 3. what the character holds, with the places its grab memo says they came from;
 * 4. the supports and containers of everything kept, transitively (a mug in a closed cabinet needs the cabinet);
 * 5. when the character holds something, the surfaces and containers of its current room (a place to free a hand);
 * 6. the nodes the character is CLOSE to through which it is loosely close to a kept object (so that the problem's
 *    first state has the closeness the simulator's loose rule gives);
 * 7. what lies ON a kept node that can be sat or lain on (SIT and LIE refuse a seat that enough things are ON, a
 *    negative test that would pass wrongly over a problem without them);
 * 8. whatever the request asks to keep.
 *
 * Doors are not kept: the adjacency of rooms is a static fact computed from the whole graph, and doors never block.
 * Pruning keeps every plan executable (a plan over fewer objects is a plan of the home) but may make one longer or
 * impossible, where the short way uses a pruned object; `prune: false` plans over every node.
 */
import { grabOrigin } from '../../sim/actions/evaluate.js';
import { type Condition, mentionedNodes } from '../../sim/conditions.js';
import type { EnvGraph } from '../../sim/graph.js';

/** The benchmark's B.1 candidate lists leave these categories out; pruning and the domain do too. */
export const STRUCTURAL_CATEGORIES: ReadonlySet<string> = new Set([
  'Walls',
  'Floor',
  'Floors',
  'Ceiling',
  'Windows',
  'Doors',
  'Rooms',
  'Characters',
]);

export function heldObjects(graph: EnvGraph, characterId: number): number[] {
  return [...graph.targets(characterId, 'HOLDS_LH'), ...graph.targets(characterId, 'HOLDS_RH')];
}

/** The node ids a problem for `goal` keeps, sorted. */
export function relevantObjects(
  graph: EnvGraph,
  characterId: number,
  goal: Condition,
  keep: readonly number[] = [],
): number[] {
  const kept = new Set<number>([characterId, ...graph.rooms()]);
  const queue: number[] = [];
  const add = (id: number) => {
    if (!graph.has(id) || kept.has(id)) return;
    kept.add(id);
    queue.push(id);
  };
  for (const id of mentionedNodes(goal, graph)) add(id);
  const held = heldObjects(graph, characterId);
  for (const id of held) add(id);
  for (const id of keep) add(id);
  if (held.length > 0) {
    const room = graph.roomOf(characterId);
    if (room !== undefined) {
      for (const id of graph.sources(room, 'INSIDE')) {
        const node = graph.get(id);
        if (STRUCTURAL_CATEGORIES.has(node.category)) continue;
        if (node.properties.has('SURFACES') || node.properties.has('CONTAINERS')) add(id);
      }
    }
  }
  // Supports, containers and grab origins of everything kept, transitively; then what lies on a kept seat and what
  // the character is loosely close to a kept node through, and again their supports, until nothing is added (so that
  // pruning what pruning kept keeps the same: a mug the character stands at may lie in a sink).
  let head = 0;
  for (let added = true; added; ) {
    for (; head < queue.length; head++) {
      const id = queue[head];
      for (const to of graph.targets(id, 'ON')) add(to);
      for (const to of graph.targets(id, 'INSIDE')) if (!graph.isRoom(to)) add(to);
      const origin = grabOrigin(graph, id);
      if (origin) add(origin.origin);
    }
    const before = queue.length;
    // What is ON a seat or a bed: SIT and LIE count it.
    const occupants: number[] = [];
    for (const id of kept) {
      const node = graph.get(id);
      if (!node.properties.has('SITTABLE') && !node.properties.has('LIEABLE')) continue;
      for (const on of graph.sources(id, 'ON')) if (!kept.has(on)) occupants.push(on);
    }
    for (const id of occupants) add(id);
    // What makes the character loosely close to a kept node now: a CLOSE neighbour that is CLOSE to it or bears it.
    const via: number[] = [];
    for (const near of graph.targets(characterId, 'CLOSE')) {
      if (kept.has(near)) continue;
      for (const id of kept) {
        if (graph.hasEdge(near, 'CLOSE', id) || graph.hasEdge(id, 'ON', near)) {
          via.push(near);
          break;
        }
      }
    }
    for (const id of via) add(id);
    added = queue.length > before;
  }
  return [...kept].sort((a, b) => a - b);
}
