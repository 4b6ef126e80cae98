/**
 * The noun phrases of the goal reader (`tasks.ts`, `read-goal.ts`): what a span of words names, stricter than the
 * continual grammar's `resolvePhrase` (`lexicon.ts`) because a wrong class is a wrong goal. In order:
 *
 * 1. a category noun ("fruit", "the bathroom supplies", "food", "dishes"): the list of catalog classes it covers, as
 *    the catalog's categories define them (`src/sim/catalog/categories.ts`; the sayings of each are below);
 * 2. a state noun: "coffee" is a mug filled with coffee, "toast" a cooked bread slice;
 * 3. a class by name or alias, the head noun singular or as written (`resolvePhrase`'s first way);
 * 4. a class by name qualified by a room, before it ("the bedroom lights") or after it ("the light in the bedroom"):
 *    the room's own class where room and noun make one ("the cabinet in the bathroom": bathroomcabinet), no room where
 *    it adds nothing, none where the catalog never stands the thing there (`withRoom`);
 * 5. modifiers before a phrase of 1-4 (issue 42): a state adjective ("a chilled apple", "the washed mug", "a sliced
 *    tomato") is a state the thing must be in; a descriptive word of colour, size, material, shape or position ("the
 *    red cloth", "a tall glass vase", "the bottom left cupboard") is set aside, with a note, since a goal names
 *    classes (a placement's host is any one of its class anyway). A slice ("a slice of apple", "an apple piece") is the
 *    thing sliced, a slice of bread the catalog's bread slice; a unit ("a set of keys", "a head of lettuce") the thing;
 * 6. a class by description (`byDescription`) only where one class alone shares the most words with it: "food" is
 *    as much the fridge's as the microwave's, so it names neither.
 *
 * Rooms themselves are no noun phrase of a goal (they qualify one).
 */
import { type CategoryName, categoryClasses } from '../sim/catalog/categories.js';
import { CATALOG, catalogClass, normalizeClassName, type RoomType, STANDING_KINDS } from '../sim/catalog/index.js';
import { classTakes } from '../sim/predicate-fit.js';
import type { Predicate } from '../sim/subgoals.js';
import { registerCache } from '../util/caches.js';
import { allInDescriptions, byDescription, resolveName, singular } from './lexicon.js';

export interface NounPhrase {
  /** The class named, or the classes a category covers (in the table's order). */
  readonly classes: readonly string[];
  /** The category word as the table has it ("fruit"), for a category noun. */
  readonly category?: string;
  readonly plural: boolean;
  /** The room class the phrase is qualified by. */
  readonly room?: string;
  /** The states the phrase asks of its thing: a state noun's (coffee: isFilledWithCoffee), its adjectives' (chilled). */
  readonly states?: readonly Predicate[];
  /** Descriptive words set aside ("red" of "the red cloth"), for the reading's notes. */
  readonly setAside?: readonly string[];
  /**
   * Other classes the words are as often said of (`ALSO_MEANS`): "a lamp" is the catalog's floor lamp by its alias,
   * and as often a desk lamp. A clause where the two make different goals refuses it (looking at a thing under a lamp).
   */
  readonly alsoMeans?: readonly string[];
  readonly by: 'category' | 'name' | 'description';
}

const DETERMINERS = new Set(['the', 'a', 'an', 'some', 'your', 'my', 'our', 'every', 'each', 'any']);

/**
 * Category nouns: the ways people say each category of the catalog (`src/sim/catalog/categories.ts` says which classes
 * it covers), singular and plural.
 */
