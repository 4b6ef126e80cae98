/**
 * The grammar of continual instructions: productions over words, with noun phrases resolved to catalog classes by
 * `resolvePhrase` (names, aliases, descriptions). A sentence is tokenised (lower case; `,` and `.` are tokens;
 * `isn't` is `is not`) and matched against every production by a backtracking matcher that tries every span for a
 * noun phrase, so "the appliance you cook on" is found as one phrase before "has been left off" although "on" is a
 * state word. A production matches only the whole sentence. The result is a structured reading per instruction the
 * sentence states (a summary states several).
 *
 * A noun phrase may end in "in the ROOM" (a room class by name): the thing in that room, where the home has several.
 *
 * Productions (`|` separates alternatives; NP a noun phrase, NP+ a list of them joined by `,` and `or`/`and`):
 *   if NP+ (has been left | is left | is | are | ...) STATE , ACTION         conditional state goal
 *   (keep | always leave | leave) NP+ STATE [at all times | always]          standing state goal
 *   if NP (is not | is no longer) PREP NP , put it (there | back)            conditional placement of one
 *   if any NP (are not) PREP NP , put them there                             conditional placement of all
 *   if you (see | find) NP , put (it | them) PREP NP                         conditional placement (Table A.1)
 *   make sure [that] RULE {, RULE} [and RULE]                                standing placements
 *       RULE: NP (stays | remains | is) PREP NP  |  all the NP (stay | remain | are) PREP NP
 *   NP (should | must) always be PREP NP                                     standing placement (Table A.1)
 *   whenever things are out of place , put PLACE {, PLACE} [and PLACE]       conditional placements
 *       PLACE: NP PREP NP  |  all the NP PREP NP
 *   (if | when | whenever) NP calls , take DELIVERY {, DELIVERY} [and DELIVERY]   city deliveries (ExRAP B.3)
 *   whenever a building calls , take DELIVERY {, DELIVERY} [and DELIVERY]
 *       DELIVERY: NP to NP  |  all the NP to NP                                  (INSIDE the receiving building)
 *   ACTION: (switch | turn) (it | them) STATE | (switch | turn) STATE (it | them) | open (it | them) | close ...
 */
import { catalogClass } from '../sim/catalog/index.js';
import {
  type Env,
  list,
  np,
  nplist,
  optional,
  type Pattern,
  type Phrase,
  type Production,
  pick,
  readSentence,
  splitSentences,
  tokenize,
  words,
} from './matcher.js';

export { tokenize } from './matcher.js';

export type ReadingState = 'ON' | 'OFF' | 'OPEN' | 'CLOSED';

/** One instruction as the grammar reads it (the shape of the benchmark's structured instructions, without ids). */
/** What a noun phrase of an instruction means: catalog classes, and the room class that narrows them if one is named. */
export interface ReadingThing {
  readonly classes: readonly string[];
  readonly room?: string;
}

export interface InstructionReading {
  readonly phrasing: 'if' | 'always';
  readonly goal:
    | { readonly kind: 'state'; readonly object: ReadingThing; readonly state: ReadingState }
    | {
        readonly kind: 'placement';
        readonly object: ReadingThing;
        readonly quantity: 'one' | 'all';
        readonly relation: 'ON' | 'INSIDE';
        readonly host: ReadingThing;
      };
}

/** The reading of a phrase: its class, and its room when it names one. */
const thingOf = (phrase: Phrase): ReadingThing =>
  phrase.room === undefined ? { classes: [phrase.className] } : { classes: [phrase.className], room: phrase.room };

// ---- productions ----------------------------------------------------------------------------------------------------

const STATE_WORDS: Record<string, ReadingState> = {
  on: 'ON',
  off: 'OFF',
  open: 'OPEN',
  closed: 'CLOSED',
  shut: 'CLOSED',
};
const state = (name: string) => pick(name, STATE_WORDS);
const prep = (name: string) => pick(name, { on: 'ON', onto: 'ON', in: 'INSIDE', inside: 'INSIDE', into: 'INSIDE' });
const end = optional(words('.'));

const phraseOf = (env: Env, name: string) => env.get(name) as Phrase;
const phrasesOf = (env: Env, name: string) => env.get(name) as Phrase[];
const stateOf = (env: Env, name: string) => env.get(name) as ReadingState;
const relationOf = (env: Env, name: string) => env.get(name) as 'ON' | 'INSIDE';

