/**
 * What the goal reader's clause forms (`clause-forms.ts`) mean: each matched clause becomes a `ClauseReading` (its
 * subgoals, action goals, what a pronoun after it may mean, notes on what was assumed, or why it makes no sense for
 * the catalog), and the clauses of a sentence are joined (`readClauses`).
 *
 * Pronouns refer to the clause before (or the sentence before, or the things a context sentence names): what was
 * fetched, placed, cooked or made, or a host or appliance it named, whichever can take what the clause asks ("put
 * the apple in the fridge and close it": the fridge). Quantities: `all`, plurals and "the X in the ROOM" mean every
 * instance; a number that many; a category noun or a vague quantity ("some fruit", "an assortment of fruit") is not
 * a number, so the clause decides and says so in a note: every one for placing, toggling, opening and cleaning (a goal
 * that over-satisfies), one for cooking and fetching. Food put on a plate is served: on a clean plate, cleaned first,
 * as TEACh's dishes are. Putting food in a heater and switching it on (or heating it there) is cooking it there.
 */
import type { ActionGoal } from '../sim/action-goals.js';
import { catalogClass } from '../sim/catalog/index.js';
import { COOLER_CLASSES, HEATER_CLASSES } from '../sim/derived-states.js';
import { classTakes } from '../sim/predicate-fit.js';
import { ANY_THING, type Predicate, recipeInstruments, type SubgoalSpec } from '../sim/subgoals.js';
import { adjectiveOf } from './clause-forms.js';
import { classesUsedFor } from './lexicon.js';
import type { Env, Phrase, Value } from './matcher.js';
import { heatState, resolveNoun, withRoom } from './nouns.js';
import { BREAKFAST, DISHES } from './recipes.js';
import { one, placed, type Thing, unary } from './things.js';

// ---- what clauses mean -----------------------------------------------------------------------------------------------

/** What one clause contributes: subgoals, what a pronoun after it may mean, the vessels of dishes it made, notes. */
export interface ClauseReading {
  readonly subgoals: readonly SubgoalSpec[];
  readonly actionGoals?: readonly ActionGoal[];
  /** Superseded when the next clause places its things (fetching before placing; emptying before putting away). */
  readonly provisional?: boolean;
  /** The things acted on: what "it" / "them" first means after this clause. */
  readonly antecedent: readonly Thing[];
  /** Hosts and appliances the clause named: what "it" means when the things cannot take what is asked. */
  readonly hosts?: readonly Thing[];
  readonly vessels?: readonly Thing[];
  readonly notes?: readonly string[];
  /** Why the clause makes no sense for the catalog, if it does not. */
  readonly problem?: string;
  /** The same clause of other things (gapping: "put the toothbrush in the cabinet, and the face cream"). */
  readonly redo?: (things: readonly Thing[]) => ClauseReading;
  /** A dish whose parts a dialogue may say after it (a salad, a sandwich: `Dish.components`), with those parts. */
  readonly dish?: { readonly name: string; readonly components: readonly string[] };
  /** A step with no goal of its own, and why ("slice the bread": bread slices are a class of their own). */
  readonly way?: string;
  /** Its things came from a pronoun (they refer to the clause before). */
  readonly referred?: boolean;
  /** Placing: its things and host, for the recipes two clauses make (put in the microwave and switch it on). */
  readonly placing?: { readonly things: readonly Thing[]; readonly host: string };
  /** Switching a thing on: its class. */
  readonly switchedOn?: string;
  /** No clause: the things a context sentence names ("the TV is on, and the radio too"), for a pronoun after it. */
  readonly mentioned?: boolean;
  /** Says again what the clause before asked, changed ("... toast. one slice please."): it replaces that clause. */
  readonly restates?: boolean;
  /** The last place things were put on or in, up to this clause: what "there" means after it. */
  readonly place?: string;
  /**
   * An instrument named for a request before it ("...; use the microwave", "..., and use a clean mug for it"), not yet
   * bound (`bindInstrument`): where no request before can take it, the clause's own subgoals stand (switching it on),
   * or its `unbound` problem does.
   */
  readonly instrument?: Instrument;
}

/** An instrument a clause names for the request before it. */
export interface Instrument {
  readonly className: string;
  readonly said: string;
  /** A room said with it, which a goal cannot hold for an instrument. */
  readonly room?: string;
  /** What it must be ("a clean mug"). */
  readonly qualifier?: Predicate;
  /** Why the clause cannot stand where no request before takes the instrument (or undefined: it switches it on). */
  readonly unbound?: string;
}

/** What a sentence is read in: the last clause before it (this text's, or a context sentence's mentions). */
export interface ReadingContext {
  readonly before?: ClauseReading;
}

type Clause = (env: Env, before: ClauseReading | undefined) => ClauseReading;

const problem = (why: string): ClauseReading => ({ subgoals: [], antecedent: [], problem: why });

// ---- building ------------------------------------------------------------------------------------------------------

const phraseOf = (env: Env, name: string) => env.get(name) as Phrase;

/**
 * Where things go, or what they are cooked or washed with: the phrase's class, or why not. A goal can narrow its
 * patients to a room (`SubgoalSpec.room`) but not a destination or an instrument, so "the cabinet in the bedroom" as a
 * place is refused rather than read as any cabinet (a room that adds nothing is no room: `withRoom` in nouns.ts).
 */
function placeClass(phrase: Phrase | undefined): { className?: string; problem?: string } {
  if (!phrase) return {};
  if (phrase.room !== undefined) {
    return {
      problem: `'${phrase.words}': a goal cannot say which room a place or an appliance is in (only the things acted on); name it without the room`,
    };
  }
  return { className: phrase.className };
}

/** A host things start on ("everything on the table in the kitchen"): its class, and the room they are in. */
function startHost(phrase: Phrase): Pick<Thing, 'startOn' | 'room'> {
  return { startOn: [phrase.className], ...(phrase.room !== undefined && { room: phrase.room }) };
}

/** The goal reader's phrase for a span (`nouns.ts`), as the matcher holds phrases. */
export function goalPhrase(span: readonly string[]): Phrase | undefined {
  const noun = resolveNoun(span);
  if (!noun) return undefined;
  return {
    className: noun.classes[0],
    plural: noun.plural,
    words: span.join(' '),
    ...(noun.classes.length > 1 && { classes: noun.classes }),
    ...(noun.category && { category: noun.category }),
    ...(noun.room && { room: noun.room }),
    ...(noun.states && { states: noun.states }),
    ...(noun.setAside && { setAside: noun.setAside }),
    ...(noun.alsoMeans && { alsoMeans: noun.alsoMeans }),
  };
}

const classesOf = (phrase: Phrase) => phrase.classes ?? [phrase.className];

/**
 * The quantified thing captured by `thing(name)`: `all` for "all", plurals and room-named things, a number, one for
 * "a X"; a category noun without a number, or a vague quantifier ("some"), is left for the clause to settle (`vague`).
 */
function thingOf(env: Env, name: string): Thing {
  const phrase = phraseOf(env, name);
  const quantifier = env.get(`${name}Q`) as string;
  // "some fruit", "some apples" leave the number open; "some book" is a book
  const category = phrase.category !== undefined;
  const vague =
    (quantifier === 'vague' && (phrase.plural || category)) ||
    ((quantifier === 'bare' || quantifier === 'any') && category);
  const count: number | 'all' =
    quantifier === 'all'
      ? 'all'
      : quantifier === 'count' || quantifier === 'slices'
        ? (env.get(`${name}N`) as number)
        : quantifier === 'one' || quantifier === 'single' || quantifier === 'slice'
          ? 1
          : vague || (phrase.plural && quantifier !== 'vague') || phrase.room !== undefined
            ? 'all'
            : 1;
  const adjective = adjectiveOf(env.get(`${name}Adj`)).predicate;
  const classes = sliceClasses(classesOf(phrase), quantifier);
  // "2 slices of tomato", "a tomato slice": the thing sliced (a slice is a state: docs/alfred.md); bread's slices are a
  // class of their own
  // "a piece of apple" is a slice too where the thing is one class that can be cut ("three pieces of fruit" are fruits)
  const cut = env.get(`${name}Cut`);
  const slices =
    (SLICE_QUANTIFIERS.has(quantifier) && (cut === 'slice' || (cut === 'piece' && phrase.category === undefined))) ||
    /\b(?:slice|slices)\b/.test(phrase.words);
  const sliced = slices && classes.every((c) => fits(c, 'isSliced'));
  // "a hot mug": a heat word of a thing that is no food asks it heated (`heatState`)
  const stated = adjective === 'isCooked' && classes.length === 1 ? heatState(classes[0]) : adjective;
  const qualifiers = [
    ...new Set([...(sliced ? ['isSliced' as Predicate] : []), ...(stated ? [stated] : []), ...(phrase.states ?? [])]),
  ];
  return {
    classes,
    count,
    said: phrase.words,
    ...(phrase.category && { category: phrase.category }),
    ...(vague && { vague: true }),
    ...(phrase.room && { room: phrase.room }),
    ...(qualifiers.length > 0 && { qualifiers }),
    ...(phrase.alsoMeans && { alsoMeans: phrase.alsoMeans }),
  };
}

/** The quantifiers of things said as slices ("2 slices of tomato", "a slice of potato"). */
const SLICE_QUANTIFIERS: ReadonlySet<string> = new Set(['slices', 'slice']);

/** "A slice of bread" is a bread slice where the catalog has one; any other slice is the thing, sliced. */
function sliceClasses(classes: readonly string[], quantifier: string): readonly string[] {
  if (!SLICE_QUANTIFIERS.has(quantifier)) return classes;
  return classes.map((c) => catalogClass(`${c}slice`)?.name ?? c);
}

/** The most things a count may ask for (a home holds a few dozen of a class at most). */
const MAX_COUNT = 100;

/** Where a predicate's vague or category quantity reads as one rather than every one (see the module comment). */
const ONE_OF: ReadonlySet<Predicate> = new Set([
  'isCooked',
  'isSliced',
  'isBoiled',
  'isPickedUp',
  'isFilledWithCoffee',
  'isFilledWithWater',
  'isWatered',
]);

/** A vague quantity settled for a predicate, with the note that says so. */
function settle(thing: Thing, predicate: Predicate): { thing: Thing; note?: string } {
  if (!thing.vague) return { thing };
  const count = ONE_OF.has(predicate) ? 1 : 'all';
  const { vague: _vague, ...rest } = thing;
  const what = thing.category ? `any of ${thing.classes.join(', ')}` : thing.classes.join(', ');
  const how = count === 1 ? 'one of them' : 'every one of them (a goal that asks for more rather than too few)';
  return { thing: { ...rest, count }, note: `'${thing.said}': how many is not said; read as ${how}, ${what}` };
}

/** Whether a class can take a predicate (the catalog's states and properties). */
const fits = (className: string, predicate: Predicate): boolean => classTakes(className, predicate);

/** "a fridge", "an apple". */
const article = (word: string) => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;

const WHY_NOT: Partial<Record<Predicate, string>> = {
  isToggledOn: 'cannot be switched on',
  isToggledOff: 'cannot be switched off',
  isOpen: 'cannot be opened',
  isClosed: 'cannot be closed',
  isPlacedTo: 'cannot be carried',
  isPickedUp: 'cannot be carried',
  isClean: 'is nothing the robot washes',
  isCooked: 'is no food to cook',
  isWatered: 'is no plant to water',
  isSliced: 'cannot be sliced',
  isBoiled: 'is no food to boil',
};

/**
 * The things fitted to a predicate: a category keeps the classes that can take it (the electronics that switch on);
 * a class that cannot is a problem ("a fridge cannot be carried").
 */
