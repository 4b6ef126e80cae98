/**
 * The grammar of episodic tasks: one-off requests ("Make 3 slices of toasts using toaster and place them on kitchen
 * table.", "Switch off the light in bedroom.", "Prepare coffee in a clean mug.") read offline into the structured
 * goal the episodic protocol scores: DANLI-style subgoals over catalog classes (`src/sim/subgoals.ts`) and ordered
 * action goals. Agents that read task texts without a model use it (LLM-State's offline attention and policy,
 * HELPER's retrieve-and-adapt planner); the benchmark's task definitions are written by hand and never read from here.
 *
 * A sentence is a list of clauses joined by `,`, `and` and `then`; each clause is one of the forms below (NP a noun
 * phrase resolved to a catalog class, NP+ a list of them, Q an optional quantifier: `all`, a number, "N slices of"):
 *
 *   (switch | turn) (on | off) Q NP [in the house]      toggle: every instance when `all`, plural or "in the ROOM"
 *   (open | close | shut) Q NP                          open or close (one, or every one)
 *   use NP                                              switch it on and take the switch-on action (action goal)
 *   (put | place | move | bring) (NP+ | all NP | them | it) (on | in | into | onto) [any | one | a | the] NP
 *   (get | take | grab | fetch | find | bring | pick up) NP+          fetch: superseded by a placement of them
 *   take away N (objects | things | items) from NP      N of whatever lies there no longer there
 *   (empty | clear) [the surface of] NP                 all of it taken away; superseded by a placement of them
 *   (make | prepare) DISH [, DISH ...]                  a dish of the recipe book (below), its steps as subgoals
 *   (heat | cook | warm | microwave | toast) Q NP [(with | in | using | on) NP]   cooked (in the appliance named)
 *   serve [Q NP] on a NP                                on a clean plate (TEACh's serving); no NP: the last ones
 *   served on NP                                        the vessels of the dishes just made, on NP
 *   (clean | wash | rinse) Q NP                         clean
 *   water NP                                            a vessel filled with water (a means), then the plant watered
 *
 * Pronouns (`them`, `it`) and the implicit object of "serve on a plate" refer to the things of the clause before:
 * what was fetched, placed, cooked or made. The recipe book is hearth's own commonsense table of dishes (what a
 * sandwich is made of), the offline stand-in for what a language model knows; `toast` is a bread slice cooked in a
 * toaster. Quantities: `all`, plurals and "the X in the ROOM" mean every instance; a number means that many; anything
 * else one.
 */
import type { ActionGoal } from '../../sim/action-goals.js';
import { catalogClass } from '../../sim/catalog/index.js';
import { ANY_THING, type Predicate, recipeInstruments, type SubgoalSpec } from '../../sim/subgoals.js';
import {
  alt,
  type Element,
  type Env,
  list,
  np,
  nplist,
  number,
  optional,
  type Pattern,
  type Phrase,
  type Production,
  pick,
  readSentence,
  splitSentences,
  type Tagged,
  tokenize,
  words,
} from './matcher.js';

/** A task text as read: the subgoals in order and the ordered action goals. */
export interface TaskReading {
  readonly subgoals: readonly SubgoalSpec[];
  readonly actionGoals: readonly ActionGoal[];
}

export type TaskParse =
  | { readonly ok: true; readonly reading: TaskReading; readonly production: string }
  | { readonly ok: false; readonly reason: string };

// ---- what clauses mean -----------------------------------------------------------------------------------------------

/** A thing a clause is about: a class (or any thing, with `startOn`), how many, what must hold of it too. */
interface Thing {
  readonly className: string;
  readonly count: number | 'all';
  readonly qualifiers?: readonly Predicate[];
  readonly room?: string;
  readonly startOn?: readonly string[];
}

/** What one clause contributes: subgoals, what a pronoun after it means, the vessels of dishes it made. */
interface ClauseReading {
  readonly subgoals: readonly SubgoalSpec[];
  readonly actionGoals?: readonly ActionGoal[];
  /** Superseded when the next clause places its things (fetching before placing; emptying before putting away). */
  readonly provisional?: boolean;
  readonly antecedent: readonly Thing[];
  readonly vessels?: readonly Thing[];
}

