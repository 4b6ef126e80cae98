/**
 * The small things of a home outside the kitchen: portable electronics, reading and writing matter, decoration,
 * clothes, toiletries and cleaning tools. All GRABBABLE; each lies ON a surface or INSIDE a container of the rooms
 * it belongs to.
 */
import { RINSED_ONLY } from './rinsed.js';
import type { ClassDef } from './types.js';

type Props = ClassDef['properties'];

function thing(
  name: string,
  kind: ClassDef['kind'],
  category: string,
  properties: Props,
  on: string[],
  inside: string[] = [],
  aliases: string[] = [],
): ClassDef {
  return { name, category, kind, properties: ['GRABBABLE', ...properties], on, inside, aliases };
}

const LIVING_SURFACES = ['coffeetable', 'tvstand', 'bookshelf', 'wallshelf'];
const BEDSIDE = ['nightstand', 'desk'];
const BATHROOM_SHELVES = ['bathroomcounter'];
const BATHROOM_STORAGE = ['bathroomcabinet'];

/** Portable electronics: they switch and plug (VirtualHome's radio, clock, phone and laptop do). */
export const SMALL_ELECTRONICS: ClassDef[] = [
  thing(
    'radio',
    'electronics',
    'Electronics',
    ['HAS_SWITCH', 'HAS_PLUG'],
    ['cabinet', 'bookshelf', 'nightstand', 'coffeetable', 'wallshelf', 'kitchencounter', 'desk'],
    [],
    ['stereo', 'cdplayer'],
  ),
  thing(
    'clock',
    'electronics',
    'Electronics',
    ['HAS_SWITCH', 'HAS_PLUG', 'LOOKABLE'],
    ['nightstand', 'wallshelf', 'kitchencounter', 'desk', 'bookshelf'],
    [],
    ['alarmclock', 'wallclock'],
  ),
  thing(
    'cellphone',
    'electronics',
    'Electronics',
    ['HAS_SWITCH', 'HAS_PLUG'],
    ['coffeetable', 'nightstand', 'desk', 'kitchentable', 'sofa'],
    [],
    ['phone', 'mobilephone', 'telephone'],
  ),
  thing(
    'laptop',
    'electronics',
    'Electronics',
    ['HAS_SWITCH', 'HAS_PLUG', 'LOOKABLE'],
    ['desk', 'coffeetable', 'bed', 'sofa'],
  ),
  thing('keyboard', 'electronics', 'Electronics', ['HAS_PLUG'], ['desk']),
  thing('mouse', 'electronics', 'Electronics', ['HAS_PLUG'], ['mousemat', 'desk'], [], ['computermouse']),
  thing(
    'remotecontrol',
    'electronics',
    'Electronics',
    [],
    ['coffeetable', 'tvstand', 'sofa', 'nightstand'],
    [],
    ['remote', 'controller'],
  ),
  thing(
    'kettle',
    'electronics',
    'Appliances',
    ['HAS_SWITCH', 'HAS_PLUG', 'RECIPIENT'],
    ['kitchencounter', 'stove'],
    ['kitchencabinet'],
  ),
  thing('hairdryer', 'electronics', 'Appliances', ['HAS_SWITCH', 'HAS_PLUG'], BATHROOM_SHELVES, BATHROOM_STORAGE, [
    'blowdryer',
  ]),
  thing('vacuumcleaner', 'electronics', 'Appliances', ['HAS_SWITCH', 'HAS_PLUG'], [], ['closet'], ['vacuum']),
];

