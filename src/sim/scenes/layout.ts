/**
 * Floor plans: rooms as axis-aligned rectangles that tile the home's outline (a guillotine partition: the outline
 * is cut in two, each part again, until every room has its own rectangle), the pairs of rooms that share a stretch
 * of wall wide enough for a door, and a door plan that connects every room. Units are metres; x and z are the floor
 * axes (VirtualHome's convention, y is up).
 */
import type { Rng } from '../../util/rng.js';
import type { RoomType } from '../catalog/types.js';

export interface Rect {
  /** Lowest x and z corner. */
  x: number;
  z: number;
  /** Extent along x and along z. */
  w: number;
  d: number;
}

export interface PlannedRoom {
  type: RoomType;
  rect: Rect;
}

interface RoomToPlace {
  type: RoomType;
  area: number;
  /** Position in the caller's room list, so that the plan can be returned in that order. */
  index: number;
}

/** Two rooms that share a wall segment (`from`..`to` along the shared axis) at least a door wide. */
export interface Contact {
  a: number;
  b: number;
  /** The wall line: x = `at` when `axis` is 'z' (the segment runs along z), z = `at` when `axis` is 'x'. */
  axis: 'x' | 'z';
  at: number;
  from: number;
  to: number;
}

export interface PlannedDoor {
  a: number;
  b: number;
  /** The room the door node lies INSIDE (VirtualHome puts a door in one of the two rooms it joins). */
  insideRoom: number;
  className: 'door' | 'doorjamb';
  center: [number, number];
  /** Along which floor axis the doorway runs. */
  axis: 'x' | 'z';
}

/** Typical floor areas in square metres, scaled by a random factor per home. */
export const ROOM_AREA: Readonly<Record<RoomType, number>> = {
  livingroom: 22,
  kitchen: 14,
  bedroom: 14,
  dining_room: 13,
  home_office: 10,
  bathroom: 7,
};

/** A doorway needs this much shared wall. */
export const DOOR_WIDTH = 0.9;
const MIN_SHARED_WALL = 1.2;
const MIN_ROOM_SIDE = 1.8;
const MAX_LAYOUT_ATTEMPTS = 48;
const EPS = 1e-6;

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Cuts the outline into one rectangle per room, in the given order. Each cut splits the room list where the two
 * halves' areas are closest to even and divides the longer side of the rectangle in proportion.
 */
export function sliceRooms(rect: Rect, rooms: readonly RoomToPlace[]): Array<PlannedRoom & { index: number }> {
  if (rooms.length === 1) return [{ type: rooms[0].type, rect, index: rooms[0].index }];
  const total = rooms.reduce((sum, room) => sum + room.area, 0);
  let best = 1;
  let bestGap = Number.POSITIVE_INFINITY;
  let running = 0;
  for (let k = 1; k < rooms.length; k++) {
    running += rooms[k - 1].area;
    const gap = Math.abs(running - total / 2);
    if (gap < bestGap - EPS) {
      bestGap = gap;
      best = k;
    }
  }
  const left = rooms.slice(0, best);
  const right = rooms.slice(best);
  const fraction = left.reduce((sum, room) => sum + room.area, 0) / total;
  if (rect.w >= rect.d) {
    const cut = round2(rect.w * fraction);
    return [
      ...sliceRooms({ x: rect.x, z: rect.z, w: cut, d: rect.d }, left),
      ...sliceRooms({ x: round2(rect.x + cut), z: rect.z, w: round2(rect.w - cut), d: rect.d }, right),
    ];
  }
  const cut = round2(rect.d * fraction);
  return [
    ...sliceRooms({ x: rect.x, z: rect.z, w: rect.w, d: cut }, left),
    ...sliceRooms({ x: rect.x, z: round2(rect.z + cut), w: rect.w, d: round2(rect.d - cut) }, right),
  ];
}

/** Pairs of rooms that share at least `MIN_SHARED_WALL` of wall, in (a, b) order with a < b. */
export function findContacts(rooms: readonly PlannedRoom[]): Contact[] {
  const contacts: Contact[] = [];
  for (let a = 0; a < rooms.length; a++) {
    for (let b = a + 1; b < rooms.length; b++) {
      const contact = sharedWall(rooms[a].rect, rooms[b].rect);
      if (contact && contact.to - contact.from >= MIN_SHARED_WALL - EPS) contacts.push({ a, b, ...contact });
    }
  }
  return contacts;
}

