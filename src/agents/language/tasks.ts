/**
 * The clause grammar of the goal reader: one request sentence, normalised (`normalize.ts`: politeness and framing
 * removed, contractions expanded, number words spelled one way), read into the structured goal the episodic protocol
 * scores: DANLI-style subgoals over catalog classes (`src/sim/subgoals.ts`) and ordered action goals. `readGoal`
 * (`read-goal.ts`) reads whole texts and dialogues through it; `readTask` reads a text whose every sentence is a
 * request (LLM-State's and HELPER's offline roles call it).
 *
 * A sentence is a list of clauses joined by `,`, `and`, `then` (and `, and then`, `after that`). OBJ is a list of
 * quantified things ("all the mugs", "3 slices of bread", "two fruits", "some fruit", "the toothbrush and the face
 * cream"), a pronoun ("it", "them", "two of them"), or "everything on HOST". Noun phrases are read by `nouns.ts`
 * (category nouns, state nouns, names, rooms). The clause forms, by the verb classes they share:
 *
 *   placing      (put | place | set | lay | leave | store | stash | stow | keep | move | bring | take | carry | return
 *                | drop | toss | pop | stick | chill | tidy | ...) [away|down|back|out] OBJ [away|down|...] PREP HOST
 *   toggling     (switch | turn | flip | power) (on|off) OBJ [ROOM] | (switch | turn | ... | leave | keep) OBJ (on|off)
 *                | (kill | shut off | power down) OBJ
 *   opening      (open | close | shut) OBJ [door]
 *   using        (use | operate | start) NP          switched on, and the switch-on action taken (an action goal)
 *   cooking      (heat | cook | warm | microwave | toast | bake | fry | reheat) [up] OBJ [(with|in|using|on) HEATER]
 *                | use HEATER to (heat | cook | ...) OBJ
 *   cleaning     (clean | wash | rinse | scrub | wipe) OBJ [in the sink] | give OBJ a (wash | rinse | clean)
 *   watering     water OBJ | give OBJ (some water | a drink)
 *   fetching     (get | grab | fetch | find | bring | pick up | take | hand | pass) [me] OBJ      superseded by a
 *                placement of the same things in the next clause
 *   taking away  (take away | remove | clear) N (objects | things | items) (from | off) HOST
 *   emptying     (empty | clear [off]) HOST | (take | remove) everything (off | from) HOST   superseded likewise
 *   dishes       (make | prepare | fix | brew | get me | ...) DISH [, DISH] | (i would like | can i have | ...) DISH
 *                | DISH alone; DISH from the recipe book (`recipes.ts`); breakfast [: DISH, DISH]
 *   serving      serve [OBJ] on HOST | served on HOST
 *   declaratives OBJ (go | goes | belong | belongs | live) PREP HOST
 *                | OBJ (should | must | need to | has to | is to) (be | go | stay | get) STATE
 *                | OBJ (needs | wants | could use) (refrigeration | washing | heating | water | ...)
 *                | (make sure | ensure | see to it) [that] OBJ (is | are | stays | gets) STATE
 *                | (i want | i need | i would like) OBJ STATE | (get | have | leave | keep) OBJ STATE | OBJ STATE
 *                | there should be OBJ PREP HOST | a STATE-ADJECTIVE THING [from HEATER] ("a warm meal")
 *   gapping      OBJ                                  the clause before, of other things ("..., and the face cream")
 *
 * STATE: (switched|turned) on / off, open(ed), closed / shut, clean(ed) / washed, cooked / heated / warm(ed) [in HEATER],
 * watered, [put|placed|stored|kept] PREP HOST. PREP: on, onto, on top of, in, into, inside, to, over to.
 *
 * Pronouns refer to the clause before (or the sentence before, or the things a context sentence names): what was
 * fetched, placed, cooked or made, or a host or appliance it named, whichever can take what the clause asks ("put
 * the apple in the fridge and close it": the fridge). Quantities: `all`, plurals and "the X in the ROOM" mean every
 * instance; a number that many; a category noun or a vague quantity ("some fruit", "an assortment of fruit") is not
 * a number, so the clause decides and says so in a note: every one for placing, toggling, opening and cleaning (a goal
 * that over-satisfies), one for cooking and fetching. Food put on a plate is served: on a clean plate, cleaned first,
 * as TEACh's dishes are. Putting food in a heater and switching it on (or heating it there) is cooking it there.
 */
import type { ActionGoal } from '../../sim/action-goals.js';
import { catalogClass } from '../../sim/catalog/index.js';
import { HEATER_CLASSES } from '../../sim/derived-states.js';
import { ANY_THING, type Predicate, recipeInstruments, type SubgoalSpec } from '../../sim/subgoals.js';
import { classesUsedFor } from './lexicon.js';
import {
  alt,
  type Element,
  type Env,
  list,
  np,
  number,
  optional,
  type Pattern,
  type Phrase,
  type Production,
  pick,
  readSentence,
  type Tagged,
  words,
} from './matcher.js';
import { normalizeSentence, sentenceTexts } from './normalize.js';
import { resolveNoun, roomOf } from './nouns.js';
import { BREAKFAST, DISHES, onCleanPlate } from './recipes.js';
import { one, placed, type Thing, unary } from './things.js';

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
  /** Its things came from a pronoun (they refer to the clause before). */
  readonly referred?: boolean;
  /** Placing: its things and host, for the recipes two clauses make (put in the microwave and switch it on). */
  readonly placing?: { readonly things: readonly Thing[]; readonly host: string };
  /** Switching a thing on: its class. */
  readonly switchedOn?: string;
}

/** What a sentence is read in: the last clause before it (this text's, or a context sentence's mentions). */
export interface ReadingContext {
  readonly before?: ClauseReading;
}

type Clause = (env: Env, before: ClauseReading | undefined) => ClauseReading;

const problem = (why: string): ClauseReading => ({ subgoals: [], antecedent: [], problem: why });

// ---- patterns --------------------------------------------------------------------------------------------------------

