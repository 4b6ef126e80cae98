/**
 * Inner Monologue's closed loop as an agent of the episodic protocol: at each decision the planner writes one
 * primitive action from the task and the transcript; the action runs as LLM-State's commands do
 * (`primitives/executor.ts`: `move` walks room by room, one skill per step); its outcome (success or failure, never
 * why) and the scene whenever it changes (the names of the things in view) join the transcript. An unusable answer
 * spends the step on a refused action and is recorded with its text.
 */
import type { Skill } from '../../sim/skill.js';
import type { SkillSet } from '../../sim/skill-sets.js';
import { type Agent, INVALID_OUTPUT_SKILL, type StepFeedback, type TaskBrief } from '../agent.js';
import type { RoleRecord } from '../llm-state/roles.js';
import { formatCommand } from '../primitives/commands.js';
import { ObjectListing } from '../primitives/listing.js';
import { PaperNames } from '../primitives/names.js';
import { CommandRunner } from '../primitives/runner.js';
import { visibleThings } from '../prompting/situation.js';
import type { NextCommand, Turn } from './roles.js';

/** Role records kept in an episode's stats (the latest ones). */
const KEPT_RECORDS = 40;

export class InnerMonologueAgent implements Agent {
  private names = new PaperNames();
  private listing = new ObjectListing();
  private runner!: CommandRunner;
  private task = '';
  private start = '';
  private turns: Turn[] = [];
  private lastScene = '';
  private feedback!: StepFeedback;
  private records: RoleRecord[] = [];
  readonly counts = { decisions: 0, invalidOutputs: 0, commands: 0, failedCommands: 0 };

  constructor(
    readonly name: string,
    private readonly skills: SkillSet,
    private readonly planner: NextCommand,
  ) {}

  reset(task: TaskBrief, first: StepFeedback): void {
    this.task = task.instructions.map((i) => i.text).join(' ');
    this.names = new PaperNames();
    this.listing = new ObjectListing();
    this.runner = new CommandRunner(this.names, this.listing, this.skills);
    this.turns = [];
    this.records = [];
    for (const key of Object.keys(this.counts) as (keyof typeof this.counts)[]) this.counts[key] = 0;
    this.see(first);
    this.start = this.scene();
    this.lastScene = this.start;
  }

  observe(feedback: StepFeedback): void {
    this.see(feedback);
    const outcome = this.runner.outcome(feedback.success !== false);
    const turn = this.turns.at(-1);
    if (turn && outcome !== 'running' && this.runner.history.length > 0) {
      this.turns[this.turns.length - 1] = { ...turn, success: outcome === 'succeeded' };
    }
  }

  async act(): Promise<Skill> {
    const next = this.runner.next(this.feedback);
    if (next) return next;
    this.counts.decisions++;
    const current = this.scene();
    const answer = await this.planner.next({
      task: this.task,
      start: this.start,
      turns: this.turns,
      current,
      t: this.feedback.t,
    });
    this.records.push(answer.record);
    if (this.records.length > KEPT_RECORDS) this.records.shift();
    const scene = current !== this.lastScene ? current : undefined;
    this.lastScene = current;
    if (!answer.command) {
      this.counts.invalidOutputs++;
      this.turns.push({ ...(scene !== undefined && { scene }), action: '(unreadable)', success: false });
      return INVALID_OUTPUT_SKILL;
    }
    this.turns.push({ ...(scene !== undefined && { scene }), action: formatCommand(answer.command), success: true });
    this.runner.setPlan([answer.command]);
    const skill = this.runner.next(this.feedback);
    if (skill) return skill;
    // The action needs no step (a move to the room the robot is in): it worked; wait this step.
    this.runner.setPlan([{ verb: 'wait', args: [] }]);
    return this.runner.next(this.feedback)!;
  }

  /** The things in view, by name. */
  private scene(): string {
    const things = visibleThings(this.feedback.observation).map((id) => this.names.name(id));
    return things.length > 0 ? things.join(', ') : 'nothing';
  }

  private see(feedback: StepFeedback): void {
    this.feedback = feedback;
    this.names.observe(feedback.observation, feedback.t);
    this.listing.observe(feedback.observation, feedback.t, feedback.adjacentRooms);
  }

  stats(): Record<string, unknown> {
    const history = this.runner.history;
    this.counts.commands = history.length;
    this.counts.failedCommands = history.filter((h) => !h.success).length;
    return {
      ...this.counts,
      planner: this.planner.implementation,
      history: history.map((h) => ({ t: h.t, command: formatCommand(h.command), success: h.success, steps: h.steps })),
      records: this.records,
    };
  }
}
