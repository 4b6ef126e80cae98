/**
 * Reading a dialogue between a user (the Commander) and the robot (the Driver), TEACh's input form, offline: what the
 * user asks for (the task grammar, `tasks.ts`), where things are ("the mug is in the sink", "one is on the chair and
 * another in the drawer"), what the user corrects ("sorry, I meant the sofa"), a named routine ("make me the Gabe
 * sandwich") and how to change it ("but with lettuce and no tomato").
 *
 * A dialogue is turns marked `<Commander>` / `<Driver>` (or lines `Commander:` / `Driver:`); text without marks is one
 * Commander turn. Each Commander sentence is, in this order: small talk (ignored), a location hint, a correction, a
 * named routine with its changes, or a request; a sentence none of them reads is kept as unread, with the reason the
 * task grammar gave. The Driver's questions ("where is the bread?") give a pronoun in the next hint its class.
 *
 *   hint        := the X (is|are) (in|on|inside|near|by|next to) the Y | there is a X (in|on) the Y
 *                | you (can|will) find the X (in|on) the Y | it is (in|on) the Y
 *                | one is (in|on) the Y [, | and] another (one) is (in|on) the Z ...
 *   correction  := sorry , i meant the Y | i meant the Y | not the X , the Y | use the Y instead of the X
 *                | actually , the Y
 *   routine     := (make | prepare | do | get) [me] the NAME[s] DISH [CHANGES]   NAME: a word the catalog does not know
 *   CHANGES     := (but | ,) with/without/no/add/N slices of X/X instead of Y, joined by "and" or ","
 */
import { catalogClass } from '../sim/catalog/index.js';
import { HEATER_CLASSES } from '../sim/derived-states.js';
import type { Predicate, SubgoalSpec } from '../sim/subgoals.js';
import { joinSentence } from './clauses.js';
import { subgoalKey } from './goal-compare.js';
import { resolvePhrase } from './lexicon.js';
import { countOf, tokenize } from './matcher.js';
import { baseOfGerund, normalizeSentence, sentenceTexts, tokens, withNormalized } from './normalize.js';
import { resolveNoun, roomAddsNothing, roomOf, withRoom } from './nouns.js';
import { isQuestion, isSmallTalk, type LocationHint, readLocation } from './remarks.js';

export type { LocationHint } from './remarks.js';

import { type ClauseReading, goalOf, readRequest, type TaskReading, type Thing } from './tasks.js';
import { one } from './things.js';

/** A change to a named routine: add a component, remove one, replace one class by another, or set a count. */
export type RoutineChange =
  | { readonly kind: 'add'; readonly className: string; readonly count: number }
  | { readonly kind: 'remove'; readonly className: string }
  | { readonly kind: 'replace'; readonly from: string; readonly to: string }
  | { readonly kind: 'count'; readonly className: string; readonly count: number };

export interface DialogueReading {
  /** What the user asked for, corrections applied. */
  readonly goal: TaskReading;
  readonly hints: readonly LocationHint[];
  /** A named routine asked for ("gabe sandwich"), with the changes asked. */
  readonly routine?: { readonly name: string; readonly changes: readonly RoutineChange[] };
  /** Corrections applied, as "from -> to". */
  readonly corrections: readonly string[];
  /** Commander sentences no rule read, with why. */
  readonly unread: readonly { readonly text: string; readonly reason: string }[];
  /** Defaults taken, pronouns resolved, answers read: one line each. */
  readonly notes: readonly string[];
  /** Why the text cannot be read, where a sentence is a request the reader could not read. */
  readonly failure?: string;
}

interface Turn {
  readonly speaker: 'commander' | 'driver';
  readonly text: string;
}

/**
 * A turn's mark: `<Commander>`, `Commander:` at the start of a line, or `Commander:` inside a line after a space (TEACh's
 * dialogues as one line, `Driver: hi. Commander: make coffee.`), there written with its capital, so that a lower-case
 * "driver:" inside a sentence stays words.
 */
const TURN_MARK = /<\s*(commander|driver)\s*>|^\s*(commander|driver)\s*:|(?<=\s)(Commander|Driver):/gim;

/** The turns of a dialogue text. */
export function dialogueTurns(text: string): Turn[] {
  const marked = new RegExp(TURN_MARK.source, TURN_MARK.flags);
  const turns: Turn[] = [];
  let last: { speaker: Turn['speaker']; end: number } | undefined;
  for (let m = marked.exec(text); m; m = marked.exec(text)) {
    // inside a line, only the capitalised mark ("Driver:", never "driver:")
    if (m[3] !== undefined && !/^(?:Commander|Driver)$/.test(m[3])) continue;
    // text before the first mark is the Commander's ("Make toast. <Driver> ok")
    if (!last && m.index > 0) turns.push({ speaker: 'commander', text: text.slice(0, m.index).trim() });
    if (last) turns.push({ speaker: last.speaker, text: text.slice(last.end, m.index).trim() });
    last = { speaker: (m[1] ?? m[2] ?? m[3]).toLowerCase() as Turn['speaker'], end: m.index + m[0].length };
  }
  if (!last) return text.trim() === '' ? [] : [{ speaker: 'commander', text: text.trim() }];
  turns.push({ speaker: last.speaker, text: text.slice(last.end).trim() });
  return turns.filter((t) => t.text !== '');
}

/** Small talk is short: "hi, please move the remotes to the couch" is a request. */
const SMALL_TALK_WORDS = 5;
const SMALL_TALK =
  /^(hi|hello|hey|thanks|thank you|great|good|good job|nice|perfect|ok|okay|yes|no|sure|done|cool|awesome|we are (done|finished)|that is all|that's all|all done|finished)\b[\s\w!.,']*$/i;

/** The class a phrase names (words, determiners allowed), rooms excluded. */
function classOf(words: readonly string[]): string | undefined {
  // by name only, as a goal's nouns are read ("in the kitchen" is no kitchen table by description)
  const noun = resolveNoun(words);
  return noun?.by === 'name' && noun.classes.length === 1 ? noun.classes[0] : undefined;
}

const RELATIONS: Readonly<Record<string, LocationHint['relation']>> = {
  in: 'IN',
  inside: 'IN',
  on: 'ON',
  near: 'NEAR',
  by: 'NEAR',
  'next to': 'NEAR',
  beside: 'NEAR',
};
const RELATION = '(in|inside|on|near|by|next to|beside)';
/** The forms of a hint (`readHints`), made once: said of a thing, of a pronoun, a place alone, a part of a list. */
const hintForms = (verbs: string) => [
  new RegExp(`^(?:the |a |an |some )?(.+?) (?:${verbs}) ${RELATION} (?:the |a |an )?(.+)$`),
  new RegExp(`^there (?:is|are) (?:a |an |some |one |two )?(.+?) ${RELATION} (?:the |a |an )?(.+)$`),
  new RegExp(`^you (?:can|will|should) find (?:the |a |an |some )?(.+?) ${RELATION} (?:the |a |an )?(.+)$`),
];
const HINTS = hintForms('is|are|can be found');
/** After the Driver's "where is ...?", "the mug should be in the sink" says where it is. */
const HINTS_ANSWERING = hintForms('is|are|should be|can be found|must be|might be');
const HINT_PRONOUN = new RegExp(
  `^(?:it is|it's|its|they are|they're|look|check|it should be|they should be|try) ${RELATION} (?:the |a |an )?(.+)$`,
);
const HINT_BARE = new RegExp(`^(?:check |look |try )?${RELATION} (?:the |a |an )?(.+)$`);
const HINT_PART = new RegExp(`${RELATION} (?:the |a |an )?(.+)$`);

/**
 * Location hints a sentence states, or undefined when it is not one. `asked` is the class a pronoun stands for;
 * `answering`: the Driver has just asked where something is, so "the mug should be in the sink" says where it is
 * (without the question it asks for it to be put there).
 */
function readHints(sentence: string, asked: string | undefined, answering = false): LocationHint[] | undefined {
  // contractions expanded as a request's are ("the milk's on the counter")
  const s = tokens(sentence)
    .filter((t) => t !== '.')
    .join(' ')
    .replace(/ ,/g, ',')
    .trim();
  const hint = (what: string | undefined, relation: string, where: string): LocationHint | undefined => {
    const className = what === undefined ? asked : classOf(what.split(/\s+/));
    const host = classOf(where.split(/\s+/));
    return className && host ? { className, host, relation: RELATIONS[relation] } : undefined;
  };
  const single = answering ? HINTS_ANSWERING : HINTS;
  const pronoun = HINT_PRONOUN.exec(s);
  if (pronoun) {
    const found = hint(undefined, pronoun[1], pronoun[2]);
    return found ? [found] : undefined;
  }
  // "In the fridge." / "Check the sink." answering "where is the bread?"
  const relation = answering ? HINT_BARE.exec(s) : null;
  const look = answering ? /^(?:check|look at|try|see) (?:the |a |an )?(.+)$/.exec(s) : null;
  const bare = relation ?? (look && [look[0], 'in', look[1]]);
  if (bare) {
    const found = hint(undefined, bare[1], bare[2]);
    return found ? [found] : undefined;
  }
  for (const pattern of single) {
    const m = pattern.exec(s);
    const found = m && !/^(?:one|the first)$/.test(m[1]) ? hint(m[1], m[2], m[3]) : undefined;
    if (found) return [found];
  }
  // "one is on the chair and another (one) is in the drawer, the third in the fridge"
  if (/^(?:one|the first)\b/.test(s) && asked) {
    const parts = s.split(/,| and /).map((p) => p.trim());
    const out: LocationHint[] = [];
    for (const part of parts) {
      const m = HINT_PART.exec(part);
      if (!m) return undefined;
      const found = hint(undefined, m[1], m[2]);
      if (!found) return undefined;
      out.push(found);
    }
    return out;
  }
  return undefined;
}

