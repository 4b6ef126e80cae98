/**
 * DANLI (paper 004): a neuro-symbolic deliberative agent. At the start its predictor makes the subgoals of the task
 * (`predictor.ts`: the text read offline by default; a text it cannot read gives none, and the agent idles, reported
 * as not read). Per step (its Figure 2 and Algorithm 1):
 *
 * 1. update the symbolic state from the observation and the effects of its own action (`state.ts`);
 * 2. monitor the subgoals (`predictor.ts`): the current one done, move to the next; given up after
 *    MAX_SUBGOAL_FAILURES failed actions or MAX_SUBGOAL_STEPS steps, move on too; after the last one, idle;
 * 3. plan for the current subgoal with the household planner (PDDL compiled from the simulator's rules) over the
 *    believed state, pruned to the relevant objects (`prune`): for one more patient while keeping what is achieved
 *    (`planningGoal`). Classes it has not seen enter the problem as dummy instances (`extraObjects`); a plan that uses
 *    one starts with Search, which explores (`search.ts`) until an instance is seen, then plans again. A call whose
 *    problem grounds to more operators than the planning budget (`planBudget`, DANLI's 120 s time-out) has no plan;
 * 4. pop the plan's first action; a failed action goes through the recovery tree (Figure 4/7):
 *    - "not close to" the target: move closer (walk to it) and retry;
 *    - "too many things" on a receptacle: clear it (take one thing off) and replan;
 *    - the same action failing again after a replan: exclude that instance and replan (when the belief knows another
 *      instance of its class; excluding the only one would leave nothing to do it with, so it is retried);
 *    - anything else (grounding, manipulation, a changed world): replan.
 *    Without replanning (ablation) a failed action ends the subgoal.
 *
 * After the last subgoal, the task's ordered action goals (the offline predictors only; `ActionGoalProgress`, shared with
 * the episodic Oracle): for the next one it plans over the belief for a state the action brings about (held for grab,
 * OFF for switchoff, a candidate in its own room first) while keeping the subgoals achieved, so that the plan ends
 * with that action; with no candidate believed, it searches for the goal's class. Each action goal has the same
 * failure and step budget as a subgoal; given up, the agent idles.
 */
import { type HypotheticalObject, planForGoal, withExtraObjects } from '../../planning/household/index.js';
import type { ActionGoal } from '../../sim/action-goals.js';
import { catalogClass } from '../../sim/catalog/index.js';
import { and, type Condition, edge, not, or } from '../../sim/conditions.js';
import type { Skill } from '../../sim/skill.js';
import type { SkillSet } from '../../sim/skill-sets.js';
import {
  ANY_THING,
  type BoundSubgoal,
  bindSubgoal,
  planningGoal,
  recipeInstruments,
  type SubgoalSpec,
  subgoalDone,
  type WorldView,
} from '../../sim/subgoals.js';
import { collectingDecisions, recordDecision } from '../../util/decisions.js';
import { Rng } from '../../util/rng.js';
import { ActionGoalProgress } from '../action-goal-progress.js';
import type { Agent, StepFeedback, TaskBrief, TaskUnderstanding } from '../agent.js';
import type { AgentContext } from '../context.js';
import { idleSkill } from '../heuristics/common.js';
import { skillKey } from '../heuristics/plans.js';
import {
  type DanliConfig,
  DUMMY_ID_BASE,
  MAX_SUBGOAL_FAILURES,
  MAX_SUBGOAL_REOPENS,
  MAX_SUBGOAL_STEPS,
  PLANNER_MAX_STATES,
} from './config.js';
import { danliDecisionRecord } from './decision-record.js';
import { type SubgoalPredictor, TextGoalPredictor } from './predictor.js';
import { searchStep } from './search.js';
import { DanliState } from './state.js';

