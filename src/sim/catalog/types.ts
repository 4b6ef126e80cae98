/**
 * The shapes of hearth's household catalog: what a class of thing is (VirtualHome category and properties), which
 * states it can be in and starts in, and where it belongs (rooms for furniture, hosts for objects).
 */
import type { Property, State } from '../vocabulary.js';

/** The room classes hearth's homes are built from (VirtualHome room class names). */
export const ROOM_TYPES = ['kitchen', 'livingroom', 'bedroom', 'bathroom', 'dining_room', 'home_office'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

export const isRoomType = (name: string): name is RoomType => (ROOM_TYPES as readonly string[]).includes(name);

/**
 * hearth's own grouping of classes, coarser than VirtualHome's categories: it says what role a class plays in a home.
 * - `room`, `structure` (floor, walls, doors, lights), `agent`: the building and its inhabitant;
 * - `furniture` and `appliance`: things that stand in a room (some on another piece, like a microwave on a counter);
 * - the rest are small things that lie on or inside furniture.
 */
export const CLASS_KINDS = [
  'room',
  'structure',
  'agent',
  'furniture',
  'appliance',
  'electronics',
  'food',
  'kitchenware',
  'stationery',
  'decor',
  'clothes',
  'toiletry',
  'household',
] as const;
export type ClassKind = (typeof CLASS_KINDS)[number];

/** Kinds whose classes stand in a room (placed by room), as opposed to small things placed on a host. */
export const STANDING_KINDS: ReadonlySet<ClassKind> = new Set(['furniture', 'appliance']);

/** How a class is written in the catalog's source tables (compact; `defineCatalog` derives the rest). */
export interface ClassDef {
  /** VirtualHome class name, as scripts and graphs spell it (lower case, no separators except in room names). */
  name: string;
  /** VirtualHome category (Furniture, Appliances, Electronics, Props, Food, Decor, Lamps, Rooms, Doors, ...). */
  category: string;
  kind: ClassKind;
  properties: Property[];
  /** States beyond the pairs the properties imply (CAN_OPEN: OPEN/CLOSED, HAS_SWITCH: ON/OFF, HAS_PLUG: PLUGGED_*). */
  extraStates?: State[];
  /** Starting states where they differ from the property defaults (CLOSED, OFF, PLUGGED_IN, CLEAN). */
  defaults?: State[];
  /** CLEAN/DIRTY for rinsing only: the generator never starts one DIRTY (`rinsed.ts`). */
  rinsedOnly?: boolean;
  /** Rooms a standing class (furniture, appliance, fixture) is found in, most typical first. */
  rooms?: RoomType[];
  /** Classes this one may rest ON (for fixtures: the piece it stands on, e.g. a microwave on a kitchen counter). */
  on?: string[];
  /** Classes this one may lie INSIDE. */
  inside?: string[];
  /** Other names for the class: older VirtualHome script names, EAI names, TEACh/ALFRED object types. */
  aliases?: string[];
}

/** A catalog entry as the rest of hearth reads it. */
export interface CatalogClass {
  readonly name: string;
  readonly category: string;
  readonly kind: ClassKind;
  readonly properties: readonly Property[];
  /** Every state a node of this class may hold (sorted). */
  readonly states: readonly State[];
  /** The states a freshly placed node holds (sorted). */
  readonly defaultStates: readonly State[];
  /** Rooms the class is found in: explicit for standing classes, derived from the hosts' rooms for small things. */
  readonly rooms: readonly RoomType[];
  readonly on: readonly string[];
  readonly inside: readonly string[];
  readonly aliases: readonly string[];
  /** Washable only to be rinsed (ALFRED's clean tasks): a generated home never starts one DIRTY. */
  readonly rinsedOnly: boolean;
}
