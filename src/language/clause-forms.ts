/**
 * The clause forms of the goal reader's grammar (`tasks.ts` reads a sentence with them, `clauses.ts` says what each
 * means), written in the matcher's patterns (`matcher.ts`).
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
 *   using        (use | operate | start | boot up) NP  switched on, as "switch on NP" reads (no action goal: docs/reader.md)
 *   cooking      (heat | cook | warm | microwave | toast | bake | fry | reheat) [up] OBJ [(with|in|using|on) HEATER]
 *                | use HEATER to (heat | cook | ...) OBJ
 *   cleaning     (clean | wash | rinse | scrub | wipe) OBJ [in the sink] | give OBJ a (wash | rinse | clean)
 *   watering     water OBJ | give OBJ (some water | a drink)
 *   fetching     (get | grab | fetch | find | bring | pick up | take | hand | pass | gather | look for | hunt down |
 *                track down | seek out | ...) [me] OBJ   superseded by what the next clause does with the same things
 *                (placing, heating, washing them)
 *   taking away  (take away | remove | clear) N (objects | things | items) (from | off) (HOST | it)
 *   emptying     (empty | clear [off]) (HOST | it) | (take | remove) everything (off | from) HOST   superseded likewise
 *   dishes       (make | prepare | fix | brew | get me | ...) DISH [, DISH] | (i would like | can i have | ...) DISH
 *                | DISH alone; DISH from the recipe book (`recipes.ts`); breakfast [: DISH, DISH]
 *   serving      serve [OBJ] on HOST | served on HOST
 *   declaratives OBJ (go | goes | belong | belongs | live) PREP HOST
 *                | OBJ (should | must | need to | has to | is to) (be | go | stay | get) STATE
 *                | OBJ (needs | wants | could use) (refrigeration | washing | heating | water | ...)
 *                | (make sure | ensure | see to it) [that] OBJ (is | are | stays | gets) STATE
 *                | (i want | i need | i would like) OBJ STATE | (get | have | leave | keep) OBJ STATE | OBJ STATE
 *                | there should be OBJ PREP HOST | a STATE-ADJECTIVE THING [from HEATER] ("a warm meal")
 *                | (i would like | can i have | ...) THING [from HEATER] [, served | put] PREP HOST   a wish and where it goes
 *   dishes/wish  ... DISH [made | for lunch] [[, served | put] PREP HOST]            "I'd like a coffee on the table"
 *   participles  (served | placed | put) PREP HOST       what the clause before made or named, placed there
 *   going        (go | walk | head) to OBJ | check on OBJ    no goal: the way to what the next clause does with OBJ
 *   put away     (put | tidy | store) OBJ away           where the catalog keeps it (one place), else refused
 *   not leaving  (do not leave | never leave) OBJ STATE | [make sure] no OBJ (should be | is) STATE   the other state
 *   gapping      OBJ                                  the clause before, of other things ("..., and the face cream")
 *   round three  do OBJ (dishes: washing them) | (make | brew | ...) it in VESSEL (the dish before, in its own vessel)
 *                | N slices (the toast before, N of it) | PLACE (the salad | the sandwich) PREP HOST (made, then put)
 *                | "a mug that is clean" (an adjective after its thing) | "we're making DISH" (a dish verb)
 *
 * STATE: (switched|turned) on / off, open(ed), closed / shut, clean(ed) / washed, cooked / heated / warm(ed) [in HEATER],
 * watered, [put|placed|stored|kept] PREP HOST. PREP: on, onto, on top of, in, into, inside, to, over to.
 */
import type { Predicate } from '../sim/subgoals.js';
import {
  alt,
  type Element,
  lazyOptional,
  list,
  np,
  number,
  optional,
  type Pattern,
  pick,
  type Tagged,
  words,
} from './matcher.js';
import { roomOf } from './nouns.js';

// ---- patterns --------------------------------------------------------------------------------------------------------

const SLICES = 'slice|slices|piece|pieces';
/** How slices said alone are determined: the ones made before, one, every one (`clauses.ts`, slicesOf). */
const SLICE_DETERMINERS: Record<string, string> = {
  the: 'def',
  those: 'def',
  these: 'def',
  that: 'def',
  this: 'def',
  both: 'def',
  all: 'all',
  each: 'all',
  a: 'one',
  an: 'one',
  one: 'one',
  another: 'one',
};
/** Slices, and pieces: "2 slices of tomato" is the tomato sliced, "three pieces of fruit" three fruits (`thingOf`). */
const CUT: Record<string, string> = { slice: 'slice', slices: 'slice', piece: 'piece', pieces: 'piece' };
/** Adjectives that state what must hold of a thing ("a clean plate", "the toasted bread", "a warm meal"). */
const ADJECTIVES: Record<string, string> = {
  clean: 'isClean',
  // toasted is cooked in a toaster (`adjectiveOf` splits the appliance off)
  toasted: 'isCooked/toaster',
  cooked: 'isCooked',
  heated: 'isCooked',
  warm: 'isCooked',
  hot: 'isCooked',
  warmed: 'isCooked',
};
const adjective = (name: string) => optional(pick(name, ADJECTIVES));

/** What an adjective captured by `adjective(name)` asks: the predicate, and the appliance it names ("toasted"). */
export function adjectiveOf(value: unknown): { predicate?: Predicate; using?: string } {
  if (typeof value !== 'string') return {};
  const [predicate, using] = value.split('/');
  return { predicate: predicate as Predicate, ...(using && { using }) };
}
const VAGUE =
  'some|an assortment of|a selection of|a variety of|a few|several|a bunch of|a bit of|a little|some of the|a mix of';

/** "a mug that is clean": the adjective after the thing, as before it. */
const relative = (name: string) =>
  optional(
    words('that is|which is|that are|which are|that has been|that have been|that was|that were'),
    pick(`${name}Adj`, ADJECTIVES),
  );