function fitted(things: readonly Thing[], predicate: Predicate): { things: Thing[]; problem?: string } {
  const out: Thing[] = [];
  for (const t of things) {
    const classes = t.classes.filter((c) => fits(c, predicate));
    if (classes.length === 0) {
      return {
        things: [],
        problem: `${article(t.category ?? t.classes[0])} ${WHY_NOT[predicate] ?? `cannot be ${predicate}`}`,
      };
    }
    out.push(classes.length === t.classes.length ? t : { ...t, classes });
  }
  return { things: out };
}

/**
 * Whether a thing named in context can take the predicate: every class it covers can ("food" cannot be washed, though
 * an apple can be rinsed; "the fruit" can be put in the fridge).
 */
const allFit = (t: Thing, predicate: Predicate) => t.classes.every((c) => fits(c, predicate));

/**
 * What "it" / "them" refers to: the things of the clause before, or one of the hosts it named, whichever all can take
 * the predicate; with "N of them", N of one thing; else the one thing or host named that can take it. Undefined when
 * nothing before fits.
 */
function referent(
  before: ClauseReading | undefined,
  predicate: Predicate,
  count?: number,
  number?: 'one' | 'many',
): readonly Thing[] | undefined {
  if (!before) return undefined;
  if (before.mentioned) {
    // named in context: every thing named that can take it ("the TV is on, and the radio too. Turn them off."), or
    // the one that can ("the plate has food on it, wash it"); "it" of two that can is no reading
    const named = [...before.antecedent, ...(before.hosts ?? [])].filter((t) => allFit(t, predicate));
    // one class named twice is one thing ("the mug's covered in coffee stains": the mug, and the coffee's mug)
    const key = (t: Thing) => `${t.classes.join()}@${t.room ?? ''}`;
    const fitting = named.filter((t, i) => named.findIndex((u) => key(u) === key(t)) === i);
    if (fitting.length === 0 || ((count !== undefined || number === 'one') && fitting.length > 1)) return undefined;
    return count === undefined ? fitting : [{ ...fitting[0], count }];
  }
  const groups: (readonly Thing[])[] = [before.antecedent, ...(before.hosts ?? []).map((h) => [h])];
  for (const group of groups) {
    if (group.length === 0 || !group.every((t) => t.classes.some((c) => fits(c, predicate)))) continue;
    if (count === undefined) return group;
    if (group.length !== 1) continue;
    return [{ ...group[0], count }];
  }
  // "The plate has food on it, can you wash it?": the one thing named that can take it
  const fitting = [...before.antecedent, ...(before.hosts ?? [])].filter((t) => allFit(t, predicate));
  if (fitting.length === 1) return [count === undefined ? fitting[0] : { ...fitting[0], count }];
  return undefined;
}

/**
 * The things a clause acts on (`objects(name)`), fitted to its predicate (unless `fit` is false: going to a thing
 * asks nothing of it), with notes; or a problem.
 */
function objectsOf(
  env: Env,
  name: string,
  predicate: Predicate,
  before: ClauseReading | undefined,
  fit = true,
): { things: Thing[]; notes: string[]; referred: boolean; problem?: string } {
  const kind = env.get(`${name}K`) as string;
  // "... and place in the drawer": the thing of the clause before, unsaid
  if (kind === 'unsaid') {
    const things = before && !before.mentioned ? referent(before, predicate) : undefined;
    if (!things) return { things: [], notes: [], referred: true, problem: 'a verb with no thing, and none before it' };
    const said = things.map((t) => t.said ?? t.classes.join('|')).join(' and ');
    return { things: [...things], notes: [`what the verb acts on is unsaid: read as ${said}`], referred: true };
  }
  if (kind === 'pronoun') {
    const pronoun = env.get(`${name}P`) as 'one' | 'many' | 'one-of' | 'slice-of' | undefined;
    // after putting things in a vessel ("put a knife in a glass and place them on the table"): "them" is the vessel
    // with what it holds; "it" is the thing or the vessel, which the text does not say
    const vessel = before?.placing && movableVessel(before.placing.host) ? before.placing : undefined;
    if (vessel && predicate === 'isPlacedTo' && (pronoun === 'one' || pronoun === 'many')) {
      if (pronoun === 'one' || vessel.things.length > 1) {
        const said = vessel.things.map((t) => t.said ?? t.classes[0]).join(' and ');
        return { things: [], notes: [], referred: true, problem: `'it': ${said} or the ${vessel.host} it is in?` };
      }
      const carried: Thing = { classes: [vessel.host], count: 1, said: `the ${vessel.host}` };
      return { things: [carried], notes: [`'them' read as the ${vessel.host} with what it holds`], referred: true };
    }
    // "find one": one of the thing named before
    const oneOf = pronoun === 'one-of' || pronoun === 'slice-of';
    const number = oneOf ? 'one' : pronoun;
    const count = oneOf ? 1 : (env.get(`${name}N`) as number | undefined);
    const things = referent(before, predicate, count, number);
    if (!things)
      return { things: [], notes: [], referred: true, problem: 'a pronoun with nothing before it that it can mean' };
    // "the slice", "the tomato slice": of a thing that can be sliced, the food said if any (never the plate named
    // last); else no such pronoun, and the slices are read as slices of the thing sliced before (`slicesOf`)
    if (pronoun === 'slice-of') {
      const food = env.get(`${name}Of`) as string | undefined;
      const sliceable = (c: string) =>
        (c === 'bread' || c === 'breadslice' || fits(c, 'isSliced')) &&
        (food === undefined || food === '*' || c === food || (food === 'bread' && c === 'breadslice'));
      if (!things.every((t) => t.classes.length > 0 && t.classes.every(sliceable)))
        return { things: [], notes: [], referred: true, problem: 'a slice of a thing that is not sliced' };
      // a slice is the thing sliced (docs/alfred.md); bread's is a bread slice
      const slices = things.map(
        (t): Thing =>
          t.classes.every((c) => c === 'bread' || c === 'breadslice')
            ? { ...t, classes: ['breadslice'] }
            : t.qualifiers?.includes('isSliced')
              ? t
              : { ...t, qualifiers: ['isSliced', ...(t.qualifiers ?? [])] },
      );
      const said = slices.map((t) => t.said ?? t.classes.join('|')).join(' and ');
      return { things: slices, notes: [`a slice read as one of ${said}`], referred: true };
    }
    const said = things.map((t) => t.said ?? t.classes.join('|')).join(' and ');
    return { things: [...things], notes: [`a pronoun read as ${said}`], referred: true };
  }
  if (kind === 'slices') return slicesOf(env, name, predicate, before);
  if (kind === 'everything') {
    // "whatever is on it": the one host named before
    const source = sourceOf(env, before, `${name}From`);
    if (!source.phrase) return { things: [], notes: [], referred: true, problem: source.problem };
    const from = source.phrase;
    const thing: Thing = {
      classes: [ANY_THING],
      count: 'all',
      ...startHost(from),
      said: `everything on ${from.words}`,
    };
    return { things: [thing], notes: [], referred: source.referred ?? false };
  }
  const items = (env.get(name) as Env[]).map((item) => thingOf(item, 'x'));
  const odd = items.find((t) => typeof t.count === 'number' && (t.count < 1 || t.count > MAX_COUNT));
  if (odd) return { things: [], notes: [], referred: false, problem: `${odd.count} is no number of things to act on` };
  // "the hot mug": a state its adjective names that the thing cannot take is no reading
  for (const t of items) {
    const q = (t.qualifiers ?? []).find((p) => !t.classes.some((c) => fits(c, p)));
    if (q)
      return {
        things: [],
        notes: [],
        referred: false,
        problem: `${article(t.category ?? t.classes[0])} ${WHY_NOT[q] ?? `cannot be ${q}`}`,
      };
  }
  // "the knife": a kitchen knife or a butter knife (`NounPhrase.alsoMeans`); a lamp switched on is any lamp's light
  const twoWays = items.find((t) => t.alsoMeans && predicate !== 'isToggledOn' && predicate !== 'isToggledOff');
  if (twoWays) return { things: [], notes: [], referred: false, problem: ambiguous(twoWays) };
  const notes: string[] = [
    ...setAsideNotes((env.get(name) as Env[]).map((item) => phraseOf(item, 'x'))),
    ...(env.get(name) as Env[]).flatMap((item) => {
      const from = item.get('xFrom') as Phrase | undefined;
      return from
        ? [`'${phraseOf(item, 'x').words}' from '${from.words}': where it is, read as any one of its class`]
        : [];
    }),
  ];
  const settled = items.map((t) => {
    const s = settle(t, predicate);
    if (s.note) notes.push(s.note);
    else if (t.category) notes.push(`'${t.said}' read as any of ${t.classes.join(', ')}`);
    return s.thing;
  });
  if (!fit) return { things: settled, notes, referred: false };
  const fitting = fitted(settled, predicate);
  return { things: fitting.things, notes, referred: false, ...(fitting.problem && { problem: fitting.problem }) };
}

/** Why a thing said of two classes is no reading where they make two goals ("the knife": which knife?). */
function ambiguous(t: Thing): string {
  const classes = [...t.classes, ...(t.alsoMeans ?? [])].join(' or ');
  return `'${t.said ?? t.classes[0]}' is said of ${classes}, and the text does not say which`;
}

/** Notes of the descriptive words phrases set aside ("the red cloth"). */
function setAsideNotes(phrases: readonly Phrase[]): string[] {
  return phrases
    .filter((p) => p.setAside?.length)
    .map((p) => `'${p.setAside!.join(' ')}' of '${p.words}' set aside: a goal names the class, any one of it`);
}

/**
 * Slices said without their thing ("place 1 slice on it", "toast the 2 slices", "the slices"): slices of the thing
 * sliced or named before that can be sliced (the clause before, else the things it names as hosts), that many (one
 * where no number is said, every one for "all"); bread's are bread slices. With nothing before that can be sliced, a
 * slice to cook is bread's ("toast a slice").
 */
function slicesOf(
  env: Env,
  name: string,
  predicate: Predicate,
  before: ClauseReading | undefined,
): { things: Thing[]; notes: string[]; referred: boolean; problem?: string } {
  const n = env.get(`${name}N`) as number | undefined;
  if (n !== undefined && (n < 1 || n > MAX_COUNT))
    return { things: [], notes: [], referred: true, problem: `${n} is no number of slices` };
  const candidates = [...(before?.antecedent ?? []), ...(before?.hosts ?? [])];
  const found = candidates.find(
    (t) => t.classes.length > 0 && t.classes.every((c) => c === 'breadslice' || c === 'bread' || fits(c, 'isSliced')),
  );
  const qualifiers = (t: Thing) => t.qualifiers?.filter((q) => q !== 'isSliced') ?? [];
  // "the slices", "those slices": the ones made before, as many; "a slice", "another slice": one
  const det = env.get(`${name}Det`);
  const count: number | 'all' =
    n ?? (det === 'all' ? 'all' : det === 'def' && found && found.count !== 'all' ? found.count : 1);
  const thing: Thing | undefined = found
    ? found.classes.every((c) => c === 'bread' || c === 'breadslice')
      ? { classes: ['breadslice'], count, ...(qualifiers(found).length > 0 && { qualifiers: qualifiers(found) }) }
      : { classes: found.classes, count, qualifiers: ['isSliced', ...qualifiers(found)] }
    : predicate === 'isCooked'
      ? { classes: ['breadslice'], count }
      : undefined;
  if (!thing) return { things: [], notes: [], referred: true, problem: 'slices of nothing sliced or named before' };
  const fit = fitted([thing], predicate);
  if (fit.problem) return { things: [], notes: [], referred: true, problem: fit.problem };
  const said = found ? (found.said ?? found.classes.join('|')) : 'bread';
  return { things: fit.things, notes: [`'slices' read as slices of ${said}`], referred: true };
}

