/**
 * The procedural home generator: from a seed, a VirtualHome-style environment graph of 4-6 rooms.
 *
 * It plans first and builds last. The plan draws the room list, a floor plan (layout.ts), doors that connect every
 * room, furniture from each room's program, small objects on or inside that furniture, the classes every home must
 * hold (programs.ts), initial states, and the character's room. Only then are node ids handed out, in a fixed order
 * (rooms, the character, doors, then each room's structure, furniture and objects), and the graph built. Every
 * random choice comes from a generator forked per stage, so a change in one stage does not reshuffle the others.
 */
import { InputError } from '../../util/errors.js';
import { Rng } from '../../util/rng.js';
import {
  type CatalogClass,
  catalogClass,
  isRoomType,
  isSmallObject,
  ROOM_TYPES,
  type RoomType,
  requireCatalogClass,
} from '../catalog/index.js';
import { type BoundingBox, EnvGraph } from '../graph.js';
import { OPPOSITE_STATE, type State } from '../vocabulary.js';
import { hubRoom, type PlannedDoor, type PlannedRoom, planDoors, planFloor } from './layout.js';
import {
  BASE_ROOMS,
  EXTRA_ROOMS,
  GUARANTEED_CLASSES,
  MAX_ROOMS,
  MIN_ROOMS,
  type ProgramItem,
  ROOM_PROGRAMS,
} from './programs.js';

export interface HomeOptions {
  /** Number of rooms, 4 to 6; drawn from the seed when absent. Ignored when `roomTypes` is given. */
  rooms?: number;
  /** The exact room list (1 to 8 rooms; kitchen, livingroom, bedroom, bathroom, dining_room, home_office). */
  roomTypes?: readonly RoomType[];
  /** Classes the home must not contain (e.g. a flat without a dishwasher). */
  omit?: readonly string[];
  /** The kind of room the character starts in; drawn from the seed when absent. */
  characterRoom?: RoomType;
}

/** A node before it has an id. */
interface PlanNode {
  readonly entry: CatalogClass;
  readonly room: number;
  readonly host?: PlanNode;
  readonly relation?: 'ON' | 'INSIDE';
  states: State[];
  box?: BoundingBox;
  /** For doors: the two rooms joined. */
  between?: readonly [number, number];
}

interface RoomPlan {
  readonly type: RoomType;
  readonly rect: PlannedRoom['rect'];
  readonly structure: PlanNode[];
  /** Furniture and appliances, hosts before the fixtures that stand on them. */
  readonly standing: PlanNode[];
  readonly objects: PlanNode[];
}

const MAX_SEED = 0xffffffff;
const MAX_HAND_ROOMS = 8;

/** Checks a seed given by a user: an integer from 0 to 2^32 - 1. */
export function checkSeed(seed: number, source = 'seed'): number {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
    throw new InputError(`${source} must be an integer from 0 to ${MAX_SEED}, got ${JSON.stringify(seed)}`);
  }
  return seed;
}

/** A home generated from a seed: the same seed and options give the same graph, byte for byte. */
export function generateHome(seed: number, options: HomeOptions = {}): EnvGraph {
  checkSeed(seed);
  const rng = new Rng(seed);
  const omitted = checkOmit(options.omit ?? []);
  const types = options.roomTypes
    ? checkRoomTypes(options.roomTypes)
    : drawRoomTypes(rng.fork('program'), options.rooms);

  const floor = planFloor(types, rng.fork('layout'));
  const rooms: RoomPlan[] = floor.rooms.map((room) => ({
    type: room.type,
    rect: room.rect,
    structure: [],
    standing: [],
    objects: [],
  }));
  const hub = hubRoom(floor.rooms);
  const doorPlans = planDoors(floor.rooms, floor.contacts, hub, rng.fork('doors'));
  const doors = doorPlans.map(doorNode);

  rooms.forEach((room, index) => {
    addStructure(room, index, rng.fork(`structure:${index}`));
    furnish(room, index, omitted, rng.fork(`furniture:${index}`));
  });
  rooms.forEach((_, index) => {
    fillRoom(rooms, index, omitted, rng.fork(`objects:${index}`));
  });
  ensureGuaranteed(rooms, omitted, rng.fork('guarantee'));
  const stateRng = rng.fork('states');
  for (const node of [...doors, ...rooms.flatMap((room) => [...room.structure, ...room.standing, ...room.objects])]) {
    node.states = initialStates(node, stateRng);
  }
  const characterRoom = pickCharacterRoom(rooms, options.characterRoom, rng.fork('character'));
  return buildGraph(rooms, doors, characterRoom);
}