/** A quantified thing: `all the X`, `3 slices of X`, `a slice of X`, `3 X`, `some X`, `X`; captures name, nameQ, ... */
const thing = (name: string): Pattern => {
  const quantified = alt(`${name}Q`, [
    { tag: 'all', pattern: [words('all the|all|every|each|all my|all your'), adjective(`${name}Adj`), np(name)] },
    // "2 slices of tomato", "3 slices potatoes", "1 slice lettuce": that many of the thing, sliced (`thingOf`)
    {
      tag: 'slices',
      pattern: [
        optional(words('the|those|these')),
        number(`${name}N`),
        // "1 more slice of lettuce": that many slices of it (a count said again reads as the larger)
        optional(words('more|extra')),
        adjective(`${name}Adj`),
        pick(`${name}Cut`, CUT),
        optional(words('of')),
        np(name),
      ],
    },
    {
      tag: 'slice',
      pattern: [
        optional(words('a|an|one|the|that|this|another|one more|an extra')),
        adjective(`${name}Adj`),
        pick(`${name}Cut`, CUT),
        words('of'),
        np(name),
      ],
    },
    { tag: 'count', pattern: [optional(words('the')), number(`${name}N`), adjective(`${name}Adj`), np(name)] },
    { tag: 'vague', pattern: [words(VAGUE), adjective(`${name}Adj`), np(name)] },
    { tag: 'single', pattern: [words('a|an'), adjective(`${name}Adj`), np(name)] },
    { tag: 'any', pattern: [words('any'), adjective(`${name}Adj`), np(name)] },
    {
      tag: 'bare',
      pattern: [optional(words('the|my|your|our|that|this|these|those')), adjective(`${name}Adj`), np(name)],
    },
  ]);
  return [quantified, relative(name), SOURCE(name)];
};

/**
 * Where a thing is, after it ("the book from the bed", "the keys sitting on the dresser", "the mug next to the sink"):
 * which one the speaker means, read as any one of its class (a goal names classes; `clauses.ts` notes it). Bare "on"
 * and "in" are no such words: "put the apple in the fridge on the table" has one reading, "put the keys on the dresser"
 * another.
 */
const SOURCE = (name: string) =>
  lazyOptional(
    words(
      'from|from off|from inside|from on|from on top of|from the top of|off of|out of|that is on|that is in|' +
        'that is inside|that was on|that was in|that is sitting on|that is lying on|sitting on|lying on|sitting in|' +
        'lying in|located on|located in|found on|found in|next to|near|beside|by|on top of|in front of|behind|' +
        'under|underneath|left on|left in|resting on|placed on|standing on|laying on',
    ),
    optional(words('the|a|an|one of the')),
    np(`${name}From`),
    optional(words('to the right|to the left|on the left|on the right|in the corner')),
  );

/**
 * Where a host is, after it ("the drawer to the right of the sink", "the cabinet under the sink", "the table in the
 * corner", "the dresser with the television"): which one, read as any one of its class, with a note (`clauses.ts`,
 * hostOf). Before it, a part of it ("on the back of the toilet", "the top of the fridge"): the host itself.
 */
const RELATIVE_PLACE = (name: string) =>
  lazyOptional(
    alt(`${name}Rel`, [
      // "the cabinet in between the microwave and the sink": which one, by two things
      {
        tag: 'to',
        pattern: [
          words('between|in between|in-between'),
          optional(words('the|a|an')),
          np(`${name}RelTo`),
          words('and'),
          optional(words('the|a|an')),
          np(`${name}RelToo`),
        ],
      },
      {
        tag: 'to',
        pattern: [
          words(
            'to the right of|to the left of|right of|left of|next to|beside|near|by|under|underneath|below|beneath|' +
              'above|over|behind|in front of|across from|opposite|opposite to|close to|closest to|nearest to|nearest|' +
              'at the end of|at the back of|on the side of|in the corner of|between|facing|with|that has|that holds|' +
              'to the right side of|to the left side of|on the right side of|on the left side of|on the left of|' +
              'on the right of|beside the|adjacent to|at the foot of|at the head of|at the side of|of',
          ),
          optional(words('the|a|an')),
          np(`${name}RelTo`),
        ],
      },
      {
        tag: 'there',
        pattern: [
          words(
            'in the corner|on the left|on the right|in the middle|at the back|at the front|in the back|to the right|' +
              'to the left|on the left side|on the right side|in the center|in the centre|across the room|' +
              'on the far side|on the far left|on the far right|at the end|nearby|over there|on the end|' +
              'in the corner of the room|on the wall|against the wall|by the wall|by the window|near the window|' +
              'by the door|near the door|closest to you|nearest to you|nearest you|closest to the door|' +
              'on the top shelf|on the bottom shelf|on the middle shelf|on the lower shelf|on the upper shelf|' +
              'on the second shelf|on the first shelf|on the third shelf|on the top|on the bottom|on the door|' +
              'in the door|on the shelf|on a shelf|in the back|at the bottom|at the top|' +
              // "the cabinet above", "the drawer below": above or below what was named before
              'above|below|up above|down below|overhead',
          ),
        ],
      },
    ]),
  );
const PART_OF = optional(
  words(
    'the back of|the top of|the side of|the front of|the edge of|the end of|the bottom of|the corner of|' +
      'the center of|the centre of|the middle of|the left side of|the right side of|the far end of|' +
      'the back part of|the left of|the right of|the front part of|the top part of|the back left of|' +
      'the back right of|the front left of|the front right of|the left end of|the right end of|the surface of|' +
      'back of|top of|side of|front of|edge of|end of|bottom of|the lid of|lid of|the seat of|the inside of',
  ),
);
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
        pick(`${name}P`, {
          them: 'many',
          it: 'one',
          // "find one and put it there": one of the thing named before
          one: 'one-of',
          those: 'many',
          these: 'many',
          that: 'one',
          this: 'one',
          they: 'many',
        }),
      ],
    },
    {
      tag: 'everything',
      pattern: [
        words(EVERYTHING),
        words('on|from|off|off of|in|inside|on top of|lying on|sitting on|left on|that is on|that are on'),
        // "whatever is on it": the host named before (`sourceOf`)
        hostOrPronoun(`${name}From`),
      ],
    },
    { tag: 'pronoun', pattern: [words('everything|all of it|all the things|the lot|all that')] },
    // "keep 2 pieces in the fridge" after "there's fruit on the counter": that many of the thing named before
    { tag: 'pronoun', pattern: [number(`${name}N`), words('pieces|bits|ones')] },
    // "cut the apple and put a slice in the fridge": one of what was sliced before
    {
      tag: 'pronoun',
      pattern: [
        words('a|the|one|that|this'),
        // the food said ("the tomato slice") is the one the slice is of (`clauses.ts`, objectsOf)
        optional(
          pick(`${name}Of`, {
            sliced: '*',
            cut: '*',
            apple: 'apple',
            tomato: 'tomato',
            potato: 'potato',
            bread: 'bread',
            lettuce: 'lettuce',
          }),
        ),
        pick(`${name}P`, {
          slice: 'slice-of',
          piece: 'slice-of',
          section: 'slice-of',
          wedge: 'slice-of',
          chunk: 'slice-of',
        }),
        optional(words('of it|of that|of them')),
      ],
    },
    { tag: 'things', pattern: [list(name, [{ tag: 'thing', pattern: thing('x') }], ', | and | , and', true)] },
    // "place 1 slice on it", "the slices", "toast the 2 slices", "one more slice": slices of the thing sliced or named
    // before (`clauses.ts`, slicesOf)
    {
      tag: 'slices',
      pattern: [
        optional(pick(`${name}Det`, SLICE_DETERMINERS)),
        optional(words('the|other')),
        optional(number(`${name}N`)),
        optional(words('more')),
        adjective(`${name}Adj`),
        words('slice|slices'),
      ],
    },
  ]);