/** The class of a host (`host(name)` or a pronoun for one), or a problem. */
function hostOf(
  env: Env,
  name: string,
  before: ClauseReading | undefined,
): { className?: string; qualifier?: Predicate; note?: string; problem?: string } {
  if (env.get(`${name}K`) === 'there') {
    const there = thereOf(before);
    return there
      ? { className: there, note: `'there' read as the ${there}` }
      : { problem: "'there' names no place before it" };
  }
  // "under the sink", as a place to put things: the cabinet under it
  if (env.get(`${name}K`) === 'under-sink')
    return { className: 'cabinet', note: "'under the sink' read as the cabinet there" };
  if (env.get(`${name}K`) === 'pronoun') {
    const candidates = [...(before?.hosts ?? []), ...(before?.antecedent ?? [])];
    const found = candidates.find((t) => t.classes.length === 1 && canHost(t.classes[0]));
    if (found?.room !== undefined) {
      return {
        problem: `'it' is the ${found.classes[0]} in the ${found.room}, and a goal cannot say which room a place is in`,
      };
    }
    return found ? { className: found.classes[0], note: `'it' read as the ${found.classes[0]}` } : {};
  }
  const phrase = phraseOf(env, name);
  const place = placeClass(phrase);
  const states = (phrase.states ?? []).map((s) =>
    s === 'isCooked' && place.className ? heatState(place.className) : s,
  );
  return {
    ...place,
    qualifier: adjectiveOf(env.get(`${name}Adj`)).predicate ?? states[0],
    ...(relativeNote(env, name, phrase) && { note: relativeNote(env, name, phrase) }),
  };
}

/** A note of where a host was said to be ("the drawer to the right of the sink"): any one of its class. */
function relativeNote(env: Env, name: string, phrase: Phrase): string | undefined {
  const notes = setAsideNotes([phrase]);
  if (env.has(`${name}Rel`)) {
    const to = env.get(`${name}RelTo`) as Phrase | undefined;
    notes.push(`where the ${phrase.className} is${to ? ` (by '${to.words}')` : ''} set aside: any one of its class`);
  }
  return notes.length > 0 ? notes.join('; ') : undefined;
}

/**
 * The host things are taken from (`hostOrPronoun(name)`): a phrase, or "it" for a host named before ("the desk is a
 * mess, take three things off it"), with its room where one was said.
 */
function sourceOf(
  env: Env,
  before: ClauseReading | undefined,
  name = 'host',
): { phrase?: Phrase; referred?: boolean; problem: string } {
  if (env.get(`${name}K`) === 'there') {
    const there = thereOf(before);
    if (!there) return { problem: "'there' names no place before it" };
    return { phrase: { className: there, plural: false, words: `the ${there}` }, referred: true, problem: '' };
  }
  if (env.get(`${name}K`) !== 'pronoun') return { phrase: phraseOf(env, name), problem: '' };
  const candidates = [...(before?.hosts ?? []), ...(before?.antecedent ?? [])];
  const found = candidates.filter((t) => t.classes.length === 1 && canHost(t.classes[0]));
  if (found.length !== 1) return { problem: "'it' has no one host before it to mean" };
  const [host] = found;
  const phrase: Phrase = {
    className: host.classes[0],
    plural: false,
    words: host.said ?? `the ${host.classes[0]}`,
    ...(host.room !== undefined && { room: host.room }),
  };
  return { phrase, referred: true, problem: '' };
}

/** The place "there" means after a clause: a host it named, or the last place before it. */
function thereOf(before: ClauseReading | undefined): string | undefined {
  const hosts = (before?.hosts ?? []).filter(
    (t) => t.classes.length === 1 && t.room === undefined && canHost(t.classes[0]),
  );
  return hosts.length === 1 ? hosts[0].classes[0] : hosts.length === 0 ? before?.place : undefined;
}

/** The last place named up to a clause (its own host, else the one before it): what "there" means after it. */
export function placeAfter(reading: ClauseReading, before: ClauseReading | undefined): string | undefined {
  const own = (reading.hosts ?? []).find(
    (t) => t.classes.length === 1 && t.room === undefined && canHost(t.classes[0]),
  );
  return own?.classes[0] ?? reading.place ?? before?.place;
}

/** Where things thrown out go. */
const GARBAGE = 'garbagecan';

/** A thing that holds things and is carried with them in it (ALFRED's movable receptacles: a cup, a pan, a box). */
function movableVessel(className: string): boolean {
  return canHost(className) && fits(className, 'isPlacedTo');
}

function canHost(className: string): boolean {
  const entry = catalogClass(className);
  return !!entry && (entry.properties.includes('SURFACES') || entry.properties.includes('CONTAINERS'));
}

const isFood = (className: string) => catalogClass(className)?.kind === 'food';

/**
 * The placements of things onto a host; a host that must be clean ("on a clean plate") is made clean first, as the
 * recipe book's dishes are served, and food put on a plate is served so (TEACh's dishes).
 */
function placements(
  things: readonly Thing[],
  hostClass: string,
  qualifier: Predicate | undefined,
): { subgoals: SubgoalSpec[]; note?: string } {
  const serving = qualifier === undefined && SERVED_ON.has(hostClass) && things.every((t) => t.classes.every(isFood));
  const q = serving ? 'isClean' : qualifier;
  const first = q === 'isClean' ? [unary(one(hostClass), 'isClean')] : [];
  return {
    subgoals: [...first, ...things.map((t) => placed(t, hostClass, q ? [q] : undefined))],
    ...(serving && { note: `food put on a ${hostClass} is served on a clean one, cleaned first` }),
  };
}

/** What food is served on or in: clean, as TEACh's dishes are (a plate of toast, slices in a clean bowl). */
const SERVED_ON: ReadonlySet<string> = new Set(['plate', 'dishbowl']);

const STATE_PREDICATES: Readonly<Record<string, Predicate>> = {
  sliced: 'isSliced',
  boiled: 'isBoiled',
  on: 'isToggledOn',
  off: 'isToggledOff',
  open: 'isOpen',
  closed: 'isClosed',
  clean: 'isClean',
  cooked: 'isCooked',
  watered: 'isWatered',
  placed: 'isPlacedTo',
};

/**
 * States a thing keeps once a clause brings it about, so that the thing a later clause acts on is the one in that
 * state ("rinse the lettuce and put it on the counter": the rinsed lettuce on the counter, as ALFRED scores it).
 */
const CARRIED: ReadonlySet<Predicate> = new Set(['isCooked', 'isHeated', 'isClean', 'isCooled', 'isSliced']);

/** A clause that does `predicate` to the things `objects(xs)` captured (with `extra` on each subgoal). */
function unaryClause(
  env: Env,
  before: ClauseReading | undefined,
  predicate: Predicate,
  extra: (things: readonly Thing[]) => Partial<SubgoalSpec> = () => ({}),
  more: Partial<ClauseReading> = {},
): ClauseReading {
  const got = objectsOf(env, 'xs', predicate, before);
  if (got.problem) return problem(got.problem);
  const make = (things: readonly Thing[]): ClauseReading => {
    const fit = fitted(things, predicate);
    if (fit.problem) return problem(fit.problem);
    return {
      // "cook it" of a thing cooked before: cooked, not a cooked thing cooked again
      subgoals: fit.things.map((t) => unary(withoutQualifier(t, predicate), predicate, extra(fit.things))),
      // "wash the mug and put it away": what a pronoun after it means is the thing in the state the clause made
      antecedent: CARRIED.has(predicate)
        ? fit.things.map((t) => ({ ...t, qualifiers: [...new Set([...(t.qualifiers ?? []), predicate])] }))
        : fit.things,
      ...more,
      redo: make,
    };
  };
  return { ...make(got.things), notes: got.notes, referred: got.referred };
}

/** A thing without one qualifier (the state a clause brings it to). */
function withoutQualifier(t: Thing, predicate: Predicate): Thing {
  if (!t.qualifiers?.includes(predicate)) return t;
  const qualifiers = t.qualifiers.filter((q) => q !== predicate);
  const { qualifiers: _all, ...rest } = t;
  return qualifiers.length > 0 ? { ...rest, qualifiers } : rest;
}

/** The appliance a cooking clause names (by a phrase or by its verb), checked to be one that cooks. */
function cookingAppliance(env: Env): { using?: string; problem?: string } {
  const place = placeClass(env.get('using') as Phrase | undefined);
  if (place.problem) return { problem: place.problem };
  const named = place.className;
  const using = named ?? ((env.get('verb') as string | undefined) || undefined);
  if (using !== undefined && !(HEATER_CLASSES as readonly string[]).includes(using)) {
    return { problem: `${article(using)} does not cook (the heaters are ${HEATER_CLASSES.join(', ')})` };
  }
  return { using };
}

function cookClause(env: Env, before: ClauseReading | undefined): ClauseReading {
  const appliance = cookingAppliance(env);
  if (appliance.problem) return problem(appliance.problem);
  const using = appliance.using ?? (env.has('using') ? undefined : before?.placing?.host);
  const heater = using && (HEATER_CLASSES as readonly string[]).includes(using) ? using : undefined;
  const read = (predicate: Predicate) =>
    unaryClause(env, before, predicate, () => (heater ? { using: [heater] } : {}), {
      ...(heater && { hosts: [one(heater)] }),
    });
  const reading = read('isCooked');
  if (heater === 'toaster') return sliced(reading);
  // ALFRED heats mugs and plates: a thing that is no food is heated (`heatState`), in the microwave or on the stove
  if (!reading.problem) return reading;
  const heat = read('isHeated');
  return heat.problem ? reading : heat;
}

/** Where water comes from, or what it is carried in from there ("the container in the sink"). */
const WATER_SOURCES: ReadonlySet<string> = new Set([
  'sink',
  'faucet',
  ...recipeInstruments({ patient: [], predicate: 'isFilledWithWater' }).flat(),
]);

/** What boiling may be said to be done in or with: water, a pot, a pan, a bowl, the stove, the microwave. */
const BOIL_WITH: ReadonlySet<string> = new Set([
  'bottlewater',
  ...recipeInstruments({ patient: [], predicate: 'isBoiled' }).flat(),
]);

/**
 * Slicing: the things sliced ("slice the tomato", "make 2 slices of lettuce", "cut it using a knife"), what "the slices"
 * after it means. A loaf's slices are the bread slices homes hold (a class of their own, docs/alfred.md): slicing bread
 * asks nothing, and its slices are what "toast the 2 slices" means after it.
 */
