/**
 * The ExRAP agent: Algorithm 1 of paper 000 over swappable roles (roles.ts).
 *
 * - reset: the interpreter turns the instruction texts into queries, executions and C (eq. 4, line 7);
 * - every step t, on the feedback of the last skill: the evaluator refines the priors R(q | G_{t-1}) on the memory
 *   before it absorbs the new observation (eq. 6-7, lines 9-18), the memory absorbs it (eq. 3, line 24), and the
 *   evaluator answers P(q | G_t) (eq. 5, line 19);
 * - act: the executions whose query has P > theta are pending (eq. 8); the exploitation planner values each allowed
 *   skill for them (eq. 9), the exploration planner for what it would tell about the queries (eq. 10-11), and the
 *   skill with the highest w_R * v_R + w_T * v_T is taken (eq. 12, line 22). With every value zero (nothing
 *   pending, nothing uncertain) the agent idles.
 *
 * The ablations are configurations (`EXRAP_CONFIGS`): ExRAP-TC evaluates without the temporal-consistency
 * refinement; ExRAP-EXP has no exploration planner and gives the exploitation planner "Find {query}" commands.
 */
import { entityId } from '../../memory/quadruple.js';
import type { Skill } from '../../sim/skill.js';
import { isMove, type SkillSet } from '../../sim/skill-sets.js';
import { recordDecision } from '../../util/decisions.js';
import { Rng } from '../../util/rng.js';
import type { Agent, StepFeedback, TaskBrief } from '../agent.js';
import type { AgentContext } from '../context.js';
import { idleSkill } from '../heuristics/common.js';
import { type ExrapDecision, exrapDecisionRecord } from './decision-record.js';
import { EXECUTION_THRESHOLD } from './exploitation.js';
import { type IntegrationWeights, integrate, PAPER_WEIGHTS } from './integration.js';
import { ExrapMemory, type ExrapMemoryOptions } from './memory.js';
import './offline-roles.js';
import { executionShape, goalFacts } from './grounding.js';
import { conditionClasses, type Interpretation, narrowExecution } from './query.js';
import {
  createExrapRole,
  type ExploitationPlanner,
  type ExplorationPlanner,
  type ExrapRoleOptions,
  type ExrapStep,
  type InstructionInterpreter,
  type QueryEvaluation,
  type QueryEvaluator,
} from './roles.js';

/** How much better than idling a skill must score to be worth a step. */
const IDLE_MARGIN = 1e-9;

/** A role by its registered name, with its options. */
export interface ExrapRoleChoice {
  readonly name: string;
  readonly options?: ExrapRoleOptions;
}

export interface ExrapConfig {
  readonly roles: {
    readonly interpreter: ExrapRoleChoice;
    readonly evaluator: ExrapRoleChoice;
    readonly exploitation: ExrapRoleChoice;
    /** Absent: no exploration planner (ExRAP-EXP), eq. 12 reduces to the exploitation value. */
    readonly exploration?: ExrapRoleChoice;
  };
  /** theta of eq. 8 (Table A.4: 0.5). */
  readonly threshold?: number;
  /** w_R, w_T of eq. 12 (Table A.4: 0.01, 1.0). */
  readonly weights?: IntegrationWeights;
  readonly memory?: ExrapMemoryOptions;
}

const OFFLINE_ROLES = {
  interpreter: { name: 'grammar' },
  evaluator: { name: 'bayesian' },
  exploitation: { name: 'plan' },
  exploration: { name: 'information' },
} as const;

/** The configurations of the agent ids `exrap`, `exrap-tc` and `exrap-exp` (issue 5, paper Tables 4 and 5). */
export const EXRAP_CONFIGS: Readonly<Record<'exrap' | 'exrap-tc' | 'exrap-exp', ExrapConfig>> = {
  exrap: { roles: OFFLINE_ROLES },
  'exrap-tc': {
    roles: { ...OFFLINE_ROLES, evaluator: { name: 'bayesian', options: { temporalConsistency: false } } },
  },
  'exrap-exp': {
    roles: {
      interpreter: OFFLINE_ROLES.interpreter,
      evaluator: OFFLINE_ROLES.evaluator,
      exploitation: { name: 'plan', options: { findQueries: true } },
    },
  },
};

export class ExrapAgent implements Agent {
  readonly name: string;
  readonly interpreter: InstructionInterpreter;
  readonly evaluator: QueryEvaluator;
  readonly exploitation: ExploitationPlanner;
  readonly exploration: ExplorationPlanner | undefined;
  readonly threshold: number;
  readonly weights: IntegrationWeights;
  private readonly skills: SkillSet;
  private readonly seed: number;
  private readonly memoryOptions: ExrapMemoryOptions | undefined;
  private memory = new ExrapMemory();
  private rng: Rng;
  private interpretation: Interpretation = { queries: [], executions: [], conditionMap: new Map() };
  private feedback: StepFeedback | undefined;
  private evaluations: readonly QueryEvaluation[] = [];
  /** The latest decision. */
  lastDecision: ExrapDecision | undefined;

  constructor(context: AgentContext, config: ExrapConfig, name = 'exrap') {
    this.name = name;
    this.skills = context.skills;
    this.seed = context.seed;
    this.rng = new Rng(context.seed).fork(`agent:${name}`);
    this.interpreter = createExrapRole('interpreter', config.roles.interpreter.name, config.roles.interpreter.options);
    this.evaluator = createExrapRole('evaluator', config.roles.evaluator.name, config.roles.evaluator.options);
    this.exploitation = createExrapRole(
      'exploitation',
      config.roles.exploitation.name,
      config.roles.exploitation.options,
    );
    this.exploration = config.roles.exploration
      ? createExrapRole('exploration', config.roles.exploration.name, config.roles.exploration.options)
      : undefined;
    this.threshold = config.threshold ?? EXECUTION_THRESHOLD;
    this.weights = config.weights ?? PAPER_WEIGHTS;
    this.memoryOptions = config.memory;
  }

