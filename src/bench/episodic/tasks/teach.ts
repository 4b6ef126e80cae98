/**
 * TEACh-style task types, written as hearth's own definitions from the facts of TEACh's task definitions
 * (`../shared/data/teach/task_definitions`, read, not copied): each type's components and their conditions become
 * DANLI-style subgoals on hearth's classes (TEACh's names mapped as docs/homes.md lists them). What the simulator's
 * vocabulary cannot say is approximated, as docs/episodic.md explains:
 * - slicing: a slice is the derived state `sliced` (docs/alfred.md), so "a slice of X" is X sliced (bread comes as
 *   `breadslice`, a class of its own);
 * - cooking, coffee, water: the derived states of `src/sim/derived-states.ts`;
 * - "one Y" / "a plate" are not forced to be the same instance across components.
 * Boil X and Poach Egg are left out: hearth's cooking pot holds nothing (no CONTAINERS), so nothing boils in it.
 * Step limits: TEACh caps a session at 1,000 low-level actions; hearth's skills are high-level (a walk is one step), so
 * each type gets about three times the Oracle's plan length on the built-in homes, rounded up to 10.
 */
import type { SubgoalSpec } from '../../../sim/subgoals.js';
import type { TaskDefinition } from '../task.js';

const source = (file: string) => `TEACh task definition ${file}`;

const cleanPlate: SubgoalSpec = { patient: ['plate'], predicate: 'isClean' };
const onCleanPlate = (patient: string, count = 1, qualifiers?: SubgoalSpec['qualifiers']): SubgoalSpec => ({
  patient: [patient],
  ...(qualifiers && { qualifiers }),
  predicate: 'isPlacedTo',
  destination: ['plate'],
  destinationQualifiers: ['isClean'],
  count,
});
const toast = (count = 1): SubgoalSpec => ({ patient: ['breadslice'], predicate: 'isCooked', count });
const coffee: SubgoalSpec[] = [
  { patient: ['mug'], predicate: 'isClean' },
  { patient: ['mug'], qualifiers: ['isClean'], predicate: 'isFilledWithCoffee' },
];
const coffeeMaker = { className: 'coffeemaker', count: 1 };