function sliceClause(env: Env, before: ClauseReading | undefined): ClauseReading {
  const using = (env.get('using') as Phrase | undefined)?.className;
  if (using !== undefined && !recipeInstruments({ patient: [], predicate: 'isSliced' }).flat().includes(using))
    return problem(`things are sliced with a knife here, not with ${article(using)}`);
  const kind = env.get('xsK');
  const items = kind === 'things' ? (env.get('xs') as Env[]).map((i) => thingOf(i, 'x')) : undefined;
  const bread = (t: Thing) => t.classes.every((c) => c === 'bread' || c === 'breadslice');
  const referred = kind === 'slices' ? slicesOf(env, 'xs', 'isPickedUp', before).things : [];
  if (items?.every(bread) || (kind !== 'things' && referred.length > 0 && referred.every(bread))) {
    const count = items?.[0]?.count ?? referred[0]?.count ?? 1;
    const slices: Thing = { classes: ['breadslice'], count: typeof count === 'number' && count > 1 ? count : 1 };
    return {
      subgoals: [],
      antecedent: [slices],
      way: 'bread slices are a class of their own here: slicing the loaf is the way to them',
      notes: ['slicing bread read as the way to bread slices (a class of their own)'],
    };
  }
  const read = unaryClause(env, before, 'isSliced');
  if (read.problem) return read;
  // "make 2 slices of tomato": the tomato sliced, not a sliced tomato sliced
  const unsliced = (q: readonly Predicate[] | undefined) => q?.filter((p) => p !== 'isSliced');
  const reading: ClauseReading = {
    ...read,
    subgoals: read.subgoals.map(({ qualifiers, ...spec }) =>
      unsliced(qualifiers)?.length ? { ...spec, qualifiers: unsliced(qualifiers) } : spec,
    ),
    antecedent: read.antecedent.map((t) => ({
      ...t,
      qualifiers: [...new Set([...(t.qualifiers ?? []), 'isSliced' as Predicate])],
    })),
  };
  // "cut the tomato on the counter": it lies there, sliced
  const on = placeClass(env.get('slicedOn') as Phrase | undefined);
  if (on.problem) return problem(on.problem);
  if (on.className === undefined) return reading;
  if (!canHost(on.className)) return problem(`nothing can be put on or in ${article(on.className)}`);
  const things = reading.antecedent;
  return {
    ...reading,
    subgoals: [...reading.subgoals, ...things.map((t) => placed(t, on.className!))],
    hosts: [one(on.className)],
    placing: { things, host: on.className },
    notes: [...(reading.notes ?? []), `sliced on the ${on.className}: it lies there`],
  };
}

/** A loaf does not fit a toaster: toasting bread is toasting a slice of it. */
function sliced(reading: ClauseReading): ClauseReading {
  if (!reading.subgoals.some((s) => s.patient.includes('bread'))) return reading;
  const slice = (list: readonly string[]) => list.map((c) => (c === 'bread' ? 'breadslice' : c));
  return {
    ...reading,
    subgoals: reading.subgoals.map((s) => ({ ...s, patient: slice(s.patient) })),
    antecedent: reading.antecedent.map((t) => ({ ...t, classes: slice(t.classes) })),
    ...(reading.placing && {
      placing: { ...reading.placing, things: reading.placing.things.map((t) => ({ ...t, classes: slice(t.classes) })) },
    }),
    notes: [...(reading.notes ?? []), 'bread toasted is a slice of bread (a loaf does not fit a toaster)'],
  };
}

/** A placement clause of the things `objects(xs)` onto the host `host`. */
function placeClause(env: Env, before: ClauseReading | undefined): ClauseReading {
  const got = objectsOf(env, 'xs', 'isPlacedTo', before);
  if (got.problem) return problem(got.problem);
  const where = hostOf(env, 'host', before);
  if (!where.className) return problem(where.problem ?? "'it' has no host before it to mean");
  const hostClass = where.className;
  if (!canHost(hostClass)) return problem(`nothing can be put on or in ${article(hostClass)}`);
  // "put the book back on the same shelf": the one it was on, which a goal cannot say
  if (env.get('hostDet') === 'same' && got.things.every((t) => t.count === 1)) {
    return problem(`'the same ${hostClass}' of one thing is the one it was on, which no goal can say`);
  }
  const said = env.get('hostK') === 'np' ? (env.get('host') as Phrase | undefined) : undefined;
  const table = tableFor(said, got.things);
  if (table) return problem(table);
  const hostCategory = said?.category !== undefined ? (said.classes ?? []).filter(canHost) : undefined;
  const make = (things: readonly Thing[]): ClauseReading => {
    const fit = fitted(things, 'isPlacedTo');
    if (fit.problem) return problem(fit.problem);
    const made = placements(fit.things, hostClass, where.qualifier);
    // "on any furniture", "on a piece of furniture": on any one of the classes the category noun covers
    const subgoals = hostCategory ? made.subgoals.map((s) => ({ ...s, destination: hostCategory })) : made.subgoals;
    return {
      subgoals,
      antecedent: fit.things,
      hosts: [one(hostClass)],
      placing: { things: fit.things, host: hostClass },
      ...(made.note && { notes: [made.note] }),
      redo: make,
    };
  };
  const reading = make(got.things);
  const notes = [...got.notes, ...(where.note ? [where.note] : []), ...(reading.notes ?? [])];
  // "put the fruit in the fridge to chill": what the fridge is for, nothing more; of another host, no goal says it
  const purpose = env.get('purpose') as 'fridge' | 'heat' | undefined;
  const fridge = classesUsedFor('refrigeration')[0];
  if (purpose === 'fridge' && hostClass !== fridge)
    return problem(`keeping things cold is what the ${fridge} is for, not ${article(hostClass)}: no goal says it`);
  // "put the chicken in the microwave to heat it up": heating it there
  if (purpose === 'heat' && !reading.problem) {
    const cooked = heated(reading, { subgoals: [], antecedent: [], switchedOn: hostClass }, 'to heat it');
    return cooked ? { ...cooked, referred: got.referred } : problem(`${article(hostClass)} heats nothing`);
  }
  if (purpose === 'fridge') notes.push(`'to chill' and the like: what the ${fridge} is for, no more`);
  // "pop a slice of bread in the toaster": a toaster holds food for nothing but toasting it
  const toasted =
    hostClass === 'toaster' && !reading.problem
      ? heated(reading, { subgoals: [], antecedent: [], switchedOn: hostClass }, 'in the toaster, the one use of it')
      : undefined;
  if (toasted) {
    // still a placing: "... and switch it on" after it is the same toasting
    const placing = { ...toasted, placing: reading.placing, notes: [...got.notes, ...(toasted.notes ?? [])] };
    return { ...sliced(placing), referred: got.referred };
  }
  return { ...reading, notes, referred: got.referred };
}

/**
 * "The table" said alone is the kitchen table by the catalog's alias, and so it is for food and kitchen things (where
 * meals and dishes go); of other things ("put the watch on the table") it is as often a side table, a coffee table or
 * a desk: the reading refuses rather than guess, and so where only its colour, size or material is said ("the white
 * table"). A kind of table said ("the kitchen table", "the side table") is read as said.
 */
function tableFor(said: Phrase | undefined, things: readonly Thing[]): string | undefined {
  if (said?.className !== 'kitchentable') return undefined;
  // "the table", "a white table": colours, sizes and materials say nothing of which kind of table
  const named = said.words
    .split(' ')
    .filter((w) => !said.setAside?.includes(w))
    .join(' ');
  if (!/^tables?$/.test(named)) return undefined;
  const kitchen = (c: string) => ['food', 'kitchenware'].includes(catalogClass(c)?.kind ?? '');
  if (things.every((t) => t.classes.every(kitchen))) return undefined;
  const what = things.map((t) => t.said ?? t.classes.join(' or ')).join(' and ');
  return `'${said.words}' for ${what}: a kitchen table, a side table, a coffee table or a desk? the text does not say which`;
}

/** A declarative or wished state ("the fridge is open", "the apple in the fridge") as the clause that reaches it. */
function stateClause(env: Env, before: ClauseReading | undefined): ClauseReading {
  const tag = env.get('s') as string;
  // "the books should go on the bookshelf in the living room": the room of a place is no goal's
  if (tag === 'placed' && env.get('tail')?.toString().startsWith('room:'))
    return problem('a goal cannot say which room a place is in (only the things acted on)');
  if (tag === 'placed') return placeClause(env, before);
  if (tag === 'on' || tag === 'off') return toggleClause(env, before, STATE_PREDICATES[tag]);
  if (env.get('tail')?.toString().startsWith('room:') && (tag === 'cooked' || tag === 'watered'))
    return problem('a room after cooking or watering is no goal the reader can write');
  if (tag === 'cooked') return cookClause(env, before);
  if (tag === 'watered') return CLAUSES.water(env, before);
  if (tag === 'sliced') return sliceClause(env, before);
  if (tag === 'toasted') return cookClause(new Map([...env, ['verb', 'toaster']]), before);
  return inTail(env, unaryClause(env, before, STATE_PREDICATES[tag]), STATE_PREDICATES[tag]);
}

/** What "wash X in/with/under Y" may name: where hearth washes (a sink, its faucet) and what it washes with. */
const WASHING_TOOLS: ReadonlySet<string> = new Set([
  ...recipeInstruments({ patient: [], predicate: 'isClean' }).flat(),
  'washingsponge',
  'dishwashingliquid',
  'rag',
  'barsoap',
  'bottlewater',
]);