  /** The agent's memory (for inspection). */
  get state(): { readonly memory: ExrapMemory; readonly interpretation: Interpretation } {
    return { memory: this.memory, interpretation: this.interpretation };
  }

  async reset(task: TaskBrief, first: StepFeedback): Promise<void> {
    this.memory = new ExrapMemory(this.memoryOptions);
    this.rng = new Rng(this.seed).fork(`agent:${this.name}`);
    this.feedback = undefined;
    this.lastDecision = undefined;
    this.interpretation = await this.interpreter.interpret(task.instructions);
    // The hazard rates of the instructed classes are pooled among themselves, not with the furniture, and learnt
    // from the facts the instructions want (docs/exrap.md, "Hazard rate").
    this.memory.hazard.poolOver(this.interpretation.queries.flatMap((q) => conditionClasses(q.condition).classes));
    this.learnFromGoals();
    this.evaluator.reset(this.interpretation);
    this.exploitation.reset?.(this.interpretation);
    await this.perceive(first);
  }

  async observe(feedback: StepFeedback): Promise<void> {
    await this.perceive(feedback);
  }

  /** Lines 9-19 and 24 of Algorithm 1: refine on G_{t-1}, absorb o_t, evaluate on G_t. */
  private async perceive(feedback: StepFeedback): Promise<void> {
    const step = this.step(feedback);
    await this.evaluator.refine(step);
    const acted = feedback.lastSkill && feedback.success ? feedback.lastSkill.objects : [];
    this.memory.absorb(feedback, acted);
    this.feedback = feedback;
    this.learnReferents();
    this.evaluations = await this.evaluator.evaluate(this.step(feedback));
  }

  /**
   * Which of several things a singular placement means ("the book" in a home with four books). It is read as every
   * book until one is seen taken off the host it should be on by someone else: the home undoes the instruction's
   * goal by moving the thing the instruction is about (the resident of the protocol does exactly that), so that one
   * is the book meant, and from then on the execution and its query are about it alone (docs/exrap.md, "Which
   * thing").
   */
  private learnReferents(): void {
    const memory = this.memory;
    for (const execution of this.interpretation.executions) {
      if (!execution.singular) continue;
      const shape = executionShape(execution.goal);
      if (shape?.kind !== 'placement' || shape.only !== undefined) continue;
      const wanted = goalFacts([execution], (entity) => memory.roomClassOf(entity));
      const moved = memory.changedByOthers.find(wanted);
      const node = moved === undefined ? undefined : entityId(moved.source);
      if (node === undefined) continue;
      this.interpretation = narrowExecution(this.interpretation, execution.id, node);
      this.learnFromGoals();
    }
  }

  /** The hazard model learns from the facts the executions want, as the interpretation now reads them. */
  private learnFromGoals(): void {
    const memory = this.memory;
    memory.hazard.learnOnly(goalFacts(this.interpretation.executions, (entity) => memory.roomClassOf(entity)));
  }

  private step(feedback: StepFeedback): ExrapStep {
    return {
      t: feedback.t,
      memory: this.memory,
      feedback,
      interpretation: this.interpretation,
      rng: this.rng,
      skills: this.skills,
    };
  }

  private orIdle(
    candidates: readonly Skill[],
    choice: { index: number; scores: Float64Array },
    exploitation: Float64Array,
    feedback: StepFeedback,
  ): Skill {
    const idle = idleSkill(feedback, this.skills);
    const moves = (skill: Skill) => isMove(this.skills, skill);
    return idleUnlessUseful(candidates, choice.index, choice.scores, exploitation, moves, idle);
  }

  async act(): Promise<Skill> {
    const feedback = this.feedback;
    if (!feedback) throw new Error('ExRAP agent: act() before reset()');
    const candidates = feedback.candidates;
    if (candidates.length === 0) return idleSkill(feedback, this.skills);
    const step = this.step(feedback);
    const evaluations = this.evaluations;
    const pending = evaluations.filter((e) => e.p > this.threshold);
    const exploitation = await this.exploitation.values(step, evaluations, pending, candidates);
    const exploration = this.exploration ? await this.exploration.values(step, evaluations, candidates) : undefined;
    const choice = integrate(exploitation, exploration, this.weights);
    const skill = this.orIdle(candidates, choice, exploitation, feedback);
    this.lastDecision = {
      t: feedback.t,
      evaluations,
      pending: pending.map((e) => e.query.id),
      exploitation,
      exploration,
      scores: choice.scores,
      skill,
    };
    const decision = this.lastDecision;
    recordDecision('exrap', () => exrapDecisionRecord(decision, candidates, feedback.observation));
    return skill;
  }
}

/**
 * The skill to take: the chosen one, unless it has no exploitation value and does not move the agent (its
 * exploration value is then that of staying put: it is worth no more than idling, and a grab or switch that serves
 * nothing may even fail or undo an execution), or nothing is worth anything. Then the agent idles.
 */
function idleUnlessUseful(
  candidates: readonly Skill[],
  index: number,
  scores: Float64Array,
  exploitation: Float64Array,
  moves: (skill: Skill) => boolean,
  idle: Skill,
): Skill {
  if (!(scores[index] > IDLE_MARGIN)) return idle;
  if (exploitation[index] > 0 || moves(candidates[index])) return candidates[index];
  return idle;
}

/** The agent of an ExRAP configuration id. */
export function createExrapAgent(context: AgentContext, id: keyof typeof EXRAP_CONFIGS): ExrapAgent {
  return new ExrapAgent(context, EXRAP_CONFIGS[id], id);
}
