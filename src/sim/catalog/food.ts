/**
 * Food and drink. All GRABBABLE; fruit and vegetables EATABLE and CUTTABLE (a knife in hand slices them: the
 * derived state `sliced`), drinks DRINKABLE and POURABLE (as in VirtualHome's resource tables). The produce ALFRED
 * rinses (apple, potato, tomato, lettuce, egg) takes CLEAN/DIRTY for that alone (`rinsed.ts`). Fresh food lives in the fridge or on the kitchen's surfaces; snacks wander to the
 * living room. `lettuce`, `egg` and `cheese` are hearth additions for TEACh's recipes (VirtualHome's 2.x scenes have
 * no such class; its older script vocabulary has food_egg and food_cheese).
 */
import { RINSED_ONLY } from './rinsed.js';
import type { ClassDef } from './types.js';

const KITCHEN_SURFACES = ['kitchencounter', 'kitchentable'];
const FRUIT_SURFACES = ['kitchentable', 'kitchencounter', 'diningtable', 'coffeetable'];

function produce(name: string, aliases: string[], on: string[] = KITCHEN_SURFACES): ClassDef {
  return {
    name,
    category: 'Food',
    kind: 'food',
    properties: ['GRABBABLE', 'EATABLE', 'CUTTABLE'],
    on,
    inside: ['fridge'],
    aliases,
  };
}

function drink(name: string, on: string[], inside: string[], aliases: string[] = []): ClassDef {
  return {
    name,
    category: 'Food',
    kind: 'food',
    properties: ['GRABBABLE', 'DRINKABLE', 'POURABLE'],
    on,
    inside,
    aliases,
  };
}

function snack(name: string, on: string[], inside: string[], aliases: string[] = []): ClassDef {
  return { name, category: 'Food', kind: 'food', properties: ['GRABBABLE', 'EATABLE'], on, inside, aliases };
}

export const FOOD: ClassDef[] = [
  // Fruit: bowls of it on tables, some in the fridge.
  { ...produce('apple', ['foodapple', 'applesliced'], [...FRUIT_SURFACES, 'desk']), ...RINSED_ONLY },
  produce('bananas', ['banana', 'foodbanana'], FRUIT_SURFACES),
  produce('orange', ['foodorange'], FRUIT_SURFACES),
  produce('lemon', ['foodlemon'], KITCHEN_SURFACES),
  produce('pear', [], FRUIT_SURFACES),
  produce('peach', [], FRUIT_SURFACES),
  // Vegetables.
  produce('bellpepper', ['pepper']),
  produce('carrot', ['foodcarrot', 'foodcarrots']),
  produce('cucumber', ['foodvegetable']),
  { ...produce('potato', ['foodpotato', 'potatosliced']), ...RINSED_ONLY },
  { ...produce('tomato', ['tomatosliced']), ...RINSED_ONLY },
  { ...produce('lettuce', ['lettucesliced', 'salad']), ...RINSED_ONLY },
  { ...produce('egg', ['foodegg', 'eggcracked']), ...RINSED_ONLY },
  produce('cheese', ['foodcheese']),
  // Meat and fish: fridge only.
  { ...produce('chicken', ['foodchicken', 'foodturkey', 'cutlets']), on: [] },
  { ...produce('salmon', ['foodfish', 'fish']), on: [] },
  // Bread.
  {
    ...produce('bread', ['foodbread', 'loaf']),
    inside: ['kitchencabinet', 'fridge'],
  },
  {
    name: 'breadslice',
    category: 'Food',
    kind: 'food',
    properties: ['GRABBABLE', 'EATABLE'],
    on: KITCHEN_SURFACES,
    inside: ['fridge', 'kitchencabinet'],
    aliases: ['breadsliced', 'toast'],
  },
  {
    name: 'cereal',
    category: 'Food',
    kind: 'food',
    properties: ['GRABBABLE', 'EATABLE', 'POURABLE'],
    on: KITCHEN_SURFACES,
    inside: ['kitchencabinet'],
    aliases: ['foodcereal', 'oatmeal'],
  },
  // Drinks.
  drink('milk', KITCHEN_SURFACES, ['fridge']),
  drink('juice', [...KITCHEN_SURFACES, 'desk'], ['fridge']),
  drink(
    'wine',
    ['kitchencounter', 'diningtable', 'coffeetable'],
    ['fridge', 'kitchencabinet', 'cabinet'],
    ['winebottle'],
  ),
  drink(
    'bottlewater',
    ['kitchentable', 'desk', 'nightstand'],
    ['fridge'],
    ['water', 'waterbottle', 'bottle', 'glassbottle'],
  ),
  // Snacks.
  snack('cupcake', ['kitchentable', 'coffeetable', 'desk', 'diningtable'], ['fridge'], ['fooddessert', 'cake']),
  snack('chips', ['coffeetable', 'wallshelf', 'kitchencounter'], ['kitchencabinet'], ['foodsnack']),
  snack('candybar', ['coffeetable', 'desk', 'nightstand'], ['kitchencabinet'], ['chocolate']),
  snack('crackers', ['coffeetable', 'kitchencounter'], ['kitchencabinet'], ['saltcrackers']),
];