const CLAUSES: Readonly<Record<string, Clause>> = {
  toggle: (env, before) => {
    const predicate = env.get('state') === 'ON' ? 'isToggledOn' : 'isToggledOff';
    return toggleClause(env, before, predicate);
  },
  'toggle-off': (env, before) => toggleClause(env, before, 'isToggledOff'),
  'toggle-on': (env, before) => toggleClause(env, before, 'isToggledOn'),
  open: (env, before) => {
    const predicate = env.get('verb') === 'OPEN' ? 'isOpen' : 'isClosed';
    const reading = unaryClause(env, before, predicate);
    // "put the apple in the fridge and close the door": the fridge's door
    const opener = before?.hosts?.find((h) => h.classes.length === 1 && fits(h.classes[0], predicate));
    const door = reading.subgoals.length === 1 && reading.subgoals[0].patient.join() === 'door' && !reading.referred;
    if (!door || !opener || reading.subgoals[0].count !== undefined) return reading;
    return {
      subgoals: [unary(opener, predicate)],
      antecedent: [opener],
      notes: [`'the door' read as the ${opener.classes[0]}'s, named just before`],
    };
  },
  use: (env) => {
    const phrase = phraseOf(env, 'x');
    // "use the computer in the bedroom": the one there, every one as "the X in the ROOM" reads
    const x: Thing = {
      classes: classesOf(phrase),
      count: phrase.room === undefined ? 1 : 'all',
      said: phrase.words,
      ...(phrase.room !== undefined && { room: phrase.room }),
    };
    if (x.classes.length !== 1) return problem(`'${phrase.words}' names no one thing to use`);
    // "the microwave will do" of anything but an appliance one makes food or washes with is a statement
    if (env.get('bound') === 'said' && !KITCHEN_APPLIANCES.has(x.classes[0]))
      return problem(`'${phrase.words}' said to do is no instrument`);
    // after a request that can take it, the instrument of that request ("heat the chicken; use the microwave",
    // `bindInstrument`); said "for it", nothing else; otherwise switched on, as "switch on X" reads (the action goal a
    // task may add is taken by reaching the state)
    const qualifier = adjectiveOf(env.get('xAdj')).predicate;
    const bound = env.has('bound');
    const fit = fitted([x], 'isToggledOn');
    const unbound =
      bound || qualifier !== undefined
        ? `'use ${phrase.words}' names what a request before it is done with, and no request before it can take it`
        : fit.problem;
    const instrument: Instrument = {
      className: x.classes[0],
      said: phrase.words,
      ...(qualifier && { qualifier }),
      ...(unbound && { unbound }),
      ...(phrase.room !== undefined && { room: phrase.room }),
    };
    if (unbound) return { subgoals: [], antecedent: [x], instrument };
    return { subgoals: [unary(x, 'isToggledOn')], antecedent: [x], switchedOn: x.classes[0], instrument };
  },
  // "..., made in the toaster", "..., heated in the microwave", "..., freshly made": how the clause before makes its things
  made: (env, before) => madeClause(env, before),
  // "can you take care of that?": the request before, again (nothing more)
  'do-that': (_env, before) => {
    if (!before || before.mentioned || before.subgoals.length === 0 || before.instrument)
      return problem("'that' has no request before it to mean");
    return {
      ...before,
      restates: true,
      notes: [...(before.notes ?? []), "'take care of that' read as the request before"],
    };
  },
  'take-away': (env, before) => {
    const from = sourceOf(env, before);
    if (!from.phrase) return problem(from.problem);
    const things: Thing = { classes: [ANY_THING], count: env.get('n') as number, ...startHost(from.phrase) };
    return {
      subgoals: [{ ...unary(things, 'isTakenFrom'), destination: [from.phrase.className] }],
      antecedent: [things],
      referred: from.referred,
    };
  },
  empty: (env, before) => {
    const from = sourceOf(env, before);
    if (!from.phrase) return problem(from.problem);
    const things: Thing = {
      classes: [ANY_THING],
      count: 'all',
      ...startHost(from.phrase),
      said: `everything on ${from.phrase.words}`,
    };
    return {
      subgoals: [{ ...unary(things, 'isTakenFrom'), destination: [from.phrase.className] }],
      provisional: true,
      referred: from.referred,
      antecedent: [things],
      // "I need the desk empty: put whatever is on it in the cabinet": the host is what "it" may mean after it
      hosts: [{ classes: [from.phrase.className], count: 1, ...(from.phrase.room && { room: from.phrase.room }) }],
    };
  },
  // "fill a clean mug with coffee" names no dish list: it is coffee
  dishes: (env) =>
    placedAfter(env, dishClauses((env.get('dishes') as Env[] | undefined) ?? [new Map([['tag', 'coffee']])])),
  // "use the toaster to make three slices of toast": the dishes cooked in that appliance
  'use-to-make': (env) =>
    dishClauses(
      (env.get('dishes') as Env[]).map((dish) =>
        dish.has('using') ? dish : new Map([...dish, ['using', env.get('appliance')!]]),
      ),
    ),
  breakfast: (env) => {
    const parts = (env.get('dishes') as Env[] | undefined) ?? BREAKFAST.map((tag) => new Map([['tag', tag]]));
    return placedAfter(env, dishClauses(parts));
  },
  slice: sliceClause,
  'make-slices': (env, before) => {
    // only slices are made so ("make the bed" is no slicing)
    const kind = env.get('xsK');
    const items = kind === 'things' ? (env.get('xs') as Env[]) : [];
    const slices =
      kind === 'slices' || (items.length > 0 && items.every((i) => SLICE_QUANTIFIERS.has(i.get('xQ') as string)));
    if (!slices) return problem("'make' of a thing that is no dish and no slice");
    const cut = sliceClause(env, before);
    if (cut.problem || !env.has('hostK')) return cut;
    // "prepare 1 slice of tomato in a clean bowl": the slices made, then placed there
    const where = hostOf(env, 'host', cut);
    if (!where.className) return problem(where.problem ?? "'it' has no host before it to mean");
    if (!canHost(where.className)) return problem(`nothing can be put on or in ${article(where.className)}`);
    const made = placements(cut.antecedent, where.className, where.qualifier);
    return {
      ...cut,
      subgoals: [...cut.subgoals, ...made.subgoals],
      hosts: [one(where.className)],
      placing: { things: cut.antecedent, host: where.className },
      notes: [...(cut.notes ?? []), ...(made.note ? [made.note] : [])],
    };
  },
  // "lettuce 1 slice": that many slices of it
  'named-slices': (env, before) => {
    const phrase = phraseOf(env, 'x');
    const n = env.get('n') as number;
    if (n < 1 || n > MAX_COUNT) return problem(`${n} is no number of slices`);
    const item: Env = new Map<string, Value>([
      ['xQ', 'slices'],
      ['xN', n],
      ['xCut', 'slice'],
      ['x', phrase],
    ]);
    return sliceClause(
      new Map<string, Value>([
        ['xsK', 'things'],
        ['xs', [item]],
      ]),
      before,
    );
  },
  // "slice the tomato. 2 slices.": the slicing before, that many
  'slice-count': (env, before) => {
    const n = env.get('n') as number;
    // the slices the clause before made or placed ("put tomato slices on the plate. one slice.")
    const slicing =
      before?.subgoals.filter((s) => s.predicate === 'isSliced' || s.qualifiers?.includes('isSliced')) ?? [];
    const kinds = new Set(slicing.map((s) => s.patient.join()));
    // "slice bread. 1 slice.": how many bread slices the slicing is the way to
    if (before?.way !== undefined && before.antecedent.length === 1 && n >= 1 && n <= MAX_COUNT)
      return { ...before, antecedent: [{ ...before.antecedent[0], count: n }], restates: true };
    if (!before || kinds.size !== 1) return problem('a number of slices with nothing sliced just before');
    if (n < 1 || n > MAX_COUNT) return problem(`${n} is no number of slices`);
    const recount = (x: SubgoalSpec): SubgoalSpec => {
      if (x.patient.join() !== slicing[0].patient.join()) return x;
      const { count: _count, ...rest } = x;
      return n === 1 ? rest : { ...rest, count: n };
    };
    return {
      ...before,
      subgoals: before.subgoals.map(recount),
      antecedent: before.antecedent.map((t) => ({ ...t, count: n })),
      restates: true,
      notes: [`'${n} slice${n === 1 ? '' : 's'}': the slicing before, ${n} of it`],
    };
  },
  // "fill the container from the sink", "fill it with water": a vessel filled with water (a step: watering, boiling)
  'fill-water': (env, before) => {
    const using = (env.get('using') as Phrase | undefined)?.className;
    if (using !== undefined && !WATER_SOURCES.has(using))
      return problem(`water comes from a sink here, not ${article(using)}`);
    return unaryClause(env, before, 'isFilledWithWater');
  },
  // "bring some water from the sink": water fetched in a vessel, a step with no goal of its own
  'fetch-water': (env) => {
    const using = (env.get('using') as Phrase | undefined)?.className;
    const host = (env.get('usingHost') as Phrase | undefined)?.className;
    const sources = [using, host].filter((c) => c !== undefined);
    if (sources.length > 0 && !sources.some((c) => WATER_SOURCES.has(c!)))
      return problem(`water comes from a sink here, not ${article(using!)}`);
    return { subgoals: [], antecedent: [], way: 'water fetched for what comes next' };
  },
  boil: (env, before) => {
    const using = (env.get('using') as Phrase | undefined)?.className;
    if (using !== undefined && !BOIL_WITH.has(using))
      return problem(`boiling is done in water, in a pot, not with ${article(using)}`);
    return unaryClause(env, before, 'isBoiled');
  },
  'use-to-cook': cookClause,
  cook: cookClause,
  place: placeClause,
  discard: (env, before) => {
    const bin: Phrase = { className: GARBAGE, plural: false, words: 'the garbage can' };
    const reading = placeClause(new Map([...env, ['host', bin], ['hostK', 'np']]), before);
    return reading.problem
      ? reading
      : { ...reading, notes: [...(reading.notes ?? []), 'thrown out: into the garbage can'] };
  },
  'place-vessel': (env, before) => {
    const vessel = thingOf(env, 'v');
    const vesselClass = vessel.classes[0];
    if (vessel.classes.length !== 1 || !movableVessel(vesselClass))
      return problem(`${article(vessel.said ?? vesselClass)} is no vessel carried with things in it`);
    const got = objectsOf(env, 'xs', 'isPlacedTo', before);
    if (got.problem) return problem(got.problem);
    const where = hostOf(env, 'host', before);
    if (!where.className) return problem(where.problem ?? "'it' has no host before it to mean");
    if (!canHost(where.className)) return problem(`nothing can be put on or in ${article(where.className)}`);
    const table = tableFor(env.get('hostK') === 'np' ? (env.get('host') as Phrase | undefined) : undefined, [vessel]);
    if (table) return problem(table);
    const held = fitted(got.things, 'isPlacedTo');
    if (held.problem) return problem(held.problem);
    const vessels = fitted([vessel], 'isPlacedTo');
    if (vessels.problem) return problem(vessels.problem);
    return {
      subgoals: [placed(vessels.things[0], where.className), ...held.things.map((t) => placed(t, vesselClass))],
      antecedent: vessels.things,
      hosts: [one(where.className)],
      placing: { things: vessels.things, host: where.className },
      notes: [
        ...got.notes,
        ...(where.note ? [where.note] : []),
        `${held.things.map((t) => t.said ?? t.classes[0]).join(' and ')} in the ${vesselClass}, the ${vesselClass} on or in the ${where.className}`,
      ],
    };
  },
  'place-for-a-while': (env, before) => {
    const placing = placeClause(env, before);
    if (placing.problem || !placing.placing) return placing;
    const left = heated(placing, { subgoals: [], antecedent: [], switchedOn: placing.placing.host }, 'for a while');
    return left ?? problem('put somewhere for a while, not to heat it');
  },
  'there-be': placeClause,
  serve: (env, before) => {
    const got: ReturnType<typeof objectsOf> = env.has('xsK')
      ? objectsOf(env, 'xs', 'isPlacedTo', before)
      : { things: [...(before?.antecedent ?? [])], notes: [], referred: true };
    if (got.problem) return problem(got.problem);
    const place = placeClass(phraseOf(env, 'host'));
    if (!place.className) return problem(place.problem!);
    const hostClass = place.className;
    const subgoals = SERVED_ON.has(hostClass)
      ? [unary(one(hostClass), 'isClean'), ...got.things.map((t) => placed(t, hostClass, ['isClean']))]
      : got.things.map((t) => placed(t, hostClass));
    return { subgoals, antecedent: got.things, referred: got.referred, notes: got.notes, hosts: [one(hostClass)] };
  },
  'served-on': (env, before) => {
    const vessels = before?.vessels ?? before?.antecedent ?? [];
    if (vessels.length === 0) return problem('nothing before it to serve');
    const place = placeClass(phraseOf(env, 'host'));
    if (!place.className) return problem(place.problem!);
    const hostClass = place.className;
    if (!canHost(hostClass)) return problem(`nothing can be put on or in ${article(hostClass)}`);
    const fit = fitted(vessels, 'isPlacedTo');
    if (fit.problem) return problem(fit.problem);
    const made = placements(fit.things, hostClass, adjectiveOf(env.get('hostAdj')).predicate);
    return { subgoals: made.subgoals, antecedent: fit.things, referred: true, hosts: [one(hostClass)] };
  },
  fetch: (env, before) => ({ ...unaryClause(env, before, 'isPickedUp'), provisional: true }),
  examine: (env, before) => {
    const lamp = lampOf(env);
    if (lamp.problem) return problem(lamp.problem);
    // "pick up the CD to look at it under a lamp": the pronoun is the thing held
    const held = env.has('heldXsK') ? objectsOf(env, 'heldXs', 'isExaminedUnder', before) : undefined;
    if (held?.problem) return problem(held.problem);
    const heldReading = held && { subgoals: [], antecedent: held.things };
    const got = objectsOf(env, 'xs', 'isExaminedUnder', heldReading ?? before);
    if (got.problem) return problem(got.problem);
    return examined(got.things, lamp.classes!, [
      ...(held?.notes ?? []),
      ...got.notes,
      ...(lamp.note ? [lamp.note] : []),
    ]);
  },
  clean: (env, before) => {
    const place = placeClass(env.get('using') as Phrase | undefined);
    if (place.problem) return problem(place.problem);
    const using = place.className;
    if (using !== undefined && !WASHING_TOOLS.has(using)) {
      return problem(`things are washed at a sink here: washing with or in ${article(using)} is not simulated`);
    }
    return unaryClause(env, before, 'isClean');
  },
  'do-things': (env, before) => {
    const got = objectsOf(env, 'xs', 'isClean', before);
    if (got.problem) return problem(got.problem);
    const dishes = new Set(resolveNoun(['dishes'])!.classes);
    const odd = got.things.find((t) => !t.classes.every((c) => dishes.has(c)));
    if (odd) return problem(`'do' says what to do only of dishes (washing them), not of ${odd.said ?? odd.classes[0]}`);
    return { ...unaryClause(env, before, 'isClean'), notes: [...got.notes, "'do' the dishes read as washing them"] };
  },
  'place-dish': (env) => placedAfter(env, dishClauses([new Map([['tag', env.get('dish') as string]])])),
  remake: (env, before) => {
    const vessel = phraseOf(env, 'vessel').className;
    const made = before?.vessels?.some((v) => v.classes.includes(vessel));
    const clean = adjectiveOf(env.get('vesselAdj')).predicate;
    if (!before || !made || (clean !== undefined && (clean !== 'isClean' || !servedClean(before, vessel)))) {
      return problem(`'make it in ${article(vessel)}': no dish said before is made in one`);
    }
    return {
      ...before,
      referred: true,
      notes: [`'make it in ${article(vessel)}': the dish said before, made so anyway`],
    };
  },
  'dish-count': (env, before) => {
    const n = env.get('n') as number;
    // toast alone, or toast served ("place the toast on a plate. 1 slice only."): a sandwich's slices are its recipe's
    const toasted = (s: SubgoalSpec) =>
      s.patient.join() === 'breadslice' && (s.predicate === 'isCooked' || !!s.qualifiers?.includes('isCooked'));
    const servedOn = (s: SubgoalSpec) =>
      s.predicate === 'isClean' && !!before?.subgoals.some((p) => toasted(p) && p.destination?.includes(s.patient[0]));
    const toast =
      before?.subgoals.some(toasted) &&
      before.subgoals.every((s) => (s.patient.join() === 'breadslice' && toasted(s)) || servedOn(s));
    if (!before || !toast || before.referred) return problem('a number of slices with no toast said just before');
    if (n < 1 || n > MAX_COUNT) return problem(`${n} is no number of slices`);
    const recount = <T extends { readonly count?: number | 'all' }>(x: T, classes: readonly string[]): T => {
      if (classes.join() !== 'breadslice') return x;
      const { count: _count, ...rest } = x;
      return (n === 1 ? rest : { ...rest, count: n }) as T;
    };
    return {
      ...before,
      subgoals: before.subgoals.map((s) => recount(s, s.patient)),
      antecedent: before.antecedent.map((t) => ({ ...t, count: n })),
      restates: true,
      notes: [`'${n} slice${n === 1 ? '' : 's'}': the toast said before, ${n} of it`],
    };
  },
  'do-dishes': () => {
    const dishes: Thing = {
      classes: resolveNoun(['dishes'])!.classes,
      count: 'all',
      category: 'dishes',
      said: 'the dishes',
    };
    const fit = fitted([dishes], 'isClean');
    return {
      subgoals: fit.things.map((t) => unary(t, 'isClean')),
      antecedent: fit.things,
      notes: [`'the dishes' read as every one of ${fit.things[0].classes.join(', ')}`],
    };
  },
  water: (env, before) => {
    const reading = unaryClause(env, before, 'isWatered');
    if (reading.problem) return reading;
    return {
      ...reading,
      subgoals: [{ patient: ['waterglass', 'mug'], predicate: 'isFilledWithWater', means: true }, ...reading.subgoals],
    };
  },
  state: stateClause,
  'wished-state': (env, before) => {
    const reading = stateClause(env, before);
    if (reading.problem || env.get('s') !== 'placed' || env.get('xsK') !== 'things') return reading;
    // a thing wished for in a state its adjective names, put somewhere ("a hot potato on a plate"): made so first
    const made = (env.get('xs') as Env[]).flatMap((item) => {
      const { predicate, using } = adjectiveOf(item.get('xAdj'));
      if (predicate !== 'isCooked' && predicate !== 'isClean') return [];
      const { qualifiers: _q, ...x } = thingOf(item, 'x');
      return [unary(x, predicate, using ? { using: [using] } : {})];
    });
    return made.length === 0 ? reading : { ...reading, subgoals: [...made, ...reading.subgoals] };
  },
  refrigerate: (env, before) => {
    const place = placeClass(env.get('using') as Phrase | undefined);
    if (place.problem) return problem(place.problem);
    if (place.className !== undefined && !(COOLER_CLASSES as readonly string[]).includes(place.className))
      return problem(
        `${article(place.className)} cools nothing (things are cooled in the ${COOLER_CLASSES.join(', ')})`,
      );
    return intoTheFridge(env, before);
  },
  needs: (env, before) => {
    switch (env.get('deed') as string) {
      case 'fridge':
        return intoTheFridge(env, before);
      case 'clean':
        return unaryClause(env, before, 'isClean');
      case 'cooked':
        return cookClause(env, before);
      case 'sliced':
        return sliceClause(env, before);
      case 'boiled':
        return unaryClause(env, before, 'isBoiled');
      default:
        return CLAUSES.water(env, before);
    }
  },
  // "a warm meal from the microwave", "a clean mug": the thing brought to the state its adjective names
  // "a warm meal from the microwave", "a clean mug": the thing brought to the state its adjective names; "can I have the
  // phone?": the thing brought, as "hand me the phone" reads; then where it is to end up ("..., on a plate")
  'want-thing': (env) => {
    const { qualifiers: all, ...said } = thingOf(env, 'x');
    // "a cooked slice of potato": cooked is what is asked; sliced is what the thing is said as
    const wanted = all?.find((q) => q === 'isCooked' || q === 'isClean') ?? all?.find((q) => q !== 'isSliced');
    const qualifiers = wanted === undefined ? undefined : [wanted];
    const kept = all?.filter((q) => q !== wanted);
    const x: Thing = kept?.length ? { ...said, qualifiers: kept } : said;
    const source = placeClass(env.get('using') as Phrase | undefined);
    if (source.problem) return problem(source.problem);
    const from = source.className;
    const heater = from !== undefined && (HEATER_CLASSES as readonly string[]).includes(from);
    if (from !== undefined && !heater && env.get('usingK') !== 'from') return problem(`${article(from)} does not cook`);
    // "the salmon from the microwave": heated there, as food out of a heater is
    const predicate = qualifiers?.[0] ?? (heater ? 'isCooked' : undefined);
    const asked = env.get('wish') === 'asked';
    // "the cooked potato on the plate" without a wish names a thing already so (the placing forms read it)
    if (env.get('wish') === undefined && env.has('dest')) return problem('a thing named with nothing asked of it');
    if (predicate !== 'isCooked' && predicate !== 'isClean') {
      // "can I have the milk from the fridge?": where it is, not what to do with it
      if (!asked || predicate !== undefined) return problem('a thing named with nothing asked of it');
      const settled = settle(x, 'isPickedUp');
      const fit = fitted([settled.thing], 'isPickedUp');
      if (fit.problem) return problem(fit.problem);
      const fetched: ClauseReading = {
        subgoals: fit.things.map((t) => unary(t, 'isPickedUp')),
        antecedent: fit.things,
        provisional: true,
        notes: settled.note ? [settled.note] : [],
      };
      return placedAfter(env, fetched);
    }
    const adjective = adjectiveOf(env.get('xAdj'));
    const appliance = predicate === 'isCooked' ? cookingAppliance(env) : {};
    if (appliance.problem) return problem(appliance.problem);
    const using = appliance.using ?? adjective.using;
    const settled = settle(x, predicate);
    const fit = fitted([settled.thing], predicate);
    if (fit.problem) return problem(fit.problem);
    return placedAfter(env, {
      subgoals: fit.things.map((t) => unary(t, predicate, using ? { using: [using] } : {})),
      antecedent: fit.things.map((t) => ({ ...t, qualifiers: [...new Set([...(t.qualifiers ?? []), predicate])] })),
      notes: settled.note ? [settled.note] : [],
    });
  },
  'go-to': (env, before) => {
    const got = objectsOf(env, 'xs', 'isPlacedTo', before, false);
    if (got.problem) return problem(got.problem);
    // no goal of its own: the next clause says what to do there ("and give it some water")
    return { subgoals: [], antecedent: got.things, hosts: got.things, provisional: true, notes: got.notes };
  },
  'put-away': (env, before) => {
    const got = objectsOf(env, 'xs', 'isPlacedTo', before);
    if (got.problem) return problem(got.problem);
    const hosts = [...new Set(got.things.map((t) => storedIn(t.classes)))];
    if (hosts.length !== 1 || hosts[0] === undefined) {
      const said = got.things.map((t) => t.said ?? t.classes.join('|')).join(' and ');
      return problem(`where to put ${said} away is not said, and the catalog keeps it in more than one place`);
    }
    const hostClass = hosts[0];
    const made = placements(got.things, hostClass, undefined);
    return {
      subgoals: made.subgoals,
      antecedent: got.things,
      hosts: [one(hostClass)],
      placing: { things: got.things, host: hostClass },
      referred: got.referred,
      notes: [...got.notes, `'away' read as in the ${hostClass}, where the catalog keeps it`],
    };
  },
  'not-leave': (env, before) => {
    const predicate = env.get('state') as Predicate;
    // "don't leave any light on", "no light should be on": none on, every one off
    const any =
      env.has('none') || ((env.get('xs') as Env[] | undefined) ?? []).some((item) => item.get('xQ') === 'any');
    const reading =
      predicate === 'isToggledOn' || predicate === 'isToggledOff'
        ? toggleClause(env, before, predicate)
        : inTail(env, unaryClause(env, before, predicate), predicate);
    if (reading.problem || !any) return reading;
    const every = reading.antecedent.map((t) => ({ ...t, count: 'all' as const }));
    return { ...reading, subgoals: every.map((t) => unary(t, predicate)), antecedent: every };
  },
  gapped: (env, before) => {
    if (!before?.redo) return problem('a list of things with no request before it');
    const got = objectsOf(env, 'xs', (before.subgoals.at(-1)?.predicate ?? 'isPickedUp') as Predicate, undefined);
    if (got.problem) return problem(got.problem);
    const again = before.redo(got.things);
    return { ...again, notes: [...got.notes, 'the request before, of these things too'] };
  },
};

