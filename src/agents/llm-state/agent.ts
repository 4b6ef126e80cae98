/**
 * LLM-State (paper 002), Algorithm 1, as an agent of the episodic protocol:
 *
 *   A_h ← [], ŝ ← []
 *   while not done:
 *     ŝ_t ← E(O_t, I) + ŝ_{t-1}          key objects (names the observation shows; the list only grows)
 *     s_t ← C(ŝ_t, A_h, O_t)              the state, recomputed from step 0 (skipped by the "w/o States" variant)
 *     a_{t:t+n} ← G(s_t, O_t, I)          a plan of at most 20 primitive actions
 *     for a in the plan: execute a; A_h += (a, r); if a failed: break
 *
 * The robot's observation is the paper's (`primitives/listing.ts`: names with IN/ON relations, no states) and its
 * feedback is the binary outcome of each command, never the simulator's error text. A command runs as one or more
 * skills (`primitives/executor.ts`: `move` walks room by room), one per step; the history records it once. The roles
 * are given: offline (`attention.ts`, `estimator.ts`, `policy.ts`) or the paper's LLM roles (`llm/`). hearth has no
 * stop action, so when the policy's plan is empty (it thinks the task done; the offline policy on a text the offline
 * reader cannot read, reported as not read by `reading`) or needs no step, the robot waits; when
 * the policy's answer was unusable, the step goes to a refused action (an invalid step, recorded with its text).
 */

import { type GoalReading, readGoal } from '../../language/index.js';
import type { Skill } from '../../sim/skill.js';
import type { SkillSet } from '../../sim/skill-sets.js';
import { recordDecision } from '../../util/decisions.js';
import {
  type Agent,
  INVALID_OUTPUT_SKILL,
  type StepFeedback,
  type TaskBrief,
  type TaskUnderstanding,
} from '../agent.js';
import { type Command, formatCommand } from '../primitives/commands.js';
import { ObjectListing } from '../primitives/listing.js';
import { PaperNames } from '../primitives/names.js';
import { CommandRunner } from '../primitives/runner.js';
import { taskText, understandingOf } from '../task-reading.js';
import type {
  Attention,
  EstimateParts,
  LlmState,
  Policy,
  RoleInstruction,
  RoleObservation,
  RoleRecord,
  StateEstimator,
} from './roles.js';

/** The roles an LLM-State agent runs with. */
export interface LlmStateRoles {
  readonly attention: Attention;
  readonly estimator: StateEstimator;
  readonly policy: Policy;
  /**
   * The reader whose reading of the text the roles act on (the offline roles: `OFFLINE_READER`); absent when the
   * roles read the text themselves (the LLM roles: the instruction is in each prompt), so the agent reports none.
   */
  readonly reader?: string;
}

/** What the state holds: both parts (the paper), one of them (ablations), or no state at all ("w/o States"). */
export interface LlmStateConfig {
  readonly state: EstimateParts | undefined;
}

/** One pass of the loop, for the trace. */
export interface CycleRecord {
  readonly t: number;
  /** What started it: the episode's start, a failed command, or the plan running out. */
  readonly trigger: 'start' | 'failure' | 'plan-done';
  readonly keysAdded: readonly string[];
  readonly plan: readonly string[];
  /** After a failure: the failed command, and what the state says of its objects now (the explanation). */
  readonly failure?: {
    readonly command: string;
    readonly attributes: Readonly<Record<string, readonly string[]>>;
    readonly summary?: string;
  };
  readonly records: readonly RoleRecord[];
}

export interface LlmStateCounts {
  cycles: number;
  commands: number;
  failedCommands: number;
  /** Role answers that were unusable (garbage, or a prompt that could not fit). */
  invalidOutputs: number;
  /** Lines of model output the grammars rejected. */
  rejectedLines: number;
  waits: number;
}

/** Cycle records kept in an episode's stats (the latest ones; counts cover all). */
const KEPT_CYCLES = 60;

export class LlmStateAgent implements Agent {
  private names = new PaperNames();
  private listing = new ObjectListing();
  private runner!: CommandRunner;
  private instruction: RoleInstruction = { text: '' };
  private goalReading: GoalReading | undefined;
  private keys: string[] = [];
  private feedback!: StepFeedback;
  private trigger: CycleRecord['trigger'] = 'start';
  private cycleRecords: CycleRecord[] = [];
  private lastState: LlmState | undefined;
  /** The last policy answer was unusable: the step goes to a refused action. */
  private policyInvalid = false;
  readonly counts: LlmStateCounts = {
    cycles: 0,
    commands: 0,
    failedCommands: 0,
    invalidOutputs: 0,
    rejectedLines: 0,
    waits: 0,
  };

  constructor(
    readonly name: string,
    private readonly skills: SkillSet,
    private readonly roles: LlmStateRoles,
    private readonly config: LlmStateConfig,
  ) {}

  /** How the offline reader read the text, when the roles act on its reading (the offline roles). */
  reading(): TaskUnderstanding | undefined {
    return this.roles.reader && this.goalReading ? understandingOf(this.goalReading, this.roles.reader) : undefined;
  }

