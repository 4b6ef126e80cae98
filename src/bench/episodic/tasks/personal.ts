/**
 * HELPER's personalization evaluation (paper 001, section 4.4), scored by execution: ten routines a user taught by
 * name (two each of sandwich, salad, breakfast, rearrangement and cleaning; their programs are in HELPER's seed
 * memory, `src/agents/helper/seeds.ts`), each requested with 0, 1, 2 and 3 modifications ("Make me the Gabe sandwich
 * but with no tomato and three slices of toast"): 40 requests, family `teach-personal`. The paper has a person judge
 * whether the program is right (37 of 40); here a request counts when the robot reaches the modified routine's goal.
 *
 * The goals are the benchmark's own: each routine's subgoals, and each modification written as the change it makes
 * to them (`without`, `howMany`, `plus`, `swap` below), independently of how an agent reads the request.
 */
import type { Predicate, SubgoalSpec } from '../../../sim/subgoals.js';
import type { ObjectRequirement, TaskDefinition } from '../task.js';

const cleanPlate: SubgoalSpec = { patient: ['plate'], predicate: 'isClean' };
const onPlate = (patient: string, count = 1, qualifiers?: Predicate[]): SubgoalSpec => ({
  patient: [patient],
  ...(qualifiers && { qualifiers }),
  predicate: 'isPlacedTo',
  destination: ['plate'],
  destinationQualifiers: ['isClean'],
  ...(count !== 1 && { count }),
});
const cooked = (patient: string, count = 1): SubgoalSpec => ({
  patient: [patient],
  predicate: 'isCooked',
  ...(count !== 1 && { count }),
});
const coffee: SubgoalSpec[] = [
  { patient: ['mug'], predicate: 'isClean' },
  { patient: ['mug'], qualifiers: ['isClean'], predicate: 'isFilledWithCoffee' },
];
const all = (patient: string, predicate: Predicate, destination?: string): SubgoalSpec => ({
  patient: [patient],
  predicate,
  ...(destination && { destination: [destination] }),
  count: 'all',
});

type Change = (goals: SubgoalSpec[]) => SubgoalSpec[];

/** Leaves a component out (every goal about it). */
const without =
  (className: string): Change =>
  (goals) =>
    goals.filter((g) => !g.patient.includes(className));
/** Sets how many of a component (every goal about it). */
const howMany =
  (className: string, count: number): Change =>
  (goals) =>
    goals.map((g) => (g.patient.includes(className) ? { ...g, count } : g));
/** Adds a component, done as the routine's others are (placed where they go, or cleaned). */
const plus =
  (goal: SubgoalSpec): Change =>
  (goals) => [...goals, goal];
/** Uses one class instead of another (as a component or as the place things go). */
const swap =
  (from: string, to: string): Change =>
  (goals) =>
    goals.map((g) => ({
      ...g,
      patient: g.patient.map((c) => (c === from ? to : c)),
      ...(g.destination && { destination: g.destination.map((c) => (c === from ? to : c)) }),
    }));

interface Routine {
  /** The name as the user says it, and the verb they ask with. */
  readonly name: string;
  readonly verb: 'Make me' | 'Do';
  readonly goals: readonly SubgoalSpec[];
  readonly requires: readonly ObjectRequirement[];
  readonly stepLimit: number;
  /** Three modifications: how the user says each, and what it changes. */
  readonly modifications: readonly { readonly say: string; readonly change: Change }[];
}