export const TEACH_TASKS: readonly TaskDefinition[] = [
  {
    id: 'teach/toast',
    family: 'teach',
    text: 'Make a slice of toast.',
    stepLimit: 30,
    subgoals: [toast()],
    source: source('101__toast.json'),
  },
  {
    id: 'teach/coffee',
    family: 'teach',
    text: 'Prepare coffee in a clean mug.',
    stepLimit: 40,
    requires: [coffeeMaker],
    subgoals: coffee,
    source: source('102__coffee.json'),
  },
  {
    id: 'teach/clean-all-plates',
    family: 'teach',
    text: 'Clean all the plates.',
    stepLimit: 60,
    subgoals: [{ patient: ['plate'], predicate: 'isClean', count: 'all' }],
    source: source('115__clean_all_x.json'),
  },
  {
    id: 'teach/plate-of-toast',
    family: 'teach',
    text: 'Make a plate of toast.',
    stepLimit: 50,
    subgoals: [cleanPlate, toast(), onCleanPlate('breadslice', 1, ['isCooked'])],
    source: source('106__plate_of_toast.json'),
  },
  {
    id: 'teach/slices-on-plate',
    family: 'teach',
    text: 'Serve 2 slice(s) of bread on a plate.',
    stepLimit: 50,
    subgoals: [cleanPlate, onCleanPlate('breadslice', 2)],
    source: source('108__n_slices_of_x_in_y.json'),
  },
  {
    id: 'teach/cooked-potato-on-plate',
    family: 'teach',
    text: 'Cook 1 slice(s) of potato and serve on a plate.',
    stepLimit: 50,
    requires: [
      { className: 'potato', count: 1 },
      { className: 'chefknife', count: 1 },
    ],
    // TEACh's Cooked Slice Of X: the potato sliced, the slice cooked, served on a clean plate
    subgoals: [
      cleanPlate,
      { patient: ['potato'], predicate: 'isSliced' },
      { patient: ['potato'], qualifiers: ['isSliced'], predicate: 'isCooked' },
      onCleanPlate('potato', 1, ['isSliced', 'isCooked']),
    ],
    source: source('107__n_cooked_slices_of_x_in_y.json'),
  },
  {
    id: 'teach/remotes-on-sofa',
    family: 'teach',
    text: 'Put all remote controls on any sofa.',
    stepLimit: 40,
    requires: [{ className: 'remotecontrol', count: 2 }],
    subgoals: [{ patient: ['remotecontrol'], predicate: 'isPlacedTo', destination: ['sofa'], count: 'all' }],
    source: source('110__put_all_x_on_y.json'),
  },
  {
    id: 'teach/mugs-in-cabinet',
    family: 'teach',
    text: 'Put all mugs in one kitchen cabinet.',
    stepLimit: 50,
    subgoals: [{ patient: ['mug'], predicate: 'isPlacedTo', destination: ['kitchencabinet'], count: 'all' }],
    source: source('111__put_all_x_in_one_y.json'),
  },
  {
    id: 'teach/table-lamps-on',
    family: 'teach',
    text: 'Turn on all table lamps.',
    stepLimit: 40,
    requires: [{ className: 'tablelamp', count: 1 }],
    subgoals: [{ patient: ['tablelamp'], predicate: 'isToggledOn', count: 'all' }],
    source: source('116__toggle_x_all_y.json'),
  },
  {
    id: 'teach/water-plant',
    family: 'teach',
    text: 'Water the plant.',
    stepLimit: 40,
    requires: [
      { className: 'orchid', count: 1 },
      { className: 'waterglass', count: 1 },
    ],
    subgoals: [
      { patient: ['waterglass', 'mug'], predicate: 'isFilledWithWater', means: true },
      { patient: ['orchid'], predicate: 'isWatered' },
    ],
    source: source('114__water_plant.json'),
  },
  {
    id: 'teach/sandwich',
    family: 'teach',
    text: 'Make a sandwich.',
    stepLimit: 90,
    requires: [
      { className: 'lettuce', count: 1 },
      { className: 'tomato', count: 1 },
    ],
    subgoals: [
      cleanPlate,
      toast(2),
      onCleanPlate('breadslice', 2, ['isCooked']),
      onCleanPlate('lettuce'),
      onCleanPlate('tomato'),
    ],
    source: source('302__sandwich.json'),
  },
  {
    id: 'teach/salad',
    family: 'teach',
    text: 'Make a salad.',
    stepLimit: 80,
    requires: [
      { className: 'lettuce', count: 1 },
      { className: 'tomato', count: 1 },
      { className: 'potato', count: 1 },
    ],
    subgoals: [
      cleanPlate,
      { patient: ['potato'], predicate: 'isCooked' },
      onCleanPlate('lettuce'),
      onCleanPlate('tomato'),
      onCleanPlate('potato', 1, ['isCooked']),
    ],
    source: source('303__salad.json'),
  },
  {
    id: 'teach/breakfast',
    family: 'teach',
    text: 'Prepare breakfast: coffee and a plate of toast, served on the kitchen table.',
    stepLimit: 120,
    requires: [coffeeMaker],
    subgoals: [
      ...coffee,
      cleanPlate,
      toast(),
      { patient: ['plate'], qualifiers: ['isClean'], predicate: 'isPlacedTo', destination: ['kitchentable'] },
      onCleanPlate('breadslice', 1, ['isCooked']),
      { patient: ['mug'], qualifiers: ['isFilledWithCoffee'], predicate: 'isPlacedTo', destination: ['kitchentable'] },
    ],
    source: source('301__breakfast.json'),
  },
];
