/**
 * The TEACh-style tasks said as dialogues (HELPER's evaluation, paper 001; TEACh's settings):
 *
 * - `teach-tfd` (Trajectory from Dialogue): each TEACh-style type, the whole dialogue given at the start;
 * - `teach-edh` (Execution from Dialogue History): each type with two sessions; the Oracle has carried out the first
 *   session when the episode starts (its start state is the Oracle's end state, derived states included), the agent
 *   reads the dialogue of both sessions, and is scored on the second session's subgoals only.
 *
 * The goals are the TEACh-style definitions' (`teach.ts`); the dialogues are rendered with the task's seed
 * (`dialogue.ts`). The paraphrases are hearth's own, written in the forms the offline dialogue reader reads
 * (`src/language/dialogue.ts`, tested on every one); a model reads them as any text.
 */
import type { DialogueSpec } from '../dialogue.js';
import type { TaskDefinition } from '../task.js';
import { TEACH_TASKS } from './teach.js';

const first = 'First clean a plate.';

/** How each TEACh-style type is asked for, by task id. */
export const TEACH_DIALOGUES: Readonly<Record<string, DialogueSpec>> = {
  'teach/toast': {
    requests: ['Make a slice of toast.', 'Could you make me a slice of toast?', 'Please toast a slice of bread.'],
  },
  'teach/coffee': {
    requests: [
      'Prepare coffee in a clean mug.',
      'Could you make me a coffee in a clean mug?',
      'I would like a cup of coffee in a clean mug.',
    ],
    sessions: [
      { subgoals: [0], requests: ['Please rinse the mug.', 'First clean the mug.'] },
      { subgoals: [1], requests: ['Now make coffee in the clean mug.', 'Now make a coffee in the clean mug.'] },
    ],
  },
  'teach/clean-all-plates': {
    requests: ['Clean all the plates.', 'Please wash all the plates.', 'Could you rinse all the plates?'],
  },
  'teach/plate-of-toast': {
    requests: [
      'Make a plate of toast.',
      'I would like a plate of toast.',
      'Please make a slice of toast and put it on a clean plate.',
    ],
    sessions: [
      { subgoals: [0], requests: [first, 'Please clean a plate first.'] },
      { subgoals: [1, 2], requests: ['Now make a slice of toast and put it on the clean plate.'] },
    ],
  },
  'teach/slices-on-plate': {
    requests: [
      'Serve 2 slice(s) of bread on a plate.',
      'Put two slices of bread on a clean plate.',
      'Could you serve two slices of bread on a plate?',
    ],
    sessions: [
      { subgoals: [0], requests: [first] },
      { subgoals: [1], requests: ['Now put two slices of bread on the clean plate.'] },
    ],
  },
  'teach/cooked-potato-on-plate': {
    requests: [
      'Cook 1 slice(s) of potato and serve on a plate.',
      'Cook a slice of potato and serve it on a plate.',
      'Please cook a slice of potato and put it on a clean plate.',
    ],
    sessions: [
      { subgoals: [0], requests: [first] },
      { subgoals: [1, 2, 3], requests: ['Now cook a slice of potato and serve it on the plate.'] },
    ],
  },
  'teach/remotes-on-sofa': {
    requests: [
      'Put all remote controls on any sofa.',
      'Please put all the remote controls on the sofa.',
      'Could you move all the remote controls onto the sofa?',
    ],
    correctable: {
      requests: ['Please put all the remote controls on the {destination}.'],
      right: 'sofa',
      wrong: ['bed', 'desk', 'coffee table'],
    },
  },
  'teach/mugs-in-cabinet': {
    requests: ['Put all mugs in one kitchen cabinet.', 'Please put all the mugs in a kitchen cabinet.'],
    correctable: {
      requests: ['Please put all the mugs in the {destination}.'],
      right: 'kitchen cabinet',
      wrong: ['fridge', 'dishwasher', 'microwave'],
    },
  },
  'teach/table-lamps-on': {
    requests: [
      'Turn on all table lamps.',
      'Please switch on all the table lamps.',
      'Could you turn all the table lamps on?',
    ],
  },
  'teach/water-plant': {
    requests: ['Water the plant.', 'Please water the plant.', 'Could you water the plant?'],
  },
  'teach/sandwich': {
    requests: ['Make a sandwich.', 'Could you make me a sandwich?', 'I would like a sandwich.'],
    sessions: [
      { subgoals: [0, 1], requests: ['First clean a plate and make two slices of toast.'] },
      {
        subgoals: [2, 3, 4],
        requests: [
          'Now put the two toasts on the clean plate, then put the lettuce and the tomato on the clean plate.',
        ],
      },
    ],
  },
  'teach/salad': {
    requests: ['Make a salad.', 'Could you make me a salad?', 'I would like a salad.'],
    sessions: [
      { subgoals: [0, 1], requests: ['First clean a plate and cook the potato.'] },
      {
        subgoals: [2, 3, 4],
        requests: [
          'Now put the lettuce and the tomato on the clean plate, then put the cooked potato on the clean plate.',
        ],
      },
    ],
  },
  'teach/breakfast': {
    requests: [
      'Prepare breakfast: coffee and a plate of toast, served on the kitchen table.',
      'Could you make breakfast: a coffee and a plate of toast, served on the kitchen table?',
    ],
    sessions: [
      { subgoals: [0, 1], requests: ['First make a coffee in a clean mug.'] },
      {
        subgoals: [2, 3, 4, 5, 6],
        requests: ['Now make a plate of toast, served on the kitchen table, then put the coffee on the kitchen table.'],
      },
    ],
  },
};

const suffix = (id: string) => id.slice(id.indexOf('/') + 1);

/** TfD: every TEACh-style type, its dialogue rendered when bound. */
export const TEACH_TFD_TASKS: readonly TaskDefinition[] = TEACH_TASKS.map((task) => ({
  ...task,
  id: `teach-tfd/${suffix(task.id)}`,
  family: 'teach-tfd',
  text: TEACH_DIALOGUES[task.id].requests[0],
  dialogue: { spec: TEACH_DIALOGUES[task.id] },
  source: `${task.source}; dialogue: hearth's TfD rendering`,
}));

/** EDH: the types with two sessions; the first is the Oracle's, the second the agent's. */
export const TEACH_EDH_TASKS: readonly TaskDefinition[] = TEACH_TASKS.filter(
  (task) => TEACH_DIALOGUES[task.id].sessions,
).map((task) => {
  const [history, next] = TEACH_DIALOGUES[task.id].sessions!;
  return {
    ...task,
    id: `teach-edh/${suffix(task.id)}`,
    family: 'teach-edh',
    text: next.requests[0],
    dialogue: { spec: TEACH_DIALOGUES[task.id], session: 1 },
    edh: { history: history.subgoals, goal: next.subgoals },
    source: `${task.source}; sessions: hearth's EDH split`,
  };
});
