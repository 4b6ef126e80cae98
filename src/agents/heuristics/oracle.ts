/**
 * The Oracle: the upper bound of the continual benchmark. It reads the true world (privilege `true-state`) and the
 * instructions' meanings (`meanings`), so it never has to look for anything: it knows at once which executions do
 * not hold and what a plan for each costs.
 *
 * - Every pending execution (one that does not hold in the true state) gets a plan from the household planner on
 *   (a copy of) the true state, one that leaves every execution holding now still holding at its end.
 * - The Oracle takes the pending execution with the shortest plan (ties: the earlier instruction), unless one has
 *   been pending for more than OVERDUE steps (then the one pending longest), and follows that plan until the
 *   execution holds; when a skill of it would fail or it no longer reaches its goal (the resident moved
 *   something), it chooses again.
 * - With everything in order it waits in the room closest, in total, to the nodes the executions name.
 *
 * Shortest plan first maximises the events completed per step; the overdue rule keeps a far, long repair from
 * waiting for ever while the resident keeps breaking the near ones (at high non-stationarity it would). Measured
 * against the alternatives (one plan for the conjunction of all executions, searched afresh or kept and extended;
 * highest response ratio next; shortest first without the overdue rule), it had the highest SR at every
 * non-stationarity level and the lowest PS (docs/continual.md, "The Oracle").
 */
import { and, type Condition, holds, mentionedNodes } from '../../sim/conditions.js';
import type { EnvGraph } from '../../sim/graph.js';
import type { Skill } from '../../sim/skill.js';
import type { SkillSet } from '../../sim/skill-sets.js';
import type { Agent, StepFeedback, TaskBrief } from '../agent.js';
import type { AgentContext } from '../context.js';
import { idleSkill, requireMeanings, roomDistances, stepTowards } from './common.js';
import { planSkills, planWorks } from './plans.js';

/** Steps to wait before searching again for an execution whose search found no plan. */
const RETRY_AFTER = 4;
/** Steps an execution may stay pending before it is served ahead of shorter repairs (no starvation). */
export const OVERDUE = 60;

export class OracleAgent implements Agent {
  readonly name = 'oracle';
  private readonly world: { readonly graph: EnvGraph };
  private readonly skills: SkillSet;
  private executions: readonly Condition[] = [];
  private feedback: StepFeedback | undefined;
  /** The execution being served (its index) and the plan for it. */
  private focus: { index: number; plan: Skill[] } | undefined;
  /** Per execution: the step it was first seen not holding (undefined while it holds). */
  private brokenSince: (number | undefined)[] = [];
  /** Per execution: after a failed search, the step before which the Oracle does not search for it again. */
  private retryAt: number[] = [];
  /** Plans searched for (for the record). */
  plansMade = 0;

  constructor(context: AgentContext) {
    if (!context.world) throw new Error('the Oracle needs the true world (privilege true-state)');
    this.world = context.world;
    this.skills = context.skills;
  }

  reset(task: TaskBrief, first: StepFeedback): void {
    const meanings = requireMeanings(this.name, task);
    this.executions = meanings.map((m) => m.execution);
    this.feedback = first;
    this.focus = undefined;
    this.retryAt = this.executions.map(() => 0);
    this.brokenSince = this.executions.map(() => undefined);
  }

  observe(feedback: StepFeedback): void {
    this.feedback = feedback;
    if (feedback.success === false) this.focus = undefined;
  }

  act(): Skill {
    const feedback = this.feedback!;
    const holding = this.executions.map((execution) => holds(execution, this.world.graph));
    holding.forEach((held, i) => {
      if (held) this.brokenSince[i] = undefined;
      else this.brokenSince[i] ??= feedback.t;
    });
    if (this.focus && holding[this.focus.index]) this.focus = undefined;
    if (holding.every(Boolean)) return this.idle(feedback);
    // Plans are tried on a copy: the true world is never touched, not even undone.
    const truth = this.world.graph.clone();
    // A plan that no longer works (the world changed under it) sends the Oracle back to choosing: what is shortest
    // or overdue may have changed too.
    if (this.focus && !this.works(truth, this.focus.plan, this.goalFor(this.focus.index, holding), feedback)) {
      this.focus = undefined;
    }
    if (!this.focus) this.focus = this.choose(truth, holding, feedback);
    return this.focus?.plan.shift() ?? this.idle(feedback);
  }