const CATEGORY_SAYINGS: ReadonlyArray<readonly [category: CategoryName, sayings: string]> = [
  ['fruit', 'fruit|fruits|piece of fruit|pieces of fruit|fruit supply|fruit supplies'],
  ['vegetables', 'vegetable|vegetables|veggies|veg'],
  ['food', 'food|foods|meal|meals|something to eat|things to eat|a bite to eat|bite to eat'],
  ['groceries', 'groceries|grocery|shopping'],
  ['drinks', 'drink|drinks|beverage|beverages|something to drink|things to drink'],
  [
    'bathroom things',
    'bathroom thing|bathroom things|bathroom supplies|bathroom supply|bathroom items|bathroom item|bathroom objects|' +
      'bathroom object|bathroom stuff|bathroom products|toiletries|toiletry|toiletry items|toiletry things',
  ],
  ['dishes', 'dishes|crockery|dirty dishes|tableware'],
  ['cutlery', 'cutlery|silverware'],
  ['clothes', 'clothes|clothing|laundry'],
  ['electronics', 'electronics|gadgets|devices'],
  ['drinkware', 'drinkware|drinkwares|drinking vessels'],
  ['dishware', 'dishware|dishwares'],
  ['furniture', 'furniture|furnitures|piece of furniture|pieces of furniture'],
  ['water vessels', 'container|containers|water container|water containers|vessel|vessels'],
];

const CATEGORIES = new Map<string, { word: string; classes: readonly string[]; plural: boolean }>();
for (const [word, sayings] of CATEGORY_SAYINGS) {
  const list = categoryClasses(word);
  for (const saying of sayings.split('|')) {
    const last = saying.split(' ').at(-1)!;
    CATEGORIES.set(saying, { word, classes: list, plural: singular(last) !== last || /^piece of/.test(saying) });
  }
}

/** The classes a category saying covers ("fruits" -> apple, bananas, ...), undefined for a word that is none. */
export function classesOfCategoryWord(word: string): readonly string[] | undefined {
  return CATEGORIES.get(word)?.classes;
}

/** Nouns that name a thing in a state (hearth's own): coffee is served in a mug, toast is a cooked bread slice. */
const STATE_NOUNS: Readonly<Record<string, { readonly className: string; readonly state: Predicate }>> = {
  coffee: { className: 'mug', state: 'isFilledWithCoffee' },
  coffees: { className: 'mug', state: 'isFilledWithCoffee' },
  'cup of coffee': { className: 'mug', state: 'isFilledWithCoffee' },
  'mug of coffee': { className: 'mug', state: 'isFilledWithCoffee' },
  toast: { className: 'breadslice', state: 'isCooked' },
  toasts: { className: 'breadslice', state: 'isCooked' },
  'slice of toast': { className: 'breadslice', state: 'isCooked' },
  'slices of toast': { className: 'breadslice', state: 'isCooked' },
  'piece of toast': { className: 'breadslice', state: 'isCooked' },
  'pieces of toast': { className: 'breadslice', state: 'isCooked' },
};

function isRoom(className: string): boolean {
  return catalogClass(className)?.kind === 'room';
}

/**
 * Everyday words for catalog classes that the catalog's aliases (VirtualHome's, EAI's, TEACh's names) lack: hearth's
 * own table, British words included.
 */