/**
 * A made, wished or fetched thing placed where the clause's tail says ("I'd like a coffee on the kitchen table", "a
 * cooked potato, served on a plate"): what it is served in (a dish's vessel) or the thing itself; a fetch is
 * superseded by the placement, as "get the apple and put it on the table" reads.
 */
function placedAfter(env: Env, reading: ClauseReading): ClauseReading {
  if (reading.problem || !env.has('dest')) return reading;
  const place = placeClass(phraseOf(env, 'dest'));
  if (!place.className) return problem(place.problem!);
  const hostClass = place.className;
  const things = reading.vessels?.length ? reading.vessels : reading.antecedent;
  // "make some toast, in the toaster": what it is made in, never where it goes
  if (KITCHEN_APPLIANCES.has(hostClass) && reading.subgoals.some((s) => recipeInstruments(s).length > 0)) {
    const taken = takeInstrument(reading, { className: hostClass, said: phraseOf(env, 'dest').words });
    if (taken && !('subgoals' in taken)) return problem(taken.problem);
    if (taken) return taken;
  }
  // "a sandwich on a plate", "a coffee, in a clean mug": it is served on or in one anyway
  if (things.some((t) => t.classes.includes(hostClass))) {
    const clean = adjectiveOf(env.get('destAdj')).predicate;
    const asServed =
      clean === undefined || things.some((t) => t.classes.includes(hostClass) && servedClean(reading, hostClass));
    if (asServed)
      return {
        ...reading,
        notes: [...(reading.notes ?? []), `'${place.className}': it is served in or on one anyway`],
      };
  }
  if (!canHost(hostClass)) return problem(`nothing can be put on or in ${article(hostClass)}`);
  const fit = fitted(things, 'isPlacedTo');
  if (fit.problem) return problem(fit.problem);
  const made = placements(fit.things, hostClass, adjectiveOf(env.get('destAdj')).predicate);
  const subgoals = reading.provisional ? made.subgoals : [...reading.subgoals, ...made.subgoals];
  const { provisional: _fetch, ...rest } = reading;
  return {
    ...rest,
    subgoals,
    hosts: [one(hostClass)],
    placing: { things: fit.things, host: hostClass },
    notes: [...(reading.notes ?? []), ...(made.note ? [made.note] : [])],
  };
}

