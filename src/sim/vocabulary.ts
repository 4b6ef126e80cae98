/**
 * VirtualHome's closed vocabulary: the object properties, node states and edge relations that environment graphs
 * and action rules are written in. Names are VirtualHome's own (upper case, as in its JSON files).
 */

export const PROPERTIES = [
  'SURFACES',
  'GRABBABLE',
  'SITTABLE',
  'LIEABLE',
  'HANGABLE',
  'DRINKABLE',
  'EATABLE',
  'RECIPIENT',
  'CUTTABLE',
  'POURABLE',
  'CAN_OPEN',
  'HAS_SWITCH',
  'READABLE',
  'LOOKABLE',
  'CONTAINERS',
  'CLOTHES',
  'PERSON',
  'BODY_PART',
  'COVER_OBJECT',
  'HAS_PLUG',
  'HAS_PAPER',
  'MOVABLE',
  'CREAM',
] as const;
export type Property = (typeof PROPERTIES)[number];

export const STATES = [
  'CLOSED',
  'OPEN',
  'ON',
  'OFF',
  'SITTING',
  'DIRTY',
  'CLEAN',
  'LYING',
  'PLUGGED_IN',
  'PLUGGED_OUT',
] as const;
export type State = (typeof STATES)[number];

export const RELATIONS = ['ON', 'INSIDE', 'BETWEEN', 'CLOSE', 'FACING', 'HOLDS_RH', 'HOLDS_LH', 'SITTING'] as const;
export type Relation = (typeof RELATIONS)[number];

/** The category VirtualHome gives to room nodes; every other node lies INSIDE exactly one of them. */
export const ROOM_CATEGORY = 'Rooms';
export const CHARACTER_CLASS = 'character';

const propertySet: ReadonlySet<string> = new Set(PROPERTIES);
const stateSet: ReadonlySet<string> = new Set(STATES);
const relationSet: ReadonlySet<string> = new Set(RELATIONS);

export const isProperty = (name: string): name is Property => propertySet.has(name);
export const isState = (name: string): name is State => stateSet.has(name);
export const isRelation = (name: string): name is Relation => relationSet.has(name);

/** Pairs of states that exclude each other: a node never holds both. */
export const OPPOSITE_STATE: Readonly<Partial<Record<State, State>>> = {
  CLOSED: 'OPEN',
  OPEN: 'CLOSED',
  ON: 'OFF',
  OFF: 'ON',
  DIRTY: 'CLEAN',
  CLEAN: 'DIRTY',
  PLUGGED_IN: 'PLUGGED_OUT',
  PLUGGED_OUT: 'PLUGGED_IN',
};
