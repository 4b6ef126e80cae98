/**
 * The pattern matcher both offline grammars are written in: the grammar of continual instructions (`grammar.ts`) and
 * the grammar of episodic tasks (`tasks.ts`). A sentence is tokenised (lower case; `,` and `.` are tokens; `isn't`
 * is `is not`) and a pattern of elements is matched against it by backtracking: every span is tried for a noun
 * phrase (resolved to a catalog class by `resolvePhrase`), so "the appliance you cook on" is found as one phrase
 * before "has been left off" although "on" is a state word. Captures are kept in an environment (`Env`) per match.
 *
 * Elements: fixed words (with alternatives), optional sub-patterns, a noun phrase (NP), a list of noun phrases
 * joined by `,` and a conjunction, a word picked from a table, a number ("3", "three"), and a list of tagged items
 * (clauses or rules) joined by separators.
 */
import { catalogClass } from '../sim/catalog/index.js';
import type { Predicate } from '../sim/subgoals.js';
import { resolvePhrase } from './lexicon.js';

// ---- tokens --------------------------------------------------------------------------------------------------------

export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/n['’]t\b/g, ' not')
    .replace(/([,.;:!?])/g, ' $1 ')
    .split(/\s+/)
    .filter((w) => w.length > 0 && w !== ';' && w !== ':' && w !== '!' && w !== '?');
}

