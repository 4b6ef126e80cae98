/**
 * What a Commander says in a real dialogue besides requests (TEACh's games: a person walks the robot, the Driver,
 * through a task), read by form, never by sentence (`dialogue.ts` sets each aside, with a reason):
 *
 *   small talk   every word a word of greeting, thanks, praise, agreement or of the task being done ("hi", "good job",
 *                "great, all done, thank you", "the task is complete", "not yet", "we're done for today")
 *   question     the Commander's own question ("are you there?", "did you turn it on", "any help?")
 *   location     where a thing is, said in any of the ways people say it: "the knife is next to the sink", "tomato in
 *                the sink", "there is a clean plate in the top of the fridge", "you can find the mug by the coffee
 *                maker", "it's somewhere on the kitchen island", "the other one is on the single chair", a place alone
 *                ("in the fridge", "under that cushion", "top shelf", "the cabinet under the coffee machine"): a hint
 *                where its thing and host are catalog names, set aside either way
 *   step         how to go about it: looking and moving ("tilt down to see inside the bin", "step left", "look around"),
 *                trying ("try an end piece of bread"), setting a thing down for a moment ("place the pot on the floor",
 *                "keep it aside"), a thing said alone ("take that", "that one")
 *
 * None of them is a goal. A location names a thing with no count and no slice ("tomato in the sink"); "1 slice of toast
 * on it" and "2 slices in that bowl" are requests said short, never locations.
 */
import { catalogClass } from '../sim/catalog/index.js';
import { countOf } from './matcher.js';
import { tokens } from './normalize.js';
import { resolveNoun } from './nouns.js';

/** A place the user says a thing is at: the class, the host class, and the relation ("in" or "on"). */
export interface LocationHint {
  readonly className: string;
  readonly host: string;
  readonly relation: 'IN' | 'ON' | 'NEAR';
}

/** Words of small talk: greeting, thanks, praise, agreement, the task done or not yet (a sentence of these alone). */
const SMALL_TALK_WORDS = new Set(
  (
    'hi hello hey heya hiya yo greetings morning afternoon evening good great nice perfect awesome excellent fantastic ' +
    'wonderful amazing brilliant superb cool ok okay alright right yes yeah yep yup no nope nah sure fine thanks thank ' +
    'thankyou thx ty cheers ta you job work well done finished complete completed over task tasks it that is are was were we ' +
    'all everything set for today now so much very really again lol haha bye goodbye see later oh wow and the this ' +
    'one ones you are we have has been not yet there go correct exactly indeed absolutely totally kind appreciated ' +
    'appreciate nicely good-job thats its im am i a an of to too as just almost nearly close getting doing'
  ).split(' '),
);
/** Words of small talk that say something on their own; a sentence of only the others ("it is", "for the") is none. */
const SMALL_TALK_CORE = new Set(
  (
    'hi hello hey heya hiya yo greetings morning afternoon evening good great nice perfect awesome excellent fantastic ' +
    'wonderful amazing brilliant superb cool ok okay alright yes yeah yep yup no nope nah sure fine thanks thank ' +
    'thankyou thx ty cheers ta done finished complete completed bye goodbye correct exactly lol haha wow yet'
  ).split(' '),
);

/** The words of a sentence as small talk sees them: lower case, no punctuation, "that's" as "thats". */
function plainWords(sentence: string): string[] {
  return sentence
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '');
}

/** "hi", "good job!", "great, all done, thank you", "the task is complete", "not yet", "that's all for today". */
export function isSmallTalk(sentence: string): boolean {
  const words = plainWords(sentence);
  if (words.length === 0) return true;
  return words.every((w) => SMALL_TALK_WORDS.has(w)) && words.some((w) => SMALL_TALK_CORE.has(w));
}

/** A question the Commander asks the Driver ("are you there?", "did you turn it on", "any help?", "what's blue there"). */
export function isQuestion(sentence: string): boolean {
  const t = sentence.trim().toLowerCase();
  if (/\?\s*[.!]*$/.test(t)) return true;
  return /^(?:did|do|does|are|is|was|were|have|has|how|what|what's|whats|why|who|which|where|any|anything|shall|should i)\b/.test(
    t,
  );
}