/** A correction "from -> to" (from may be unknown: the class of the same kind named last), or undefined. */
function readCorrection(sentence: string): { from?: string; to: string } | undefined {
  const s = sentence
    .toLowerCase()
    .replace(/[.!?]+$/, '')
    .replace(/^(?:sorry|oops|no|wait)\s*,?\s*/, '')
    .trim();
  const patterns: [RegExp, 'to' | 'to-from' | 'from-to'][] = [
    [/^i meant (?:the |a |an )?(.+?)(?:,? not (?:the |a |an )?(.+))?$/, 'to-from'],
    [/^not (?:the |a |an )?(.+?),? (?:but )?(?:the |a |an )(.+)$/, 'from-to'],
    [/^(?:please )?use (?:the |a |an )?(.+?) instead of (?:the |a |an )?(.+)$/, 'to-from'],
    [/^actually,? (?:use |it should be |make it )?(?:the |a |an )(.+)$/, 'to'],
  ];
  for (const [pattern, order] of patterns) {
    const m = pattern.exec(s);
    if (!m) continue;
    const first = m[1] && classOf(m[1].split(/\s+/));
    const second = m[2] && classOf(m[2].split(/\s+/));
    if (order === 'from-to') return first && second ? { from: first, to: second } : undefined;
    if (!first) return undefined;
    return second ? { from: second, to: first } : { to: first };
  }
  return undefined;
}

const DISH_WORDS = new Set(['sandwich', 'salad', 'breakfast', 'cleaning', 'rearrangement', 'coffee', 'toast']);

