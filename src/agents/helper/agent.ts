/**
 * HELPER (paper 001) as an agent of the episodic protocol:
 *
 * 1. Plan: the dialogue I (a one-text task is a one-turn dialogue) is the query; the k = 3 nearest (dialogue,
 *    program) pairs of the memory (a routine the dialogue names first; the fixed prompt's, without memory
 *    augmentation) and I go to the Planner, which answers with a program (`program.ts`).
 *    A program that does not parse is an invalid step (its text recorded), never run. The offline planner writes no
 *    program for a dialogue the offline reader cannot read (`reading.ts`; reported by `reading`): the robot asks
 *    the user at once, as in 3.
 * 2. Execute: the Executor carries out the program one skill per step, with its pre-condition checks, the Locator's
 *    search and failure correction (`executor.ts`).
 * 3. Feedback: when the program is done the robot asks "Is the task completed to your satisfaction? Did I miss
 *    anything?" (privilege `user-feedback`); the answer and the completed program go back to the Planner, up to
 *    `FEEDBACK_ROUNDS` times. Without feedback, or once the user says it is done, the robot waits (hearth has no stop
 *    action; a wait is a walk to an object of its room).
 * 4. Learn: when the user confirms the task was done and the run learns (`--helper-memory`), the dialogue and the
 *    programs carried out are stored in the memory, to be retrieved in later passes (memory expansion).
 */

import { readGoal } from '../../language/index.js';
import type { Skill } from '../../sim/skill.js';
import type { SkillSet } from '../../sim/skill-sets.js';
import { recordDecision } from '../../util/decisions.js';
import { Rng } from '../../util/rng.js';
import {
  type Agent,
  INVALID_OUTPUT_SKILL,
  type StepFeedback,
  type TaskBrief,
  type TaskUnderstanding,
  type UserChannel,
} from '../agent.js';
import { idleSkill } from '../heuristics/common.js';
import { taskText } from '../task-reading.js';
import { FEEDBACK_ROUNDS, type HelperConfig } from './config.js';
import { Executor } from './executor.js';
import { type HelperMemory, namesRoutine } from './memory.js';
import { formatProgram, mergePrograms, type Program, parseProgram } from './program.js';
import { helperUnderstanding, requestReading } from './reading.js';
import type { HelperRoles, RoleRecord } from './roles.js';
import { HelperView } from './view.js';

/** The question the robot asks when its program is done (the paper's words). */
export const FEEDBACK_QUESTION = 'Is the task completed to your satisfaction? Did I miss anything?';

/** Role records kept in an episode's stats (the latest; counts cover all). */
const KEPT_RECORDS = 40;

export interface HelperSetup {
  readonly name: string;
  readonly config: HelperConfig;
  readonly roles: HelperRoles;
  readonly skills: SkillSet;
  readonly seed: number;
  /** The memory, loaded for this episode (seeds, and what earlier passes learned). */
  readonly memory: HelperMemory;
  /** The episode's identity, for what it learns. */
  readonly episode?: string;
}

export class HelperAgent implements Agent {
  readonly name: string;
  private view = new HelperView();
  private executor!: Executor;
  private dialogue = '';
  /** The named routine the dialogue asks for, if any (looked up by name in the memory). */
  private routine: string | undefined;
  private user: UserChannel | undefined;
  private planned = false;
  private rounds = 0;
  private userDone = false;
  private invalidPending = false;
  /** The programs carried out, as written back from the parse, and as parsed (merged, what a confirmed episode stores). */
  private programs: string[] = [];
  private parsed: Program[] = [];
  private records: RoleRecord[] = [];
  private answers: string[] = [];
  private counts = { plans: 0, invalidPlans: 0, rejectedLines: 0, waits: 0, learned: 0 };
  private understanding: TaskUnderstanding | undefined;

  constructor(private readonly setup: HelperSetup) {
    this.name = setup.name;
  }

  /** How the offline planner read I (offline roles only: the LLM planner reads the dialogue in its prompt). */
  reading(): TaskUnderstanding | undefined {
    return this.understanding;
  }

  reset(task: TaskBrief, first: StepFeedback): void {
    // A one-text task is a one-turn dialogue: the same reader reads both.
    this.dialogue = taskText(task);
    this.user = this.setup.config.feedback ? task.user : undefined;
    this.view = new HelperView();
    this.view.update(first);
    const goalReading = readGoal(this.dialogue);
    const reading = requestReading(goalReading);
    this.routine = reading.routine?.name;
    const { memory, config, roles } = this.setup;
    const examples = config.memory ? memory.of('plan') : memory.fixed();
    this.understanding =
      roles.reader === undefined
        ? undefined
        : helperUnderstanding(goalReading, (name) => examples.some((e) => namesRoutine(e.key, name)), roles.reader);
    this.executor = new Executor(
      {
        precheck: this.setup.config.precheck,
        correction: this.setup.config.correction,
        locator: this.setup.config.locator,
      },
      { ...this.setup.roles, corrections: (key) => this.setup.memory.retrieve('correction', key) },
      { dialogue: this.dialogue, hints: reading.hints },
      this.view,
      this.setup.skills,
      new Rng(this.setup.seed).fork(`agent:${this.name}`),
    );
    this.planned = false;
    this.rounds = 0;
    this.userDone = false;
    this.invalidPending = false;
    this.programs = [];
    this.parsed = [];
    this.records = [];
    this.answers = [];
    for (const key of Object.keys(this.counts) as (keyof typeof this.counts)[]) this.counts[key] = 0;
  }