/** Books, paper and the like. A book opens (VirtualHome gives it CAN_OPEN, starting CLOSED). */
export const STATIONERY: ClassDef[] = [
  thing(
    'book',
    'stationery',
    'Props',
    ['CAN_OPEN', 'READABLE', 'HAS_PAPER', 'CUTTABLE'],
    [...LIVING_SURFACES, ...BEDSIDE],
    ['bookshelf'],
    ['novel', 'textbook'],
  ),
  thing(
    'magazine',
    'stationery',
    'Props',
    ['READABLE', 'HAS_PAPER', 'COVER_OBJECT'],
    ['coffeetable', 'nightstand', 'sofa', 'bookshelf'],
    [],
    [],
  ),
  thing(
    'newspaper',
    'stationery',
    'Props',
    ['READABLE', 'HAS_PAPER', 'COVER_OBJECT'],
    ['coffeetable', 'sofa', 'diningtable', 'kitchentable', 'nightstand', 'desk', 'wallshelf'],
    ['drawer'],
    ['dailypaper'],
  ),
  thing(
    'paper',
    'stationery',
    'Props',
    ['READABLE', 'HAS_PAPER', 'CUTTABLE'],
    ['desk', 'kitchencounter', 'coffeetable', 'filingcabinet'],
    ['bookshelf', 'filingcabinet'],
    ['printingpaper', 'document', 'receipt', 'check'],
  ),
  thing(
    'notes',
    'stationery',
    'Props',
    ['READABLE', 'HAS_PAPER'],
    ['desk', 'bookshelf'],
    [],
    ['notebook', 'notepad', 'addressbook'],
  ),
  thing(
    'folder',
    'stationery',
    'Props',
    ['CAN_OPEN', 'CONTAINERS', 'READABLE', 'HAS_PAPER'],
    ['desk', 'bookshelf'],
    ['filingcabinet', 'bookshelf'],
    ['binder'],
  ),
  thing(
    'pen',
    'stationery',
    'Props',
    [],
    ['desk', 'nightstand', 'dresser'],
    ['drawer'],
    ['writingutensils', 'highlighter'],
  ),
  thing('pencil', 'stationery', 'Props', [], ['desk', 'nightstand', 'dresser'], ['drawer'], ['pencils']),
  thing(
    'cd',
    'stationery',
    'Props',
    [],
    ['desk', 'nightstand', 'tvstand', 'wallshelf'],
    ['drawer'],
    ['compactdisc', 'disc'],
  ),
  thing(
    'box',
    'household',
    'Props',
    ['CAN_OPEN', 'CONTAINERS'],
    ['bookshelf', 'wallshelf'],
    ['closet'],
    ['cardboardbox'],
  ),
  thing(
    'keys',
    'household',
    'Props',
    [],
    ['coffeetable', 'nightstand', 'desk', 'kitchencounter', 'wallshelf', 'dresser'],
    ['drawer'],
    ['keychain', 'key'],
  ),
  thing(
    'creditcard',
    'household',
    'Props',
    [],
    ['desk', 'nightstand', 'coffeetable', 'dresser'],
    ['drawer'],
    ['card', 'bankcard'],
  ),
  thing(
    'watch',
    'household',
    'Props',
    [],
    ['nightstand', 'dresser', 'desk', 'coffeetable'],
    ['drawer'],
    ['wristwatch'],
  ),
  thing(
    'tissuebox',
    'household',
    'Props',
    ['HAS_PAPER'],
    ['coffeetable', 'nightstand', 'bathroomcounter', 'desk', 'dresser'],
    [],
    ['tissues', 'kleenex'],
  ),
  thing('wateringcan', 'household', 'Props', ['RECIPIENT', 'POURABLE'], ['rug', 'wallshelf'], [], ['wateringpot']),
  thing('basketball', 'household', 'Props', [], ['bed', 'rug'], ['closet'], ['sportsball']),
  thing('baseballbat', 'household', 'Props', [], ['bed', 'rug'], ['closet'], ['bat']),
  thing('tennisracket', 'household', 'Props', [], ['bed', 'rug'], ['closet'], ['racket', 'racquet']),
  thing('glasses', 'household', 'Props', [], ['nightstand', 'desk', 'coffeetable'], [], ['spectacles', 'eyeglasses']),
  thing(
    'boardgame',
    'household',
    'Props',
    ['SURFACES', 'LOOKABLE'],
    ['coffeetable', 'bookshelf'],
    ['cabinet'],
    ['chessboard', 'scrabble'],
  ),
  {
    ...thing('toy', 'household', 'Props', [], ['bed', 'bookshelf'], ['closet'], ['teddybear']),
    extraStates: ['CLEAN', 'DIRTY'],
  },
];

export const DECOR: ClassDef[] = [
  thing(
    'candle',
    'decor',
    'Decor',
    ['HAS_SWITCH'],
    ['diningtable', 'coffeetable', 'bathroomcounter', 'wallshelf', 'nightstand'],
  ),
  thing('vase', 'decor', 'Decor', [], ['coffeetable', 'diningtable', 'wallshelf', 'bookshelf', 'tvstand'], [], []),
  thing(
    'statue',
    'decor',
    'Decor',
    [],
    ['coffeetable', 'wallshelf', 'bookshelf', 'tvstand', 'desk', 'nightstand'],
    [],
    ['sculpture', 'figurine'],
  ),
  thing(
    'orchid',
    'decor',
    'Decor',
    [],
    ['coffeetable', 'nightstand', 'kitchentable', 'tvstand', 'wallshelf', 'diningtable'],
    [],
    ['houseplant', 'plant', 'pottedplant'],
  ),
  thing(
    'photoframe',
    'decor',
    'Props',
    [],
    ['bookshelf', 'nightstand', 'wallshelf', 'tvstand', 'desk'],
    [],
    ['picture', 'pictureframe', 'painting', 'poster'],
  ),
  {
    ...thing('pillow', 'decor', 'Decor', [], ['bed', 'sofa'], [], ['cushion']),
    extraStates: ['CLEAN', 'DIRTY'],
  },
  thing('blanket', 'decor', 'Decor', ['COVER_OBJECT'], ['bed', 'sofa'], ['closet'], ['comforter', 'sheets']),
];