/** Prepositions of place, longest first, and the relation a hint records. */
const PLACE_WORDS: readonly (readonly [string, LocationHint['relation']])[] = [
  ['in the top of', 'IN'],
  ['in the bottom of', 'IN'],
  ['on top of', 'ON'],
  ['on the top of', 'ON'],
  ['inside of', 'IN'],
  ['in front of', 'NEAR'],
  ['to the left of', 'NEAR'],
  ['to the right of', 'NEAR'],
  ['on the left of', 'NEAR'],
  ['on the right of', 'NEAR'],
  ['at the back of', 'NEAR'],
  ['left of', 'NEAR'],
  ['right of', 'NEAR'],
  ['next to', 'NEAR'],
  ['close to', 'NEAR'],
  ['in between', 'NEAR'],
  ['inside', 'IN'],
  ['in', 'IN'],
  ['into', 'IN'],
  ['within', 'IN'],
  ['on', 'ON'],
  ['onto', 'ON'],
  ['atop', 'ON'],
  ['at', 'NEAR'],
  ['near', 'NEAR'],
  ['by', 'NEAR'],
  ['beside', 'NEAR'],
  ['besides', 'NEAR'],
  ['behind', 'NEAR'],
  ['under', 'NEAR'],
  ['underneath', 'NEAR'],
  ['below', 'NEAR'],
  ['beneath', 'NEAR'],
  ['above', 'NEAR'],
  ['over', 'NEAR'],
  ['between', 'NEAR'],
  ['across', 'NEAR'],
  ['around', 'NEAR'],
  ['of', 'NEAR'],
];

/** The place words by their first word, longest first. */
const PLACE_INDEX = new Map<string, { parts: readonly string[]; relation: LocationHint['relation'] }[]>();
for (const [said, relation] of PLACE_WORDS) {
  const parts = said.split(' ');
  PLACE_INDEX.set(parts[0], [...(PLACE_INDEX.get(parts[0]) ?? []), { parts, relation }]);
}

/** The place word at `at` ("next to", "in"), and where it ends. */
function placeWordAt(
  words: readonly string[],
  at: number,
): { relation: LocationHint['relation']; end: number } | undefined {
  for (const { parts, relation } of PLACE_INDEX.get(words[at] ?? '') ?? []) {
    if (parts.every((w, k) => words[at + k] === w)) return { relation, end: at + parts.length };
  }
  return undefined;
}

/** Words between a thing and where it is ("is", "can be found", "is probably", "should be", "located"). */
const LINKS = new Set(
  (
    'is are was were located kept sitting lying also probably somewhere already still just right maybe perhaps likely ' +
    'over there here all both'
  ).split(' '),
);
/** "can be found", "could be found": a link of three words, at `k`. */
const FOUND_MODALS = new Set(['can', 'could', 'should', 'might', 'may', 'will']);
const foundAt = (words: readonly string[], k: number) =>
  FOUND_MODALS.has(words[k]) && words[k + 1] === 'be' && words[k + 2] === 'found';
/** Adjectives before a thing in a location ("a clean plate", "the dirty pot", "the other one"). */
const THING_WORDS = new Set(
  'the a an some one another other first second third last dirty clean fresh whole small big large little'.split(' '),
);

/** The class of the first catalog name in `words` from `from` on (a host said with more: "the bottom cabinet of ..."). */
function firstNamed(words: readonly string[], from: number): string | undefined {
  for (let i = from; i < Math.min(words.length, from + 4); i++) {
    for (let j = Math.min(words.length, i + 3); j > i; j--) {
      const noun = resolveNoun(words.slice(i, j));
      if (noun?.by === 'name' && noun.classes.length === 1) return noun.classes[0];
    }
  }
  return undefined;
}

/** Whether a class is a thing one names where it is (no room, no floor, no wall). */
const isThing = (className: string) => catalogClass(className) !== undefined;

