/**
 * The clause grammar of the goal reader: one request sentence, normalised (`normalize.ts`: politeness and framing
 * removed, contractions expanded, number words spelled one way), read into the structured goal the episodic protocol
 * scores: DANLI-style subgoals over catalog classes (`src/sim/subgoals.ts`) and ordered action goals. `readGoal`
 * (`read-goal.ts`) reads whole texts and dialogues through it; `readTask` reads a text whose every sentence is a
 * request (LLM-State's and HELPER's offline roles call it).
 *
 * The sentence forms are in `clause-forms.ts`, what they mean in `clauses.ts`; docs/reader.md describes both.
 */
import type { ActionGoal } from '../sim/action-goals.js';
import { catalogClass } from '../sim/catalog/index.js';
import { ANY_THING, type Predicate, recipeInstruments, type SubgoalSpec } from '../sim/subgoals.js';
import { CLAUSE_FORMS, CLAUSE_SEPARATORS, MAX_STEPS, RESERVED } from './clause-forms.js';
import { type ClauseReading, goalPhrase, joinSentence, nonsense, type ReadingContext, readClauses } from './clauses.js';
import { type Env, list, type Production, readSentence } from './matcher.js';
import { normalizeSentence, sentenceTexts } from './normalize.js';

export type { ClauseReading, ReadingContext } from './clauses.js';
export type { Thing } from './things.js';

/** A task text as read: the subgoals in order and the ordered action goals. */
export interface TaskReading {
  readonly subgoals: readonly SubgoalSpec[];
  readonly actionGoals: readonly ActionGoal[];
}

export type TaskParse =
  | {
      readonly ok: true;
      readonly reading: TaskReading;
      readonly production: string;
      /** Defaults the reading took and pronouns it resolved, one line each ("'some fruit' read as all of it"). */
      readonly notes?: readonly string[];
    }
  | { readonly ok: false; readonly reason: string };

const PRODUCTIONS: readonly Production<ClauseReading[]>[] = [
  {
    name: 'request',
    pattern: [list('clauses', CLAUSE_FORMS, CLAUSE_SEPARATORS)],
    build: () => [],
  },
];

// ---- reading ---------------------------------------------------------------------------------------------------------

/** One request sentence read: its clauses (subgoals in order, action goals, notes), or why not. */
export type SentenceReading =
  | { readonly ok: true; readonly clauses: readonly ClauseReading[]; readonly framing: readonly string[] }
  | { readonly ok: false; readonly reason: string };

/** Reads one sentence (a text without sentence ends) as a request, in the context of what came before. */
export function readRequest(sentence: string, context: ReadingContext = {}): SentenceReading {
  const normalized = normalizeSentence(sentence);
  if (normalized.tokens.length === 0) return { ok: false, reason: 'the sentence asks for nothing' };
  const productions = PRODUCTIONS.map((p) => ({
    ...p,
    build: (env: Env) => [readClauses(env.get('clauses') as Env[], context)],
  }));
  const result = readSentence(normalized.tokens, productions, nonsense, {
    grammar: 'task grammar',
    notPhraseStart: RESERVED,
    resolve: goalPhrase,
    maxSteps: MAX_STEPS,
    // "the appliance you cook on" is five; "the glass of water on the kitchen table" would not be one phrase anyway
    maxPhraseWords: 8,
  });
  if (!result.ok) return result;
  return { ok: true, clauses: result.readings[0], framing: normalized.framing };
}

/** States a thing is brought to by a step of its own, in the order they are made: sliced, washed, then heated or cooled. */
const STEP_STATES: readonly Predicate[] = ['isSliced', 'isClean', 'isCooked', 'isHeated', 'isCooled'];

/**
 * A state a subgoal asks of its thing ("put a chilled apple on the table": the apple cooled) as a step of its own
 * before it, as ALFRED's and TEACh's goals are written (`apple isCooled; apple(isCooled) isPlacedTo table`), where no
 * subgoal before asks it: every agent plans for subgoals, and a qualifier alone reads to some as which thing to take.
 * Each step carries the states made before it (`apple(isSliced) isCooled`).
 */
function withStateSteps(subgoals: readonly SubgoalSpec[]): SubgoalSpec[] {
  const out: SubgoalSpec[] = [];
  const key = (s: Pick<SubgoalSpec, 'patient' | 'predicate' | 'count' | 'room'>) =>
    `${[...s.patient].sort().join('|')} ${s.predicate} ${s.count ?? 1} ${s.room ?? ''}`;
  const asked = new Set<string>();
  for (const spec of subgoals) {
    const states = STEP_STATES.filter((q) => spec.qualifiers?.includes(q));
    for (const [k, state] of states.entries()) {
      const { qualifiers: _q, destination: _d, destinationQualifiers: _dq, using: _u, placeAs: _p, ...thing } = spec;
      const step: SubgoalSpec = { ...thing, predicate: state, ...(k > 0 && { qualifiers: states.slice(0, k) }) };
      if (asked.has(key(step))) continue;
      asked.add(key(step));
      out.push(step);
    }
    asked.add(key(spec));
    out.push(spec);
  }
  return out;
}

