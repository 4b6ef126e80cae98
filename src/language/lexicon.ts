/**
 * Noun phrases to catalog classes, for the offline instruction interpreter. Two ways a phrase names a class:
 *
 * 1. By name: the phrase (its last word singularised) is a class name or alias of hearth's catalog
 *    (src/sim/catalog: `coffee tables` -> coffeetable, `the wardrobe` -> closet, `alarm clocks` -> clock).
 * 2. By description ("object ambiguation", ExRAP Table 3): the phrase's content words are matched against a small
 *    commonsense table of what household things are and are for (below, hearth's own words), and the class whose
 *    description shares most stems wins; ties go to the more typical class, listed first. This table is the offline
 *    stand-in for an LLM's world knowledge; it covers the catalog classes an instruction is likely to name, not any
 *    benchmark's word list.
 *
 * Beside them, what appliances and fixtures are used to do (`useWords`, `classesUsedFor`): the verbs an instruction
 * names a place by when it names the deed ("needs refrigeration", "warm up"), for SemGro's offline text encoder.
 */
import { categoryClasses } from '../sim/catalog/categories.js';
import { catalogClass } from '../sim/catalog/index.js';
import { HEATER_CLASSES } from '../sim/derived-states.js';
import { registerCache } from '../util/caches.js';

