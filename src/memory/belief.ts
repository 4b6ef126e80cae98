/**
 * A believed state: the home as an agent has seen it, kept as an EnvGraph so that everything that runs on the true
 * graph (conditions, the simulator's rules, planners) runs on the belief too. Every node the agent has seen is in it
 * with the states and the place it had when last seen; what it has never seen is not.
 *
 * The update from each observation follows the TEKG's contradiction rules (docs/memory.md), on a graph instead of
 * quadruples:
 * - a node in view takes the states it shows now;
 * - the edges of a node in view are those the observation shows (its old place, closeness, holding are replaced);
 * - negative evidence: a node the belief puts in the room in view, not hidden in a closed container, that is not in
 *   view, is not where the belief put it: it loses its place (ON/INSIDE/CLOSE edges) and stays known, placeless,
 *   until seen again (`isLost`);
 * - the room adjacency the agent is told becomes passage nodes (class `doorjamb`, negative ids) BETWEEN the two
 *   rooms, so that `roomAdjacency(belief.graph)` and planners read it as they read a home.
 *
 * It also remembers when each node was last seen and when each room was last in full view, which staleness-driven
 * agents need. Continual agents (the heuristics, ExRAP's baselines) and DANLI's symbolic state use it.
 */
import type { StateView } from '../sim/conditions.js';
import { EnvGraph } from '../sim/graph.js';
import type { Observation, ObservedNode } from '../sim/observation.js';
import { addPassage } from '../sim/scenes/topology.js';
import type { Relation, State } from '../sim/vocabulary.js';

/** What one update changed. */
export interface BeliefUpdate {
  readonly t: number;
  /** Nodes seen for the first time. */
  readonly added: readonly number[];
  /** Nodes in view whose states changed since last seen. */
  readonly changed: readonly number[];
  /** Nodes that lost their place by negative evidence. */
  readonly lost: readonly number[];
}

const PLACE_RELATIONS: readonly Relation[] = ['ON', 'INSIDE'];

export class Belief implements StateView {
  /** What the agent believes; do not mutate it from outside (use `tryChanges` to simulate on it). */
  readonly graph = new EnvGraph();
  private readonly seenAt = new Map<number, number>();
  private readonly roomViewedAt = new Map<number, number>();
  private readonly passages = new Map<string, number>();
  private character: number | undefined;
  private currentRoom: number | undefined;
  private time: number | undefined;

  /** Step of the latest observation. */
  get now(): number | undefined {
    return this.time;
  }

  /** The room the agent was in at the latest observation. */
  get room(): number | undefined {
    return this.currentRoom;
  }

  // ---- StateView ------------------------------------------------------------------------------------------------

  hasState(id: number, state: State): boolean {
    return this.graph.hasState(id, state);
  }

  hasEdge(from: number, relation: Relation, to: number): boolean {
    return this.graph.hasEdge(from, relation, to);
  }

  idsOfClass(className: string): readonly number[] {
    return this.graph.idsOfClass(className);
  }

  characterId(): number {
    if (this.character === undefined) throw new Error('the belief has not observed anything yet');
    return this.character;
  }

  // ---- what is known --------------------------------------------------------------------------------------------

  knows(id: number): boolean {
    return this.graph.has(id) && id >= 0;
  }

  /** The last step the node was in view, undefined if never. */
  lastSeen(id: number): number | undefined {
    return this.seenAt.get(id);
  }

  /** The last step the room was in full view (the agent stood in it), undefined if never. */
  roomSeen(room: number): number | undefined {
    return this.roomViewedAt.get(room);
  }

  /** The room the belief puts the node in (undefined: unknown or placeless). */
  roomOf(id: number): number | undefined {
    return this.graph.has(id) ? this.graph.roomOf(id) : undefined;
  }

  /** Known, but its place was contradicted and it has not been seen since. */
  isLost(id: number): boolean {
    return this.knows(id) && !this.graph.isRoom(id) && this.graph.roomOf(id) === undefined;
  }

  /** Known nodes without a place (see `isLost`), sorted. */
  lostNodes(): number[] {
    const out: number[] = [];
    for (const node of this.graph.nodes()) if (node.id >= 0 && this.isLost(node.id)) out.push(node.id);
    return out.sort((a, b) => a - b);
  }

