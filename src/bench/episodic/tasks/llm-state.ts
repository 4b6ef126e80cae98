/**
 * LLM-State's 15 simulated household tasks (paper 002, Table I): 8 Simple, 7 Hard, on hearth's homes. Step limits
 * are the table's: a Simple task's failed runs report 30 average steps, a Hard task's failed runs its own cap (60, 150,
 * 50, 60, 120, 100, 100), which is the episode's limit. Goals are hearth's reading of each sentence in the simulator's
 * vocabulary: "heat" and "toast" are the derived state `cooked` (`src/sim/derived-states.ts`); "take away" is
 * "no longer on the table".
 */
import type { SubgoalSpec } from '../../../sim/subgoals.js';
import type { TaskDefinition } from '../task.js';

const SIMPLE_LIMIT = 30;
const source = 'LLM-State (002) Table I';

const toasts = (n: number, stepLimit: number): TaskDefinition => ({
  id: `llm-state/toasts-${n}`,
  family: 'llm-state-hard',
  text: `Make ${n} slices of toasts using toaster and place them on kitchen table.`,
  stepLimit,
  requires: [{ className: 'breadslice', count: n }],
  subgoals: [
    { patient: ['breadslice'], predicate: 'isCooked', count: n, using: ['toaster'] },
    {
      patient: ['breadslice'],
      qualifiers: ['isCooked'],
      predicate: 'isPlacedTo',
      destination: ['kitchentable'],
      count: n,
    },
  ],
  source,
});

const onTheTable: SubgoalSpec['startOn'] = ['kitchentable'];
const tableLoad = [
  { className: 'plate', count: 1, on: 'kitchentable' },
  { className: 'mug', count: 1, on: 'kitchentable' },
  { className: 'apple', count: 1, on: 'kitchentable' },
];

export const LLM_STATE_TASKS: readonly TaskDefinition[] = [
  {
    id: 'llm-state/bedroom-light-off',
    family: 'llm-state-simple',
    text: 'Switch off the light in bedroom.',
    stepLimit: SIMPLE_LIMIT,
    subgoals: [{ patient: ['light'], predicate: 'isToggledOff', room: 'bedroom', count: 'all' }],
    source,
  },
  {
    id: 'llm-state/open-fridge',
    family: 'llm-state-simple',
    text: 'Open the fridge.',
    stepLimit: SIMPLE_LIMIT,
    subgoals: [{ patient: ['fridge'], predicate: 'isOpen' }],
    source,
  },
  {
    id: 'llm-state/book-on-desk',
    family: 'llm-state-simple',
    text: 'Put a book on the desk.',
    stepLimit: SIMPLE_LIMIT,
    subgoals: [{ patient: ['book'], predicate: 'isPlacedTo', destination: ['desk'] }],
    source,
  },
  {
    id: 'llm-state/all-lights-off',
    family: 'llm-state-simple',
    text: 'Switch off all lights in the house.',
    stepLimit: SIMPLE_LIMIT,
    subgoals: [{ patient: ['light'], predicate: 'isToggledOff', count: 'all' }],
    source,
  },
  {
    id: 'llm-state/use-computer',
    family: 'llm-state-simple',
    text: 'Use computer.',
    stepLimit: SIMPLE_LIMIT,
    subgoals: [{ patient: ['computer'], predicate: 'isToggledOn' }],
    actionGoals: [{ anyOf: [{ action: 'switchon', classes: ['computer'] }] }],
    source,
  },
  {
    id: 'llm-state/magazine-on-bed',
    family: 'llm-state-simple',
    text: 'Find a magazine, put it on a bed.',
    stepLimit: SIMPLE_LIMIT,
    subgoals: [{ patient: ['magazine'], predicate: 'isPlacedTo', destination: ['bed'] }],
    source,
  },
  {
    id: 'llm-state/make-toast',
    family: 'llm-state-simple',
    text: 'Make toast.',
    stepLimit: SIMPLE_LIMIT,
    subgoals: [{ patient: ['breadslice'], predicate: 'isCooked', using: ['toaster'] }],
    actionGoals: [{ anyOf: [{ action: 'switchon', classes: ['toaster'] }] }],
    source,
  },
  {
    id: 'llm-state/heat-milk',
    family: 'llm-state-simple',
    text: 'Heat milk with microwave.',
    stepLimit: SIMPLE_LIMIT,
    subgoals: [{ patient: ['milk'], predicate: 'isCooked', using: ['microwave'] }],
    actionGoals: [{ anyOf: [{ action: 'switchon', classes: ['microwave'] }] }],
    source,
  },
  {
    id: 'llm-state/toothbrush-facecream-cabinet',
    family: 'llm-state-hard',
    text: 'Put toothbrush and face cream in the bathroom cabinet.',
    stepLimit: 60,
    subgoals: [
      { patient: ['toothbrush'], predicate: 'isPlacedTo', destination: ['bathroomcabinet'] },
      { patient: ['facecream'], predicate: 'isPlacedTo', destination: ['bathroomcabinet'] },
    ],
    source,
  },
  {
    id: 'llm-state/empty-kitchen-table',
    family: 'llm-state-hard',
    text: 'Empty the surface of kitchen table, and place them in kitchen cabinets.',
    stepLimit: 150,
    requires: tableLoad,
    subgoals: [
      {
        patient: ['*'],
        startOn: onTheTable,
        predicate: 'isPlacedTo',
        destination: ['kitchencabinet'],
        count: 'all',
      },
    ],
    source,
  },
  {
    id: 'llm-state/wineglass-juice-desk',
    family: 'llm-state-hard',
    text: 'Get wine glass and juice, place them on desk.',
    stepLimit: 50,
    subgoals: [
      { patient: ['wineglass'], predicate: 'isPlacedTo', destination: ['desk'] },
      { patient: ['juice'], predicate: 'isPlacedTo', destination: ['desk'] },
    ],
    source,
  },
  toasts(3, 60),
  toasts(6, 120),
  toasts(2, 100),
  {
    id: 'llm-state/take-away-three',
    family: 'llm-state-hard',
    text: 'Take away three objects from the kitchen table.',
    stepLimit: 100,
    requires: tableLoad,
    subgoals: [
      { patient: ['*'], startOn: onTheTable, predicate: 'isTakenFrom', destination: ['kitchentable'], count: 3 },
    ],
    source,
  },
];