/** A crude stemmer, applied alike to texts and descriptions: `storing`/`store` -> `stor`, `shelves` -> `shelf`. */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('ves')) w = `${w.slice(0, -3)}f`;
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (/(sh|ch|x|ss|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** The singular of an English noun (enough for household nouns): `shelves` -> `shelf`, `dishes` -> `dish`, `tomatoes`. */
export function singular(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && w.endsWith('ves')) return `${w.slice(0, -3)}f`;
  if (/(sh|ch|x|ss|z)es$/.test(w)) return w.slice(0, -2);
  // tomatoes, potatoes, mangoes (but shoes, toes)
  if (w.length > 5 && w.endsWith('oes')) return w.slice(0, -2);
  if (w.length > 2 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/** Words that carry no content in a description. */
const STOPWORDS = new Set(
  [
    'the',
    'a',
    'an',
    'for',
    'that',
    'which',
    'you',
    'to',
    'of',
    'with',
    'by',
    'at',
    'from',
    'on',
    'in',
    'something',
    'thing',
    'things',
    'one',
    'ones',
    'it',
    'is',
    'are',
    'your',
    'some',
    'any',
  ].map(stem),
);

/**
 * What household things are and are for, in plain words: first the nouns that name the thing itself (what it is: a
 * synonym or a wider kind, "couch", "cupboard", "appliance"), then the rest (what it is for, holds or is like: verbs,
 * adjectives, contents, "watch", "coffee", "cold"). An instruction's phrase is read against both ("something to
 * watch"); a written class name only against the first (`resolvePhrase`'s `classMeant`), since a name is a noun: a
 * program's "Watch" is a wristwatch, not the TV one watches. Order matters only for ties: among classes whose
 * descriptions share as many stems with a phrase, the one listed first (the more typical) is taken.
 */
const DESCRIPTIONS: ReadonlyArray<readonly [className: string, kinds: string, uses: string]> = [
  ['book', 'novel', 'read story pages'],
  ['magazine', '', 'read glossy issue'],
  ['paper', 'sheet document', 'write print'],
  ['notes', 'reminder', 'jot'],
  ['mug', 'cup', 'hot drink coffee tea'],
  ['waterglass', 'glass', 'cold drink water'],
  ['plate', 'dish', 'eat meal serve'],
  ['dishbowl', 'bowl', 'soup cereal'],
  ['apple', 'fruit', 'crunchy'],
  ['bananas', 'fruit bunch', 'yellow'],
  ['orange', 'fruit', 'citrus'],
  ['towel', 'cloth', 'dry yourself bath'],
  ['rag', 'cloth', 'wipe dust'],
  ['tv', 'screen television', 'watch show programme'],
  ['computer', 'machine monitor', 'work compute'],
  ['laptop', 'computer', 'portable'],
  ['radio', '', 'play music listen broadcast'],
  ['clock', 'alarm', 'tell time wake'],
  ['cellphone', 'phone mobile', 'call'],
  ['desk', 'table', 'work study'],
  ['coffeetable', 'table', 'low sofa lounge'],
  ['kitchentable', 'table', 'kitchen meal'],
  ['bookshelf', 'shelf', 'book hold'],
  ['wallshelf', 'shelf', 'wall mounted'],
  ['cabinet', 'cupboard storage', 'store'],
  ['kitchencabinet', 'cupboard', 'kitchen crockery'],
  ['closet', 'wardrobe', 'clothes hang'],
  ['sofa', 'couch', 'sit relax'],
  ['bed', '', 'sleep lie'],
  ['sink', 'basin', 'tap faucet wash hand'],
  ['dishwasher', 'machine', 'wash dish dishes'],
  ['washingmachine', 'machine', 'wash clothes laundry'],
  ['microwave', 'appliance', 'heat food quickly reheat'],
  ['stove', 'appliance hob burner', 'cook'],
  ['fridge', 'appliance', 'cold chill food'],
  ['toaster', 'appliance', 'toast bread'],
  ['coffeemaker', 'appliance', 'brew coffee'],
  ['kettle', '', 'boil water'],
  ['tablelamp', 'lamp', 'light bedside'],
];

interface Description {
  readonly className: string;
  /** Stems of every word of the description. */
  readonly stems: ReadonlySet<string>;
  /** Stems of the nouns naming the thing itself. */
  readonly kinds: ReadonlySet<string>;
}

const stemsOf = (words: string): Set<string> =>
  new Set(
    words
      .split(' ')
      .filter((w) => w !== '')
      .map(stem),
  );

const DESCRIBED: readonly Description[] = DESCRIPTIONS.map(([className, kinds, uses]) => {
  if (!catalogClass(className)) throw new Error(`interpreter lexicon: ${className} is not a catalog class`);
  return { className, stems: stemsOf(`${kinds} ${uses}`), kinds: stemsOf(kinds) };
});

export interface ResolvedPhrase {
  /** The catalog class. */
  readonly className: string;
  /** The phrase names it in the plural (`mugs`, `cups for hot drinks`). */
  readonly plural: boolean;
  /** By name or by description. */
  readonly by: 'name' | 'description';
}

const DETERMINERS = new Set(['the', 'a', 'an', 'some', 'your', 'every', 'each']);

/** The catalog class whose name or alias the words spell (`coffee table`, `wardrobe`). */
function byName(words: readonly string[]): string | undefined {
  return catalogClass(words.join(' '))?.name;
}

/** How a phrase is read. */
export interface PhraseReading {
  /**
   * The words stand where only a class name can (a program's `InteractionObject("Watch")`): a description counts only
   * its nouns naming the thing itself, and only where one class alone has the most of them ("table" names a desk as
   * much as a kitchen table: no class).
   */
  readonly classMeant?: boolean;
}

/**
 * The class a noun phrase names by name or alias alone (the first way of `resolvePhrase`), or undefined: the head
 * noun (the last word) in the singular, then as written (`bananas` is a class name).
 */
export function resolveName(words: readonly string[]): ResolvedPhrase | undefined {
  let start = 0;
  while (start < words.length && DETERMINERS.has(words[start])) start++;
  if (start === words.length) return undefined;
  const body = start === 0 ? words : words.slice(start);
  const last = body[body.length - 1];
  const single = singular(last);
  if (single !== last) {
    const name = byName([...body.slice(0, -1), single]);
    if (name) return { className: name, plural: true, by: 'name' };
  }
  const asWritten = byName(body);
  return asWritten ? { className: asWritten, plural: false, by: 'name' } : undefined;
}

/**
 * The class a noun phrase names, or undefined. `words` are the phrase's tokens (lower case), determiners included
 * or not.
 */
export function resolvePhrase(words: readonly string[], reading: PhraseReading = {}): ResolvedPhrase | undefined {
  let body = [...words];
  while (body.length > 0 && DETERMINERS.has(body[0])) body = body.slice(1);
  if (body.length === 0) return undefined;
  // 1. by name
  const byItsName = resolveName(body);
  if (byItsName) return byItsName;
  // 2. by description
  const described = byDescription(body, reading.classMeant ? 'kinds' : 'all');
  if (!described || (reading.classMeant && !described.unique)) return undefined;
  return { className: described.className, plural: isPluralPhrase(words), by: 'description' };
}

/**
 * The class whose description shares most stems with the words (ties to the one listed first), how many stems it
 * shares of how many content stems the words have, and whether another class shares as many (`unique: false`: "food"
 * is as much the fridge's as the microwave's). `kinds`: only the nouns naming each thing itself count.
 */
/** Every stem of every description: a word outside them is in no class's description. */
const DESCRIPTION_STEMS: ReadonlySet<string> = new Set(DESCRIBED.flatMap((d) => [...d.stems]));

/** Whether every content word is in some class's description (else no class's description holds them all). */
export function allInDescriptions(words: readonly string[]): boolean {
  return words.every((w) => {
    const s = stem(w);
    return STOPWORDS.has(s) || DESCRIPTION_STEMS.has(s);
  });
}

export function byDescription(
  words: readonly string[],
  senses: 'all' | 'kinds' = 'all',
):
  | { readonly className: string; readonly score: number; readonly unique: boolean; readonly stems: number }
  | undefined {
  const stems = words.map(stem).filter((s) => !STOPWORDS.has(s));
  if (stems.length === 0) return undefined;
  let best: Description | undefined;
  let bestScore = 0;
  let ties = 0;
  for (const d of DESCRIBED) {
    const known = senses === 'kinds' ? d.kinds : d.stems;
    let score = 0;
    for (const s of stems) if (known.has(s)) score++;
    if (score > bestScore) {
      best = d;
      bestScore = score;
      ties = 0;
    } else if (score === bestScore && score > 0) ties++;
  }
  if (!best) return undefined;
  return { className: best.className, score: bestScore, unique: ties === 0, stems: stems.length };
}

/** A description is plural when its head (first content noun) is: `cups for hot drinks`, `things to read`. */
export function isPluralPhrase(words: readonly string[]): boolean {
  if (words[0] === 'something' || words[0] === 'a' || words[0] === 'an' || words[0] === 'the') return false;
  const head = words.find((w) => !DETERMINERS.has(w));
  return head !== undefined && singular(head) !== head;
}

/** Words catalog class names are compounds of, for saying a class in English (`kitchencounter` -> "kitchen counter"). */
const NAME_PARTS = new Set(
  (
    'kitchen bathroom living dining home office counter cabinet table garbage can wall shelf coffee tv stand book ' +
    'night towel rack filing mouse mat dish washer washing machine lamp floor cell phone remote control hair dryer ' +
    'vacuum cleaner bell pepper bread slice water glass wine cutlery knife fork cooking pot frying pan tooth brush ' +
    'paste face cream bar soap paper photo frame alarm clock tea cup cake candy bottle maker light switch baking ' +
    'tray cutting board chef laundry basket clothes salt shaker condiment bowl power socket door jamb mug wash ' +
    'box drawer pillow chair bed orchid plant coffeemaker toilet sink faucet closet desk sofa computer keyboard ' +
    'milk juice apple potato tomato lettuce chicken crackers cereal cupcake banana bananas orange lemon egg'
  ).split(' '),
);

/** A class name as English words where it is a compound of known words (`remotecontrol` -> "remote control"). */
export function spokenName(className: string): string {
  const name = className.replace(/_/g, ' ');
  if (name.includes(' ')) return name;
  // Longest known part first at each position; the whole name when it does not split into known parts.
  const split = (rest: string): string[] | undefined => {
    if (rest === '') return [];
    for (let end = rest.length; end > 1; end--) {
      const part = rest.slice(0, end);
      if (!NAME_PARTS.has(part)) continue;
      const tail = split(rest.slice(end));
      if (tail) return [part, ...tail];
    }
    return undefined;
  };
  return split(name)?.join(' ') ?? name;
}

/**
 * The word for the kind of thing a class is, as people name groups of things ("put the fruit away", "the bathroom
 * things"): the catalog's categories for food (`src/sim/catalog/categories.ts`), its kinds for the rest. Undefined for
 * furniture, rooms and the like.
 */
export const FOOD_WORDS: ReadonlyArray<readonly [word: string, classes: string]> = (
  ['fruit', 'vegetables'] as const
).map((word) => [word, categoryClasses(word).join(' ')] as const);
const KIND_WORDS: Readonly<Record<string, string>> = {
  kitchenware: 'dishes',
  toiletry: 'bathroom things',
  clothes: 'clothes',
  stationery: 'papers',
  electronics: 'gadgets',
  decor: 'decorations',
  household: 'household things',
};

export function categoryWord(className: string): string | undefined {
  // Memoised: the catalog is fixed, and SemGro's database build asks for every pair and triple of its skills' things.
  if (CATEGORY_WORDS.has(className)) return CATEGORY_WORDS.get(className);
  const word = categoryWordOf(className);
  CATEGORY_WORDS.set(className, word);
  return word;
}

const CATEGORY_WORDS = new Map<string, string | undefined>();
registerCache('language: category words', () => CATEGORY_WORDS.clear());

function categoryWordOf(className: string): string | undefined {
  const entry = catalogClass(className);
  if (!entry) return undefined;
  if (entry.kind === 'food') {
    const named = FOOD_WORDS.find(([, classes]) => classes.split(' ').includes(entry.name));
    if (named) return named[0];
    return entry.properties.includes('DRINKABLE') ? 'drinks' : 'food';
  }
  return KIND_WORDS[entry.kind];
}

/**
 * What an appliance or fixture is used to do to things, as the verbs people say it with (hearth's own words): an
 * instruction names the deed as often as the place ("warm up the food", "needs refrigeration"). Every heater of the
 * simulator (`HEATER_CLASSES`: what cooks food) heats, warms and cooks; the rest are one line each, for the appliances
 * and fixtures of the catalog whose use is not just holding things (storing, which every container does, is left out).
 */
const HEATER_WORDS = 'heat warm cook';
const USE_WORDS: ReadonlyArray<readonly [className: string, words: string]> = [
  ...HEATER_CLASSES.map((heater) => [heater, HEATER_WORDS] as const),
  ['microwave', 'reheat defrost'],
  ['stove', 'fry boil bake'],
  ['toaster', 'toast'],
  ['fridge', 'chill cool refrigerate freeze'],
  ['kettle', 'boil'],
  ['coffeemaker', 'brew'],
  ['dishwasher', 'wash rinse'],
  ['washingmachine', 'wash launder'],
  ['sink', 'wash rinse'],
  ['faucet', 'rinse'],
  ['hairdryer', 'dry'],
  ['vacuumcleaner', 'vacuum'],
  ['printer', 'print'],
  ['tv', 'watch'],
  ['radio', 'listen'],
  ['bed', 'sleep'],
  ['sofa', 'sit'],
  ['chair', 'sit'],
  ['bathtub', 'bathe'],
];

const USES = new Map<string, string[]>();
for (const [className, words] of USE_WORDS) {
  if (!catalogClass(className)) throw new Error(`use words: ${className} is not a catalog class`);
  USES.set(className, [...(USES.get(className) ?? []), ...words.split(' ')]);
}

/** The verbs of what a class is used to do (`microwave` -> heat, warm, cook, reheat, defrost); none for most classes. */
export function useWords(className: string): readonly string[] {
  return USES.get(className) ?? [];
}

/**
 * The root a use verb shares with the words made from it: the stem (above) less its derivational endings, -ation,
 * -ator, -at(e), -ion, -ed, -er, while at least three letters remain (`refrigeration`, `refrigerated`, `refrigerator`
 * -> `refriger`; `heated`, `heater`, `heating` -> `heat`; `needs` stays `need`).
 */
export function useRoot(word: string): string {
  let root = stem(word);
  for (let derived = DERIVED.exec(root); derived; derived = DERIVED.exec(root)) root = derived[1];
  return root;
}
const DERIVED = /^(.{3,}?)(ation|ator|at|ion|ed|er)$/;

const USED_FOR = new Map<string, string[]>();
for (const [className, words] of USES) {
  for (const word of words) {
    const root = useRoot(word);
    const classes = USED_FOR.get(root) ?? [];
    if (!classes.includes(className)) classes.push(className);
    USED_FOR.set(root, classes);
  }
}

/**
 * The classes a word names a use of, by root (`refrigeration` -> fridge; `warm` -> toaster, microwave, stove); none
 * for a word that is no use of anything.
 */
export function classesUsedFor(word: string): readonly string[] {
  return USED_FOR.get(useRoot(word)) ?? [];
}