const stateGoal = (phrasing: 'if' | 'always', object: Phrase, goalState: ReadingState): InstructionReading => ({
  phrasing,
  goal: { kind: 'state', object: thingOf(object), state: goalState },
});

const placementGoal = (
  phrasing: 'if' | 'always',
  quantity: 'one' | 'all',
  object: Phrase,
  relation: 'ON' | 'INSIDE',
  host: Phrase,
): InstructionReading => ({
  phrasing,
  goal: {
    kind: 'placement',
    object: thingOf(object),
    quantity,
    relation,
    host: thingOf(host),
  },
});

const ACTION_ALTERNATIVES: Pattern[] = [
  [words('switch|turn'), words('it|them'), state('action')],
  [words('switch|turn'), state('action'), words('it|them')],
  [pick('action', { open: 'OPEN', close: 'CLOSED', shut: 'CLOSED' }), words('it|them')],
];

const LEFT = words('has been left|have been left|is left|are left|was left|were left|has been|have been|is|are|stays');

/** A placement item: one object, or all of a class. */
const placementItems = (verb: string | undefined) => {
  const v = verb ? [words(verb)] : [];
  return [
    {
      tag: 'all',
      pattern: [
        words('all the|all'),
        np('object'),
        ...(verb ? [words('stay|remain|are')] : []),
        prep('prep'),
        np('host'),
      ],
    },
    { tag: 'one', pattern: [np('object'), ...v, prep('prep'), np('host')] },
  ];
};

/** A delivery of the city: one thing, or all of a class, to a building. */
const DELIVERY_ITEMS = [
  { tag: 'all', pattern: [words('all the|all'), np('object'), words('to'), np('host')] },
  { tag: 'one', pattern: [np('object'), words('to'), np('host')] },
];

/** The deliveries of a list: things to be INSIDE their receiving building. */
const deliveries = (env: Env): InstructionReading[] =>
  (env.get('deliveries') as Env[]).map((item) =>
    placementGoal(
      'if',
      item.get('tag') === 'all' ? 'all' : 'one',
      phraseOf(item, 'object'),
      'INSIDE',
      phraseOf(item, 'host'),
    ),
  );