/** A named routine ("make me the gabe sandwich but with lettuce"), or undefined. */
function readRoutine(sentence: string): { name: string; changes: RoutineChange[] } | undefined {
  const tokens = tokenize(sentence).filter((t) => t !== '.');
  let i = 0;
  const skip = (...alternatives: string[]) => {
    while (i < tokens.length && alternatives.includes(tokens[i])) i++;
  };
  skip('please', 'could', 'can', 'you');
  if (!['make', 'prepare', 'do', 'get', 'fix'].includes(tokens[i] ?? '')) return undefined;
  i++;
  skip('me', 'us');
  skip('the', 'a', 'an', 'my');
  const name: string[] = [];
  while (i < tokens.length && !DISH_WORDS.has(tokens[i])) {
    name.push(tokens[i].replace(/'s$/, ''));
    i++;
  }
  if (i >= tokens.length || name.length === 0 || name.length > 2) return undefined;
  if (name.some((w) => catalogClass(w) !== undefined || resolvePhrase([w]) !== undefined)) return undefined;
  const dish = tokens[i++];
  const changes = readChanges(tokens.slice(i));
  if (changes === undefined) return undefined;
  return { name: `${name.join(' ')} ${dish}`, changes };
}

/** "but with lettuce and no tomato, and three slices of toast" as changes; undefined when a part is unreadable. */
function readChanges(tokens: readonly string[]): RoutineChange[] | undefined {
  const text = tokens
    .join(' ')
    .replace(/^(?:but|,)\s*/, '')
    .replace(/\s+,/g, ',')
    .trim();
  if (text === '') return [];
  const parts = text
    .split(/,\s*(?:and\s+)?|\s+and\s+(?=(?:with|without|no|add|(?:the\s+)?\w+ instead|a|an|one|two|three|four|\d))/)
    .map((p) => p.trim());
  const changes: RoutineChange[] = [];
  let mode: 'with' | 'without' | undefined;
  for (const raw of parts) {
    let part = raw.replace(/^but\s+/, '');
    const instead = /^(?:with )?(?:the |a |an )?(.+?) instead of (?:the |a |an )?(.+)$/.exec(part);
    if (instead) {
      const to = classOf(instead[1].split(' '));
      const from = classOf(instead[2].split(' '));
      if (!to || !from) return undefined;
      changes.push({ kind: 'replace', from, to });
      continue;
    }
    const lead = /^(with no|without|no|with|add|extra|an extra|plus)\s+(.*)$/.exec(part);
    if (lead) {
      mode = lead[1] === 'without' || lead[1] === 'no' || lead[1] === 'with no' ? 'without' : 'with';
      part = lead[2];
      if (lead[1] === 'add' || lead[1].includes('extra') || lead[1] === 'plus') {
        const added = countedClass(part);
        if (!added) return undefined;
        changes.push({ kind: 'add', className: added.className, count: added.count });
        continue;
      }
    }
    // A number says how many, whatever came before ("no tomato and three slices of toast").
    const numbered = countOf(part.split(/\s+/)[0]) !== undefined && !/^(?:a|an)\s/.test(part);
    if (!mode && !numbered) return undefined;
    if (mode === 'without' && !numbered) {
      const className = classOf(part.replace(/^(?:any|the|a|an)\s+/, '').split(' '));
      if (!className) return undefined;
      changes.push({ kind: 'remove', className });
      continue;
    }
    const counted = countedClass(part);
    if (!counted) return undefined;
    changes.push(
      counted.explicit
        ? { kind: 'count', className: counted.className, count: counted.count }
        : { kind: 'add', className: counted.className, count: counted.count },
    );
  }
  return changes;
}

/** "three slices of toast", "2 tomatoes", "lettuce", "an extra slice of bread": class and count. */
function countedClass(text: string): { className: string; count: number; explicit: boolean } | undefined {
  const words = text.replace(/^extra\s+/, '').split(/\s+/);
  const n = countOf(words[0]);
  const article = words[0] === 'a' || words[0] === 'an';
  let rest = n !== undefined || article ? words.slice(1) : words;
  rest = rest.filter((w) => w !== 'extra');
  if (/^(?:slice|slices|slice\(s\)|piece|pieces|leaf|leaves)$/.test(rest[0] ?? '') && rest[1] === 'of')
    rest = rest.slice(2);
  const className =
    rest.join(' ') === 'toast' || rest.join(' ') === 'toasts' || rest.join(' ') === 'bread'
      ? 'breadslice'
      : classOf(rest);
  if (!className) return undefined;
  return { className, count: n ?? 1, explicit: n !== undefined };
}

/** Replaces a class in a reading's subgoals (a correction). */
function replaceClass(subgoals: SubgoalSpec[], from: string | undefined, to: string): string | undefined {
  const toKind = catalogClass(to);
  const hosts = toKind?.properties.includes('SURFACES') || toKind?.properties.includes('CONTAINERS');
  for (let i = subgoals.length - 1; i >= 0; i--) {
    const spec = subgoals[i];
    const destination = spec.destination?.[0];
    const patient = spec.patient[0];
    const target =
      from !== undefined
        ? destination === from
          ? 'destination'
          : patient === from
            ? 'patient'
            : undefined
        : hosts && destination !== undefined
          ? 'destination'
          : 'patient';
    if (!target) continue;
    const old = target === 'destination' ? destination! : patient;
    for (let j = 0; j < subgoals.length; j++) {
      const s = subgoals[j];
      subgoals[j] = {
        ...s,
        patient: s.patient.map((c) => (c === old ? to : c)),
        ...(s.destination && { destination: s.destination.map((c) => (c === old ? to : c)) }),
      };
    }
    return `${old} -> ${to}`;
  }
  return undefined;
}

/** The Driver's questions the reader answers for: where a thing is, where to put what it holds. */
function readQuestion(text: string): { where?: string; putWhere?: boolean } {
  const t = text.toLowerCase();
  if (/where (?:should|do|shall|can) i (?:put|place|leave|take|bring|set) (?:it|them|this|these|that)/.test(t))
    return { putWhere: true };
  const question = /where (?:is|are|can i find|do i find|would i find) (?:the |a |an |some )?([\w\s]+?)(?:\?|$)/.exec(
    t,
  );
  return question ? { where: question[1].trim() } : {};
}

/** An answer to "where should I put it?": "On the desk.", "In the fridge, please." */
const PLACE_ANSWER =
  /^(?:(?:put|place|leave) (?:it|them) )?(?:on|onto|in|into|inside|to) (?:the |a |an )?[\w\s]+[.!]?$/i;

/**
 * Reads a dialogue (see the module comment), or a text without turns (one Commander turn). Each Commander sentence is
 * read, in this order, as a correction, small talk, an answer to the Driver's question, a location hint, a request
 * (`readRequest`, in the context of the clauses before), a request with its purpose ("clear it by putting ..."), or a
 * named routine. A sentence none of them reads is context when it names nothing the catalog knows, or is said as a
 * statement ("the fruit will go bad on the counter"): kept as unread, and the things it names are what a pronoun in
 * the next request may mean. Otherwise it is a request the reader could not read: the reading fails (`failure`),
 * since a goal without that part would be a different goal.
 */
export function readDialogue(text: string): DialogueReading {
  return withNormalized(() => readTurns(text));
}

function readTurns(text: string): DialogueReading {
  const clauses: ClauseReading[] = [];
  const hints: LocationHint[] = [];
  const corrections: string[] = [];
  const unread: { text: string; reason: string }[] = [];
  const notes: string[] = [];
  let failure: string | undefined;
  let routine: DialogueReading['routine'];
  let asked: string | undefined;
  let question: ReturnType<typeof readQuestion> = {};
  let before: ClauseReading | undefined;
  // a room the sentence before named with nothing in it ("It's dark in the bedroom."), for the request after it
  let ambient: Ambient | undefined;
  let ambientHere: Ambient | undefined;
  let meal: string | undefined;
  const take = (taken: readonly ClauseReading[], where = ambientHere) => {
    const narrowed = where ? inAmbientRoom(taken, where) : { clauses: taken };
    if (!narrowed.clauses) {
      failure ??= narrowed.problem;
      return;
    }
    if (where && narrowed.clauses.some((c, i) => c.subgoals !== taken[i].subgoals))
      notes.push(
        where.house
          ? 'what is switched, opened, closed or watered read as every one in the house, gone round before it'
          : `what is switched, opened, closed or watered read as in the ${where.rooms.join(' and the ')}, said before it`,
      );
    // an instrument for a request in a sentence before ("Cook the potato. Use the stove.")
    const joined = joinSentence(clauses, narrowed.clauses);
    if (joined.problem) failure ??= joined.problem;
    clauses.splice(0, clauses.length, ...joined.earlier);
    const read = joined.read;
    if (read.length === 0) {
      before = clauses.at(-1) ?? before;
      return;
    }
    const [first, ...rest] = read;
    const last = clauses.at(-1);
    // "today we're making toast. one slice please.": the toast said again, with its number
    if (first.restates && last) clauses.pop();
    // a fetch in one sentence and its placement in the next ("Get a book." ... "On the desk.")
    if (
      last?.provisional &&
      first.referred &&
      (first.placing || first.subgoals.some((s) => s.predicate === 'isPlacedTo'))
    ) {
      clauses[clauses.length - 1] = { ...last, subgoals: [], actionGoals: [] };
    }
    clauses.push(first, ...rest);
    before = read.at(-1);
    const patient = before?.subgoals.at(-1)?.patient.find((c) => c !== '*');
    asked = patient ?? asked;
  };
  const turns = dialogueTurns(text);
  // a real dialogue: the Driver speaks too, and the Commander walks it through the task (docs/reader.md, "Dialogues")
  const spoken = turns.some((t) => t.speaker === 'driver');
  const setAside = (sentence: string, reason: string) => unread.push({ text: sentence, reason });
  for (const turn of turns) {
    if (turn.speaker === 'driver') {
      question = readQuestion(turn.text);
      if (question.where) asked = classOf(question.where.split(/\s+/)) ?? asked;
      continue;
    }
    for (const sentence of sentenceTexts(turn.text)) {
      ambientHere = ambient;
      ambient = undefined;
      // a meal asked for in the sentence before is what this one names, or the request is one the reader cannot read
      if (meal !== undefined) {
        const details = namesDish(sentence) && readRequest(sentence, { before }).ok;
        if (details) unread.push({ text: meal, reason: 'a meal asked for, said in the next sentence' });
        else failure ??= `"${meal}" asks for a meal the reader cannot read without the dishes said after it`;
        meal = undefined;
      }
      const answering = question;
      question = {};
      const correction = readCorrection(sentence);
      if (correction) {
        const subgoals = clauses.flatMap((c) => [...c.subgoals]);
        const applied = replaceClass(subgoals, correction.from, correction.to);
        if (applied) {
          corrections.push(applied);
          clauses.splice(0, clauses.length, {
            subgoals,
            actionGoals: clauses.flatMap((c) => [...(c.actionGoals ?? [])]),
            antecedent: before?.antecedent ?? [],
          });
          continue;
        }
      }
      // "okay, so, make a sandwich" is short, and a request
      const chat = isSmallTalk(sentence);
      const small =
        (SMALL_TALK.test(sentence.trim()) && sentence.trim().split(/\s+/).length <= SMALL_TALK_WORDS) || chat;
      // in a dialogue "done" is the Commander saying the task is done, never "made" of the step before
      if (small && ((spoken && chat) || !readRequest(sentence, { before }).ok)) continue;
      // "*on": a word of the sentence before, spelt again
      if (spoken && /^\s*\*/.test(sentence)) {
        setAside(sentence, 'a word of the sentence before, spelt again');
        continue;
      }
      if (answering.putWhere && PLACE_ANSWER.test(sentence.trim())) {
        const answer = readRequest(`put it ${sentence.replace(/^(?:put|place|leave) (?:it|them) /i, '')}`, { before });
        if (answer.ok) {
          take(answer.clauses);
          notes.push(`"${sentence}" read as where to put what was asked for`);
          continue;
        }
      }
      const found = readHints(sentence, asked, answering.where !== undefined);
      if (found) {
        hints.push(...found);
        asked = found.at(-1)?.className ?? asked;
        // "The apple is on the counter. Put it in the fridge.": what the hint is about is what "it" may mean
        if (clauses.length === 0 || !before?.subgoals.length) {
          before = {
            subgoals: [],
            antecedent: found.map((h) => one(h.className)),
            hosts: found.map((h) => one(h.host)),
          };
        }
        continue;
      }
      // in a dialogue, a sentence that names no thing, no dish and starts with no request's verb or a number asks
      // nothing of the robot ("to the left", "top", "weird", "should be in there"): set aside before any grammar
      if (spoken && !namesAnything(sentence)) {
        setAside(sentence, 'names nothing the robot can act on');
        continue;
      }
      // "tomato in the sink", "knife is next to the sink", "in the fridge", "it's somewhere on the island"
      const located = spoken ? readLocation(sentence, asked) : undefined;
      if (located) {
        hints.push(...located);
        setAside(sentence, 'where a thing is');
        asked = located.at(-1)?.className ?? asked;
        // what "it" means next: the thing located ("plate in the cabinet. place 1 slice on it"), else the task's
        // things before it ("slice tomato. knife on the chair. place 1 slice on the plate")
        if (located.length > 0) {
          const things = located.map((h) => one(h.className));
          before = { subgoals: [], antecedent: things, hosts: [...things, ...(clauses.at(-1)?.antecedent ?? [])] };
        }
        continue;
      }
      let read = readRequest(sentence, { before });
      // "no pick the potato and make 2 slices", "yes, now cook it": an answer to the Driver, then the request
      const answered = spoken && !read.ok ? /^\s*(?:no|nope|yes|yeah|yep)\b[\s,.!]*(.+)$/i.exec(sentence) : null;
      if (answered) {
        const rest = readRequest(answered[1], { before });
        if (rest.ok) read = rest;
      }
      // "slice bread. bread on the counter. knife in the bin. 1 slice.": a count of slices is of the request before,
      // whatever was said of where things are in between
      const lastRequest = clauses.at(-1);
      if (spoken && !read.ok && lastRequest && lastRequest !== before && SLICE_COUNT.test(sentence)) {
        const recounted = readRequest(sentence, { before: lastRequest });
        if (recounted.ok) read = recounted;
      }
      // "rinse the mug on the coffee maker", "find a bowl in the fridge and wash it": where the thing is, after it, in a
      // request that puts nothing anywhere (`THING_THEN_PLACE`)
      const placed = spoken && !read.ok ? THING_THEN_PLACE.exec(sentence) : null;
      if (placed) {
        const located = readRequest(`${placed[1]} that is ${placed[2]}`, { before });
        // "fill the mug on the counter with coffee": what it is filled with after the place, which is read as any one
        // of its class anyway (as "the mug from the counter" reads)
        const filled = located.ok ? undefined : / with (.+)$/.exec(placed[2]);
        const refilled = filled ? readRequest(`${placed[1]} with ${filled[1]}`, { before }) : undefined;
        if (located.ok) read = located;
        else if (refilled?.ok) read = refilled;
      }
      if (read.ok) {
        take(read.clauses);
        continue;
      }
      // a question the Commander asks ("did you turn it on", "are you there?") that reads as no request asks nothing
      if (spoken && isQuestion(sentence)) {
        setAside(sentence, 'a question to the Driver');
        continue;
      }
      // after a dish its parts: "2 slices of lettuce and 1 slice of tomato", "a salad with one slice of lettuce and
      // 2 slices of cooked potato" (`withComponents`)
      const parts = spoken ? readParts(sentence, before, clauses) : undefined;
      if (parts) {
        take(parts);
        continue;
      }
      // "Go to the kitchen and turn the light off": where the robot goes, as a room said before the request
      const moved = readMoved(sentence, before);
      if (moved) {
        take(moved.clauses, moved.ambient);
        unread.push({ text: moved.movement, reason: 'where the robot goes first, no goal of its own' });
        continue;
      }
      // "I need the desk empty: put whatever is on it in the cabinet", "Here's the plan: wash every mug"
      const colon = sentence.includes(':') ? readColon(sentence, before) : undefined;
      if (colon) {
        take(colon.clauses);
        if (colon.front) unread.push({ text: colon.front, reason: 'what the request after the colon is for' });
        continue;
      }
      const split = readWithContext(sentence, before, asked);
      if (split) {
        take(split.clauses, split.ambient ?? ambientHere);
        hints.push(...split.hints);
        unread.push({ text: split.context, reason: split.reason });
        continue;
      }
      const purposed = readPurpose(sentence, before);
      if (purposed) {
        take(purposed.clauses);
        unread.push({
          text: purposed.purpose,
          reason: 'the purpose of the request; read through how it is to be done',
        });
        continue;
      }
      const prepared = readPrepared(sentence, before);
      if (prepared) {
        take(prepared.clauses);
        notes.push(prepared.note);
        continue;
      }
      const fronted = readFronted(sentence, before);
      if (fronted) {
        take(fronted.clauses);
        unread.push({ text: fronted.front, reason: 'a purpose or time before the request' });
        continue;
      }
      const asRoutine = readRoutine(sentence);
      if (asRoutine) {
        routine = asRoutine;
        continue;
      }
      const mentioned = mentions(sentence);
      // a sentence that starts with a request's verb asks for something ("Turn it off.", "Can you make me some
      // lunch?"), even where it names nothing the reader knows; tidying alone ("tidy up") names nothing
      const words = normalizeSentence(sentence).tokens;
      const asking = REQUEST_VERBS.has(words[0] ?? '') && !TIDY_PURPOSE.test(sentence.trim().replace(/[.!?]+$/, ''));
      // "Can you make me some lunch? A sandwich on the desk would be lovely.": a meal asked for, then what it is
      if (MEAL_REQUEST.test(words.join(' '))) {
        meal = sentence;
        continue;
      }
      // "two slices, please" after a sandwich: a count of something, never context
      const counted = countOf(words[0]) !== undefined && words.length <= 4;
      const named = mentioned.length > 0 || namesDish(sentence) || asking || counted;
      if (spoken) {
        // the Commander's remarks to the Driver: questions, what not to do now, a step of the way
        const remark = dialogueRemark(sentence, words, named);
        if (remark) {
          setAside(sentence, remark);
          if (mentioned.length > 0 && isStatement(sentence)) before = contextClause(mentioned);
          continue;
        }
      }
      if (named && NEGATION.test(sentence)) {
        unread.push({ text: sentence, reason: NEGATED });
        failure ??= `"${sentence}" is a negation: what not to do is no goal the reader can write; say what to do`;
        continue;
      }
      if (!named || isStatement(sentence)) {
        unread.push({
          text: sentence,
          reason: !named ? 'names nothing the robot can act on' : 'a statement, not a request',
        });
        if (mentioned.length > 0) before = contextClause(mentioned);
        else ambient = ambientOf(sentence);
        continue;
      }
      unread.push({ text: sentence, reason: read.reason });
      failure ??= `"${sentence}" is a request the reader cannot read: ${read.reason}`;
    }
  }
  if (meal !== undefined)
    failure ??= `"${meal}" asks for a meal the reader cannot read without the dishes said after it`;
  if (spoken) withComponents(clauses, notes);
  const { notes: clauseNotes, ...whole } = goalOf(clauses);
  const goal = spoken ? assembled(withoutSteps(whole, notes), notes) : whole;
  return {
    goal,
    hints,
    ...(routine && { routine }),
    corrections,
    unread,
    notes: [...clauseNotes, ...notes],
    ...(failure && { failure }),
  };
}

/** A count of slices said alone ("1 slice.", "2 slices total", "one slice only"). */
const SLICE_COUNT = /^\s*(?:\d+|one|two|three|four|five)\s+slices?\b/i;

/**
 * A request that puts nothing anywhere, its thing, then where that thing is ("clean the plate in the fridge", "rinse
 * the mug on the coffee maker", "grab the knife on the counter and slice the bread"): the place is which thing is
 * meant, as "the plate that is in the fridge" reads. Verbs that put things ("get the apple in the fridge", "take it to
 * the table") are not among them.
 */
const THING_THEN_PLACE =
  /^(\s*(?:please\s+)?(?:clean|wash|rinse|scrub|fill|slice|cut|chop|cook|heat|microwave|toast|boil|find|grab|pick up|fetch)\s+(?:the|a|an|that|this)\s+(?:[a-z]+\s+){0,2}?[a-z]+)\s+((?:in|on|inside|on top of|by|near|next to|beside|behind|under)\s+(?:the|a|an)\s+.+)$/i;

/** A sentence that says what not to do ("don't put it on the table", "no need to dry it"). */
const NEGATION =
  /^\s*(?:please\s+)?(?:do not|don't|dont|never|no need to|there is no need to|there's no need to|you do not (?:need|have) to|you don't (?:need|have) to|do not bother|don't bother)\b/i;
const NEGATED = 'what not to do: no goal (the request beside it is read)';

/** A clause of context: what a pronoun in the request after it may mean (the things it names, the hosts). */
function contextClause(mentioned: readonly Thing[]): ClauseReading {
  const things = mentioned.filter((t) => t.classes.some((c) => catalogClass(c)?.properties.includes('GRABBABLE')));
  return { subgoals: [], antecedent: things, hosts: mentioned.filter((t) => !things.includes(t)), mentioned: true };
}

/** The speaker's own plan said before a request ("I want to watch TV, turn it on", "I need to use the computer, ..."). */
const OWN_PLAN =
  /^\s*(?:i|we)\s+(?:want|need|would like|'d like|am going|'m going|are going|have|plan|would love)\s+to\s+\w+/i;

/** Where a sentence may part into context and request: at a comma, or before "so", "because", "since", "before". */
function splitPoints(sentence: string): { at: number; after: number }[] {
  const points: { at: number; after: number }[] = [];
  for (const m of sentence.matchAll(/\s*,\s*|\s*[–—]\s*|\s+-+\s+|\s+(?=(?:so|because|since|before)\s)/g)) {
    points.push({ at: m.index, after: m.index + m[0].length });
  }
  return points;
}

/** A purpose that says the things are to change ("so it gets washed", "so they heat up"): a goal, not a reason. */
const CHANGE_PURPOSE =
  /^so\s+(?:that\s+)?(?:it|they|them|these|those|the\s+\w+)\s+(?:(?:can|will|would|could)\s+)?(?:(?:get|gets|is|are|be|becomes?|ends? up|stays?)\s+(?:\w+\s+)?(?:hot|warm|heated|cooked|toasted|clean|cleaned|washed|rinsed|done|open|opened|closed|shut|on|off|watered|dry|cold|chilled)|(?:heat|heats|warm|warms|cook|cooks|toast|toasts|wash|washes|clean|cleans|chill|chills|cool|cools)\b)/i;

/** Words a request part may start with after the context ("so please", "but just"). */
const LEAD = /^(?:(?:and\s+)?so|but|instead|rather|only|simply)\s+(?:that\s+)?/i;

/**
 * A sentence of context and a request (`readDialogue` tries it once the whole sentence does not read):
 * - context before it, after a comma or "so": "The apple looks ripe, could you put it in the fridge?", "I'm tired, so
 *   please make me a coffee", "The milk is on the counter, put it in the fridge" (a hint), "I want to watch TV, turn it
 *   on", and what not to do before what to do: "Don't put the apple on the table, just put it in the fridge". The
 *   context is a statement, a location hint, the speaker's plan, a negation, or names nothing; the things it names are
 *   what a pronoun in the request may mean.
 * - context after it: "Shut the TV off, I'm not watching it", "Turn the computer on so I can use it": a statement
 *   or the request's reason or purpose ("because", "since", "so (that) I ...").
 */
function readWithContext(
  sentence: string,
  before: ClauseReading | undefined,
  asked: string | undefined,
):
  | {
      clauses: readonly ClauseReading[];
      context: string;
      reason: string;
      hints: LocationHint[];
      ambient?: Ambient;
    }
  | undefined {
  const points = splitPoints(sentence);
  for (const { at, after } of points) {
    const context = sentence.slice(0, at).trim();
    const rest = sentence.slice(after).replace(LEAD, '').trim();
    if (context === '' || rest === '') continue;
    const found = contextOf(context, asked);
    if (!found) continue;
    const read = readRequest(rest, { before: found.before ?? before });
    if (read.ok) {
      const ambient = found.before === undefined ? ambientOf(context) : undefined;
      return { clauses: read.clauses, context, reason: found.reason, hints: found.hints ?? [], ambient };
    }
  }
  for (const { at, after } of [...points].reverse()) {
    const request = sentence.slice(0, at).trim();
    const tail = sentence.slice(after).trim();
    if (request === '' || tail === '' || /^(?:and|then|or|but)\b/i.test(tail)) continue;
    // "..., doesn't matter which one", "..., any sofa will do": any one of its class, as the request reads anyway
    const any = afterthought(tail);
    if (any) {
      const read = readRequest(request, { before });
      if (read.ok && (any.noun === undefined || namedIn(read.clauses, any.noun))) {
        return {
          clauses: read.clauses,
          context: tail,
          reason: 'an after-thought: any one of its class, as read',
          hints: [],
        };
      }
      continue;
    }
    // a reason or purpose, or a statement: never a list of more things ("..., and the milk") or another request
    // "before it goes off" (not "before you heat it": a request of its own)
    // "so it gets washed": a change the robot would bring about is no reason to set aside
    if (CHANGE_PURPOSE.test(tail)) continue;
    const why = /^(?:so|because|since|cause)\s|^before\s+(?!you\b)/i.test(tail);
    if (!why && (!isStatement(tail) || namesDish(tail))) continue;
    const read = readRequest(request, { before });
    if (read.ok) {
      return { clauses: read.clauses, context: tail, reason: 'context after the request: its reason', hints: [] };
    }
  }
  return undefined;
}

/** A room a context names with nothing in it (`ambientOf`). */
interface Ambient {
  readonly rooms: readonly string[];
  /** A tour of the whole house ("go round the house and ..."): every one of what is switched, opened or watered. */
  readonly house?: boolean;
}

/**
 * A room a context names with no thing in it, a place said first ("In the kitchen, turn off the lights") or where the
 * weather "it" speaks of is ("It's dark in the bedroom, turn on the light"): what the request switches, opens or
 * closes is the one there (the things that stand in rooms); a place to put things may be that room's too, which no goal
 * can say, so such a request is refused ("In the bathroom, put the towel in the cabinet"); what else it asks is where
 * the work is done ("In the kitchen, make me a coffee"). Where the speaker is ("I'm in the kitchen") narrows nothing.
 */
function ambientOf(context: string): Ambient | undefined {
  const words = normalizeSentence(context).tokens;
  // the room itself said of ("the bedroom's dark", "the kitchen is freezing")
  const subject = roomList(words, 0);
  const said = /^(?:is|are|was|feels|looks|seems|gets)$/.test(words[subject.end] ?? '');
  if (subject.rooms.length > 0 && said && subject.end + 1 < words.length) {
    return subject.ambiguous ? undefined : { rooms: subject.rooms };
  }
  const locative = words[0] === 'in';
  const weather = words[0] === 'it' && words[1] === 'is';
  if (!locative && !weather) return undefined;
  for (let i = 0; i < words.length; i++) {
    if (words[i] !== 'in') continue;
    const said = roomList(words, i + 1);
    if (said.rooms.length > 0) return said.ambiguous ? undefined : { rooms: said.rooms };
  }
  return undefined;
}

/** What a room said before the request narrows: things that stand in rooms, switched, opened or closed, or watered. */
const SWITCHING: ReadonlySet<string> = new Set(['isToggledOn', 'isToggledOff', 'isOpen', 'isClosed', 'isWatered']);

/** The request's things narrowed to the ambient room (`withRoom`), or why not (a thing no home stands there). */
function inAmbientRoom(
  read: readonly ClauseReading[],
  where: Ambient,
): { clauses?: readonly ClauseReading[]; problem?: string } {
  const out: ClauseReading[] = [];
  for (const clause of read) {
    const subgoals: SubgoalSpec[] = [];
    let changed = false;
    for (const spec of clause.subgoals) {
      // "in the bathroom, put the towel in the cabinet": the room may be the cabinet's, which no goal can say
      const place = spec.destination?.filter((d) => d !== '*') ?? [];
      const roomOfPlace = where.rooms.find((room) => place.length > 0 && !roomAddsNothing(place, room));
      if (roomOfPlace) {
        return {
          problem: `the ${roomOfPlace} said before the request may be where the ${place[0]} is, which a goal cannot say`,
        };
      }
      const narrowable =
        spec.room === undefined && !spec.means && !spec.patient.includes('*') && SWITCHING.has(spec.predicate);
      if (!narrowable) {
        subgoals.push(spec);
        continue;
      }
      if (where.house) {
        changed ||= spec.count !== 'all';
        subgoals.push({ ...spec, count: 'all' });
        continue;
      }
      for (const room of where.rooms) {
        const narrowed = withRoom({ classes: spec.patient, plural: true, by: 'name' }, room);
        if (!narrowed) return { problem: `no ${spec.patient[0]} stands in the ${room} in any home` };
        changed ||= narrowed.room !== undefined;
        subgoals.push(narrowed.room === undefined ? spec : { ...spec, room, count: 'all' });
      }
    }
    out.push(changed ? { ...clause, subgoals } : clause);
  }
  return { clauses: out };
}

/** What a part of a sentence before its request is, as context; undefined when it is no context. */
function contextOf(
  context: string,
  asked: string | undefined,
): { reason: string; before?: ClauseReading; hints?: LocationHint[] } | undefined {
  const mentioned = mentions(context);
  if (NEGATION.test(context)) return { reason: NEGATED, before: contextClause(mentioned) };
  const hints = readHints(context, asked);
  if (hints) {
    return {
      reason: 'where things are, before the request',
      hints,
      before: { subgoals: [], antecedent: hints.map((h) => one(h.className)), hosts: hints.map((h) => one(h.host)) },
    };
  }
  // "for two people, make coffee": how many it is for is no context to set aside
  if (FOR_SEVERAL.test(context)) return undefined;
  // a part that names nothing: a statement ("I'm tired", "everyone's asleep") or a purpose or time said first ("for
  // lunch", "before you leave"), never a word of its own that may change the goal ("Upstairs, ...", "Otherwise, ...",
  // "Alternatively, ..."): the reader does not know it, so it does not set it aside (docs/reader.md, round four)
  if (mentioned.length === 0 && !namesDish(context)) {
    const said = isClause(context) || (FRONTED.test(context.trim()) && !MAY_CHANGE_GOAL.test(context));
    return said ? { reason: 'context before the request' } : undefined;
  }
  if (isStatement(context) || OWN_PLAN.test(context)) {
    return { reason: 'context before the request', before: contextClause(mentioned) };
  }
  return undefined;
}

/** "Clear it by putting three bathroom things in the cabinet": the request is how (the gerund's clause). */
function readPurpose(
  sentence: string,
  before: ClauseReading | undefined,
): { clauses: readonly ClauseReading[]; purpose: string } | undefined {
  const m = /^(.*?),?\s+by\s+(\w+ing)\b(.*)$/i.exec(sentence);
  const base = m && baseOfGerund(m[2].toLowerCase());
  if (!m || !base) return undefined;
  const read = readRequest(`${base}${m[3]}`, { before });
  return read.ok ? { clauses: read.clauses, purpose: m[1] } : undefined;
}

/** How a request after a fronted purpose starts: its subject, a modal, politeness or a request's verb. */
const requestStart = (word: string) =>
  /^(?:i|i'd|i'm|we|we'd|could|can|would|will|please)$/i.test(word) || REQUEST_VERBS.has(word.toLowerCase());

/** States the robot brings a thing to itself, and the verb that does it. */
const PREPARED: Readonly<Record<string, string>> = {
  clean: 'clean',
  cleaned: 'clean',
  washed: 'clean',
  rinsed: 'clean',
  cooked: 'cook',
  heated: 'heat',
  'heated up': 'heat',
  warm: 'heat',
  warmed: 'heat',
  'warmed up': 'heat',
  hot: 'heat',
  toasted: 'toast',
  sliced: 'slice',
  boiled: 'boil',
};
const PREPARED_WHEN = new RegExp(
  `^(?:once|when|after|as soon as)\\s+(.+?)\\s+(?:is|are|has been|have been|gets|get)\\s+(${Object.keys(PREPARED).join('|')})\\s*,?\\s+(?:then\\s+)?(.+)$`,
  'i',
);
/** The same with the thing left out ("When cooked, put it on a plate", "Once clean, put a slice of tomato inside"). */
const PREPARED_ELIDED = new RegExp(
  `^(?:once|when|after|as soon as)\\s+(?:it is\\s+|it's\\s+|they are\\s+|they're\\s+)?(${Object.keys(PREPARED).join('|')})\\s*,?\\s+(?:then\\s+)?(?:please\\s+)?(.+)$`,
  'i',
);

/**
 * A state the robot brings about itself, said as when the next step is to be done: "Once the mug is clean, put it on
 * the coffee table" is "clean the mug and put it on the coffee table" (nothing else in the house cleans it), where the
 * step refers to the same thing. A condition on anything else ("if ...", "when the TV is on, ...") stays refused.
 */
function readPrepared(
  sentence: string,
  before: ClauseReading | undefined,
): { clauses: readonly ClauseReading[]; note: string } | undefined {
  const m = PREPARED_WHEN.exec(sentence.trim());
  const elided = m ? null : PREPARED_ELIDED.exec(sentence.trim());
  if (!m && !elided) return undefined;
  const [subject, state, said] = m ? [m[1], m[2], m[3]] : ['it', elided![1], elided![2]];
  // "put a slice of tomato inside": inside the thing just brought to its state
  const step = said.replace(/\s+(inside|in|on|onto|into)\s*[.!]?$/i, ' $1 it');
  const read = readRequest(`${PREPARED[state.toLowerCase()]} ${subject}, ${step}`, { before });
  const same = read.ok && read.clauses.length >= 2 && (read.clauses[1].referred || step !== said);
  if (!read.ok || !same) return undefined;
  return { clauses: read.clauses, note: `"${subject} is ${state}" read as the step before: ${state} it first` };
}

/**
 * The rooms said from `start` on: "the bedroom", "the bedroom and the kitchen", "the bedroom and in the kitchen";
 * `ambiguous` where they are alternatives ("the bedroom or the kitchen"), which no goal can say.
 */
function roomList(words: readonly string[], start: number): { rooms: string[]; ambiguous: boolean; end: number } {
  const rooms: string[] = [];
  let said: { room: string; end: number } | undefined = roomSaid(words, start);
  if (!said) return { rooms, ambiguous: false, end: start };
  for (;;) {
    rooms.push(said.room);
    const end: number = said.end;
    const joined: boolean = words[end] === 'and' || words[end] === ',' || words[end] === 'or';
    const next: { room: string; end: number } | undefined = joined
      ? roomSaid(words, end + (words[end + 1] === 'in' ? 2 : 1))
      : undefined;
    if (!next) return { rooms, ambiguous: false, end };
    if (words[end] === 'or') return { rooms: [...rooms, next.room], ambiguous: true, end: next.end };
    said = next;
  }
}

/** A room said at `at` ("the living room", "kitchen"), and where it ends. */
function roomSaid(words: readonly string[], at: number): { room: string; end: number } | undefined {
  const from = ['the', 'my', 'our', 'your'].includes(words[at] ?? '') ? at + 1 : at;
  const two = roomOf(words.slice(from, from + 2));
  if (two) return { room: two, end: from + 2 };
  const one = roomOf(words.slice(from, from + 1));
  return one ? { room: one, end: from + 1 } : undefined;
}

/** Going somewhere before the request: to a room ("go to the kitchen and ..."), or round the whole house. */
const MOVE_TO =
  /^(?:go|head|walk|pop|nip|run|hop|step|come|wander|make your way|get)\s+(?:(?:back|over|down|up|across|off|on|through|straight|right)\s+)?(?:to|into|in to|in)\s+(.+)$/;
const TOUR =
  /^(?:go|walk|wander|head|make your way|do a (?:round|lap|tour) of)\s+(?:(?:all|right)\s+)?(?:(?:a)?round|through|about)?\s*(?:the|your|our|my)\s+(?:whole\s+|entire\s+)?(?:house|home|flat|apartment)(?:\s+(?:from room to room))?\s*(?:,\s*)?(?:and\s+(?:then\s+)?|then\s+)?(.+)$/;

/**
 * A movement before the request: to a room ("Go to the kitchen and turn the light off", "Pop into the bedroom and ...")
 * read as that room said before the request (`ambientOf`: what is switched, opened, closed or watered is the one
 * there; a place to put things that may be that room's is refused; what else is asked is no room's), or round the
 * whole house ("Go round the whole house and switch off the lights"): every one of what is switched or watered. A
 * movement names no goal of its own.
 */
function readMoved(
  sentence: string,
  before: ClauseReading | undefined,
): { clauses: readonly ClauseReading[]; ambient: Ambient; movement: string } | undefined {
  const words = normalizeSentence(sentence).tokens.join(' ').replace(/ ,/g, ',');
  const tour = TOUR.exec(words);
  if (tour) {
    const read = readRequest(tour[1], { before });
    if (read.ok)
      return {
        clauses: read.clauses,
        ambient: { rooms: [], house: true },
        movement: words.slice(0, words.length - tour[1].length).trim(),
      };
    return undefined;
  }
  const m = MOVE_TO.exec(words);
  if (!m) return undefined;
  const rest = m[1].split(' ');
  const said = roomList(rest, 0);
  if (said.rooms.length === 0 || said.ambiguous) return undefined;
  const after = rest.slice(said.end);
  const joined = after[0] === ',' || after[0] === 'and' || after[0] === 'then';
  if (!joined) return undefined;
  let k = 0;
  while (after[k] === ',' || after[k] === 'and' || after[k] === 'then') k++;
  const request = after.slice(k).join(' ');
  if (request === '') return undefined;
  const read = readRequest(request, { before });
  if (!read.ok) return undefined;
  return {
    clauses: read.clauses,
    ambient: { rooms: said.rooms },
    movement: words.slice(0, words.length - request.length).replace(/[\s,]*(?:and|then)?\s*$/, ''),
  };
}

/** What a part before a colon may be, that asks nothing itself: the plan announced ("here's the plan", "one thing"). */
const COLON_FRAMING =
  /^(?:(?:ok(?:ay)?|right|so|and|also|oh|now|alright)\s*,?\s+)*(?:(?:here is|here's|this is)\s+(?:the plan|what i (?:need|want)(?: you to do)?|the thing|the deal|the job|the task|what to do|what (?:we|you) (?:need|have) to do)|(?:one|a|just one|one more|one last|a quick|another|my|the)\s+(?:(?:more|last|quick|small|little|big|next)\s+)?(?:thing|job|task|favou?r|request|reminder|errand)(?:\s+(?:before|for|after)\s+[\w\s']{1,24})?|the plan|the job|the task|your task|your job|next|next up|first things first|first|then|finally|reminder|note|to do|todo|tasks?|jobs?)\s*$/i;
/** A tidying said as what the request after the colon is for ("Let's tidy up the desk: ..."). */
const TIDY_PURPOSE =
  /^(?:(?:ok(?:ay)?|right|so|now|alright)\s*,?\s+)*(?:let's|let us|time to|it's time to|it is time to|we need to|i want to|i'd like to|i would like to|we should|can we|could we|please)?\s*(?:tidy|tidy up|sort|sort out|clean up|straighten|straighten up|straighten out|organi[sz]e|declutter|neaten|neaten up|get)\b[\w\s']*?(?:\s+(?:up|out|sorted|tidied|tidy|straight|in order))?\s*$/i;

/** Words a part before a request may not hold to be set aside as a purpose or a time (a condition, an alternative). */
const MAY_CHANGE_GOAL =
  /\b(?:if|unless|except|otherwise|alternatively|instead|or|either|only|not|no|never|until|tomorrow|next|second thoughts?)\b/i;

/** A part said as a clause of its own: a subject, then a verb ("I'm tired", "my hands are full", "I skipped lunch"). */
function isClause(part: string): boolean {
  const { tokens } = normalizeSentence(part);
  if (tokens.length < 2 || MAY_CHANGE_GOAL.test(part)) return false;
  if (PRONOUN_SUBJECTS.has(tokens[0])) return true;
  return SUBJECT_STARTS.has(tokens[0]) && tokens.some((w) => FINITE.has(w));
}

/**
 * A sentence with a colon: the two parts read as clauses of one request ("I need the coffee table completely empty:
 * put whatever is on it into the cabinet": the emptying, then where all of it goes, which supersedes it), or the part
 * before is what the request after is for, and asks nothing itself ("Here's the plan: wash every mug", "Let's tidy up
 * the bathroom counter: three toiletries go into the cabinet"), set aside only where it reads as no request.
 */
function readColon(
  sentence: string,
  before: ClauseReading | undefined,
): { clauses: readonly ClauseReading[]; front?: string } | undefined {
  const at = sentence.indexOf(':');
  const front = sentence.slice(0, at).trim();
  const rest = sentence.slice(at + 1).trim();
  if (front === '' || rest === '') return undefined;
  const joined = readRequest(`${front}, ${rest}`, { before });
  if (joined.ok) return { clauses: joined.clauses };
  const framing = normalizeSentence(front).tokens.join(' ');
  if (!COLON_FRAMING.test(front) && !TIDY_PURPOSE.test(front) && framing !== '') return undefined;
  if (readRequest(front, { before }).ok) return undefined;
  const read = readRequest(rest, { before });
  return read.ok ? { clauses: read.clauses, front } : undefined;
}

/**
 * An after-thought that adds nothing ("doesn't matter which one", "any one will do", "whichever", "any sofa is fine"):
 * any one of its class, as the request reads anyway; a noun it names (`noun`) must be one the request names.
 */
function afterthought(tail: string): { noun?: string[] } | undefined {
  const t = normalizeSentence(tail).tokens.join(' ');
  const m =
    /^(?:it )?(?:does not|doesn't) (?:really )?matter which(?: one| (\w+(?: \w+)?))?$/.exec(t) ??
    /^(?:i )?(?:do not|don't) (?:mind|care) which(?: one| (\w+(?: \w+)?))?$/.exec(t) ??
    /^any(?: one| old| of them| (\w+(?: \w+)?))? (?:will do|is fine|is ok|is okay|works|would do|is good|is great)$/.exec(
      t,
    ) ??
    /^whichever(?: one| (\w+(?: \w+)?))?(?: you (?:like|want|prefer|choose|pick|fancy|find|see))?(?: is fine| will do)?$/.exec(
      t,
    ) ??
    /^(?:either|either one) (?:is fine|will do)$|^(?:your choice|up to you|any of them|any one|anyone)$/.exec(t);
  if (!m) return undefined;
  return m[1] === undefined ? {} : { noun: m[1].split(' ') };
}

/** Whether the noun names a class the clauses act on or put things on or in. */
function namedIn(clauses: readonly ClauseReading[], noun: readonly string[]): boolean {
  const named = resolveNoun(noun);
  if (!named) return false;
  const classes = new Set(clauses.flatMap((c) => c.subgoals.flatMap((s) => [...s.patient, ...(s.destination ?? [])])));
  return named.classes.every((c) => classes.has(c));
}

/** A meal asked for without its dishes ("make me some lunch", "could you get me something to drink?"). */
const MEAL_REQUEST =
  /^(?:make|get|fix|prepare|sort out|sort|rustle up|cook|do|bring|whip up)\s+(?:me|us\s+)?\s*(?:some|a|an)?\s*(?:lunch|dinner|supper|snack|something to eat|something to drink|bite to eat|meal|something|anything)(?:\s+(?:ready|for me|for us|please))?$/;

/** Whom a request is for, counted ("for two people", "for everyone", "for the three of us"): no purpose to set aside. */
const FOR_SEVERAL =
  /^\s*(?:for|as)\b.*\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|both|each|every|everyone|everybody|all)\b/i;

/** Words a purpose or a time before a request starts with ("for breakfast", "as a snack", "before work"). */
const FRONTED = /^(?:for|as|before|after|at|during|on|by|in|with)\s/i;

/**
 * A purpose or a time before a request ("For breakfast I want coffee and a plate of toast served on the kitchen table",
 * "Before work I need a coffee", "For the kids' breakfast, make two slices of toast"): set aside where it names no
 * thing and no room (a meal's name is a purpose), and the rest reads as a request; the shortest such part first.
 */
function readFronted(
  sentence: string,
  before: ClauseReading | undefined,
): { clauses: readonly ClauseReading[]; front: string } | undefined {
  if (!FRONTED.test(sentence.trim())) return undefined;
  const words = sentence.trim().split(/\s+/);
  // at its comma if it has one, else where a request starts ("I want", "could you", "make")
  const comma = words.findIndex((w) => w.endsWith(','));
  for (let k = 2; k <= Math.min(7, words.length - 1); k++) {
    if (comma >= 0 ? k !== comma + 1 : !requestStart(words[k])) continue;
    const front = words.slice(0, k).join(' ');
    const tokens = normalizeSentence(front).tokens;
    const room = tokens.some((_, i) => roomOf(tokens.slice(i, i + 1)) ?? roomOf(tokens.slice(i, i + 2)));
    if (room || mentions(front).length > 0 || NEGATION.test(front) || FOR_SEVERAL.test(front)) return undefined;
    const read = readRequest(words.slice(k).join(' '), { before });
    if (read.ok) return { clauses: read.clauses, front: front.replace(/,$/, '') };
  }
  return undefined;
}

/**
 * The things a sentence names (every longest span that is a noun phrase of a goal), left to right. A room the sentence
 * puts them in, outside a noun phrase ("the TV is on in the bedroom"), narrows them as "the TV in the bedroom" would
 * (`withRoom`: a thing the catalog never stands there is left out, so that no pronoun means it).
 */
function mentions(sentence: string): Thing[] {
  const words = normalizeSentence(sentence).tokens;
  const found: (Thing & { start: number })[] = [];
  const free: boolean[] = words.map(() => true);
  for (let i = 0; i < words.length; i++) {
    for (let j = Math.min(words.length, i + 5); j > i; j--) {
      const noun = resolveNoun(words.slice(i, j));
      if (!noun || noun.by === 'description') continue;
      // as a request's noun phrase reads: a plural, a category or a room-named thing is every one
      found.push({
        start: i,
        classes: noun.classes,
        count: noun.plural || noun.category || noun.room ? 'all' : 1,
        said: words.slice(i, j).join(' '),
        ...(noun.room && { room: noun.room }),
        ...(noun.category && { category: noun.category, vague: true }),
      });
      for (let k = i; k < j; k++) free[k] = false;
      i = j - 1;
      break;
    }
  }
  // each free "in the ROOM" narrows the things named before it since the last one ("the lamp is on in the living room
  // and the TV is on in the bedroom"), or, said first, those after it ("in the bedroom, the TV is on")
  // ("the lights are on in the bedroom and the kitchen": one for each room; "... or the kitchen": none)
  const roomAt = new Map<number, { rooms: string[]; ambiguous: boolean }>();
  for (let i = 0; i < words.length; i++) {
    if (words[i] !== 'in' || !free[i] || !free[i + 1]) continue;
    const said = roomList(words, i + 1);
    if (said.rooms.length > 0) roomAt.set(i, said);
  }
  if (roomAt.size === 0) return found.map(({ start: _, ...t }) => t);
  const rooms = [...roomAt];
  const out: Thing[] = [];
  for (const { start, ...thing } of found) {
    const next = rooms.find(([i]) => i > start);
    const said = next?.[1] ?? (rooms[0][0] < (found[0]?.start ?? 0) ? rooms[0][1] : undefined);
    if (said === undefined || thing.room !== undefined) {
      out.push(thing);
      continue;
    }
    if (said.ambiguous) continue;
    for (const room of said.rooms) {
      const narrowed = withRoom({ classes: thing.classes, plural: false, by: 'name' }, room);
      if (narrowed) out.push(narrowed.room === undefined ? thing : { ...thing, room, count: 'all' });
    }
  }
  return out;
}

/** Dishes the recipe book makes, which are no catalog class: a sentence naming one names something to do. */
const DISH_NOUNS = /\b(?:sandwich|sandwiches|salad|salads|breakfast|toast|coffee)\b/i;
const namesDish = (sentence: string) => DISH_NOUNS.test(sentence);

/**
 * Verbs a request starts with: a part of a sentence that starts with one after a comma or "so" ("the milk will go off,
 * so put it in the fridge"), or with no subject at all, asks for something, so the sentence is no statement.
 */
const REQUEST_VERBS = new Set(
  (
    'put place set leave store move bring take carry get grab fetch find pick hand give pass switch turn flip open ' +
    'close shut clean wash rinse scrub wipe heat cook warm microwave toast make prepare water fill empty clear serve ' +
    'use start pour remove throw toss pop stick tidy refrigerate chill kill power boot'
  ).split(' '),
);
function asksAfter(sentence: string): boolean {
  return splitPoints(sentence).some(({ after }) => {
    // a reason or a time ("because ...", "before the weekend") asks nothing
    if (/^(?:because|since|before|cause)\b/i.test(sentence.slice(after))) return false;
    const part = normalizeSentence(
      sentence
        .slice(after)
        .replace(LEAD, '')
        .replace(/^(?:and|or|then)\s+/i, ''),
    ).tokens;
    const first = part[0];
    if (first === undefined) return false;
    if (REQUEST_VERBS.has(first)) return true;
    // a part that starts with no subject ("so decant it") is a request too, one the reader may not know
    const subject =
      SUBJECT_STARTS.has(first) ||
      PRONOUN_SUBJECTS.has(first) ||
      FINITE.has(first) ||
      first === ',' ||
      resolveNoun([first]) !== undefined ||
      countOf(first) !== undefined;
    return !subject;
  });
}

/**
 * A sentence said as a statement: no word that asks ("please", "could you", "should", "need", "want", ...), and it
 * starts with a pronoun as its subject ("I left the mug out", "we have too much fruit") or with a thing and a verb
 * a statement is said with ("the milk is cold", "the plant looks dry").
 */
function isStatement(sentence: string): boolean {
  if (REQUEST_MARKERS.test(sentence) || asksAfter(sentence)) return false;
  const { tokens } = normalizeSentence(sentence);
  if (tokens.length < 2 || tokens.some((w) => ASKING.has(w))) return false;
  if (PRONOUN_SUBJECTS.has(tokens[0])) return true;
  const first = tokens[0];
  return (SUBJECT_STARTS.has(first) || resolveNoun([first]) !== undefined) && tokens.some((w) => FINITE.has(w));
}
const REQUEST_MARKERS =
  /\b(please|could you|can you|would you|will you|you need to|you should|you must|you have to|make sure|let's|let us|has to|have to|i'd like|i would like)\b/i;
const PRONOUN_SUBJECTS = new Set(['i', 'we', 'they', 'it', 'there', 'he', 'she', 'everyone', 'everything', 'nobody']);
/** Verbs a statement is said with ("the milk is cold", "the plant looks dry", "guests arrive tonight"). */
const FINITE = new Set(
  'is are was were will am looks look seems seem has have had came went starts start arrive arrives got feel feels smells left'.split(
    ' ',
  ),
);
const ASKING = new Set([
  'should',
  'must',
  'need',
  'needs',
  'want',
  'wants',
  'would',
  'please',
  'ought',
  'belongs',
  'belong',
  'goes',
]);
const SUBJECT_STARTS = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'my',
  'your',
  'our',
  'their',
  'it',
  'i',
  'we',
  'they',
  'there',
  'he',
  'she',
  'everything',
  'something',
  'nothing',
  'everyone',
  'someone',
  'guests',
  'breakfast',
  'dinner',
  'lunch',
]);

/** Verbs a Commander's unread sentence may start with and still be a step of the way, never the task itself. */
const TASK_VERBS = new Set(
  (
    'slice cut chop dice cook heat warm microwave toast boil fry bake clean wash rinse scrub wipe water make prepare ' +
    'brew serve place put set arrange move bring deliver carry'
  ).split(' '),
);

/**
 * Why a Commander sentence the reader could not read as a request is set aside in a dialogue, or undefined when it
 * asks for part of the task (the reading then fails): a question to the Driver, what not to do now ("not in the
 * fridge", "no need for that"), or a step of the way (a sentence that does not start with a verb of the task's
 * vocabulary: "tilt down to see inside the bin", "take that", "open the cabinet above the toaster"; or a thing set down
 * for a moment: "place the pot on the floor", "keep it aside").
 */
function dialogueRemark(sentence: string, words: readonly string[], named: boolean): string | undefined {
  const said = words.join(' ');
  if (isQuestion(sentence)) return 'a question to the Driver';
  if (NEGATION.test(sentence) || /^not\b/.test(said)) return 'what not to do now, said to the Driver';
  if (!named) return 'names nothing the robot can act on';
  if (PUT_DOWN.test(said)) return 'a thing set down for a moment, a step of the way';
  if (INTO_APPLIANCE.test(said)) return 'a thing put in what makes it so, a step of the way';
  // what the Driver has done or must see ("you have placed only 1 slice", "already clean", "to boil water with"), as
  // said: normalising drops "already" and a leading "to"
  const raw = sentence.trim().toLowerCase();
  if (
    /^(?:you have|you did|you placed|you put|you are|already|still|to)\b/.test(said) ||
    /^(?:already|still|to)\b/.test(raw)
  )
    return "said of the Driver's work, no request";
  // handling the things ("take the small slice of tomato", "grab a different one"): a step, unless a task verb follows
  const handling = STEP_VERBS.has(words[0] ?? '');
  if (
    /^(?:try|maybe try|you can try|you could try|alternatively|alternative|or)\b/i.test(sentence.trim()) ||
    /^or\b/.test(said)
  )
    return 'another way to try, a step of the way';
  // a verb of the task where a clause starts ("slice it", "and wash it", "then place the slices"), or slices counted:
  // part of the task the reader could not read
  const asks = words.some((w, i) => TASK_VERBS.has(w) && (i === 0 || CLAUSE_START.has(words[i - 1])));
  if (asks || (!handling && /\b\d+\s+(?:more\s+)?(?:slice|slices|piece|pieces)\b|\bslices? of\b/.test(said)))
    return undefined;
  // a dish named in a sentence the reader could not read ("and maker fresh coffee") is part of the task
  if (!handling && namesDish(sentence)) return undefined;
  return 'a step of the way, said to the Driver; what it is for is the task';
}

/** Words after which a clause starts. */
const CLAUSE_START = new Set(['and', 'then', ',', 'to', 'now', 'also', 'first', 'next', 'so', 'please', 'just']);

/** Verbs of handling things on the way to the task: what the Driver picks up, opens, switches, looks at. */
const STEP_VERBS = new Set(
  'take grab pick get hold use find open close turn switch empty remove look check go walk try search tilt step'.split(
    ' ',
  ),
);

/** A thing put in what makes it so ("empty then place in coffeemaker", "place in microwave"): a step of the way. */
const INTO_APPLIANCE =
  /\b(?:place|put|set|drop|pop)\b(?:\s+(?:it|them|the \w+))?\s+(?:in|into|inside|on)\s+(?:the\s+)?(?:coffee ?maker|coffee machine|microwave|toaster|stove|burner|pot|pan|sink)\b/;

/** A thing set down for a moment ("place the pot on the floor", "put the pan down anywhere", "keep it aside"). */
const PUT_DOWN =
  /^(?:place|put|set|keep|leave|lay|move)\b.*\b(?:down|aside|a side|on the floor|onto the floor|to the side|anywhere|on the ground|out of the way)\b/;

/** Predicates of steps: what a Driver opens, switches, picks up or takes out on the way to the task. */
const STEP_PREDICATES: ReadonlySet<string> = new Set([
  'isOpen',
  'isClosed',
  'isToggledOn',
  'isToggledOff',
  'isPickedUp',
  'isTakenFrom',
  'isFilledWithWater',
]);

/** Where things go on the way to a state: the appliances and vessels that make it (a pot to boil in, a toaster). */
const STEP_PLACES: ReadonlySet<string> = new Set([
  ...HEATER_CLASSES,
  'cookingpot',
  'fryingpan',
  'sink',
  'coffeemaker',
  'garbagecan',
]);

/**
 * A dialogue's goal without the steps the Commander walked the Driver through ("open the cabinet", "turn on the
 * toaster", "grab the plate", "put the potato in the pot"), where it asks for anything else: what the steps are for
 * is the task. A dialogue of steps alone ("turn on all the lamps") keeps them: they are its task.
 */
function withoutSteps<G extends { subgoals: readonly SubgoalSpec[] }>(goal: G, notes: string[]): G {
  const isStep = (s: SubgoalSpec) =>
    !s.means &&
    (STEP_PREDICATES.has(s.predicate) ||
      (s.predicate === 'isPlacedTo' && (s.destination ?? []).every((d) => STEP_PLACES.has(d))));
  const steps = goal.subgoals.filter(isStep);
  if (steps.length === 0 || steps.length === goal.subgoals.filter((s) => !s.means).length) return goal;
  notes.push(
    `${steps.length} step${steps.length === 1 ? '' : 's'} of the way set aside: what they are for is the task`,
  );
  return { ...goal, subgoals: goal.subgoals.filter((s) => !isStep(s)) };
}

/** States a dialogue brings a thing to that later mentions of its class carry ("the toast", "the potato slices"). */
const CARRIED: ReadonlySet<Predicate> = new Set(['isSliced', 'isCooked', 'isBoiled']);

/**
 * A dialogue's goal assembled over its turns, as one task about the same things: a class brought to a state in one
 * turn ("toast 2 slices", "cook the potato", "slice the tomato") is in that state where another turn names it again
 * ("place 2 slices of bread on the plate", "put the potato on a plate": the toast, the cooked potato); a placement said
 * twice of the same things and host is one, with the states either says.
 */
function assembled<G extends { subgoals: readonly SubgoalSpec[] }>(goal: G, notes: string[]): G {
  const made = new Map<string, Set<Predicate>>();
  for (const s of goal.subgoals) {
    if (s.means || !CARRIED.has(s.predicate)) continue;
    for (const c of s.patient) made.set(c, new Set([...(made.get(c) ?? []), s.predicate]));
  }
  let carried = false;
  const withStates = goal.subgoals.map((s) => {
    if (s.means || s.patient.some((c) => !made.has(c))) return s;
    // the states every patient class was made into
    const [first, ...rest] = s.patient.map((c) => made.get(c)!);
    const states = [...first].filter((p) => rest.every((other) => other.has(p)));
    const missing = [...states].filter((p) => p !== s.predicate && !(s.qualifiers ?? []).includes(p));
    // a state brought about by this very subgoal's kind is no qualifier of an earlier step ("slice it", after cooking)
    if (missing.length === 0 || !RELATION_OR_LATER.has(s.predicate)) return s;
    carried = true;
    return { ...s, qualifiers: [...(s.qualifiers ?? []), ...missing] };
  });
  // one placement of the same things on the same host: the larger count, every state said
  const out: SubgoalSpec[] = [];
  // a kept subgoal's key, made once and only where another of its predicate and things comes (`keys[k]`: `out[k]`'s)
  const keys: (string | undefined)[] = [];
  const keyAt = (k: number) => {
    keys[k] ??= subgoalKey(out[k]);
    return keys[k];
  };
  for (const s of withStates) {
    const same = out.findIndex(
      (o) =>
        o.predicate === 'isPlacedTo' &&
        s.predicate === 'isPlacedTo' &&
        o.patient.join() === s.patient.join() &&
        (o.destination ?? []).join() === (s.destination ?? []).join() &&
        (o.room ?? '') === (s.room ?? ''),
    );
    if (same < 0) {
      const things = s.patient.join();
      let key: string | undefined;
      const said = out.some((o, k) => {
        if (o.predicate !== s.predicate || o.patient.join() !== things) return false;
        key ??= subgoalKey(s);
        return keyAt(k) === key;
      });
      if (!said) {
        out.push(s);
        keys.push(key);
      }
      continue;
    }
    const o = out[same];
    const count = o.count === 'all' || s.count === 'all' ? 'all' : Math.max(o.count ?? 1, s.count ?? 1);
    const qualifiers = [...new Set([...(o.qualifiers ?? []), ...(s.qualifiers ?? [])])];
    const hostStates = [...new Set([...(o.destinationQualifiers ?? []), ...(s.destinationQualifiers ?? [])])];
    const { count: _c, qualifiers: _q, destinationQualifiers: _d, ...rest } = o;
    out[same] = {
      ...rest,
      ...(count !== 1 && { count }),
      ...(qualifiers.length > 0 && { qualifiers }),
      ...(hostStates.length > 0 && { destinationQualifiers: hostStates }),
    };
    keys[same] = undefined;
    carried = true;
  }
  if (carried) notes.push('the things one turn made are the ones the others name again (one task over the turns)');
  return out.length === goal.subgoals.length && !carried ? goal : { ...goal, subgoals: out };
}

/** Subgoals a state made in another turn is carried to: placing the thing, and states that follow making it. */
const RELATION_OR_LATER: ReadonlySet<string> = new Set(['isPlacedTo', 'isCooked', 'isBoiled']);

/**
 * A dish's parts said as slices, in a sentence of their own after it ("2 slices of lettuce and 1 slice of tomato") or
 * after "with" ("a salad with one slice of lettuce and 2 slices of cooked potato"): the slicing clauses (the dish's
 * parts they become: `withComponents`).
 */
function readParts(
  sentence: string,
  before: ClauseReading | undefined,
  clauses: readonly ClauseReading[],
): readonly ClauseReading[] | undefined {
  const slicing = (read: ReturnType<typeof readRequest>) =>
    read.ok && read.clauses.every((c) => c.subgoals.length > 0 && c.subgoals.every((s) => s.predicate === 'isSliced'));
  const withParts = /^(.*\b(?:salad|sandwich))\s+(?:with|of|made of|made with)\s+(.+)$/i.exec(sentence.trim());
  if (withParts) {
    const dish = readRequest(withParts[1], { before });
    if (!dish.ok || !dish.clauses.some((c) => c.dish)) return undefined;
    const parts = readRequest(`make ${withParts[2]}`, { before: dish.clauses.at(-1) });
    return slicing(parts) && parts.ok ? [...dish.clauses, ...parts.clauses] : undefined;
  }
  if (!clauses.some((c) => c.dish)) return undefined;
  const parts = readRequest(`make ${sentence}`, { before });
  return slicing(parts) && parts.ok ? parts.clauses : undefined;
}

/**
 * A salad's or a sandwich's parts, said after it: the slices the dialogue cuts after asking for it ("i'd like a salad"
 * ... "2 slices of lettuce and 1 slice of tomato"; "make a sandwich ... slice the lettuce") are its parts, placed on its
 * clean plate, in place of the recipe's own (TEACh's salad and sandwich choose their parts: the recipe says what they
 * are when nothing is said). The dish's other parts (a sandwich's toast, the clean plate) stay.
 */
function withComponents(clauses: ClauseReading[], notes: string[]): void {
  const at = clauses.findIndex((c) => c.dish !== undefined);
  if (at < 0) return;
  const dish = clauses[at].dish!;
  const sliced = new Map<string, { count: number | 'all'; cooked: boolean }>();
  for (const clause of clauses.slice(at + 1)) {
    for (const s of clause.subgoals) {
      const c = s.patient.length === 1 ? s.patient[0] : undefined;
      if (c === undefined || c === 'breadslice' || catalogClass(c)?.kind !== 'food') continue;
      const known = sliced.get(c);
      if (s.predicate === 'isSliced' || (known && s.qualifiers?.includes('isSliced'))) {
        const count = s.count ?? 1;
        const larger =
          known === undefined ? count : known.count === 'all' || count === 'all' ? 'all' : Math.max(known.count, count);
        sliced.set(c, {
          count: larger,
          cooked: (known?.cooked ?? false) || s.predicate === 'isCooked' || !!s.qualifiers?.includes('isCooked'),
        });
      }
      if (known && s.predicate === 'isCooked') sliced.set(c, { ...sliced.get(c)!, cooked: true });
    }
  }
  if (sliced.size === 0) return;
  const ownParts = (spec: SubgoalSpec) => spec.patient.some((c) => dish.components.includes(c));
  const parts: SubgoalSpec[] = [...sliced].map(([className, { count, cooked }]) => ({
    patient: [className],
    ...(count !== 1 && { count }),
    qualifiers: cooked ? ['isSliced', 'isCooked'] : ['isSliced'],
    predicate: 'isPlacedTo',
    destination: ['plate'],
    destinationQualifiers: ['isClean'],
  }));
  // the dish said again ("let's make a salad. salad.") is the same dish
  for (let i = at; i < clauses.length; i++) {
    if (clauses[i].dish?.name !== dish.name) continue;
    clauses[i] = { ...clauses[i], subgoals: [...clauses[i].subgoals.filter((s) => !ownParts(s)), ...parts] };
  }
  notes.push(`the ${dish.name}'s parts read as the slices said after it: ${[...sliced.keys()].join(', ')}`);
}

/**
 * Whether a sentence names anything a request could be about: a thing or a room the catalog knows, a dish, a number,
 * or a request's verb first (`readDialogue`'s test for what it goes on to read, in a dialogue).
 */
function namesAnything(sentence: string): boolean {
  const words = normalizeSentence(sentence).tokens;
  if (words.length === 0) return false;
  if (REQUEST_VERBS.has(words[0]) || countOf(words[0]) !== undefined || namesDish(sentence)) return true;
  if (words.some((w) => TASK_VERBS.has(w) || REQUEST_VERBS.has(w))) return true;
  for (let i = 0; i < words.length; i++) {
    for (let j = Math.min(words.length, i + 3); j > i; j--) if (resolveNoun(words.slice(i, j))) return true;
    if (roomOf(words.slice(i, i + 1)) ?? roomOf(words.slice(i, i + 2))) return true;
  }
  return false;
}
