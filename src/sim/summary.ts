/**
 * A readable summary of a home: its rooms, what each holds (with states), and the character's place. Used by
 * `hearth sim show` and `hearth scene show`.
 */
import type { EnvGraph, GraphNode } from './graph.js';
import { CHARACTER_CLASS, ROOM_CATEGORY } from './vocabulary.js';

/** Categories that are building structure rather than things an agent deals with. */
const STRUCTURE = new Set(['Walls', 'Floor', 'Floors', 'Ceiling', 'Windows', 'Doors']);

export interface SummaryOptions {
  /** List wall, floor, ceiling, window and door nodes too (default false). */
  structure?: boolean;
}

export function describeGraph(graph: EnvGraph, options: SummaryOptions = {}): string {
  const lines: string[] = [];
  const rooms = graph.rooms();
  lines.push(`${graph.nodeCount} nodes, ${graph.edgeCount} edges, ${rooms.length} rooms`);
  const byRoom = new Map<number, GraphNode[]>(rooms.map((r) => [r, []]));
  for (const node of graph.nodes()) {
    if (node.category === ROOM_CATEGORY) continue;
    if (!options.structure && STRUCTURE.has(node.category)) continue;
    const room = graph.roomOf(node.id);
    if (room !== undefined) byRoom.get(room)?.push(node);
  }
  for (const room of rooms) {
    const node = graph.get(room);
    const things = byRoom.get(room) ?? [];
    lines.push('', `${node.className} (${room}): ${things.length} objects`);
    for (const thing of things.sort((a, b) => a.className.localeCompare(b.className) || a.id - b.id)) {
      lines.push(`  ${label(thing)}${placement(graph, thing)}`);
    }
  }
  return lines.join('\n');
}

function label(node: GraphNode): string {
  const states = node.states.size > 0 ? ` [${[...node.states].sort().join(', ')}]` : '';
  const who = node.className === CHARACTER_CLASS ? ' (character)' : '';
  return `${node.className} (${node.id})${states}${who}`;
}

/** Where a thing lies beyond its room: inside or on another object. */
function placement(graph: EnvGraph, node: GraphNode): string {
  const parts: string[] = [];
  for (const to of graph.targets(node.id, 'INSIDE')) {
    if (!graph.isRoom(to)) parts.push(`in ${graph.get(to).className} (${to})`);
  }
  for (const to of graph.targets(node.id, 'ON')) parts.push(`on ${graph.get(to).className} (${to})`);
  return parts.length > 0 ? ` - ${parts.join(', ')}` : '';
}