  reset(task: TaskBrief, first: StepFeedback): void {
    // A command, a request of several sentences, or a dialogue: one text, read whole (location hints kept).
    const text = taskText(task);
    const read = readGoal(text);
    this.goalReading = read;
    this.instruction = read.ok ? { text, reading: read.goal, hints: read.hints } : { text, unread: read.reason };
    this.names = new PaperNames();
    this.listing = new ObjectListing();
    this.runner = new CommandRunner(this.names, this.listing, this.skills);
    this.keys = [];
    this.trigger = 'start';
    this.cycleRecords = [];
    this.lastState = undefined;
    for (const key of Object.keys(this.counts) as (keyof LlmStateCounts)[]) this.counts[key] = 0;
    this.see(first);
  }

  observe(feedback: StepFeedback): void {
    this.see(feedback);
    const outcome = this.runner.outcome(feedback.success !== false);
    if (outcome === 'failed') this.trigger = 'failure';
  }

  async act(): Promise<Skill> {
    const next = this.runner.next(this.feedback);
    if (next) return next;
    await this.cycle();
    const planned = this.runner.next(this.feedback);
    if (planned) return planned;
    if (this.policyInvalid) return INVALID_OUTPUT_SKILL;
    // The plan needs no step (empty: the policy thinks the task is done; or moves to where the robot is): wait.
    this.counts.waits++;
    this.runner.setPlan([{ verb: 'wait', args: [] }]);
    return this.runner.next(this.feedback)!;
  }

  /** Algorithm 1's loop body: attention, estimation, policy; the plan replaces what was left. */
  private async cycle(): Promise<void> {
    this.counts.cycles++;
    const observation: RoleObservation = { listing: this.listing, names: this.names, t: this.feedback.t };
    const records: RoleRecord[] = [];
    const attention = await this.roles.attention.select({
      observation,
      instruction: this.instruction,
      keys: this.keys,
    });
    records.push(attention.record);
    const keysAdded = attention.value.filter((name) => this.isNewKey(name));
    this.keys.push(...keysAdded);
    let state: LlmState | undefined;
    if (this.config.state) {
      const estimate = await this.roles.estimator.estimate({
        keys: this.keys,
        history: this.runner.history,
        observation,
        parts: this.config.state,
      });
      records.push(estimate.record);
      state = estimate.value;
    }
    this.lastState = state;
    const plan = await this.roles.policy.plan({
      ...(state && { state }),
      observation,
      instruction: this.instruction,
      history: this.runner.history,
      keys: this.keys,
    });
    records.push(plan.record);
    this.policyInvalid = plan.record.invalid !== undefined && plan.value.length === 0;
    for (const record of records) {
      if (record.invalid) this.counts.invalidOutputs++;
      this.counts.rejectedLines += record.rejected?.length ?? 0;
    }
    this.runner.setPlan(plan.value);
    this.record({
      t: this.feedback.t,
      trigger: this.trigger,
      keysAdded,
      plan: plan.value.map(formatCommand),
      ...(this.trigger === 'failure' && { failure: this.failureNote(state) }),
      records,
    });
    this.trigger = 'plan-done';
  }

  /** A name the observation shows and the key list lacks (attention may only add what is seen, once). */
  private isNewKey(name: string): boolean {
    const match = this.names.resolve(name);
    return match?.by === 'name' && !this.keys.includes(this.names.name(match.id));
  }

  /** The failed command and what the new state says about its objects. */
  private failureNote(state: LlmState | undefined): NonNullable<CycleRecord['failure']> {
    const failed = [...this.runner.history].reverse().find((h) => !h.success);
    const command = failed ? formatCommand(failed.command) : '(none)';
    const attributes: Record<string, readonly string[]> = {};
    for (const id of failed?.ids ?? []) {
      const name = this.names.name(id);
      const entry = state?.objects?.get(name);
      if (entry) attributes[name] = entry;
    }
    const sentences = state?.summary?.text.split(/(?<=\.)\s+/) ?? [];
    const summary = sentences.filter((s) => s.includes('tried to')).at(-1);
    return { command, attributes, ...(summary !== undefined && { summary }) };
  }

  private record(cycle: CycleRecord): void {
    recordDecision('llm-state', () => ({ ...cycle }));
    this.cycleRecords.push(cycle);
    if (this.cycleRecords.length > KEPT_CYCLES) this.cycleRecords.shift();
  }

  private see(feedback: StepFeedback): void {
    this.feedback = feedback;
    this.names.observe(feedback.observation, feedback.t);
    this.listing.observe(feedback.observation, feedback.t, feedback.adjacentRooms);
  }

  /** The command history, the latest cycles and the counts (deterministic), for the episode record. */
  stats(): Record<string, unknown> {
    const history = this.runner.history;
    this.counts.commands = history.length;
    this.counts.failedCommands = history.filter((h) => !h.success).length;
    return {
      ...this.counts,
      roles: {
        attention: this.roles.attention.implementation,
        estimator: this.config.state ? this.roles.estimator.implementation : 'none (w/o States)',
        policy: this.roles.policy.implementation,
      },
      state: this.config.state ?? 'none',
      instruction: this.instruction.reading ? 'read' : `not read: ${this.instruction.unread}`,
      keys: [...this.keys],
      history: history.map((h) => ({ t: h.t, command: formatCommand(h.command), success: h.success, steps: h.steps })),
      cycles: this.cycleRecords,
      ...(this.lastState?.summary && { lastSummary: this.lastState.summary.text }),
    };
  }

  /** The commands still planned (for tests). */
  get pendingCommands(): readonly Command[] {
    return this.runner.pending;
  }
}