  observe(feedback: StepFeedback): void {
    this.view.update(feedback);
    this.executor.observe(feedback);
  }

  async act(): Promise<Skill> {
    if (!this.planned) {
      this.planned = true;
      await this.plan();
    }
    if (this.invalidPending) {
      this.invalidPending = false;
      return INVALID_OUTPUT_SKILL;
    }
    for (let round = 0; round <= FEEDBACK_ROUNDS; round++) {
      const skill = await this.executor.next();
      if (skill) return skill;
      if (!(await this.askUser())) break;
      if (this.invalidPending) {
        this.invalidPending = false;
        return INVALID_OUTPUT_SKILL;
      }
    }
    this.counts.waits++;
    return idleSkill(this.view.feedback, this.setup.skills);
  }

  /** Asks the user when the program is done; true when a new program was planned from the answer. */
  private async askUser(): Promise<boolean> {
    if (!this.user || this.userDone || this.rounds >= FEEDBACK_ROUNDS || this.executor.stopped) return false;
    this.rounds++;
    const answer = this.user.ask(FEEDBACK_QUESTION);
    this.answers.push(answer);
    recordDecision('helper', () => ({ t: this.view.feedback.t, question: FEEDBACK_QUESTION, answer }));
    if (/^yes\b/i.test(answer.trim())) {
      this.userDone = true;
      return false;
    }
    await this.plan({ answer, completed: this.programs.join('\n') });
    return true;
  }

  /** Asks the Planner (with the retrieved examples) and loads the program it writes. */
  private async plan(feedback?: { answer: string; completed: string }): Promise<void> {
    const { memory, config, roles } = this.setup;
    const query = feedback ? `${this.dialogue} ${feedback.answer}` : this.dialogue;
    const examples = config.memory ? await memory.retrieveFor(query, this.routine) : memory.fixed();
    const answer = await roles.planner.plan({ dialogue: this.dialogue, examples, ...(feedback && { feedback }) });
    this.counts.plans++;
    const program = parseProgram(answer.value);
    this.counts.rejectedLines += program.rejected.length;
    const record: RoleRecord = {
      ...answer.record,
      ...(program.rejected.length > 0 && { rejected: program.rejected }),
      notes: { ...answer.record.notes, examples: examples.map((e) => e.key) },
    };
    this.keep(record);
    recordDecision('helper', () => ({ t: this.view.feedback.t, plan: answer.value, record }));
    if (program.statements.length === 0) {
      // Nothing of it parses: an invalid step, recorded with the text, never executed.
      if (answer.value.trim() !== '' || answer.record.invalid) {
        this.counts.invalidPlans++;
        this.invalidPending = true;
      }
      return;
    }
    this.programs.push(formatProgram(program));
    this.parsed.push(program);
    await this.executor.load(program);
  }

  private keep(record: RoleRecord): void {
    this.records.push(record);
    if (this.records.length > KEPT_RECORDS) this.records.shift();
  }

  /** Memory expansion: a confirmed execution's dialogue and programs are stored (learning runs only). */
  finish(end: { readonly confirmed: boolean }): void {
    if (!end.confirmed || this.programs.length === 0 || !this.setup.episode) return;
    if (
      this.setup.memory.learn(this.name, this.setup.episode, this.dialogue, formatProgram(mergePrograms(this.parsed)))
    ) {
      this.counts.learned++;
    }
  }

  stats(): Record<string, unknown> {
    const executor = this.executor;
    for (const record of executor.records) this.keep(record);
    executor.records.length = 0;
    return {
      ...this.counts,
      roles: {
        planner: this.setup.roles.planner.implementation,
        corrector: this.setup.config.correction ? this.setup.roles.corrector.implementation : 'none (no correction)',
        locator: this.setup.config.locator ? this.setup.roles.locator.implementation : 'none (random search)',
        classes: this.setup.roles.classes.implementation,
        memory: this.setup.config.memory ? this.setup.memory.mode : 'fixed prompt (no memory augmentation)',
        feedback: this.setup.config.feedback ? 'simulated user (oracle signal)' : 'none',
      },
      feedbackRounds: this.rounds,
      answers: this.answers,
      executor: executor.counts,
      ...(executor.stopped && { stopped: executor.stopped }),
      unknownClasses: executor.unknownClasses,
      searches: executor.searches,
      programs: this.programs,
      records: this.records,
    };
  }
}