  /**
   * With nothing to do, wait where the next repair is likely to be shortest: in the room with the least total
   * distance (in walks) to the rooms of the nodes the executions name (ties: lower id); there, idle in place.
   */
  private idle(feedback: StepFeedback): Skill {
    const graph = this.world.graph;
    const here = feedback.observation.roomId;
    const rooms = new Map<number, number>();
    for (const execution of this.executions) {
      for (const id of mentionedNodes(execution, graph)) {
        const room = graph.roomOf(id);
        if (room !== undefined) rooms.set(room, (rooms.get(room) ?? 0) + 1);
      }
    }
    const adjacent = feedback.adjacentRooms;
    let best: { room: number; cost: number } | undefined;
    for (const room of [...graph.rooms()].sort((a, b) => a - b)) {
      const distance = roomDistances(room, adjacent);
      let cost = 0;
      for (const [at, count] of rooms) cost += count * (distance.get(at) ?? adjacent.length + 1);
      if (!best || cost < best.cost) best = { room, cost };
    }
    const walk = best && stepTowards(here, best.room, adjacent, this.skills);
    return walk ?? idleSkill(feedback, this.skills);
  }

  /**
   * The pending execution to serve and its plan: the one waiting longest among those overdue (pending for more than
   * OVERDUE steps), else the one with the shortest plan (ties: the earlier instruction); undefined when none can be
   * planned.
   */
  private choose(truth: EnvGraph, holding: readonly boolean[], feedback: StepFeedback) {
    let best: { index: number; plan: Skill[]; rank: number } | undefined;
    for (let index = 0; index < this.executions.length; index++) {
      if (holding[index]) continue;
      const candidate = this.planFocus(truth, index, holding, feedback);
      if (!candidate) continue;
      const wait = feedback.t - this.brokenSince[index]!;
      // Overdue ones rank before every plan length (no plan is near a million skills), the longest wait first.
      const rank = wait > OVERDUE ? -1_000_000 - wait : candidate.plan.length;
      if (!best || rank < best.rank) best = { ...candidate, rank };
    }
    return best && { index: best.index, plan: best.plan };
  }

  /** The execution plus every execution that holds now (a repair must not break another). */
  private goalFor(index: number, holding: readonly boolean[]): Condition {
    return and(this.executions[index], ...this.executions.filter((_, i) => i !== index && holding[i]));
  }

  /**
   * A plan for the execution that leaves the others holding: searched for the execution alone (a small problem,
   * a quick search) and kept when it breaks nothing, else searched for the execution with every holding one.
   */
  private planFocus(truth: EnvGraph, index: number, holding: readonly boolean[], feedback: StepFeedback) {
    if (feedback.t < this.retryAt[index]) return undefined;
    const character = feedback.observation.characterId;
    const goal = this.goalFor(index, holding);
    this.plansMade++;
    let plan = planSkills(truth, this.executions[index], this.skills, { characterId: character });
    if (plan && !this.works(truth, plan, goal, feedback)) {
      plan = planSkills(truth, goal, this.skills, { characterId: character });
    }
    if (!plan || plan.length === 0) {
      this.retryAt[index] = feedback.t + RETRY_AFTER;
      return undefined;
    }
    return { index, plan };
  }

  private works(truth: EnvGraph, plan: readonly Skill[], goal: Condition, feedback: StepFeedback): boolean {
    return planWorks(truth, feedback.observation.characterId, plan, goal, this.skills, feedback.adjacentRooms);
  }
}
