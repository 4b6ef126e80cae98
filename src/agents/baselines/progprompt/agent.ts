/**
 * ProgPrompt (Singh et al. 2023) adapted to continual instructions step by step as ExRAP did (paper 000, appendix
 * C.1). The prompt is a Python-like program: an import of the skills (`from actions import walk <obj>, ...`), the
 * list of objects the agent knows, two example plans (retrieved demonstrations written as functions with comments
 * and `assert(...)` / `else:` recovery lines), and the task as a function header whose body holds the standing
 * instructions as comments and the lines executed so far. The model continues the body (at most 40 new tokens, so
 * a few lines at a time).
 *
 * The continuation is parsed by the ProgPrompt grammar (`grammar.ts`), never executed by an engine. Its statements
 * run one step at a time: a call becomes a skill; an assertion is answered from the agent's own knowledge (its
 * TEKG: what it saw, where, in which state, what it holds and is close to), and when it does not hold, its `else:`
 * calls run next. When the statements run out, the model is asked to continue the program, which now shows what
 * was executed, and failures as comments.
 *
 * On episodic tasks (`mode: 'program'`) ProgPrompt is run as LLM-State's baselines run it: the model writes the whole
 * task function (named after the task) at once, its statements run one step at a time, a failed step drops the rest
 * and the model writes the program again from what was executed, and a program that ran to its end means the task is
 * done (the robot idles).
 */

import { InvalidOutputError } from '../../../llm/errors.js';
import { PAPER_SAMPLING } from '../../../llm/language-model.js';
import { entityName } from '../../../memory/quadruple.js';
import type { Skill } from '../../../sim/skill.js';
import type { StepFeedback } from '../../agent.js';
import { functionName } from '../../demonstrations/render.js';
import type { Demonstration } from '../../demonstrations/types.js';
import { shortError, situationText } from '../../prompting/situation.js';
import { actionCall, actionPhrase } from '../../prompting/skill-text.js';
import { PromptSet } from '../../prompting/templates.js';
import {
  type BaselineOptions,
  type ContextBudget,
  INVALID_OUTPUT_SKILL,
  LlmBaselineAgent,
  promptsFor,
} from '../base.js';
import { type Assertion, type AssertStatement, type CallStatement, parseProgram, type Statement } from './grammar.js';

export const PROGPROMPT_PROMPTS = { prompt: 'progprompt/prompt', example: 'progprompt/example' };
/** The episodic protocol's replacement: the whole program of one task. */
export const PROGPROMPT_TASK_PROMPTS = { prompt: 'progprompt/task-prompt' };

/** The task function's name in the prompt. */
export const PROGPROMPT_TASK = 'follow_standing_instructions';

/** Assertion words for states, as ProgPrompt writes them, mapped to the TEKG's state names. */
const STATE_WORDS: Readonly<Record<string, string>> = {
  opened: 'open',
  open: 'open',
  closed: 'closed',
  switchon: 'on',
  switchedon: 'on',
  on: 'on',
  switchoff: 'off',
  switchedoff: 'off',
  off: 'off',
  clean: 'clean',
  dirty: 'dirty',
  pluggedin: 'plugged_in',
  pluggedout: 'plugged_out',
};

export interface ProgPromptDecision {
  /** The model's raw continuation, when this step asked for one. */
  readonly output?: string;
  /** Statements parsed from it. */
  readonly parsed?: number;
  /** Assertions checked on the way to the skill, with their answers. */
  readonly assertions: readonly { readonly text: string; readonly holds: boolean }[];
  readonly call?: string;
  /** Program mode: the program has run to its end; the robot idles. */
  readonly done?: true;
}

/** A statement waiting to run; `fromElse` marks the recovery calls of an assertion that did not hold. */
type Pending = AssertStatement | (CallStatement & { readonly fromElse?: boolean });

