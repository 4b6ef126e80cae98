/**
 * The Oracle: the upper bound of the continual benchmark. It reads the true world (privilege `true-state`) and the
 * instructions' meanings (`meanings`), and keeps every instruction's execution true at once: whenever the
 * conjunction of all executions does not hold, it plans for that conjunction on the true state with the household
 * planner (a shortest plan where the search affords it) and follows the plan, re-planning when a step fails or the
 * plan no longer reaches the goal (the resident moved something). With everything in order it idles.
 */
import { and, type Condition, holds } from '../../sim/conditions.js';
import type { EnvGraph } from '../../sim/graph.js';
import type { Skill } from '../../sim/skill.js';
import type { SkillSet } from '../../sim/skill-sets.js';
import type { Agent, StepFeedback, TaskBrief } from '../agent.js';
import type { AgentContext } from '../context.js';
import { idleSkill, requireMeanings } from './common.js';
import { planSkills, planWorks } from './plans.js';

/** Steps to wait before searching again after a search found no plan. */
const RETRY_AFTER = 4;

export class OracleAgent implements Agent {
  readonly name = 'oracle';
  private readonly world: { readonly graph: EnvGraph };
  private readonly skills: SkillSet;
  private goal: Condition = and();
  private executions: readonly Condition[] = [];
  private feedback: StepFeedback | undefined;
  private plan: Skill[] = [];
  /** After a failed search, the step before which the Oracle does not search again (the state must change first). */
  private retryAt = 0;
  /** Plans made (for the record). */
  plansMade = 0;

  constructor(context: AgentContext) {
    if (!context.world) throw new Error('the Oracle needs the true world (privilege true-state)');
    this.world = context.world;
    this.skills = context.skills;
  }

  reset(task: TaskBrief, first: StepFeedback): void {
    const meanings = requireMeanings(this.name, task);
    this.executions = meanings.map((m) => m.execution);
    this.goal = and(...this.executions);
    this.feedback = first;
    this.plan = [];
  }

  observe(feedback: StepFeedback): void {
    this.feedback = feedback;
    if (feedback.success === false) this.plan = [];
  }

  act(): Skill {
    const feedback = this.feedback!;
    const truth = this.world.graph;
    if (holds(this.goal, truth)) {
      this.plan = [];
      return idleSkill(feedback, this.skills);
    }
    const state = truth.clone();
    const character = feedback.observation.characterId;
    const stale =
      this.plan.length === 0 || !planWorks(state, character, this.plan, this.goal, this.skills, feedback.adjacentRooms);
    if (stale && feedback.t >= this.retryAt) {
      this.plan = this.search(state, character, feedback);
      this.plansMade++;
      if (this.plan.length === 0) this.retryAt = feedback.t + RETRY_AFTER;
    } else if (stale) {
      this.plan = [];
    }
    return this.plan.shift() ?? idleSkill(feedback, this.skills);
  }

  /**
   * A plan that makes every execution hold. The planner is asked only for the executions that do not hold now (all
   * of them jointly: a smaller problem, so a much faster search), and the plan is kept when it leaves the others
   * holding too; otherwise, or when that search fails, it plans for the conjunction of all.
   */
  private search(state: EnvGraph, character: number, feedback: StepFeedback): Skill[] {
    const pending = this.executions.filter((execution) => !holds(execution, state));
    if (pending.length < this.executions.length) {
      const partial = planSkills(state, and(...pending), this.skills, { characterId: character });
      if (partial && planWorks(state, character, partial, this.goal, this.skills, feedback.adjacentRooms)) {
        return partial;
      }
    }
    return planSkills(state, this.goal, this.skills, { characterId: character }) ?? [];
  }
}
