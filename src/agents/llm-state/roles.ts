/**
 * LLM-State's three roles (paper 002, section IV-C, Algorithm 1), one interface each, named after the paper's symbols:
 *
 * - E, LLM as Attention:       ŝ_t ← E(O_t, I) + ŝ_{t-1}    names of key objects added to a list that only grows;
 * - C, LLM as State Estimator: s_t ← C(ŝ_t, A_h, O_t)       an object-centric state (`object: attr | attr`) and a
 *                                                           retrospective summary, recomputed from step 0 each time;
 * - G, LLM as Policy:          a_{t:t+n} ← G(s_t, O_t, I)   a plan of at most 20 primitive actions.
 *
 * Each has an offline implementation (`attention.ts`, `estimator.ts`, `policy.ts`: named as such in reports) and the
 * paper's LLM one (`llm/`). Every answer carries a record of how it was made, for the episode's trace.
 */
import type { LocationHint } from '../../language/dialogue.js';
import type { TaskReading } from '../../language/tasks.js';
import type { Command, RejectedLine } from '../primitives/commands.js';
import type { ObjectListing } from '../primitives/listing.js';
import type { PaperNames } from '../primitives/names.js';
import type { HistoryItem } from '../primitives/runner.js';

/** O_t and what the roles need to read it: the cumulative listing and the names it is rendered with. */
export interface RoleObservation {
  readonly listing: ObjectListing;
  readonly names: PaperNames;
  /** The step about to be decided. */
  readonly t: number;
}

/** The instruction I, with the offline reader's reading when it could read it (the offline roles need it). */
export interface RoleInstruction {
  readonly text: string;
  /** The goal the offline reader made of the text (`readGoal`). */
  readonly reading?: TaskReading;
  /** Where the text says things are ("the mug is in the sink"). */
  readonly hints?: readonly LocationHint[];
  /** Why the reader could not read it. */
  readonly unread?: string;
}

/**
 * s_t: attributes per key object (`closed`, `in_hand`, `cooked`, `cannot_grab`) and the retrospective summary. A
 * variant without object entries has no `objects`; one without the summary has no `summary`.
 */
export interface LlmState {
  /** Object name -> attributes, in the key-object order. */
  readonly objects?: ReadonlyMap<string, readonly string[]>;
  readonly summary?: StateSummary;
}

/** The summary as text, and (offline) the attributes its sentences state, so that an offline policy can read them. */
export interface StateSummary {
  readonly text: string;
  readonly notes?: readonly { readonly object: string; readonly attribute: string }[];
}

/** How a role's answer was made, for traces and counts. */
export interface RoleRecord {
  readonly role: 'attention' | 'estimator' | 'policy';
  /** `offline` or `llm`. */
  readonly implementation: string;
  /** The model's raw output (LLM roles). */
  readonly output?: string;
  /** Lines of the output the grammar rejected. */
  readonly rejected?: readonly RejectedLine[];
  /** The answer was unusable (garbage, or a prompt that could not fit): what happened. */
  readonly invalid?: string;
  /** Extra facts (the offline estimator's diagnoses, the policy's planner figures). */
  readonly notes?: Readonly<Record<string, unknown>>;
}

export interface RoleAnswer<T> {
  readonly value: T;
  readonly record: RoleRecord;
}

export interface AttentionInput {
  readonly observation: RoleObservation;
  readonly instruction: RoleInstruction;
  /** ŝ_{t-1}: the key objects so far (names). */
  readonly keys: readonly string[];
}

/** E(O_t, I): the names to add (names already in the list or not in the observation are dropped by the agent). */
export interface Attention {
  readonly implementation: string;
  select(input: AttentionInput): Promise<RoleAnswer<string[]>>;
}

/** What the estimator is asked for: the paper's full state, or one half of it (the ablations). */
export interface EstimateParts {
  readonly objects: boolean;
  readonly summary: boolean;
}

export interface EstimatorInput {
  /** ŝ_t. */
  readonly keys: readonly string[];
  /** A_h, from step 0. */
  readonly history: readonly HistoryItem[];
  readonly observation: RoleObservation;
  readonly parts: EstimateParts;
}

/** C(ŝ_t, A_h, O_t). */
export interface StateEstimator {
  readonly implementation: string;
  estimate(input: EstimatorInput): Promise<RoleAnswer<LlmState>>;
}

export interface PolicyInput {
  /** s_t; absent for the "w/o States" variant, whose policy sees the observation and the history only. */
  readonly state?: LlmState;
  readonly observation: RoleObservation;
  readonly instruction: RoleInstruction;
  readonly history: readonly HistoryItem[];
  /** ŝ_t, for policies that plan over the key objects. */
  readonly keys: readonly string[];
}

/** G(s_t, O_t, I): up to `MAX_PLAN_COMMANDS` commands. An empty plan means the policy thinks the task is done. */
export interface Policy {
  readonly implementation: string;
  plan(input: PolicyInput): Promise<RoleAnswer<Command[]>>;
}

/** The paper's plan limit ("Make the plan concise and short, less than 20 steps"). */
export const MAX_PLAN_COMMANDS = 20;
