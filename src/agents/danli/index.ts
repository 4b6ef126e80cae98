/** DANLI (paper 004) and its ablations; see docs/danli.md. */
export { DanliAgent, type DanliCounts, type PlanWork } from './agent.js';
export {
  DANLI_DEFAULT,
  type DanliConfig,
  MAX_SUBGOAL_FAILURES,
  MAX_SUBGOAL_STEPS,
  PLANNER_MAX_OPERATORS,
} from './config.js';
export { type SubgoalPredictor, structuredGoalPredictor } from './predictor.js';
export { searchStep } from './search.js';
export { DanliState } from './state.js';

import { DANLI_DEFAULT, type DanliConfig } from './config.js';

/** The registered DANLI variants: the agent and its Table 5 ablations. */
export const DANLI_VARIANTS: readonly { name: string; description: string; config: DanliConfig }[] = [
  {
    name: 'danli',
    description: 'DANLI: symbolic state, subgoals from the structured goal, PDDL per subgoal with search and recovery',
    config: DANLI_DEFAULT,
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
