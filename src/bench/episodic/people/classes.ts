/**
 * ALFRED's and TEACh's object types as hearth catalog classes (docs/alfred.md, "The class mapping"). Most types are
 * a catalog name or alias (`Mug` -> mug, `SinkBasin` -> sink, `KeyChain` -> keys); this module holds what a lookup
 * cannot say:
 *
 * - a type that stands for several hearth classes: ALFRED's Cabinet is any cabinet (kitchen, bathroom or living-room
 *   one), its CounterTop a kitchen or a bathroom counter, its DiningTable the table of a dining room or of a kitchen
 *   (ALFRED's kitchens have one), its Shelf a wall shelf or a bookshelf;
 * - slices: `XSliced` is an X in the derived state `sliced` (hearth keeps a slice a state of its thing, docs/alfred.md
 *   says why), except a slice of bread, which is a class of its own (`breadslice`, VirtualHome's); TEACh's
 *   `EggCracked` is an egg cut with a knife, as AI2-THOR cracks it;
 * - TEACh's custom object classes (`Tables`, `Drinkware`, ...), written here as the hearth classes they cover, from
 *   the facts of TEACh's class list (hearth's own table, not a copy).
 *
 * An unknown type is an InputError naming it: a new type in the data must be mapped, never guessed.
 */
import { catalogClass } from '../../../sim/catalog/index.js';
import { InputError } from '../../../util/errors.js';

/** A type as hearth classes, and whether the thing must be sliced. */
export interface MappedType {
  readonly classes: readonly string[];
  readonly sliced: boolean;
}

/** ALFRED/TEACh types that cover several hearth classes (the first is the one a home gets when it has none). */
const SEVERAL: Readonly<Record<string, readonly string[]>> = {
  Cabinet: ['kitchencabinet', 'cabinet', 'bathroomcabinet'],
  CounterTop: ['kitchencounter', 'bathroomcounter'],
  DiningTable: ['kitchentable', 'diningtable'],
  Shelf: ['wallshelf', 'bookshelf'],
};

/** Slices that are a class of their own in hearth's homes. */
const SLICE_CLASSES: Readonly<Record<string, string>> = { Bread: 'breadslice' };

/**
 * TEACh's custom object classes (`simbotObjectClass`) as the hearth classes they cover. Written from TEACh's list of
 * which iTHOR types each class holds, each type then mapped as the rest of this module maps it.
 */
const TEACH_CLASSES: Readonly<Record<string, readonly string[]>> = {
  Tables: ['coffeetable', 'desk', 'kitchentable', 'diningtable', 'wallshelf', 'bookshelf', 'nightstand'],
  Chairs: ['chair', 'sofa'],
  Furniture: [
    'chair',
    'bed',
    'coffeetable',
    'desk',
    'kitchentable',
    'diningtable',
    'dresser',
    'bench',
    'wallshelf',
    'bookshelf',
    'nightstand',
    'sofa',
    'tvstand',
  ],
  Drinkware: ['bottlewater', 'waterglass', 'mug'],
  Dishware: ['dishbowl', 'plate'],
  Tableware: ['bottlewater', 'dishbowl', 'waterglass', 'mug', 'peppershaker', 'plate', 'condimentshaker', 'wine'],
  Silverware: ['cutleryknife', 'cutleryfork', 'spoon'],
  Knives: ['cutleryknife', 'chefknife'],
  KitchenUtensils: ['cutleryknife', 'cutleryfork', 'chefknife', 'ladle', 'spatula', 'spoon'],
  Cookware: ['kettle', 'chefknife', 'ladle', 'fryingpan', 'cookingpot', 'spatula'],
  WritingUtensils: ['pen', 'pencil'],
  SmallHandheldObjects: ['book', 'cd', 'cellphone', 'creditcard', 'keys', 'pen', 'pencil', 'remotecontrol', 'watch'],
  MediaEntertainment: ['book', 'cd', 'cellphone', 'computer', 'laptop', 'newspaper', 'remotecontrol', 'tv'],
  Electronics: ['clock', 'cellphone', 'computer', 'laptop', 'remotecontrol', 'tv'],
  Computers: ['computer', 'laptop'],
  Lamps: ['tablelamp', 'floorlamp'],
  Lights: ['tablelamp', 'floorlamp', 'light'],
  Fruit: ['apple', 'tomato'],
  Vegetables: ['lettuce', 'potato'],
  Food: ['apple', 'bread', 'breadslice', 'egg', 'lettuce', 'potato', 'tomato'],
  Condiments: ['peppershaker', 'condimentshaker'],
  Soap: ['barsoap', 'soapbottle'],
  CleaningProducts: [
    'rag',
    'washingsponge',
    'papertowel',
    'plunger',
    'barsoap',
    'soapbottle',
    'spraybottle',
    'tissuebox',
    'toiletpaper',
  ],
  HygieneProducts: ['towel', 'barsoap', 'soapbottle', 'tissuebox'],
  SportsEquipment: ['baseballbat', 'basketball', 'tennisracket'],
  RoomDecor: ['clock', 'candle', 'orchid', 'statue', 'vase', 'toy', 'wine'],
  WallDecor: ['curtains', 'photoframe', 'window'],
  Appliances: ['coffeemaker', 'fridge', 'microwave', 'stove', 'toaster'],
  WaterSources: ['faucet', 'shower', 'toilet'],
};

/** A type of ALFRED's or TEACh's data as hearth classes; an InputError for a type hearth does not map. */
export function mapType(type: string, where: string): MappedType {
  const several = SEVERAL[type] ?? TEACH_CLASSES[type];
  if (several) return { classes: several, sliced: false };
  const sliced = /^(.+)(Sliced|Cracked)$/.exec(type);
  if (sliced) {
    const own = SLICE_CLASSES[sliced[1]];
    if (own) return { classes: [own], sliced: false };
    const whole = mapType(sliced[1], where);
    return { classes: whole.classes, sliced: true };
  }
  const entry = catalogClass(type);
  if (!entry)
    throw new InputError(`${where}: no hearth class for the type '${type}' (docs/alfred.md lists the mapping)`);
  return { classes: [entry.name], sliced: false };
}

/** Every type the module maps beyond catalog lookups (for docs and tests). */
export const SEVERAL_CLASS_TYPES = SEVERAL;
export const TEACH_CUSTOM_CLASSES = TEACH_CLASSES;
