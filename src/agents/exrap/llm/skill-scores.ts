/**
 * What ExRAP's LLM planners share: the value of each candidate skill as the model's probability of its phrase as
 * the prompt's continuation (exact log-likelihoods when the backend scores prompts, else sampled choices among the
 * listed options; `LanguageModel.scoreOptions`), and the retry with a smaller retrieved context when the prompt
 * does not fit the model's context.
 */
import { ContextOverflowError } from '../../../llm/errors.js';
import type { LanguageModel, OptionScores, ScoreOptionsOptions } from '../../../llm/language-model.js';
import type { Skill } from '../../../sim/skill.js';
import { PromptSet } from '../../prompting/templates.js';
import type { ExrapStep } from '../roles.js';
import { SkillWords } from './text.js';

const CHOICE = new PromptSet({ choice: 'exrap/choice' });

/** How much retrieved context a planner prompt holds; halved on each context overflow. */
export interface PlannerBudget {
  readonly demonstrations: number;
  readonly memory: number;
}

export const PAPER_BUDGET: PlannerBudget = Object.freeze({ demonstrations: 3, memory: 12 });

/**
 * Asks with the full budget, then with halved budgets while the model reports a context overflow; the last overflow
 * is thrown when nothing is left to cut.
 */
export async function withShrinkingContext<T>(
  budget: PlannerBudget,
  ask: (budget: PlannerBudget) => Promise<T>,
): Promise<T> {
  let current = budget;
  for (;;) {
    try {
      return await ask(current);
    } catch (error) {
      if (!(error instanceof ContextOverflowError) || current.demonstrations + current.memory === 0) throw error;
      current = { demonstrations: Math.floor(current.demonstrations / 2), memory: Math.floor(current.memory / 2) };
    }
  }
}

export interface SkillScores {
  readonly values: Float64Array;
  readonly phrases: readonly string[];
  readonly scores: OptionScores;
}

/** P(skill phrase | prompt) for every candidate, normalised over the candidates (they sum to 1). */
export async function scoreSkills(
  llm: LanguageModel,
  prompt: string,
  step: ExrapStep,
  candidates: readonly Skill[],
  options: ScoreOptionsOptions,
): Promise<SkillScores> {
  const words = new SkillWords(step);
  const phrases = candidates.map((skill) => ` ${words.phrase(skill, step.memory)}`);
  const scores = await llm.scoreOptions(prompt, phrases, {
    ...options,
    samplingPrompt: CHOICE.render('choice', { prompt, options: phrases.map((p) => `-${p}`).join('\n') }),
  });
  return { values: Float64Array.from(scores.probabilities), phrases, scores };
}