/** Generations per decision before the step is given up as invalid (a program of assertions only). */
const MAX_GENERATIONS = 2;
/** New tokens of a whole program (episodic tasks); a continuation of the continual program gets the papers' 40. */
const PROGRAM_TOKENS = 400;

/**
 * How the program is asked for: `continue` (continual instructions, ExRAP's adaptation: a few lines at a time, for
 * ever) or `program` (episodic tasks: the whole task function at once, as ProgPrompt writes it, and again after a
 * failed step with what was executed and the failure as comments, as LLM-State extends it; once a program has run to
 * its end the task is done for ProgPrompt, and the robot idles).
 */
export type ProgPromptMode = 'continue' | 'program';

export interface ProgPromptOptions extends BaselineOptions {
  readonly mode?: ProgPromptMode;
}
/** Statements run per decision before giving up (assertions whose else-branches only hold more assertions). */
const MAX_STATEMENTS = 50;

export class ProgPromptAgent extends LlmBaselineAgent {
  readonly name = 'progprompt';
  readonly prompts = new PromptSet(promptsFor(PROGPROMPT_PROMPTS, PROGPROMPT_TASK_PROMPTS, this.protocol));
  readonly mode: ProgPromptMode;
  /** Statements parsed and not yet run (`else:` calls of a failed assertion first). */
  private queue: Pending[] = [];
  /** The body of the task function so far: the lines run, and comments on failures. */
  private executed: string[] = [];
  /** Program mode: a program has been written, and no step failed since (its end is the task's end). */
  private programWritten = false;
  lastDecision: ProgPromptDecision | undefined;

  constructor(options: ProgPromptOptions) {
    super(options, { demonstrations: 2 });
    this.mode = options.mode ?? (this.protocol === 'episodic' ? 'program' : 'continue');
  }

  protected override onReset(): void {
    this.queue = [];
    this.executed = [];
    this.programWritten = false;
  }

  protected override onFeedback(feedback: StepFeedback): void {
    if (feedback.success === false && feedback.lastSkill) {
      this.executed.push(`# that failed: ${shortError(feedback.error ?? 'it did not work')}`);
      if (this.mode === 'program' && feedback.lastSkill.action !== INVALID_OUTPUT_SKILL.action) {
        // Re-planning on failure: the rest of the program is dropped and a new one asked for.
        this.queue = [];
        this.programWritten = false;
      }
    }
  }

  protected async decide(budget: ContextBudget): Promise<Skill> {
    const assertions: { text: string; holds: boolean }[] = [];
    let output: string | undefined;
    let parsed: number | undefined;
    let generations = 0;
    for (let run = 0; run < MAX_STATEMENTS; run++) {
      if (this.queue.length === 0) {
        if (this.mode === 'program' && this.programWritten) {
          this.lastDecision = { assertions, done: true };
          return idle(this.feedback);
        }
        if (generations >= MAX_GENERATIONS) break;
        generations++;
        const generated = await this.generate(budget);
        if (this.mode === 'program') this.programWritten = true;
        output = generated.output;
        parsed = generated.statements.length;
        if (generated.statements.length === 0) {
          this.lastDecision = { output, parsed, assertions };
          throw new InvalidOutputError(
            `ProgPrompt: no statement in the continuation${generated.stop ? ` (${generated.stop})` : ''}`,
            output,
            [generated.stop ?? 'empty continuation'],
          );
        }
        this.queue.push(...generated.statements);
      }
      const statement = this.queue.shift()!;
      if (statement.kind === 'assert') {
        const holds = this.check(statement.condition);
        const text = assertionText(statement.condition);
        assertions.push({ text, holds });
        this.executed.push(text);
        if (!holds) this.queue.unshift(...statement.otherwise.map((call) => ({ ...call, fromElse: true })));
        continue;
      }
      const line = callText(statement);
      this.executed.push(statement.fromElse ? `\telse: ${line}` : line);
      this.lastDecision = { ...(output !== undefined && { output, parsed }), assertions, call: line };
      const skill = this.resolve(statement);
      if (typeof skill === 'string') {
        this.executed.push(`# that failed: ${skill}`);
        throw new InvalidOutputError(`ProgPrompt: ${skill}`, line, [skill]);
      }
      return skill;
    }
    this.lastDecision = { ...(output !== undefined && { output, parsed }), assertions };
    throw new InvalidOutputError('ProgPrompt: the program made no skill call', output ?? '', ['no call']);
  }

