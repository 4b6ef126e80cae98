/**
 * Inner Monologue (Huang et al. 2022) as LLM-State's baseline (paper 002, Table I): a closed loop with one role, the
 * planner, which reads the task and a transcript of what happened (the scenes seen, each action and whether it
 * worked) and writes the next action. No state is kept beyond the transcript; `inner-monologue-w` keeps only its
 * last W turns, as the paper's Inner Monologue-W does because the whole transcript outgrows the model's context.
 */

import type { RoleRecord } from '../llm-state/roles.js';
import type { Command } from '../primitives/commands.js';

/** One turn of the transcript: the scene when it changed, the action written, and its outcome. */
export interface Turn {
  /** What the robot sees, when it differs from the scene of the turn before. */
  readonly scene?: string;
  /** The action as the model wrote it (or `(unreadable)`). */
  readonly action: string;
  readonly success: boolean;
}

export interface NextCommandInput {
  readonly task: string;
  /** The scene at the start of the episode. */
  readonly start: string;
  readonly turns: readonly Turn[];
  /** What the robot sees now. */
  readonly current: string;
  readonly t: number;
}

/** The planner of Inner Monologue: the next command, or none when the answer was unusable. */
export interface NextCommand {
  readonly implementation: string;
  next(input: NextCommandInput): Promise<{ readonly command?: Command; readonly record: RoleRecord }>;
}

/** How many turns `inner-monologue-w` keeps (the paper gives no number; see docs/llm-state.md). */
export const INNER_MONOLOGUE_WINDOW = 10;
