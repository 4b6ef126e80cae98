/**
 * Dishes, cutlery, cookware and kitchen supplies. Dishes and cutlery can be DIRTY or CLEAN (they start CLEAN);
 * drinking vessels are RECIPIENT and POURABLE, as in VirtualHome. They live in kitchen cabinets, the dishwasher,
 * the sink (when dirty) and on tables and counters.
 *
 * ALFRED's movable receptacles hold things: a bowl, a cup, a mug and a pot are CONTAINERS (a thing goes INSIDE), a
 * plate and a pan SURFACES (ON), as ALFRED's Bowl, Cup, Mug, Pot, Plate and Pan. ALFRED's gold tells a Knife from a
 * ButterKnife and a Ladle from a Spoon, so hearth does: `chefknife` and `cutleryknife`, `ladle` and `spoon`.
 */
import { RINSED_ONLY } from './rinsed.js';
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
  dish(
    'mug',
    ['RECIPIENT', 'POURABLE', 'CONTAINERS'],
    [...DINING_SURFACES, 'coffeetable', 'desk', 'nightstand'],
    ['coffeecup'],
  ),
  dish('plate', ['RECIPIENT', 'SURFACES'], [...DINING_SURFACES, 'desk'], ['dish']),
  dish('dishbowl', ['RECIPIENT', 'CONTAINERS'], DINING_SURFACES, ['bowl']),
  dish(
    'waterglass',
    ['RECIPIENT', 'POURABLE', 'CONTAINERS'],
    [...DINING_SURFACES, 'nightstand', 'desk'],
    ['glass', 'drinkingglass', 'cup'],
  ),
  dish('wineglass', ['RECIPIENT', 'POURABLE'], [...DINING_SURFACES, 'coffeetable'], []),
  dish('cutleryknife', [], DINING_SURFACES, ['butterknife', 'tableknife']),
  dish('cutleryfork', [], DINING_SURFACES, ['fork']),
  dish('spoon', [], DINING_SURFACES, ['woodenspoon', 'teaspoon']),
  { ...dish('ladle', [], ['kitchencounter', 'stove'], ['soupladle']), inside: ['kitchencabinet', 'drawer', 'sink'] },
  {
    ...dish('cookingpot', ['RECIPIENT', 'CONTAINERS'], ['stove', 'kitchencounter'], ['pot', 'saucepot']),
    inside: ['kitchencabinet', 'sink'],
  },
  {
    ...dish('fryingpan', ['RECIPIENT', 'SURFACES'], ['stove', 'kitchencounter'], ['pan', 'saucepan']),
    inside: ['kitchencabinet', 'sink'],
  },
  { ...dish('chefknife', [], ['kitchencounter'], ['knife', 'kitchenknife']), inside: ['kitchencabinet', 'drawer'] },
  { ...dish('spatula', [], ['kitchencounter'], ['turner']), inside: ['kitchencabinet'] },
  { ...dish('cuttingboard', ['SURFACES'], ['kitchencounter'], ['choppingboard']), inside: ['kitchencabinet'] },
  supply('coffeepot', ['CAN_OPEN', 'RECIPIENT', 'POURABLE'], ['kitchencounter'], ['kitchencabinet'], ['carafe']),
  supply('dishwashingliquid', ['POURABLE'], ['kitchencounter'], ['kitchencabinet'], ['dishsoap', 'detergent']),
  {
    ...supply('washingsponge', [], ['kitchencounter'], ['sink'], ['sponge', 'dishsponge', 'scrubbrush']),
    ...RINSED_ONLY,
  },
  supply('condimentshaker', [], DINING_SURFACES, ['kitchencabinet'], ['saltshaker', 'foodsalt', 'foodsugar']),
  supply('peppershaker', [], DINING_SURFACES, ['kitchencabinet'], ['peppermill', 'peppergrinder']),
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
