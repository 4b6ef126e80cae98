import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CATALOG,
  type CatalogClass,
  canonicalClassName,
  catalogClass,
  classesOfKind,
  isCityClass,
  isSmallObject,
  isStanding,
  normalizeClassName,
  placementsOf,
  ROOM_TYPES,
  requireCatalogClass,
} from '../../../src/sim/catalog/index.js';
import { isProperty, isState, OPPOSITE_STATE, type State } from '../../../src/sim/vocabulary.js';
import { describeWithShared, sharedPath } from '../../helpers/shared-data.js';

/** Objects named by ExRAP's continual instructions, Table A.1 (VirtualHome) and Table A.2 (ALFRED), paper 000. */
const EXRAP_OBJECTS = [
  'tv',
  'apple',
  'desk',
  'book',
  'sofa',
  'dishwasher',
  'microwave',
  'stove',
  'mug',
  'coffeetable',
  'plate',
  'towel',
  'washingmachine',
  'closet',
  'computer',
  'cabinet',
  'paper',
  'floor',
  'radio',
  'alarmclock',
  'sink',
  'bookshelf',
];

/** Objects of LLM-State's Table I tasks (paper 002), as the task sentences name them. */
const LLM_STATE_OBJECTS = [
  'light',
  'bedroom',
  'fridge',
  'book',
  'desk',
  'computer',
  'magazine',
  'bed',
  'toaster',
  'breadslice',
  'milk',
  'microwave',
  'toothbrush',
  'face cream',
  'bathroom cabinet',
  'kitchen table',
  'kitchen cabinet',
  'wine glass',
  'juice',
];

/** Object types TEACh's task definitions name (DANLI's copy), plus the usual parameters of its X tasks. */
const TEACH_OBJECTS = [
  'Bathtub',
  'Book',
  'BreadSliced',
  'Bread',
  'Candle',
  'CounterTop',
  'Drawer',
  'EggCracked',
  'Faucet',
  'HousePlant',
  'Knife',
  'Laptop',
  'LightSwitch',
  'Mug',
  'Sink',
  'SoapBar',
  'Spatula',
  'WritingUtensils',
  'Plate',
  'Bowl',
  'Cup',
  'Pot',
  'Pan',
  'Potato',
  'Tomato',
  'Lettuce',
  'Apple',
  'CoffeeMachine',
  'Toaster',
  'Microwave',
  'Fridge',
  'StoveBurner',
  'DiningTable',
  'CoffeeTable',
  'SideTable',
  'Cabinet',
  'Shelf',
  'Chair',
  'Sofa',
  'ArmChair',
  'Bed',
  'Dresser',
  'Desk',
  'Television',
  'RemoteControl',
  'Pillow',
  'Towel',
  'HandTowel',
  'ToiletPaper',
  'SoapBottle',
  'Cloth',
  'DishSponge',
  'SaltShaker',
  'PepperShaker',
  'Fork',
  'Spoon',
  'ButterKnife',
  'Newspaper',
  'KeyChain',
  'CreditCard',
  'CellPhone',
  'Vase',
  'Box',
  'GarbageCan',
  'Egg',
  'WineBottle',
  'Kettle',
  'AlarmClock',
  'DeskLamp',
  'FloorLamp',
  'Pencil',
  'Pen',
  'Glasses',
];

const PAIRS: ReadonlyArray<readonly [string, State, State]> = [
  ['CAN_OPEN', 'CLOSED', 'OPEN'],
  ['HAS_SWITCH', 'OFF', 'ON'],
  ['HAS_PLUG', 'PLUGGED_IN', 'PLUGGED_OUT'],
];