const SLICES = 'slice|slices|piece|pieces';
/** Adjectives that state what must hold of a thing ("a clean plate", "the toasted bread", "a warm meal"). */
const ADJECTIVES: Record<string, Predicate> = {
  clean: 'isClean',
  toasted: 'isCooked',
  cooked: 'isCooked',
  heated: 'isCooked',
  warm: 'isCooked',
  hot: 'isCooked',
  warmed: 'isCooked',
};
const adjective = (name: string) => optional(pick(name, ADJECTIVES));
const VAGUE =
  'some|an assortment of|a selection of|a variety of|a few|several|a bunch of|a bit of|a little|some of the|a mix of';

/** A quantified thing: `all the X`, `3 slices of X`, `a slice of X`, `3 X`, `some X`, `X`; captures name, nameQ, ... */
const thing = (name: string): Element =>
  alt(`${name}Q`, [
    { tag: 'all', pattern: [words('all the|all|every|each|all my|all your'), adjective(`${name}Adj`), np(name)] },
    { tag: 'count', pattern: [optional(words('the')), number(`${name}N`), words(SLICES), words('of'), np(name)] },
    { tag: 'one', pattern: [words('a|an|one'), words(SLICES), words('of'), np(name)] },
    { tag: 'count', pattern: [optional(words('the')), number(`${name}N`), adjective(`${name}Adj`), np(name)] },
    { tag: 'vague', pattern: [words(VAGUE), adjective(`${name}Adj`), np(name)] },
    { tag: 'single', pattern: [words('a|an'), adjective(`${name}Adj`), np(name)] },
    {
      tag: 'bare',
      pattern: [optional(words('the|any|my|your|our|that|this|these|those')), adjective(`${name}Adj`), np(name)],
    },
  ]);
const EVERYTHING =
  'everything|all the things|all the objects|all the items|all things|all items|all objects|the things|the objects|' +
  'the items|whatever is|everything that is|all the stuff|the stuff';
/** What a clause acts on: a pronoun, everything on a host, or a list of quantified things. */
const objects = (name: string): Element =>
  alt(`${name}K`, [
    {
      tag: 'pronoun',
      pattern: [
        optional(number(`${name}N`), words('of|pieces of|slices of|bits of')),
        words('them|it|those|these|that|this|they'),
      ],
    },
    {
      tag: 'everything',
      pattern: [
        words(EVERYTHING),
        words('on|from|off|off of|in|inside|on top of|lying on|sitting on|left on|that is on|that are on'),
        ...host(`${name}From`),
      ],
    },
    { tag: 'pronoun', pattern: [words('everything|all of it|all the things|the lot|all that')] },
    { tag: 'things', pattern: [list(name, [{ tag: 'thing', pattern: [thing('x')] }], ', | and | , and', true)] },
  ]);
const host = (name: string): Pattern => [optional(words('any|one|a|an|the|my')), adjective(`${name}Adj`), np(name)];
/** A host, or a pronoun for one ("put the salmon in it"). */
const hostOrPronoun = (name: string): Element =>
  alt(`${name}K`, [
    { tag: 'np', pattern: host(name) },
    { tag: 'pronoun', pattern: [words('it|them|there|that|this|one')] },
  ]);
const PREP = words(
  'on|onto|upon|on top of|in|into|inside|inside of|in to|within|to|over to|up to|back to|back on|back in|back into|down on|down onto|away in|away into|out on|out onto',
);
const PARTICLE = optional(words('away|down|back|out|up|over|aside|off'));
const appliance = optional(
  words('with|in|using|on|inside|from|by|in the|on the'),
  optional(words('the|a|an|my')),
  np('using'),
);
const DET = optional(words('the|a|an|my'));
/** How long, after heating or putting in a heater: "for a minute", "for two minutes". */
const FOR_A_WHILE: Pattern = [
  words('for'),
  optional(
    alt('durationN', [
      { tag: 'n', pattern: [number('minutesN')] },
      { tag: 'a', pattern: [words('a|a few|a couple of|several')] },
    ]),
  ),
  words('minute|minutes|second|seconds|moment|moments|while|bit'),
];
const DURATION = optional(...FOR_A_WHILE);

const ROOM_SAYINGS = [
  'kitchen',
  'living room',
  'livingroom',
  'lounge',
  'bedroom',
  'bathroom',
  'dining room',
  'office',
  'home office',
  'study',
  'entrance hall',
].filter((s) => roomOf(s.split(' ')) !== undefined);
/** "in the bedroom", "in the house", "everywhere" after a toggled thing: every one there. */
const roomTail = optional(
  alt('tail', [
    ...ROOM_SAYINGS.map((saying) => ({
      tag: `room:${roomOf(saying.split(' '))}`,
      pattern: [words('in|of'), optional(words('the')), words(saying)],
    })),
    {
      tag: 'house',
      pattern: [
        words(
          'in the house|in the home|in the whole house|in the entire house|everywhere|throughout the house|in every room|' +
            'all over the house|around the house|in the apartment|in the flat',
        ),
      ],
    },
  ]),
);

const STATES: Tagged[] = [
  { tag: 'on', pattern: [optional(words('switched|turned|powered|left|kept|put')), words('on')] },
  { tag: 'off', pattern: [optional(words('switched|turned|powered|shut|left|kept')), words('off|out')] },
  { tag: 'open', pattern: [words('open|opened|left open|kept open|opened up')] },
  { tag: 'closed', pattern: [words('closed|shut|closed up')] },
  { tag: 'clean', pattern: [words('clean|cleaned|washed|rinsed|washed up|cleaned up|scrubbed|spotless')] },
  {
    tag: 'cooked',
    pattern: [words('cooked|heated|heated up|warmed|warmed up|hot|warm|toasted|microwaved|reheated'), appliance],
  },
  { tag: 'watered', pattern: [words('watered')] },
  {
    tag: 'placed',
    pattern: [
      optional(words('put|placed|stored|kept|moved|left|set|sitting|lying|taken|brought|returned|stashed|stowed')),
      PARTICLE,
      PREP,
      hostOrPronoun('host'),
    ],
  },
];
const state = alt('s', STATES);
/** The states a thing is brought to in place ("make the plates clean", "pull the fridge open"). */
const stateInPlace = alt(
  's',
  STATES.filter((t) => t.tag !== 'placed'),
);

