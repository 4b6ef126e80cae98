/**
 * The Oracle of the episodic protocol: the reference every episodic agent is measured against (its step count is
 * PLW's L*). It reads the true world and the task's subgoals grounded in it (privileges `true-state`, `meanings`),
 * and works through the subgoals in order: for the current one it plans, on the true state with the household
 * planner (a plan with the fewest skills where the search affords it), for one more patient while keeping what is
 * achieved (`planningGoal`), follows the plan, and plans again after a failed step or when the plan is used up. A
 * subgoal once done stays done (a means such as the water spent on a plant is not revisited). With the subgoals
 * done, it takes the ordered action goals one by one: it plans for a state the goal's action brings about
 * (`ActionGoalProgress`: held for grab, ON for switchon, ...) while keeping the subgoals achieved, so that the plan
 * ends with that action; it counts the action goals met from its own steps as the metrics do.
 */
import type { DerivedStates } from '../../sim/derived-states.js';
import type { EnvGraph } from '../../sim/graph.js';
import type { Skill } from '../../sim/skill.js';
import type { SkillSet } from '../../sim/skill-sets.js';
import { type BoundSubgoal, planningGoal, subgoalDone, type WorldView } from '../../sim/subgoals.js';
import { ActionGoalProgress } from '../action-goal-progress.js';
import type { Agent, StepFeedback, TaskBrief } from '../agent.js';
import type { AgentContext } from '../context.js';
import { idleSkill } from './common.js';
import { planSkills } from './plans.js';

export class EpisodicOracleAgent implements Agent {
  readonly name = 'oracle';
  private readonly world: WorldView;
  private readonly skills: SkillSet;
  private subgoals: readonly BoundSubgoal[] = [];
  private actionGoals = new ActionGoalProgress([]);
  private lastSkill: Skill | undefined;
  private current = 0;
  private feedback: StepFeedback | undefined;
  private plan: Skill[] = [];
  /** Plans made (for the record). */
  plansMade = 0;

  constructor(context: AgentContext) {
    if (!context.world?.derived) throw new Error('the episodic Oracle needs the true world and its derived states');
    this.world = { graph: context.world.graph as EnvGraph, derived: context.world.derived as DerivedStates };
    this.skills = context.skills;
  }

  reset(task: TaskBrief, first: StepFeedback): void {
    if (!task.goal?.bound) throw new Error('the episodic Oracle needs the grounded subgoals (privilege true-state)');
    this.subgoals = task.goal.bound;
    this.actionGoals = new ActionGoalProgress(task.goal.actionGoals ?? []);
    this.lastSkill = undefined;
    this.current = 0;
    this.feedback = first;
    this.plan = [];
  }

  observe(feedback: StepFeedback): void {
    this.feedback = feedback;
    if (feedback.success === false) this.plan = [];
    if (this.lastSkill) this.actionGoals.record(this.lastSkill, feedback.success !== false, this.world.graph);
  }

  act(): Skill {
    const feedback = this.feedback!;
    while (this.current < this.subgoals.length && subgoalDone(this.world, this.subgoals[this.current])) {
      this.current++;
      this.plan = [];
    }
    if (this.plan.length === 0) {
      const goal =
        this.current < this.subgoals.length
          ? planningGoal(this.world, this.subgoals, this.current)
          : this.actionGoals.planningGoal(this.world, this.subgoals);
      if (goal) {
        const state = this.world.graph.clone();
        this.plan =
          planSkills(state, goal, this.skills, { optimal: true, characterId: feedback.observation.characterId }) ?? [];
        this.plansMade++;
      }
    }
    this.lastSkill = this.plan.shift() ?? idleSkill(feedback, this.skills);
    return this.lastSkill;
  }
}