function sharedWall(p: Rect, q: Rect): Omit<Contact, 'a' | 'b'> | undefined {
  // A vertical wall (constant x): one rectangle ends where the other begins.
  for (const [at, touching] of [
    [p.x + p.w, Math.abs(p.x + p.w - q.x) < EPS],
    [p.x, Math.abs(q.x + q.w - p.x) < EPS],
  ] as const) {
    if (!touching) continue;
    const from = Math.max(p.z, q.z);
    const to = Math.min(p.z + p.d, q.z + q.d);
    if (to > from) return { axis: 'z', at: round2(at), from: round2(from), to: round2(to) };
  }
  for (const [at, touching] of [
    [p.z + p.d, Math.abs(p.z + p.d - q.z) < EPS],
    [p.z, Math.abs(q.z + q.d - p.z) < EPS],
  ] as const) {
    if (!touching) continue;
    const from = Math.max(p.x, q.x);
    const to = Math.min(p.x + p.w, q.x + q.w);
    if (to > from) return { axis: 'x', at: round2(at), from: round2(from), to: round2(to) };
  }
  return undefined;
}

/** True when every room is reachable from room 0 through the contacts. */
export function contactsConnect(roomCount: number, contacts: readonly Contact[]): boolean {
  const seen = new Set<number>([0]);
  const frontier = [0];
  while (frontier.length > 0) {
    const room = frontier.pop()!;
    for (const c of contacts) {
      const other = c.a === room ? c.b : c.b === room ? c.a : -1;
      if (other >= 0 && !seen.has(other)) {
        seen.add(other);
        frontier.push(other);
      }
    }
  }
  return seen.size === roomCount;
}

/**
 * How private a room is: a passage through a public room is fine, through a bedroom or office less so, through a
 * bathroom never when any other way exists. The door plan grows through the least private rooms first.
 */
const PRIVACY: Readonly<Record<RoomType, number>> = {
  livingroom: 0,
  kitchen: 0,
  dining_room: 0,
  home_office: 1,
  bedroom: 2,
  bathroom: 10,
};
/** Rooms whose doorways are real doors; open-plan rooms may instead be joined by a bare door jamb. */
const DOORED_ROOMS: ReadonlySet<RoomType> = new Set(['bathroom', 'bedroom', 'home_office']);

/**
 * The spanning tree of doorways grown from the hub: at each step, among the contacts from a reached room to an
 * unreached one, those leaving the least private room are preferred (ties drawn with `rng`, or the first when none).
 * Returns the contacts used and their cost: the summed privacy of the rooms one must pass through.
 */
function growTree(rooms: readonly PlannedRoom[], contacts: readonly Contact[], hub: number, rng?: Rng) {
  const reached = new Set<number>([hub]);
  const tree: Array<{ contact: Contact; into: number }> = [];
  const passedThrough = new Set<number>();
  const privacy = (room: number) => (room === hub ? 0 : PRIVACY[rooms[room].type]);
  for (;;) {
    const frontier = contacts.filter((c) => reached.has(c.a) !== reached.has(c.b));
    if (frontier.length === 0) break;
    const from = (c: Contact) => (reached.has(c.a) ? c.a : c.b);
    const least = Math.min(...frontier.map((c) => privacy(from(c))));
    const pool = frontier.filter((c) => privacy(from(c)) === least);
    const contact = rng ? rng.pick(pool) : pool[0];
    const into = reached.has(contact.a) ? contact.b : contact.a;
    if (from(contact) !== hub) passedThrough.add(from(contact));
    reached.add(into);
    tree.push({ contact, into });
  }
  let cost = 0;
  for (const room of passedThrough) cost += privacy(room);
  return { tree, cost, connected: reached.size === rooms.length };
}

/**
 * Chooses the doors: a spanning tree from the hub room (see `growTree`), so that every room is reachable, plus a
 * few extra doorways between adjacent rooms other than bathrooms, which keep a single door.
 */
