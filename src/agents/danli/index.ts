/** DANLI (paper 004) and its ablations; see docs/danli.md. */
export { DanliAgent, type DanliCounts, type PlanWork } from './agent.js';
export {
  DANLI_DEFAULT,
  type DanliConfig,
  MAX_SUBGOAL_FAILURES,
  MAX_SUBGOAL_STEPS,
  PLANNER_MAX_OPERATORS,
} from './config.js';
export { type SubgoalPredictor, structuredGoalPredictor, TextGoalPredictor } from './predictor.js';
export { searchStep } from './search.js';
export { DanliState } from './state.js';

import { DANLI_DEFAULT, type DanliConfig } from './config.js';

export interface DanliVariant {
  readonly name: string;
  readonly description: string;
  readonly config: DanliConfig;
  /** Given the task's structured goal instead of reading the text (privilege `meanings`): a reference. */
  readonly meanings?: true;
}

/** The registered DANLI variants: the agent and its Table 5 ablations (reading the text), and the reference. */
export const DANLI_VARIANTS: readonly DanliVariant[] = [
  {
    name: 'danli',
    description:
      'DANLI: subgoals read from the text (offline reader), symbolic state, PDDL per subgoal with search and recovery',
    config: DANLI_DEFAULT,
  },
  {
    name: 'danli-meanings',
    description:
      'DANLI given the structured goal instead of reading the text (reference: its planning and recovery alone)',
    config: DANLI_DEFAULT,
    meanings: true,
  },
  {
    name: 'danli-last-subgoal',
    description: 'DANLI ablation (Table 5): works on the last subgoal only',
    config: { ...DANLI_DEFAULT, lastSubgoalOnly: true },
  },
  {
    name: 'danli-no-pruning',
    description: 'DANLI ablation (Table 5/6): plans without scene pruning',
    config: { ...DANLI_DEFAULT, prune: false },
  },
  {
    name: 'danli-no-replanning',
    description: 'DANLI ablation (Table 5): no failure recovery, a failed action ends its subgoal',
    config: { ...DANLI_DEFAULT, replan: false },
  },
];