/** Counts of what the agent did (deterministic; reported with each episode). */
export interface DanliCounts {
  plannerCalls: number;
  planFailures: number;
  /** Planner calls over the budget (`planBudget`), counted among planFailures: DANLI's time-outs. */
  planTimeouts: number;
  searchSteps: number;
  dummyPlans: number;
  subgoalsDone: number;
  subgoalsGivenUp: number;
  /** Done subgoals taken up again after a later plan undid them (`reopenUndone`). */
  subgoalsReopened: number;
  replan: number;
  exclude: number;
  clear: number;
  moveCloser: number;
}

const isSubset = (small: ReadonlySet<number>, large: readonly number[]): boolean => {
  const have = new Set(large);
  for (const id of small) if (!have.has(id)) return false;
  return true;
};

/** One planner call's size: problem objects, ground operators, expanded states (deterministic). */
export interface PlanWork {
  objects: number;
  operators: number;
  expanded: number;
  solved: boolean;
  /** A repeat of a timed-out call on no new objects, not run (see `callPlanner`). */
  repeated?: true;
}

export class DanliAgent implements Agent {
  readonly name: string;
  private readonly skills: SkillSet;
  private rng: Rng;
  private state = new DanliState();
  private subgoals: readonly SubgoalSpec[] = [];
  /** Patients ever bound per subgoal ("the things that were on the table" stay patients once moved). */
  private remembered: Set<number>[] = [];
  private current = 0;
  /** Subgoals given up (never taken up again), done, and how often each was taken up again (`reopenUndone`). */
  private givenUp = new Set<number>();
  private done = new Set<number>();
  private reopened = new Map<number, number>();
  /** The task's action goals, pursued after the subgoals. */
  private actionGoals = new ActionGoalProgress([]);
  /** Action goals met when the current one began (its failure and step budget count from there). */
  private actionGoalsMetBefore = 0;
  /** An action goal was given up: the agent idles. */
  private actionGoalsOver = false;
  private plan: Skill[] = [];
  private feedback!: StepFeedback;
  private failures = 0;
  private subgoalSteps = 0;
  private exclude = new Set<number>();
  private lastFailed: string | undefined;
  private searchFor: string | undefined;
  private clearing: number | undefined;
  private readonly opened = new Set<number>();
  /** Calls that timed out: their problem key, the believed objects then, and the time they took. */
  private timeouts: { key: string; objects: ReadonlySet<number>; ms: number; work: PlanWork }[] = [];
  readonly counts: DanliCounts = {
    plannerCalls: 0,
    planFailures: 0,
    planTimeouts: 0,
    searchSteps: 0,
    dummyPlans: 0,
    subgoalsDone: 0,
    subgoalsGivenUp: 0,
    subgoalsReopened: 0,
    replan: 0,
    exclude: 0,
    clear: 0,
    moveCloser: 0,
  };
  /** Planner wall times in ms (timing: varies run to run). */
  readonly planMs: number[] = [];
  /** Per planner call: ground operators and expanded states (deterministic). */
  readonly planWork: PlanWork[] = [];

  constructor(
    context: AgentContext,
    private readonly config: DanliConfig,
    name = 'danli',
    private readonly predictor: SubgoalPredictor = new TextGoalPredictor(),
  ) {
    this.name = name;
    this.skills = context.skills;
    this.rng = new Rng(context.seed).fork(`agent:${name}`);
  }

  /** How the predictor read the task's text (none for the structured-goal reference). */
  reading(): TaskUnderstanding | undefined {
    return this.predictor.understanding?.();
  }

  reset(task: TaskBrief, first: StepFeedback): void | Promise<void> {
    const predicted = this.predictor.predict(task, first);
    const actionGoals = this.predictor.actionGoals?.(task) ?? [];
    if (predicted instanceof Promise) return predicted.then((subgoals) => this.start(subgoals, actionGoals, first));
    this.start(predicted, actionGoals, first);
  }