  /** Asks the model to continue the task function; parses what it wrote. */
  private async generate(budget: ContextBudget): Promise<{ output: string; statements: Statement[]; stop?: string }> {
    const prompt = await this.buildPrompt(budget);
    const answer = await this.llm.chat(prompt, {
      temperature: PAPER_SAMPLING.temperature,
      maxTokens: this.mode === 'program' ? PROGRAM_TOKENS : PAPER_SAMPLING.maxTokens,
      seed: this.requestSeed(),
      stop: ['\ndef '],
    });
    const output = answer.text;
    let body = stripFences(output);
    // A continuation cut by the token limit ends in a partial line: drop it.
    if (answer.finishReasons[0] === 'length' && body.includes('\n')) body = body.slice(0, body.lastIndexOf('\n'));
    const lines = body.split('\n');
    // A chat model may repeat the function header before the body.
    if (lines[0] !== undefined && /^\s*def\s+\w+\s*\(\s*\)\s*:\s*$/.test(lines[0])) lines.shift();
    const program = parseProgram(lines.join('\n'));
    return {
      output,
      statements: program.statements,
      ...(program.stop && { stop: `line ${program.stop.line}: ${program.stop.reason}` }),
    };
  }

  async buildPrompt(budget: ContextBudget): Promise<string> {
    const situation = situationText(this.feedback.observation, this.feedback.adjacentRooms, this.names, budget.objects);
    const objects = [...this.names.rooms(), ...this.names.things()]
      .sort((a, b) => b.seenAt - a.seenAt || a.id - b.id)
      .slice(0, budget.objects)
      .sort((a, b) => a.id - b.id)
      .map((o) => `'${this.names.name(o.id)}'`);
    const demos = await this.demonstrationsFor(budget.demonstrations);
    const shown = this.executed.slice(Math.max(0, this.executed.length - 2 * budget.history));
    return this.prompts.render('prompt', {
      imports: this.skills.actions.map((action) => importText(action, this.arity(action))).join(', '),
      objects: objects.join(', '),
      examples: demos.map((demo) => this.example(demo)).join('\n\n'),
      task: this.mode === 'program' ? functionName(this.instructions.map((i) => i.text).join(' ')) : PROGPROMPT_TASK,
      instructions: this.instructions
        .map((i) => `\t# ${this.mode === 'program' ? 'task' : 'instruction'}: ${i.text}`)
        .join('\n'),
      program: shown.map((line) => `\t${line}`).join('\n'),
      room: situation.room,
      adjacentRooms: situation.adjacentRooms,
      holding: situation.holding,
      visible: situation.visibleNames,
    });
  }

  /** A demonstration as a ProgPrompt example: the expert's skills, with precondition assertions and recoveries. */
  private example(demo: Demonstration): string {
    const lines = demo.instructions.map((text) => `# instruction: ${text}`);
    demo.steps.forEach((step, i) => {
      lines.push(`# ${i}: ${actionPhrase(step.action, step.objects, this.phrases)}`);
      const target = step.objects.at(-1);
      if (step.action !== this.walkAction() && target !== undefined) {
        lines.push(`assert('close' to '${target}')`, `\telse: ${actionCall(this.walkAction(), [target])}`);
      }
      if (step.objects.length === 2) {
        lines.push(
          `assert('${step.objects[0]}' in 'hands')`,
          `\telse: ${actionCall(this.grabAction(), [step.objects[0]])}`,
        );
      }
      lines.push(actionCall(step.action, step.objects));
    });
    return this.prompts.render('example', {
      task: functionName(demo.instructions.join(' and ')),
      body: lines.map((line) => `\t${line}`).join('\n'),
    });
  }