/**
 * A host: "the sofa", "a clean plate", and one host of several said as such ("a single kitchen cabinet", "one of the
 * sofas", "only one bookshelf"): a placement's host is any one of its class anyway.
 */
const host = (name: string): Pattern => [
  PART_OF,
  optional(
    alt(`${name}Det`, [
      // "all the mugs in the same cabinet" is one cabinet for all, as "a single cabinet"; "the same shelf" of one thing
      // is the one it was on (refused where the host is read)
      { tag: 'same', pattern: [words('the same|the very same')] },
      {
        tag: 'any',
        pattern: [
          words(
            'any|one|a|an|the|my|a single|one single|only one|one of the|any of the|any one of the|either|one of my|' +
              'your|our|that|this',
          ),
        ],
      },
    ]),
  ),
  adjective(`${name}Adj`),
  np(name),
  // "the cabinet under the sink against the wall": two relative places said
  RELATIVE_PLACE(name),
  RELATIVE_PLACE(`${name}2`),
];
/** A host, or a pronoun for one ("put the salmon in it"). */
const hostOrPronoun = (name: string): Element =>
  alt(`${name}K`, [
    { tag: 'np', pattern: host(name) },
    { tag: 'pronoun', pattern: [words('it|them|that|this|one')] },
    // "put it in there": the last place named (`ClauseReading.place`)
    { tag: 'there', pattern: [words('there')] },
  ]);
const PREP = words(
  'on|onto|upon|on top of|in|into|inside|inside of|in to|within|to|over to|up to|back to|back on|back in|back into|down on|down onto|away in|away into|out on|out onto|' +
    'on to|down in|down into|over on|over in|back onto|back inside|back inside of|into the inside of|atop',
);
const PARTICLE = optional(words('away|down|back|out|up|over|aside|off'));
const appliance = optional(
  words('with|in|using|on|inside|from|by|in the|on the'),
  optional(words('the|a|an|my')),
  np('using'),
);
const DET = optional(words('the|a|an|my'));
/**
 * A purpose after a placement (`placeClause` reads it): what the fridge is for ("put the fruit in the fridge to chill",
 * "... to keep it fresh": nothing more than the placement, and refused of any other host), or heating ("put the chicken
 * in the microwave to heat it up": heating it there, and refused of a host that does not heat).
 */
const PURPOSE = optional(
  alt('purpose', [
    {
      tag: 'fridge',
      pattern: [
        words(
          'to chill|to cool|to cool down|to chill down|to get cold|to keep cold|to stay cold|to stay cool|to keep cool|' +
            'to keep fresh|to stay fresh|to keep it cold|to keep them cold|to keep it fresh|to keep them fresh|' +
            'to keep it cool|to keep them cool|so it keeps|so they keep|so it stays fresh|so they stay fresh|' +
            'so it stays cold|so they stay cold|to be chilled|to be kept cold|to keep it from going off|' +
            'to keep them from going off|to keep it from going bad|to keep them from going bad|so it gets cold|' +
            'so they get cold|so it is cold|so they are cold|so it chills|so they chill|so it cools down|' +
            'so they cool down|so it stays cool|so they stay cool|so it stays cold|so they stay cold|' +
            'to keep it chilled|to keep them chilled|to keep it cool|to stay chilled',
        ),
      ],
    },
    {
      tag: 'heat',
      pattern: [
        words(
          'to heat|to heat up|to warm|to warm up|to cook|to heat it|to heat them|to heat it up|to heat them up|' +
            'to warm it|to warm them|to warm it up|to warm them up|to cook it|to cook them|to be heated|' +
            'to be warmed up|to get warm|to get hot|to toast|to toast it|to toast them|so it heats up|so they heat up|' +
            'so it heats|so they heat|so it warms up|so they warm up|so it gets hot|so they get hot|so it gets warm|' +
            'so they get warm|so it cooks|so they cook|so that it heats up|so that they heat up|so it is hot|' +
            'so they are hot|so it is warm|so they are warm',
        ),
      ],
    },
  ]),
);
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
/** Verbs of looking at a thing (ALFRED's look_at_obj_in_light). */
const EXAMINE_VERBS =
  'examine|look at|inspect|view|study|check out|observe|look over|look closely at|take a look at|have a look at|' +
  'look at it|read|scan|check|see|peer at|gaze at|stare at|analyze|analyse|investigate';
/** Verbs of holding a thing before looking at it. */
const HOLD_VERBS = 'pick up|take|grab|get|hold|carry|lift|lift up|bring|find';
/** How a thing is looked at by a lamp: "under", "by the light of", "in the light of", "next to", "with". */
const LIGHT_BY: Pattern = [
  words(
    'under|by|in|with|near|next to|beside|using|at|below|underneath|in front of|to|against|from|on|over|beneath|' +
      'by means of|close to|up to',
  ),
  optional(
    words(
      'the light of|the light from|the glow of|the lamp light of|light of|light from|the lighting of|the lit|' +
        'the illumination of|the light given off by|the light given by|the light provided by',
    ),
  ),
];
/** A lamp said to be on: nothing more than it being on, which looking at a thing by it needs anyway. */
const LAMP_ON = optional(words('that is on|that is lit|which is on|turned on|switched on|that is turned on|on|lit'));
/** What a taking away is said of ("three of the things", "two items"). */
/** Participles of taking away ("taken off", "removed", "cleared away"). */
const TAKEN_PARTICIPLES =
  'taken off|taken away|removed|cleared off|cleared away|cleared|moved off|moved away|taken off it|gotten rid of|' +
  'got rid of|put away';
