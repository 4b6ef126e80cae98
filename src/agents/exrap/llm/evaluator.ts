/**
 * `LlmQueryEvaluator`, ExRAP's memory-augmented query evaluator Phi_Q (eq. 5-7) with a language model: the model
 * answers each query as a yes/no question (prompt `prompts/exrap/query.txt`) from the k = 12 quadruples retrieved
 * for it, the current step and the previous estimate; P(yes) comes from the answer's token log-probabilities when
 * the backend gives them (one call, one completion token), otherwise from 10 answers sampled at temperature 0.33
 * (Table A.4), the fraction that says yes (`LanguageModel.yesNo`).
 *
 * - Refinement (eq. 6-7), on G_{t-1} before the memory absorbs o_t: `refineDraws` retrievals are drawn from G_{t-1}
 *   and answered at step t; responses whose entropy is below H(P(q | G_{t-1})) are discarded and R(q | G_{t-1}) is
 *   the mean of the rest (`temporallyConsistentPrior`, shared with the offline evaluator), or P(q | G_{t-1}) when
 *   none remain. Without temporal consistency (ExRAP-TC) R = P(q | G_{t-1}) and no call is made.
 * - Evaluation (eq. 5), on G_t: one retrieval; when its evidence is the previous step's, P = R without asking the
 *   model (the shortcut); otherwise the model answers. The evidence compared is the retrieved quadruples about the
 *   query's and execution's classes (with their steps): retrieval is a softmax draw of k = 12 facts, so the other
 *   ten-odd facts of a prompt differ from step to step by chance alone, and comparing them would never let eq. 5's
 *   first case apply.
 */
import { ContextOverflowError } from '../../../llm/errors.js';
import type { LanguageModel, YesNoOptions } from '../../../llm/language-model.js';
import { entityClass, type Quadruple, quadrupleText } from '../../../memory/quadruple.js';
import { PromptSet } from '../../prompting/templates.js';
import { binaryEntropy, UNINFORMED } from '../entropy.js';
import { queryDirectives, temporallyConsistentPrior } from '../evaluator.js';
import { conditionClasses, type ExrapQuery, executionOf, type Interpretation } from '../query.js';
import type { ExrapStep, QueryEvaluation, QueryEvaluator } from '../roles.js';
import { requestSeed } from './seeds.js';
import { memoryLines, questionText } from './text.js';

export const EVALUATOR_PROMPTS = { query: 'exrap/query' };

export interface LlmEvaluatorOptions {
  readonly llm: LanguageModel;
  /** Episode seed the request seeds derive from. */
  readonly seed?: number;
  /** Apply eq. 6-7 (false: ExRAP-TC). */
  readonly temporalConsistency?: boolean;
  /** Retrievals from G_{t-1} answered for the refinement (default 1). */
  readonly refineDraws?: number;
  /** Skip the model when the retrieved evidence is unchanged (eq. 5's first case; default true). */
  readonly shortcut?: boolean;
  /** `auto` (log-probs when available), `logprobs` or `sampling` (forced, to measure what log-probs save). */
  readonly method?: YesNoOptions['method'];
}

export interface EvaluatorStats {
  /** Questions put to the model (each a yesNo: one call with log-probs, 10 samples without). */
  questions: number;
  /** Evaluations answered by the eq. 5 shortcut. */
  reused: number;
  /** yes/no answers obtained by sampling rather than log-probs. */
  sampled: number;
}

interface QueryState {
  p: number;
  support: string;
}

export class LlmQueryEvaluator implements QueryEvaluator {
  readonly name: string;
  readonly prompts = new PromptSet(EVALUATOR_PROMPTS);
  readonly stats: EvaluatorStats = { questions: 0, reused: 0, sampled: 0 };
  private readonly llm: LanguageModel;
  private readonly seed: number;
  private readonly temporalConsistency: boolean;
  private readonly refineDraws: number;
  private readonly shortcut: boolean;
  private readonly method: YesNoOptions['method'];
  private readonly state = new Map<string, QueryState>();
  private readonly priors = new Map<string, number>();