  /** Whether an assertion holds in what the agent knows (unknown objects: it does not). */
  private check(condition: Assertion): boolean {
    const agent = entityName('character', this.feedback.observation.characterId);
    const me = this.tekg.agent ?? agent;
    const known = (text: string) => {
      const id = this.names.resolve(text);
      return id === undefined ? undefined : this.names.name(id);
    };
    const object = known(condition.object);
    if (object === undefined) return false;
    switch (condition.kind) {
      case 'close':
        return this.tekg.has({ source: me, relation: 'close', target: object });
      case 'held':
        return (
          this.tekg.has({ source: me, relation: 'holds_rh', target: object }) ||
          this.tekg.has({ source: me, relation: 'holds_lh', target: object })
        );
      case 'state': {
        const state = STATE_WORDS[condition.state.toLowerCase().replace(/[\s_-]/g, '')];
        return state !== undefined && this.tekg.has({ source: object, relation: 'is', target: state });
      }
      case 'placed': {
        const target = known(condition.target);
        if (target === undefined) return false;
        return this.tekg.has({ source: object, relation: condition.relation === 'in' ? 'inside' : 'on', target });
      }
    }
  }

  /** A call as a skill, or why it cannot be one. */
  private resolve(call: CallStatement): Skill | string {
    if (!this.skills.actions.includes(call.action)) {
      return `${call.action} is not an imported action (${this.skills.actions.join(', ')})`;
    }
    const arity = this.arity(call.action);
    if (call.args.length !== arity) return `${call.action} takes ${arity} object(s), got ${call.args.length}`;
    const objects: number[] = [];
    for (const arg of call.args) {
      const id = this.names.resolve(arg);
      if (id === undefined) return `'${arg}' is not in the object list`;
      objects.push(id);
    }
    return { action: call.action, objects };
  }

  private arity(action: string): number {
    return (this.phrases[action]?.match(/\{\d\}/g) ?? []).length;
  }

  private walkAction(): string {
    const actions = this.skills.actions;
    return actions.includes('walk') ? 'walk' : actions.includes('goto') ? 'goto' : (actions[0] ?? 'walk');
  }

  private grabAction(): string {
    return this.skills.actions.includes('grab') ? 'grab' : this.skills.actions.includes('pickup') ? 'pickup' : 'grab';
  }
}

/** A harmless step while the program is done: a walk to a thing in the robot's room (else the first allowed skill). */
function idle(feedback: StepFeedback): Skill {
  const rooms = new Set(feedback.observation.nodes.filter((n) => n.category === 'Rooms').map((n) => n.id));
  const walk = feedback.candidates.find((s) => s.action === 'walk' && !rooms.has(s.objects[0]));
  return walk ?? feedback.candidates[0] ?? INVALID_OUTPUT_SKILL;
}

function importText(action: string, arity: number): string {
  return [action, ...Array.from({ length: arity }, () => '<obj>')].join(' ');
}

export function assertionText(condition: Assertion): string {
  switch (condition.kind) {
    case 'close':
      return `assert('close' to '${condition.object}')`;
    case 'held':
      return `assert('${condition.object}' in 'hands')`;
    case 'state':
      return `assert('${condition.object}' is '${condition.state}')`;
    case 'placed':
      return `assert('${condition.object}' ${condition.relation} '${condition.target}')`;
  }
}

function callText(call: CallStatement): string {
  return `${call.action}(${call.args.map((a) => `'${a}'`).join(', ')})`;
}

/** The code inside Markdown fences, if the model wrote any. */
function stripFences(text: string): string {
  const fenced = /```[a-zA-Z]*\n([\s\S]*?)(?:```|$)/.exec(text);
  return fenced ? fenced[1] : text;
}