export function planDoors(
  rooms: readonly PlannedRoom[],
  contacts: readonly Contact[],
  hub: number,
  rng: Rng,
): PlannedDoor[] {
  const { tree } = growTree(rooms, contacts, hub, rng);
  const used = new Set(tree.map((step) => step.contact));
  const doors = tree.map(({ contact, into }) => makeDoor(rooms, contact, into, rng));
  const isBathroom = (room: number) => rooms[room].type === 'bathroom';
  for (const contact of contacts) {
    if (used.has(contact) || isBathroom(contact.a) || isBathroom(contact.b)) continue;
    if (rng.bool(0.3)) doors.push(makeDoor(rooms, contact, contact.b, rng));
  }
  return doors;
}

/** The room most doors open from: the living room when there is one, else the largest room. */
export function hubRoom(rooms: readonly PlannedRoom[]): number {
  const living = rooms.findIndex((room) => room.type === 'livingroom');
  if (living >= 0) return living;
  let best = 0;
  rooms.forEach((room, index) => {
    if (room.rect.w * room.rect.d > rooms[best].rect.w * rooms[best].rect.d) best = index;
  });
  return best;
}

function makeDoor(rooms: readonly PlannedRoom[], contact: Contact, insideRoom: number, rng: Rng): PlannedDoor {
  const doored = DOORED_ROOMS.has(rooms[contact.a].type) || DOORED_ROOMS.has(rooms[contact.b].type);
  const className = doored || rng.bool(0.4) ? 'door' : 'doorjamb';
  const middle = round2((contact.from + contact.to) / 2);
  const center: [number, number] = contact.axis === 'z' ? [contact.at, middle] : [middle, contact.at];
  return { a: contact.a, b: contact.b, insideRoom, className, center, axis: contact.axis };
}

/**
 * A floor plan for the rooms: tries orders of the room list and keeps the first partition that gives every room a
 * usable shape, connects every room, and lets every room be reached without passing through a private one (else
 * the one that passes through the fewest). Rooms come back in the order of `types`. Deterministic for a given
 * generator state.
 */
export function planFloor(types: readonly RoomType[], rng: Rng): { rooms: PlannedRoom[]; contacts: Contact[] } {
  const areas: RoomToPlace[] = types.map((type, index) => ({
    type,
    area: ROOM_AREA[type] * (0.85 + 0.3 * rng.next()),
    index,
  }));
  const total = areas.reduce((sum, room) => sum + room.area, 0);
  let fallback: { rooms: PlannedRoom[]; contacts: Contact[] } | undefined;
  let best: { rooms: PlannedRoom[]; contacts: Contact[]; cost: number } | undefined;
  for (let attempt = 0; attempt < MAX_LAYOUT_ATTEMPTS; attempt++) {
    const aspect = 1.1 + 0.5 * rng.next();
    const width = round2(Math.sqrt(total * aspect));
    const depth = round2(total / width);
    const order = rng.shuffle(areas);
    const rooms = sliceRooms({ x: 0, z: 0, w: width, d: depth }, order)
      .sort((p, q) => p.index - q.index)
      .map(({ type, rect }) => ({ type, rect }));
    const contacts = findContacts(rooms);
    if (!contactsConnect(rooms.length, contacts)) continue;
    fallback ??= { rooms, contacts };
    if (!rooms.every((room) => Math.min(room.rect.w, room.rect.d) >= MIN_ROOM_SIDE)) continue;
    // Prefer plans where nobody walks through a bedroom or bathroom to reach another room.
    const { cost } = growTree(rooms, contacts, hubRoom(rooms));
    if (!best || cost < best.cost) best = { rooms, contacts, cost };
    if (cost === 0) break;
  }
  if (best) return { rooms: best.rooms, contacts: best.contacts };
  if (fallback) return fallback;
  // A strip of rooms side by side always connects; only reached if every attempt above failed.
  let x = 0;
  const depth = round2(Math.max(3, Math.sqrt(total / types.length)));
  const rooms = areas.map(({ type, area }) => {
    const w = round2(area / depth);
    const room = { type, rect: { x: round2(x), z: 0, w, d: depth } };
    x += w;
    return room;
  });
  return { rooms, contacts: findContacts(rooms) };
}