const TAKEN_THINGS = 'objects|things|items|of the objects|of the things|of the items|pieces|bits';
/** A host said to be empty ("completely empty": the degree is set aside in `normalize.ts`). */
const EMPTY_STATES = 'empty|emptied|clear|cleared|cleared off|cleared out|bare|emptied out|cleared up|uncluttered';

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
  { tag: 'on', pattern: [words('running|going|started|started up|booted up|up and running|booted|fired up')] },
  { tag: 'off', pattern: [optional(words('switched|turned|powered|shut|left|kept')), words('off|out')] },
  { tag: 'open', pattern: [words('open|opened|left open|kept open|opened up')] },
  { tag: 'closed', pattern: [words('closed|shut|closed up')] },
  { tag: 'clean', pattern: [words('clean|cleaned|washed|rinsed|washed up|cleaned up|scrubbed|spotless')] },
  // toasted: cooked in the toaster (a loaf toasted is a slice of it)
  { tag: 'toasted', pattern: [words('toasted')] },
  {
    tag: 'cooked',
    pattern: [words('cooked|heated|heated up|warmed|warmed up|hot|warm|toasted|microwaved|reheated'), appliance],
  },
  { tag: 'watered', pattern: [words('watered')] },
  { tag: 'sliced', pattern: [words('sliced|cut|cut up|sliced up|chopped')] },
  { tag: 'boiled', pattern: [words('boiled'), optional(words('in water|on the stove|in a pot|in the pot'))] },
  {
    tag: 'placed',
    pattern: [
      optional(
        words('put|placed|stored|kept|moved|left|set|sitting|lying|taken|brought|returned|stashed|stowed|served|laid'),
      ),
      PARTICLE,
      PREP,
      hostOrPronoun('host'),
      PURPOSE,
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
      // "2 fruits need chilling in the fridge": where they are chilled says nothing more
      optional(words('in the fridge|in the refrigerator|in the fridge to stay fresh')),
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
  { tag: 'sliced', pattern: [words('slicing|cutting|to be sliced|to be cut|cutting up|to be cut up')] },
  { tag: 'boiled', pattern: [words('boiling|to be boiled|to boil')] },
];

const COOK_VERBS: Record<string, string> = {
  heat: '',
  cook: '',
  warm: '',
  reheat: '',
  microwave: 'microwave',
  nuke: 'microwave',
  zap: 'microwave',
  toast: 'toaster',
  bake: 'stove',
  fry: 'stove',
  grill: 'stove',
};
const PLACE_VERBS =
  'put|place|set|lay|leave|store|stash|stow|keep|move|bring|take|carry|return|drop|toss|throw|pop|stick|load|' +
  'arrange|hang|shift|transfer|get|chill|tidy|tuck|slide|relocate|position|deposit|park|plonk|rest|stack|file|shelve|' +
  'gather|collect|round up';

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
      optional(words('using|with|in|on|from|out of'), optional(words('the|a')), np('using')),
    ],
  },
  { tag: 'plate-of-toast', pattern: [words('a plate of toast|plate of toast|some toast on a plate|toast on a plate')] },
  {
    tag: 'coffee',
    pattern: [
      words(
        'coffee|a coffee|a cup of coffee|some coffee|a mug of coffee|a fresh coffee|fresh coffee|one coffee|' +
          'one cup of coffee|a hot coffee|a nice coffee|a nice cup of coffee|a hot cup of coffee|a fresh cup of coffee',
      ),
      // "a coffee, in a clean mug": the vessel after a comma too
      optional(
        optional(words(',')),
        words(
          'in a clean mug|in a mug|in a clean cup|in a cup|in the clean mug|in the mug|in it|into a clean mug|' +
            'into the clean mug|in one of the clean mugs|in a clean coffee mug|in a coffee mug|in my mug|in my cup',
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
  {
    tag: 'sandwich',
    pattern: [
      words('a sandwich|sandwich|a toast sandwich|some sandwich|a sandwich for me|one sandwich|a nice sandwich'),
    ],
  },
  { tag: 'salad', pattern: [words('a salad|salad|some salad|one salad|a nice salad|a fresh salad')] },
];
const dishes = list('dishes', DISH_FORMS, ', | and | , and', true);

/**
 * Where a wished or made thing is to end up, after it: "(served | put | placed) on the kitchen table", "on a plate"
 * ("I'd like a coffee on the kitchen table", "a cooked potato, served on a plate"); captures `dest`.
 */
const PLACED_TAIL = optional(
  alt('destK', [
    {
      tag: 'np',
      pattern: [
        optional(words(',')),
        optional(words('served|put|placed|set|laid|brought|left|waiting|ready|and served|and put|and placed')),
        words('on|onto|on top of|in|into|inside|at|over on|out on'),
        ...host('dest'),
      ],
    },
  ]),
);
/** After a dish wished for: "made", "ready" ("can I get a sandwich made?"). */
/** How a dish is wished for ("I'd like", "can I have", "how about"). */
const WISH_FOR =
  'i would like|i want|i need|i would love|i will have|i will take|can i have|could i have|can i get|' +
  'could i get|may i have|i am hungry for|i am in the mood for|how about|i fancy|i would really like|we would like|' +
  'we want|i could use|i could go for|i would enjoy|i could do with|i would kill for|i am craving|' +
  'i would appreciate|i would like to have|i want to have|we could use|we need|any chance of|' +
  'is there any chance of|what about|could i trouble you for|can i trouble you for|i would love to have|' +
  'we would love|i would really love|i really want|i really need|i will go for|i would go for|can we have|' +
  'could we have|can we get|could we get|time for|it is time for';
/** A meal said after where the dishes go ("... on the kitchen table for breakfast"). */
const MEAL_AFTER = optional(
  words('for breakfast|for lunch|for dinner|for supper|for a snack|as a snack|for later|for the morning'),
);
const DISH_DONE = optional(
  words(
    'made|prepared|ready|done|made for me|ready for me|cooked|for lunch|for dinner|for breakfast|for supper|' +
      'for tonight|for later|for a snack|as a snack|time',
  ),
);

/** The dish said as made together ("today we're making toast"), as TEACh's commanders set a task. */
const WE_MAKE =
  'we are making|we are preparing|we are cooking|we are having|we are doing|we are going to make|' +
  'we are going to have|we are going to prepare|we will make|we will be making|we will have';
/** Dishes that are no thing in the house ("the salad" is no lettuce): placed, they are made first. */
const MADE_DISHES = { salad: 'salad', salads: 'salad', sandwich: 'sandwich', sandwiches: 'sandwich' };

export const CLAUSE_FORMS: Tagged[] = [
  // dishes first: "make a salad" must not read "salad" (lettuce's alias) as a thing to make
  {
    tag: 'dishes',
    pattern: [
      words(
        'make|prepare|cook|fix|whip up|brew|put together|rustle up|do|get|bring|serve|pour|toss|whip me up|whip us up|' +
          'start with|begin with|starting with|to start with|' +
          `rustle me up|fix me up|knock up|throw together|have|${WE_MAKE}`,
      ),
      optional(words('me|us')),
      dishes,
      DISH_DONE,
      PLACED_TAIL,
      MEAL_AFTER,
    ],
  },
  {
    tag: 'dishes',
    pattern: [words(WISH_FOR), dishes, DISH_DONE, PLACED_TAIL, MEAL_AFTER],
  },
  // "Coffee, please.", "A sandwich would be nice.", "Two slices of toast on the kitchen table, please."
  { tag: 'dishes', pattern: [dishes, DISH_DONE, PLACED_TAIL, MEAL_AFTER] },
  { tag: 'dishes', pattern: [words('fill'), words('a clean mug|the clean mug|a mug|the mug'), words('with coffee')] },
  // "fill coffee in mug", "put coffee in the mug", "pour some coffee into a clean mug", "fill coffee": coffee made
  {
    tag: 'dishes',
    pattern: [
      words('fill|put|pour|get|add'),
      words('coffee|the coffee|some coffee|fresh coffee'),
      optional(
        words('in|into|inside'),
        optional(words('a|the|one|my')),
        optional(words('clean')),
        words('mug|cup|coffee mug'),
      ),
    ],
  },
  // "put the salad on the table": a dish no home holds is made, then put there
  {
    tag: 'place-dish',
    pattern: [
      words(`${PLACE_VERBS}|serve`),
      optional(words('the|a|my|our|some')),
      pick('dish', MADE_DISHES),
      PARTICLE,
      words('on|onto|on top of|in|into|inside|at|to|over to'),
      ...host('dest'),
    ],
  },
  // "I'd like a coffee. Make it in a clean mug.": the dish said before, in its own vessel
  {
    tag: 'remake',
    pattern: [
      words('make|prepare|brew|pour|serve|do|fix|put'),
      words('it|that|one|mine'),
      optional(words(',')),
      words('in|into'),
      optional(words('a|the|one|my')),
      adjective('vesselAdj'),
      np('vessel'),
    ],
  },
  // "today we're making toast. one slice please.": how many of the toast said before
  {
    tag: 'dish-count',
    pattern: [
      number('n'),
      words(SLICES),
      optional(words('of it|of toast|of bread|of them|total|in total|only|each|please')),
    ],
  },
  // "slice the tomato. 2 slices.", "1 slice only": how many slices of the thing sliced just before
  {
    tag: 'slice-count',
    pattern: [number('n'), words('slice|slices'), optional(words('only|total|in total|of it|of them|each'))],
  },
  {
    tag: 'breakfast',
    pattern: [
      words(
        `make|prepare|cook|fix|do|get|serve|have|set out|lay out|put out|serve up|sort out|sort|get ready|fix up|` +
          `rustle up|put together|${WE_MAKE}`,
      ),
      optional(words('me|us')),
      words('breakfast|a breakfast|some breakfast'),
      // "could you get breakfast ready?"
      DISH_DONE,
      // "breakfast on the kitchen table: coffee and a plate of toast" (the colon is no token), "set out breakfast on the
      // kitchen table, a plate of toast and a coffee"
      PLACED_TAIL,
      optional(optional(words(',')), dishes),
      PLACED_TAIL,
    ],
  },
  {
    tag: 'breakfast',
    pattern: [
      // "Breakfast on the kitchen table, please: ..." (a sentence that starts "Breakfast starts soon" is no match)
      optional(words(WISH_FOR)),
      words('breakfast|a breakfast|some breakfast'),
      PLACED_TAIL,
      optional(optional(words(',')), dishes),
      PLACED_TAIL,
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
      words('switch|turn|flip|power|put|leave|keep|get|have|shut|knock|stick|pop'),
      objects('xs'),
      pick('state', { on: 'ON', off: 'OFF', out: 'OFF' }),
      roomTail,
    ],
  },
  { tag: 'toggle-off', pattern: [words('kill|shut down|power down|power off|cut'), objects('xs'), roomTail] },
  { tag: 'toggle-on', pattern: [words('light up|power up|fire up'), objects('xs'), roomTail] },
  {
    tag: 'open',
    pattern: [
      // "crack open the fridge", "pull the door shut" (after the thing: the state forms)
      optional(words('crack|pull|swing|prop|pop|throw|fling|push|slide')),
      pick('verb', { open: 'OPEN', close: 'CLOSED', shut: 'CLOSED' }),
      optional(words('up')),
      objects('xs'),
      optional(words('door|doors|lid|lids|up')),
    ],
  },
  {
    tag: 'use',
    pattern: [
      words('use|operate|start|run|start up|boot up|fire up'),
      DET,
      adjective('xAdj'),
      np('x'),
      DURATION,
      // "..., and use the microwave for it": the instrument of the request before, never switching it on
      optional(
        alt('bound', [
          {
            tag: 'bound',
            pattern: [
              words(
                'for it|for that|for this|for them|for those|to do it|to do that|to do this|to do so|for the job|' +
                  'to make it|to make them|to heat it|to cook it|instead',
              ),
            ],
          },
        ]),
      ),
    ],
  },
  {
    tag: 'take-away',
    pattern: [
      words('take away|remove|take|clear|get|move|clear away|pick up|get rid of|throw away|throw out|dispose of'),
      number('n'),
      words('objects|things|items|of the objects|of the things|of the items|pieces|bits'),
      optional(words('away')),
      words('from|off|off of|away from|out of|on|lying on|sitting on|that are on'),
      hostOrPronoun('host'),
    ],
  },
  // round four: taking away said as what must happen to the things ("three of the things on the table need to be
  // taken off", "two of the items on the nightstand should be removed", "3 things on the desk have to go", "I'd like
  // two of the items on the counter taken away", "could two of the objects on the nightstand be taken away?")
  {
    tag: 'take-away',
    pattern: [
      optional(words('i would like|i want|i need|we need|we want|i would love|can|could|will|would|may')),
      number('n'),
      words(TAKEN_THINGS),
      words('from|off|off of|on|lying on|sitting on|that are on|left on|on top of'),
      hostOrPronoun('host'),
      optional(
        words(
          'need to be|needs to be|should be|must be|have to be|has to be|ought to be|can be|could be|be|are to be|' +
            'need|needs|want|wants|could do with being',
        ),
      ),
      words(
        `${TAKEN_PARTICIPLES}|removing|taking off|taking away|clearing off|clearing away|moving off|gone|off|` +
          'have to go|has to go|need to go|needs to go|must go|should go|can go|have got to go|got to go|' +
          'need to come off|needs to come off|should come off|have to come off|has to come off|can come off',
      ),
    ],
  },
  {
    tag: 'take-away',
    pattern: [
      number('n'),
      words(TAKEN_THINGS),
      words(
        'have to go|has to go|need to go|needs to go|must go|should go|can go|got to go|have got to go|' +
          'need to come off|should come off|have to come off|can come off',
      ),
      optional(words('from|off|off of'), hostOrPronoun('host')),
    ],
  },
  {
    tag: 'take-away',
    pattern: [
      number('n'),
      words(TAKEN_THINGS),
      words('need to be|needs to be|should be|must be|have to be|has to be|ought to be|need|needs|could do with being'),
      words(`${TAKEN_PARTICIPLES}|taking|clearing|moving|removing|taken|cleared|moved`),
      words('from|off|off of|away from|out of'),
      hostOrPronoun('host'),
    ],
  },
  // round four: a host wished or said to be empty ("I need the coffee table completely empty", "the nightstand needs to
  // be bare", "the desk needs clearing"): emptying it
  {
    tag: 'empty',
    pattern: [
      words('i need|i want|i would like|we need|we want|i would love|get|have|make'),
      hostOrPronoun('host'),
      words(EMPTY_STATES),
    ],
  },
  {
    tag: 'empty',
    pattern: [
      hostOrPronoun('host'),
      words(
        'needs to be|need to be|has to be|have to be|should be|must be|ought to be|is to be|needs|need|wants|' +
          'could do with',
      ),
      words(`${EMPTY_STATES}|clearing|emptying|clearing off|clearing out|emptying out|clearing up|decluttering`),
    ],
  },
  {
    tag: 'empty',
    pattern: [
      words('empty|clear|clear off|empty out|clean off|declutter|clear out'),
      optional(words('the surface of|the top of|everything on|everything off|everything from|off')),
      hostOrPronoun('host'),
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
      hostOrPronoun('host'),
    ],
  },
  // slicing: "slice the tomato", "cut a potato using a knife", "slice lettuce and tomato", "slice it into 2 slices",
  // "cut the apple in half on the counter"
  {
    tag: 'slice',
    pattern: [
      words('slice|cut|chop|dice|slice up|cut up|chop up|cut open|halve'),
      objects('xs'),
      optional(words('up|in half|in two|into two|into halves|into half|to pieces')),
      optional(words('with|using|by using|use|in|into'), optional(number('piecesN')), words('slices|pieces')),
      optional(words('with|using|by using|use'), DET, np('using')),
      // "cut the tomato on the counter": it lies there, sliced
      optional(words('on|in|inside|at|over'), DET, np('slicedOn')),
    ],
  },
  // "make a slice of tomato", "make 2 slices", "cut 3 slices of potato": that many slices, sliced
  {
    tag: 'make-slices',
    pattern: [
      words('make|cut|prepare|create'),
      objects('xs'),
      optional(words('with|using'), DET, np('using')),
      // "prepare 1 slice of tomato in a clean bowl": sliced, then placed there
      optional(PREP, hostOrPronoun('host')),
    ],
  },
  // "lettuce 1 slice", "tomato 2 slices": that many slices of it
  {
    tag: 'named-slices',
    pattern: [
      optional(words('the')),
      np('x'),
      number('n'),
      words('slice|slices'),
      optional(words('only|total|in total')),
    ],
  },
  // watering's steps: "fill the container from the sink", "fill it with water", "bring some water from the sink"
  {
    tag: 'fill-water',
    pattern: [
      words('fill|fill up|refill'),
      objects('xs'),
      optional(words('up')),
      optional(words('with water|with some water|with fresh water')),
      optional(words('from|at|in|under'), DET, np('using')),
    ],
  },
  {
    tag: 'fetch-water',
    pattern: [
      words('bring|get|fetch|take|collect|pour|grab'),
      words('water|some water|fresh water'),
      optional(words('in|with|using'), DET, np('vessel')),
      optional(words('from'), DET, np('using'), optional(words('in|at|on'), DET, np('usingHost'))),
    ],
  },
  // "pour it into the plant": the water carried, given to the plant
  {
    tag: 'water',
    pattern: [
      words('pour|tip|empty'),
      words('it|them|the water|that|this'),
      words('into|onto|on|over|in|to'),
      objects('xs'),
    ],
  },
  // boiling: "boil the potato", "boil a potato in water", "boil potato in the pot on the stove"
  {
    tag: 'boil',
    pattern: [
      words('boil'),
      optional(words('up')),
      objects('xs'),
      optional(
        words('in|on|with|using|by cooking it in|by cooking them in'),
        optional(words('the|a|an|some')),
        optional(words('pot of|pan of|bowl of')),
        np('using'),
        optional(words('on the stove|on the stove burner|on the burner|in the microwave')),
      ),
    ],
  },
  {
    tag: 'cook',
    pattern: [
      pick('verb', COOK_VERBS),
      optional(words('me|us')),
      optional(words('up')),
      objects('xs'),
      optional(words('up')),
      appliance,
      DURATION,
    ],
  },
  // "take the keys on the dresser", "grab the book on top of the shelf": the one there, taken (a fetch; the place is
  // which one, as a source after a thing). Taking a thing somewhere says "to" ("take the mug to the sink").
  {
    tag: 'fetch',
    pattern: [
      words('take|grab|pick up|take up'),
      objects('xs'),
      words('on|on top of|upon|sitting on|lying on'),
      optional(words('the|a|an')),
      np('xsOn'),
    ],
  },
  // ALFRED's movable receptacles: "put a cup with a knife in it in the sink", "a pan containing a spatula on the
  // counter", "put a watch in a bowl on the shelf": the thing in the vessel, the vessel placed (`clauses.ts`)
  {
    tag: 'place-vessel',
    pattern: [
      words(PLACE_VERBS),
      PARTICLE,
      ...thing('v'),
      words(
        'with|containing|holding|that has|that holds|that contains|carrying|filled with|full of|that is holding|' +
          'which has|which holds|which contains|that has got',
      ),
      objects('xs'),
      optional(
        words(
          'in it|inside it|inside of it|on it|in|inside|on top|on top of it|inside of|in there|on there|within it|' +
            'in the middle|on top of that',
        ),
      ),
      PARTICLE,
      PREP,
      hostOrPronoun('host'),
    ],
  },
  {
    tag: 'place-vessel',
    pattern: [
      words(PLACE_VERBS),
      PARTICLE,
      objects('xs'),
      words('in|into|inside|inside of|on|onto|on top of|in to'),
      ...thing('v'),
      words('on|onto|on top of|in|into|inside|inside of|in to'),
      hostOrPronoun('host'),
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
      // "put the watch on the desk from the bed": where it is taken from, said after where it goes
      lazyOptional(words('from|from off|from on|off of|out of'), optional(words('the|a|an')), np('xsFromAfter')),
      DURATION,
      PURPOSE,
    ],
  },
  // "put the plunger under the sink": in the cabinet under it (`clauses.ts`, hostOf)
  {
    tag: 'place',
    pattern: [
      words(PLACE_VERBS),
      PARTICLE,
      objects('xs'),
      PARTICLE,
      alt('hostK', [
        {
          tag: 'under-sink',
          pattern: [
            words('under|beneath|below|underneath|in under'),
            words('the sink|the kitchen sink|the bathroom sink|a sink|the sink basin'),
          ],
        },
      ]),
    ],
  },
  // "wash a fork and place in the drawer": the thing of the clause before, unsaid (`clauses.ts`: as "it" or "them")
  {
    tag: 'place',
    pattern: [words(PLACE_VERBS), PARTICLE, alt('xsK', [{ tag: 'unsaid', pattern: [] }]), PREP, hostOrPronoun('host')],
  },
  // "put it in the fridge, then back in the microwave": the thing of the clause before, put back (unsaid)
  {
    tag: 'place',
    pattern: [
      alt('xsK', [{ tag: 'unsaid', pattern: [] }]),
      words('back'),
      words('in|into|on|onto|inside|to'),
      hostOrPronoun('host'),
    ],
  },
  // "place it in the fridge, remove, place it on the table": taken out again (the thing before, unsaid)
  {
    tag: 'fetch',
    pattern: [words('remove|take out|pull out|get out|take back out'), alt('xsK', [{ tag: 'unsaid', pattern: [] }])],
  },
  // "throw out the apple", "discard the bread": into the garbage can, where things thrown out go
  {
    tag: 'discard',
    pattern: [
      words('throw out|throw away|toss out|toss away|discard|dispose of|chuck out|chuck away|bin|trash|junk'),
      objects('xs'),
    ],
  },
  { tag: 'discard', pattern: [words('throw|toss|chuck'), objects('xs'), words('out|away')] },
  // "find one and put it there": the last place named
  {
    tag: 'place',
    pattern: [
      words(PLACE_VERBS),
      PARTICLE,
      objects('xs'),
      PARTICLE,
      alt('hostK', [{ tag: 'there', pattern: [optional(words('in|on|over|back|right|in over')), words('there')] }]),
      PURPOSE,
    ],
  },

  // "put the milk away": where the catalog keeps it (`clauses.ts`, putAway)
  { tag: 'put-away', pattern: [words('put|tidy|store|stow|pack|tuck'), words('away'), objects('xs')] },
  { tag: 'put-away', pattern: [words('put|tidy|store|stow|pack|tuck'), objects('xs'), words('away')] },
  // "no lights should be on in the house", "make sure no light is on": every one in the other state
  {
    tag: 'not-leave',
    pattern: [
      optional(words('make sure|make sure that|ensure|ensure that|see that|check that')),
      pick('none', { no: 'none' }),
      objects('xs'),
      words('should be|must be|can be|is|are|stays|stay|is left|are left|should stay|should be left'),
      pick('state', { on: 'isToggledOff', running: 'isToggledOff', open: 'isClosed', dirty: 'isClean' }),
      roomTail,
    ],
  },
  // "don't leave the fridge open": the other state
  {
    tag: 'not-leave',
    pattern: [
      words('do not leave|never leave|do not keep|do not let|do not have'),
      objects('xs'),
      pick('state', {
        on: 'isToggledOff',
        running: 'isToggledOff',
        off: 'isToggledOn',
        open: 'isClosed',
        opened: 'isClosed',
        closed: 'isOpen',
        shut: 'isOpen',
        dirty: 'isClean',
        unwashed: 'isClean',
      }),
      roomTail,
    ],
  },
  {
    tag: 'serve',
    pattern: [words('serve'), optional(objects('xs')), words('on|onto|in|at'), ...host('host')],
  },
  // "..., served on the kitchen table", "cook it and put on a plate": what the clause before made or named
  {
    tag: 'served-on',
    pattern: [
      words(
        'served|serve it|serve them|serve|placed|put|set|laid|brought|put it|put them|place it|place them|and served|' +
          'and put|and placed|then served|then put|place|then place|and place',
      ),
      optional(words('out|down')),
      words('on|onto|on top of|in|into|at|inside'),
      ...host('host'),
    ],
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
  // "they are dirty. Rinse with water.": the thing said before, washed
  {
    tag: 'clean',
    pattern: [
      pick('verb', { clean: '', wash: '', rinse: '', scrub: '' }),
      words('with water|in water|with some water|under the tap|under water|in the sink|at the sink'),
      alt('xsK', [{ tag: 'pronoun', pattern: [] }]),
    ],
  },
  {
    tag: 'clean',
    pattern: [
      words('give'),
      objects('xs'),
      optional(words('a|a good|a quick|a proper|a thorough|a nice|a little|some')),
      words('wash|clean|rinse|scrub|wipe|wipe down|clean up|wash up|cleaning|washing|scrubbing'),
    ],
  },
  {
    tag: 'do-dishes',
    pattern: [words('do|wash|clean'), words('the dishes|the washing up|the washing-up|all the dishes')],
  },
  // "do all the plates": washing them, for dishes only ("do the plants" is no washing)
  { tag: 'do-things', pattern: [words('do'), objects('xs')] },
  { tag: 'water', pattern: [words('water'), objects('xs')] },
  // "chill the apple", "cool the mug in the fridge": into the fridge (and, where a later clause moves it on, cooled
  // there: `clauses.ts`, movedOn)
  {
    tag: 'refrigerate',
    pattern: [
      words('refrigerate|chill|freeze|cool|cool down|chill down|cool off'),
      objects('xs'),
      optional(words('down|off')),
      optional(words('in|inside|using|with|in to|into'), DET, np('using')),
    ],
  },
  {
    tag: 'water',
    pattern: [
      words('give'),
      objects('xs'),
      words(
        'water|some water|a drink|a drink of water|a little water|a watering|a bit of water|a good drink|' +
          'a little drink|a splash of water|a good watering',
      ),
    ],
  },
  {
    tag: 'water',
    pattern: [
      words('give|pour|bring|take|carry|get'),
      words('water|some water|a drink|a drink of water|a little water|a bit of water|a glass of water|a cup of water'),
      words('to|on|onto|over|into'),
      objects('xs'),
    ],
  },
  {
    tag: 'fetch',
    pattern: [
      words(
        'get|grab|fetch|find|bring|pick up|take|locate|hand|give|pass|retrieve|collect|go get|go grab|get hold of|hold|' +
          'carry|lift|lift up|pick|take out|remove|get out|pull out|take hold of|hold onto|hold on to|' +
          'gather|round up|gather up|collect up|go and get|go fetch|go and fetch|bring over|grab me|' +
          // searching is the way to it: "look for the book and leave it on the desk"
          'look for|search for|hunt down|hunt for|track down|seek out|look around for|search around for|' +
          'hunt around for|look out for|dig out|search out|see if you can find|try and find|find and get',
      ),
      optional(words('me|us')),
      objects('xs'),
      optional(words('to me|over|here|over here|for me|up|with you|out|back out|out again|out of it|out of there')),
    ],
  },
  { tag: 'fetch', pattern: [words('pick'), objects('xs'), words('up')] },
  // ALFRED's look_at_obj_in_light: "examine the keys by the light of a lamp", "look at a pillow under the desk lamp",
  // "pick up the CD to look at it under a lamp", "turn on a lamp with a remote in hand" (`clauses.ts`, examine)
  {
    tag: 'examine',
    pattern: [
      optional(words(`${HOLD_VERBS}`), objects('heldXs'), words('to|and|and then|then|so you can|in order to')),
      words(EXAMINE_VERBS),
      objects('xs'),
      optional(words('closely|carefully')),
      ...LIGHT_BY,
      ...host('lamp'),
      LAMP_ON,
    ],
  },
  {
    tag: 'examine',
    pattern: [
      words(EXAMINE_VERBS),
      objects('xs'),
      alt('lampK', [
        { tag: 'light', pattern: [words('in the light|under the light|by the light|in light|under light')] },
      ]),
    ],
  },
  {
    tag: 'examine',
    pattern: [
      words('turn on|switch on|turn|switch|light|flip on|power on'),
      ...host('lamp'),
      optional(words('on')),
      words('with|holding|carrying|while holding|while carrying|while you hold|while you carry'),
      objects('xs'),
      optional(words('in hand|in your hand|in hands|in his hand|in her hand|in their hand')),
    ],
  },
  // "go to the plant and give it some water": where the robot goes is what the next clause acts on
  {
    tag: 'go-to',
    pattern: [
      words(
        'go to|go over to|walk to|walk over to|walk up to|head to|head over to|go up to|come to|check on|approach|' +
          'make your way to|move to|go near|get to',
      ),
      objects('xs'),
    ],
  },
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
        'should|must|need to|needs to|has to|have to|ought to|is to|are to|will need to|would need to|is supposed to|are supposed to|to|' +
          'all need to|all have to|all should|all must|both need to|both should',
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
      words(
        'go|goes|belong|belongs|live|lives|go back|goes back|belong back|belongs back|should go|go away|goes away|' +
          'all go|all belong|both go|both belong',
      ),
      PARTICLE,
      PREP,
      hostOrPronoun('host'),
      PURPOSE,
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

  { tag: 'state', pattern: [words('get|have|leave|keep'), objects('xs'), state, roomTail] },
  {
    tag: 'state',
    pattern: [words('make|pull|push|swing|prop|set|pop|throw|fling|crack'), objects('xs'), stateInPlace, roomTail],
  },
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
  // "a warm meal from the microwave", "I'd like hot chicken from the microwave on a plate", "can I have the phone?"
  {
    tag: 'want-thing',
    pattern: [
      optional(
        alt('wish', [
          // asking to be given it: "can I have the phone?"
          {
            tag: 'asked',
            pattern: [
              words(
                'can i have|could i have|can i get|could i get|bring me|get me|give me|may i have|hand me|pass me|' +
                  'can we have|could we have',
              ),
            ],
          },
          { tag: 'wished', pattern: [words('i want|i would like|i need|i would love|we would like|we need')] },
        ]),
      ),
      ...thing('x'),
      optional(
        alt('usingK', [
          { tag: 'from', pattern: [words('from|out of'), DET, np('using')] },
          { tag: 'in', pattern: [words('using|in|with'), DET, np('using')] },
        ]),
      ),
      PLACED_TAIL,
    ],
  }, // "I'd like the milk in the fridge"; "I'd like a hot potato on a plate" asks for it hot, then placed
  {
    tag: 'wished-state',
    pattern: [
      words(
        'i want|i need|i would like|i would love|i would prefer|we want|we need|we would like|i would want|i wish|i would rather have',
      ),
      objects('xs'),
      state,
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

  { tag: 'state', pattern: [objects('xs'), optional(words(',')), state, roomTail] },
  // round four: "Could you heat the potato? The microwave will do.": an instrument said as what will do for the request
  // before it (nothing else: `Instrument.unbound`)
  {
    tag: 'use',
    pattern: [
      DET,
      np('x'),
      words('will do|is fine|is ok|is okay|works|would do|would be fine|is good|should do|would work|will work'),
      alt('bound', [{ tag: 'said', pattern: [] }]),
    ],
  },
  // round four: "..., made in the toaster", "..., heated in the microwave", "..., freshly made": how the things of the
  // clause before are made (`clauses.ts`, madeClause)
  {
    tag: 'made',
    pattern: [
      pick('made', {
        made: 'made',
        done: 'made',
        prepared: 'made',
        brewed: 'made',
        fresh: 'made',
        toasted: 'cooked',
        cooked: 'cooked',
        heated: 'cooked',
        warmed: 'cooked',
        microwaved: 'cooked',
        reheated: 'cooked',
      }),
      optional(words('up|fresh')),
      optional(words('in|with|using|on|by|from'), DET, np('using')),
    ],
  },
  // round four: "can you take care of that?", "could you see to it?", "sort that out": the request before, again
  {
    tag: 'do-that',
    pattern: [
      alt('doThat', [
        {
          tag: 'do',
          pattern: [
            words(
              'take care of|see to|handle|do|deal with|manage|attend to|look after|get on with|sort|see about|' +
                'make|get|arrange|organise|organize',
            ),
            words('that|it|this'),
            optional(words('out|done|sorted|sorted out|happen|so|for me|for us|too|as well|now|please')),
          ],
        },
      ]),
    ],
  },
  { tag: 'gapped', pattern: [objects('xs')] },
];

export const CLAUSE_SEPARATORS =
  ', | and | , and | then | , then | and then | , and then | after that | , after that | and after that | , then | and also | , and also' +
  // "..., next turn on the lamp"
  ' | , next | and next';

/**
 * The pattern steps one sentence may take: the longest usual text (TEACh's breakfast) takes a few thousand, a
 * sentence of 40 words with a dozen things about 10^5; a run-on text of hundreds of words would take minutes.
 */
export const MAX_STEPS = 400_000;

/** Words the grammar reads itself, so that no noun phrase may begin with them. */
export const RESERVED = new Set([
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