describe('the catalog', () => {
  it('has the size household tasks need, with unique names in lower case', () => {
    expect(CATALOG.length).toBeGreaterThanOrEqual(120);
    expect(CATALOG.length).toBeLessThanOrEqual(200);
    const names = CATALOG.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z_]*$/);
  });

  it('uses only VirtualHome properties and states, each class with a category', () => {
    for (const entry of CATALOG) {
      expect(entry.category, entry.name).not.toBe('');
      for (const p of entry.properties) expect(isProperty(p), `${entry.name}: ${p}`).toBe(true);
      for (const s of [...entry.states, ...entry.defaultStates]) expect(isState(s), `${entry.name}: ${s}`).toBe(true);
    }
  });

  it('starts every class in states it can hold, one of each pair it has', () => {
    for (const entry of CATALOG) {
      for (const state of entry.defaultStates) expect(entry.states, entry.name).toContain(state);
      for (const state of entry.states) {
        const opposite = OPPOSITE_STATE[state];
        if (!opposite) continue;
        expect(entry.states, `${entry.name} has ${state} but not ${opposite}`).toContain(opposite);
        const held = [state, opposite].filter((s) => entry.defaultStates.includes(s));
        expect(held.length, `${entry.name} starts with ${held.join('+') || 'neither'} of ${state}/${opposite}`).toBe(1);
      }
    }
  });

  it('gives a state pair exactly to the classes whose property implies it (VirtualHome convention)', () => {
    for (const entry of CATALOG) {
      for (const [property, a, b] of PAIRS) {
        const has = entry.properties.includes(property as never);
        expect(entry.states.includes(a), `${entry.name} ${property} -> ${a}`).toBe(has);
        expect(entry.states.includes(b), `${entry.name} ${property} -> ${b}`).toBe(has);
      }
    }
  });

  it('starts openables closed and switches off, except doors (open) and room lights (on)', () => {
    expect(requireCatalogClass('door').defaultStates).toEqual(['OPEN']);
    expect(requireCatalogClass('light').defaultStates).toEqual(['ON', 'PLUGGED_IN']);
    expect(requireCatalogClass('microwave').defaultStates).toEqual(['CLOSED', 'OFF', 'PLUGGED_IN']);
    expect(requireCatalogClass('mug').defaultStates).toEqual(['CLEAN']);
    expect(requireCatalogClass('bananas').defaultStates).toEqual([]);
    // produce ALFRED rinses starts clean, and a generated home never leaves it dirty
    expect(requireCatalogClass('apple').defaultStates).toEqual(['CLEAN']);
    expect(requireCatalogClass('apple').rinsedOnly).toBe(true);
  });

  it('places small things on surfaces and in containers that exist in the catalog and stand in a room', () => {
    for (const entry of CATALOG) {
      for (const { relation, host } of placementsOf(entry)) {
        const target = catalogClass(host);
        expect(target, `${entry.name} ${relation} ${host}: unknown class`).toBeDefined();
        expect(target!.name, `${entry.name} names ${host} by an alias`).toBe(host);
        const needs = relation === 'ON' ? 'SURFACES' : 'CONTAINERS';
        expect(target!.properties, `${entry.name} ${relation} ${host}`).toContain(needs);
        expect(isStanding(target!), `${entry.name} ${relation} ${host}: the host must stand in a room`).toBe(true);
      }
    }
  });

  it('says where every class goes: rooms for what stands, hosts for what is carried', () => {
    for (const entry of CATALOG) {
      if (entry.kind === 'agent' || isCityClass(entry.name)) continue; // the city's classes stand along roads
      expect(entry.rooms.length, `${entry.name} has no room`).toBeGreaterThan(0);
      for (const room of entry.rooms) expect(ROOM_TYPES).toContain(room);
      if (isSmallObject(entry)) {
        expect(placementsOf(entry).length, `${entry.name} has no host`).toBeGreaterThan(0);
        expect(isStanding(entry)).toBe(false);
      }
    }
    // A fixture stands on a piece that can be in one of its rooms.
    for (const entry of [...classesOfKind('furniture'), ...classesOfKind('appliance')]) {
      expect(entry.properties, `${entry.name} is standing furniture`).not.toContain('GRABBABLE');
      for (const host of entry.on) {
        const shared = requireCatalogClass(host).rooms.filter((room) => entry.rooms.includes(room));
        expect(shared.length, `${entry.name} on ${host}: no common room`).toBeGreaterThan(0);
      }
    }
  });

  it('derives the rooms of small things from their hosts', () => {
    expect(requireCatalogClass('toothbrush').rooms).toEqual(['bathroom']);
    expect(requireCatalogClass('milk').rooms).toEqual(['kitchen']);
    expect(requireCatalogClass('book').rooms).toEqual(expect.arrayContaining(['livingroom', 'bedroom', 'home_office']));
  });

  it('resolves other datasets names through aliases and name normalisation', () => {
    const expected: Record<string, string> = {
      television: 'tv',
      coffee_table: 'coffeetable',
      kitchencabinets: 'kitchencabinet',
      kitchen_cabinet: 'kitchencabinet',
      washing_machine: 'washingmachine',
      AlarmClock: 'clock',
      CounterTop: 'kitchencounter',
      lightswitch: 'light',
      couch: 'sofa',
      coffe_maker: 'coffeemaker',
      food_apple: 'apple',
      living_room: 'livingroom',
      HousePlant: 'orchid',
      'face cream': 'facecream',
    };
    for (const [alias, name] of Object.entries(expected)) expect(canonicalClassName(alias), alias).toBe(name);
    expect(canonicalClassName('spaceship')).toBeUndefined();
    expect(() => requireCatalogClass('spaceship')).toThrow(/spaceship/);
    expect(normalizeClassName('Coffee_Table')).toBe('coffeetable');
  });

  it('has no alias that resolves to a class other than its own', () => {
    for (const entry of CATALOG) {
      for (const alias of entry.aliases) expect(catalogClass(alias)?.name, alias).toBe(entry.name);
    }
  });

  it('covers the objects of ExRAP Table A.1/A.2, LLM-State Table I and the TEACh task types', () => {
    const missing = [...EXRAP_OBJECTS, ...LLM_STATE_OBJECTS, ...TEACH_OBJECTS].filter((name) => !catalogClass(name));
    expect(missing).toEqual([]);
  });
});