const DEEDS: Tagged[] = [
  {
    tag: 'fridge',
    pattern: [
      words(
        'refrigeration|refrigerating|chilling|cooling|to be chilled|to be refrigerated|to be kept cold|to be kept cool|' +
          'to stay cold|to stay cool|to be cold|to chill|to cool down|cooling down|to be kept in the cold',
      ),
    ],
  },
  {
    tag: 'clean',
    pattern: [
      words(
        'washing|cleaning|rinsing|scrubbing|a wash|a clean|a rinse|a scrub|a good wash|a quick wash|a quick rinse|' +
          'a good clean|washing up|to be washed|to be cleaned|to be rinsed',
      ),
    ],
  },
  {
    tag: 'cooked',
    pattern: [
      words(
        'heating|heating up|warming|warming up|cooking|reheating|microwaving|toasting|to be heated|to be cooked|to be warmed up|to be warmed',
      ),
      appliance,
    ],
  },
  {
    tag: 'watered',
    pattern: [words('water|watering|some water|a drink|a watering|a drink of water|a little water|to be watered')],
  },
];

const COOK_VERBS: Record<string, string> = {
  heat: '',
  cook: '',
  warm: '',
  reheat: '',
  microwave: 'microwave',
  nuke: 'microwave',
  toast: 'toaster',
  bake: 'stove',
  fry: 'stove',
  grill: 'stove',
};
const PLACE_VERBS =
  'put|place|set|lay|leave|store|stash|stow|keep|move|bring|take|carry|return|drop|toss|throw|pop|stick|load|' +
  'arrange|hang|shift|transfer|get|chill|tidy|tuck|slide|relocate|position|deposit|park|plonk|rest|stack|file|shelve';

const DISH_FORMS: Tagged[] = [
  {
    tag: 'toast',
    pattern: [
      alt('toastQ', [
        {
          tag: 'count',
          pattern: [number('n'), words(SLICES), words('of'), words('toasts|toast|bread toasted|toasted bread')],
        },
        { tag: 'count', pattern: [number('n'), words('toasts|toasted slices of bread|toasted bread slices')] },
        {
          tag: 'one',
          pattern: [words(`a ${SLICES.replace(/\|/g, '|a ')}|one slice|one piece`), words('of toast|of toasted bread')],
        },
        { tag: 'one', pattern: [words('toast|a toast|some toast|toasted bread|some toasted bread')] },
      ]),
      optional(words('using|with|in|on'), optional(words('the|a')), np('using')),
    ],
  },
  { tag: 'plate-of-toast', pattern: [words('a plate of toast|plate of toast|some toast on a plate|toast on a plate')] },
  {
    tag: 'coffee',
    pattern: [
      words('coffee|a coffee|a cup of coffee|some coffee|a mug of coffee|a fresh coffee|fresh coffee'),
      optional(
        words(
          'in a clean mug|in a mug|in a clean cup|in a cup|in the clean mug|in the mug|in it|into a clean mug|' +
            'into the clean mug|in one of the clean mugs',
        ),
      ),
      // coffee is made in a coffee maker anyway
      optional(
        words(
          'in the coffeemaker|in coffeemaker|in the coffee maker|with the coffeemaker|with the coffee maker|' +
            'using the coffeemaker|using the coffee maker|from the coffee maker|from the coffeemaker|in a coffee maker',
        ),
      ),
    ],
  },
  { tag: 'sandwich', pattern: [words('a sandwich|sandwich|a toast sandwich|some sandwich|a sandwich for me')] },
  { tag: 'salad', pattern: [words('a salad|salad|some salad')] },
];
const dishes = list('dishes', DISH_FORMS, ', | and | , and', true);

