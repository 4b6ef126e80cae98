/**
 * hearth's catalog of household classes: one table, written from facts about VirtualHome's scenes and resource
 * files (see docs/homes.md), organised by kind in the sibling modules. This module joins them, derives what the
 * tables leave implicit (the states a property implies, the rooms a small object is found in), and answers lookups
 * by class name or by any alias (older VirtualHome script names, EAI names, TEACh/ALFRED object types).
 */
import { OPPOSITE_STATE, STATES, type State } from '../vocabulary.js';
import { CITY_BUILDINGS, CITY_GOODS, CITY_ROOMS, CITY_STRUCTURE } from './city.js';
import { FOOD } from './food.js';
import { APPLIANCES, FURNITURE } from './furniture.js';
import { CLEANING, CLOTHES, DECOR, SMALL_ELECTRONICS, STATIONERY, TOILETRIES } from './household.js';
import { KITCHENWARE } from './kitchenware.js';
import { AGENTS, ROOMS, STRUCTURE } from './structure.js';
import { type CatalogClass, type ClassDef, type ClassKind, ROOM_TYPES, type RoomType } from './types.js';

export * from './city.js';
export * from './types.js';

/** The source tables, in the order the catalog lists them. */
const SOURCE_TABLES: readonly (readonly ClassDef[])[] = [
  ROOMS,
  STRUCTURE,
  AGENTS,
  FURNITURE,
  APPLIANCES,
  SMALL_ELECTRONICS,
  FOOD,
  KITCHENWARE,
  STATIONERY,
  DECOR,
  CLOTHES,
  TOILETRIES,
  CLEANING,
  CITY_ROOMS,
  CITY_STRUCTURE,
  CITY_BUILDINGS,
  CITY_GOODS,
];

/** The state pair each property implies, default first (VirtualHome starts openables CLOSED and switches OFF). */
const PROPERTY_STATES: ReadonlyArray<readonly [property: string, byDefault: State, other: State]> = [
  ['CAN_OPEN', 'CLOSED', 'OPEN'],
  ['HAS_SWITCH', 'OFF', 'ON'],
  ['HAS_PLUG', 'PLUGGED_IN', 'PLUGGED_OUT'],
];

const stateOrder = (a: State, b: State) => STATES.indexOf(a) - STATES.indexOf(b);

/**
 * How names are compared: lower case, without spaces, underscores or hyphens, so that `coffee_table`,
 * `CoffeeTable` and `coffeetable` are one name.
 */
export function normalizeClassName(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

function buildEntry(def: ClassDef, roomsOf: (name: string) => readonly RoomType[]): CatalogClass {
  const states = new Set<State>(def.extraStates ?? []);
  const defaults = new Set<State>();
  for (const [property, byDefault, other] of PROPERTY_STATES) {
    if (!def.properties.includes(property as never)) continue;
    states.add(byDefault);
    states.add(other);
    defaults.add(byDefault);
  }
  if (states.has('CLEAN')) defaults.add('CLEAN');
  for (const state of def.defaults ?? []) {
    const opposite = OPPOSITE_STATE[state];
    if (opposite) defaults.delete(opposite);
    defaults.add(state);
  }
  let rooms: readonly RoomType[];
  if (def.kind === 'room') rooms = [def.name as RoomType];
  else if (def.rooms) rooms = def.rooms;
  else {
    const found = new Set<RoomType>();
    for (const host of [...(def.on ?? []), ...(def.inside ?? [])]) for (const room of roomsOf(host)) found.add(room);
    rooms = ROOM_TYPES.filter((room) => found.has(room));
  }
  return Object.freeze({
    name: def.name,
    category: def.category,
    kind: def.kind,
    properties: Object.freeze([...def.properties]),
    states: Object.freeze([...states].sort(stateOrder)),
    defaultStates: Object.freeze([...defaults].sort(stateOrder)),
    rooms: Object.freeze([...rooms]),
    on: Object.freeze([...(def.on ?? [])]),
    inside: Object.freeze([...(def.inside ?? [])]),
    aliases: Object.freeze([...(def.aliases ?? [])]),
    rinsedOnly: def.rinsedOnly ?? false,
  });
}

function buildCatalog(): { entries: CatalogClass[]; byName: Map<string, CatalogClass> } {
  const defs = SOURCE_TABLES.flat();
  const defByName = new Map<string, ClassDef>();
  for (const def of defs) {
    if (defByName.has(def.name)) throw new Error(`catalog: class ${def.name} is defined twice`);
    defByName.set(def.name, def);
  }
  // Small objects take their rooms from their hosts, which are standing classes with explicit rooms.
  const roomsOf = (name: string): readonly RoomType[] => defByName.get(name)?.rooms ?? [];
  const entries = defs.map((def) => buildEntry(def, roomsOf));
  const byName = new Map<string, CatalogClass>();
  for (const entry of entries) byName.set(normalizeClassName(entry.name), entry);
  for (const entry of entries) {
    for (const alias of entry.aliases) {
      const key = normalizeClassName(alias);
      const taken = byName.get(key);
      if (taken && taken !== entry) {
        throw new Error(`catalog: alias ${alias} of ${entry.name} is already a name of ${taken.name}`);
      }
      byName.set(key, entry);
    }
  }
  return { entries, byName };
}

const { entries: ENTRIES, byName: BY_NAME } = buildCatalog();

/** Every class of the catalog, grouped by kind in source order. */
export const CATALOG: readonly CatalogClass[] = Object.freeze(ENTRIES);

/** The catalog entry for a class name or any of its aliases (compared after `normalizeClassName`). */
export function catalogClass(name: string): CatalogClass | undefined {
  return BY_NAME.get(normalizeClassName(name));
}

/** Like `catalogClass`, but a missing class is a programming error. */
export function requireCatalogClass(name: string): CatalogClass {
  const entry = catalogClass(name);
  if (!entry) throw new RangeError(`no class named ${JSON.stringify(name)} in hearth's catalog`);
  return entry;
}

/** hearth's name for a class known under another name (`television` -> `tv`), or undefined if unknown. */
export function canonicalClassName(name: string): string | undefined {
  return catalogClass(name)?.name;
}

export function classesOfKind(kind: ClassKind): CatalogClass[] {
  return CATALOG.filter((entry) => entry.kind === kind);
}

/** Small things (placed on or inside a host), as opposed to rooms, structure, the agent and standing pieces. */
export function isSmallObject(entry: CatalogClass): boolean {
  return entry.properties.includes('GRABBABLE');
}

/** Pieces that stand in a room (furniture, appliances, fixtures on furniture). */
export function isStanding(entry: CatalogClass): boolean {
  return (entry.kind === 'furniture' || entry.kind === 'appliance') && !isSmallObject(entry);
}

/** The relations a class may be placed in: ON each of `on`, INSIDE each of `inside`. */
export function placementsOf(entry: CatalogClass): Array<{ relation: 'ON' | 'INSIDE'; host: string }> {
  return [
    ...entry.on.map((host) => ({ relation: 'ON' as const, host })),
    ...entry.inside.map((host) => ({ relation: 'INSIDE' as const, host })),
  ];
}