/** Affordances as VirtualHome's 2.x scenes give them to the classes ExRAP's instructions act on. */
describeWithShared(
  [['virtualhome', 'graphs', 'TestScene1_graph.json']],
  'catalog facts against VirtualHome scenes',
  () => {
    const AFFORDANCES = ['GRABBABLE', 'CAN_OPEN', 'HAS_SWITCH'] as const;
    const CHECKED = [
      'tv',
      'microwave',
      'stove',
      'dishwasher',
      'washingmachine',
      'closet',
      'cabinet',
      'computer',
      'radio',
      'mug',
      'plate',
      'towel',
      'book',
      'apple',
      'paper',
      'fridge',
      'faucet',
      'coffeemaker',
    ];
    it('agrees on what can be grabbed, opened and switched', () => {
      const seen = new Map<string, Set<string>>();
      for (let i = 1; i <= 7; i++) {
        const path = sharedPath('virtualhome', 'graphs', `TestScene${i}_graph.json`);
        const data = JSON.parse(readFileSync(path, 'utf8')) as {
          nodes: Array<{ class_name: string; properties: string[] }>;
        };
        for (const node of data.nodes) {
          const props = seen.get(node.class_name) ?? new Set<string>();
          for (const p of node.properties) props.add(p);
          seen.set(node.class_name, props);
        }
      }
      for (const name of CHECKED) {
        const vh = seen.get(name);
        expect(vh, `${name} is in VirtualHome's scenes`).toBeDefined();
        const entry: CatalogClass = requireCatalogClass(name);
        for (const a of AFFORDANCES) expect(entry.properties.includes(a), `${name} ${a}`).toBe(vh!.has(a));
      }
    });
  },
);