const CLAUSE_FORMS: Tagged[] = [
  // dishes first: "make a salad" must not read "salad" (lettuce's alias) as a thing to make
  {
    tag: 'dishes',
    pattern: [
      words(
        'make|prepare|cook|fix|whip up|brew|put together|rustle up|do|get|bring|serve|pour|toss|whip me up|whip us up|' +
          'rustle me up|fix me up|knock up|throw together',
      ),
      optional(words('me|us')),
      dishes,
    ],
  },
  {
    tag: 'dishes',
    pattern: [
      words(
        'i would like|i want|i need|i would love|i will have|i will take|can i have|could i have|can i get|' +
          'could i get|may i have|i am hungry for|i am in the mood for|how about|i fancy|i would really like|we would like|' +
          'we want|i could use|i could go for|i would enjoy|i could do with|i would kill for|i am craving|' +
          'i would appreciate|i would like to have|i want to have|we could use|we need',
      ),
      dishes,
    ],
  },
  // "Coffee, please.", "A sandwich would be nice."
  { tag: 'dishes', pattern: [dishes] },
  { tag: 'dishes', pattern: [words('fill'), words('a clean mug|the clean mug|a mug|the mug'), words('with coffee')] },
  {
    tag: 'breakfast',
    pattern: [
      words('make|prepare|cook|fix|do|get|serve'),
      optional(words('me|us')),
      words('breakfast|a breakfast|some breakfast'),
      optional(dishes),
    ],
  },
  {
    tag: 'breakfast',
    pattern: [
      words('i would like|i want|can i have|could i have|i would love'),
      words('breakfast|a breakfast|some breakfast'),
      optional(dishes),
    ],
  },
  {
    tag: 'use-to-make',
    pattern: [
      words('use'),
      DET,
      np('appliance'),
      words('to|and'),
      words('make|prepare|do'),
      optional(words('me|us')),
      dishes,
    ],
  },
  {
    tag: 'use-to-cook',
    pattern: [
      words('use'),
      DET,
      np('using'),
      words('to|and'),
      pick('verb', COOK_VERBS),
      optional(words('up')),
      objects('xs'),
      optional(words('up')),
    ],
  },
  {
    tag: 'toggle',
    pattern: [
      words('switch|turn|flip|power|put|shut|knock'),
      pick('state', { on: 'ON', off: 'OFF', out: 'OFF' }),
      objects('xs'),
      roomTail,
    ],
  },
  {
    tag: 'toggle',
    pattern: [
      words('switch|turn|flip|power|put|leave|keep|get|have|shut|knock'),
      objects('xs'),
      pick('state', { on: 'ON', off: 'OFF', out: 'OFF' }),
      roomTail,
    ],
  },
  { tag: 'toggle-off', pattern: [words('kill|shut down|power down|power off|cut'), objects('xs'), roomTail] },
  {
    tag: 'open',
    pattern: [
      pick('verb', { open: 'OPEN', close: 'CLOSED', shut: 'CLOSED' }),
      optional(words('up')),
      objects('xs'),
      optional(words('door|doors|lid|lids|up')),
    ],
  },
  { tag: 'use', pattern: [words('use|operate|start|run|start up|boot up'), DET, np('x'), DURATION] },
  {
    tag: 'take-away',
    pattern: [
      words('take away|remove|take|clear|get|move|clear away|pick up'),
      number('n'),
      words('objects|things|items|of the objects|of the things|of the items|pieces|bits'),
      optional(words('away')),
      words('from|off|off of|away from|out of'),
      ...host('host'),
    ],
  },
  {
    tag: 'empty',
    pattern: [
      words('empty|clear|clear off|empty out|clean off|declutter|clear out'),
      optional(words('the surface of|the top of|everything on|everything off|everything from|off')),
      ...host('host'),
    ],
  },
  {
    tag: 'empty',
    pattern: [
      words('take|remove|clear|get|move'),
      words(
        'everything|all the things|all the objects|all the items|all things|all items|all objects|the things|the objects|the items|all the stuff',
      ),
      words('off|from|off of|away from|out of'),
      ...host('host'),
    ],
  },
  {
    tag: 'cook',
    pattern: [
      pick('verb', COOK_VERBS),
      optional(words('up')),
      objects('xs'),
      optional(words('up')),
      appliance,
      DURATION,
    ],
  },
  // "put the milk in the microwave for a minute": heating it there
  {
    tag: 'place-for-a-while',
    pattern: [
      words(PLACE_VERBS),
      PARTICLE,
      objects('xs'),
      PARTICLE,
      words('in|into|inside|on'),
      hostOrPronoun('host'),
      ...FOR_A_WHILE,
    ],
  },
  {
    tag: 'place',
    pattern: [
      words(PLACE_VERBS),
      PARTICLE,
      objects('xs'),
      PARTICLE,
      PREP,
      hostOrPronoun('host'),
      optional(words('away|for now|there')),
      DURATION,
    ],
  },

  {
    tag: 'serve',
    pattern: [words('serve'), optional(objects('xs')), words('on|onto|in|at'), ...host('host')],
  },
  {
    tag: 'served-on',
    pattern: [words('served on|serve it on|serve them on|served at|serve it at|served in'), ...host('host')],
  },
  {
    tag: 'clean',
    pattern: [
      pick('verb', { clean: '', wash: '', rinse: '', scrub: '', wipe: '', cleanse: '' }),
      optional(words('up|off|down|out')),
      objects('xs'),
      optional(words('up|off|out|down')),
      optional(words('in|at|under|with|using|in the|at the|under the'), DET, np('using')),
    ],
  },
  {
    tag: 'clean',
    pattern: [
      words('give'),
      objects('xs'),
      words('a wash|a clean|a rinse|a scrub|a good wash|a quick wash|a quick rinse|a good clean|a wipe'),
    ],
  },
  {
    tag: 'do-dishes',
    pattern: [words('do|wash|clean'), words('the dishes|the washing up|the washing-up|all the dishes')],
  },
  { tag: 'water', pattern: [words('water'), objects('xs')] },
  { tag: 'refrigerate', pattern: [words('refrigerate|chill|freeze'), objects('xs')] },
  {
    tag: 'water',
    pattern: [
      words('give'),
      objects('xs'),
      words('water|some water|a drink|a drink of water|a little water|a watering|a bit of water'),
    ],
  },
  {
    tag: 'water',
    pattern: [
      words('give|pour|bring'),
      words('water|some water|a drink|a drink of water|a little water|a bit of water'),
      words('to|on|onto|over|into'),
      objects('xs'),
    ],
  },
  {
    tag: 'fetch',
    pattern: [
      words(
        'get|grab|fetch|find|bring|pick up|take|locate|hand|give|pass|retrieve|collect|go get|go grab|get hold of|hold|' +
          'gather|round up',
      ),
      optional(words('me|us')),
      objects('xs'),
      optional(words('to me|over|here|over here|for me|up|with you')),
    ],
  },
  { tag: 'fetch', pattern: [words('pick'), objects('xs'), words('up')] },
  // declaratives
  {
    tag: 'state',
    pattern: [
      words('make sure|ensure|see to it|check|make it so|i want it so|i would like it so|be sure|see|ensure that'),
      optional(words('that')),
      objects('xs'),
      words('is|are|stays|stay|remains|remain|gets|get|ends up|end up|is left|are left|will be|is all|are all'),
      state,
      roomTail,
    ],
  },
  {
    tag: 'there-be',
    pattern: [
      words('make sure|ensure'),
      optional(words('that')),
      words('there is|there are'),
      objects('xs'),
      PREP,
      hostOrPronoun('host'),
    ],
  },
  {
    tag: 'state',
    pattern: [
      objects('xs'),
      words(
        'should|must|need to|needs to|has to|have to|ought to|is to|are to|will need to|would need to|is supposed to|are supposed to',
      ),
      words('be|go|get|stay|end up|be kept|remain|sit|be left|live|go back|be put back'),
      state,
      roomTail,
    ],
  },
  {
    tag: 'place',
    pattern: [
      objects('xs'),
      words('go|goes|belong|belongs|live|lives|go back|goes back|belong back|belongs back|should go|go away|goes away'),
      PARTICLE,
      PREP,
      hostOrPronoun('host'),
    ],
  },
  {
    tag: 'needs',
    pattern: [
      objects('xs'),
      words('need|needs|want|wants|could use|could do with|requires|require|deserves'),
      alt('deed', DEEDS),
    ],
  },
  {
    tag: 'state',
    pattern: [
      words(
        'i want|i need|i would like|i would love|i would prefer|we want|we need|we would like|i would want|i wish|i would rather have',
      ),
      objects('xs'),
      state,
    ],
  },
  { tag: 'state', pattern: [words('get|have|leave|keep'), objects('xs'), state, roomTail] },
  { tag: 'state', pattern: [words('make|pull|push|swing|prop|set'), objects('xs'), stateInPlace, roomTail] },
  // "can the apple go in the fridge?", "could the lights be off?"
  {
    tag: 'state',
    pattern: [
      words('can|could|will|would|should|may'),
      objects('xs'),
      words('go|be|get|go back|be put|be left'),
      state,
      roomTail,
    ],
  },
  {
    tag: 'there-be',
    pattern: [
      words('there should be|there must be|there needs to be|i want there to be|i would like there to be'),
      objects('xs'),
      PREP,
      hostOrPronoun('host'),
    ],
  },
  {
    tag: 'want-thing',
    pattern: [
      optional(
        words(
          'i want|i would like|i need|can i have|could i have|can i get|could i get|i would love|bring me|get me|give me',
        ),
      ),
      thing('x'),
      optional(words('from|out of|using|in|with'), DET, np('using')),
    ],
  },
  { tag: 'state', pattern: [objects('xs'), optional(words(',')), state, roomTail] },
  { tag: 'gapped', pattern: [objects('xs')] },
];