type Clause = (env: Env, before: ClauseReading | undefined) => ClauseReading;

const thingSpec = (thing: Thing): Pick<SubgoalSpec, 'patient' | 'count' | 'qualifiers' | 'room' | 'startOn'> => ({
  patient: [thing.className],
  ...(thing.qualifiers?.length && { qualifiers: thing.qualifiers }),
  ...(thing.count !== 1 && { count: thing.count }),
  ...(thing.room !== undefined && { room: thing.room }),
  ...(thing.startOn && { startOn: thing.startOn }),
});

const unary = (thing: Thing, predicate: Predicate, extra: Partial<SubgoalSpec> = {}): SubgoalSpec => ({
  ...thingSpec(thing),
  predicate,
  ...extra,
});

const placed = (thing: Thing, host: string, hostQualifiers?: readonly Predicate[]): SubgoalSpec => ({
  ...thingSpec(thing),
  predicate: 'isPlacedTo',
  destination: [host],
  ...(hostQualifiers && { destinationQualifiers: hostQualifiers }),
});

const one = (className: string, qualifiers?: readonly Predicate[]): Thing => ({
  className,
  count: 1,
  ...(qualifiers && { qualifiers }),
});

// ---- the recipe book -------------------------------------------------------------------------------------------------

interface Dish {
  /** Subgoals for `count` of the dish (toast: slices), optionally cooked in `using`. */
  readonly steps: (count: number, using?: string) => SubgoalSpec[];
  /** What "it" / "them" means after making it. */
  readonly product: (count: number) => Thing[];
  /** What it is served in (a mug of coffee, a plate of toast). */
  readonly vessel?: Thing;
}

const cleanPlate = one('plate', ['isClean']);
const onCleanPlate = (thing: Thing) => placed(thing, 'plate', ['isClean']);
const toastSteps = (count: number, using = 'toaster'): SubgoalSpec[] => [
  unary({ className: 'breadslice', count }, 'isCooked', { using: [using] }),
];
const toasted = (count: number): Thing => ({ className: 'breadslice', count, qualifiers: ['isCooked'] });

const DISHES: Readonly<Record<string, Dish>> = {
  toast: { steps: toastSteps, product: (count) => [toasted(count)] },
  coffee: {
    steps: () => [unary(one('mug'), 'isClean'), unary(one('mug', ['isClean']), 'isFilledWithCoffee')],
    product: () => [one('mug', ['isFilledWithCoffee'])],
    vessel: one('mug', ['isFilledWithCoffee']),
  },
  'plate-of-toast': {
    steps: (_, using) => [unary(one('plate'), 'isClean'), ...toastSteps(1, using), onCleanPlate(toasted(1))],
    product: () => [cleanPlate],
    vessel: cleanPlate,
  },
  sandwich: {
    steps: (_, using) => [
      unary(one('plate'), 'isClean'),
      ...toastSteps(2, using),
      onCleanPlate(toasted(2)),
      onCleanPlate(one('lettuce')),
      onCleanPlate(one('tomato')),
    ],
    product: () => [cleanPlate],
    vessel: cleanPlate,
  },
  salad: {
    steps: () => [
      unary(one('plate'), 'isClean'),
      unary(one('potato'), 'isCooked'),
      onCleanPlate(one('lettuce')),
      onCleanPlate(one('tomato')),
      onCleanPlate(one('potato', ['isCooked'])),
    ],
    product: () => [cleanPlate],
    vessel: cleanPlate,
  },
};
/** A breakfast without its parts named: coffee and a plate of toast. */
const BREAKFAST = ['coffee', 'plate-of-toast'] as const;

// ---- patterns --------------------------------------------------------------------------------------------------------