  private start(predicted: readonly SubgoalSpec[], actionGoals: readonly ActionGoal[], first: StepFeedback): void {
    this.subgoals = this.config.lastSubgoalOnly ? predicted.slice(-1) : predicted;
    this.remembered = this.subgoals.map(() => new Set<number>());
    this.state = new DanliState();
    this.current = 0;
    this.givenUp = new Set();
    this.done = new Set();
    this.reopened = new Map();
    this.actionGoals = new ActionGoalProgress(actionGoals);
    this.actionGoalsMetBefore = 0;
    this.actionGoalsOver = false;
    this.plan = [];
    this.failures = 0;
    this.subgoalSteps = 0;
    this.exclude = new Set();
    this.lastFailed = undefined;
    this.searchFor = undefined;
    this.clearing = undefined;
    this.opened.clear();
    this.timeouts = [];
    this.recordedCounts = undefined;
    this.feedback = first;
    this.state.update(first);
  }

  observe(feedback: StepFeedback): void {
    this.feedback = feedback;
    this.state.update(feedback);
    this.subgoalSteps++;
    if (feedback.lastSkill && this.actionGoals.goals.length > 0)
      this.actionGoals.record(feedback.lastSkill, feedback.success !== false, this.state.belief.graph);
    const failed = feedback.success === false ? feedback.lastSkill : undefined;
    // A search step that failed to open a container did not look inside: the search may try it again.
    if (failed?.action === 'open') this.opened.delete(failed.objects[0]);
    if (failed) this.recover(failed, feedback.error ?? '');
    else if (feedback.success) this.lastFailed = undefined;
  }

  act(): Skill {
    const skill = this.choose();
    if (collectingDecisions()) this.recordDecision(skill);
    return skill;
  }

  /** The counters at the last decision record (traced episodes only). */
  private recordedCounts: DanliCounts | undefined;

  private recordDecision(chosen: Skill): void {
    const before = this.recordedCounts ?? Object.fromEntries(Object.keys(this.counts).map((k) => [k, 0]));
    const view = {
      subgoals: this.subgoals,
      current: this.current,
      plan: this.plan,
      chosen,
      searchFor: this.searchFor,
      failures: this.failures,
      counts: this.counts,
      before: before as DanliCounts,
      belief: this.state.belief.graph,
    };
    recordDecision('danli', () => danliDecisionRecord(view));
    this.recordedCounts = { ...this.counts };
  }

  private choose(): Skill {
    this.monitor();
    // Every subgoal done or given up: DANLI's session is over (Algorithm 1 returns). hearth has no stop action, so it
    // idles until the step limit; it does not wander, which could complete a given-up subgoal by chance.
    if (this.current >= this.subgoals.length) return this.actOnActionGoals();
    if (this.plan.length > 0 && this.executable(this.plan[0])) return this.plan.shift()!;
    this.plan = this.makePlan() ?? [];
    if (this.plan.length > 0 && this.executable(this.plan[0])) return this.plan.shift()!;
    this.plan = [];
    // Nothing to plan: search for what the plan lacks, or for more of the patients (a subgoal over all of them).
    return this.explore(this.searchFor ?? this.subgoals[this.current].patient[0]);
  }

  /** After the subgoals: the next action goal, or idle once all are met or one is given up. */
  private actOnActionGoals(): Skill {
    const met = this.actionGoals.met();
    if (met > this.actionGoalsMetBefore) {
      this.actionGoalsMetBefore = met;
      this.freshBudget();
    }
    const next = this.actionGoals.next();
    if (next && (this.failures >= MAX_SUBGOAL_FAILURES || this.subgoalSteps >= MAX_SUBGOAL_STEPS))
      this.actionGoalsOver = true;
    if (!next || this.actionGoalsOver) return idleSkill(this.feedback, this.skills);
    if (this.plan.length > 0 && this.executable(this.plan[0])) return this.plan.shift()!;
    const goal = this.actionGoals.planningGoal(this.state.world, this.bounds());
    this.plan = (goal && this.callPlanner(goal)) ?? [];
    if (this.plan.length > 0 && this.executable(this.plan[0])) return this.plan.shift()!;
    this.plan = [];
    return this.explore(next.anyOf.find((alt) => alt.classes !== undefined)?.classes?.[0]);
  }