const EVERYDAY: Readonly<Record<string, string>> = {
  telly: 'tv',
  tele: 'tv',
  'tv remote': 'remotecontrol',
  clicker: 'remotecontrol',
  cooker: 'stove',
  hob: 'stove',
  settee: 'sofa',
  recliner: 'chair',
  mobile: 'cellphone',
  smartphone: 'cellphone',
  worktop: 'kitchencounter',
  dustbin: 'garbagecan',
  wastebasket: 'garbagecan',
  'rubbish bin': 'garbagecan',
  'trash bin': 'garbagecan',
  tumbler: 'waterglass',
  teacup: 'mug',
  duvet: 'blanket',
  trainers: 'shoes',
  flower: 'orchid',
  'potted plant': 'orchid',
  // the words people use for the objects ALFRED's homes share with hearth's catalog (issue 42); hearth's own table,
  // checked on the development part of ALFRED's crowd texts (docs/reader.md)
  'tall lamp': 'floorlamp',
  'standing lamp': 'floorlamp',
  'floor standing lamp': 'floorlamp',
  'bedside lamp': 'tablelamp',
  'reading lamp': 'tablelamp',
  'end table': 'nightstand',
  'night table': 'nightstand',
  'bedside table': 'nightstand',
  // a table in the middle of the room is the coffee table
  'center table': 'coffeetable',
  'centre table': 'coffeetable',
  'middle table': 'coffeetable',
  stand: 'nightstand',
  'kitchen island': 'kitchencounter',
  island: 'kitchencounter',
  'coffee mug': 'mug',
  'tennis racquet': 'tennisracket',
  'garbage bin': 'garbagecan',
  'recycling bin': 'garbagecan',
  'waste basket': 'garbagecan',
  'waste bin': 'garbagecan',
  'trash basket': 'garbagecan',
  trash: 'garbagecan',
  garbage: 'garbagecan',
  rubbish: 'garbagecan',
  // the tank of a toilet is where things stand on it
  'toilet tank': 'toilet',
  'toilet tank lid': 'toilet',
  'tank lid': 'toilet',
  'water tank': 'toilet',
  'toilet lid': 'toilet',
  'toilet seat': 'toilet',
  burner: 'stove',
  'stove top': 'stove',
  stovetop: 'stove',
  cooktop: 'stove',
  'stove burner': 'stove',
  skillet: 'fryingpan',
  'tea kettle': 'kettle',
  // a long-handled scoop is what the catalog calls a ladle
  scoop: 'ladle',
  'ice cream scoop': 'ladle',
  washcloth: 'rag',
  'wash cloth': 'rag',
  'dish cloth': 'rag',
  dishcloth: 'rag',
  tissue: 'tissuebox',
  'toilet paper holder': 'towelrack',
  'toilet paper hanger': 'towelrack',
  'toilet roll holder': 'towelrack',
  'paper towel holder': 'towelrack',
  // a wheeled wire rack is the catalog's cart (ALFRED's Cart, which people call a rack)
  rack: 'cart',
  'wire rack': 'cart',
  bureau: 'dresser',
  'television stand': 'tvstand',
  'sofa chair': 'chair',
  'pump bottle': 'soapbottle',
  'soap pump': 'soapbottle',
  'hand soap bottle': 'soapbottle',
  'toilet paper dispenser': 'towelrack',
  'sofa seat': 'sofa',
  'couch cushion': 'pillow',
  'chair cushion': 'pillow',
  hamper: 'basketforclothes',
  keyring: 'keys',
  'key ring': 'keys',
  'desk drawer': 'drawer',
  'dresser drawer': 'drawer',
  'kitchen drawer': 'drawer',
  // a room's own furniture said with another noun ("the cupboard in the bathroom" is the bathroom cabinet)
  'bathroom cupboard': 'bathroomcabinet',
  'medicine cupboard': 'bathroomcabinet',
  'dining room table': 'diningtable',
};
for (const [word, className] of Object.entries(EVERYDAY)) {
  if (!catalogClass(className)) throw new Error(`everyday word ${word}: ${className} is no catalog class`);
}

/**
 * Dishes of the recipe book that a catalog alias would take for a thing: "the salad" is the dish (lettuce, tomato and a
 * cooked potato on a plate), never the lettuce the alias names; the clause forms read it as the dish or refuse it.
 */
const DISH_NAMES: ReadonlySet<string> = new Set(['salad', 'salads']);

/** A class by name (aliases and everyday words included), never a room; the head noun singular or as written. */
function named(words: readonly string[]): { className: string; plural: boolean } | undefined {
  if (words.length === 1 && DISH_NAMES.has(words[0])) return undefined;
  const resolved = resolveName(words);
  if (resolved && !isRoom(resolved.className)) {
    // a class whose own name or alias is the word as written is one of it: "the keys" (a key chain), "the tissues"
    const asWritten = resolved.plural && catalogClass(words.join(' '))?.name === resolved.className;
    return { className: resolved.className, plural: resolved.plural && !asWritten };
  }
  const last = words.at(-1) ?? '';
  const single = singular(last);
  const everyday = EVERYDAY[[...words.slice(0, -1), single].join(' ')] ?? EVERYDAY[words.join(' ')];
  return everyday
    ? { className: everyday, plural: single !== last && EVERYDAY[words.join(' ')] === undefined }
    : undefined;
}

