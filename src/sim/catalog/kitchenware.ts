/**
 * Dishes, cutlery, cookware and kitchen supplies. Dishes and cutlery can be DIRTY or CLEAN (they start CLEAN);
 * drinking vessels are RECIPIENT and POURABLE, as in VirtualHome. They live in kitchen cabinets, the dishwasher,
 * the sink (when dirty) and on tables and counters.
 */
import type { ClassDef } from './types.js';

const DINING_SURFACES = ['kitchentable', 'diningtable', 'kitchencounter'];
const DISH_STORAGE = ['kitchencabinet', 'dishwasher', 'sink'];

function dish(name: string, properties: ClassDef['properties'], on: string[], aliases: string[] = []): ClassDef {
  return {
    name,
    category: 'Props',
    kind: 'kitchenware',
    properties: ['GRABBABLE', ...properties],
    extraStates: ['CLEAN', 'DIRTY'],
    on,
    inside: DISH_STORAGE,
    aliases,
  };
}

function supply(
  name: string,
  properties: ClassDef['properties'],
  on: string[],
  inside: string[],
  aliases: string[] = [],
) {
  const def: ClassDef = {
    name,
    category: 'Props',
    kind: 'kitchenware',
    properties: ['GRABBABLE', ...properties],
    on,
    inside,
    aliases,
  };
  return def;
}

export const KITCHENWARE: ClassDef[] = [
  dish('mug', ['RECIPIENT', 'POURABLE'], [...DINING_SURFACES, 'coffeetable', 'desk', 'nightstand'], ['coffeecup']),
  dish('plate', ['RECIPIENT', 'SURFACES'], [...DINING_SURFACES, 'desk'], ['dish']),
  dish('dishbowl', ['RECIPIENT'], DINING_SURFACES, ['bowl']),
  dish(
    'waterglass',
    ['RECIPIENT', 'POURABLE'],
    [...DINING_SURFACES, 'nightstand', 'desk'],
    ['glass', 'drinkingglass', 'cup'],
  ),
  dish('wineglass', ['RECIPIENT', 'POURABLE'], [...DINING_SURFACES, 'coffeetable'], []),
  dish('cutleryknife', [], DINING_SURFACES, ['knife', 'butterknife']),
  dish('cutleryfork', [], DINING_SURFACES, ['fork']),
  dish('spoon', [], DINING_SURFACES, ['woodenspoon', 'ladle', 'teaspoon']),
  { ...dish('cookingpot', ['RECIPIENT'], ['stove', 'kitchencounter'], ['pot']), inside: ['kitchencabinet', 'sink'] },
  {
    ...dish('fryingpan', ['RECIPIENT', 'SURFACES'], ['stove', 'kitchencounter'], ['pan', 'saucepan']),
    inside: ['kitchencabinet', 'sink'],
  },
  { ...dish('chefknife', [], ['kitchencounter'], []), inside: ['kitchencabinet'] },
  { ...dish('spatula', [], ['kitchencounter'], ['turner']), inside: ['kitchencabinet'] },
  { ...dish('cuttingboard', ['SURFACES'], ['kitchencounter'], ['choppingboard']), inside: ['kitchencabinet'] },
  supply('coffeepot', ['CAN_OPEN', 'RECIPIENT', 'POURABLE'], ['kitchencounter'], ['kitchencabinet'], ['carafe']),
  supply(
    'dishwashingliquid',
    ['POURABLE'],
    ['kitchencounter'],
    ['kitchencabinet'],
    ['dishsoap', 'detergent', 'soapbottle'],
  ),
  supply('washingsponge', [], ['kitchencounter'], ['sink'], ['sponge', 'dishsponge', 'scrubbrush']),
  supply(
    'condimentshaker',
    [],
    DINING_SURFACES,
    ['kitchencabinet'],
    ['saltshaker', 'peppershaker', 'foodsalt', 'foodsugar'],
  ),
  supply(
    'condimentbottle',
    ['POURABLE'],
    ['kitchentable', 'kitchencounter'],
    ['fridge', 'kitchencabinet'],
    ['oil', 'sauce'],
  ),
  supply('papertowel', ['HAS_PAPER'], ['kitchencounter'], ['kitchencabinet'], ['papertowelroll', 'napkin']),
  {
    ...supply('rag', ['COVER_OBJECT'], ['kitchencounter', 'bathroomcounter'], ['sink'], ['cloth', 'dishtowel']),
    extraStates: ['CLEAN', 'DIRTY'],
  },
];
