/**
 * LLM-Planner (Song et al. 2023) adapted to continual instructions as ExRAP did (paper 000, appendix C.1): a
 * high-level planner prompted with k-nearest-neighbour in-context examples (3, retrieved from the demonstrations by
 * similarity to the instructions and to what the agent sees), the objects detected so far, the steps completed, and
 * after a failure the error, so that the model plans around it.
 *
 * Re-planning (`replan`):
 * - `step` (the default for continual instructions, ExRAP's variant): the model plans at every step with what the
 *   agent sees now and the first step of its plan is taken;
 * - `failure` (the original's dynamic re-planning, the default for episodic tasks, where it is LLM-State's "w/o
 *   States" baseline): the plan is followed until a step fails or the plan runs out, then a new one is asked for with
 *   the objects seen so far.
 *
 * The plan is one line of steps separated by commas (`walk to kitchen.10, grab mug.31`). Each step is read with
 * the skill grammar (`parseSkillText`); the valid prefix is kept, and a plan whose first step is unreadable is
 * invalid output.
 */

import { InvalidOutputError } from '../../llm/errors.js';
import { PAPER_SAMPLING } from '../../llm/language-model.js';
import type { Skill } from '../../sim/skill.js';
import type { StepFeedback } from '../agent.js';
import { demonstrationPhrases } from '../demonstrations/render.js';
import { shortError, situationText } from '../prompting/situation.js';
import { actionPhrase, parseSkillText } from '../prompting/skill-text.js';
import { PromptSet } from '../prompting/templates.js';
import {
  type BaselineOptions,
  type ContextBudget,
  INVALID_OUTPUT_SKILL,
  LlmBaselineAgent,
  promptsFor,
} from './base.js';

export const LLM_PLANNER_PROMPTS = {
  prompt: 'llm-planner/prompt',
  demonstration: 'llm-planner/demonstration',
  failure: 'llm-planner/failure',
};
/** The episodic protocol's replacements: one task to carry out. */
export const LLM_PLANNER_TASK_PROMPTS = { prompt: 'llm-planner/task-prompt' };

export interface LlmPlannerOptions extends BaselineOptions {
  readonly replan?: 'step' | 'failure';
}

export interface LlmPlannerDecision {
  readonly output: string;
  readonly plan: readonly Skill[];
  /** Why reading stopped before the end of the output, if it did. */
  readonly stoppedAt?: string;
}

/** Splits a plan line at commas and semicolons outside parentheses; numbered lists on several lines work too. */
export function splitPlan(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of text) {
    if (c === '(') depth++;
    if (c === ')') depth = Math.max(0, depth - 1);
    if ((c === ',' || c === ';' || c === '\n') && depth === 0) {
      items.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  items.push(current);
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

export class LlmPlannerAgent extends LlmBaselineAgent {
  readonly name = 'llm-planner';
  readonly prompts = new PromptSet(promptsFor(LLM_PLANNER_PROMPTS, LLM_PLANNER_TASK_PROMPTS, this.protocol));
  private readonly replan: 'step' | 'failure';
  private plan: Skill[] = [];
  lastDecision: LlmPlannerDecision | undefined;

  constructor(options: LlmPlannerOptions) {
    super(options, { demonstrations: 3 });
    // The original re-plans when a step fails; ExRAP's continual adaptation plans at every step.
    this.replan = options.replan ?? (this.protocol === 'episodic' ? 'failure' : 'step');
  }

  protected override onReset(): void {
    this.plan = [];
  }

  protected override onFeedback(feedback: StepFeedback): void {
    if (feedback.success === false) this.plan = [];
  }

  protected override onInvalidOutput(): void {
    this.plan = [];
  }

  protected async decide(budget: ContextBudget): Promise<Skill> {
    if (this.replan === 'failure' && this.plan.length > 0) return this.plan.shift()!;
    const prompt = await this.buildPrompt(budget);
    const answer = await this.llm.chat(prompt, {
      temperature: PAPER_SAMPLING.temperature,
      maxTokens: PAPER_SAMPLING.maxTokens,
      seed: this.requestSeed(),
      stop: ['\n\n'],
    });
    const output = answer.text.trim();
    let items = splitPlan(output.replace(/^next plans?\s*:\s*/i, ''));
    // A plan cut by the token limit ends in a partial step: drop it unless it is all there is.
    if (answer.finishReasons[0] === 'length' && items.length > 1) items = items.slice(0, -1);
    const plan: Skill[] = [];
    let stoppedAt: string | undefined;
    for (const item of items) {
      const parsed = parseSkillText(item, this.phrases, this.names);
      if (!parsed.ok) {
        stoppedAt = parsed.reason;
        break;
      }
      plan.push(parsed.skill);
    }
    this.lastDecision = { output, plan, ...(stoppedAt !== undefined && { stoppedAt }) };
    if (plan.length === 0) {
      throw new InvalidOutputError(`LLM-Planner: no readable first step in "${output.slice(0, 120)}"`, answer.text, [
        stoppedAt ?? 'empty plan',
      ]);
    }
    this.plan = plan.slice(1);
    return plan[0];
  }

  async buildPrompt(budget: ContextBudget): Promise<string> {
    const situation = situationText(this.feedback.observation, this.feedback.adjacentRooms, this.names, budget.objects);
    const demos = await this.demonstrationsFor(budget.demonstrations);
    const demonstrations = demos
      .map((demo) =>
        this.prompts.render('demonstration', {
          instructions: demo.instructions.join(' '),
          visible: demo.visible.length > 0 ? demo.visible.join(', ') : 'nothing',
          plan: demonstrationPhrases(demo, this.phrases).join(', '),
        }),
      )
      .join('\n\n');
    const completed = this.history.filter((s) => s.success).map((s) => s.text);
    const shown = completed.slice(Math.max(0, completed.length - budget.history));
    const last = this.history.at(-1);
    // An unreadable answer spent the step: the world's refusal of it says nothing about the home.
    const failure =
      last && !last.success && last.skill.action !== INVALID_OUTPUT_SKILL.action
        ? this.prompts.render('failure', { step: last.text, error: shortError(last.error ?? 'it did not work') })
        : '';
    const seen = this.names
      .things()
      .sort((a, b) => b.seenAt - a.seenAt || a.id - b.id)
      .slice(0, budget.objects)
      .map((o) => `${this.names.name(o.id)} in ${this.names.name(o.room)}`);
    return this.prompts.render('prompt', {
      actions: this.skills.actions
        .map((action) => actionPhrase(action, ['<object>', '<object>'], this.phrases))
        .join(', '),
      demonstrations,
      instructions: this.instructions.map((i) => i.text).join(' '),
      completed: shown.length > 0 ? shown.join(', ') : 'none',
      visible: situation.visible,
      seen: seen.length > 0 ? seen.join(', ') : 'nothing yet',
      room: situation.room,
      adjacentRooms: situation.adjacentRooms,
      holding: situation.holding,
      failure,
    });
  }
}