/**
 * A phrase narrowed to a room, unless the room adds nothing: a piece of furniture or an appliance that is that room's
 * by name (a kitchen cabinet in the kitchen) or that the catalog stands in no other room (a kitchen table, a fridge, a
 * bed), so that "the table in the kitchen" reads as "the kitchen table" does. A thing that stands in no such room names
 * nothing ("the table in the living room": 'table' is the kitchen table, which no living room has). Otherwise the room
 * is kept: "the cabinet in the bedroom" is a cabinet there, never any cabinet, and a thing that is carried about is the
 * one in that room (docs/reader.md, "Rooms").
 */
export function withRoom(phrase: NounPhrase, room: string): NounPhrase | undefined {
  const standing = phrase.classes.map((c) => catalogClass(c)).filter((e) => e && STANDING_KINDS.has(e.kind));
  if (standing.length !== phrase.classes.length) return { ...phrase, room };
  if (standing.some((e) => e!.rooms.length > 0 && !e!.rooms.includes(room as RoomType))) return undefined;
  return roomAddsNothing(phrase.classes, room) ? phrase : { ...phrase, room };
}

/** Whether the room adds nothing to the standing classes (see `withRoom`). */
export function roomAddsNothing(classes: readonly string[], room: string): boolean {
  return classes.every((className) => {
    const entry = catalogClass(className);
    if (!entry || !STANDING_KINDS.has(entry.kind)) return false;
    return entry.name.startsWith(room.replace(/_/g, '')) || (entry.rooms.length === 1 && entry.rooms[0] === room);
  });
}

/** The room the words name, by name only. */
export function roomOf(words: readonly string[]): string | undefined {
  const resolved = resolveName(words);
  return resolved && isRoom(resolved.className) ? resolved.className : undefined;
}

const HOUSE_TAILS = [
  'in the house',
  'in the home',
  'in the whole house',
  'around the house',
  'in the apartment',
  'in the flat',
].map((t) => t.split(' '));

/**
 * Every word a noun phrase can end in, for a quick no: the end of a catalog name or alias as written together
 * (`coffeetable` ends in "table"), of an everyday word, a category, a state noun, a slice word, "door", "house"; and any
 * word of a description (`mayEndPhrase`). Most spans a sentence offers end in none ("put the apple in"), and a reading
 * resolves tens of thousands of them the first time it sees a text.
 */
let phraseEnds: ReadonlySet<string> | undefined;
function phraseEndWords(): ReadonlySet<string> {
  if (phraseEnds) return phraseEnds;
  const ends = new Set<string>(['door', 'doors', 'lid', 'lids', 'house', 'home', 'apartment', 'flat', ...SLICE_WORDS]);
  const compounds = [
    ...CATALOG.flatMap((entry) => [entry.name, ...(entry.aliases ?? [])]),
    ...Object.keys(EVERYDAY),
  ].map(normalizeClassName);
  for (const name of compounds) for (let k = 0; k < name.length; k++) ends.add(name.slice(k));
  for (const saying of [...CATEGORIES.keys(), ...Object.keys(STATE_NOUNS)]) ends.add(saying.split(' ').at(-1)!);
  phraseEnds = ends;
  return ends;
}

/**
 * Every word a noun phrase can begin with after its determiner, for a quick no as `mayEndPhrase`: the start of a catalog
 * name or alias as written together, of an everyday word, a category or a state noun; a modifier, a slice or unit word,
 * "lamp"; any word of a description.
 */
