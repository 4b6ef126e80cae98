/**
 * Runs a plan of primitive actions one skill per step (LLM-State's inner loop, Algorithm 1 lines 7-13, which Inner
 * Monologue shares with a plan of one command): each command is expanded into skills when it starts
 * (`expandCommand`), its skills are taken in order, and the history A_h gets the command once, with its binary
 * outcome, when it ends. A failed skill fails its command and drops the rest of the plan.
 */
import type { Skill } from '../../sim/skill.js';
import type { SkillSet } from '../../sim/skill-sets.js';
import type { StepFeedback } from '../agent.js';
import type { Command } from './commands.js';
import { type Expansion, expandCommand, UNKNOWN_OBJECT } from './executor.js';
import type { ObjectListing } from './listing.js';
import type { PaperNames } from './names.js';

/** One entry of the action history A_h: a command, its outcome, and how it ran. */
export interface HistoryItem {
  readonly command: Command;
  readonly success: boolean;
  /** Step the command started at. */
  readonly t: number;
  /** Skills it took (0: nothing to do). */
  readonly steps: number;
  /** The node ids its arguments were read as (`UNKNOWN_OBJECT` for a name of nothing seen). */
  readonly ids: readonly number[];
}

export type CommandOutcome = 'running' | 'succeeded' | 'failed';

export class CommandRunner {
  readonly history: HistoryItem[] = [];
  private queue: Command[] = [];
  private current: { expansion: Expansion; taken: number; t: number } | undefined;
  private lastMove: number | undefined;

  constructor(
    private readonly names: PaperNames,
    private readonly listing: ObjectListing,
    private readonly skills: SkillSet,
  ) {}

  /** Replaces what is left of the plan. */
  setPlan(commands: readonly Command[]): void {
    this.queue = [...commands];
    this.current = undefined;
  }

  /** Commands not started yet. */
  get pending(): readonly Command[] {
    return this.queue;
  }

  /** The next skill to take, starting the next commands as needed; undefined when the plan is done. */
  next(feedback: StepFeedback): Skill | undefined {
    for (;;) {
      if (this.current && this.current.taken < this.current.expansion.skills.length) {
        return this.current.expansion.skills[this.current.taken++];
      }
      if (this.current) this.finish(true); // a command with nothing to do (already in that room)
      const command = this.queue.shift();
      if (!command) return undefined;
      const expansion = expandCommand(command, {
        names: this.names,
        listing: this.listing,
        feedback,
        skills: this.skills,
        ...(this.lastMove !== undefined && { lastMoveTarget: this.lastMove }),
      });
      this.current = { expansion, taken: 0, t: feedback.t };
    }
  }

  /** The outcome of the last skill `next` gave: the command goes on, succeeded, or failed (the plan is dropped). */
  outcome(success: boolean): CommandOutcome {
    const current = this.current;
    if (!current) return 'running';
    if (!success) {
      this.finish(false);
      this.queue = [];
      return 'failed';
    }
    if (current.taken < current.expansion.skills.length) return 'running';
    this.finish(true);
    return 'succeeded';
  }

  private finish(success: boolean): void {
    const { expansion, taken, t } = this.current!;
    const ids = expansion.args.map((a) => a.id);
    this.history.push({ command: expansion.command, success, t, steps: taken, ids });
    if (success && expansion.command.verb === 'move' && ids[0] !== UNKNOWN_OBJECT) this.lastMove = ids[0];
    this.current = undefined;
  }
}