function garment(name: string, on: string[], inside: string[], aliases: string[]): ClassDef {
  return {
    name,
    category: 'Props',
    kind: 'clothes',
    properties: ['GRABBABLE', 'CLOTHES', 'HANGABLE'],
    extraStates: ['CLEAN', 'DIRTY'],
    on,
    inside,
    aliases,
  };
}

export const CLOTHES: ClassDef[] = [
  garment('clothesshirt', ['bed'], ['closet', 'dresser', 'basketforclothes'], ['shirt', 'tshirt']),
  garment('clothespants', ['bed'], ['closet', 'dresser', 'basketforclothes'], ['pants', 'trousers']),
  garment('clothesjacket', ['bed', 'sofa'], ['closet'], ['jacket', 'coat']),
  garment('clothessocks', [], ['dresser', 'basketforclothes'], ['socks']),
  { ...garment('shoes', ['rug'], ['closet'], ['boots', 'sneakers']), properties: ['GRABBABLE', 'CLOTHES'] },
  { ...garment('slippers', ['rug'], ['closet'], []), properties: ['GRABBABLE', 'CLOTHES'] },
];

export const TOILETRIES: ClassDef[] = [
  {
    ...thing(
      'towel',
      'toiletry',
      'Props',
      ['COVER_OBJECT'],
      ['towelrack', 'bathroomcounter'],
      ['bathroomcabinet', 'closet'],
      ['handtowel', 'bathtowel'],
    ),
    extraStates: ['CLEAN', 'DIRTY'],
  },
  {
    ...thing('toothbrush', 'toiletry', 'Props', [], BATHROOM_SHELVES, BATHROOM_STORAGE),
    extraStates: ['CLEAN', 'DIRTY'],
  },
  thing('toothpaste', 'toiletry', 'Props', ['POURABLE', 'CREAM'], BATHROOM_SHELVES, BATHROOM_STORAGE),
  thing(
    'facecream',
    'toiletry',
    'Props',
    ['CAN_OPEN', 'POURABLE', 'CREAM'],
    [...BATHROOM_SHELVES, 'nightstand'],
    BATHROOM_STORAGE,
    ['lotion', 'aftershave', 'facialcleanser', 'lotionbottle'],
  ),
  {
    ...thing('barsoap', 'toiletry', 'Props', ['CREAM'], BATHROOM_SHELVES, ['bathtub'], ['soap', 'soapbar', 'facesoap']),
    ...RINSED_ONLY,
  },
  thing(
    'soapbottle',
    'toiletry',
    'Props',
    ['POURABLE', 'CREAM'],
    [...BATHROOM_SHELVES, 'kitchencounter'],
    [...BATHROOM_STORAGE, 'drawer'],
    ['handsoap', 'liquidsoap', 'soapdispenser'],
  ),
  thing(
    'hairproduct',
    'toiletry',
    'Props',
    ['POURABLE'],
    BATHROOM_SHELVES,
    ['bathroomcabinet', 'bathtub'],
    ['shampoo', 'conditioner'],
  ),
  thing('toiletpaper', 'toiletry', 'Props', ['HAS_PAPER', 'HANGABLE'], BATHROOM_SHELVES, BATHROOM_STORAGE, [
    'toiletpaperroll',
  ]),
  thing('deodorant', 'toiletry', 'Props', [], BATHROOM_SHELVES, BATHROOM_STORAGE, ['perfume']),
  thing('razor', 'toiletry', 'Props', [], BATHROOM_SHELVES, BATHROOM_STORAGE, ['electricshaver', 'shaver']),
  thing('comb', 'toiletry', 'Props', [], [...BATHROOM_SHELVES, 'dresser'], BATHROOM_STORAGE, ['hairbrush', 'brush']),
  thing('painkillers', 'toiletry', 'Props', [], [], BATHROOM_STORAGE, ['medicine', 'pills']),
];

export const CLEANING: ClassDef[] = [
  thing('broom', 'household', 'Props', [], [], ['closet'], ['mop']),
  thing('plunger', 'household', 'Props', [], ['rug'], ['bathroomcabinet'], ['toiletplunger']),
  thing('dustpan', 'household', 'Props', [], [], ['closet']),
  thing(
    'spraybottle',
    'household',
    'Props',
    ['POURABLE'],
    ['bathroomcounter'],
    ['bathroomcabinet', 'kitchencabinet'],
    ['cleaningbottle', 'cleaningsolution'],
  ),
];
