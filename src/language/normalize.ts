/**
 * The goal reader's normalisation pass: a request's sentence as people say it, brought to the few forms the clause
 * grammar (`tasks.ts`) reads, with a note of what was set aside. It never adds meaning; it removes what carries none
 * for the goal and spells the rest one way:
 *
 * - tokens: lower case; `,` and `.` are tokens; `?`, `!` and `;` end a sentence (`sentenceTexts`);
 * - contractions expanded: I'd -> i would, let's -> let us, won't -> will not, can't -> can not, it's -> it is, ...;
 * - framing and politeness removed at the start ("please", "could you", "I need you to", "go ahead and", "let us",
 *   "would you mind" + a gerund, which becomes the verb's base form), at the end ("please", "for me", "thanks",
 *   "would you?", "when you get a chance") and anywhere ("please", "kindly", manner adverbs such as "carefully");
 * - number words: "a couple of" and "a pair of" -> 2, "a dozen" -> 12, "half a dozen" -> 6; "both the X and the Y" ->
 *   "the X and the Y", "both X" -> "2 X", "both of them" -> "them"; "all of the X", "each of the X", "every one of
 *   the X" -> "all the X"; "two of the apples" -> "2 apples".
 *
 * What it removes is kept in `framing` (shown by `hearth read`); a sentence that is only framing is empty.
 */
import { resolveNoun } from './nouns.js';

/** A sentence after normalisation: its tokens and the framing words set aside. */
export interface NormalizedSentence {
  readonly tokens: readonly string[];
  readonly framing: readonly string[];
}

/** The sentences of a text as written (split after `.`, `?`, `!` and `;`), trimmed, empty ones left out. */
export function sentenceTexts(text: string): string[] {
  return text
    .split(/(?<=[.!?;])\s+|(?<=[.!?;])$/)
    .map((s) => s.trim())
    .filter((s) => s !== '' && !/^[.!?;,\s]+$/.test(s));
}

const CONTRACTIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bwon't\b/g, 'will not'],
  [/\bcan't\b/g, 'can not'],
  [/\bcannot\b/g, 'can not'],
  [/\bshan't\b/g, 'shall not'],
  [/\blet's\b/g, 'let us'],
  [/n't\b/g, ' not'],
  [/\b(i|you|we|they|he|she|it|that|there|who)'d\b/g, '$1 would'],
  [/\b(i|you|we|they|he|she|it|that|there)'ll\b/g, '$1 will'],
  [/\bi'm\b/g, 'i am'],
  [/\b(you|we|they|there|who|what)'re\b/g, '$1 are'],
  [/\b(i|you|we|they|would|could|should|must)'ve\b/g, '$1 have'],
  [
    /\b(it|that|there|here|what|where|who|he|she|everything|something|nothing|nobody|somebody|someone|everyone|everybody|this)'s\b/g,
    '$1 is',
  ],
];

/** Words after a noun's 's that begin what is said of the thing ("the TV's too loud", "the counter's a mess"). */
const IS_AFTER = new Set(
  (
    'a an the too so very really still already all way quite pretty completely totally almost nearly now not never ' +
    'always far much bit on off open shut in out under over at by near next behind inside here there'
  ).split(' '),
);

/**
 * What a noun's 's is before `next` (and the word after it): "has" before a past participle ("the milk's been out"),
 * "is" before what is said of the thing ("the fruit's going to go bad", "the counter's a mess", "the radio's far too
 * loud", "the mug's dirty"), undefined for a possessive: a noun follows within two words ("the bedroom's lights", "the
 * microwave's door", "the kitchen's dirty plates").
 */
function nounApostropheS(next: string, after: string | undefined): 'is' | 'has' | undefined {
  if (/^(?:been|gone|got|had)$/.test(next)) return 'has';
  if (IS_AFTER.has(next)) return 'is';
  const noun =
    resolveNoun([next]) !== undefined ||
    (after !== undefined && (resolveNoun([next, after]) !== undefined || resolveNoun([after]) !== undefined));
  return noun ? undefined : 'is';
}

/** Lower-case tokens with contractions expanded; `,` and `.` are tokens, other punctuation is dropped. */
export function tokens(text: string): string[] {
  if (!tokenized) return tokensUncached(text);
  let known = tokenized.get(text);
  if (!known) {
    known = tokensUncached(text);
    tokenized.set(text, known);
  }
  // a copy: callers take the list as their own
  return [...known];
}

function tokensUncached(text: string): string[] {
  let s = text.toLowerCase().replace(/[’‘`]/g, "'");
  for (const [pattern, replacement] of CONTRACTIONS) s = s.replace(pattern, replacement);
  // "two CD's": a plural written with an apostrophe after a number
  s = s.replace(/\b(\d+|two|three|four|five|six|seven|eight|nine|ten|both|several|some) ([a-z]+)'s\b/g, '$1 $2s');
  s = s.replace(/\b([a-z]+)'s(?= ([a-z]+)(?: ([a-z]+))?)/g, (_, noun: string, next: string, after?: string) => {
    const verb = nounApostropheS(next, after);
    return verb ? `${noun} ${verb}` : `${noun}'s`;
  });
  return (
    s
      .replace(/slice\(s\)/g, 'slices')
      // a possessive: "the bedroom's lights" -> "the bedroom lights", "the fridge's door" -> "the fridge door"
      .replace(/\b([a-z]+)'s\b/g, '$1')
      // a plural's: "the kids' breakfast"
      .replace(/\b([a-z]+s)'(?=\s|$)/g, '$1')
      // a dash between words is a pause, as a comma is ("coffee, please - use a clean mug")
      .replace(/\s*[–—]\s*|\s+-+\s+/g, ' , ')
      .replace(/([,.;:!?"()])/g, ' $1 ')
      .split(/\s+/)
      .filter((w) => w !== '' && !/^[;:!?"()]$/.test(w))
  );
}

const phrases = (list: string) => list.split('|').map((p) => p.trim().split(/\s+/));

/** Framing at the start of a request, longest first when tried (see the module comment). */
const PREFIXES = phrases(
  'please|kindly|ok|okay|so|alright|all right|hey|hey robot|robot|oh|and|also|just|now|next|then|and then|finally|lastly|' +
    'hi|hello|hi there|thanks|great|good|yes|sure|today|tonight|this morning|this evening|for today|' +
    'after that|right|well|first|first of all|to start|could you|can you|would you|will you|could you please|' +
    'can you please|would you please|will you please|could you kindly|would you kindly|could you maybe|can you maybe|' +
    'maybe you could|perhaps you could|i need you to|i want you to|i would like you to|i would love you to|' +
    'i would like for you to|i would love for you to|i would appreciate it if you could|i would appreciate it if you would|' +
    'it would be great if you could|it would be nice if you could|it would be great if you would|' +
    'would it be possible to|would you be able to|are you able to|could you be so kind as to|would you be so kind as to|' +
    'be a dear and|go ahead and|go and|you need to|you should|you must|you can|you could|you have to|you will|' +
    'we need to|we should|we have to|we must|let us|your task is to|your job is to|the task is to|the job is to|' +
    'your next task is to|the next task is to|time to|it is time to|try to|remember to|do not forget to|make sure to|' +
    'be sure to|help me|can you help me|could you help me|please help me|i need help to|go|quickly|quick|carefully|' +
    'i think|i guess|i believe|i suppose|maybe|perhaps|any chance you could|is there any chance you could|' +
    'would you be willing to|do me a favour and|do me a favor and|i would appreciate it if you|' +
    'i would appreciate it if you could|it would be great if you|it would be nice if you|it would help if you could|' +
    'it would help if you|if you could|if you would|would you kindly|please could you|please can you|please would you|' +
    // a suggestion ("shall we make a salad?") and what the robot is to have done first ("once you have put ...,")
    'shall we|should we|why do not we|why not|how about we|can we|could we|we could|let us go ahead and|' +
    'once you have|once you|after you have|as soon as you have|as soon as you|' +
    'i would appreciate it|it would be great|it would be nice|it would help|i would like it|i would love it|' +
    'be a star and|be an angel and|be a love and|be a sweetheart and|be a good robot and|do me a favour,|' +
    'do me a favor,|' +
    // round four: discourse markers and impatience ("Come on, just ...", "Right, ...", "Okay so ..."), markers that
    // are also verbs only before their comma ("look, ...", not "look for ...")
    'come on|oh come on|come on now|look ,|listen ,|anyway|anyways|honestly|seriously|basically|right then|' +
    'alright then|all right then|okay then|ok then|well then|now then|so then|so yeah|yeah|yep|um|uh|er|erm|ah|' +
    'oh and|and oh|gosh|hiya|hey there|go on then|go on ,|for heaven is sake|oh for heaven is sake|for goodness sake|' +
    'oh for goodness sake|for goodness is sake|for crying out loud|for pete is sake|oi|sheesh|jeez|geez|gee|ugh|blimey|crikey|welp|phew|hmm|' +
    'darling|sweetheart|honey|dude|bro|boss|chef|sir|madam|ma am|sorry to bother you|sorry to bother you but|sorry to bother you , but|' +
    'excuse me|excuse me but|excuse me , but|sorry to be a pain|sorry to be a pain , but|' +
    'do us a favour and|do us a favor and|do us a favour,|do us a favor,|' +
    // softeners and conditions on the speaker's convenience, never on the world
    'could you possibly|can you possibly|would you possibly|if it is no trouble|if it is not too much trouble|' +
    'if you do not mind|if you would not mind|if possible|when you get a chance|when you can|if you get a chance|' +
    'when you get a moment|when you have a moment|when you get a minute|when you have a minute|' +
    // "make sure you use a clean mug": a request's verb follows (a state follows "make sure" alone)
    'make sure you|be sure you|make sure that you|please make sure you|just go ahead and|' +
    // a task said as its purpose, as ALFRED's crowd writes them ("To cool a tomato and place it in the bin.")
    'to|in order to|the goal is to|goal is to|task is to|you are to|we are to|' +
    // TEACh's Commanders setting the task: "today we shall clean all the mugs", "we will need to turn the stove on",
    // "you are going to serve the slices in a bowl", "just need you to clean a dirty mug"
    'we shall|you shall|we will|we will need to|you will need to|we are going to|you are going to|we are gonna|' +
    'you are gonna|we gotta|you gotta|need you to|we need you to|i just need you to|our task is to|our job is to|' +
    'your first task is to|the first task is to|the first thing is to|first thing|to begin|to begin with|' +
    'let us start by|let us start with|start by|we can start by|you can start by|next we will|next you will|' +
    'after that we will|then we will|and now|okay so|ok so|oops|sorry|oops sorry|okay now|ok now|great now|good now|' +
    'nice now|cool now|awesome now|perfect now|now we need to|now we have to|now you need to|now we will|' +
    // the speaker's wish to have it done: "today I'd like to clean my plates"; "I meant" before the request said again
    'i would like to|we would like to|i want to|i meant|i mean|i meant to say|what i meant was',
);
/** Framing that a gerund follows ("would you mind putting ..."): removed, and the gerund made the verb's base form. */
const GERUND_PREFIXES = phrases(
  // TEACh's "today we're watering the plant", "we'll be making a salad": the task said as what is being done
  'we are|we will be|today we are|today we will be|you will be|today you will be|we are going to be|' +
    'would you mind|do you mind|would you mind maybe|how about|what about|how about you|start|try|consider|' +
    'i would appreciate|mind|i would appreciate you|could you try|can you try|would you mind terribly|' +
    'would you mind awfully|do you mind terribly',
);
const SUFFIXES = phrases(
  'please|for me|for us|thanks|thank you|thank you very much|thanks a lot|if you can|if you could|if you would|' +
    'if you do not mind|if possible|when you get a chance|when you get the chance|when you can|when you have a moment|' +
    'when you have time|right away|right now|now|first|asap|as soon as possible|quickly|' +
    'would you|will you|could you|can you|will not you|would not you|ok|okay|too|as well|also|then|again|real quick|' +
    'would be nice|would be great|would be lovely|would be perfect|would be good|would be appreciated|' +
    'for now|when you are free|if that is ok|if that is okay|if you have a moment|' +
    // "wash the plates, all of them": the plural already says every one
    'all of them|every one of them|each of them|each one of them|every single one of them|all of it|instead|' +
    // "put the toothbrush back in the cabinet where it belongs": the host already says where
    'where it belongs|where they belong|where it goes|where they go|where it should be|where they should be|' +
    'where it lives|where they live|' +
    // when, said of the robot's own work or its leaving: no condition on the world
    'when you are done|when you are finished|when you have finished|once you are done|once you have finished|' +
    'before you leave|before you go|before you head out|on your way out|when you leave|when you go|' +
    // a time that is no condition: "we're making toast today"
    'today|tonight|this morning|this afternoon|this evening|' +
    // round four: impatience, thanks and tags ("..., already", "..., would ya?", "thanks a million")
    'already|for once|at last|pronto|chop chop|on the double|straight away|straightaway|this instant|' +
    'will ya|would ya|could ya|can ya|thanks a million|thanks so much|thank you so much|thanks a bunch|' +
    'thank you kindly|many thanks|much appreciated|it would be much appreciated|that would be much appreciated|' +
    'would be much appreciated|pretty please|there is a good robot|that is a good robot|if you please|' +
    // the speaker's time and convenience, never a condition on the world ("..., no rush", "at some point")
    'at some point|at some stage|sometime|sometime today|whenever|whenever you can|whenever you are ready|' +
    'whenever you get a chance|whenever you have a moment|in your own time|later|later on|in a bit|in a minute|' +
    'in a moment|shortly|soon|when you get a sec|when you get a second|when you get a minute|when you have a sec|' +
    'when you have a second|when you have a minute|when you have got a sec|when you have got a second|' +
    'when you have got a minute|when you have got a moment|no rush|no hurry|there is no rush|there is no hurry|' +
    'no rush though|no hurry though|if you get a chance|if you get the chance|if you have a chance|' +
    'if you have time|if you have the time|if that is alright|if that is all right|if that is fine|if that works|' +
    'if that is not too much trouble|if it is not too much trouble|if it is no trouble|if you would not mind|' +
    // after a comma only (see AFTER_COMMA): tags and vocatives that are words of their own elsewhere
    'right|yeah|alright|all right|though|mate|buddy|pal|friend|my friend|dear|love|robot|ta|cheers|go on|darling|' +
    'sweetheart|honey|dude|bro|boss|chef|sir|madam|if you would be so kind|if you would be so good|' +
    'would you be so kind|if you would not mind|shall we|cheers mate|thanks mate|ta mate|cheers love|thanks love|' +
    'thanks buddy|thanks pal|cheers buddy|thank you sir|thanks dear|thanks boss|cheers boss|' +
    // an order of steps the request's own verb already says ("toast after slicing": the bread is sliced first anyway)
    'after slicing|after slice|after slicing it|after you slice it|after you slice|after you have sliced it|' +
    // the way to it, said after ("slice the bread after you grab the knife"): the knife is the slicing's anyway
    'after you grab the knife|after you get the knife|after you find the knife|after you pick up the knife|' +
    'after grabbing the knife|with the knife|using the knife|with a knife|using a knife|' +
    // the order of a dialogue's steps, and the task said to end with it ("slice bread next", "place the slices in the
    // bowl and we're done"): no goal of their own
    'next|after that|and we are done|and we are finished|and you are done|and you are finished|and that is it|' +
    'and then we are done|and then you are done|then we are done|then you are done|then you are finished|' +
    'and we are all done|and you are all done|and the task is done|and the task is complete',
);
/** Words that carry nothing for the goal wherever they stand (politeness, manner adverbs). */
const ANYWHERE = new Set([
  'please',
  'kindly',
  'carefully',
  'gently',
  'quickly',
  'slowly',
  'neatly',
  'properly',
  'immediately',
  'promptly',
  'quietly',
  'safely',
  'nicely',
  'just',
  'also',
  'really',
  'exactly',
  'precisely',
  // round four: softeners and degree adverbs that say how much of a state, never which state ("could you possibly",
  // "completely empty", "freshly made")
  'possibly',
  'already',
  'completely',
  'totally',
  'entirely',
  'fully',
  'thoroughly',
  'freshly',
]);
const ANYWHERE_PHRASES = phrases('for me|for us');

/** Words after "go" that make it the clause's verb. */
const GOING = new Set(['to', 'over', 'up', 'near', 'into', 'in', 'round', 'around', 'through']);

/** Suffixes that repeat the object, set aside only after a comma. */
const AFTER_COMMA = new Set([
  'right',
  'yeah',
  'alright',
  'all right',
  'though',
  'mate',
  'buddy',
  'pal',
  'friend',
  'my friend',
  'dear',
  'love',
  'robot',
  'ta',
  'cheers',
  'go on',
  'darling',
  'sweetheart',
  'honey',
  'dude',
  'bro',
  'boss',
  'chef',
  'sir',
  'madam',
  'all of them',
  'every one of them',
  'each of them',
  'each one of them',
  'every single one of them',
  'all of it',
]);

const startsWith = (list: readonly string[], at: number, phrase: readonly string[]) =>
  phrase.every((w, k) => list[at + k] === w);
const longestFirst = (list: string[][]) => [...list].sort((a, b) => b.length - a.length);
/** Phrases by the word they begin (or end) with, longest first: only those can match at a place whose word it is. */
function byWord(list: string[][], at: (phrase: readonly string[]) => string): ReadonlyMap<string, string[][]> {
  const index = new Map<string, string[][]>();
  for (const phrase of longestFirst(list)) index.set(at(phrase), [...(index.get(at(phrase)) ?? []), phrase]);
  return index;
}
const PREFIXES_BY_FIRST = byWord(PREFIXES, (p) => p[0]);
const GERUND_BY_FIRST = byWord(GERUND_PREFIXES, (p) => p[0]);
const SUFFIXES_BY_LAST = byWord(SUFFIXES, (p) => p[p.length - 1]);
const NONE: readonly string[][] = [];

/**
 * Base forms of the verbs the grammar reads, from their -ing forms (hearth's own list; `baseOfGerund('putting')` is
 * `put`). A gerund of another verb is left as it is.
 */
const GERUND_VERBS =
  'put place set lay leave store stash stow keep move bring take carry return drop toss throw pop stick get grab fetch ' +
  'find pick hand give pass switch turn flip power shut kill open close clean wash rinse scrub wipe heat cook warm ' +
  'microwave toast bake reheat water make prepare fix brew serve use empty clear remove tidy chill refrigerate fill ' +
  'pour arrange load transfer hang shift do look search hunt track seek locate gather collect hold examine inspect ' +
  'cut slice chop cool view boil';
const GERUNDS = new Map<string, string>();
for (const verb of GERUND_VERBS.split(' ')) {
  const stem = verb.endsWith('e') && !verb.endsWith('ee') ? verb.slice(0, -1) : verb;
  GERUNDS.set(`${stem}ing`, verb);
  // put -> putting, set -> setting, shut -> shutting, stop -> stopping: a doubled final consonant
  if (/[^aeiou][aeiou][bdgmnprt]$/.test(verb)) GERUNDS.set(`${verb}${verb.at(-1)}ing`, verb);
}
export function baseOfGerund(word: string): string | undefined {
  return GERUNDS.get(word);
}

/** Past forms of the same verbs ("I'd appreciate it if you turned off the TV"), regular and irregular. */
const PAST = new Map<string, string>(
  Object.entries({
    made: 'make',
    put: 'put',
    set: 'set',
    brought: 'bring',
    took: 'take',
    gave: 'give',
    got: 'get',
    left: 'leave',
    kept: 'keep',
    threw: 'throw',
    found: 'find',
    shut: 'shut',
    hung: 'hang',
    laid: 'lay',
    ran: 'run',
    did: 'do',
  }),
);
for (const verb of GERUND_VERBS.split(' ')) {
  if (PAST.has(verb)) continue;
  PAST.set(verb.endsWith('e') ? `${verb}d` : /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ied` : `${verb}ed`, verb);
  if (/[^aeiou][aeiou][bdgmnprt]$/.test(verb)) PAST.set(`${verb}${verb.at(-1)}ed`, verb);
}

/** Replaces every occurrence of `from` (a token sequence) in `list` by `to`. */
function replaceAll(list: string[], from: readonly string[], to: readonly string[]): string[] {
  // the list itself where the phrase's first word is not in it (most phrases, most sentences)
  if (!list.includes(from[0])) return list;
  const out: string[] = [];
  for (let i = 0; i < list.length; ) {
    if (startsWith(list, i, from)) {
      out.push(...to);
      i += from.length;
    } else out.push(list[i++]);
  }
  return out;
}

const NUMBER_PHRASES: ReadonlyArray<readonly [string, string]> = [
  ['half a dozen', '6'],
  ['a dozen', '12'],
  ['a couple of', '2'],
  ['a couple', '2'],
  ['a pair of', '2'],
  ['both of them', 'them'],
  ['both of these', 'them'],
  ['both of those', 'them'],
  ['all of them', 'them'],
  ['all of it', 'it'],
  ['it all', 'it'],
  ['them all', 'them'],
  ['them both', 'them'],
  ['every one of the', 'all the'],
  ['every single', 'every'],
  ['each of the', 'all the'],
  ['each one of the', 'all the'],
  ['all of the', 'all the'],
  ['all of my', 'all the'],
];

/** Number phrases spelled one way (see the module comment). */
const NUMBER_PHRASE_WORDS = NUMBER_PHRASES.map(([from, to]) => [from.split(' '), to.split(' ')] as const);

function numbers(list: string[]): string[] {
  let out = list;
  for (const [from, to] of NUMBER_PHRASE_WORDS) out = replaceAll(out, from, to);
  // "both the X and the Y" -> "the X and the Y"; "both X" -> "2 X"
  const result: string[] = [];
  for (let i = 0; i < out.length; i++) {
    if (out[i] !== 'both') {
      result.push(out[i]);
      continue;
    }
    const rest = out.slice(i + 1);
    const and = rest.indexOf('and');
    const comma = rest.indexOf(',');
    const coordinated = and > 0 && (comma < 0 || comma > and);
    if (!coordinated) result.push('2');
    if (!coordinated && rest[0] === 'the') i++;
  }
  // "two of the apples" -> "2 apples" (but "two of them" stays)
  const counted: string[] = [];
  for (let i = 0; i < result.length; i++) {
    const isCount = /^\d+$/.test(result[i]) || NUMBER_WORDS.has(result[i]);
    if (
      isCount &&
      result[i + 1] === 'of' &&
      (result[i + 2] === 'the' || result[i + 2] === 'these' || result[i + 2] === 'those')
    ) {
      counted.push(result[i]);
      i += 2;
      continue;
    }
    counted.push(result[i]);
  }
  return counted;
}
/** Pronouns a floating quantifier may follow ("put them both on the desk"). */
const FLOAT_AFTER = new Set(['them', 'they', 'these', 'those']);
const MODALS = new Set(['should', 'must', 'will', 'can', 'could', 'would', 'are', 'were', 'have']);
/** What may follow a floating quantifier: a verb of the clause, a preposition, a state ("the remotes should all be"). */
const FLOAT_BEFORE = new Set(
  (
    'should must need needs have has go goes belong belongs be are were will can could get stay stays in on into ' +
    'onto inside off to together a away back want wants deserve deserves look looks sit live lives end up'
  ).split(' '),
);

/**
 * A quantifier floated after the things it counts ("the remotes should all be on a sofa", "turn the lights all off",
 * "the toothbrush and the face cream both"), and "together" before where they go ("put the mugs together in a
 * cabinet"), set aside: the plural or the list already says every one, and a placement's host is any one of its class
 * (a goal cannot ask for the same one; docs/reader.md).
 */
function floating(list: string[], setAside: (words: readonly string[]) => void): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const w = list[i];
    const next = list[i + 1] ?? '';
    // after the things, or after the things and a modal ("the remotes should all be ...")
    const end = MODALS.has(out.at(-1) ?? '') ? out.length - 1 : out.length;
    const nounBefore = () =>
      FLOAT_AFTER.has(out[end - 1] ?? '') ||
      [1, 2, 3].some((n) => end >= n && resolveNoun(out.slice(end - n, end)) !== undefined);
    const floated = (w === 'all' || w === 'both' || w === 'each') && FLOAT_BEFORE.has(next) && nounBefore();
    // "together" before where things go, after the things or their verb ("put the mugs away together in one
    // cabinet", "the plates belong (all) together in one cabinet")
    const together = w === 'together' && /^(?:in|on|into|onto|inside)$/.test(next);
    const allTogether = w === 'all' && next === 'together' && /^(?:in|on|into|onto|inside)$/.test(list[i + 2] ?? '');
    if (floated || together || allTogether) {
      setAside([w]);
      continue;
    }
    out.push(w);
  }
  return out;
}

/** Placing verbs whose participle after a comma is the next step ("empty the table, putting everything in the sink"). */
const PLACING_PARTICIPLES = new Set(
  'put place set lay leave store stash stow move stick pop transfer'
    .split(' ')
    .flatMap((verb) => [...GERUNDS].filter(([, base]) => base === verb).map(([gerund]) => gerund)),
);

/**
 * A placing participle after a comma as the verb of the clause it starts ("..., putting it away" -> "..., put it"), and
 * "using" or "with" so: "heat the milk, using the stove" -> "..., use the stove for it", the instrument of the request
 * before it and nothing else (`clauses.ts`, bindInstrument: refused where no request before can take it).
 */
function participles(list: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const w = list[i];
    const afterComma = i > 0 && list[i - 1] === ',';
    if (afterComma && PLACING_PARTICIPLES.has(w)) {
      out.push(GERUNDS.get(w)!);
      continue;
    }
    if (afterComma && (w === 'using' || w === 'with') && /^(?:the|a|an|my|your)$/.test(list[i + 1] ?? '')) {
      let end = i + 1;
      while (end < list.length && !/^(?:,|and|then|\.)$/.test(list[end])) end++;
      out.push('use', ...list.slice(i + 1, end), 'for', 'it');
      i = end - 1;
      continue;
    }
    out.push(w);
  }
  return out;
}

/**
 * Framing at the start of a clause after the first ("the milk should be in the fridge, can you do that?", "I need a
 * coffee, and please use a clean mug"): set aside as at the start of the sentence.
 */
const CLAUSE_FRAMING = longestFirst(
  phrases(
    'could you|can you|would you|will you|could you please|can you please|would you please|will you please|' +
      'could you possibly|can you possibly|would you be able to|could you also|can you also|would you also|' +
      'make sure you|make sure to|be sure to|do not forget to|remember to|i need you to|i want you to|' +
      'i would like you to|go ahead and',
  ),
);
function clauseFraming(list: string[], setAside: (words: readonly string[]) => void): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const start = out.length > 0 && (out.at(-1) === ',' || out.at(-1) === 'and');
    const phrase = start ? CLAUSE_FRAMING.find((p) => startsWith(list, i, p) && i + p.length < list.length) : undefined;
    if (phrase) {
      setAside(phrase);
      i += phrase.length - 1;
      continue;
    }
    out.push(list[i]);
  }
  return out;
}

const NUMBER_WORDS = new Set('one two three four five six seven eight nine ten eleven twelve'.split(' '));

/** Words that join two clauses or two things as "and" does ("cool a tomato as well as put it in the bin"). */
const AND_PHRASES: ReadonlyArray<readonly string[]> = phrases('as well as|along with|plus|together with|and also');

/** Words before a gerund that make it the next step ("turn on the lamp while holding the remote"). */
const STEP_BEFORE_GERUND = new Set(['while', 'whilst', 'prior to', 'before', 'and', 'then', 'and then']);

/**
 * Steps said as gerunds made clauses: a gerund of a verb the grammar reads at the start ("Putting a cooled tomato in
 * the microwave") is its base form; after "while", "before", "prior to" ("carry the CD while turning on a lamp",
 * "pick up a racket prior to turning on a lamp") it is the next clause, as ", VERB" reads. The order of the two is
 * kept; what the reader makes of them does not depend on it for the steps this joins (holding a thing and switching
 * a lamp on).
 */
function gerundSteps(list: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const w = list[i];
    const base = baseOfGerund(w);
    if (i === 0 && base !== undefined) {
      out.push(base);
      continue;
    }
    const before2 = `${list[i - 2] ?? ''} ${list[i - 1] ?? ''}`;
    const joined = STEP_BEFORE_GERUND.has(before2) ? 2 : STEP_BEFORE_GERUND.has(list[i - 1] ?? '') ? 1 : 0;
    if (base !== undefined && joined > 0 && out.length > joined) {
      out.splice(out.length - joined, joined, ',');
      out.push(base);
      continue;
    }
    out.push(w);
  }
  return out;
}

/** Verbs whose purpose form after a clause is the next step ("rinse the soap to put it in a drawer"). */
const NEXT_STEP_VERBS = new Set(
  'put place set move bring take carry return throw toss store drop slice cut wash rinse clean'.split(' '),
);
const OBJECT_START = new Set(['it', 'them', 'the', 'a', 'an', 'this', 'that', 'these', 'those']);

/**
 * Slips of the hand where one reading is plain: "put in on the table" is "put it on the table" ("in" before a place
 * word, right after a verb); and a purpose that is the next step: "rinse the soap to put it in a drawer" -> "..., put
 * it in a drawer" (a placing or preparing verb with its object after "to", never at the start).
 */
function slips(list: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const w = list[i];
    if (
      w === 'in' &&
      /^(put|place|set|move|drop)$/.test(out.at(-1) ?? '') &&
      /^(on|onto|in|into|inside)$/.test(list[i + 1] ?? '')
    ) {
      out.push('it');
      continue;
    }
    if (w === 'to' && i > 1 && NEXT_STEP_VERBS.has(list[i + 1] ?? '') && OBJECT_START.has(list[i + 2] ?? '')) {
      out.push(',');
      continue;
    }
    out.push(w);
  }
  return out;
}

/** Verbs whose thing two of them may share ("heat and chill a potato", "wash and put the mug away"). */
const SHARED_OBJECT_VERBS = new Set(
  (
    'heat cook warm microwave chill cool refrigerate freeze wash rinse clean slice cut chop pick grab take get ' +
    'put place move carry bring'
  ).split(' '),
);
const CLAUSE_START = new Set([',', 'then', 'and']);

/**
 * Two verbs sharing one thing ("heat and chill a potato", "cut and cool a tomato slice"): the first verb with the
 * thing, then the second with "it" and what follows the thing ("wash and put the mug in the cabinet" -> "wash the
 * mug and put it in the cabinet"). The thing is the longest noun phrase after the second verb.
 */
function sharedObjects(list: string[]): string[] {
  for (let i = 0; i + 3 < list.length; i++) {
    if (i > 0 && !CLAUSE_START.has(list[i - 1])) continue;
    if (!SHARED_OBJECT_VERBS.has(list[i]) || list[i + 1] !== 'and' || !SHARED_OBJECT_VERBS.has(list[i + 2])) continue;
    const rest = list.slice(i + 3);
    let end = 0;
    for (let j = Math.min(rest.length, 8); j > 0; j--) {
      if (resolveNoun(rest.slice(0, j)) !== undefined) {
        end = j;
        break;
      }
    }
    if (end === 0) continue;
    return [...list.slice(0, i + 1), ...rest.slice(0, end), 'and', list[i + 2], 'it', ...rest.slice(end)];
  }
  return list;
}

/** Normalises one sentence (a text without its sentence ends): see the module comment. */
export function normalizeSentence(text: string): NormalizedSentence {
  const known = normalized?.get(text);
  if (known) return known;
  const made = normalizeUncached(text);
  normalized?.set(text, made);
  return made;
}

/** What `normalizeSentence` and `tokens` made of each text during one reading (`withNormalized`); none outside one. */
let normalized: Map<string, NormalizedSentence> | undefined;
let tokenized: Map<string, string[]> | undefined;

/**
 * Runs one reading with the sentences it normalises kept until it ends: a dialogue normalises one sentence several
 * times over (as a request, as context, as a remark, each of its parts), which was a fifth of its reading time. The
 * results are read-only; nothing is kept from one reading to the next.
 */
export function withNormalized<T>(read: () => T): T {
  if (normalized) return read();
  normalized = new Map();
  tokenized = new Map();
  try {
    return read();
  } finally {
    normalized = undefined;
    tokenized = undefined;
  }
}

function normalizeUncached(text: string): NormalizedSentence {
  let list = tokens(text);
  const framing: string[] = [];
  const setAside = (words: readonly string[]) => {
    const said = words.join(' ').trim();
    if (said !== '' && said !== ',' && said !== '.') framing.push(said);
  };
  // trailing sentence ends and commas
  const trimEnds = () => {
    while (list.length > 0 && (list.at(-1) === '.' || list.at(-1) === ',')) list = list.slice(0, -1);
    while (list.length > 0 && list[0] === ',') list = list.slice(1);
  };
  trimEnds();
  for (let changed = true; changed; ) {
    changed = false;
    for (const phrase of GERUND_BY_FIRST.get(list[0]) ?? NONE) {
      if (!startsWith(list, 0, phrase)) continue;
      const base = baseOfGerund(list[phrase.length] ?? '');
      if (base === undefined) continue;
      setAside(phrase);
      list = [base, ...list.slice(phrase.length + 1)];
      changed = true;
      break;
    }
    // "it would be great if you put ...", "I'd appreciate it if you turned off ...": the past form as the base form
    if (list[0] === 'if' && list[1] === 'you' && PAST.has(list[2] ?? '')) {
      setAside(['if', 'you']);
      list = [PAST.get(list[2])!, ...list.slice(3)];
      changed = true;
    }
    for (const phrase of PREFIXES_BY_FIRST.get(list[0]) ?? NONE) {
      // keep a framing word that is the whole request's verb phrase ("go" alone, "now" alone), and "go" that says
      // where to ("go to the plant and water it")
      if (!startsWith(list, 0, phrase) || list.length === phrase.length) continue;
      if (phrase.at(-1) === 'go' && GOING.has(list[phrase.length])) continue;
      setAside(phrase);
      list = list.slice(phrase.length);
      // "... if you turned off the TV": the past form as the base form
      if (phrase.at(-2) === 'if' && phrase.at(-1) === 'you' && PAST.has(list[0] ?? '')) list[0] = PAST.get(list[0])!;
      trimEnds();
      changed = true;
      break;
    }
    for (const phrase of SUFFIXES_BY_LAST.get(list[list.length - 1]) ?? NONE) {
      const at = list.length - phrase.length;
      if (at <= 0 || !startsWith(list, at, phrase)) continue;
      // "wash the plates, all of them" but "clean all of them": there it is the object
      if (AFTER_COMMA.has(phrase.join(' ')) && list[at - 1] !== ',') continue;
      setAside(phrase);
      list = list.slice(0, at);
      trimEnds();
      changed = true;
      break;
    }
  }
  for (const phrase of ANYWHERE_PHRASES) {
    const before = list.length;
    list = replaceAll(list, phrase, []);
    if (list.length !== before) setAside(phrase);
  }
  let kept = list.filter((w) => !ANYWHERE.has(w));
  for (const w of list) if (ANYWHERE.has(w)) setAside([w]);
  for (const phrase of AND_PHRASES) kept = replaceAll(kept, phrase, ['and']);
  list = numbers(participles(clauseFraming(floating(sharedObjects(slips(gerundSteps(kept))), setAside), setAside)));
  // a comma left before the end or doubled by what was removed
  list = list.filter((w, i) => !(w === ',' && (i === list.length - 1 || list[i + 1] === ',' || i === 0)));
  return { tokens: list, framing };
}
