/**
 * The shared body of the heuristics of ExRAP appendix E.4 (Greedy, Multiple-Instruction-First, Max-Staleness-First).
 * They see only what the agent observes, plus what the instructions mean: either the structured meanings the benchmark
 * gives (privilege `meanings`: the nodes it scores, the book meant among several included), or, in the `-text`
 * variants, what they read in the texts with the offline grammar, as ExRAP does (src/language: conditions over
 * classes, "the book" read as every book). Each keeps a `Belief` of the home, judges every instruction on it, plans
 * on it with the household planner, and moves between rooms to look when what it needs is unknown or stale. A
 * subclass says only which skill to take next.
 *
 * Per instruction the base computes (`InstructionStatus`): the nodes its execution names (for a condition over
 * classes, the instances the belief knows); whether all are known with a place and every class it ranges over has a
 * known instance (`known`: only then can a plan be searched for); whether the execution holds in the belief (`done`);
 * and the age of the information (`age`: steps since its least recently checked node was checked, see
 * `Belief.checkedAt`; t + 1 when a node was never seen).
 *
 * Only the resident undoes executions and only the agent makes them hold, so a belief that an execution does NOT
 * hold stays true until the agent acts; a belief that it holds goes stale. That is why the heuristics differ in
 * how they look around, not in how they trust what they saw.
 */
import { Belief } from '../../memory/belief.js';
import { holds, mentionedNodes, quantifierDomain, quantifiersOf } from '../../sim/conditions.js';
import type { Skill } from '../../sim/skill.js';
import type { SkillSet } from '../../sim/skill-sets.js';
import type { Agent, InstructionMeaning, StepFeedback, TaskBrief } from '../agent.js';
import type { AgentContext } from '../context.js';
import { idleSkill, type MeaningSource, meaningsOf, roomDistances, stepTowards } from './common.js';
import { planSkills, planWorks, skillKey } from './plans.js';

export interface InstructionStatus {
  readonly meaning: InstructionMeaning;
  /** Position in the task's list (ties go to the earlier instruction). */
  readonly index: number;
  /** The nodes the execution names, sorted (for a condition over classes, the instances the belief knows). */
  readonly nodes: readonly number[];
  /** A class the execution ranges over has no instance the belief knows (where to look is unknown). */
  readonly unseenClass: boolean;
  /** Every node is known and has a place (or is held): a plan can be searched for. */
  readonly known: boolean;
  /** The execution holds in the belief. */
  readonly done: boolean;
  /** Steps since the least recently checked node was checked (t + 1 when a node was never seen). */
  readonly age: number;
  /** That least recently checked node (undefined when it is an instance of a class the belief knows none of). */
  readonly stalest: number | undefined;
}

/** Steps to wait before searching again for an instruction whose search found no plan. */
const RETRY_AFTER = 5;

export abstract class BeliefAgent implements Agent {
  /** The heuristic's name; the agent's `name` adds `-text` when it reads the texts. */
  protected abstract readonly kind: string;
  protected belief = new Belief();
  protected meanings: readonly InstructionMeaning[] = [];
  protected feedback!: StepFeedback;
  protected readonly skills: SkillSet;
  private plans = new Map<string, Skill[]>();
  private retryAt = new Map<string, number>();
  /** Plans searched for (for the record and the benchmarks). */
  plansMade = 0;

  constructor(
    context: AgentContext,
    private readonly source: MeaningSource = 'meanings',
  ) {
    this.skills = context.skills;
  }

  get name(): string {
    return this.source === 'texts' ? `${this.kind}-text` : this.kind;
  }

  reset(task: TaskBrief, first: StepFeedback): void {
    this.meanings = meaningsOf(this.name, task, this.source);
    this.belief = new Belief();
    this.plans = new Map();
    this.retryAt = new Map();
    this.onReset();
    this.see(first);
  }

  observe(feedback: StepFeedback): void {
    if (feedback.lastSkill) {
      const done = skillKey(feedback.lastSkill);
      for (const [id, plan] of this.plans) {
        // A plan that began with the skill just taken goes on from its second skill; a failure voids every plan.
        if (feedback.success && plan.length > 0 && skillKey(plan[0]) === done) plan.shift();
        else if (!feedback.success) this.plans.delete(id);
      }
    }
    this.see(feedback);
  }

  act(): Skill {
    return this.decide() ?? idleSkill(this.feedback, this.skills);
  }

