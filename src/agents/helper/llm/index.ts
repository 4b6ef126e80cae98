/** HELPER's LLM roles (paper 001), built from the episode's model and seed. */
import type { LanguageModel } from '../../../llm/language-model.js';
import type { HelperRoles } from '../roles.js';
import { LlmClassMapper } from './classes.js';
import type { HelperLlmOptions } from './common.js';
import { LlmCorrector } from './corrector.js';
import { LlmLocator } from './locator.js';
import { LlmPlanner } from './planner.js';

export { LlmClassMapper, readClassAnswer } from './classes.js';
export {
  HELPER_PROMPTS,
  type HelperLlmOptions,
  PAPER_WINDOW,
  PLAN_GUARD,
  REPLAN_GUARD,
} from './common.js';
export { LlmCorrector, splitCorrection } from './corrector.js';
export { LanguageModelEmbedder } from './embedder.js';
export { LlmLocator, readPlaces } from './locator.js';
export { LlmPlanner } from './planner.js';

/** The four roles over the model (`options.contextSize`: the model's window, when the run knows it). */
export function llmHelperRoles(llm: LanguageModel, seed: number, options: HelperLlmOptions = {}): HelperRoles {
  return {
    planner: new LlmPlanner(llm, seed, options),
    corrector: new LlmCorrector(llm, seed, options),
    locator: new LlmLocator(llm, seed),
    classes: new LlmClassMapper(llm, seed),
  };
}
