/**
 * The user's feedback after the robot asks whether the task is done (HELPER, paper 001: "You failed to cook a slice of
 * potato. The potato slice needs to be cooked."), read offline. The user says the task is done, or what is still
 * missing, one sentence per unmet goal, in these forms (the benchmark's simulated user speaks them: `phraseUnmet`):
 *
 *   done     := yes ... | ... (task is done|all done) ...
 *   missing  := (the | a | an) THING needs to be STATE
 *             | N more THINGS need(s) to be STATE                     N: a number, or one ... ten
 *   THING    := [ADJECTIVE] noun phrase                               ADJECTIVE: clean, cooked, toasted, sliced, ...
 *   STATE    := clean | cooked | toasted | filled with coffee | filled with water | watered | turned on | turned off
 *             | open | closed | picked up | sliced | boiled | heated | cooled | (in | on) the [ADJECTIVE] noun phrase
 */
import type { Predicate, SubgoalSpec } from '../sim/subgoals.js';
import { resolvePhrase } from './lexicon.js';
import { countOf } from './matcher.js';

/** How each unary predicate is said, as a state the thing "needs to be". */
export const STATE_WORDS: Readonly<Partial<Record<Predicate, string>>> = {
  isClean: 'clean',
  isCooked: 'cooked',
  isFilledWithCoffee: 'filled with coffee',
  isFilledWithWater: 'filled with water',
  isWatered: 'watered',
  isToggledOn: 'turned on',
  isToggledOff: 'turned off',
  isOpen: 'open',
  isClosed: 'closed',
  isPickedUp: 'picked up',
  isSliced: 'sliced',
  isBoiled: 'boiled',
  isHeated: 'heated',
  isCooled: 'cooled',
};

/** Adjectives before a noun, and the qualifier each states. */
const ADJECTIVES: Readonly<Record<string, Predicate>> = {
  clean: 'isClean',
  cooked: 'isCooked',
  toasted: 'isCooked',
  sliced: 'isSliced',
  boiled: 'isBoiled',
  heated: 'isHeated',
  cooled: 'isCooled',
};

const STATE_BY_WORDS = new Map<string, Predicate>([
  ...Object.entries(STATE_WORDS).map(([p, w]) => [w!, p as Predicate] as const),
  ['toasted', 'isCooked'],
  ['rinsed', 'isClean'],
  ['on', 'isToggledOn'],
  ['off', 'isToggledOff'],
]);

export interface FeedbackReading {
  /** The user says the task is done. */
  readonly done: boolean;
  readonly subgoals: SubgoalSpec[];
  /** Sentences not read. */
  readonly unread: string[];
}

/** A noun phrase with its adjectives: the class and the qualifiers. */
function thingOf(text: string): { className: string; qualifiers: Predicate[] } | undefined {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
  const qualifiers: Predicate[] = [];
  while (words.length > 1 && ADJECTIVES[words[0]]) qualifiers.push(ADJECTIVES[words.shift()!]);
  const phrase = resolvePhrase(words);
  return phrase ? { className: phrase.className, qualifiers } : undefined;
}

const MISSING =
  /^(?:(?:the|a|an)\s+(?<one>.+?)\s+needs|(?<n>\w+)\s+more\s+(?<many>.+?)\s+needs?)\s+to\s+be\s+(?<state>.+?)[.!]?$/i;

/** One "needs to be" sentence as a subgoal, or undefined. */
function readMissing(sentence: string): SubgoalSpec | undefined {
  const match = MISSING.exec(sentence.trim());
  if (!match?.groups) return undefined;
  const { one, n, many, state } = match.groups;
  const count = one !== undefined ? 1 : countOf(n.toLowerCase());
  const thing = thingOf(one ?? many);
  if (count === undefined || !thing) return undefined;
  const base = {
    patient: [thing.className],
    ...(thing.qualifiers.length > 0 && { qualifiers: thing.qualifiers }),
    ...(count !== 1 && { count }),
  };
  const place = /^(in|inside|on|onto)\s+(?:the\s+|a\s+|an\s+)?(.+)$/i.exec(state.trim());
  const unary = STATE_BY_WORDS.get(state.trim().toLowerCase());
  if (unary) return { ...base, predicate: unary };
  if (!place) return undefined;
  const destination = thingOf(place[2]);
  if (!destination) return undefined;
  return {
    ...base,
    predicate: 'isPlacedTo',
    destination: [destination.className],
    ...(destination.qualifiers.length > 0 && { destinationQualifiers: destination.qualifiers }),
  };
}

/** Reads the user's answer (see the module comment). */
export function readFeedback(text: string): FeedbackReading {
  const sentences = text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const subgoals: SubgoalSpec[] = [];
  const unread: string[] = [];
  let done = false;
  for (const sentence of sentences) {
    if (/^(yes\b|.*\b(task is done|all done)\b)/i.test(sentence)) {
      done = true;
      continue;
    }
    if (/^(no\b|not yet\b)/i.test(sentence) && !/needs? to be/i.test(sentence)) continue;
    const spec = readMissing(sentence);
    if (spec) subgoals.push(spec);
    else unread.push(sentence);
  }
  return { done: done && subgoals.length === 0, subgoals, unread };
}