  /** The closed container the belief hides the node in, if any. */
  hiddenIn(id: number): number | undefined {
    for (const box of this.graph.targets(id, 'INSIDE')) {
      if (!this.graph.isRoom(box) && this.graph.hasState(box, 'CLOSED')) return box;
    }
    return undefined;
  }

  /**
   * The last step the belief about the node was checked: when it was seen, or, for a node hidden in a closed
   * container, when the container was last seen (still closed, so nothing could be seen inside).
   */
  checkedAt(id: number): number | undefined {
    const seen = this.seenAt.get(id);
    const box = this.hiddenIn(id);
    const boxSeen = box === undefined ? undefined : this.seenAt.get(box);
    if (seen === undefined) return boxSeen;
    return boxSeen === undefined ? seen : Math.max(seen, boxSeen);
  }

  // ---- the update -----------------------------------------------------------------------------------------------

  /** Absorbs an observation made at step t; `adjacentRooms` (pairs of room ids) adds passages between rooms. */
  update(
    observation: Observation,
    t: number,
    adjacentRooms: readonly (readonly [number, number])[] = [],
  ): BeliefUpdate {
    if (this.time !== undefined && t < this.time) {
      throw new RangeError(`belief observation at step ${t} is older than the belief (step ${this.time})`);
    }
    this.time = t;
    this.character = observation.characterId;
    this.currentRoom = observation.roomId;
    const graph = this.graph;
    const visible = new Set<number>();
    const added: number[] = [];
    const changed: number[] = [];
    for (const node of observation.nodes) {
      visible.add(node.id);
      this.seenAt.set(node.id, t);
      if (!graph.has(node.id)) {
        graph.addNode({
          id: node.id,
          className: node.className,
          category: node.category,
          properties: node.properties,
          states: node.states,
        });
        added.push(node.id);
      } else if (syncStates(graph, node)) {
        changed.push(node.id);
      }
    }
    this.roomViewedAt.set(observation.roomId, t);

    // The observation is complete about the edges of what is in view (rooms aside: every room is "visible", but
    // only the current room's contents are in view, so a room's edges are left alone).
    for (const id of visible) {
      if (graph.isRoom(id)) continue;
      for (const [relation, targets] of [...graph.outgoing(id)]) {
        for (const to of [...targets]) graph.removeEdge(id, relation, to);
      }
    }
    for (const [from, relation, to] of observation.edges) graph.addEdge(from, relation, to);

    const lost = this.negativeEvidence(observation.roomId, visible);
    this.addPassages(adjacentRooms);
    return { t, added, changed, lost };
  }

  /** Nodes believed in the room in view, not hidden, and not seen: they lose their place. */
  private negativeEvidence(room: number, visible: ReadonlySet<number>): number[] {
    const graph = this.graph;
    const lost: number[] = [];
    const believedHere = [...graph.sources(room, 'INSIDE')].sort((a, b) => a - b);
    for (const id of believedHere) {
      if (visible.has(id) || id < 0 || graph.isRoom(id) || this.hiddenIn(id) !== undefined) continue;
      for (const relation of PLACE_RELATIONS) {
        for (const to of [...graph.targets(id, relation)]) graph.removeEdge(id, relation, to);
      }
      for (const to of [...graph.targets(id, 'CLOSE')]) graph.removeEdge(id, 'CLOSE', to);
      for (const from of [...graph.sources(id, 'CLOSE')]) graph.removeEdge(from, 'CLOSE', id);
      lost.push(id);
    }
    return lost;
  }

  /** One passage node per adjacent pair not yet known, so that the graph states the adjacency. */
  private addPassages(pairs: readonly (readonly [number, number])[]): void {
    for (const [a, b] of pairs) {
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      if (this.passages.has(key) || !this.graph.has(a) || !this.graph.has(b)) continue;
      const id = -(this.passages.size + 1);
      addPassage(this.graph, id, a, b);
      this.passages.set(key, id);
    }
  }
}

/** Makes a known node's states those observed; returns whether they changed. */
function syncStates(graph: EnvGraph, node: ObservedNode): boolean {
  const current = graph.get(node.id).states;
  let changed = false;
  for (const state of [...current]) {
    if (!node.states.includes(state)) changed = graph.removeState(node.id, state) || changed;
  }
  for (const state of node.states) changed = graph.addState(node.id, state) || changed;
  return changed;
}
