/**
 * The tasks of SemGro's evaluation (paper 003, section 4 and Table 9), each said in four kinds of instruction
 * (abstract noun, abstract verb, structured, long horizon; after SayCan's). The paper lists the tasks only by
 * example; these are hearth's five, and the 20 instruction texts are hearth's own words.
 */
import { classesOfKind } from '../../../sim/catalog/index.js';
import type { SubgoalSpec } from '../../../sim/subgoals.js';
import type { ObjectRequirement } from '../task.js';

export const INSTRUCTION_TYPES = ['abstract-noun', 'abstract-verb', 'structured', 'long-horizon'] as const;
export type InstructionType = (typeof INSTRUCTION_TYPES)[number];

export interface SemGroTaskSpec {
  readonly id: string;
  /** What the task is, in the paper's words (Table 9's "Task" column). */
  readonly summary: string;
  readonly subgoals: readonly SubgoalSpec[];
  readonly stepLimit: number;
  readonly instructions: Readonly<Record<InstructionType, string>>;
}

export const FRUIT = ['apple', 'bananas', 'orange', 'peach', 'pear', 'lemon'];
/**
 * What the heat-food task counts as food: every class the catalog calls food that is eaten (EATABLE): fruit,
 * vegetables, meat and fish, bread, cheese, eggs, snacks. The texts say "food" and "a warm meal", so any food heated
 * in the microwave does; drinks (the catalog's food kind too, DRINKABLE and not EATABLE: milk, juice, wine, water)
 * are not food one heats for a meal, and are left out.
 */
export const WARM_FOOD: readonly string[] = classesOfKind('food')
  .filter((entry) => entry.properties.includes('EATABLE'))
  .map((entry) => entry.name);
export const BATHROOM_THINGS = [
  'toothbrush',
  'toothpaste',
  'barsoap',
  'comb',
  'deodorant',
  'facecream',
  'hairproduct',
  'razor',
  'toiletpaper',
];

/** What the training home must hold for every task (`settings.ts` adds what is missing). */
export const SEMGRO_REQUIREMENTS: readonly ObjectRequirement[] = [
  { className: 'apple', count: 1 },
  { className: 'bananas', count: 1 },
  { className: 'orange', count: 1 },
  { className: 'peach', count: 1 },
  { className: 'chicken', count: 1 },
  { className: 'cupcake', count: 1 },
  { className: 'toothbrush', count: 1 },
  { className: 'toothpaste', count: 1 },
  { className: 'barsoap', count: 1 },
  { className: 'comb', count: 1 },
];

/** Furniture and appliances the tasks need; a training home without one cannot host the family. */
export const SEMGRO_FURNITURE = ['kitchentable', 'kitchencabinet', 'fridge', 'microwave', 'bathroomcabinet'];

const placed = (patient: string[], count: number, destination: string): SubgoalSpec => ({
  patient,
  predicate: 'isPlacedTo',
  destination: [destination],
  count,
});

export const SEMGRO_TASKS: readonly SemGroTaskSpec[] = [
  {
    id: 'fruits-on-table',
    summary: 'put 3 fruits on the kitchentable',
    subgoals: [placed(FRUIT, 3, 'kitchentable')],
    stepLimit: 60,
    instructions: {
      'abstract-noun': 'Set out an assortment of fruit on the kitchen table.',
      'abstract-verb': 'Lay out some fruit on the kitchentable.',
      structured: 'Pick up three fruits and put them on the kitchentable.',
      'long-horizon':
        'Breakfast starts soon and the table is still bare. Bring three pieces of fruit to the kitchentable.',
    },
  },
  {
    id: 'fruits-in-cabinet',
    summary: 'put 3 fruits in the kitchencabinet',
    subgoals: [placed(FRUIT, 3, 'kitchencabinet')],
    stepLimit: 60,
    instructions: {
      'abstract-noun': 'The fruit supply goes into the kitchen cabinet.',
      'abstract-verb': 'Stow the fruit away in the kitchencabinet.',
      structured: 'Grab three fruits and put them in the kitchencabinet.',
      'long-horizon': 'Guests arrive tonight and the kitchen must look tidy. Store three fruits in the kitchencabinet.',
    },
  },
  {
    id: 'fruits-in-fridge',
    summary: 'put 2 fruits in the fridge',
    subgoals: [placed(FRUIT, 2, 'fridge')],
    stepLimit: 45,
    instructions: {
      'abstract-noun': 'Some fruit needs refrigeration.',
      'abstract-verb': 'Chill two fruits in the fridge.',
      structured: 'Grab two fruits and put them in the fridge.',
      'long-horizon': 'It is hot today and the fruit will go bad on the counter. Keep two of them in the fridge.',
    },
  },
  {
    id: 'heat-food',
    summary: 'find the food and heat it in the microwave',
    subgoals: [{ patient: WARM_FOOD, predicate: 'isCooked', using: ['microwave'] }],
    stepLimit: 40,
    instructions: {
      'abstract-noun': 'A warm meal from the microwave, please.',
      'abstract-verb': 'Warm up the food.',
      structured: 'Find the food, put it in the microwave and switch the microwave on.',
      'long-horizon': 'I came home hungry and everything in the kitchen is cold. Heat some food in the microwave.',
    },
  },
  {
    id: 'bathroom-cabinet',
    summary: 'put 3 bathroom things in the bathroomcabinet',
    subgoals: [placed(BATHROOM_THINGS, 3, 'bathroomcabinet')],
    stepLimit: 60,
    instructions: {
      'abstract-noun': 'Bathroom supplies belong in the bathroom cabinet.',
      'abstract-verb': 'Tidy the bathroom things away into the bathroomcabinet.',
      structured: 'Grab three bathroom objects and put them in the bathroomcabinet.',
      'long-horizon':
        'The bathroom counter is cluttered before the weekend. Clear it by putting three bathroom things in the bathroomcabinet.',
    },
  },
];
