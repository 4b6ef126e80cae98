/**
 * Frames of a replayed episode: frame f is the world after f steps (frame 0: the start), as the episode viewer draws
 * it. A frame holds where the agent is (its room, the piece it walked to, what it holds), what it sees (the
 * observation's nodes), and the nodes whose place or states differ from the frame before; frame 0 lists every
 * tracked node, so a client folds the changes up to f to get the world at f.
 */
import type { EnvGraph } from '../../sim/graph.js';
import { observe } from '../../sim/observe.js';
import type { Skill } from '../../sim/skill.js';

/** Where a node is: on or in a host, held by the character, or simply in a room (`host` is then the room). */
export interface NodePlace {
  readonly id: number;
  readonly where: 'ON' | 'INSIDE' | 'HELD' | 'ROOM';
  readonly host: number | null;
  readonly states: readonly string[];
}

export interface Frame {
  readonly room: number;
  /** The piece (or the host of the object) the agent last walked to in this room; null: the middle of the room. */
  readonly near: number | null;
  readonly holding: readonly number[];
  /** What the agent sees (the observation's nodes, rooms and the character left out). */
  readonly visible: readonly number[];
  readonly changes: readonly NodePlace[];
}

/** Categories not tracked: the building and the agent itself. */
const UNTRACKED = new Set(['Rooms', 'Characters', 'Floor', 'Floors', 'Walls', 'Ceiling']);

/** Takes frames of one episode's world as it is replayed. */
export class FrameRecorder {
  private readonly tracked: number[];
  private readonly last = new Map<number, string>();
  private near: number | null = null;

  constructor(
    private readonly graph: EnvGraph,
    private readonly characterId: number,
    private readonly walkAction: string,
    /** Nodes the world shows beyond the character's room (the city's street, `SkillSet.inSight`). */
    private readonly inSight?: (graph: EnvGraph, characterId: number) => number[],
  ) {
    this.tracked = [...graph.nodes()]
      .filter((node) => !UNTRACKED.has(node.category))
      .map((node) => node.id)
      .sort((a, b) => a - b);
  }

  /** The frame after a step (`skill` and its success), or the start frame without one. */
  capture(step?: { skill: Skill; success: boolean }): Frame {
    const graph = this.graph;
    const room = graph.roomOf(this.characterId) ?? -1;
    if (step?.success && step.skill.action === this.walkAction) {
      const target = step.skill.objects[step.skill.objects.length - 1];
      this.near = target !== undefined && graph.has(target) && !graph.isRoom(target) ? this.pieceOf(target) : null;
    }
    if (this.near !== null && graph.roomOf(this.near) !== room) this.near = null;
    const changes: NodePlace[] = [];
    for (const id of this.tracked) {
      const place = this.placeOf(id);
      const key = `${place.where}:${place.host}:${place.states.join(',')}`;
      if (this.last.get(id) === key) continue;
      this.last.set(id, key);
      changes.push(place);
    }
    const holding = [...graph.targets(this.characterId, 'HOLDS_RH'), ...graph.targets(this.characterId, 'HOLDS_LH')];
    const visible = observe(graph, this.characterId, this.inSight?.(graph, this.characterId))
      .nodes.map((node) => node.id)
      .filter((id) => id !== this.characterId && !graph.isRoom(id));
    return { room, near: this.near, holding, visible, changes };
  }

  /** A small thing stands for the piece it lies on or in (what the plan draws); a piece for itself. */
  private pieceOf(id: number): number {
    const graph = this.graph;
    let current = id;
    for (let depth = 0; depth < 4; depth++) {
      if (!graph.get(current).properties.has('GRABBABLE')) return current;
      const host = this.hostOf(current);
      if (host === undefined) return current;
      current = host;
    }
    return current;
  }

  private hostOf(id: number): number | undefined {
    for (const relation of ['ON', 'INSIDE'] as const) {
      for (const host of this.graph.targets(id, relation)) if (!this.graph.isRoom(host)) return host;
    }
    return undefined;
  }

  private placeOf(id: number): NodePlace {
    const graph = this.graph;
    const states = [...graph.get(id).states].sort();
    if (graph.hasEdge(this.characterId, 'HOLDS_RH', id) || graph.hasEdge(this.characterId, 'HOLDS_LH', id)) {
      return { id, where: 'HELD', host: this.characterId, states };
    }
    for (const relation of ['ON', 'INSIDE'] as const) {
      for (const host of graph.targets(id, relation)) {
        if (!graph.isRoom(host)) return { id, where: relation, host, states };
      }
    }
    return { id, where: 'ROOM', host: graph.roomOf(id) ?? null, states };
  }
}