const SLICES = 'slice|slices|slice(s)|piece|pieces|piece(s)';
/** A quantified thing: `all the X`, `3 slices of X`, `a slice of X`, `3 X`, `X`; captures `<name>` and `<name>Q`. */
const thing = (name: string): Element =>
  alt(`${name}Q`, [
    { tag: 'all', pattern: [words('all the|all|every|each'), adjective(`${name}Adj`), np(name)] },
    { tag: 'count', pattern: [optional(words('the')), number(`${name}N`), words(SLICES), words('of'), np(name)] },
    { tag: 'one', pattern: [words('a|an|one'), words(SLICES), words('of'), np(name)] },
    { tag: 'count', pattern: [optional(words('the')), number(`${name}N`), adjective(`${name}Adj`), np(name)] },
    { tag: 'bare', pattern: [optional(words('the|a|an')), adjective(`${name}Adj`), np(name)] },
  ]);
/** Adjectives that state what must hold of a thing ("a clean plate", "the toasted bread"). */
const ADJECTIVES: Record<string, Predicate> = {
  clean: 'isClean',
  toasted: 'isCooked',
  cooked: 'isCooked',
  heated: 'isCooked',
};
const adjective = (name: string) => optional(pick(name, ADJECTIVES));
const host = (name: string): Pattern => [optional(words('any|one|a|an|the')), adjective(`${name}Adj`), np(name)];
const prep = pick('prep', { on: 'ON', onto: 'ON', in: 'INSIDE', inside: 'INSIDE', into: 'INSIDE' });
const pronoun = words('them|it|those|these|that|this');
const appliance = optional(words('with|in|using|on'), optional(words('the|a|an')), np('using'));

const DISH_FORMS: Tagged[] = [
  {
    tag: 'toast',
    pattern: [
      alt('toastQ', [
        { tag: 'count', pattern: [number('n'), words(SLICES), words('of'), words('toasts|toast|bread toasted')] },
        { tag: 'count', pattern: [number('n'), words('toasts')] },
        { tag: 'one', pattern: [words(`a ${SLICES.replace(/\|/g, '|a ')}`), words('of toast')] },
        { tag: 'one', pattern: [words('toast|a toast|some toast|toasted bread')] },
      ]),
      optional(words('using|with|in'), optional(words('the|a')), np('using')),
    ],
  },
  { tag: 'plate-of-toast', pattern: [words('a plate of toast|plate of toast')] },
  {
    tag: 'coffee',
    pattern: [
      words('coffee|a coffee|a cup of coffee|some coffee|a mug of coffee'),
      optional(words('in a clean mug|in a mug|in a clean cup|in a cup|in the clean mug|in the mug|in it')),
    ],
  },
  { tag: 'sandwich', pattern: [words('a sandwich|sandwich|a toast sandwich')] },
  { tag: 'salad', pattern: [words('a salad|salad|some salad')] },
];

const CLAUSE_FORMS: Tagged[] = [
  {
    tag: 'toggle',
    pattern: [
      words('switch|turn'),
      pick('state', { on: 'ON', off: 'OFF' }),
      thing('x'),
      optional(words('in the house|in the home|in the whole house|everywhere')),
    ],
  },
  { tag: 'toggle', pattern: [words('switch|turn'), thing('x'), pick('state', { on: 'ON', off: 'OFF' })] },
  { tag: 'open', pattern: [pick('verb', { open: 'OPEN', close: 'CLOSED', shut: 'CLOSED' }), thing('x')] },
  { tag: 'use', pattern: [words('use|operate|start'), np('x')] },
  {
    tag: 'take-away',
    pattern: [
      words('take away|remove|take'),
      number('n'),
      words('objects|things|items'),
      optional(words('away')),
      words('from|off'),
      ...host('host'),
    ],
  },
  {
    tag: 'empty',
    pattern: [
      words('empty|clear'),
      optional(words('the surface of|the top of|everything on|everything off')),
      ...host('host'),
    ],
  },
  { tag: 'dishes', pattern: [words('make|prepare|cook'), optional(words('me')), list('dishes', DISH_FORMS)] },
  {
    tag: 'dishes',
    pattern: [words("i would like|i'd like|i want|i need|get me|bring me"), list('dishes', DISH_FORMS)],
  },
  {
    tag: 'breakfast',
    pattern: [words('make|prepare|cook'), words('breakfast|a breakfast'), optional(list('dishes', DISH_FORMS))],
  },
  {
    tag: 'cook',
    pattern: [
      pick('verb', { heat: '', cook: '', warm: '', microwave: 'microwave', toast: 'toaster', bake: 'stove' }),
      optional(words('up')),
      thing('x'),
      appliance,
    ],
  },
  {
    tag: 'place-all',
    pattern: [words('put|place|move|bring|set'), words('all the|all|every'), np('x'), prep, ...host('host')],
  },
  { tag: 'place-them', pattern: [words('put|place|move|bring|set'), pronoun, prep, ...host('host')] },
  { tag: 'place-one', pattern: [words('put|place|move|bring|set'), thing('x'), prep, ...host('host')] },
  { tag: 'place', pattern: [words('put|place|move|bring|set'), nplist('xs', 'and'), prep, ...host('host')] },
  {
    tag: 'serve',
    pattern: [words('serve'), optional(pronoun), optional(thing('x')), words('on|onto|in'), ...host('host')],
  },
  { tag: 'served-on', pattern: [words('served on|serve it on|serve them on|served at|serve it at'), ...host('host')] },
  { tag: 'fetch', pattern: [words('get|take|grab|fetch|find|bring|pick up|locate'), nplist('xs', 'and')] },
  { tag: 'clean', pattern: [words('clean|wash|rinse'), thing('x')] },
  { tag: 'water', pattern: [words('water'), np('x')] },
];