/** Token lists of the sentences of a text (each ends at a `.`; the last may not). */
export function splitSentences(tokens: readonly string[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  for (const token of tokens) {
    current.push(token);
    if (token === '.') {
      out.push(current);
      current = [];
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

// ---- phrases -------------------------------------------------------------------------------------------------------

/** A noun phrase as the matcher resolved it. */
export interface Phrase {
  readonly className: string;
  readonly plural: boolean;
  readonly words: string;
  /** The room class the phrase is qualified by ("in the bedroom"). */
  readonly room?: string;
  /** Every class the phrase covers, where it is a category noun ("fruit"); `className` is the first. */
  readonly classes?: readonly string[];
  /** The category word, for a category noun. */
  readonly category?: string;
  /** The states the phrase asks of its thing: a state noun's ("coffee": a mug filled with coffee), its adjectives'. */
  readonly states?: readonly Predicate[];
  /** Descriptive words the phrase set aside ("red" of "the red cloth"). */
  readonly setAside?: readonly string[];
  /** Other classes the words are as often said of ("lamp": a desk lamp too; the goal reader's `nouns.ts`). */
  readonly alsoMeans?: readonly string[];
}

/** A room named by the words ("the living room"), by name only. */
export function roomNamed(words: readonly string[]): string | undefined {
  const resolved = resolvePhrase(words);
  if (resolved?.by !== 'name') return undefined;
  return catalogClass(resolved.className)?.kind === 'room' ? resolved.className : undefined;
}

/** "NP in the ROOM": the phrase with its room, split at the last "in" whose tail names a room. */
function roomQualified(span: readonly string[]): Phrase | undefined {
  for (let p = span.length - 2; p >= 1; p--) {
    if (span[p] !== 'in') continue;
    const room = roomNamed(span.slice(p + 1));
    if (room === undefined) continue;
    const head = resolvePhrase(span.slice(0, p));
    if (!head || catalogClass(head.className)?.kind === 'room') return undefined;
    return { className: head.className, plural: head.plural, words: span.join(' '), room };
  }
  return undefined;
}

// ---- patterns ------------------------------------------------------------------------------------------------------

export type Value = string | number | Phrase | Phrase[] | Env[];
export type Env = ReadonlyMap<string, Value>;

export type Element =
  | {
      readonly kind: 'words';
      readonly alternatives: readonly (readonly string[])[];
      /** The alternatives by their first word, in their order (`byFirstWord`), made with the element. */
      readonly byFirst?: ReadonlyMap<string, readonly (readonly string[])[]>;
    }
  | { readonly kind: 'optional'; readonly pattern: Pattern; readonly lazy?: boolean }
  | { readonly kind: 'np'; readonly name: string }
  | { readonly kind: 'nplist'; readonly name: string; readonly conjunction: string }
  | { readonly kind: 'pick'; readonly name: string; readonly words: Readonly<Record<string, string>> }
  | { readonly kind: 'number'; readonly name: string }
  | {
      readonly kind: 'alt';
      readonly name: string;
      readonly options: readonly Tagged[];
      /** Each option's first words (`firstOf`), made with the element. */
      readonly firsts?: readonly First[];
    }
  | {
      readonly kind: 'list';
      readonly name: string;
      readonly items: readonly Tagged[];
      /** Token sequences that may join two items (default `,` and `and`). */
      readonly separators: readonly (readonly string[])[];
      /** Longest lists first ("the wine glass and the juice" before "the wine glass"); shortest first by default. */
      readonly greedy?: boolean;
      /** Each item form's first words (`firstOf`), made with the element. */
      readonly firsts?: readonly First[];
    };
export type Pattern = readonly Element[];
/** An alternative of an `alt` element or an item form of a `list` element, with the tag its matches carry. */
export interface Tagged {
  readonly tag: string;
  readonly pattern: Pattern;
}

const alternativesOf = (text: string) => text.split('|').map((a) => a.trim().split(/\s+/));

export const words = (alternatives: string): Element => {
  const split = alternativesOf(alternatives);
  return { kind: 'words', alternatives: split, byFirst: byFirstWord(split) };
};
export const optional = (...pattern: Element[]): Element => ({ kind: 'optional', pattern });
/**
 * An optional sub-pattern tried after the match without it: for words that add nothing to the reading unless nothing
 * else reads them ("the book from the bed" is read as a source only where "from the bed" is no part of the clause).
 */
export const lazyOptional = (...pattern: Element[]): Element => ({ kind: 'optional', pattern, lazy: true });
export const np = (name: string): Element => ({ kind: 'np', name });
export const nplist = (name: string, conjunction: string): Element => ({ kind: 'nplist', name, conjunction });
export const pick = (name: string, table: Record<string, string>): Element => ({ kind: 'pick', name, words: table });
export const number = (name: string): Element => ({ kind: 'number', name });
/** One of several tagged sub-patterns; the match's captures join the sentence's, and `name` holds the tag. */
export const alt = (name: string, options: Tagged[]): Element => ({
  kind: 'alt',
  name,
  options,
  firsts: options.map((o) => firstOf(o.pattern)),
});
export const list = (name: string, items: Tagged[], separators = ', | and', greedy = false): Element => ({
  kind: 'list',
  name,
  items,
  separators: alternativesOf(separators),
  ...(greedy && { greedy }),
  firsts: items.map((o) => firstOf(o.pattern)),
});

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/** A token read as a count: digits or a number word (one .. twelve). */
export function countOf(token: string | undefined): number | undefined {
  if (token === undefined) return undefined;
  if (/^\d+$/.test(token)) return Number(token);
  return NUMBER_WORDS[token];
}

/** What is called with each way a pattern matches: the position after it and the captures; true stops the matching. */
export type Continue = (i: number, env: Env) => boolean;

export interface MatcherOptions {
  /** Words a noun phrase may not begin with (quantifiers that a grammar reads itself: `all`, `one`, numbers). */
  readonly notPhraseStart?: ReadonlySet<string>;
  /**
   * What a span of tokens names, where a grammar resolves phrases its own way (the goal reader's `resolveNoun`);
   * by default a class by `resolvePhrase`, rooms excluded, "NP in the ROOM" qualified by the room.
   */
  readonly resolve?: (span: readonly string[]) => Phrase | undefined;
  /**
   * How many pattern steps a sentence may take before the reading gives up (`TooLong`): backtracking over every span
   * of a long run-on sentence grows fast. Unlimited by default.
   */
  readonly maxSteps?: number;
  /** The most words a noun phrase may have (unlimited by default). */
  readonly maxPhraseWords?: number;
}

/** Thrown by a matcher whose sentence took more than `maxSteps` steps. */
export class TooLong extends Error {}

// ---- first words ---------------------------------------------------------------------------------------------------

/** The tokens a pattern can begin with, or `any` (it can begin with a noun phrase or a number, or match nothing). */
type First = ReadonlySet<string> | 'any';
const FIRST = new WeakMap<Pattern, First>();

function nullable(el: Element): boolean {
  switch (el.kind) {
    case 'optional':
      return true;
    case 'alt':
      return el.options.some((o) => o.pattern.every(nullable));
    case 'list':
      return el.items.some((o) => o.pattern.every(nullable));
    default:
      return false;
  }
}

function firstOfElement(el: Element): First {
  switch (el.kind) {
    case 'words':
      return new Set(el.alternatives.map((a) => a[0]));
    case 'pick':
      return new Set(Object.keys(el.words));
    case 'optional':
      return firstOf(el.pattern);
    case 'alt':
    case 'list': {
      const out = new Set<string>();
      for (const option of el.kind === 'alt' ? el.options : el.items) {
        const first = firstOf(option.pattern);
        if (first === 'any') return 'any';
        for (const w of first) out.add(w);
      }
      return out;
    }
    default:
      return 'any';
  }
}

/**
 * The first tokens of a pattern (computed once per pattern): a list's items and an alternative's options that cannot
 * begin with the token at hand are not tried, which leaves what matches as it was and spares most of the clause forms
 * at each clause's start.
 */
function firstOf(pattern: Pattern): First {
  const known = FIRST.get(pattern);
  if (known) return known;
  const out = new Set<string>();
  let result: First = 'any';
  for (const el of pattern) {
    const first = firstOfElement(el);
    if (first === 'any') break;
    for (const w of first) out.add(w);
    if (!nullable(el)) {
      result = out;
      break;
    }
  }
  FIRST.set(pattern, result);
  return result;
}

/**
 * A words element's alternatives by their first word (built once per element), in their order: only those that begin
 * with the token at hand can match there, so the same matches come in the same order, without scanning the long lists
 * (a hundred placing verbs, sixty words of where a thing is) at every try.
 */
const BY_FIRST_WORD = new WeakMap<readonly (readonly string[])[], Map<string, (readonly string[])[]>>();
const NO_ALTERNATIVES: readonly (readonly string[])[] = [];
function byFirstWord(alternatives: readonly (readonly string[])[]): Map<string, (readonly string[])[]> {
  let index = BY_FIRST_WORD.get(alternatives);
  if (index) return index;
  index = new Map();
  for (const alt of alternatives) {
    const list = index.get(alt[0]);
    if (list) list.push(alt);
    else index.set(alt[0], [alt]);
  }
  BY_FIRST_WORD.set(alternatives, index);
  return index;
}

/** The default resolution of a span (see `MatcherOptions.resolve`). */
function defaultResolve(span: readonly string[]): Phrase | undefined {
  const qualified = roomQualified(span);
  if (qualified) return qualified;
  const resolved = resolvePhrase(span);
  if (resolved && catalogClass(resolved.className)?.kind !== 'room') {
    return { className: resolved.className, plural: resolved.plural, words: span.join(' ') };
  }
  return undefined;
}

export class Matcher {
  /** The furthest token any attempt reached (for error messages). */
  furthest = 0;
  /** Pattern steps taken. */
  private steps = 0;
  /** The phrases starting at each position, resolved once per sentence. */
  private readonly phraseCache = new Map<number, [Phrase, number][]>();

  private readonly maxSteps: number;

  constructor(
    private readonly tokens: readonly string[],
    private readonly options: MatcherOptions = {},
  ) {
    this.maxSteps = options.maxSteps ?? Number.POSITIVE_INFINITY;
  }

  /**
   * Matches `pattern` from its element `k` at token `i`, calling `next` with each way it matches (the position after
   * it and the captures), depth first, in the order the elements list their alternatives, until `next` returns true
   * (stop: the caller has what it wants). Written with continuations rather than generators: the same matches in the
   * same order, at a fraction of the cost.
   */
  match(pattern: Pattern, k: number, i: number, env: Env, next: Continue): boolean {
    if (i > this.furthest) this.furthest = i;
    if (++this.steps > this.maxSteps) throw new TooLong();
    if (k === pattern.length) return next(i, env);
    const el = pattern[k];
    // fixed words, a word from a table and a number, matched here: most tries fail at once, and a continuation
    // made for each was a large part of the matcher's time and garbage (the same matches, in the same order)
    const tokens = this.tokens;
    switch (el.kind) {
      case 'words': {
        const alts = (el.byFirst ?? byFirstWord(el.alternatives)).get(tokens[i] as string);
        if (alts === undefined) return false;
        for (const alt of alts) {
          let fits = true;
          for (let j = 1; j < alt.length && fits; j++) fits = tokens[i + j] === alt[j];
          if (fits && this.match(pattern, k + 1, i + alt.length, env, next)) return true;
        }
        return false;
      }
      case 'pick': {
        const value = tokens[i] === undefined ? undefined : el.words[tokens[i]];
        return value !== undefined && this.match(pattern, k + 1, i + 1, withValue(env, el.name, value), next);
      }
      case 'number': {
        const value = countOf(tokens[i]);
        return value !== undefined && this.match(pattern, k + 1, i + 1, withValue(env, el.name, value), next);
      }
    }
    return this.element(el, i, env, (j, e) => this.match(pattern, k + 1, j, e, next));
  }

  private element(el: Element, i: number, env: Env, next: Continue): boolean {
    const tokens = this.tokens;
    switch (el.kind) {
      case 'words':
        for (const alt of (el.byFirst ?? byFirstWord(el.alternatives)).get(tokens[i] as string) ?? NO_ALTERNATIVES) {
          let fits = true;
          for (let j = 0; j < alt.length && fits; j++) fits = tokens[i + j] === alt[j];
          if (fits && next(i + alt.length, env)) return true;
        }
        return false;
      case 'optional':
        if (el.lazy && next(i, env)) return true;
        if (this.match(el.pattern, 0, i, env, next)) return true;
        return !el.lazy && next(i, env);
      case 'pick': {
        const value = tokens[i] === undefined ? undefined : el.words[tokens[i]];
        return value !== undefined && next(i + 1, withValue(env, el.name, value));
      }
      case 'number': {
        const value = countOf(tokens[i]);
        return value !== undefined && next(i + 1, withValue(env, el.name, value));
      }
      case 'alt':
        for (let o = 0; o < el.options.length; o++) {
          const option = el.options[o];
          if (!this.canStart(option.pattern, i, el.firsts?.[o])) continue;
          if (this.match(option.pattern, 0, i, withValue(env, el.name, option.tag), next)) return true;
        }
        return false;
      case 'np':
        for (const [phrase, j] of this.phrases(i)) if (next(j, withValue(env, el.name, phrase))) return true;
        return false;
      case 'nplist':
        return this.phraseList(i, env, el.name, el.conjunction, [], next);
      case 'list':
        return this.itemList(el, i, env, [], next);
    }
  }

  /**
   * Whether a pattern can begin at token i: its first words (`firstOf`, made with its element), or, for one that begins with a noun phrase or
   * a number, whether one starts there (the same test its first element makes, before any capture is made for it).
   */
  private canStart(pattern: Pattern, i: number, first: First = firstOf(pattern)): boolean {
    const token = this.tokens[i];
    if (first !== 'any' && (token === undefined || !first.has(token))) return false;
    const head = pattern[0];
    if (head?.kind === 'np' || head?.kind === 'nplist') return this.phrases(i).length > 0;
    if (head?.kind === 'number') return countOf(this.tokens[i]) !== undefined;
    return true;
  }

  /**
   * Noun phrases starting at i, shortest first: each resolved span and the position after it. A span that ends in
   * "in the ROOM" is the phrase before it qualified by the room ("the bookshelf in the bedroom"); such a span is not
   * read whole, so a description cannot swallow the room's name.
   */
  private phrases(i: number): readonly [Phrase, number][] {
    let found = this.phraseCache.get(i);
    if (!found) {
      found = this.phrasesAt(i);
      this.phraseCache.set(i, found);
    }
    return found;
  }

  private phrasesAt(i: number): [Phrase, number][] {
    const found: [Phrase, number][] = [];
    const first = this.tokens[i];
    const reserved = this.options.notPhraseStart;
    if (first === undefined || (reserved && (reserved.has(first) || countOf(first) !== undefined))) return found;
    const resolve = this.options.resolve ?? defaultResolve;
    const end = Math.min(this.tokens.length, i + (this.options.maxPhraseWords ?? this.tokens.length));
    for (let j = i + 1; j <= end; j++) {
      const span = this.tokens.slice(i, j);
      if (span.includes(',') || span.includes('.')) break;
      const phrase = resolve(span);
      if (phrase) found.push([phrase, j]);
    }
    return found;
  }

  /** NP ( , NP )* [conj NP], at least one. */
  private phraseList(i: number, env: Env, name: string, conjunction: string, done: Phrase[], next: Continue): boolean {
    for (const [phrase, j] of this.phrases(i)) {
      const items = [...done, phrase];
      if (next(j, withValue(env, name, items))) return true;
      if (this.tokens[j] === ',' && this.phraseList(j + 1, env, name, conjunction, items, next)) return true;
      if (this.tokens[j] === conjunction && this.phraseList(j + 1, env, name, conjunction, items, next)) return true;
    }
    return false;
  }

  /** ITEM ( SEPARATOR ITEM )*, at least one; each item's captures become one Env tagged `tag`. */
  private itemList(el: Extract<Element, { kind: 'list' }>, i: number, env: Env, done: Env[], next: Continue): boolean {
    if (i > this.furthest) this.furthest = i;
    for (let o = 0; o < el.items.length; o++) {
      const item = el.items[o];
      if (!this.canStart(item.pattern, i, el.firsts?.[o])) continue;
      const stop = this.match(item.pattern, 0, i, withValue(NO_CAPTURES, 'tag', item.tag), (end, captured) => {
        const items = [...done, captured];
        if (!el.greedy && next(end, withValue(env, el.name, items))) return true;
        for (const separator of el.separators) {
          let fits = true;
          for (let k = 0; k < separator.length && fits; k++) fits = this.tokens[end + k] === separator[k];
          if (fits && this.itemList(el, end + separator.length, env, items, next)) return true;
        }
        return el.greedy === true && next(end, withValue(env, el.name, items));
      });
      if (stop) return true;
    }
    return false;
  }
}

/**
 * An environment with one capture more, sharing the captures before it: a pattern's match adds captures one at a time
 * along every path the backtracking tries, and copying a map at each was most of the matcher's time and garbage.
 */
class ChainEnv implements ReadonlyMap<string, Value> {
  private flat?: Map<string, Value>;

  constructor(
    private readonly parent: Env,
    private readonly key: string,
    private readonly value: Value,
  ) {}

  get(key: string): Value | undefined {
    let env: Env = this;
    while (env instanceof ChainEnv) {
      if (env.key === key) return env.value;
      env = env.parent;
    }
    return env.get(key);
  }

  has(key: string): boolean {
    let env: Env = this;
    while (env instanceof ChainEnv) {
      if (env.key === key) return true;
      env = env.parent;
    }
    return env.has(key);
  }

  /** The captures as one map (the latest value of each name), for iteration. */
  private asMap(): Map<string, Value> {
    if (!this.flat) this.flat = new Map(this.parent).set(this.key, this.value);
    return this.flat;
  }

  get size(): number {
    return this.asMap().size;
  }
  forEach(callback: (value: Value, key: string, map: ReadonlyMap<string, Value>) => void): void {
    for (const [key, value] of this.asMap()) callback(value, key, this);
  }
  entries() {
    return this.asMap().entries();
  }
  keys() {
    return this.asMap().keys();
  }
  values() {
    return this.asMap().values();
  }
  [Symbol.iterator]() {
    return this.asMap()[Symbol.iterator]();
  }
}

/** An environment with no captures, which `withValue` extends (an item form's captures start from it). */
const NO_CAPTURES: Env = new Map();

export function withValue(env: Env, name: string, value: Value): Env {
  return new ChainEnv(env, name, value);
}

// ---- productions ---------------------------------------------------------------------------------------------------

/** A sentence form: its pattern and what a match of it means. */
export interface Production<Reading> {
  readonly name: string;
  readonly pattern: Pattern;
  readonly build: (env: Env) => Reading[];
}

export type SentenceResult<Reading> =
  | { readonly ok: true; readonly readings: readonly Reading[]; readonly production: string }
  | { readonly ok: false; readonly reason: string };

/**
 * Reads one sentence: the first production (in order) that matches the whole sentence and whose readings make sense
 * (`nonsense` returns undefined); else why not: the first nonsense found, or where the reading stopped.
 */
export function readSentence<Reading>(
  tokens: readonly string[],
  productions: readonly Production<Reading>[],
  nonsense: (reading: Reading) => string | undefined,
  options: MatcherOptions & { readonly grammar?: string } = {},
): SentenceResult<Reading> {
  let furthest = 0;
  let sense: string | undefined;
  for (const production of productions) {
    const matcher = new Matcher(tokens, options);
    let read: readonly Reading[] | undefined;
    try {
      matcher.match(production.pattern, 0, 0, new Map(), (i, env) => {
        if (i !== tokens.length) return false;
        const readings = production.build(env);
        const problem = readings.map(nonsense).find((p) => p !== undefined);
        if (problem === undefined) read = readings;
        else sense ??= problem;
        return problem === undefined;
      });
      if (read) return { ok: true, readings: read, production: production.name };
    } catch (error) {
      if (!(error instanceof TooLong)) throw error;
      return {
        ok: false,
        reason: `the sentence is too long to read as one request (${tokens.length} words): split it`,
      };
    }
    furthest = Math.max(furthest, matcher.furthest);
  }
  if (sense) return { ok: false, reason: sense };
  const at = tokens.slice(furthest, furthest + 4).join(' ');
  return {
    ok: false,
    reason: `no rule of the ${options.grammar ?? 'grammar'} matches; the reading stopped at "${at || 'the end'}" (a thing the catalog does not know, or a sentence form the grammar lacks)`,
  };
}