/** The goal of read clauses: their subgoals in order (a subgoal said twice is one), action goals, notes. */
export function goalOf(clauses: readonly ClauseReading[]): TaskReading & { notes: string[] } {
  const subgoals: SubgoalSpec[] = [];
  const actionGoals: ActionGoal[] = [];
  const notes: string[] = [];
  const seen = new Set<string>();
  for (const clause of clauses) {
    for (const spec of [...slicingFirst(subgoals, clause.subgoals)]) {
      const key = JSON.stringify(spec);
      if (seen.has(key)) continue;
      seen.add(key);
      subgoals.push(spec);
    }
    actionGoals.push(...(clause.actionGoals ?? []));
    for (const note of clause.notes ?? []) if (!notes.includes(note)) notes.push(note);
  }
  return { subgoals: withStateSteps(subgoals), actionGoals, notes };
}

/**
 * The subgoals of a clause, each thing said as slices ("put 2 slices of tomato on a plate") sliced first where no
 * subgoal before asks it: a slice is a state the robot brings about (docs/alfred.md), as a clean plate is cleaned first.
 */
function* slicingFirst(done: readonly SubgoalSpec[], specs: readonly SubgoalSpec[]): Generator<SubgoalSpec> {
  const sliced = (s: SubgoalSpec) => s.predicate === 'isSliced';
  const before = [...done];
  for (const spec of specs) {
    if (spec.qualifiers?.includes('isSliced') && spec.predicate !== 'isSliced') {
      const count = spec.count ?? 1;
      const enough = before.some(
        (s) =>
          sliced(s) &&
          s.patient.join() === spec.patient.join() &&
          (s.count === 'all' || (count !== 'all' && (s.count ?? 1) >= count)),
      );
      if (!enough) {
        const slicing: SubgoalSpec = {
          patient: spec.patient,
          predicate: 'isSliced',
          ...(count !== 1 && { count }),
          ...(spec.room !== undefined && { room: spec.room }),
        };
        // one slicing of the thing, the largest count said
        const at = before.findIndex((s) => sliced(s) && s.patient.join() === spec.patient.join());
        if (at < 0) yield slicing;
        before.push(slicing);
      }
    }
    before.push(spec);
    yield spec;
  }
}

/**
 * Reads a task text whose every sentence is a request into its structured goal, or says why it cannot (the first
 * sentence that does not read). Texts with context sentences or dialogue turns are `readGoal`'s.
 */
export function readTask(text: string): TaskParse {
  const sentences = sentenceTexts(text);
  if (sentences.length === 0) return { ok: false, reason: 'the text is empty' };
  let clauses: ClauseReading[] = [];
  let before: ClauseReading | undefined;
  for (const sentence of sentences) {
    const read = readRequest(sentence, { before });
    if (!read.ok) return read;
    const joined = joinSentence(clauses, read.clauses);
    if (joined.problem) return { ok: false, reason: joined.problem };
    const [first, ...rest] = joined.read;
    clauses = joined.earlier;
    // "... toast. one slice please.": the clause before, said again
    if (first?.restates) clauses.pop();
    clauses.push(...(first ? [first] : []), ...rest);
    before = clauses.at(-1);
  }
  const { notes, ...reading } = goalOf(clauses);
  return { ok: true, reading, production: 'request', ...(notes.length > 0 && { notes }) };
}

// ---- what a goal makes relevant --------------------------------------------------------------------------------------

/** The classes a task's goal is about, the offline stand-in for a model's judgement of relevance. */
export interface GoalClasses {
  /**
   * Patients, destinations, the instruments their recipes need (toaster, sink and faucet, ...), the containers the
   * catalog says patients are kept in (milk: the fridge), the classes action goals name.
   */
  readonly classes: ReadonlySet<string>;
  /** Classes whatever lies on or in is relevant ("empty the kitchen table"). */
  readonly hosts: ReadonlySet<string>;
  /** Room classes the goal names ("the light in the bedroom"). */
  readonly rooms: ReadonlySet<string>;
}

export function goalClasses(reading: TaskReading): GoalClasses {
  const classes = new Set<string>();
  const hosts = new Set<string>();
  const rooms = new Set<string>();
  for (const spec of reading.subgoals) {
    for (const className of spec.patient) {
      if (className === ANY_THING) continue;
      classes.add(className);
      for (const container of catalogClass(className)?.inside ?? []) classes.add(container);
    }
    for (const className of [...(spec.destination ?? []), ...(spec.startOn ?? [])]) classes.add(className);
    for (const className of spec.startOn ?? []) hosts.add(className);
    for (const group of recipeInstruments(spec)) for (const className of group) classes.add(className);
    if (spec.room !== undefined) rooms.add(spec.room);
  }
  for (const goal of reading.actionGoals) {
    for (const alternative of goal.anyOf) for (const className of alternative.classes ?? []) classes.add(className);
  }
  return { classes, hosts, rooms };
}
