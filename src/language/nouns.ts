/**
 * The noun phrases of the goal reader (`tasks.ts`, `read-goal.ts`): what a span of words names, stricter than the
 * continual grammar's `resolvePhrase` because a wrong class is a wrong goal. In order:
 *
 * 1. a category noun ("fruit", "the bathroom supplies", "food", "dishes"): the list of catalog classes it covers, as
 *    the catalog's categories define them (`src/sim/catalog/categories.ts`; the sayings of each are below);
 * 2. a state noun: "coffee" is a mug filled with coffee, "toast" a cooked bread slice;
 * 3. a class by name or alias, the head noun singular or as written (`resolvePhrase`'s first way);
 * 4. a class by name qualified by a room, before it ("the bedroom lights") or after it ("the light in the bedroom"):
 *    the room's own class where room and noun make one ("the cabinet in the bathroom": bathroomcabinet), no room where
 *    it adds nothing, none where the catalog never stands the thing there (`withRoom`);
 * 5. a class by description (`byDescription`) only where one class alone shares the most words with it: "food" is
 *    as much the fridge's as the microwave's, so it names neither.
 *
 * Rooms themselves are no noun phrase of a goal (they qualify one).
 */
import { type CategoryName, categoryClasses } from '../sim/catalog/categories.js';
import { catalogClass, type RoomType, STANDING_KINDS } from '../sim/catalog/index.js';
import type { Predicate } from '../sim/subgoals.js';
import { registerCache } from '../util/caches.js';
import { byDescription, resolvePhrase, singular } from './lexicon.js';

export interface NounPhrase {
  /** The class named, or the classes a category covers (in the table's order). */
  readonly classes: readonly string[];
  /** The category word as the table has it ("fruit"), for a category noun. */
  readonly category?: string;
  readonly plural: boolean;
  /** The room class the phrase is qualified by. */
  readonly room?: string;
  /** The state a state noun names (coffee: isFilledWithCoffee). */
  readonly state?: Predicate;
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
  const resolved = resolvePhrase(words);
  if (resolved?.by === 'name' && !isRoom(resolved.className))
    return { className: resolved.className, plural: resolved.plural };
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
  const resolved = resolvePhrase(words);
  return resolved?.by === 'name' && isRoom(resolved.className) ? resolved.className : undefined;
}

const HOUSE_TAILS = [
  'in the house',
  'in the home',
  'in the whole house',
  'around the house',
  'in the apartment',
  'in the flat',
].map((t) => t.split(' '));

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
  let body = [...span];
  while (body.length > 0 && DETERMINERS.has(body[0])) body = body.slice(1);
  if (body.length === 0 || body.some((w) => w === ',' || w === '.')) return undefined;
  const text = body.join(' ');
  const category = CATEGORIES.get(text);
  if (category) return { classes: category.classes, category: category.word, plural: category.plural, by: 'category' };
  const stateNoun = STATE_NOUNS[text];
  if (stateNoun) {
    return { classes: [stateNoun.className], plural: /s$/.test(text), state: stateNoun.state, by: 'name' };
  }
  const byName = named(body);
  if (byName) return { classes: [byName.className], plural: byName.plural, by: 'name' };
  // "the fridge door", "the microwave lid": the thing that opens
  if (body.length > 1 && /^(door|doors|lid|lids)$/.test(body.at(-1)!)) {
    const whole = named(body.slice(0, -1));
    if (whole && catalogClass(whole.className)?.properties.includes('CAN_OPEN')) {
      return { classes: [whole.className], plural: whole.plural, by: 'name' };
    }
  }
  // "the lights in the house", "every light in the home": every one, wherever it is
  const house = HOUSE_TAILS.find(
    (tail) => body.length > tail.length && tail.every((w, k) => body[body.length - tail.length + k] === w),
  );
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
  for (let p = 1; p < body.length; p++) {
    const room = roomOf(body.slice(0, p));
    if (room === undefined) continue;
    const head = named(body.slice(p));
    if (head) return withRoom({ classes: [head.className], plural: head.plural, by: 'name' }, room);
  }
  // "a potato slice", "two bread pieces": the thing itself where the catalog has no slice of it
  if (body.length > 1 && /^(slice|slices|piece|pieces)$/.test(body.at(-1)!)) {
    const whole = named(body.slice(0, -1));
    if (whole) {
      const slice = catalogClass(`${whole.className}slice`)?.name ?? whole.className;
      return { classes: [slice], plural: body.at(-1)!.endsWith('s'), by: 'name' };
    }
  }
  return described(body);
}

/** Words that end a description: a phrase holding one is two phrases or a clause ("the glass and the juice"). */
const NOT_IN_DESCRIPTIONS = new Set(['and', 'or', 'then', 'but', ',', '.']);

/**
 * A class by description, only where every content word of it is in one class's description and in no other's, and
 * there are at least two ("the appliance you cook on"): a single word shared by chance ("serve") names nothing.
 */
function described(body: readonly string[]): NounPhrase | undefined {
  if (body.some((w) => NOT_IN_DESCRIPTIONS.has(w))) return undefined;
  const found = byDescription(body);
  if (!found?.unique || found.score < 2 || found.score < found.stems || isRoom(found.className)) return undefined;
  const last = body.at(-1)!;
  return { classes: [found.className], plural: singular(last) !== last, by: 'description' };
}
