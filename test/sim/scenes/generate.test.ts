import { describe, expect, it } from 'vitest';
import { catalogClass, requireCatalogClass } from '../../../src/sim/catalog/index.js';
import type { EnvGraph } from '../../../src/sim/graph.js';
import { graphFromJson, graphToJson } from '../../../src/sim/graph-io.js';
import {
  checkHome,
  GUARANTEED_CLASSES,
  generateHome,
  MAX_ROOMS,
  MIN_ROOMS,
  reachableRooms,
  roomAdjacency,
} from '../../../src/sim/scenes/index.js';
import { InputError } from '../../../src/util/errors.js';

const SEEDS = Array.from({ length: 200 }, (_, i) => i * 7919 + 3);
const homes = new Map<number, EnvGraph>(SEEDS.map((seed) => [seed, generateHome(seed)]));

/** The objects each of ExRAP's 19 VirtualHome instructions (Table A.1) acts on or names as a destination. */
const TABLE_A1: ReadonlyArray<readonly string[]> = [
  ['tv'],
  ['apple', 'desk'],
  ['book', 'sofa'],
  ['dishwasher'],
  ['microwave'],
  ['stove'],
  ['mug', 'coffeetable'],
  ['plate', 'microwave'],
  ['towel', 'washingmachine'],
  ['towel', 'closet'],
  ['computer'],
  ['cabinet'],
  ['book', 'bookshelf'],
  ['stove'],
  ['paper', 'cabinet'],
  ['mug', 'microwave'],
  ['radio'],
  ['plate', 'dishwasher'],
  ['microwave'],
];

const text = (g: EnvGraph) => JSON.stringify(graphToJson(g));