// ---- options ----------------------------------------------------------------------------------------------------

function checkOmit(names: readonly string[]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const name of names) {
    const entry = catalogClass(name);
    if (!entry) throw new InputError(`cannot omit ${JSON.stringify(name)}: no such class in hearth's catalog`);
    if (!isSmallObject(entry) && entry.kind !== 'furniture' && entry.kind !== 'appliance') {
      throw new InputError(`cannot omit ${entry.name}: only furniture, appliances and objects can be left out`);
    }
    out.add(entry.name);
  }
  return out;
}

function checkRoomTypes(types: readonly string[]): RoomType[] {
  if (types.length < 1 || types.length > MAX_HAND_ROOMS) {
    throw new InputError(`a home needs 1 to ${MAX_HAND_ROOMS} rooms, got ${types.length}`);
  }
  for (const type of types) {
    if (!isRoomType(type)) {
      throw new InputError(`unknown room type ${JSON.stringify(type)} (known: ${ROOM_TYPES.join(', ')})`);
    }
  }
  return [...types] as RoomType[];
}

function drawRoomTypes(rng: Rng, count: number | undefined): RoomType[] {
  if (count !== undefined && (!Number.isInteger(count) || count < MIN_ROOMS || count > MAX_ROOMS)) {
    throw new InputError(`a generated home has ${MIN_ROOMS} to ${MAX_ROOMS} rooms, got ${JSON.stringify(count)}`);
  }
  const total = count ?? rng.range(MIN_ROOMS, MAX_ROOMS);
  return [...BASE_ROOMS, ...rng.sample(EXTRA_ROOMS, total - BASE_ROOMS.length)];
}

// ---- planning -----------------------------------------------------------------------------------------------------

function doorNode(door: PlannedDoor): PlanNode {
  const [x, z] = door.center;
  const size = door.axis === 'z' ? [0.1, 2, 0.9] : [0.9, 2, 0.1];
  return {
    entry: requireCatalogClass(door.className),
    room: door.insideRoom,
    states: [],
    box: { center: [x, 1, z], size },
    between: [door.a, door.b],
  };
}

function addStructure(room: RoomPlan, index: number, rng: Rng): void {
  for (const name of ['floor', 'wall', 'ceiling', 'light']) {
    room.structure.push({ entry: requireCatalogClass(name), room: index, states: [] });
  }
  if (rng.bool(ROOM_PROGRAMS[room.type].windowP)) {
    room.structure.push({ entry: requireCatalogClass('window'), room: index, states: [] });
  }
}

function drawCount(item: ProgramItem, rng: Rng): number {
  if (!rng.bool(item.p ?? 1)) return 0;
  const [lo, hi] = item.count ?? [1, 1];
  return rng.range(lo, hi);
}

function furnish(room: RoomPlan, index: number, omitted: ReadonlySet<string>, rng: Rng): void {
  for (const item of ROOM_PROGRAMS[room.type].furniture) {
    const count = drawCount(item, rng);
    if (omitted.has(item.cls)) continue;
    for (let i = 0; i < count; i++) addStanding(room, index, requireCatalogClass(item.cls), rng);
  }
}

/** Puts a standing piece in a room; a fixture needs its host piece there. Returns undefined when it cannot. */
function addStanding(room: RoomPlan, index: number, entry: CatalogClass, rng: Rng): PlanNode | undefined {
  let host: PlanNode | undefined;
  if (entry.on.length > 0) {
    const hosts = room.standing.filter((node) => entry.on.includes(node.entry.name));
    if (hosts.length === 0) return undefined;
    host = rng.pick(hosts);
  }
  const node: PlanNode = { entry, room: index, host, relation: host ? 'ON' : undefined, states: [] };
  room.standing.push(node);
  return node;
}

/** Pieces of furniture an object of this class may lie on or in, among `candidates`. */
function hostsFor(
  entry: CatalogClass,
  candidates: readonly PlanNode[],
): Array<{ host: PlanNode; relation: 'ON' | 'INSIDE' }> {
  const out: Array<{ host: PlanNode; relation: 'ON' | 'INSIDE' }> = [];
  for (const host of candidates) {
    if (entry.on.includes(host.entry.name)) out.push({ host, relation: 'ON' });
    if (entry.inside.includes(host.entry.name)) out.push({ host, relation: 'INSIDE' });
  }
  return out;
}

function addObject(entry: CatalogClass, hosts: ReturnType<typeof hostsFor>, rooms: RoomPlan[], rng: Rng): boolean {
  if (hosts.length === 0) return false;
  const { host, relation } = rng.pick(hosts);
  rooms[host.room].objects.push({ entry, room: host.room, host, relation, states: [] });
  return true;
}