/** Whether a reading's dish is served in a clean one of the class (coffee in a clean mug, toast on a clean plate). */
function servedClean(reading: ClauseReading, vessel: string): boolean {
  return reading.subgoals.some((s) => s.patient.includes(vessel) && s.predicate === 'isClean');
}

/** Where the catalog keeps every one of the classes, out of use (not where they are washed), if one place. */
function storedIn(classes: readonly string[]): string | undefined {
  const places = new Set<string>();
  for (const className of classes) {
    const inside = (catalogClass(className)?.inside ?? []).filter((h) => !WASHING_PLACES.has(h));
    if (inside.length !== 1) return undefined;
    places.add(inside[0]);
  }
  return places.size === 1 ? [...places][0] : undefined;
}
/** Where things are washed, not put away. */
const WASHING_PLACES: ReadonlySet<string> = new Set(['sink', 'dishwasher', 'basketforclothes', 'washingmachine']);

/** "Refrigerate the apple", "the apple needs refrigeration": placed in what refrigerates (the lexicon's use words). */
function intoTheFridge(env: Env, before: ClauseReading | undefined): ClauseReading {
  const fridge = classesUsedFor('refrigeration')[0];
  const host: Phrase = { className: fridge, plural: false, words: fridge };
  return placeClause(new Map([...env, ['host', host], ['hostK', 'np']]), before);
}

/**
 * A unary clause's room or house after its things ("switch the lights off in the bedroom", "the windows should be shut
 * in the bedroom"): every one in that room, as "the X in the ROOM" reads (`withRoom`: a room that adds nothing is no
 * room, one the catalog never stands the thing in is a problem); "in the house": every one.
 */
function inTail(env: Env, reading: ClauseReading, predicate: Predicate): ClauseReading {
  const tail = env.get('tail') as string | undefined;
  if (reading.problem || tail === undefined) return reading;
  const room = tail.startsWith('room:') ? tail.slice(5) : undefined;
  const things: Thing[] = [];
  for (const t of reading.antecedent) {
    if (room === undefined) {
      things.push({ ...t, count: 'all' });
      continue;
    }
    const narrowed = withRoom({ classes: t.classes, plural: true, by: 'name' }, room);
    if (!narrowed) return problem(`no ${t.classes[0]} stands in the ${room} in any home`);
    things.push(narrowed.room === undefined ? t : { ...t, room, count: 'all' });
  }
  return { ...reading, subgoals: things.map((t) => unary(t, predicate)), antecedent: things };
}

function toggleClause(env: Env, before: ClauseReading | undefined, predicate: Predicate): ClauseReading {
  const reading = inTail(env, unaryClause(env, before, predicate), predicate);
  if (reading.problem) return reading;
  const things = reading.antecedent;
  return {
    ...reading,
    ...(predicate === 'isToggledOn' &&
      things.length === 1 &&
      things[0].classes.length === 1 && { switchedOn: things[0].classes[0] }),
  };
}

/** The dishes of a `make` clause, in order: their steps, what they make, what they are served in. */
function dishClauses(dishes: readonly Env[]): ClauseReading {
  const subgoals: SubgoalSpec[] = [];
  const antecedent: Thing[] = [];
  const vessels: Thing[] = [];
  for (const dishEnv of dishes) {
    const tag = dishEnv.get('tag') as string;
    const dish = DISHES[tag];
    const count = (dishEnv.get('n') as number | undefined) ?? 1;
    const place = placeClass(dishEnv.get('using') as Phrase | undefined);
    if (place.problem) return problem(place.problem);
    const using = place.className;
    if (using !== undefined && !(HEATER_CLASSES as readonly string[]).includes(using)) {
      return problem(`${article(using)} does not cook (the heaters are ${HEATER_CLASSES.join(', ')})`);
    }
    subgoals.push(...dish.steps(count, using));
    antecedent.push(...dish.product(count));
    if (dish.vessel) vessels.push(dish.vessel);
  }
  const named = dishes.map((d) => d.get('tag') as string);
  const parts = named.length === 1 ? DISHES[named[0]].components : undefined;
  return { subgoals, antecedent, vessels, ...(parts && { dish: { name: named[0], components: parts } }) };
}

/**
 * Whether a clause can take an instrument, and the clause with it: a recipe whose instruments include it (cooking: a
 * toaster, a microwave or a stove, which it narrows to; washing: the sink; coffee: the coffee maker, which it names
 * anyway), or the vessel a dish is served in ("use a clean mug" for a coffee, served in a clean one anyway). A cooking
 * already said to use another appliance conflicts.
 */
function takeInstrument(
  clause: ClauseReading,
  instrument: Instrument,
): ClauseReading | { problem: string } | undefined {
  if (clause.problem || clause.instrument) return undefined;
  const x = instrument.className;
  let took = false;
  const subgoals: SubgoalSpec[] = [];
  for (const spec of clause.subgoals) {
    const groups = recipeInstruments({ ...spec, using: undefined });
    const group = spec.means ? undefined : groups.find((g) => g.includes(x));
    if (!group) {
      subgoals.push(spec);
      continue;
    }
    if (spec.using !== undefined && !spec.using.includes(x)) {
      return { problem: `'use ${instrument.said}' after a request said to use the ${spec.using.join(' or ')}` };
    }
    took = true;
    subgoals.push(group.length > 1 && spec.using === undefined ? { ...spec, using: [x] } : spec);
  }
  // "a coffee ..., use a clean mug": the vessel it is served in, clean anyway
  const vessel = (clause.vessels ?? []).some((v) => v.classes.includes(x));
  if (!took && vessel && (instrument.qualifier === undefined || servedClean(clause, x))) took = true;
  if (!took) {
    // "wash the plate; use the dishwasher", "heat the milk; use the kettle": an appliance one could mean for it that the
    // catalog's recipe does not use is refused, never read as switching it on beside the request
    const recipe = clause.subgoals.some((spec) => recipeInstruments({ ...spec, using: undefined }).length > 0);
    if (recipe && KITCHEN_APPLIANCES.has(x))
      return { problem: `'use ${instrument.said}': the ${x} is not what the request before it is done with here` };
    return undefined;
  }
  if (instrument.room !== undefined)
    return { problem: `'${instrument.said}': a goal cannot say which room an appliance is in` };
  const reading: ClauseReading = {
    ...clause,
    subgoals,
    notes: [...(clause.notes ?? []), `'use ${instrument.said}' read as what the request before it is done with`],
  };
  return x === 'toaster' ? sliced(reading) : reading;
}

/** Appliances one could mean as the instrument of making food or washing (beyond the recipes' own). */
const KITCHEN_APPLIANCES: ReadonlySet<string> = new Set([
  ...HEATER_CLASSES,
  'kettle',
  'coffeemaker',
  'dishwasher',
  'washingmachine',
  'fridge',
  'sink',
  'faucet',
]);

/**
 * An instrument clause bound to the nearest clause before it that can take it (`takeInstrument`): the index of that
 * clause and the clause with the instrument; a problem where it conflicts; undefined where none can take it (the
 * instrument clause then stands as it is: switching it on, or its `unbound` problem).
 */
export function bindInstrument(
  earlier: readonly ClauseReading[],
  instrument: Instrument,
): { index: number; clause: ClauseReading } | { problem: string } | undefined {
  for (let index = earlier.length - 1; index >= 0; index--) {
    const taken = takeInstrument(earlier[index], instrument);
    if (taken === undefined) continue;
    if (!('subgoals' in taken)) return { problem: taken.problem };
    return { index, clause: taken };
  }
  return undefined;
}

/** Participles of making: cooking ("toasted", "heated") or making a dish ("made", "brewed", "done"). */
const MADE_COOKED: ReadonlySet<string> = new Set(['cooked', 'made']);

/**
 * "..., made in the toaster", "..., heated in the microwave", "..., freshly made": how the things of the clause before
 * are made. Where it makes them already (a dish, a cooking), the appliance is its instrument (`takeInstrument`); where it
 * only places them ("six slices of toast should end up on the table", "I'd like the chicken on a plate"), they are made
 * first: food cooked (in the appliance named), a coffee made, and placed so. It restates the clause before.
 */
function madeClause(env: Env, before: ClauseReading | undefined): ClauseReading {
  if (!before || before.mentioned || before.subgoals.length === 0) return problem('nothing before it was made');
  const how = env.get('made') as string;
  const place = placeClass(env.get('using') as Phrase | undefined);
  if (place.problem) return problem(place.problem);
  const using = place.className;
  if (using !== undefined && !(HEATER_CLASSES as readonly string[]).includes(using) && using !== 'coffeemaker')
    return problem(`${article(using)} makes nothing to eat or drink`);
  const making = before.subgoals.some((s) => s.predicate === 'isCooked' || s.predicate === 'isFilledWithCoffee');
  if (making) {
    if (using === undefined) return { ...before, restates: true };
    const taken = takeInstrument(before, { className: using, said: `the ${using}` });
    if (taken === undefined) return problem(`the ${using} makes nothing the clause before asks for`);
    if (!('subgoals' in taken)) return problem(taken.problem);
    return { ...taken, restates: true };
  }
  const things = before.placing?.things;
  if (!things || !MADE_COOKED.has(how)) return problem('nothing before it was made');
  const steps: SubgoalSpec[] = [];
  const made: Thing[] = [];
  for (const t of things) {
    const coffee = t.qualifiers?.includes('isFilledWithCoffee');
    if (coffee && how === 'made' && (using === undefined || using === 'coffeemaker')) {
      steps.push(...DISHES.coffee.steps(1));
      made.push(t);
      continue;
    }
    if (!t.classes.every((c) => fits(c, 'isCooked')) || using === 'coffeemaker')
      return problem('nothing before it was made');
    const cooked = { ...t, qualifiers: [...new Set([...(t.qualifiers ?? []), 'isCooked' as Predicate])] };
    steps.push(unary({ ...t, qualifiers: undefined }, 'isCooked', using ? { using: [using] } : {}));
    made.push(cooked);
  }
  const host = before.subgoals.find((s) => s.predicate === 'isPlacedTo')?.destinationQualifiers?.[0];
  const placing = placements(made, before.placing!.host, host);
  const reading: ClauseReading = {
    ...before,
    subgoals: [...steps, ...placing.subgoals],
    antecedent: made,
    placing: { things: made, host: before.placing!.host },
    restates: true,
    notes: [...(before.notes ?? []), `'${how}' after the placement read as making them first`],
  };
  return using === 'toaster' ? sliced(reading) : reading;
}

/**
 * The clauses of a sentence, in order: a provisional reading (fetching, emptying) dropped where the next clause
 * places what it fetched; putting food in a heater and then switching the heater on (or heating the food) read as
 * cooking it there.
 */
