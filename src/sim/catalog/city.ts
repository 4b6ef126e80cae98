/**
 * The delivery city's classes (ExRAP's third world, appendix B.3; docs/city.md): road segments are the city's rooms,
 * crossings join two segments that meet at an intersection (as door jambs join rooms), coloured buildings stand
 * along the roads, and each building has its own goods to send. A building holds its goods INSIDE (a building does
 * not close, so goods waiting at it are seen from its road); the vehicle (the character) carries goods in its two
 * load bays (the two hands).
 */
import type { ClassDef } from './types.js';

/** The building colours, in the order the instruction pool and the generator use them. */
export const CITY_COLOURS = ['red', 'green', 'blue', 'yellow', 'white', 'black', 'orange', 'purple'] as const;
export type CityColour = (typeof CITY_COLOURS)[number];

export const buildingClass = (colour: CityColour): string => `${colour}building`;
export const goodsClass = (colour: CityColour): string => `${colour}goods`;

export const CITY_ROOMS: ClassDef[] = [
  { name: 'road', category: 'Rooms', kind: 'room', properties: [], aliases: ['street', 'road segment'] },
];

export const CITY_STRUCTURE: ClassDef[] = [
  // Not a door: a crossing never closes. `roomAdjacency` reads it like a door jamb.
  { name: 'crossing', category: 'Doors', kind: 'structure', properties: [], aliases: ['intersection'] },
];

export const CITY_BUILDINGS: ClassDef[] = CITY_COLOURS.map((colour) => ({
  name: buildingClass(colour),
  category: 'Buildings',
  kind: 'furniture',
  properties: ['CONTAINERS'],
  rooms: [],
  aliases: [`${colour} building`, `${colour} house`],
}));

export const CITY_GOODS: ClassDef[] = CITY_COLOURS.map((colour) => ({
  name: goodsClass(colour),
  category: 'Props',
  kind: 'household',
  properties: ['GRABBABLE', 'MOVABLE'],
  inside: [buildingClass(colour)],
  // The texts' two names for them: plainly, and by what they are (the ambiguous style, docs/city.md).
  aliases: [
    `goods from the ${colour} building`,
    `${colour} goods`,
    `goods of the ${colour} building`,
    `load waiting at the ${colour} building`,
    `loads waiting at the ${colour} building`,
  ],
}));

const CITY_CLASS_NAMES: ReadonlySet<string> = new Set(
  [...CITY_ROOMS, ...CITY_STRUCTURE, ...CITY_BUILDINGS, ...CITY_GOODS].map((def) => def.name),
);

/** Whether a catalog class belongs to the city rather than to the homes (household checks pass these over). */
export const isCityClass = (name: string): boolean => CITY_CLASS_NAMES.has(name);
