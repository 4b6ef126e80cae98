/**
 * LLM-State's observation (paper 002, section III-A and appendix A): the names of the objects seen so far with one IN
 * or ON relation each (`'towel3 ON towel1'`, `'radio1 IN bookshelf1'`, `'lightswitch1 IN bathroom1'`), the containers
 * and surfaces among them, the rooms, what the robot holds, the room it is in and what it is close to. The list is
 * cumulative (an object keeps the place it was last seen at) and carries no states: the paper's robot sees names and
 * relations only, so that whether a fridge is open or a light on must be inferred from what the robot did.
 *
 * The listing also keeps where each object was first seen and when, and which rooms the robot has stood in: what an
 * offline state estimator needs to replay the history from step 0. Properties (what a class affords) are kept for the
 * offline roles, standing in for a model's common sense ("a fridge can be opened"); they are never states.
 */
import type { Observation } from '../../sim/observation.js';
import type { Property } from '../../sim/vocabulary.js';
import { STRUCTURE_CATEGORIES } from '../prompting/object-names.js';
import type { PaperNames } from './names.js';

/** Where an object was seen: ON or IN a host (an object, or the room itself), or held by the robot. */
export interface Placement {
  readonly relation: 'IN' | 'ON' | 'HELD';
  /** The host node (the room for IN a room; the character for HELD). */
  readonly host: number;
  readonly room: number;
}

export interface ListedObject {
  readonly id: number;
  readonly className: string;
  readonly category: string;
  readonly properties: readonly Property[];
  /** Where it was last seen. */
  place: Placement;
  seenAt: number;
  /** Where it was first seen, and when. */
  readonly first: Placement & { readonly t: number };
}

/** How much of the listing a prompt shows (shrunk when a prompt does not fit the model's context). */
export interface ListingBudget {
  /** Objects in the object list (those in the robot's room and the `keep` ones first). */
  readonly objects: number;
  /** Whether the container and surface lists are shown. */
  readonly furniture: boolean;
}

export const FULL_LISTING: ListingBudget = Object.freeze({ objects: Number.POSITIVE_INFINITY, furniture: true });

const has = (properties: readonly string[], property: string) => properties.includes(property);

export class ObjectListing {
  private readonly objects = new Map<number, ListedObject>();
  private readonly rooms = new Map<number, string>();
  private readonly visited = new Map<number, number>();
  private character = -1;
  private room = -1;
  private holding: number[] = [];
  private close: number[] = [];
  /** What the robot was close to at its first observation (undefined before it). */
  private firstClose: readonly number[] | undefined;
  private adjacency: readonly (readonly [number, number])[] = [];

  /** Absorbs the observation of step t, with the room adjacency the agent is told. */
  observe(observation: Observation, t: number, adjacentRooms: readonly (readonly [number, number])[] = []): void {
    this.adjacency = adjacentRooms;
    this.character = observation.characterId;
    this.room = observation.roomId;
    if (!this.visited.has(observation.roomId)) this.visited.set(observation.roomId, t);
    const byId = new Map(observation.nodes.map((n) => [n.id, n]));
    const isRoom = (id: number) => byId.get(id)?.category === 'Rooms';
    const on = new Map<number, number>();
    const inside = new Map<number, number>();
    const held: number[] = [];
    const close: number[] = [];
    for (const [from, relation, to] of observation.edges) {
      if (from === observation.characterId) {
        if (relation === 'HOLDS_RH' || relation === 'HOLDS_LH') held.push(to);
        if (relation === 'CLOSE' && !isRoom(to)) close.push(to);
        continue;
      }
      if (relation === 'ON' && !isRoom(to) && !on.has(from)) on.set(from, to);
      if (relation === 'INSIDE' && !isRoom(to) && !inside.has(from)) inside.set(from, to);
    }
    this.holding = [...new Set(held)].sort((a, b) => a - b);
    this.close = [...new Set(close)].sort((a, b) => a - b);
    this.firstClose ??= this.close;
    for (const node of observation.nodes) {
      if (node.category === 'Rooms') {
        this.rooms.set(node.id, node.className);
        continue;
      }
      if (node.id === observation.characterId || STRUCTURE_CATEGORIES.has(node.category)) continue;
      const place: Placement = this.holding.includes(node.id)
        ? { relation: 'HELD', host: observation.characterId, room: observation.roomId }
        : on.has(node.id)
          ? { relation: 'ON', host: on.get(node.id)!, room: observation.roomId }
          : inside.has(node.id)
            ? { relation: 'IN', host: inside.get(node.id)!, room: observation.roomId }
            : { relation: 'IN', host: observation.roomId, room: observation.roomId };
      const known = this.objects.get(node.id);
      if (known) {
        known.place = place;
        known.seenAt = t;
      } else {
        this.objects.set(node.id, {
          id: node.id,
          className: node.className,
          category: node.category,
          properties: node.properties,
          place,
          seenAt: t,
          first: { ...place, t },
        });
      }
    }
  }

