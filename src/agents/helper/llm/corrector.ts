/**
 * HELPER's LLM Corrector (paper 001, plan correction): the failed step, the failure description F, the simulator's
 * own words, the 3 nearest correction examples (failed step and F, then the program that fixed it) and the dialogue
 * go to the model (`prompts/helper/corrector.txt`), which writes a short self-reflection, then `Program:` and the
 * corrective program over the API and the `AgentCorrective` moves. The program part is returned as text (the
 * executor parses it among the failed program's handles; prose lines are rejected by the grammar); the reflection is
 * kept in the record. The examples pass the same prompt-length guard as the planner's (85% of the window).
 */
import type { LanguageModel } from '../../../llm/language-model.js';
import { apiText } from '../api.js';
import type { CorrectionInput, Corrector, MemoryEntry, RoleAnswer, RoleRecord } from '../roles.js';
import {
  askDroppingExamples,
  type HelperLlmOptions,
  HelperLlmRole,
  PAPER_WINDOW,
  PLAN_GUARD,
  spoken,
} from './common.js';

/** New tokens of a reflection and a few corrective lines. */
const MAX_TOKENS = 256;

/** The line that starts the program part of the answer. */
const PROGRAM_LINE = /^\s*(?:corrective\s+)?program\s*:\s*(.*)$/i;
const REFLECTION_LINE = /^\s*reflection\s*:\s*/i;

export class LlmCorrector extends HelperLlmRole implements Corrector {
  readonly implementation = 'llm';
  readonly window: number;

  constructor(llm: LanguageModel, seed: number, options: HelperLlmOptions = {}) {
    super(llm, seed, 1);
    this.window = options.contextSize ?? PAPER_WINDOW;
  }

  prompt(input: CorrectionInput, shown: number = input.examples.length): string {
    return this.prompts.render('corrector', {
      api: apiText(),
      examples: this.examplesText(input.examples.slice(0, shown)),
      dialogue: input.dialogue,
      step: input.failedStep,
      failure: input.failure,
      error: input.error,
      holding: input.holding.length > 0 ? input.holding.join(', ') : 'nothing',
      container: input.containerClass
        ? `The object of the step is inside a closed ${spoken(input.containerClass)}.`
        : '',
    });
  }

  private examplesText(examples: readonly MemoryEntry[]): string {
    if (examples.length === 0) return '(none)';
    return examples
      .map((e) => {
        const cut = e.key.indexOf('; ');
        return this.prompts.render('correctorExample', {
          step: cut >= 0 ? e.key.slice(0, cut) : e.key,
          failure: cut >= 0 ? e.key.slice(cut + 2) : '',
          // An empty corrective program: the step is simply tried again (a comment line, which the grammar skips).
          program: e.program.trim() || '# nothing to do: try the step again',
        });
      })
      .join('\n\n');
  }

  async correct(input: CorrectionInput): Promise<RoleAnswer<string>> {
    const asked = await askDroppingExamples(this.llm, (shown) => this.prompt(input, shown), input.examples.length, {
      limit: Math.floor(this.window * PLAN_GUARD),
      maxTokens: MAX_TOKENS,
      seed: this.nextSeed(),
    });
    if ('overflow' in asked) {
      return {
        value: '',
        record: { role: 'corrector', implementation: 'llm', invalid: asked.overflow, dropped: asked.dropped },
      };
    }
    const { program, reflection } = splitCorrection(asked.text);
    const record: RoleRecord = {
      role: 'corrector',
      implementation: 'llm',
      output: asked.text,
      dropped: asked.dropped,
      notes: { failure: input.failure, ...(reflection && { reflection }) },
    };
    return { value: program, record };
  }
}

/**
 * The answer's reflection and program: the program is what follows the last `Program:` line (or its rest); without
 * such a line, the whole answer but a leading `Reflection:` paragraph (prose left in it is rejected by the grammar).
 */
export function splitCorrection(text: string): { program: string; reflection?: string } {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let at = -1;
  for (const [i, line] of lines.entries()) if (PROGRAM_LINE.test(line)) at = i;
  if (at >= 0) {
    const rest = PROGRAM_LINE.exec(lines[at])![1];
    const reflection = lines.slice(0, at).join('\n').replace(REFLECTION_LINE, '').trim();
    return {
      program: [rest, ...lines.slice(at + 1)].join('\n').trim(),
      ...(reflection !== '' && { reflection }),
    };
  }
  // The prompt ends with "Reflection:": the first paragraph of an answer without a program line is the reflection
  // when it does not look like code.
  const blank = lines.findIndex((l) => l.trim() === '');
  const first = (blank < 0 ? lines : lines.slice(0, blank)).join('\n').trim();
  if (blank >= 0 && first !== '' && !/[=(]/.test(first)) {
    return {
      program: lines
        .slice(blank + 1)
        .join('\n')
        .trim(),
      reflection: first.replace(REFLECTION_LINE, ''),
    };
  }
  return { program: text.trim() };
}
