/**
 * From what the simulator shows the agent (`Observation`: visible nodes and the edges among them) to the TEKG's
 * o_{t+1}. What is recorded:
 *  - object states: `(tv.142, is, off, t)` for every visible object, the character included (`sitting`, `lying`);
 *  - placements: `inside` and `on` edges between objects, and from objects to rooms (`(mug.5, on, table.3, t)`,
 *    `(mug.5, inside, kitchen.11, t)`);
 *  - the agent: its room (from `roomId`), what it holds (`holds_rh`, `holds_lh`), what it is close to, what it sits on
 *    or lies inside/on;
 *  - room adjacency, when the caller knows it (`(kitchen.11, adjacent, bedroom.22, t)`, lower id first).
 * What is left out as noise: walls, floors and ceilings (and every edge to them, so `on floor` disappears; the object
 * keeps its room), CLOSE / FACING / BETWEEN edges between objects, edges that point at the character (the mirror of
 * the character's own CLOSE edges), and the character's FACING edges.
 */
import type { Observation, ObservedNode } from '../sim/observation.js';
import { CHARACTER_CLASS, ROOM_CATEGORY } from '../sim/vocabulary.js';
import { InputError } from '../util/errors.js';
import { entityName, type Fact, type TekgObservation, type TekgRelation } from './quadruple.js';

/** Node categories that are building structure, not things: never entities of the TEKG. */
export const NOISE_CATEGORIES: ReadonlySet<string> = new Set(['Walls', 'Floor', 'Floors', 'Ceiling']);

export interface ObservationFactOptions {
  /** Pairs of adjacent room ids the agent knows; each becomes one `adjacent` fact. */
  readonly roomAdjacency?: readonly (readonly [number, number])[];
}

/** Relations of the character's own edges that the TEKG keeps, and their names there. */
const AGENT_EDGE: Readonly<Partial<Record<string, TekgRelation>>> = {
  INSIDE: 'inside',
  ON: 'on',
  HOLDS_RH: 'holds_rh',
  HOLDS_LH: 'holds_lh',
  CLOSE: 'close',
  SITTING: 'sitting',
};

/** The TEKG observation of step `t` made from a simulator observation. */
export function tekgObservation(
  observation: Observation,
  t: number,
  options: ObservationFactOptions = {},
): TekgObservation {
  const nodes = new Map<number, ObservedNode>(observation.nodes.map((n) => [n.id, n]));
  const name = (node: ObservedNode) => entityName(node.className, node.id);
  const isRoom = (node: ObservedNode) => node.category === ROOM_CATEGORY;
  const isNoise = (node: ObservedNode) => NOISE_CATEGORIES.has(node.category);

  const characterNode = nodes.get(observation.characterId);
  const agent = entityName(characterNode?.className ?? CHARACTER_CLASS, observation.characterId);
  const roomNode = nodes.get(observation.roomId);
  if (!roomNode || !isRoom(roomNode)) {
    throw new InputError(`observation: the agent's room ${observation.roomId} is not a visible room node`);
  }
  const room = name(roomNode);

  const rooms: string[] = [];
  const visible: string[] = [];
  const facts: Fact[] = [{ source: agent, relation: 'inside', target: room }];
  for (const node of observation.nodes) {
    if (isRoom(node)) rooms.push(name(node));
    else if (!isNoise(node)) {
      visible.push(name(node));
      for (const state of node.states) facts.push({ source: name(node), relation: 'is', target: state.toLowerCase() });
    }
  }

  for (const [fromId, relation, toId] of observation.edges) {
    const from = nodes.get(fromId);
    const to = nodes.get(toId);
    if (!from || !to || isNoise(from) || isNoise(to) || toId === observation.characterId) continue;
    if (fromId === observation.characterId) {
      const tekgRelation = AGENT_EDGE[relation];
      // The agent's room comes from roomId; a CLOSE edge to a room says nothing.
      if (tekgRelation === undefined || isRoom(to)) continue;
      facts.push({ source: agent, relation: tekgRelation, target: name(to) });
    } else if ((relation === 'INSIDE' || relation === 'ON') && !isRoom(from)) {
      facts.push({ source: name(from), relation: relation === 'INSIDE' ? 'inside' : 'on', target: name(to) });
    }
  }

  for (const [a, b] of options.roomAdjacency ?? []) {
    const first = nodes.get(Math.min(a, b));
    const second = nodes.get(Math.max(a, b));
    if (!first || !second || !isRoom(first) || !isRoom(second)) {
      throw new InputError(`observation: room adjacency (${a}, ${b}) names a node that is not a visible room`);
    }
    facts.push({ source: name(first), relation: 'adjacent', target: name(second) });
  }

  return { t, agent, room, rooms, visible, facts };
}