describe('generateHome', () => {
  it('gives the same home, byte for byte, for the same seed', () => {
    for (const seed of SEEDS.slice(0, 20)) expect(text(generateHome(seed))).toBe(text(homes.get(seed)!));
  });

  it('gives different homes for different seeds', () => {
    const texts = new Set(SEEDS.map((seed) => text(homes.get(seed)!)));
    expect(texts.size).toBe(SEEDS.length);
  });

  it('writes graphs that pass graph-io validation and read back identically', () => {
    for (const g of homes.values()) {
      const json = graphToJson(g);
      expect(text(graphFromJson(JSON.parse(JSON.stringify(json))))).toBe(JSON.stringify(json));
    }
  });

  it('keeps every convention checkHome knows, catalog states included, for 200 seeds', () => {
    for (const [seed, g] of homes) expect(checkHome(g, { catalog: true }), `seed ${seed}`).toEqual([]);
  });

  it('builds 4 to 6 rooms, one character in a room, and a lean graph with compact ids', () => {
    const roomCounts = new Set<number>();
    for (const [seed, g] of homes) {
      const rooms = g.rooms();
      roomCounts.add(rooms.length);
      expect(rooms.length).toBeGreaterThanOrEqual(MIN_ROOMS);
      expect(rooms.length).toBeLessThanOrEqual(MAX_ROOMS);
      expect(g.characters()).toHaveLength(1);
      expect(g.isRoom(g.roomOf(g.characterId())!)).toBe(true);
      expect(g.nodeCount, `seed ${seed}`).toBeLessThan(300);
      expect(g.edgeCount, `seed ${seed}`).toBeLessThan(4 * g.nodeCount);
      const ids = [...g.nodes()].map((n) => n.id);
      expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
      for (const type of ['kitchen', 'livingroom', 'bedroom', 'bathroom']) {
        expect(rooms.map((id) => g.get(id).className)).toContain(type);
      }
    }
    expect([...roomCounts].sort()).toEqual([4, 5, 6]);
  });

  it('connects every room to every room through doors or door jambs that join adjacent rooms', () => {
    for (const [seed, g] of homes) {
      const rooms = g.rooms();
      for (const room of rooms)
        expect(reachableRooms(g, room), `seed ${seed}`).toEqual([...rooms].sort((a, b) => a - b));
      for (const [room, links] of roomAdjacency(g)) {
        for (const link of links) {
          // The passage lies on the wall the two rooms share (within rounding).
          const door = g.get(link.via).boundingBox!.center;
          for (const r of [room, link.room]) {
            const box = g.get(r).boundingBox!;
            const [cx, , cz] = box.center;
            const [w, , d] = box.size;
            expect(
              Math.abs(door[0] - cx) <= w / 2 + 0.02 && Math.abs(door[2] - cz) <= d / 2 + 0.02,
              `seed ${seed}`,
            ).toBe(true);
          }
        }
      }
    }
  });

  it('lays rooms out without overlap', () => {
    for (const [seed, g] of homes) {
      const boxes = g.rooms().map((id) => g.get(id).boundingBox!);
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const overlapX =
            Math.min(boxes[i].center[0] + boxes[i].size[0] / 2, boxes[j].center[0] + boxes[j].size[0] / 2) -
            Math.max(boxes[i].center[0] - boxes[i].size[0] / 2, boxes[j].center[0] - boxes[j].size[0] / 2);
          const overlapZ =
            Math.min(boxes[i].center[2] + boxes[i].size[2] / 2, boxes[j].center[2] + boxes[j].size[2] / 2) -
            Math.max(boxes[i].center[2] - boxes[i].size[2] / 2, boxes[j].center[2] - boxes[j].size[2] / 2);
          expect(overlapX > 0.02 && overlapZ > 0.02, `seed ${seed}: rooms ${i} and ${j} overlap`).toBe(false);
        }
      }
    }
  });

  it('gives a bathroom a single door', () => {
    for (const [seed, g] of homes) {
      const adjacency = roomAdjacency(g);
      for (const room of g.idsOfClass('bathroom')) expect(adjacency.get(room), `seed ${seed}`).toHaveLength(1);
    }
  });

  it('puts every object of ExRAP Table A.1 (and the other guaranteed classes) in every home', () => {
    const needed = new Set(TABLE_A1.flat());
    for (const name of needed) expect(Object.keys(GUARANTEED_CLASSES), name).toContain(name);
    for (const [seed, g] of homes) {
      for (const [name, min] of Object.entries(GUARANTEED_CLASSES)) {
        expect(g.idsOfClass(name).length, `seed ${seed}: ${name}`).toBeGreaterThanOrEqual(min);
      }
    }
  });

  it('places grabbable things on a fitting surface or container of their own room; nothing is open and on', () => {
    const wrong: string[] = [];
    for (const [seed, g] of homes) {
      for (const node of g.nodes()) {
        const where = `seed ${seed}: ${node.className} (${node.id})`;
        if (node.properties.has('GRABBABLE')) {
          const hosts = [
            ...g.targets(node.id, 'ON'),
            ...[...g.targets(node.id, 'INSIDE')].filter((id) => !g.isRoom(id)),
          ];
          if (hosts.length !== 1) {
            wrong.push(`${where} has ${hosts.length} hosts`);
            continue;
          }
          const host = hosts[0];
          const entry = requireCatalogClass(node.className);
          if (g.roomOf(host) !== g.roomOf(node.id)) wrong.push(`${where} lies on a host in another room`);
          if (![...entry.on, ...entry.inside].includes(g.get(host).className)) {
            wrong.push(`${where} lies on or in ${g.get(host).className}`);
          }
          // The executor finds what lies on or in a host close to it.
          if (!g.hasEdge(node.id, 'CLOSE', host) || !g.hasEdge(host, 'CLOSE', node.id))
            wrong.push(`${where} not CLOSE`);
        }
        if (node.states.has('OPEN') && node.states.has('ON')) wrong.push(`${where} is open and on`);
        if (node.states.has('PLUGGED_OUT')) wrong.push(`${where} is unplugged`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('puts furniture in rooms the catalog allows and fixtures on their host', () => {
    const wrong: string[] = [];
    for (const [seed, g] of homes) {
      for (const node of g.nodes()) {
        const entry = catalogClass(node.className);
        if (!entry) {
          wrong.push(`seed ${seed}: ${node.className} is not in the catalog`);
          continue;
        }
        if (entry.kind !== 'furniture' && entry.kind !== 'appliance') continue;
        const room = g.get(g.roomOf(node.id)!).className;
        if (!(entry.rooms as readonly string[]).includes(room))
          wrong.push(`seed ${seed}: ${node.className} in ${room}`);
        const on = [...g.targets(node.id, 'ON')].map((id) => g.get(id).className);
        if (entry.on.length > 0 && !(on.length === 1 && entry.on.includes(on[0]))) {
          wrong.push(`seed ${seed}: ${node.className} on ${on.join(', ') || 'nothing'}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('makes the living room sofa face the TV', () => {
    for (const [seed, g] of homes) {
      const living = g.idsOfClass('livingroom')[0];
      const sofa = g.idsOfClass('sofa').find((id) => g.roomOf(id) === living)!;
      const tv = g.idsOfClass('tv').find((id) => g.roomOf(id) === living)!;
      expect(g.hasEdge(sofa, 'FACING', tv), `seed ${seed}`).toBe(true);
    }
  });

  it('varies initial states with the seed: some containers open, some switches on, some dishes dirty', () => {
    const seen = { open: 0, on: 0, dirty: 0, closedDoor: 0 };
    for (const g of homes.values()) {
      for (const node of g.nodes()) {
        if (node.className !== 'door' && node.states.has('OPEN')) seen.open++;
        if (node.className !== 'light' && node.states.has('ON')) seen.on++;
        if (node.states.has('DIRTY')) seen.dirty++;
        if (node.className === 'door' && node.states.has('CLOSED')) seen.closedDoor++;
      }
    }
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(50);
  });

  it('follows the options: room count, room list, omitted classes, character room', () => {
    for (const rooms of [4, 5, 6]) expect(generateHome(11, { rooms }).rooms()).toHaveLength(rooms);
    const g = generateHome(11, {
      roomTypes: ['kitchen', 'bathroom', 'home_office'],
      omit: ['dishwasher', 'mug'],
      characterRoom: 'bathroom',
    });
    expect(g.rooms().map((id) => g.get(id).className)).toEqual(['kitchen', 'bathroom', 'home_office']);
    expect(g.idsOfClass('dishwasher')).toEqual([]);
    expect(g.idsOfClass('mug')).toEqual([]);
    expect(g.get(g.roomOf(g.characterId())!).className).toBe('bathroom');
    // No living room and no bedroom: the TV and the closet find no room, the desk goes to the office.
    expect(g.idsOfClass('tv')).toEqual([]);
    expect(g.get(g.roomOf(g.idsOfClass('desk')[0])!).className).toBe('home_office');
    expect(checkHome(g, { catalog: true })).toEqual([]);
  });

  it('rejects bad seeds and options with an InputError', () => {
    for (const seed of [-1, 1.5, 2 ** 32, Number.NaN]) expect(() => generateHome(seed)).toThrow(InputError);
    for (const rooms of [3, 7, 4.5]) expect(() => generateHome(1, { rooms })).toThrow(/4 to 6 rooms/);
    expect(() => generateHome(1, { roomTypes: ['kitchen', 'attic' as never] })).toThrow(/unknown room type "attic"/);
    expect(() => generateHome(1, { roomTypes: [] })).toThrow(InputError);
    expect(() => generateHome(1, { omit: ['spaceship'] })).toThrow(/spaceship/);
    expect(() => generateHome(1, { omit: ['kitchen'] })).toThrow(InputError);
    expect(() => generateHome(1, { roomTypes: ['kitchen', 'bathroom'], characterRoom: 'bedroom' })).toThrow(
      /cannot start in a bedroom/,
    );
  });
});