function fillRoom(rooms: RoomPlan[], index: number, omitted: ReadonlySet<string>, rng: Rng): void {
  const room = rooms[index];
  for (const item of ROOM_PROGRAMS[room.type].objects) {
    const count = drawCount(item, rng);
    if (count === 0 || omitted.has(item.cls)) continue;
    const entry = requireCatalogClass(item.cls);
    const hosts = hostsFor(entry, room.standing);
    for (let i = 0; i < count; i++) if (!addObject(entry, hosts, rooms, rng)) break;
  }
}

function countOf(rooms: readonly RoomPlan[], name: string): number {
  let n = 0;
  for (const room of rooms) {
    for (const node of [...room.standing, ...room.objects]) if (node.entry.name === name) n++;
  }
  return n;
}

/**
 * Adds what the home must hold and does not yet: standing pieces in the first room of the most typical kind that
 * the home has (with their host piece when they stand on one), objects on any fitting host in the home.
 */
function ensureGuaranteed(rooms: RoomPlan[], omitted: ReadonlySet<string>, rng: Rng): void {
  for (const [name, min] of Object.entries(GUARANTEED_CLASSES)) {
    if (omitted.has(name)) continue;
    const entry = requireCatalogClass(name);
    for (let have = countOf(rooms, name); have < min; have++) {
      const added = isSmallObject(entry)
        ? addGuaranteedObject(rooms, entry, omitted, rng)
        : addGuaranteedStanding(rooms, entry, omitted, rng);
      if (!added) break;
    }
  }
}

/** Rooms where a standing class may go, most typical kind first, then in home order. */
function roomsFor(rooms: readonly RoomPlan[], entry: CatalogClass): number[] {
  const out: number[] = [];
  for (const type of entry.rooms) {
    rooms.forEach((room, index) => {
      if (room.type === type) out.push(index);
    });
  }
  return out;
}

function addGuaranteedStanding(
  rooms: RoomPlan[],
  entry: CatalogClass,
  omitted: ReadonlySet<string>,
  rng: Rng,
): boolean {
  const candidates = roomsFor(rooms, entry);
  if (candidates.length === 0) return false;
  if (entry.on.length === 0) return addStanding(rooms[candidates[0]], candidates[0], entry, rng) !== undefined;
  for (const index of candidates) {
    if (addStanding(rooms[index], index, entry, rng)) return true;
  }
  // No room has the piece it stands on: bring one into the first room that can take both.
  for (const index of candidates) {
    const hostName = entry.on.find(
      (name) => !omitted.has(name) && requireCatalogClass(name).rooms.includes(rooms[index].type),
    );
    if (!hostName) continue;
    addStanding(rooms[index], index, requireCatalogClass(hostName), rng);
    return addStanding(rooms[index], index, entry, rng) !== undefined;
  }
  return false;
}

function addGuaranteedObject(rooms: RoomPlan[], entry: CatalogClass, omitted: ReadonlySet<string>, rng: Rng): boolean {
  const allStanding = rooms.flatMap((room) => room.standing);
  if (addObject(entry, hostsFor(entry, allStanding), rooms, rng)) return true;
  // No host anywhere yet: add the first host class the home has room for, then place the object on it.
  for (const hostName of [...entry.on, ...entry.inside]) {
    if (omitted.has(hostName)) continue;
    const hostEntry = requireCatalogClass(hostName);
    if (isSmallObject(hostEntry)) continue;
    const index = roomsFor(rooms, hostEntry)[0];
    if (index === undefined) continue;
    const host = addStanding(rooms[index], index, hostEntry, rng);
    if (host) return addObject(entry, hostsFor(entry, [host]), rooms, rng);
  }
  return false;
}

// ---- states -------------------------------------------------------------------------------------------------------

/** How often a node starts away from its class's default state. */
const VARIATION = {
  /** A door starts closed. */
  doorClosed: 0.25,
  /** A container (cabinet, fridge, window...) starts open. */
  open: 0.15,
  /** A switchable thing that is off by default starts on (only if it is closed, when it opens). */
  on: 0.15,
  /** A room light starts off. */
  lightOff: 0.2,
  /** A washable thing starts dirty (always, in a sink or a laundry basket). */
  dirty: 0.2,
};

const DIRTY_PLACES: ReadonlySet<string> = new Set(['sink', 'basketforclothes', 'washingmachine', 'dishwasher']);

function setState(states: Set<State>, state: State): void {
  const opposite = OPPOSITE_STATE[state];
  if (opposite) states.delete(opposite);
  states.add(state);
}