export function readClauses(clauses: readonly Env[], context: ReadingContext): ClauseReading[] {
  const out: ClauseReading[] = [];
  let before = context.before;
  for (const env of clauses) {
    const tag = env.get('tag') as string;
    const read = CLAUSES[tag](env, before);
    const reading: ClauseReading = { ...read, place: placeAfter(read, before) };
    // "heat the chicken, and use the microwave for it": the instrument of a request before it in the sentence (one in
    // a sentence before is bound where the sentences are joined: `dialogue.ts`, `tasks.ts`)
    if (reading.instrument && !reading.problem) {
      const bound = bindInstrument(out, reading.instrument);
      if (bound && !('clause' in bound)) {
        out.push(problem(bound.problem));
        continue;
      }
      if (bound) {
        out[bound.index] = { ...bound.clause, place: out[bound.index].place };
        if (bound.index === out.length - 1) before = out[bound.index];
        continue;
      }
    }
    const last = out.at(-1);
    if (reading.restates && last && !reading.problem) {
      out[out.length - 1] = reading;
      before = reading;
      continue;
    }
    // fetching is the way to what the next clause does with the same things ("get the salmon and heat it"); "it" of
    // the host an emptying named is no such thing ("empty the fridge and close it": both)
    if (last?.provisional && !reading.problem && reading.subgoals.length > 0) {
      const same =
        (reading.referred && !ofHostsOnly(last, reading)) || sameClasses(last.antecedent, reading.antecedent);
      if (same) out[out.length - 1] = { ...last, subgoals: [], actionGoals: [] };
    }
    const cooked = last?.placing && heated(last, reading);
    if (cooked) {
      out[out.length - 1] = cooked;
      before = cooked;
      continue;
    }
    const lit = last && !reading.problem ? heldUnderLamp(last, reading) : undefined;
    if (lit) {
      out[out.length - 1] = lit;
      before = lit;
      continue;
    }
    const taken = last && !reading.problem ? takenOutCooled(last, reading) : undefined;
    if (taken) {
      out[out.length - 1] = taken;
      before = taken;
      continue;
    }
    const moved = movedOn(out, reading);
    out.push(moved);
    before = moved;
  }
  return out;
}

/**
 * A narrated sequence read as the end state it asks for ("put the apple in the fridge, take it out and put it on the
 * table", "chill the apple and put it on the counter"): where a clause places things that an earlier clause of the
 * sentence placed elsewhere, the earlier placement is a step on the way, not where they end. A step in the fridge is
 * what cools them (ALFRED's cooling: the things end up cooled, wherever they are put); any other is left out. The
 * earlier clause is emptied in `out`; the placement returned carries the state the step made.
 */
function movedOn(out: ClauseReading[], reading: ClauseReading): ClauseReading {
  if (reading.problem || !reading.placing || !reading.redo) return reading;
  const { things, host } = reading.placing;
  for (let j = out.length - 1; j >= 0; j--) {
    const earlier = out[j];
    if (!earlier.placing || earlier.subgoals.length === 0) continue;
    if (!sameClasses(earlier.placing.things, things)) return reading;
    if (earlier.placing.host === host) return reading;
    const cooler = (COOLER_CLASSES as readonly string[]).includes(earlier.placing.host);
    const step = earlier.placing.host;
    if (!cooler) {
      out[j] = { ...earlier, subgoals: [], notes: [...(earlier.notes ?? []), `the ${step} is a step on the way`] };
      return reading;
    }
    const cooled = (t: Thing): Thing => ({
      ...t,
      qualifiers: [...new Set([...(t.qualifiers ?? []), 'isCooled' as const])],
    });
    out[j] = {
      ...earlier,
      subgoals: earlier.placing.things.map((t) => unary(t, 'isCooled')),
      antecedent: earlier.placing.things.map(cooled),
      notes: [...(earlier.notes ?? []), `put in the ${step} and moved on: read as cooled there`],
    };
    const again = reading.redo(things.map(cooled));
    return again.problem ? reading : { ...reading, ...again, referred: reading.referred };
  }
  return reading;
}

/**
 * "Put the pan in the fridge and take it out": the things put in the fridge and taken again are cooled (ALFRED's
 * cooling, as a narrated sequence: `movedOn`), and held.
 */
function takenOutCooled(placing: ClauseReading, next: ClauseReading): ClauseReading | undefined {
  if (!placing.placing || !next.provisional || placing.subgoals.length === 0) return undefined;
  const { things, host } = placing.placing;
  if (!(COOLER_CLASSES as readonly string[]).includes(host) || !sameClasses(things, next.antecedent)) return undefined;
  if (!things.every((t) => t.classes.every((c) => fits(c, 'isCooled')))) return undefined;
  return {
    ...placing,
    subgoals: things.map((t) => unary(t, 'isCooled')),
    antecedent: things.map((t) => ({ ...t, qualifiers: [...new Set([...(t.qualifiers ?? []), 'isCooled' as const])] })),
    notes: [...(placing.notes ?? []), `put in the ${host} and taken out again: read as cooled there`],
  };
}

/** Whether a clause's things are hosts the clause before named, and none of its things. */
function ofHostsOnly(before: ClauseReading, reading: ClauseReading): boolean {
  const key = (t: Thing) => t.classes.join();
  const things = new Set(before.antecedent.map(key));
  const hosts = new Set((before.hosts ?? []).map(key));
  return reading.antecedent.length > 0 && reading.antecedent.every((t) => hosts.has(key(t)) && !things.has(key(t)));
}

const sameClasses = (a: readonly Thing[], b: readonly Thing[]) =>
  a.length === b.length && a.every((t, i) => t.classes.join() === b[i].classes.join());

/** "Put the milk in the microwave and switch it on" / "... and heat it": the milk cooked in the microwave. */
function heated(placing: ClauseReading, next: ClauseReading, how = 'and switching it on'): ClauseReading | undefined {
  const host = placing.placing!.host;
  if (!(HEATER_CLASSES as readonly string[]).includes(host)) return undefined;
  const food = placing.placing!.things;
  // a toaster toasts food; the microwave and the stove heat anything (`heatState`: a mug is heated, food cooked)
  const heats = (c: string) => (host === 'toaster' ? fits(c, 'isCooked') : fits(c, 'isHeated'));
  if (!food.every((t) => t.classes.every(heats))) return undefined;
  const state = (t: Thing): Predicate => (t.classes.every((c) => fits(c, 'isCooked')) ? 'isCooked' : 'isHeated');
  const switched = next.switchedOn === host;
  const cookedThere =
    next.subgoals.length > 0 &&
    next.subgoals.every(
      (s) => (s.predicate === 'isCooked' || s.predicate === 'isHeated') && s.using?.join() === host,
    ) &&
    next.referred;
  if (!switched && !cookedThere) return undefined;
  const toasting = (reading: ClauseReading) => (host === 'toaster' ? sliced(reading) : reading);
  return toasting({
    subgoals: food.map((t) => unary(t, state(t), { using: [host] })),
    antecedent: food.map((t) => ({ ...t, qualifiers: [...new Set([...(t.qualifiers ?? []), state(t)])] })),
    hosts: [one(host)],
    notes: [
      ...(placing.notes ?? []),
      ...(next.notes ?? []),
      `putting food in the ${host} ${how} read as cooking it there`,
    ],
  });
}

/** The lamps a thing may be looked at under (ALFRED's DeskLamp and FloorLamp): the catalog's category `Lamps`. */
const LAMPS: readonly string[] = ['tablelamp', 'floorlamp'].filter((c) => catalogClass(c)?.category === 'Lamps');

/**
 * The lamp a clause names to look at a thing under: a lamp class; "the light" (a lamp's light, or no lamp named: "in
 * the light") is any lamp, with a note; anything else is no lamp.
 */
function lampOf(env: Env): { classes?: readonly string[]; note?: string; problem?: string } {
  if (env.get('lampK') === 'light') return { problem: whichLamp('the light') };
  const phrase = phraseOf(env, 'lamp');
  const place = placeClass(phrase);
  if (place.problem) return { problem: place.problem };
  const classes = classesOf(phrase);
  if (phrase.alsoMeans || place.className === 'light') return { problem: whichLamp(phrase.words) };
  if (classes.every((c) => LAMPS.includes(c))) return { classes };
  return { problem: `${article(place.className!)} is no lamp to look at a thing under` };
}

/**
 * Why a lamp of no kind is no reading of looking at a thing under it: a desk lamp and a floor lamp make two goals (ALFRED
 * scores the one its task names), and the words say neither.
 */
const whichLamp = (said: string) =>
  `'${said}': a desk lamp or a floor lamp? looking at a thing under one is not under the other, and the text does not say which`;

/** Things looked at under a lamp: held while a lamp of those classes is on (`isExaminedUnder`). */
function examined(things: readonly Thing[], lamps: readonly string[], notes: readonly string[]): ClauseReading {
  const fit = fitted(things, 'isExaminedUnder');
  if (fit.problem) return problem(fit.problem);
  return {
    subgoals: fit.things.map((t) => ({ ...unary(t, 'isExaminedUnder'), destination: [...lamps] })),
    antecedent: fit.things,
    hosts: lamps.map((c) => one(c)),
    notes: [...notes],
  };
}

/**
 * Holding a thing and switching a lamp on, in either order ("pick up the laptop and turn on the lamp", "turn on the
 * lamp while holding the remote"): the thing looked at under the lamp, which is what `isExaminedUnder` holds of (the
 * thing held while the lamp is on).
 */
function heldUnderLamp(first: ClauseReading, second: ClauseReading): ClauseReading | undefined {
  const lampOn = (c: ClauseReading) =>
    c.switchedOn !== undefined && LAMPS.includes(c.switchedOn) && c.subgoals.length === 1 ? c.switchedOn : undefined;
  const holding = (c: ClauseReading) =>
    c.provisional && c.subgoals.length > 0 && c.subgoals.every((s) => s.predicate === 'isPickedUp') ? c : undefined;
  const lit = lampOn(second) ? second : lampOn(first) ? first : undefined;
  const lamp = lit && lampOn(lit);
  const held = holding(first) ?? holding(second);
  if (!lit || !lamp || !held || held === lit) return undefined;
  const said = lit.antecedent[0];
  if (said?.alsoMeans) return problem(whichLamp(said.said ?? lamp));
  return examined(
    held.antecedent,
    [lamp],
    [
      ...(held.notes ?? []),
      `holding ${held.antecedent.map((t) => t.said ?? t.classes.join('|')).join(' and ')} while the ${lamp} is on: read as looking at it under the lamp`,
    ],
  );
}

/** Why a reading makes no sense for the catalog, if it does not. */
export function nonsense(clauses: ClauseReading[]): string | undefined {
  for (const clause of clauses) if (clause.problem) return clause.problem;
  // a thing put on or in its own kind ("put in the plate. plate.": the plate on the plate) is no reading of a request
  for (const clause of clauses)
    for (const s of clause.subgoals)
      if (s.predicate === 'isPlacedTo' && s.destination?.length && s.patient.every((c) => s.destination!.includes(c)))
        return `the ${s.patient[0]} put on or in a ${s.destination[0]}: a thing is never put on its own kind`;
  // an instrument alone ("Use a clean mug.") may be for a request in a sentence before (`joinSentence`)
  if (clauses.every((c) => c.subgoals.length === 0 && !c.instrument && c.way === undefined))
    return 'the text asks for nothing the robot can do';
  return undefined;
}

/**
 * A sentence's clauses joined to those of the sentences before it: an instrument its own sentence did not bind ("Cook
 * the potato. Use the stove.") is bound to a request before (`bindInstrument`), replacing that request's clause, or
 * stands as it reads (switching it on), or is refused (`Instrument.unbound`).
 */
export function joinSentence(
  earlier: readonly ClauseReading[],
  read: readonly ClauseReading[],
): { earlier: ClauseReading[]; read: ClauseReading[]; problem?: string } {
  const before = [...earlier];
  const kept: ClauseReading[] = [];
  for (const clause of read) {
    if (!clause.instrument) {
      kept.push(clause);
      continue;
    }
    const bound = bindInstrument(before, clause.instrument);
    if (bound && 'clause' in bound) {
      before[bound.index] = bound.clause;
      continue;
    }
    const why = bound?.problem ?? clause.instrument.unbound;
    if (why) return { earlier: before, read: kept, problem: why };
    const { instrument: _bound, ...rest } = clause;
    kept.push(rest);
  }
  return { earlier: before, read: kept };
}