let phraseStarts: ReadonlySet<string> | undefined;
function phraseStartWords(): ReadonlySet<string> {
  if (phraseStarts) return phraseStarts;
  const starts = new Set<string>([
    ...SLICE_WORDS,
    ...UNIT_WORDS,
    ...DESCRIPTIVE,
    ...Object.keys(STATE_ADJECTIVES),
    'lamp',
    'lamps',
  ]);
  const compounds = [
    ...CATALOG.flatMap((entry) => [entry.name, ...(entry.aliases ?? [])]),
    ...Object.keys(EVERYDAY),
  ].map(normalizeClassName);
  for (const name of compounds) for (let k = 1; k <= name.length; k++) starts.add(name.slice(0, k));
  for (const saying of [...CATEGORIES.keys(), ...Object.keys(STATE_NOUNS)]) starts.add(saying.split(' ')[0]);
  phraseStarts = starts;
  return starts;
}

function mayStartPhrase(word: string): boolean {
  const starts = phraseStartWords();
  return starts.has(word) || starts.has(singular(word)) || allInDescriptions([word]);
}

function mayEndPhrase(word: string): boolean {
  const ends = phraseEndWords();
  return ends.has(word) || ends.has(singular(word)) || allInDescriptions([word]);
}

/** The last words of the house tails. */
const HOUSE_WORDS: ReadonlySet<string> = new Set(HOUSE_TAILS.map((tail) => tail.at(-1)!));

/** The words a room's name can begin with (prefixes of the catalog's room names and aliases as written together). */
let roomStarts: ReadonlySet<string> | undefined;
function roomStartWords(): ReadonlySet<string> {
  if (roomStarts) return roomStarts;
  const starts = new Set<string>();
  for (const entry of CATALOG.filter((e) => e.kind === 'room')) {
    for (const name of [entry.name, ...(entry.aliases ?? [])].map(normalizeClassName)) {
      for (let k = 1; k <= name.length; k++) starts.add(name.slice(0, k));
    }
  }
  roomStarts = starts;
  return starts;
}

const CACHE = new Map<string, NounPhrase | null>();
registerCache('language: noun phrases', () => CACHE.clear());
const CACHE_LIMIT = 20_000;

/** What a span of words names as a goal's noun phrase (see the module comment), or undefined. */
export function resolveNoun(span: readonly string[]): NounPhrase | undefined {
  const key = span.join(' ');
  const cached = CACHE.get(key);
  if (cached !== undefined) return cached ?? undefined;
  const found = resolveUncached(span);
  if (CACHE.size >= CACHE_LIMIT) CACHE.clear();
  CACHE.set(key, found ?? null);
  return found;
}