const PRODUCTIONS: readonly Production<ClauseReading[]>[] = [
  {
    name: 'task',
    pattern: [
      optional(words('first|now|next|then|and|finally')),
      optional(words('please|could you|can you|would you|could you please|can you please|i need you to')),
      list('clauses', CLAUSE_FORMS, ', | and | , and | then | , then | and then'),
      optional(words('please|first|now|too|then')),
      optional(words('.')),
    ],
    build: (env) => [readClauses(env.get('clauses') as Env[])],
  },
];

/** Words the grammar reads itself, so that no noun phrase may begin with them. */
const RESERVED = new Set(['all', 'every', 'each', 'any', 'one', 'them', 'it', 'those', 'these', 'that', 'this']);

// ---- building ------------------------------------------------------------------------------------------------------

const phraseOf = (env: Env, name: string) => env.get(name) as Phrase;

/** The quantified thing captured by `thing(name)`. */
function thingOf(env: Env, name: string): Thing {
  const phrase = phraseOf(env, name);
  const quantifier = env.get(`${name}Q`) as string;
  const count: number | 'all' =
    quantifier === 'all'
      ? 'all'
      : quantifier === 'count'
        ? (env.get(`${name}N`) as number)
        : quantifier === 'one'
          ? 1
          : phrase.plural || phrase.room !== undefined
            ? 'all'
            : 1;
  const qualifier = (env.get(`${name}Adj`) as Predicate | undefined) ?? stateOfNoun(phrase);
  return {
    className: sliceClass(phrase.className, quantifier),
    count,
    ...(phrase.room && { room: phrase.room }),
    ...(qualifier && { qualifiers: [qualifier] }),
  };
}

/** "A slice of bread" is a bread slice where the catalog has one; any other slice is the whole thing. */
function sliceClass(className: string, quantifier: string): string {
  if (quantifier !== 'count' && quantifier !== 'one') return className;
  return catalogClass(`${className}slice`)?.name ?? className;
}

/** Nouns that name a thing in a state: toast is a cooked bread slice, coffee a mug filled with it. */
const STATE_NOUNS: ReadonlyArray<readonly [RegExp, string, Predicate]> = [
  [/\btoasts?$/, 'breadslice', 'isCooked'],
  [/\bcoffees?$/, 'mug', 'isFilledWithCoffee'],
];
function stateOfNoun(phrase: Phrase): Predicate | undefined {
  return STATE_NOUNS.find(([pattern, className]) => pattern.test(phrase.words) && phrase.className === className)?.[2];
}

const phraseThing = (phrase: Phrase): Thing => {
  const state = stateOfNoun(phrase);
  return {
    className: phrase.className,
    count: phrase.plural ? 'all' : 1,
    ...(phrase.room && { room: phrase.room }),
    ...(state && { qualifiers: [state] }),
  };
};

/**
 * The placements of things onto a host; a host that must be clean ("on a clean plate") is made clean first, as the
 * recipe book's dishes are served.
 */