const CLAUSE_SEPARATORS =
  ', | and | , and | then | , then | and then | , and then | after that | , after that | and after that | , then | and also | , and also';

const PRODUCTIONS: readonly Production<ClauseReading[]>[] = [
  {
    name: 'request',
    pattern: [list('clauses', CLAUSE_FORMS, CLAUSE_SEPARATORS)],
    build: () => [],
  },
];

/**
 * The pattern steps one sentence may take: the longest usual text (TEACh's breakfast) takes a few thousand, a
 * sentence of 40 words with a dozen things about 10^5; a run-on text of hundreds of words would take minutes.
 */
const MAX_STEPS = 400_000;

/** Words the grammar reads itself, so that no noun phrase may begin with them. */
const RESERVED = new Set([
  'a',
  'an',
  'the',
  'all',
  'every',
  'each',
  'any',
  'one',
  'them',
  'it',
  'those',
  'these',
  'that',
  'this',
  'they',
  'everything',
  'some',
  'there',
  'i',
  'we',
  'you',
  'me',
]);

// ---- building ------------------------------------------------------------------------------------------------------

const phraseOf = (env: Env, name: string) => env.get(name) as Phrase;

/** The goal reader's phrase for a span (`nouns.ts`), as the matcher holds phrases. */
function goalPhrase(span: readonly string[]): Phrase | undefined {
  const noun = resolveNoun(span);
  if (!noun) return undefined;
  return {
    className: noun.classes[0],
    plural: noun.plural,
    words: span.join(' '),
    ...(noun.classes.length > 1 && { classes: noun.classes }),
    ...(noun.category && { category: noun.category }),
    ...(noun.room && { room: noun.room }),
    ...(noun.state && { state: noun.state }),
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
  const vague = (quantifier === 'vague' && (phrase.plural || category)) || (quantifier === 'bare' && category);
  const count: number | 'all' =
    quantifier === 'all'
      ? 'all'
      : quantifier === 'count'
        ? (env.get(`${name}N`) as number)
        : quantifier === 'one' || quantifier === 'single'
          ? 1
          : vague || (phrase.plural && quantifier !== 'vague') || phrase.room !== undefined
            ? 'all'
            : 1;
  const qualifier = (env.get(`${name}Adj`) as Predicate | undefined) ?? phrase.state;
  return {
    classes: sliceClasses(classesOf(phrase), quantifier),
    count,
    said: phrase.words,
    ...(phrase.category && { category: phrase.category }),
    ...(vague && { vague: true }),
    ...(phrase.room && { room: phrase.room }),
    ...(qualifier && { qualifiers: [qualifier] }),
  };
}

/** "A slice of bread" is a bread slice where the catalog has one; any other slice is the whole thing. */
function sliceClasses(classes: readonly string[], quantifier: string): readonly string[] {
  if (quantifier !== 'count' && quantifier !== 'one') return classes;
  return classes.map((c) => catalogClass(`${c}slice`)?.name ?? c);
}

/** The most things a count may ask for (a home holds a few dozen of a class at most). */
const MAX_COUNT = 100;

/** Where a predicate's vague or category quantity reads as one rather than every one (see the module comment). */
const ONE_OF: ReadonlySet<Predicate> = new Set([
  'isCooked',
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
function fits(className: string, predicate: Predicate): boolean {
  if (className === ANY_THING)
    return predicate === 'isPlacedTo' || predicate === 'isPickedUp' || predicate === 'isTakenFrom';
  const entry = catalogClass(className);
  if (!entry) return false;
  switch (predicate) {
    case 'isToggledOn':
    case 'isToggledOff':
      return entry.states.includes('ON');
    case 'isOpen':
    case 'isClosed':
      return entry.states.includes('OPEN');
    case 'isPlacedTo':
    case 'isPickedUp':
    case 'isTakenFrom':
      return entry.properties.includes('GRABBABLE');
    case 'isClean':
      return entry.states.includes('CLEAN');
    case 'isCooked':
      return entry.properties.includes('EATABLE') || entry.properties.includes('DRINKABLE');
    case 'isWatered':
      return entry.name === 'orchid';
    case 'isFilledWithCoffee':
    case 'isFilledWithWater':
      return entry.properties.includes('GRABBABLE');
  }
}

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
 * What "it" / "them" refers to: the things of the clause before, or one of the hosts it named, whichever all can take
 * the predicate; with "N of them", N of one thing. Undefined when nothing before fits.
 */
function referent(
  before: ClauseReading | undefined,
  predicate: Predicate,
  count?: number,
): readonly Thing[] | undefined {
  if (!before) return undefined;
  const groups: (readonly Thing[])[] = [before.antecedent, ...(before.hosts ?? []).map((h) => [h])];
  for (const group of groups) {
    if (group.length === 0 || !group.every((t) => t.classes.some((c) => fits(c, predicate)))) continue;
    if (count === undefined) return group;
    if (group.length !== 1) continue;
    return [{ ...group[0], count }];
  }
  return undefined;
}

/** The things a clause acts on (`objects(name)`), fitted to its predicate, with notes; or a problem. */
function objectsOf(
  env: Env,
  name: string,
  predicate: Predicate,
  before: ClauseReading | undefined,
): { things: Thing[]; notes: string[]; referred: boolean; problem?: string } {
  const kind = env.get(`${name}K`) as string;
  if (kind === 'pronoun') {
    const things = referent(before, predicate, env.get(`${name}N`) as number | undefined);
    if (!things)
      return { things: [], notes: [], referred: true, problem: 'a pronoun with nothing before it that it can mean' };
    const said = things.map((t) => t.said ?? t.classes.join('|')).join(' and ');
    return { things: [...things], notes: [`a pronoun read as ${said}`], referred: true };
  }
  if (kind === 'everything') {
    const from = phraseOf(env, `${name}From`).className;
    const thing: Thing = { classes: [ANY_THING], count: 'all', startOn: [from], said: `everything on the ${from}` };
    return { things: [thing], notes: [], referred: false };
  }
  const items = (env.get(name) as Env[]).map((item) => thingOf(item, 'x'));
  const odd = items.find((t) => typeof t.count === 'number' && (t.count < 1 || t.count > MAX_COUNT));
  if (odd) return { things: [], notes: [], referred: false, problem: `${odd.count} is no number of things to act on` };
  const notes: string[] = [];
  const settled = items.map((t) => {
    const s = settle(t, predicate);
    if (s.note) notes.push(s.note);
    else if (t.category) notes.push(`'${t.said}' read as any of ${t.classes.join(', ')}`);
    return s.thing;
  });
  const fit = fitted(settled, predicate);
  return { things: fit.things, notes, referred: false, ...(fit.problem && { problem: fit.problem }) };
}

/** The class of a host (`host(name)` or a pronoun for one), or a problem. */
function hostOf(
  env: Env,
  name: string,
  before: ClauseReading | undefined,
): { className?: string; qualifier?: Predicate; note?: string } {
  if (env.get(`${name}K`) === 'pronoun') {
    const candidates = [...(before?.hosts ?? []), ...(before?.antecedent ?? [])];
    const found = candidates.find((t) => t.classes.length === 1 && canHost(t.classes[0]));
    return found ? { className: found.classes[0], note: `'it' read as the ${found.classes[0]}` } : {};
  }
  return { className: phraseOf(env, name).className, qualifier: env.get(`${name}Adj`) as Predicate | undefined };
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
  const serving = qualifier === undefined && hostClass === 'plate' && things.every((t) => t.classes.every(isFood));
  const q = serving ? 'isClean' : qualifier;
  const first = q === 'isClean' ? [unary(one(hostClass), 'isClean')] : [];
  return {
    subgoals: [...first, ...things.map((t) => placed(t, hostClass, q ? [q] : undefined))],
    ...(serving && { note: 'food put on a plate is served on a clean plate, cleaned first' }),
  };
}

const STATE_PREDICATES: Readonly<Record<string, Predicate>> = {
  on: 'isToggledOn',
  off: 'isToggledOff',
  open: 'isOpen',
  closed: 'isClosed',
  clean: 'isClean',
  cooked: 'isCooked',
  watered: 'isWatered',
  placed: 'isPlacedTo',
};

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
      subgoals: fit.things.map((t) => unary(t, predicate, extra(fit.things))),
      antecedent: predicate === 'isCooked' ? fit.things.map((t) => ({ ...t, qualifiers: ['isCooked'] })) : fit.things,
      ...more,
      redo: make,
    };
  };
  return { ...make(got.things), notes: got.notes, referred: got.referred };
}

