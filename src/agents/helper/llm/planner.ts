/**
 * HELPER's LLM Planner (paper 001, memory-augmented prompting): I, M_k -> P. The prompt (`prompts/helper/planner.txt`)
 * is the object API (`apiText()`), the rules of the notation, the retrieved (dialogue, program) examples nearest
 * first (`planner-example.txt` each), the dialogue I, and for a re-plan after the user's feedback the program carried
 * out so far and the user's answer (`planner-replan.txt`); it ends with the cue under which the program is written.
 * The answer is returned as text: the agent reads it with the program grammar (`program.ts`), which skips code
 * fences and rejects prose lines; an answer with no statement is an invalid step, recorded, never run.
 *
 * The paper's prompt-length guard (`common.ts`) drops the farthest examples while the prompt is over 85% of the
 * window (75% when re-planning); the count is the record's `dropped`. When even the prompt without examples does not
 * fit the model, the answer is empty and the record invalid, naming the overflow.
 */
import type { LanguageModel } from '../../../llm/language-model.js';
import { apiText } from '../api.js';
import type { MemoryEntry, PlanInput, Planner, RoleAnswer, RoleRecord } from '../roles.js';
import {
  askDroppingExamples,
  type HelperLlmOptions,
  HelperLlmRole,
  PAPER_WINDOW,
  PLAN_GUARD,
  REPLAN_GUARD,
} from './common.js';

/** New tokens of a program (a few dozen lines). */
const MAX_TOKENS = 768;

export class LlmPlanner extends HelperLlmRole implements Planner {
  readonly implementation = 'llm';
  readonly window: number;

  constructor(llm: LanguageModel, seed: number, options: HelperLlmOptions = {}) {
    super(llm, seed, 0);
    this.window = options.contextSize ?? PAPER_WINDOW;
  }

  /** The prompt with the `shown` nearest examples. */
  prompt(input: PlanInput, shown: number = input.examples.length): string {
    return this.prompts.render('planner', {
      api: apiText(),
      examples: examplesText(this, input.examples.slice(0, shown)),
      dialogue: input.dialogue,
      replan: input.feedback
        ? this.prompts.render('plannerReplan', {
            completed: input.feedback.completed.trim() || '(nothing yet)',
            answer: input.feedback.answer,
          })
        : '',
    });
  }

  /** The guard's token limit for the input. */
  limit(input: PlanInput): number {
    return Math.floor(this.window * (input.feedback ? REPLAN_GUARD : PLAN_GUARD));
  }

  async plan(input: PlanInput): Promise<RoleAnswer<string>> {
    const limit = this.limit(input);
    const asked = await askDroppingExamples(this.llm, (shown) => this.prompt(input, shown), input.examples.length, {
      limit,
      maxTokens: MAX_TOKENS,
      seed: this.nextSeed(),
    });
    const guard = { window: this.window, limit, replan: input.feedback !== undefined };
    if ('overflow' in asked) {
      return {
        value: '',
        record: {
          role: 'planner',
          implementation: 'llm',
          invalid: asked.overflow,
          dropped: asked.dropped,
          notes: guard,
        },
      };
    }
    const record: RoleRecord = {
      role: 'planner',
      implementation: 'llm',
      output: asked.text,
      dropped: asked.dropped,
      ...(asked.text.trim() === '' && { invalid: 'the model answered nothing' }),
      notes: { ...guard, shown: asked.shown, estimatedTokens: asked.estimatedTokens },
    };
    return { value: asked.text, record };
  }
}

function examplesText(role: HelperLlmRole, examples: readonly MemoryEntry[]): string {
  if (examples.length === 0) return '(none)';
  return examples
    .map((e) => role.prompts.render('plannerExample', { dialogue: e.key, program: e.program }))
    .join('\n\n');
}