const ROUTINES: readonly Routine[] = [
  {
    name: 'Gabe sandwich',
    verb: 'Make me',
    goals: [
      cleanPlate,
      cooked('breadslice', 2),
      onPlate('breadslice', 2, ['isCooked']),
      onPlate('lettuce'),
      onPlate('tomato'),
    ],
    requires: [
      { className: 'breadslice', count: 3 },
      { className: 'lettuce', count: 1 },
      { className: 'tomato', count: 1 },
      { className: 'apple', count: 1 },
    ],
    stepLimit: 100,
    modifications: [
      { say: 'with no tomato', change: without('tomato') },
      { say: 'three slices of toast', change: howMany('breadslice', 3) },
      { say: 'add an apple', change: plus(onPlate('apple')) },
    ],
  },
  {
    name: 'Mary sandwich',
    verb: 'Make me',
    goals: [cleanPlate, onPlate('breadslice', 2), onPlate('tomato')],
    requires: [
      { className: 'breadslice', count: 3 },
      { className: 'tomato', count: 1 },
      { className: 'lettuce', count: 1 },
    ],
    stepLimit: 80,
    modifications: [
      { say: 'with lettuce', change: plus(onPlate('lettuce')) },
      { say: 'three slices of bread', change: howMany('breadslice', 3) },
      { say: 'no tomato', change: without('tomato') },
    ],
  },
  {
    name: 'Dax salad',
    verb: 'Make me',
    goals: [cleanPlate, onPlate('lettuce'), onPlate('tomato')],
    requires: [
      { className: 'lettuce', count: 1 },
      { className: 'tomato', count: 2 },
      { className: 'potato', count: 1 },
    ],
    stepLimit: 70,
    modifications: [
      { say: 'with a potato', change: plus(onPlate('potato')) },
      { say: 'no lettuce', change: without('lettuce') },
      { say: 'two tomatoes', change: howMany('tomato', 2) },
    ],
  },
  {
    name: 'Jo salad',
    verb: 'Make me',
    goals: [cleanPlate, cooked('potato'), onPlate('potato', 1, ['isCooked']), onPlate('lettuce')],
    requires: [
      { className: 'potato', count: 2 },
      { className: 'lettuce', count: 1 },
      { className: 'tomato', count: 1 },
    ],
    stepLimit: 90,
    modifications: [
      { say: 'with tomato', change: plus(onPlate('tomato')) },
      { say: 'two slices of potato', change: howMany('potato', 2) },
      { say: 'no lettuce', change: without('lettuce') },
    ],
  },
  {
    name: 'Sam breakfast',
    verb: 'Make me',
    goals: [...coffee, cleanPlate, cooked('breadslice'), onPlate('breadslice', 1, ['isCooked'])],
    requires: [
      { className: 'coffeemaker', count: 1 },
      { className: 'breadslice', count: 2 },
      { className: 'apple', count: 1 },
      { className: 'tomato', count: 1 },
    ],
    stepLimit: 120,
    modifications: [
      { say: 'with an apple', change: plus(onPlate('apple')) },
      { say: 'two slices of toast', change: howMany('breadslice', 2) },
      { say: 'add a tomato', change: plus(onPlate('tomato')) },
    ],
  },
  {
    name: 'Lee breakfast',
    verb: 'Make me',
    goals: [...coffee, cleanPlate, onPlate('apple')],
    requires: [
      { className: 'coffeemaker', count: 1 },
      { className: 'apple', count: 2 },
      { className: 'breadslice', count: 1 },
      { className: 'cupcake', count: 2 },
    ],
    stepLimit: 110,
    modifications: [
      { say: 'with a slice of bread', change: plus(onPlate('breadslice')) },
      { say: 'two apples', change: howMany('apple', 2) },
      { say: 'a cupcake instead of the apple', change: swap('apple', 'cupcake') },
    ],
  },
  {
    name: 'Ana rearrangement',
    verb: 'Do',
    goals: [all('remotecontrol', 'isPlacedTo', 'sofa'), all('book', 'isPlacedTo', 'bookshelf')],
    requires: [
      { className: 'remotecontrol', count: 2 },
      { className: 'book', count: 1 },
      { className: 'magazine', count: 1 },
    ],
    stepLimit: 70,
    modifications: [
      { say: 'with no books', change: without('book') },
      { say: 'the armchair instead of the sofa', change: swap('sofa', 'chair') },
      {
        say: 'add a magazine',
        change: (goals) =>
          plus({ patient: ['magazine'], predicate: 'isPlacedTo', destination: goals[0].destination })(goals),
      },
    ],
  },
  {
    name: 'Tom rearrangement',
    verb: 'Do',
    goals: [all('mug', 'isPlacedTo', 'kitchencabinet'), all('dishbowl', 'isPlacedTo', 'kitchencabinet')],
    requires: [
      { className: 'mug', count: 2 },
      { className: 'dishbowl', count: 1 },
      { className: 'plate', count: 1 },
    ],
    stepLimit: 80,
    modifications: [
      { say: 'with no bowls', change: without('dishbowl') },
      {
        say: 'add a plate',
        change: plus({ patient: ['plate'], predicate: 'isPlacedTo', destination: ['kitchencabinet'] }),
      },
      { say: 'the fridge instead of the kitchen cabinet', change: swap('kitchencabinet', 'fridge') },
    ],
  },
  {
    name: 'Mary cleaning',
    verb: 'Do',
    goals: [
      { patient: ['plate'], predicate: 'isClean', count: 2 },
      { patient: ['mug'], predicate: 'isClean', count: 2 },
    ],
    requires: [
      { className: 'plate', count: 3 },
      { className: 'mug', count: 2 },
      { className: 'dishbowl', count: 1 },
    ],
    stepLimit: 90,
    modifications: [
      { say: 'three plates', change: howMany('plate', 3) },
      { say: 'no mugs', change: without('mug') },
      { say: 'add a bowl', change: plus({ patient: ['dishbowl'], predicate: 'isClean' }) },
    ],
  },
  {
    name: 'Ann cleaning',
    verb: 'Do',
    goals: [all('dishbowl', 'isClean'), { patient: ['fryingpan'], predicate: 'isClean' }],
    requires: [
      { className: 'dishbowl', count: 1 },
      { className: 'fryingpan', count: 1 },
      { className: 'mug', count: 1 },
      { className: 'plate', count: 2 },
    ],
    stepLimit: 90,
    modifications: [
      { say: 'with no frying pan', change: without('fryingpan') },
      { say: 'add a mug', change: plus({ patient: ['mug'], predicate: 'isClean' }) },
      { say: 'two plates', change: plus({ patient: ['plate'], predicate: 'isClean', count: 2 }) },
    ],
  },
];

/** Steps added to a routine's limit per modification. */
const STEPS_PER_MODIFICATION = 20;

const slug = (name: string) => name.toLowerCase().replace(/\s+/g, '-');

/** The request with the first k modifications. */
function request(routine: Routine, k: number): string {
  const asked = routine.modifications.slice(0, k).map((m) => m.say);
  const changes = asked.length === 0 ? '' : ` but ${asked.join(' and ')}`;
  return `${routine.verb} the ${routine.name}${changes}.`;
}

export const PERSONAL_TASKS: readonly TaskDefinition[] = ROUTINES.flatMap((routine) =>
  [0, 1, 2, 3].map((k) => ({
    id: `teach-personal/${slug(routine.name)}/${k}`,
    family: 'teach-personal',
    text: request(routine, k),
    stepLimit: routine.stepLimit + k * STEPS_PER_MODIFICATION,
    requires: routine.requires,
    subgoals: routine.modifications.slice(0, k).reduce((goals, m) => m.change(goals), [...routine.goals]),
    source: `HELPER personalization (paper 001, section 4.4): the ${routine.name} with ${k} modification(s)`,
  })),
);