/** The appliance a cooking clause names (by a phrase or by its verb), checked to be one that cooks. */
function cookingAppliance(env: Env): { using?: string; problem?: string } {
  const named = (env.get('using') as Phrase | undefined)?.className;
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
  const reading = unaryClause(env, before, 'isCooked', () => (heater ? { using: [heater] } : {}), {
    ...(heater && { hosts: [one(heater)] }),
  });
  // a loaf does not fit a toaster: toasting bread is toasting a slice of it
  if (heater !== 'toaster' || !reading.subgoals.some((s) => s.patient.includes('bread'))) return reading;
  const slice = (list: readonly string[]) => list.map((c) => (c === 'bread' ? 'breadslice' : c));
  return {
    ...reading,
    subgoals: reading.subgoals.map((s) => ({ ...s, patient: slice(s.patient) })),
    antecedent: reading.antecedent.map((t) => ({ ...t, classes: slice(t.classes) })),
    notes: [...(reading.notes ?? []), 'bread toasted is a slice of bread (a loaf does not fit a toaster)'],
  };
}

/** A placement clause of the things `objects(xs)` onto the host `host`. */
function placeClause(env: Env, before: ClauseReading | undefined): ClauseReading {
  const got = objectsOf(env, 'xs', 'isPlacedTo', before);
  if (got.problem) return problem(got.problem);
  const where = hostOf(env, 'host', before);
  if (!where.className) return problem("'it' has no host before it to mean");
  const hostClass = where.className;
  if (!canHost(hostClass)) return problem(`nothing can be put on or in ${article(hostClass)}`);
  const make = (things: readonly Thing[]): ClauseReading => {
    const fit = fitted(things, 'isPlacedTo');
    if (fit.problem) return problem(fit.problem);
    const made = placements(fit.things, hostClass, where.qualifier);
    return {
      subgoals: made.subgoals,
      antecedent: fit.things,
      hosts: [one(hostClass)],
      placing: { things: fit.things, host: hostClass },
      ...(made.note && { notes: [made.note] }),
      redo: make,
    };
  };
  const reading = make(got.things);
  const notes = [...got.notes, ...(where.note ? [where.note] : []), ...(reading.notes ?? [])];
  return { ...reading, notes, referred: got.referred };
}