  /** Figures for the episode record: counts (deterministic) and planner times (timing). */
  stats(): Record<string, unknown> {
    const sorted = [...this.planMs].sort((a, b) => a - b);
    const median = sorted.length === 0 ? null : sorted[Math.floor((sorted.length - 1) / 2)];
    const prediction = (this.predictor as { record?: unknown }).record;
    return {
      ...this.counts,
      config: { ...this.config },
      ...(prediction !== undefined && { prediction }),
      planWork: this.planWork.map((w) => ({ ...w })),
      timing: {
        planMsMedian: median,
        planMsTotal: sorted.reduce((s, x) => s + x, 0),
        planCalls: sorted.length,
        planMs: [...this.planMs],
      },
    };
  }

  // ---- subgoal monitoring ----------------------------------------------------------------------------------------

  private bound(index: number, graph = this.state.belief.graph): BoundSubgoal {
    const spec = this.subgoals[index];
    const now = bindSubgoal(spec, graph);
    const memory = this.remembered[index];
    if (graph === this.state.belief.graph) for (const id of now.patients) memory.add(id);
    const patients = [...new Set([...now.patients, ...memory])].filter((id) => graph.has(id)).sort((a, b) => a - b);
    const need = spec.count === 'all' ? patients.length : (spec.count ?? 1);
    return { ...now, patients, need };
  }

  private bounds(graph = this.state.belief.graph): BoundSubgoal[] {
    return this.subgoals.map((_, i) => this.bound(i, graph));
  }

  /** A subgoal is complete when it holds in the belief; one over every instance also needs every room seen. */
  private complete(index: number): boolean {
    const bound = this.bound(index);
    if (bound.need === 0 || !subgoalDone(this.state.world, bound)) return false;
    const spec = bound.spec;
    if (spec.count === 'all' && !spec.startOn) return this.unseenRooms(spec.room).length === 0;
    return true;
  }

  /** Rooms (of the class, when given) never seen: where more instances may be. */
  private unseenRooms(roomClass?: string): number[] {
    const graph = this.state.belief.graph;
    return [...graph.nodes()]
      .filter((n) => graph.isRoom(n.id) && this.state.belief.roomSeen(n.id) === undefined)
      .filter((n) => roomClass === undefined || n.className === roomClass)
      .map((n) => n.id);
  }

  private monitor(): void {
    this.advance();
    if (this.current >= this.subgoals.length && this.reopenUndone()) this.advance();
  }

  private advance(): void {
    while (this.current < this.subgoals.length) {
      if (this.givenUp.has(this.current)) {
        // given up before: stays given up
      } else if (this.complete(this.current)) {
        if (!this.done.has(this.current)) this.counts.subgoalsDone++;
        this.done.add(this.current);
      } else if (this.failures >= MAX_SUBGOAL_FAILURES || this.subgoalSteps >= MAX_SUBGOAL_STEPS) {
        this.counts.subgoalsGivenUp++;
        this.givenUp.add(this.current);
      } else {
        return;
      }
      this.nextSubgoal();
    }
  }

  /**
   * Before idling, the subgoals done are checked again: the monitor moves on as soon as the current subgoal holds,
   * which can cut short a plan that also restores an earlier one (the plan for "the plate on the table" takes the
   * toast off the plate to carry the plate, and would put it back after). The first one that no longer holds in the
   * belief is taken up again, at most `MAX_SUBGOAL_REOPENS` times each. True when one was.
   */
  private reopenUndone(): boolean {
    for (let i = 0; i < this.subgoals.length; i++) {
      if (this.givenUp.has(i) || this.complete(i)) continue;
      const times = this.reopened.get(i) ?? 0;
      if (times >= MAX_SUBGOAL_REOPENS) continue;
      this.reopened.set(i, times + 1);
      this.counts.subgoalsReopened++;
      this.current = i;
      this.freshBudget();
      return true;
    }
    return false;
  }