/**
 * A sentence saying where a thing is, in any of the forms of the module comment: the hints it gives (none where its
 * thing or host is no catalog name), or undefined when it is no location. `asked`: the thing a pronoun or a place said
 * alone is about (the Driver's question, or the thing named last).
 */
export function readLocation(sentence: string, asked: string | undefined): LocationHint[] | undefined {
  const words = tokens(sentence).filter((t) => t !== '.' && t !== ',' && t !== '!' && t !== '?');
  // "please" asks for something: "the remotes on the sofa, please" is a request said short
  if (words.length === 0 || words.includes('please')) return undefined;
  let i = 0;
  // "looks like it's in the sink", "I think it's on the shelf", "sorry, above that one"
  while (
    /^(?:looks|look|like|i|think|guess|believe|sorry|oops|no|not|yes|ok|okay|and|also|maybe|so|then|oh)$/.test(
      words[i] ?? '',
    )
  )
    i++;
  // "you can find the mug in ...", "you will find it on ..."
  if (
    words[i] === 'you' &&
    /^(?:can|could|will|should|may|might)$/.test(words[i + 1] ?? '') &&
    /^(?:find|see|get)$/.test(words[i + 2] ?? '')
  )
    i += 3;
  // "there is (also) a clean plate in ..."
  else if (words[i] === 'there' && /^(?:is|are|was)$/.test(words[i + 1] ?? '')) i += 2;
  // a place alone: "in the fridge", "under that cushion", "to your left"
  const alone = placeWordAt(words, i);
  if (alone) {
    if (words[i] === 'of' && i === 0) return [];
    const host = firstNamed(words, alone.end);
    return asked && host ? [{ className: asked, host, relation: alone.relation }] : [];
  }
  // the thing: a pronoun, or words up to the first link or place word
  const start = i;
  const pronoun = /^(?:it|its|they|them|one|that|this|these|those)$/.test(words[i] ?? '');
  if (pronoun) i++;
  else {
    while (i < words.length && THING_WORDS.has(words[i])) i++;
    // a count or a slice is a request said short ("1 slice of toast on it", "2 slices in that bowl")
    if (countOf(words[start]) !== undefined && words[start] !== 'one') return undefined;
    if (words.slice(start, start + 4).some((w) => /^(?:slice|slices|piece|pieces)$/.test(w))) return undefined;
  }
  const nounStart = i;
  while (i < words.length && !LINKS.has(words[i]) && !placeWordAt(words, i) && !foundAt(words, i)) i++;
  const thingWords = words.slice(nounStart, i);
  if (foundAt(words, i)) i += 3;
  while (i < words.length && LINKS.has(words[i])) i++;
  const linked = i > nounStart + thingWords.length;
  const place = placeWordAt(words, i);
  // "potato is the sink": a link and a host with the place word left out, where the host holds things
  const elided = !place && linked && /^(?:the|a)$/.test(words[i] ?? '') ? firstNamed(words, i + 1) : undefined;
  if (!place && !(elided && catalogClass(elided)?.properties.some((p) => p === 'CONTAINERS' || p === 'SURFACES')))
    return undefined;
  // the thing must be named as a thing ("the plate", "tomato and knife", "one"), never after a request's verb ("place
  // it on ...", "put the newspaper on the sofa")
  if (!pronoun && thingWords.length === 0 && start === nounStart) return undefined;
  const named = thingWords.length === 0 ? [] : splitAnd(thingWords).map((w) => resolveNoun(w));
  if (named.some((n) => n === undefined)) return undefined;
  const className =
    pronoun || named.length === 0 ? asked : named[0]!.classes.length === 1 ? named[0]!.classes[0] : undefined;
  const host = elided ?? (place ? firstNamed(words, place.end) : undefined);
  if (!className || !host || !isThing(className) || className === host) return [];
  return [{ className, host, relation: place?.relation ?? 'IN' }];
}

/** "tomato and knife" as its things. */
function splitAnd(words: readonly string[]): string[][] {
  const out: string[][] = [[]];
  for (const w of words) {
    if (w === 'and' || w === '&') out.push([]);
    else out.at(-1)!.push(w);
  }
  return out.filter((part) => part.length > 0);
}