/** A declarative or wished state ("the fridge is open", "the apple in the fridge") as the clause that reaches it. */
function stateClause(env: Env, before: ClauseReading | undefined): ClauseReading {
  const tag = env.get('s') as string;
  if (tag === 'placed') return placeClause(env, before);
  if (tag === 'cooked') return cookClause(env, before);
  if (tag === 'on' || tag === 'off') return toggleClause(env, before, STATE_PREDICATES[tag]);
  if (tag === 'watered') return CLAUSES.water(env, before);
  return unaryClause(env, before, STATE_PREDICATES[tag]);
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
    const x: Thing = { classes: classesOf(phrase), count: 1, said: phrase.words };
    const fit = fitted([x], 'isToggledOn');
    if (fit.problem || x.classes.length !== 1)
      return problem(fit.problem ?? `'${phrase.words}' names no one thing to use`);
    return {
      subgoals: [unary(x, 'isToggledOn')],
      actionGoals: [{ anyOf: [{ action: 'switchon', classes: [x.classes[0]] }] }],
      antecedent: [x],
    };
  },
  'take-away': (env) => {
    const hostClass = phraseOf(env, 'host').className;
    const things: Thing = { classes: [ANY_THING], count: env.get('n') as number, startOn: [hostClass] };
    return { subgoals: [{ ...unary(things, 'isTakenFrom'), destination: [hostClass] }], antecedent: [things] };
  },
  empty: (env) => {
    const hostClass = phraseOf(env, 'host').className;
    const things: Thing = {
      classes: [ANY_THING],
      count: 'all',
      startOn: [hostClass],
      said: `everything on the ${hostClass}`,
    };
    return {
      subgoals: [{ ...unary(things, 'isTakenFrom'), destination: [hostClass] }],
      provisional: true,
      antecedent: [things],
    };
  },
  // "fill a clean mug with coffee" names no dish list: it is coffee
  dishes: (env) => dishClauses((env.get('dishes') as Env[] | undefined) ?? [new Map([['tag', 'coffee']])]),
  // "use the toaster to make three slices of toast": the dishes cooked in that appliance
  'use-to-make': (env) =>
    dishClauses(
      (env.get('dishes') as Env[]).map((dish) =>
        dish.has('using') ? dish : new Map([...dish, ['using', env.get('appliance')!]]),
      ),
    ),
  breakfast: (env) => {
    const parts = env.get('dishes') as Env[] | undefined;
    return parts ? dishClauses(parts) : dishClauses(BREAKFAST.map((tag) => new Map([['tag', tag]])));
  },
  'use-to-cook': cookClause,
  cook: cookClause,
  place: placeClause,
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
    const hostClass = phraseOf(env, 'host').className;
    const subgoals =
      hostClass === 'plate'
        ? [unary(one('plate'), 'isClean'), ...got.things.map(onCleanPlate)]
        : got.things.map((t) => placed(t, hostClass));
    return { subgoals, antecedent: got.things, referred: got.referred, notes: got.notes, hosts: [one(hostClass)] };
  },
  'served-on': (env, before) => {
    const vessels = before?.vessels ?? before?.antecedent ?? [];
    const made = placements(vessels, phraseOf(env, 'host').className, env.get('hostAdj') as Predicate | undefined);
    return { subgoals: made.subgoals, antecedent: vessels, referred: true };
  },
  fetch: (env, before) => ({ ...unaryClause(env, before, 'isPickedUp'), provisional: true }),
  clean: (env, before) => {
    const using = (env.get('using') as Phrase | undefined)?.className;
    if (using !== undefined && !WASHING_TOOLS.has(using)) {
      return problem(`things are washed at a sink here: washing with or in ${article(using)} is not simulated`);
    }
    return unaryClause(env, before, 'isClean');
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
  refrigerate: (env, before) => intoTheFridge(env, before),
  needs: (env, before) => {
    switch (env.get('deed') as string) {
      case 'fridge':
        return intoTheFridge(env, before);
      case 'clean':
        return unaryClause(env, before, 'isClean');
      case 'cooked':
        return cookClause(env, before);
      default:
        return CLAUSES.water(env, before);
    }
  },
  // "a warm meal from the microwave", "a clean mug": the thing brought to the state its adjective names
  'want-thing': (env) => {
    const { qualifiers, ...x } = thingOf(env, 'x');
    const predicate = qualifiers?.[0];
    if (predicate !== 'isCooked' && predicate !== 'isClean') return problem('a thing named with nothing asked of it');
    const appliance = predicate === 'isCooked' ? cookingAppliance(env) : {};
    if (appliance.problem) return problem(appliance.problem);
    const settled = settle(x, predicate);
    const fit = fitted([settled.thing], predicate);
    if (fit.problem) return problem(fit.problem);
    return {
      subgoals: fit.things.map((t) => unary(t, predicate, appliance.using ? { using: [appliance.using] } : {})),
      antecedent: fit.things.map((t) => ({ ...t, qualifiers: [predicate] })),
      notes: settled.note ? [settled.note] : [],
    };
  },
  gapped: (env, before) => {
    if (!before?.redo) return problem('a list of things with no request before it');
    const got = objectsOf(env, 'xs', (before.subgoals.at(-1)?.predicate ?? 'isPickedUp') as Predicate, undefined);
    if (got.problem) return problem(got.problem);
    const again = before.redo(got.things);
    return { ...again, notes: [...got.notes, 'the request before, of these things too'] };
  },
};

