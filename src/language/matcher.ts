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
  | { readonly kind: 'words'; readonly alternatives: readonly (readonly string[])[] }
  | { readonly kind: 'optional'; readonly pattern: Pattern; readonly lazy?: boolean }
  | { readonly kind: 'np'; readonly name: string }
  | { readonly kind: 'nplist'; readonly name: string; readonly conjunction: string }
  | { readonly kind: 'pick'; readonly name: string; readonly words: Readonly<Record<string, string>> }
  | { readonly kind: 'number'; readonly name: string }
  | { readonly kind: 'alt'; readonly name: string; readonly options: readonly Tagged[] }
  | {
      readonly kind: 'list';
      readonly name: string;
      readonly items: readonly Tagged[];
      /** Token sequences that may join two items (default `,` and `and`). */
      readonly separators: readonly (readonly string[])[];
      /** Longest lists first ("the wine glass and the juice" before "the wine glass"); shortest first by default. */
      readonly greedy?: boolean;
    };
export type Pattern = readonly Element[];
/** An alternative of an `alt` element or an item form of a `list` element, with the tag its matches carry. */
export interface Tagged {
  readonly tag: string;
  readonly pattern: Pattern;
}

const alternativesOf = (text: string) => text.split('|').map((a) => a.trim().split(/\s+/));

export const words = (alternatives: string): Element => ({ kind: 'words', alternatives: alternativesOf(alternatives) });
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
export const alt = (name: string, options: Tagged[]): Element => ({ kind: 'alt', name, options });
export const list = (name: string, items: Tagged[], separators = ', | and', greedy = false): Element => ({
  kind: 'list',
  name,
  items,
  separators: alternativesOf(separators),
  ...(greedy && { greedy }),
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

/** A matcher state: position and captures. */
export interface Match {
  readonly i: number;
  readonly env: Env;
}

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

  constructor(
    private readonly tokens: readonly string[],
    private readonly options: MatcherOptions = {},
  ) {}

  *pattern(pattern: Pattern, k: number, i: number, env: Env): Generator<Match> {
    if (i > this.furthest) this.furthest = i;
    if (++this.steps > (this.options.maxSteps ?? Number.POSITIVE_INFINITY)) throw new TooLong();
    if (k === pattern.length) {
      yield { i, env };
      return;
    }
    for (const next of this.element(pattern[k], i, env)) yield* this.pattern(pattern, k + 1, next.i, next.env);
  }

  private *element(el: Element, i: number, env: Env): Generator<Match> {
    const tokens = this.tokens;
    switch (el.kind) {
      case 'words':
        for (const alt of el.alternatives) {
          if (alt.every((w, j) => tokens[i + j] === w)) yield { i: i + alt.length, env };
        }
        return;
      case 'optional':
        if (el.lazy) yield { i, env };
        yield* this.pattern(el.pattern, 0, i, env);
        if (!el.lazy) yield { i, env };
        return;
      case 'pick': {
        const value = tokens[i] === undefined ? undefined : el.words[tokens[i]];
        if (value !== undefined) yield { i: i + 1, env: withValue(env, el.name, value) };
        return;
      }
      case 'number': {
        const value = countOf(tokens[i]);
        if (value !== undefined) yield { i: i + 1, env: withValue(env, el.name, value) };
        return;
      }
      case 'alt':
        for (const option of el.options) {
          for (const m of this.pattern(option.pattern, 0, i, withValue(env, el.name, option.tag))) yield m;
        }
        return;
      case 'np':
        for (const [phrase, j] of this.phrases(i)) yield { i: j, env: withValue(env, el.name, phrase) };
        return;
      case 'nplist':
        yield* this.phraseList(i, env, el.name, el.conjunction, []);
        return;
      case 'list':
        yield* this.itemList(el, i, env, []);
        return;
    }
  }

  /**
   * Noun phrases starting at i, shortest first: each resolved span and the position after it. A span that ends in
   * "in the ROOM" is the phrase before it qualified by the room ("the bookshelf in the bedroom"); such a span is not
   * read whole, so a description cannot swallow the room's name.
   */
  private *phrases(i: number): Generator<[Phrase, number]> {
    let found = this.phraseCache.get(i);
    if (!found) {
      found = this.phrasesAt(i);
      this.phraseCache.set(i, found);
    }
    yield* found;
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
  private *phraseList(i: number, env: Env, name: string, conjunction: string, done: Phrase[]): Generator<Match> {
    for (const [phrase, j] of this.phrases(i)) {
      const items = [...done, phrase];
      yield { i: j, env: withValue(env, name, items) };
      if (this.tokens[j] === ',') yield* this.phraseList(j + 1, env, name, conjunction, items);
      if (this.tokens[j] === conjunction) yield* this.phraseList(j + 1, env, name, conjunction, items);
    }
  }

  /** ITEM ( SEPARATOR ITEM )*, at least one; each item's captures become one Env tagged `tag`. */
  private *itemList(el: Extract<Element, { kind: 'list' }>, i: number, env: Env, done: Env[]): Generator<Match> {
    for (const item of el.items) {
      for (const m of this.pattern(item.pattern, 0, i, new Map([['tag', item.tag]]))) {
        const items = [...done, m.env];
        if (!el.greedy) yield { i: m.i, env: withValue(env, el.name, items) };
        for (const separator of el.separators) {
          if (separator.every((w, k) => this.tokens[m.i + k] === w)) {
            yield* this.itemList(el, m.i + separator.length, env, items);
          }
        }
        if (el.greedy) yield { i: m.i, env: withValue(env, el.name, items) };
      }
    }
  }
}

export function withValue(env: Env, name: string, value: Value): Env {
  return new Map(env).set(name, value);
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
    try {
      for (const m of matcher.pattern(production.pattern, 0, 0, new Map())) {
        if (m.i !== tokens.length) continue;
        const readings = production.build(m.env);
        const problem = readings.map(nonsense).find((p) => p !== undefined);
        if (problem === undefined) return { ok: true, readings, production: production.name };
        sense ??= problem;
      }
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