function placementsOf(things: readonly Thing[], env: Env, hostName = 'host'): SubgoalSpec[] {
  const hostClass = phraseOf(env, hostName).className;
  const qualifier = env.get(`${hostName}Adj`) as Predicate | undefined;
  const qualifiers = qualifier ? [qualifier] : undefined;
  const first = qualifier === 'isClean' ? [unary(one(hostClass), 'isClean')] : [];
  return [...first, ...things.map((t) => placed(t, hostClass, qualifiers))];
}

const CLAUSES: Readonly<Record<string, Clause>> = {
  toggle: (env) => {
    const x = thingOf(env, 'x');
    const predicate = env.get('state') === 'ON' ? 'isToggledOn' : 'isToggledOff';
    return { subgoals: [unary(x, predicate)], antecedent: [x] };
  },
  open: (env) => {
    const x = thingOf(env, 'x');
    return { subgoals: [unary(x, env.get('verb') === 'OPEN' ? 'isOpen' : 'isClosed')], antecedent: [x] };
  },
  use: (env) => {
    const x = phraseThing(phraseOf(env, 'x'));
    return {
      subgoals: [unary(x, 'isToggledOn')],
      actionGoals: [{ anyOf: [{ action: 'switchon', classes: [x.className] }] }],
      antecedent: [x],
    };
  },
  'take-away': (env) => {
    const hostClass = phraseOf(env, 'host').className;
    const things: Thing = { className: ANY_THING, count: env.get('n') as number, startOn: [hostClass] };
    return {
      subgoals: [{ ...unary(things, 'isTakenFrom'), destination: [hostClass] }],
      antecedent: [things],
    };
  },
  empty: (env) => {
    const hostClass = phraseOf(env, 'host').className;
    const things: Thing = { className: ANY_THING, count: 'all', startOn: [hostClass] };
    return {
      subgoals: [{ ...unary(things, 'isTakenFrom'), destination: [hostClass] }],
      provisional: true,
      antecedent: [things],
    };
  },
  dishes: (env) => dishClauses(env.get('dishes') as Env[]),
  breakfast: (env) => {
    const parts = env.get('dishes') as Env[] | undefined;
    return parts ? dishClauses(parts) : dishClauses(BREAKFAST.map((tag) => new Map([['tag', tag]])));
  },
  cook: (env) => {
    const x = thingOf(env, 'x');
    // "microwave the chicken", "toast the bread": the verb names the appliance
    const using = (env.get('using') as Phrase | undefined)?.className || (env.get('verb') as string) || undefined;
    return {
      subgoals: [unary(x, 'isCooked', using ? { using: [using] } : {})],
      antecedent: [{ ...x, qualifiers: ['isCooked'] }],
    };
  },
  'place-all': (env) => {
    const x: Thing = { ...phraseThing(phraseOf(env, 'x')), count: 'all' };
    return { subgoals: placementsOf([x], env), antecedent: [x] };
  },
  'place-them': (env, before) => {
    const things = before?.antecedent ?? [];
    return { subgoals: placementsOf(things, env), antecedent: things };
  },
  'place-one': (env) => {
    const x = thingOf(env, 'x');
    return { subgoals: placementsOf([x], env), antecedent: [x] };
  },
  place: (env) => {
    const things = (env.get('xs') as Phrase[]).map(phraseThing);
    return { subgoals: placementsOf(things, env), antecedent: things };
  },
  serve: (env, before) => {
    const things = env.has('x') ? [thingOf(env, 'x')] : (before?.antecedent ?? []);
    const hostClass = phraseOf(env, 'host').className;
    const subgoals =
      hostClass === 'plate'
        ? [unary(one('plate'), 'isClean'), ...things.map(onCleanPlate)]
        : things.map((t) => placed(t, hostClass));
    return { subgoals, antecedent: things };
  },
  'served-on': (env, before) => {
    const vessels = before?.vessels ?? before?.antecedent ?? [];
    return { subgoals: placementsOf(vessels, env), antecedent: vessels };
  },
  fetch: (env) => {
    const things = (env.get('xs') as Phrase[]).map(phraseThing);
    return { subgoals: things.map((t) => unary(t, 'isPickedUp')), provisional: true, antecedent: things };
  },
  clean: (env) => {
    const x = thingOf(env, 'x');
    return { subgoals: [unary(x, 'isClean')], antecedent: [x] };
  },
  water: (env) => {
    const plant = phraseThing(phraseOf(env, 'x'));
    return {
      subgoals: [
        { patient: ['waterglass', 'mug'], predicate: 'isFilledWithWater', means: true },
        unary(plant, 'isWatered'),
      ],
      antecedent: [plant],
    };
  },
};

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
    subgoals.push(...dish.steps(count, using));
    antecedent.push(...dish.product(count));
    if (dish.vessel) vessels.push(dish.vessel);
  }
  return { subgoals, antecedent, vessels };
}