/**
 * A node's first states: its class's defaults, varied with the seed. Plugs stay in (an unplugged TV would need a
 * skill that ExRAP's agents lack), and nothing that opens is both open and on.
 */
function initialStates(node: PlanNode, rng: Rng): State[] {
  const { entry } = node;
  const states = new Set<State>(entry.defaultStates);
  const can = (state: State) => entry.states.includes(state);
  if (entry.name === 'door') {
    if (rng.bool(VARIATION.doorClosed)) setState(states, 'CLOSED');
  } else if (can('OPEN') && rng.bool(VARIATION.open)) {
    setState(states, 'OPEN');
  }
  if (entry.name === 'light') {
    if (rng.bool(VARIATION.lightOff)) setState(states, 'OFF');
  } else if (can('ON') && states.has('OFF') && rng.bool(VARIATION.on) && !states.has('OPEN')) {
    setState(states, 'ON');
  }
  if (can('DIRTY') && !entry.rinsedOnly) {
    const dirtyPlace = node.host !== undefined && DIRTY_PLACES.has(node.host.entry.name);
    if (dirtyPlace || rng.bool(VARIATION.dirty)) setState(states, 'DIRTY');
  }
  return [...states];
}

function pickCharacterRoom(rooms: readonly RoomPlan[], type: RoomType | undefined, rng: Rng): number {
  if (type === undefined) return rng.int(rooms.length);
  const index = rooms.findIndex((room) => room.type === type);
  if (index < 0) {
    throw new InputError(
      `the character cannot start in a ${type}: the home has ${rooms.map((r) => r.type).join(', ')}`,
    );
  }
  return index;
}

// ---- building -----------------------------------------------------------------------------------------------------

/** Pieces that face what one watches or works at: sitting on the first puts the character facing the second. */
const FACING_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['sofa', 'tv'],
  ['bed', 'tv'],
  ['chair', 'computer'],
];

function roomBox(rect: PlannedRoom['rect']): BoundingBox {
  const r2 = (v: number) => Math.round(v * 100) / 100;
  return { center: [r2(rect.x + rect.w / 2), 1.25, r2(rect.z + rect.d / 2)], size: [rect.w, 2.5, rect.d] };
}

function buildGraph(rooms: readonly RoomPlan[], doors: readonly PlanNode[], characterRoom: number): EnvGraph {
  const graph = new EnvGraph();
  let nextId = 1;
  const ids = new Map<PlanNode, number>();
  const roomIds = rooms.map((room) => {
    const entry = requireCatalogClass(room.type);
    const id = nextId++;
    graph.addNode({ id, className: entry.name, category: entry.category, boundingBox: roomBox(room.rect) });
    return id;
  });
  const characterId = nextId++;
  graph.addNode({ id: characterId, className: 'character', category: requireCatalogClass('character').category });
  graph.addEdge(characterId, 'INSIDE', roomIds[characterRoom]);

  const addPlanned = (node: PlanNode) => {
    const id = nextId++;
    ids.set(node, id);
    graph.addNode({
      id,
      className: node.entry.name,
      category: node.entry.category,
      properties: node.entry.properties,
      states: node.states,
      boundingBox: node.box,
    });
    graph.addEdge(id, 'INSIDE', roomIds[node.room]);
    return id;
  };
  const close = (a: number, b: number) => {
    graph.addEdge(a, 'CLOSE', b);
    graph.addEdge(b, 'CLOSE', a);
  };

  for (const door of doors) {
    const id = addPlanned(door);
    for (const room of door.between ?? []) graph.addEdge(id, 'BETWEEN', roomIds[room]);
  }
  for (const room of rooms) {
    for (const node of room.structure) addPlanned(node);
    let previous: number | undefined;
    for (const node of room.standing) {
      const id = addPlanned(node);
      if (node.host) {
        const hostId = ids.get(node.host)!;
        graph.addEdge(id, node.relation!, hostId);
        close(id, hostId);
      } else {
        // Pieces stand along the walls in program order; neighbours are close to each other.
        if (previous !== undefined) close(previous, id);
        previous = id;
      }
    }
    for (const node of room.objects) {
      const id = addPlanned(node);
      const hostId = ids.get(node.host!)!;
      graph.addEdge(id, node.relation!, hostId);
      close(id, hostId);
    }
    for (const [seat, target] of FACING_PAIRS) {
      const seatNode = room.standing.find((node) => node.entry.name === seat);
      const targetNode = room.standing.find((node) => node.entry.name === target);
      if (seatNode && targetNode) graph.addEdge(ids.get(seatNode)!, 'FACING', ids.get(targetNode)!);
    }
  }
  return graph;
}
