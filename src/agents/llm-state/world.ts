/**
 * The world the offline policy plans in: the observation's geometry (every object seen, at the place it was last
 * seen; what the robot holds and is close to; the rooms and their adjacency) with the states the estimate gives
 * (`attributes.ts`), as an EnvGraph the household planner and the subgoal predicates run on.
 *
 * A state the estimate does not give is unknown, and a planner needs a value. The policy assumes the one that makes
 * it act: for the things the goal wants in a state, the opposite (a light the goal wants off is taken to be on, so
 * the plan switches it off; if it was off already the switch fails and the estimator concludes it), and for the
 * rest the catalog's usual state (a cabinet closed, an appliance off and plugged in, a dish clean). The robot never
 * sees states, so this is where its common sense stands in.
 */

import type { TaskReading } from '../../language/tasks.js';
import { catalogClass } from '../../sim/catalog/index.js';
import { DerivedStates } from '../../sim/derived-states.js';
import { EnvGraph } from '../../sim/graph.js';
import { addPassage } from '../../sim/scenes/topology.js';
import type { WorldView } from '../../sim/subgoals.js';
import { OPPOSITE_STATE, type State } from '../../sim/vocabulary.js';
import type { ObjectListing } from '../primitives/listing.js';
import type { PaperNames } from '../primitives/names.js';
import { readAttribute } from './attributes.js';
import type { LlmState } from './roles.js';

export interface PlanningWorld extends WorldView {
  /** Actions that failed on an object for no known cause (`cannot_pickup`): the policy prefers other instances. */
  readonly cannot: ReadonlyMap<number, ReadonlySet<string>>;
}

const STATE_PAIRS: readonly (readonly [State, State])[] = [
  ['CLOSED', 'OPEN'],
  ['OFF', 'ON'],
  ['CLEAN', 'DIRTY'],
  ['PLUGGED_IN', 'PLUGGED_OUT'],
];

const GOAL_STATE: Readonly<Record<string, State>> = {
  isOpen: 'OPEN',
  isClosed: 'CLOSED',
  isToggledOn: 'ON',
  isToggledOff: 'OFF',
  isClean: 'CLEAN',
};

/** The geometry of the listing as a graph (no states). */
function geometry(listing: ObjectListing): EnvGraph {
  const graph = new EnvGraph();
  for (const room of listing.roomList()) graph.addNode({ id: room.id, className: room.className, category: 'Rooms' });
  const character = listing.characterId;
  graph.addNode({ id: character, className: 'character', category: 'Characters' });
  graph.addEdge(character, 'INSIDE', listing.currentRoom);
  const objects = listing.all();
  for (const o of objects) {
    graph.addNode({ id: o.id, className: o.className, category: o.category, properties: o.properties });
  }
  const hands = ['HOLDS_RH', 'HOLDS_LH'] as const;
  let hand = 0;
  for (const o of objects) {
    graph.addEdge(o.id, 'INSIDE', o.place.room);
    if (o.place.relation === 'HELD') {
      if (hand < hands.length) graph.addEdge(character, hands[hand++], o.id);
    } else if (o.place.host !== o.place.room && graph.has(o.place.host)) {
      graph.addEdge(o.id, o.place.relation === 'ON' ? 'ON' : 'INSIDE', o.place.host);
    }
  }
  for (const id of listing.closeTo) {
    if (!graph.has(id)) continue;
    graph.addEdge(character, 'CLOSE', id);
    graph.addEdge(id, 'CLOSE', character);
  }
  listing.adjacentRooms.forEach(([a, b], i) => {
    if (graph.has(a) && graph.has(b)) addPassage(graph, -(i + 1), a, b);
  });
  return graph;
}

/** For each object id the state the goal wants of it (the policy assumes the opposite while it is unknown). */
function goalStates(graph: EnvGraph, reading: TaskReading | undefined): Map<number, State> {
  const wanted = new Map<number, State>();
  for (const spec of reading?.subgoals ?? []) {
    const state = GOAL_STATE[spec.predicate];
    if (!state) continue;
    for (const className of spec.patient) {
      for (const id of graph.idsOfClass(className)) wanted.set(id, state);
    }
  }
  return wanted;
}

export function planningWorld(
  listing: ObjectListing,
  names: PaperNames,
  state: LlmState | undefined,
  reading: TaskReading | undefined,
): PlanningWorld {
  const graph = geometry(listing);
  const derived = new DerivedStates();
  const cannot = new Map<number, Set<string>>();
  const facts: [string, string][] = [
    ...(state?.summary?.notes ?? []).map((n) => [n.object, n.attribute] as [string, string]),
    ...[...(state?.objects ?? new Map<string, readonly string[]>()).entries()].flatMap(([object, attributes]) =>
      attributes.map((a) => [object, a] as [string, string]),
    ),
  ];
  for (const [object, text] of facts) {
    const match = names.resolve(object);
    if (match?.by !== 'name' || !graph.has(match.id)) continue;
    const attribute = readAttribute(text);
    if (!attribute) continue;
    const id = match.id;
    if (attribute.kind === 'state') {
      const opposite = OPPOSITE_STATE[attribute.state];
      if (opposite) graph.removeState(id, opposite);
      graph.addState(id, attribute.state);
    } else if (attribute.kind === 'derived') {
      derived.add(id, attribute.state);
      // every heater that heats food cooks it, and cooked food is heated (the simulator's rules)
      const food = catalogClass(graph.node(id)?.className ?? '')?.kind === 'food';
      if (food && attribute.state === 'heated') derived.add(id, 'cooked');
      if (attribute.state === 'cooked') derived.add(id, 'heated');
    } else {
      const set = cannot.get(id) ?? new Set<string>();
      set.add(attribute.verb);
      cannot.set(id, set);
    }
  }
  const wanted = goalStates(graph, reading);
  for (const node of graph.nodes()) {
    const entry = catalogClass(node.className);
    const possible = new Set<string>(entry?.states ?? []);
    for (const pair of STATE_PAIRS) {
      if (!pair.some((s) => possible.has(s)) || pair.some((s) => node.states.has(s))) continue;
      const goal = wanted.get(node.id);
      const assumed =
        goal !== undefined && pair.includes(goal) ? OPPOSITE_STATE[goal]! : usual(pair, entry?.defaultStates);
      graph.addState(node.id, assumed);
    }
  }
  return { graph, derived, cannot };
}

/** The catalog's usual state of the pair (its first state when the catalog names none). */
function usual(pair: readonly [State, State], defaults: readonly State[] | undefined): State {
  return pair.find((s) => defaults?.includes(s)) ?? pair[0];
}