  private nextSubgoal(): void {
    this.current++;
    this.freshBudget();
  }

  /** A new subgoal (or action goal) starts with no plan and a fresh failure and step budget. */
  private freshBudget(): void {
    this.plan = [];
    this.failures = 0;
    this.subgoalSteps = 0;
    this.exclude = new Set();
    this.searchFor = undefined;
    this.clearing = undefined;
  }

  // ---- planning --------------------------------------------------------------------------------------------------

  private executable(skill: Skill): boolean {
    return this.feedback.candidates.some((c) => skillKey(c) === skillKey(skill));
  }

  private callPlanner(goal: Condition, extraObjects: readonly HypotheticalObject[] = []): Skill[] | undefined {
    const belief = this.state.belief;
    this.counts.plannerCalls++;
    const exclude = [...this.excluded()].sort((a, b) => a - b);
    // A problem only grows with the objects the agent knows: a call on a goal that timed out with fewer (a subset of
    // today's) objects would time out again, so it is counted as a time-out without running (it would take seconds
    // to minutes unpruned; the verdict is the planner's as long as grounding grows with the objects).
    const key = JSON.stringify([goal, exclude, extraObjects.map((o) => [o.id, o.className])]);
    const objects = [...belief.graph.nodes()].map((n) => n.id);
    const known = this.timeouts.find(
      (t) => t.key === key && objects.length >= t.objects.size && isSubset(t.objects, objects),
    );
    if (known) {
      this.planMs.push(known.ms);
      this.planWork.push({ ...known.work, repeated: true });
      this.counts.planTimeouts++;
      this.counts.planFailures++;
      return undefined;
    }
    const result = planForGoal({
      state: belief.graph,
      goal,
      skills: 'virtualhome',
      prune: this.config.prune,
      maxStates: PLANNER_MAX_STATES,
      exclude,
      extraObjects,
      characterId: this.feedback.observation.characterId,
    });
    const ms = result.stats.compileMs + result.stats.groundMs + result.stats.searchMs;
    this.planMs.push(ms);
    const work: PlanWork = {
      objects: result.stats.objects,
      operators: result.stats.operators,
      expanded: result.stats.expanded,
      solved: result.solved,
    };
    this.planWork.push(work);
    const timedOut = result.stats.operators > this.config.planBudget;
    if (timedOut) {
      this.counts.planTimeouts++;
      this.timeouts.push({ key, objects: new Set(objects), ms, work });
    }
    if (!result.solved || timedOut) {
      this.counts.planFailures++;
      return undefined;
    }
    return result.skills;
  }

  /** Instances not to plan with: those excluded by recovery, and those the belief has lost track of. */
  private excluded(): Set<number> {
    return new Set([...this.exclude, ...this.state.belief.lostNodes()]);
  }

  private makePlan(): Skill[] | undefined {
    this.searchFor = undefined;
    const world = this.state.world;
    if (this.clearing !== undefined) {
      const goal = this.clearGoal(this.clearing);
      this.clearing = undefined;
      const plan = goal && this.callPlanner(goal);
      if (plan && plan.length > 0) return plan;
    }
    const goal = planningGoal(world, this.bounds(), this.current, this.excluded());
    if (goal) {
      const plan = this.callPlanner(goal);
      if (plan && plan.length > 0) return plan;
    }
    return this.planWithDummies();
  }