function resolveUncached(span: readonly string[]): NounPhrase | undefined {
  let start = 0;
  while (start < span.length && DETERMINERS.has(span[start])) start++;
  if (start === span.length || !mayStartPhrase(span[start]) || !mayEndPhrase(span[span.length - 1])) return undefined;
  const body = start === 0 ? span : span.slice(start);
  if (body.some((w) => w === ',' || w === '.')) return undefined;
  const text = body.join(' ');
  const category = CATEGORIES.get(text);
  if (category) return { classes: category.classes, category: category.word, plural: category.plural, by: 'category' };
  const stateNoun = STATE_NOUNS[text];
  if (stateNoun) {
    return { classes: [stateNoun.className], plural: /s$/.test(text), states: [stateNoun.state], by: 'name' };
  }
  const byName = named(body);
  if (byName) {
    const also = body.length === 1 ? ALSO_MEANS[singular(body[0])] : undefined;
    return { classes: [byName.className], plural: byName.plural, by: 'name', ...(also && { alsoMeans: also }) };
  }
  const standing = lampStanding(body);
  if (standing) return standing;
  // "the fridge door", "the microwave lid": the thing that opens
  if (body.length > 1 && /^(door|doors|lid|lids)$/.test(body.at(-1)!)) {
    const whole = named(body.slice(0, -1));
    if (whole && catalogClass(whole.className)?.properties.includes('CAN_OPEN')) {
      return { classes: [whole.className], plural: whole.plural, by: 'name' };
    }
  }
  // "the lights in the house", "every light in the home": every one, wherever it is
  const house = HOUSE_WORDS.has(body[body.length - 1])
    ? HOUSE_TAILS.find(
        (tail) => body.length > tail.length && tail.every((w, k) => body[body.length - tail.length + k] === w),
      )
    : undefined;
  if (house) {
    const head = resolveNoun(body.slice(0, body.length - house.length));
    return head && head.room === undefined ? { ...head, plural: true } : undefined;
  }
  // "the light in the bedroom": split at the last "in" whose tail names a room
  for (let p = body.length - 2; p >= 1; p--) {
    if (body[p] !== 'in') continue;
    const roomWords = body.slice(p + 1).filter((w) => !DETERMINERS.has(w));
    const room = roomOf(roomWords);
    if (room === undefined) continue;
    const headWords = body.slice(0, p);
    const head = resolveNoun(headWords);
    if (!head || head.room !== undefined) return undefined;
    // "the cabinet in the bathroom" is the bathroom cabinet, a class of its own
    const compound =
      head.by === 'name' && head.category === undefined ? named([...roomWords, ...headWords]) : undefined;
    if (compound && compound.className !== head.classes[0])
      return { classes: [compound.className], plural: head.plural, by: 'name' };
    return withRoom(head, room);
  }
  // "the bedroom lights", "the living room lamp": a room's name before a class's
  for (let p = 1; p < body.length && roomStartWords().has(body[0]); p++) {
    const room = roomOf(body.slice(0, p));
    if (room === undefined) continue;
    const head = named(body.slice(p));
    if (head) return withRoom({ classes: [head.className], plural: head.plural, by: 'name' }, room);
  }
  return sliceOf(body) ?? unitOf(body) ?? modified(body) ?? described(body);
}

/**
 * Words the catalog's alias gives one class that people say as often of another (`NounPhrase.alsoMeans`): "lamp" is
 * the floor lamp by its alias and as often a desk lamp (in ALFRED's crowd texts, more often); "knife" the kitchen knife
 * and as often a butter knife; "spoon" the spoon and more often ALFRED's ladle; "cup" the glass and as often a mug. Measured on the development part of
 * ALFRED's texts (docs/reader.md): a word is listed where it names the other class at least as often as its own.
 */
const ALSO_MEANS: Readonly<Record<string, readonly string[]>> = {
  lamp: ['tablelamp'],
  // a butter knife is a knife, a ladle a big spoon; a bottle is of water, wine, soap or spray
  knife: ['cutleryknife'],
  spoon: ['ladle'],
  bottle: ['wine', 'spraybottle', 'soapbottle'],
  // a cup is the glass by the catalog's alias, and as often a mug (a coffee cup, a tea cup)
  cup: ['mug'],
};

/** "the lamp on the desk", "a lamp on the nightstand": a lamp that stands on furniture is a table lamp. */
function lampStanding(body: readonly string[]): NounPhrase | undefined {
  if (body.length < 3 || !/^lamps?$/.test(body[0])) return undefined;
  const on =
    body[1] === 'on' && body[2] === 'top' && body[3] === 'of' ? 4 : ['on', 'upon', 'atop'].includes(body[1]) ? 2 : 0;
  if (on === 0) return undefined;
  const surface = resolveNoun(body.slice(on));
  if (surface?.classes.length !== 1 || !catalogClass(surface.classes[0])?.properties.includes('SURFACES'))
    return undefined;
  return { classes: ['tablelamp'], plural: body[0] === 'lamps', by: 'name' };
}

/** Words of a slice: "a slice of apple", "an apple piece", "two tomato slices" (`sliceOf`). */
const SLICE_WORDS: ReadonlySet<string> = new Set(
  'slice slices piece pieces section sections wedge wedges chunk chunks'.split(' '),
);

/**
 * A slice of a thing: the catalog's slice class where it has one (a slice of bread is a bread slice), else the thing
 * itself in the state `isSliced` (docs/alfred.md: a slice is a state). A category is never sliced ("a piece of fruit"
 * is a fruit), nor a thing that cannot be cut (`sliced` below keeps it whole).
 */
