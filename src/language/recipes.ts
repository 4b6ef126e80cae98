/**
 * The goal reader's recipe book: what a dish asked for by name is, as subgoals (hearth's own commonsense table, the
 * offline stand-in for what a language model knows of sandwiches). `toast` is a bread slice cooked in a toaster;
 * coffee is a clean mug filled with coffee; a plate of toast, a sandwich and a salad are served on a clean plate, as
 * TEACh's task definitions have them. Breakfast without its parts named is coffee and a plate of toast.
 */
import type { SubgoalSpec } from '../sim/subgoals.js';
import { one, placed, type Thing, unary } from './things.js';

export interface Dish {
  /** Subgoals for `count` of the dish (toast: slices), optionally cooked in `using`. */
  readonly steps: (count: number, using?: string) => SubgoalSpec[];
  /** What "it" / "them" means after making it. */
  readonly product: (count: number) => Thing[];
  /** What it is served in (a mug of coffee, a plate of toast). */
  readonly vessel?: Thing;
  /**
   * The classes that are the dish's parts to choose (TEACh's parameters: the lettuce and tomato of a sandwich, every
   * part of a salad): where a dialogue says which slices go in it, those replace the recipe's own (`dialogue.ts`).
   */
  readonly components?: readonly string[];
}

export const cleanPlate = one('plate', ['isClean']);
export const onCleanPlate = (thing: Thing) => placed(thing, 'plate', ['isClean']);
const toastSteps = (count: number, using = 'toaster'): SubgoalSpec[] => [
  unary({ classes: ['breadslice'], count }, 'isCooked', { using: [using] }),
];
const toasted = (count: number): Thing => ({ classes: ['breadslice'], count, qualifiers: ['isCooked'] });

export const DISHES: Readonly<Record<string, Dish>> = {
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
    components: ['lettuce', 'tomato'],
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
    components: ['lettuce', 'tomato', 'potato'],
  },
};
/** A breakfast without its parts named: coffee and a plate of toast. */
export const BREAKFAST = ['coffee', 'plate-of-toast'] as const;
