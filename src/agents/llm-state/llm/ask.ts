/**
 * How LLM-State's LLM roles (and Inner Monologue) call the model: temperature 0, a seed per role and step, and the
 * largest prompt that fits the model's context. A role renders its prompt at decreasing sizes (the observation's
 * object list halved, the container and surface lists dropped); a `ContextOverflowError` asks again with the next;
 * when even the smallest does not fit, the answer is the overflow, named, and the role records an invalid answer
 * (the run goes on). What never shrinks: the instruction and the action history (the estimator reasons over all of
 * it, from step 0).
 */
import { ContextOverflowError } from '../../../llm/errors.js';
import type { LanguageModel } from '../../../llm/language-model.js';
import { FULL_LISTING, type ListingBudget } from '../../primitives/listing.js';

/** The listing sizes a prompt is tried at, from the whole observation down to none of its objects. */
export const LISTING_SIZES: readonly ListingBudget[] = [
  FULL_LISTING,
  { objects: 60, furniture: true },
  { objects: 30, furniture: false },
  { objects: 12, furniture: false },
  { objects: 0, furniture: false },
];

export type Asked =
  | { readonly text: string; readonly prompt: string; readonly shrinks: number }
  | { readonly overflow: string };

/**
 * Asks with the first prompt (of `render(size)` over the sizes) that fits. `sizes` may be a single entry for
 * prompts with nothing to shrink; other roles shrink by their own sizes (SemGro's: shares of its examples).
 */
export async function askFitting<Size = ListingBudget>(
  llm: LanguageModel,
  render: (size: Size) => string,
  options: { readonly maxTokens: number; readonly seed: number; readonly stop?: string[] },
  sizes: readonly Size[] = LISTING_SIZES as unknown as readonly Size[],
): Promise<Asked> {
  let last: ContextOverflowError | undefined;
  for (const [shrinks, size] of sizes.entries()) {
    const prompt = render(size);
    try {
      const answer = await llm.chat(prompt, {
        temperature: 0,
        maxTokens: options.maxTokens,
        seed: options.seed,
        ...(options.stop && { stop: options.stop }),
      });
      return { text: answer.text, prompt, shrinks };
    } catch (error) {
      if (!(error instanceof ContextOverflowError)) throw error;
      last = error;
    }
  }
  return { overflow: `context overflow: ${last?.message ?? 'the prompt does not fit'}` };
}