function sliceOf(body: readonly string[]): NounPhrase | undefined {
  if (body.length < 2) return undefined;
  const ofAt = body.indexOf('of');
  const [sliceWord, thingWords] =
    ofAt === 1 && SLICE_WORDS.has(body[0])
      ? [body[0], body.slice(2)]
      : SLICE_WORDS.has(body.at(-1)!) && ofAt < 0
        ? [body.at(-1)!, body.slice(0, -1)]
        : [undefined, undefined];
  if (!sliceWord || !thingWords) return undefined;
  let thing = resolveNoun(thingWords);
  // "a slice of a tomato", "a piece of the apple"
  if (!thing && /^(a|an|the)$/.test(thingWords[0] ?? '')) thing = resolveNoun(thingWords.slice(1));
  if (!thing || thing.category !== undefined || thing.room !== undefined || thing.classes.length !== 1)
    return undefined;
  const plural = sliceWord.endsWith('s');
  return sliced({ ...thing, plural }, sliceWord);
}

/** The thing sliced: its slice class, or the state `isSliced` where it can take it, else the thing as said. */
function sliced(thing: NounPhrase, _word: string): NounPhrase {
  const slice = catalogClass(`${thing.classes[0]}slice`)?.name;
  if (slice) return { ...thing, classes: [slice] };
  if (!classTakes(thing.classes[0], 'isSliced')) return thing;
  return { ...thing, states: [...new Set([...(thing.states ?? []), 'isSliced' as Predicate])] };
}

/**
 * Units a thing is counted in ("a set of keys", "a head of lettuce", "two bars of soap", "a loaf of bread"): the thing,
 * counted by the unit.
 */
const UNIT_WORDS: ReadonlySet<string> = new Set(
  'set sets head heads loaf loaves bar bars roll rolls bunch bunches stick sticks pair pairs bottle bottles box boxes'.split(
    ' ',
  ),
);

function unitOf(body: readonly string[]): NounPhrase | undefined {
  if (body.length < 3 || body[1] !== 'of' || !UNIT_WORDS.has(body[0])) return undefined;
  // "a bottle of wine" is the wine bottle, "a box of tissues" the tissue box, where the two make a class
  const thingWords = body.slice(2).filter((w) => !DETERMINERS.has(w));
  const compound = named([...thingWords.slice(0, -1), singular(thingWords.at(-1) ?? ''), singular(body[0])]);
  if (compound) return { classes: [compound.className], plural: singular(body[0]) !== body[0], by: 'name' };
  const thing = resolveNoun(body.slice(2));
  if (!thing || thing.category !== undefined) return undefined;
  return { ...thing, plural: singular(body[0]) !== body[0] };
}

/**
 * Adjectives that state what must hold of a thing (hearth's own list): "a chilled apple" is an apple cooled, "the
 * washed mug" a clean one, "a sliced tomato" a tomato sliced. "Wet" is rinsed: the robot wets a thing only by rinsing
 * it. A heat word of a thing that is no food is `isHeated` (ALFRED heats mugs and plates: `heatState`).
 */
const STATE_ADJECTIVES: Readonly<Record<string, Predicate>> = {
  chilled: 'isCooled',
  cold: 'isCooled',
  cool: 'isCooled',
  cooled: 'isCooled',
  refrigerated: 'isCooled',
  frozen: 'isCooled',
  frosty: 'isCooled',
  clean: 'isClean',
  cleaned: 'isClean',
  washed: 'isClean',
  rinsed: 'isClean',
  wet: 'isClean',
  damp: 'isClean',
  hot: 'isCooked',
  warm: 'isCooked',
  warmed: 'isCooked',
  heated: 'isCooked',
  cooked: 'isCooked',
  microwaved: 'isCooked',
  sliced: 'isSliced',
  cut: 'isSliced',
  // "the slice potato", "a slice apple": a slice of it
  slice: 'isSliced',
  chopped: 'isSliced',
  diced: 'isSliced',
};