const PRODUCTIONS: readonly Production<InstructionReading>[] = [
  ...ACTION_ALTERNATIVES.map(
    (action, n): Production<InstructionReading> => ({
      name: `if-state-${n + 1}`,
      pattern: [words('if'), nplist('objects', 'or'), LEFT, state('current'), words(','), ...action, end],
      build: (env) => phrasesOf(env, 'objects').map((o) => stateGoal('if', o, stateOf(env, 'action'))),
    }),
  ),
  {
    name: 'always-state',
    pattern: [
      words('keep|always keep|always leave|leave'),
      nplist('objects', 'and'),
      state('state'),
      optional(words('at all times|always')),
      end,
    ],
    build: (env) => phrasesOf(env, 'objects').map((o) => stateGoal('always', o, stateOf(env, 'state'))),
  },
  {
    name: 'if-place-one',
    pattern: [
      words('if'),
      np('object'),
      words('is not|is no longer'),
      prep('prep'),
      np('host'),
      words(','),
      words('put it there|put it back|put it back there'),
      end,
    ],
    build: (env) => [
      placementGoal('if', 'one', phraseOf(env, 'object'), relationOf(env, 'prep'), phraseOf(env, 'host')),
    ],
  },
  {
    name: 'if-place-all',
    pattern: [
      words('if any'),
      np('objects'),
      words('are not|are no longer'),
      prep('prep'),
      np('host'),
      words(','),
      words('put them there|put them back|put them back there'),
      end,
    ],
    build: (env) => [
      placementGoal('if', 'all', phraseOf(env, 'objects'), relationOf(env, 'prep'), phraseOf(env, 'host')),
    ],
  },
  {
    name: 'if-see-place',
    pattern: [
      words('if you see|if you find'),
      np('object'),
      optional(words('somewhere')),
      words(','),
      words('put it|put them|bring it|bring them'),
      prep('prep'),
      np('host'),
      end,
    ],
    build: (env) => {
      const object = phraseOf(env, 'object');
      return [
        placementGoal('if', object.plural ? 'all' : 'one', object, relationOf(env, 'prep'), phraseOf(env, 'host')),
      ];
    },
  },
  {
    name: 'always-place',
    pattern: [words('make sure'), optional(words('that')), list('rules', placementItems('stays|remains|is')), end],
    build: (env) =>
      (env.get('rules') as Env[]).map((rule) =>
        placementGoal(
          'always',
          rule.get('tag') === 'all' ? 'all' : 'one',
          phraseOf(rule, 'object'),
          relationOf(rule, 'prep'),
          phraseOf(rule, 'host'),
        ),
      ),
  },
  {
    name: 'always-place-modal',
    pattern: [np('object'), words('should always be|must always be|should be|must be'), prep('prep'), np('host'), end],
    build: (env) => {
      const object = phraseOf(env, 'object');
      return [
        placementGoal('always', object.plural ? 'all' : 'one', object, relationOf(env, 'prep'), phraseOf(env, 'host')),
      ];
    },
  },
  {
    // The city's "if the green building calls, take its goods to the red building": the call is the goods waiting,
    // so the query is, as for the placements, the goods not at the receiver.
    name: 'if-calls-deliver',
    pattern: [
      words('if|when|whenever'),
      np('caller'),
      words('calls|is calling'),
      words(','),
      words('take|bring|deliver|carry'),
      list('deliveries', DELIVERY_ITEMS),
      end,
    ],
    build: deliveries,
  },
  {
    name: 'deliver-list',
    pattern: [
      words('whenever a building calls|when a building calls'),
      words(','),
      words('take|bring|deliver|carry'),
      list('deliveries', DELIVERY_ITEMS),
      end,
    ],
    build: deliveries,
  },
  {
    name: 'if-place-list',
    pattern: [
      words('whenever things are out of place|whenever something is out of place'),
      words(','),
      words('put'),
      list('placements', placementItems(undefined)),
      end,
    ],
    build: (env) =>
      (env.get('placements') as Env[]).map((item) =>
        placementGoal(
          'if',
          item.get('tag') === 'all' ? 'all' : 'one',
          phraseOf(item, 'object'),
          relationOf(item, 'prep'),
          phraseOf(item, 'host'),
        ),
      ),
  },
];

// ---- parsing --------------------------------------------------------------------------------------------------------

export type ParseResult =
  | { readonly ok: true; readonly readings: readonly InstructionReading[]; readonly production: string }
  | { readonly ok: false; readonly reason: string };

/**
 * Reads one instruction text: the first production (in the order above) that matches the whole sentence and whose
 * readings make sense for the catalog (a state the class can have, something that can be carried to a surface or a
 * container). Several sentences in one text are read one by one.
 */
export function parseInstruction(text: string): ParseResult {
  const sentences = splitSentences(tokenize(text));
  if (sentences.length === 0) return { ok: false, reason: 'the text is empty' };
  const readings: InstructionReading[] = [];
  const productions: string[] = [];
  for (const tokens of sentences) {
    const result = parseSentence(tokens);
    if (!result.ok) return result;
    readings.push(...result.readings);
    productions.push(result.production);
  }
  return { ok: true, readings, production: productions.join('+') };
}

function parseSentence(tokens: readonly string[]): ParseResult {
  return readSentence(tokens, PRODUCTIONS, nonsense, { grammar: 'instruction grammar' });
}

/** Why a reading makes no sense for the catalog, or undefined. */
function nonsense(reading: InstructionReading): string | undefined {
  const goal = reading.goal;
  const object = catalogClass(goal.object.classes[0])!;
  if (goal.kind === 'state') {
    return object.states.includes(goal.state) ? undefined : `a ${object.name} cannot be ${goal.state.toLowerCase()}`;
  }
  const host = catalogClass(goal.host.classes[0])!;
  if (!object.properties.includes('GRABBABLE')) return `a ${object.name} cannot be carried`;
  if (goal.object.room !== undefined) {
    return `a ${object.name} to be moved cannot be named by the room it is in (it leaves it); name the host's room`;
  }
  const needed = goal.relation === 'ON' ? 'SURFACES' : 'CONTAINERS';
  if (!host.properties.includes(needed)) {
    return `nothing can be put ${goal.relation === 'ON' ? 'on' : 'in'} a ${host.name}`;
  }
  return undefined;
}