/** The clauses of a sentence, in order, with provisional readings dropped where the next clause places their things. */
function readClauses(clauses: readonly Env[]): ClauseReading[] {
  const out: ClauseReading[] = [];
  for (const env of clauses) {
    const tag = env.get('tag') as string;
    const before = out.at(-1);
    const reading = CLAUSES[tag](env, before);
    const places = tag === 'place-them' || tag === 'serve' || tag === 'served-on';
    if (before?.provisional && places) out[out.length - 1] = { ...before, subgoals: [], actionGoals: [] };
    out.push(reading);
  }
  return out;
}

/** Why a reading makes no sense for the catalog (a state a class cannot have, a thing that cannot be carried). */
function nonsense(clauses: ClauseReading[]): string | undefined {
  for (const clause of clauses) {
    for (const spec of clause.subgoals) {
      const problem = specNonsense(spec);
      if (problem) return problem;
    }
  }
  if (clauses.every((c) => c.subgoals.length === 0)) return 'the text asks for nothing the robot can do';
  return undefined;
}

const STATE_OF: Partial<Record<Predicate, string>> = {
  isToggledOn: 'ON',
  isToggledOff: 'OFF',
  isOpen: 'OPEN',
  isClosed: 'CLOSED',
};

function specNonsense(spec: SubgoalSpec): string | undefined {
  for (const className of spec.patient) {
    if (className === ANY_THING) continue;
    const entry = catalogClass(className)!;
    const state = STATE_OF[spec.predicate];
    if (state && !entry.states.includes(state as never)) return `a ${entry.name} cannot be ${state.toLowerCase()}`;
    if (
      (spec.predicate === 'isPlacedTo' || spec.predicate === 'isPickedUp') &&
      !entry.properties.includes('GRABBABLE')
    ) {
      return `a ${entry.name} cannot be carried`;
    }
  }
  if (spec.predicate === 'isPlacedTo') {
    const hostEntry = catalogClass(spec.destination![0])!;
    if (!hostEntry.properties.includes('SURFACES') && !hostEntry.properties.includes('CONTAINERS')) {
      return `nothing can be put on or in a ${hostEntry.name}`;
    }
  }
  return undefined;
}

// ---- reading ---------------------------------------------------------------------------------------------------------

/** Reads a task text (one or more sentences) into its structured goal, or says why it cannot. */
export function readTask(text: string): TaskParse {
  const sentences = splitSentences(tokenize(text));
  if (sentences.length === 0) return { ok: false, reason: 'the text is empty' };
  const subgoals: SubgoalSpec[] = [];
  const actionGoals: ActionGoal[] = [];
  const productions: string[] = [];
  for (const tokens of sentences) {
    const result = readSentence(tokens, PRODUCTIONS, nonsense, { grammar: 'task grammar', notPhraseStart: RESERVED });
    if (!result.ok) return result;
    for (const clause of result.readings[0]) {
      // A subgoal stated twice ("on the clean plate" in two clauses) is one subgoal.
      for (const spec of clause.subgoals) {
        if (!subgoals.some((known) => JSON.stringify(known) === JSON.stringify(spec))) subgoals.push(spec);
      }
      actionGoals.push(...(clause.actionGoals ?? []));
    }
    productions.push(result.production);
  }
  return { ok: true, reading: { subgoals, actionGoals }, production: productions.join('+') };
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
