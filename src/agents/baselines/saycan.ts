/**
 * SayCan (Ahn et al. 2022) adapted to continual instructions as ExRAP did (paper 000, appendix C.1): at every step
 * the model scores each skill the agent may take as the continuation of a prompt holding the standing instructions,
 * the linearised knowledge graph retrieved from the agent's memory (the same retrieval as ExRAP's: k = 12
 * quadruples by similarity to the instructions), the steps so far and retrieved demonstrations. The score of a
 * skill is its probability under the model (`scoreOptions`: exact log-likelihoods when the backend scores prompts,
 * else sampling) times its affordance; the best skill is taken.
 *
 * The affordance is the papers' optimal one: whether the simulator would accept the skill now (its preconditions
 * hold). It is a privilege (`affordance`): the protocol hands a check of one skill at a time, never the state.
 */

import type { OptionScores } from '../../llm/language-model.js';
import { formatQuadruples } from '../../memory/quadruple.js';
import type { Skill } from '../../sim/skill.js';
import { Rng } from '../../util/rng.js';
import { demonstrationPhrases, numberedLines } from '../demonstrations/render.js';
import { historyLines, situationText } from '../prompting/situation.js';
import { PromptSet } from '../prompting/templates.js';
import {
  type BaselineOptions,
  type ContextBudget,
  INVALID_OUTPUT_SKILL,
  LlmBaselineAgent,
  promptsFor,
} from './base.js';

/** Whether a skill's preconditions hold now (1) or not (0), as the simulator would judge it. */
export type Affordance = (skill: Skill) => boolean;

export interface SayCanOptions extends BaselineOptions {
  readonly affordance: Affordance;
}

export const SAYCAN_PROMPTS = {
  prompt: 'saycan/prompt',
  demonstration: 'saycan/demonstration',
  choice: 'saycan/choice',
};
/** The episodic protocol's replacements: one task to carry out. */
export const SAYCAN_TASK_PROMPTS = { prompt: 'saycan/task-prompt', demonstration: 'saycan/task-demonstration' };

/** What one decision looked like, for traces and tests. */
export interface SayCanDecision {
  /** Every candidate as an option. */
  readonly options: readonly string[];
  /** The candidates scored (indexes into `options`), in the order of `scores`. */
  readonly scored: readonly number[];
  readonly scores: OptionScores;
  readonly affordances: readonly boolean[];
  readonly chosen: number;
}

export class SayCanAgent extends LlmBaselineAgent {
  readonly name = 'saycan';
  readonly prompts = new PromptSet(promptsFor(SAYCAN_PROMPTS, SAYCAN_TASK_PROMPTS, this.protocol));
  private readonly affordance: Affordance;
  lastDecision: SayCanDecision | undefined;

  constructor(options: SayCanOptions) {
    super(options, { demonstrations: 3 });
    this.affordance = options.affordance;
  }

  protected async decide(budget: ContextBudget): Promise<Skill> {
    const candidates = this.feedback.candidates;
    if (candidates.length === 0) return INVALID_OUTPUT_SKILL;
    const prompt = await this.buildPrompt(budget);
    const options = candidates.map((skill) => ` ${this.phrase(skill)}`);
    const affordances = candidates.map((skill) => this.affordance(skill));
    // p_LLM x affordance: among affordable skills the most likely; when none is affordable, the most likely.
    const all = candidates.map((_, i) => i);
    const affordable = all.filter((i) => affordances[i]);
    const pool = affordable.length > 0 ? affordable : all;
    // An exact log-likelihood of an option does not depend on the others scored with it, so with prompt log-probs
    // only the options that can be chosen are scored: with the oracle affordance, the affordable ones, a few of the
    // ~90 candidates (each one scored costs its prompt sent and echoed back with a log-prob per token: ~1.5 MB of
    // JSON a step for all of them). The sampling path lists every candidate, as before: there the options offered
    // change the samples.
    const exact = (await this.llm.capabilities()).promptLogprobs;
    const scored = exact ? pool : all;
    const scores = await this.llm.scoreOptions(
      prompt,
      scored.map((i) => options[i]),
      {
        seed: this.requestSeed(),
        samplingPrompt: this.prompts.render('choice', {
          prompt,
          options: options.map((o) => `-${o}`).join('\n'),
        }),
      },
    );
    const logLikelihood = new Map(scored.map((option, j) => [option, scores.logLikelihoods[j]]));
    const ranked = [...pool].sort((a, b) => logLikelihood.get(b)! - logLikelihood.get(a)! || a - b);
    const chosen = ranked[0];
    this.lastDecision = { options, scored, scores, affordances, chosen };
    return candidates[chosen];
  }

  /** The completion-style prompt the options continue. */
  async buildPrompt(budget: ContextBudget): Promise<string> {
    const situation = situationText(this.feedback.observation, this.feedback.adjacentRooms, this.names, budget.objects);
    const demos = await this.demonstrationsFor(budget.demonstrations);
    const demonstrations = demos
      .map((demo) =>
        this.prompts.render('demonstration', {
          instructions: numberedLines(demo.instructions),
          facts: demo.facts.length > 0 ? demo.facts.join('; ') : 'nothing in particular',
          steps: numberedLines(demonstrationPhrases(demo, this.phrases)).replace(/\n/g, ', '),
        }),
      )
      .join('\n\n');
    const history = historyLines(this.history, budget.history);
    return this.prompts.render('prompt', {
      demonstrations,
      instructions: this.instructionList(),
      memory: this.retrievedMemory(budget.memory),
      room: situation.room,
      adjacentRooms: situation.adjacentRooms,
      holding: situation.holding,
      history: history.length > 0 ? numberedLines(history) : 'none yet',
    });
  }

  /** ExRAP's retrieval: k quadruples drawn by similarity to the instructions (softmax sampling, seeded per step). */
  private retrievedMemory(k: number): string {
    if (k <= 0 || this.tekg.size === 0) return '(nothing retrieved)';
    const picked = this.retriever.retrieveSync(
      this.instructions.map((i) => i.text),
      { k, rng: new Rng(this.requestSeed()).fork('memory') },
    );
    return formatQuadruples(picked.map((r) => this.tekg.get(r.key)!));
  }
}