  /** Pairs of adjacent room ids, as the agent is told. */
  get adjacentRooms(): readonly (readonly [number, number])[] {
    return this.adjacency;
  }

  get characterId(): number {
    return this.character;
  }

  get currentRoom(): number {
    return this.room;
  }

  /** What the robot holds now, by id. */
  get held(): readonly number[] {
    return this.holding;
  }

  /** What the robot is close to now, by id. */
  get closeTo(): readonly number[] {
    return this.close;
  }

  /** What the robot was close to at the start (an episode may start beside things: TEACh's EDH). */
  get closeAtStart(): readonly number[] {
    return this.firstClose ?? [];
  }

  get(id: number): ListedObject | undefined {
    return this.objects.get(id);
  }

  /** Every object seen, by id. */
  all(): ListedObject[] {
    return [...this.objects.values()].sort((a, b) => a.id - b.id);
  }

  /** Room ids with their classes, by id. */
  roomList(): { id: number; className: string }[] {
    return [...this.rooms.entries()].map(([id, className]) => ({ id, className })).sort((a, b) => a.id - b.id);
  }

  isRoom(id: number): boolean {
    return this.rooms.has(id);
  }

  /** The step the robot first stood in the room, undefined if never. */
  visitedAt(room: number): number | undefined {
    return this.visited.get(room);
  }

  /** The room an object was last seen in (a room is its own). */
  roomOf(id: number): number | undefined {
    if (this.rooms.has(id)) return id;
    return this.objects.get(id)?.place.room;
  }

  /**
   * The observation block of LLM-State's prompts: object, container and surface lists, rooms, holding, current room
   * and what the robot is close to, names as `names` gives them. With a budget, the object list keeps the objects of
   * the current room and those in `keep` first, and says how many it leaves out.
   */
  render(names: PaperNames, budget: ListingBudget = FULL_LISTING, keep: ReadonlySet<number> = new Set()): string {
    const name = (id: number) => names.name(id);
    const where = (o: ListedObject) =>
      o.place.relation === 'HELD' ? `${name(o.id)} IN hand` : `${name(o.id)} ${o.place.relation} ${name(o.place.host)}`;
    const all = this.all();
    const ranked = [...all].sort(
      (a, b) =>
        Number(keep.has(b.id)) - Number(keep.has(a.id)) ||
        Number(b.place.room === this.room) - Number(a.place.room === this.room) ||
        b.seenAt - a.seenAt ||
        a.id - b.id,
    );
    const shown = new Set(ranked.slice(0, Math.max(0, budget.objects)).map((o) => o.id));
    const objects = all.filter((o) => shown.has(o.id)).map(where);
    const left = all.length - objects.length;
    const lines = [`Object List: ${pyList(objects)}${left > 0 ? ` (and ${left} more)` : ''}`];
    if (budget.furniture) {
      const roomOfIt = (o: ListedObject) => `${name(o.id)} IN ${name(o.place.room)}`;
      lines.push(`Container List: ${pyList(all.filter((o) => has(o.properties, 'CONTAINERS')).map(roomOfIt))}`);
      lines.push(`Surface List: ${pyList(all.filter((o) => has(o.properties, 'SURFACES')).map(roomOfIt))}`);
    }
    lines.push(
      `Room List: ${pyList(this.roomList().map((r) => name(r.id)))}`,
      `Current Holding: ${pyList(this.holding.map(name))}`,
      `Current Room: ${name(this.room)}`,
      `You are close to: ${pyList(this.close.filter((id) => this.objects.has(id)).map(name))}`,
    );
    return lines.join('\n');
  }

  /** The objects of the robot's room now (the scene Inner Monologue describes), by id. */
  inRoom(room = this.room): ListedObject[] {
    return this.all().filter((o) => o.place.room === room);
  }
}

/** `['a', 'b']`, as the paper's prompts print Python lists. */
export function pyList(items: readonly string[]): string {
  return `[${items.map((i) => `'${i}'`).join(', ')}]`;
}