  /** Dummy instances of the classes the current subgoal needs and the belief lacks (DANLI's unobserved objects). */
  private dummies(): HypotheticalObject[] {
    const spec = this.subgoals[this.current];
    const graph = this.state.belief.graph;
    const known = (classes: readonly string[]) =>
      classes.some((c) => graph.idsOfClass(c).some((id) => !this.exclude.has(id) && !this.state.belief.isLost(id)));
    const wanted: string[] = [];
    if (!spec.patient.includes(ANY_THING) && !spec.startOn && !known(spec.patient)) wanted.push(spec.patient[0]);
    if (spec.destination && !known(spec.destination)) wanted.push(spec.destination[0]);
    for (const group of recipeInstruments(spec)) {
      if (!known(group)) wanted.push(group[0]);
    }
    const room = this.feedback.observation.roomId;
    return wanted.map((className, i) => {
      const entry = catalogClass(className);
      return {
        id: DUMMY_ID_BASE + i,
        className: entry?.name ?? className,
        category: entry?.category ?? 'Props',
        properties: entry?.properties ?? [],
        states: entry?.defaultStates ?? [],
        room,
      };
    });
  }

  /** Plans with dummy instances; a plan that names one means: search for its class first. */
  private planWithDummies(): undefined {
    const dummies = this.dummies();
    if (dummies.length === 0) {
      this.searchFor = undefined;
      return undefined;
    }
    const augmented = withExtraObjects(this.state.belief.graph, dummies);
    const world: WorldView = { graph: augmented, derived: this.state.derived };
    const goal = planningGoal(world, this.bounds(augmented), this.current, this.excluded());
    const plan = goal && this.callPlanner(goal, dummies);
    const named = plan?.flatMap((s) => s.objects).find((id) => id >= DUMMY_ID_BASE);
    if (plan) this.counts.dummyPlans++;
    const target = dummies.find((d) => d.id === named) ?? dummies[0];
    this.searchFor = target.className;
    return undefined;
  }

  /** Take one thing off (or out of) the receptacle: it must no longer lie there. */
  private clearGoal(receptacle: number): Condition | undefined {
    const graph = this.state.belief.graph;
    const things = [...graph.sources(receptacle, 'ON'), ...graph.sources(receptacle, 'INSIDE')]
      .filter((id) => graph.get(id).properties.has('GRABBABLE'))
      .sort((a, b) => a - b);
    if (things.length === 0) return undefined;
    return or(...things.map((id) => and(not(edge(id, 'ON', receptacle)), not(edge(id, 'INSIDE', receptacle)))));
  }

  private explore(targetClass: string | undefined): Skill {
    this.counts.searchSteps++;
    return searchStep(
      { belief: this.state.belief, feedback: this.feedback, skills: this.skills, rng: this.rng, opened: this.opened },
      targetClass,
    );
  }

  // ---- recovery --------------------------------------------------------------------------------------------------

  /**
   * Whether the belief knows another instance of the node's class to use instead (not excluded, not lost). Excluding
   * the only one leaves nothing to plan with but a search for a thing that may not exist: then the action is retried.
   */
  private hasAlternative(node: number): boolean {
    const graph = this.state.belief.graph;
    if (!graph.has(node)) return true; // nothing known about it: excluding it costs nothing
    return graph
      .idsOfClass(graph.get(node).className)
      .some((id) => id !== node && !this.exclude.has(id) && !this.state.belief.isLost(id));
  }

  private recover(skill: Skill, error: string): void {
    this.failures++;
    const key = skillKey(skill);
    const target = skill.objects[skill.objects.length - 1];
    if (!this.config.replan) {
      // No recovery: the subgoal fails with its action.
      this.failures = MAX_SUBGOAL_FAILURES;
      this.plan = [];
      return;
    }
    if (/is not close to/.test(error) && target !== undefined && skill.action !== 'walk') {
      this.counts.moveCloser++;
      this.plan = [{ action: 'walk', objects: [target] }, skill];
    } else if (/too many things|full/i.test(error) && target !== undefined) {
      this.counts.clear++;
      this.clearing = target;
      this.plan = [];
    } else if (this.lastFailed === key && target !== undefined && this.hasAlternative(target)) {
      this.counts.exclude++;
      this.exclude.add(target);
      this.plan = [];
    } else {
      this.counts.replan++;
      this.plan = [];
    }
    this.lastFailed = key;
  }
}