/** The state a heat word asks of a class: cooked for food, heated for anything else (a mug, a plate). */
export function heatState(className: string): Predicate {
  return classTakes(className, 'isCooked') ? 'isCooked' : 'isHeated';
}

/**
 * Words that describe a thing without naming its class (hearth's own list): colour, size, material, shape, position,
 * condition. "the red cloth" is the cloth: a goal names classes, not colours, and a host is any one of its class.
 */
const DESCRIPTIVE: ReadonlySet<string> = new Set(
  (
    'red blue green yellow white black brown pink purple grey gray silver golden gold beige tan dark bright ' +
    'colorful colourful striped blank ' +
    'small large big little tall short tiny huge medium long round square rectangular oval wide narrow low high ' +
    'wooden wood metal metallic glass plastic ceramic porcelain steel stainless paper cardboard leather wicker marble ' +
    'brass iron tin rubber fabric ' +
    'top bottom upper lower middle center centre left right far near front back corner side first second third ' +
    'fourth last other nearest closest furthest farthest leftmost rightmost ' +
    'empty full old new used whole entire single lone only lit unlit dirty unwashed filthy messy ' +
    'martini wine clear transparent'
  ).split(' '),
);

/**
 * Modifiers before a phrase (see the module comment): a state adjective kept as a state the class must be able to
 * take (else no phrase: "the chilled sofa"), a descriptive word set aside. Only where the words do not name a class
 * as they stand ("desk lamp", "glass bottle" and "tall lamp" are names).
 */
function modified(body: readonly string[]): NounPhrase | undefined {
  if (body.length < 2) return undefined;
  const [word, ...after] = body;
  const state = STATE_ADJECTIVES[word];
  // "a rinsed off knife", "a cooled down pan", "the heated up mug"
  const rest =
    state !== undefined && /^(off|down|up|out)$/.test(after[0] ?? '') && after.length > 1 ? after.slice(1) : after;
  // "cut an apple" is a clause, not a cut apple: a modifier comes after the determiner
  if ((state === undefined && !DESCRIPTIVE.has(word)) || DETERMINERS.has(rest[0])) return undefined;
  const head = resolveNoun(rest);
  if (!head || head.room !== undefined) return undefined;
  if (state === undefined) return { ...head, setAside: [word, ...(head.setAside ?? [])] };
  if (state === 'isSliced')
    return head.category === undefined && head.classes.length === 1 ? sliced(head, word) : undefined;
  const states = head.classes.map((c) => (state === 'isCooked' ? heatState(c) : state));
  if (new Set(states).size !== 1 || !head.classes.every((c) => classTakes(c, states[0]))) return undefined;
  return { ...head, states: [...new Set([...(head.states ?? []), states[0]])] };
}

/** Words that end a description: a phrase holding one is two phrases or a clause ("the glass and the juice"). */
const NOT_IN_DESCRIPTIONS = new Set(['and', 'or', 'then', 'but', ',', '.']);

/**
 * A class by description, only where every content word of it is in one class's description and in no other's, and
 * there are at least two ("the appliance you cook on"): a single word shared by chance ("serve") names nothing.
 */
function described(body: readonly string[]): NounPhrase | undefined {
  if (body.some((w) => NOT_IN_DESCRIPTIONS.has(w)) || !allInDescriptions(body)) return undefined;
  const found = byDescription(body);
  if (!found?.unique || found.score < 2 || found.score < found.stems || isRoom(found.className)) return undefined;
  const last = body.at(-1)!;
  // "the light of the lamp" is a lamp's description, as said of a desk lamp as of a floor lamp
  const also = body.map((w) => ALSO_MEANS[singular(w)]).find((a) => a !== undefined);
  return {
    classes: [found.className],
    plural: singular(last) !== last,
    by: 'description',
    ...(also && { alsoMeans: also }),
  };
}