  constructor(options: LlmEvaluatorOptions) {
    this.llm = options.llm;
    this.seed = options.seed ?? 0;
    this.temporalConsistency = options.temporalConsistency ?? true;
    this.refineDraws = options.refineDraws ?? 1;
    this.shortcut = options.shortcut ?? true;
    this.method = options.method ?? 'auto';
    if (!Number.isInteger(this.refineDraws) || this.refineDraws < 1) {
      throw new RangeError(`LLM query evaluator: refineDraws must be a positive integer, got ${this.refineDraws}`);
    }
    this.name = this.temporalConsistency ? 'llm' : 'llm-no-tc';
  }

  /** A new episode: what was evaluated is forgotten (the interpretation comes with each step). */
  reset(_interpretation?: Interpretation): void {
    this.state.clear();
    this.priors.clear();
  }

  async refine(step: ExrapStep): Promise<void> {
    const interpretation = step.interpretation;
    for (const [index, query] of interpretation.queries.entries()) {
      const last = this.state.get(query.id);
      if (!last) {
        this.priors.set(query.id, UNINFORMED);
        continue;
      }
      if (!this.temporalConsistency) {
        this.priors.set(query.id, last.p);
        continue;
      }
      const scores = step.memory.scores(this.directives(query, step, interpretation));
      const responses: number[] = [];
      for (let draw = 0; draw < this.refineDraws; draw++) {
        const retrieved = step.memory.sample(scores, step.rng);
        const seed = requestSeed(this.seed, 'evaluator', step.t, index * (this.refineDraws + 1) + draw + 1);
        responses.push(await this.ask(query, retrieved, step.t, last.p, seed));
      }
      this.priors.set(query.id, temporallyConsistentPrior(last.p, responses));
    }
  }

  async evaluate(step: ExrapStep): Promise<QueryEvaluation[]> {
    const interpretation = step.interpretation;
    const out: QueryEvaluation[] = [];
    for (const [index, query] of interpretation.queries.entries()) {
      const retrieved = step.memory.sample(step.memory.scores(this.directives(query, step, interpretation)), step.rng);
      const support = this.support(query, retrieved, interpretation);
      const prior = this.priors.get(query.id) ?? UNINFORMED;
      const last = this.state.get(query.id);
      const reused = this.shortcut && last !== undefined && last.support === support;
      let p = prior;
      if (reused) this.stats.reused++;
      else {
        const seed = requestSeed(this.seed, 'evaluator', step.t, index * (this.refineDraws + 1));
        p = await this.ask(query, retrieved, step.t, prior, seed);
      }
      this.state.set(query.id, { p, support });
      out.push({ query, p, entropy: binaryEntropy(p), prior, reused, retrieved });
    }
    return out;
  }

  /** The question's prompt (for tests and the docs). */
  prompt(query: ExrapQuery, retrieved: readonly Quadruple[], t: number, prior: number): string {
    return this.prompts.render('query', {
      t: String(t),
      instruction: query.instructionText,
      memory: memoryLines(retrieved),
      prior: prior.toFixed(2),
      question: questionText(query.condition),
    });
  }

  private async ask(
    query: ExrapQuery,
    retrieved: readonly Quadruple[],
    t: number,
    prior: number,
    seed: number,
  ): Promise<number> {
    this.stats.questions++;
    // A prompt too long for the model's context is asked again with half the retrieved quadruples.
    let shown = retrieved;
    for (;;) {
      try {
        const answer = await this.llm.yesNo(this.prompt(query, shown, t, prior), { seed, method: this.method });
        if (answer.method === 'sampling') this.stats.sampled++;
        return Math.min(1, Math.max(0, answer.pYes));
      } catch (error) {
        if (!(error instanceof ContextOverflowError) || shown.length === 0) throw error;
        shown = shown.slice(0, Math.floor(shown.length / 2));
      }
    }
  }

  /** The evidence eq. 5 compares: the retrieved quadruples about the query's classes, as sorted text. */
  private support(query: ExrapQuery, retrieved: readonly Quadruple[], interpretation: Interpretation): string {
    const classes = new Set([
      ...conditionClasses(query.condition).classes,
      ...conditionClasses(executionOf(interpretation, query).goal).classes,
    ]);
    const relevant =
      classes.size === 0
        ? retrieved
        : retrieved.filter((q) => classes.has(entityClass(q.source)) || classes.has(entityClass(q.target)));
    return relevant.map(quadrupleText).sort().join('\n');
  }

  private directives(query: ExrapQuery, step: ExrapStep, interpretation: Interpretation): string[] {
    return queryDirectives(query, executionOf(interpretation, query).goal, step.memory);
  }
}
