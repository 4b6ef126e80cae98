/**
 * What HELPER's LLM roles share (paper 001): the prompt files under `prompts/helper/`, a request seed per call
 * (temperature 0: a recording replays exactly), and the paper's prompt-length guard for the prompts that carry
 * retrieved examples.
 *
 * The guard: while the prompt's estimated tokens (4 characters a token, the LLM layer's estimate) exceed a share of
 * the model's window (`PLAN_GUARD`, or `REPLAN_GUARD` when re-planning after the user's feedback), the retrieved
 * example farthest from the input is dropped. The window is the run's context size when the agent is given it, else
 * `PAPER_WINDOW` (gpt-4-0613's 8192 tokens, the paper's model). The estimate is rough and the window may be unknown,
 * so a `ContextOverflowError` from the backend drops one more example and asks again; the prompt without any example
 * is always asked, and when even that overflows the answer is the overflow, named (the role's record is invalid).
 */
import { ContextOverflowError } from '../../../llm/errors.js';
import type { LanguageModel } from '../../../llm/language-model.js';
import { estimateTokens } from '../../../llm/transcript.js';
import { Rng } from '../../../util/rng.js';
import { CountedRequestSeeds } from '../../prompting/request-seeds.js';
import { PromptSet } from '../../prompting/templates.js';

export const HELPER_PROMPTS = {
  planner: 'helper/planner',
  plannerExample: 'helper/planner-example',
  plannerReplan: 'helper/planner-replan',
  corrector: 'helper/corrector',
  correctorExample: 'helper/corrector-example',
  locator: 'helper/locator',
  classes: 'helper/classes',
};

export type HelperPromptName = keyof typeof HELPER_PROMPTS;

/** The window when the run does not say: gpt-4-0613's context, the paper's model. */
export const PAPER_WINDOW = 8192;
/** Share of the window a planning prompt may take (the rest is the answer's). */
export const PLAN_GUARD = 0.85;
/** Share of the window a re-planning prompt (after the user's feedback) may take. */
export const REPLAN_GUARD = 0.75;

/** Options of the LLM roles. */
export interface HelperLlmOptions {
  /** The model's context window in tokens, when the run knows it (default `PAPER_WINDOW`). */
  readonly contextSize?: number;
}

/** The model, the prompts, and a request seed per call of the role. */
export class HelperLlmRole {
  readonly prompts = new PromptSet(HELPER_PROMPTS);
  private readonly seeds: CountedRequestSeeds;

  constructor(
    protected readonly llm: LanguageModel,
    seed: number,
    /** The role's place among the four, so that roles never share a seed. */
    offset: number,
  ) {
    this.seeds = new CountedRequestSeeds(new Rng(seed), offset);
  }

  /** The seed of the role's next call (calls are counted per role, in the episode's order). */
  protected nextSeed(): number {
    return this.seeds.next();
  }
}

export type AskedWithExamples =
  | {
      readonly text: string;
      readonly prompt: string;
      /** Examples in the prompt asked (the nearest ones). */
      readonly shown: number;
      readonly dropped: number;
      readonly estimatedTokens: number;
    }
  | { readonly overflow: string; readonly dropped: number };

/**
 * Asks with the prompt of the most examples (`render(n)` shows the n nearest) under the guard's token limit; drops
 * one more example on a `ContextOverflowError`. The prompt without examples is asked even over the limit.
 */
export async function askDroppingExamples(
  llm: LanguageModel,
  render: (shown: number) => string,
  examples: number,
  options: { readonly limit: number; readonly maxTokens: number; readonly seed: number },
): Promise<AskedWithExamples> {
  let overflow: ContextOverflowError | undefined;
  for (let shown = examples; shown >= 0; shown--) {
    const prompt = render(shown);
    const estimatedTokens = estimateTokens(prompt);
    if (shown > 0 && estimatedTokens > options.limit) continue;
    try {
      const answer = await llm.chat(prompt, { temperature: 0, maxTokens: options.maxTokens, seed: options.seed });
      return { text: answer.text, prompt, shown, dropped: examples - shown, estimatedTokens };
    } catch (error) {
      if (!(error instanceof ContextOverflowError)) throw error;
      overflow = error;
    }
  }
  return { overflow: `context overflow: ${overflow?.message ?? 'the prompt does not fit'}`, dropped: examples };
}

/** Asks one prompt at temperature 0; a context overflow is returned, named. */
export async function askOnce(
  llm: LanguageModel,
  prompt: string,
  options: { readonly maxTokens: number; readonly seed: number },
): Promise<{ readonly text: string } | { readonly overflow: string }> {
  try {
    const answer = await llm.chat(prompt, { temperature: 0, maxTokens: options.maxTokens, seed: options.seed });
    return { text: answer.text };
  } catch (error) {
    if (!(error instanceof ContextOverflowError)) throw error;
    return { overflow: `context overflow: ${error.message}` };
  }
}

/** A catalog name as the prompts say it: `kitchen_counter` -> `kitchen counter`. */
export const spoken = (className: string) => className.replace(/_/g, ' ');