/** "Refrigerate the apple", "the apple needs refrigeration": placed in what refrigerates (the lexicon's use words). */
function intoTheFridge(env: Env, before: ClauseReading | undefined): ClauseReading {
  const fridge = classesUsedFor('refrigeration')[0];
  const host: Phrase = { className: fridge, plural: false, words: fridge };
  return placeClause(new Map([...env, ['host', host], ['hostK', 'np']]), before);
}

function toggleClause(env: Env, before: ClauseReading | undefined, predicate: Predicate): ClauseReading {
  const tail = env.get('tail') as string | undefined;
  const room = tail?.startsWith('room:') ? tail.slice(5) : undefined;
  const reading = unaryClause(env, before, predicate);
  if (reading.problem) return reading;
  // "switch the lights off in the bedroom": every one in that room; "in the house": every one
  const widen = (t: Thing): Thing =>
    room ? { ...t, room, count: 'all' } : tail === 'house' ? { ...t, count: 'all' } : t;
  const things = reading.antecedent.map(widen);
  return {
    ...reading,
    subgoals: things.map((t) => unary(t, predicate)),
    antecedent: things,
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
    const using = (dishEnv.get('using') as Phrase | undefined)?.className;
    if (using !== undefined && !(HEATER_CLASSES as readonly string[]).includes(using)) {
      return problem(`${article(using)} does not cook (the heaters are ${HEATER_CLASSES.join(', ')})`);
    }
    subgoals.push(...dish.steps(count, using));
    antecedent.push(...dish.product(count));
    if (dish.vessel) vessels.push(dish.vessel);
  }
  return { subgoals, antecedent, vessels };
}

/**
 * The clauses of a sentence, in order: a provisional reading (fetching, emptying) dropped where the next clause
 * places what it fetched; putting food in a heater and then switching the heater on (or heating the food) read as
 * cooking it there.
 */
function readClauses(clauses: readonly Env[], context: ReadingContext): ClauseReading[] {
  const out: ClauseReading[] = [];
  let before = context.before;
  for (const env of clauses) {
    const tag = env.get('tag') as string;
    const reading = CLAUSES[tag](env, before);
    const last = out.at(-1);
    // fetching is the way to what the next clause does with the same things ("get the salmon and heat it")
    if (last?.provisional && !reading.problem && reading.subgoals.length > 0) {
      const same = reading.referred || sameClasses(last.antecedent, reading.antecedent);
      if (same) out[out.length - 1] = { ...last, subgoals: [], actionGoals: [] };
    }
    const cooked = last?.placing && heated(last, reading);
    if (cooked) {
      out[out.length - 1] = cooked;
      before = cooked;
      continue;
    }
    out.push(reading);
    before = reading;
  }
  return out;
}

const sameClasses = (a: readonly Thing[], b: readonly Thing[]) =>
  a.length === b.length && a.every((t, i) => t.classes.join() === b[i].classes.join());

/** "Put the milk in the microwave and switch it on" / "... and heat it": the milk cooked in the microwave. */
function heated(placing: ClauseReading, next: ClauseReading, how = 'and switching it on'): ClauseReading | undefined {
  const host = placing.placing!.host;
  if (!(HEATER_CLASSES as readonly string[]).includes(host)) return undefined;
  const food = placing.placing!.things;
  if (!food.every((t) => t.classes.every((c) => fits(c, 'isCooked')))) return undefined;
  const switched = next.switchedOn === host;
  const cookedThere =
    next.subgoals.length > 0 &&
    next.subgoals.every((s) => s.predicate === 'isCooked' && s.using?.join() === host) &&
    next.referred;
  if (!switched && !cookedThere) return undefined;
  return {
    subgoals: food.map((t) => unary(t, 'isCooked', { using: [host] })),
    antecedent: food.map((t) => ({ ...t, qualifiers: ['isCooked'] })),
    hosts: [one(host)],
    notes: [
      ...(placing.notes ?? []),
      ...(next.notes ?? []),
      `putting food in the ${host} ${how} read as cooking it there`,
    ],
  };
}

/** Why a reading makes no sense for the catalog, if it does not. */
function nonsense(clauses: ClauseReading[]): string | undefined {
  for (const clause of clauses) if (clause.problem) return clause.problem;
  if (clauses.every((c) => c.subgoals.length === 0)) return 'the text asks for nothing the robot can do';
  return undefined;
}

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

/** The goal of read clauses: their subgoals in order (a subgoal said twice is one), action goals, notes. */
export function goalOf(clauses: readonly ClauseReading[]): TaskReading & { notes: string[] } {
  const subgoals: SubgoalSpec[] = [];
  const actionGoals: ActionGoal[] = [];
  const notes: string[] = [];
  const seen = new Set<string>();
  for (const clause of clauses) {
    for (const spec of clause.subgoals) {
      const key = JSON.stringify(spec);
      if (seen.has(key)) continue;
      seen.add(key);
      subgoals.push(spec);
    }
    actionGoals.push(...(clause.actionGoals ?? []));
    for (const note of clause.notes ?? []) if (!notes.includes(note)) notes.push(note);
  }
  return { subgoals, actionGoals, notes };
}

/**
 * Reads a task text whose every sentence is a request into its structured goal, or says why it cannot (the first
 * sentence that does not read). Texts with context sentences or dialogue turns are `readGoal`'s.
 */
export function readTask(text: string): TaskParse {
  const sentences = sentenceTexts(text);
  if (sentences.length === 0) return { ok: false, reason: 'the text is empty' };
  const clauses: ClauseReading[] = [];
  let before: ClauseReading | undefined;
  for (const sentence of sentences) {
    const read = readRequest(sentence, { before });
    if (!read.ok) return read;
    clauses.push(...read.clauses);
    before = read.clauses.at(-1);
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