  /** The next skill, or undefined to idle. */
  protected abstract decide(): Skill | undefined;

  /** Clears a subclass's own state at the start of an episode. */
  protected onReset(): void {}

  private see(feedback: StepFeedback): void {
    this.feedback = feedback;
    this.belief.update(feedback.observation, feedback.t, feedback.adjacentRooms);
  }

  protected get t(): number {
    return this.feedback.t;
  }

  protected get room(): number {
    return this.feedback.observation.roomId;
  }

  /** Every instruction judged on the belief, in task order. */
  protected statuses(): InstructionStatus[] {
    const belief = this.belief;
    return this.meanings.map((meaning, index) => {
      const nodes = mentionedNodes(meaning.execution, belief);
      const unseenClass = quantifiersOf(meaning.execution).some((q) => quantifierDomain(q, belief).length === 0);
      const known = !unseenClass && nodes.every((id) => belief.knows(id) && belief.roomOf(id) !== undefined);
      // An instance of an unseen class is what is stalest, never checked: no known node stands for it.
      const { node: stalest, checked } = unseenClass
        ? { node: undefined, checked: -1 }
        : this.leastRecentlyChecked(nodes);
      return {
        meaning,
        index,
        nodes,
        unseenClass,
        known,
        done: known && holds(meaning.execution, belief),
        age: checked < 0 ? this.t + 1 : this.t - checked,
        stalest,
      };
    });
  }

  /** The node checked longest ago (the first among equals), and when it was checked (-1: never). */
  private leastRecentlyChecked(nodes: readonly number[]): { node: number | undefined; checked: number } {
    let node = nodes[0];
    let oldest = Number.POSITIVE_INFINITY;
    for (const id of nodes) {
      const checked = this.belief.checkedAt(id) ?? -1;
      if (checked < oldest) {
        oldest = checked;
        node = id;
      }
    }
    return { node, checked: oldest };
  }

  /**
   * A plan on the belief for the instruction's execution: the cached one while it still works on the belief, else a
   * new search (not more often than every RETRY_AFTER steps after a failed one). Undefined when there is none.
   */
  protected planFor(status: InstructionStatus): Skill[] | undefined {
    const id = status.meaning.id;
    const goal = status.meaning.execution;
    const character = this.feedback.observation.characterId;
    const cached = this.plans.get(id);
    if (cached && cached.length > 0) {
      if (planWorks(this.belief.graph, character, cached, goal, this.skills, this.feedback.adjacentRooms))
        return cached;
      this.plans.delete(id);
    }
    if (this.t < (this.retryAt.get(id) ?? 0)) return undefined;
    this.plansMade++;
    const plan = planSkills(this.belief.graph, goal, this.skills, {
      exclude: this.belief.lostNodes(),
      characterId: character,
    });
    if (!plan || plan.length === 0) {
      this.retryAt.set(id, this.t + RETRY_AFTER);
      return undefined;
    }
    this.plans.set(id, plan);
    return plan;
  }

  /** Rooms other than the current one, sorted by id. */
  protected otherRooms(): number[] {
    return this.belief.graph
      .rooms()
      .filter((room) => room !== this.room)
      .sort((a, b) => a - b);
  }

  /**
   * The walk towards the room with the highest score (ties: nearer, then lower id); undefined when there is no other
   * room. Scores see the room and the steps since it was last in view (t + 1 if never).
   */
  protected exploreBy(score: (room: number, unseenFor: number) => number): Skill | undefined {
    const distance = roomDistances(this.room, this.feedback.adjacentRooms);
    let best: { room: number; score: number; distance: number } | undefined;
    for (const room of this.otherRooms()) {
      const seen = this.belief.roomSeen(room);
      const value = score(room, seen === undefined ? this.t + 1 : this.t - seen);
      const d = distance.get(room) ?? Number.POSITIVE_INFINITY;
      if (!best || value > best.score || (value === best.score && d < best.distance)) {
        best = { room, score: value, distance: d };
      }
    }
    return best ? this.walkTowards(best.room) : undefined;
  }

  /** The least recently seen room (a patrol). */
  protected patrol(): Skill | undefined {
    return this.exploreBy((_, unseenFor) => unseenFor);
  }

  protected walkTowards(room: number): Skill | undefined {
    return stepTowards(this.room, room, this.feedback.adjacentRooms, this.skills);
  }
}
