/**
 * ZSP, "language models as zero-shot planners" (Huang et al. 2022), adapted to continual instructions step by step
 * as ExRAP did (paper 000, appendix C.1). Per step:
 *
 * 1. the planning model is prompted with retrieved demonstrations (`Task: ...`, `Step 1: ...`), the standing
 *    instructions, what the agent sees, and the steps so far, ending in `Step n:`;
 * 2. it samples 10 free-form next steps (temperature 0.33, at most 40 new tokens, one line: Table A.3);
 * 3. each sample is mapped to the most similar admissible skill (the protocol's candidates) by cosine similarity of
 *    embeddings: the model's own embeddings when the backend serves them, else hearth's offline hashing embedder;
 * 4. each (sample, skill) pair scores `similarity + beta * mean token log-prob` with beta = 0.3, minus 0.5 when the
 *    skill repeats the previous one (the original's ranking and repetition penalty); the best pair's skill is taken.
 *
 * Without token log-probs from the backend, the likelihood term is the log of the sample's share among the samples
 * (how often the model wrote the same step), an estimate of the same quantity.
 */

import { InvalidOutputError } from '../../llm/errors.js';
import { PAPER_SAMPLING } from '../../llm/language-model.js';
import { cosine, unitVector } from '../../retrieval/embedder.js';
import { OfflineHashEmbedder } from '../../retrieval/offline-embedder.js';
import { type Skill, sameSkill } from '../../sim/skill.js';
import { demonstrationPhrases, numberedLines } from '../demonstrations/render.js';
import { situationText } from '../prompting/situation.js';
import { stripStepMarker } from '../prompting/skill-text.js';
import { PromptSet } from '../prompting/templates.js';
import {
  type BaselineOptions,
  type ContextBudget,
  INVALID_OUTPUT_SKILL,
  LlmBaselineAgent,
  promptsFor,
} from './base.js';

export const ZSP_PROMPTS = { prompt: 'zsp/prompt', demonstration: 'zsp/demonstration' };
/** The episodic protocol's replacements: one task to carry out. */
export const ZSP_TASK_PROMPTS = { prompt: 'zsp/task-prompt' };

/** Weight of the mean log-prob in the ranking (the original's BETA). */
export const ZSP_BETA = 0.3;
/** Subtracted from a pair whose skill repeats the previous step (the original's heuristic). */
export const ZSP_REPEAT_PENALTY = 0.5;

export type SimilarityBackend = 'llm-embeddings' | 'offline-embedder';

export interface ZspOptions extends BaselineOptions {
  /** `auto` (default): the model's embeddings when available, else the offline embedder. */
  readonly similarity?: 'auto' | 'llm' | 'offline';
  /** Samples per step (default 10). */
  readonly samples?: number;
}

export interface ZspSample {
  readonly text: string;
  readonly meanLogprob: number;
  /** Index of the closest candidate, and its similarity. */
  readonly candidate: number;
  readonly similarity: number;
  readonly score: number;
}

export interface ZspDecision {
  readonly samples: readonly ZspSample[];
  readonly chosen: number;
  readonly similarityBackend: SimilarityBackend;
  /** Whether the likelihood term came from token log-probs or from sample frequencies. */
  readonly likelihood: 'token-logprobs' | 'sample-frequency';
}

export class ZspAgent extends LlmBaselineAgent {
  readonly name = 'zsp';
  readonly prompts = new PromptSet(promptsFor(ZSP_PROMPTS, ZSP_TASK_PROMPTS, this.protocol));
  private readonly similarity: 'auto' | 'llm' | 'offline';
  private readonly samples: number;
  private readonly offline = new OfflineHashEmbedder();
  private vectors = new Map<string, Float32Array>();
  lastDecision: ZspDecision | undefined;

  constructor(options: ZspOptions) {
    super(options, { demonstrations: 3 });
    this.similarity = options.similarity ?? 'auto';
    this.samples = options.samples ?? PAPER_SAMPLING.samples;
  }

  protected override onReset(): void {
    this.vectors = new Map();
  }

  protected async decide(budget: ContextBudget): Promise<Skill> {
    const candidates = this.feedback.candidates;
    if (candidates.length === 0) return INVALID_OUTPUT_SKILL;
    const prompt = await this.buildPrompt(budget);
    const caps = await this.llm.capabilities();
    const sampled = await this.llm.chat(prompt, {
      n: this.samples,
      temperature: PAPER_SAMPLING.temperature,
      maxTokens: PAPER_SAMPLING.maxTokens,
      stop: ['\n'],
      seed: this.requestSeed(),
      ...(caps.logprobs && { topLogprobs: 1 }),
    });
    const texts = sampled.texts.map((text) => stripStepMarker(text.split('\n')[0]).toLowerCase());
    const kept = texts.map((text, i) => ({ text, i })).filter((s) => s.text !== '');
    if (kept.length === 0) {
      throw new InvalidOutputError('ZSP: every sample was empty', sampled.text, ['no step was written']);
    }
    const tokenLogprobs = sampled.logprobs;
    const likelihood = tokenLogprobs?.every((l) => l !== undefined && l.length > 0)
      ? 'token-logprobs'
      : 'sample-frequency';
    const meanLogprob = (i: number, text: string): number => {
      if (likelihood === 'token-logprobs') {
        const tokens = tokenLogprobs![i]!;
        return tokens.reduce((sum, t) => sum + t.logprob, 0) / tokens.length;
      }
      return Math.log(texts.filter((t) => t === text).length / texts.length);
    };

    const phrases = candidates.map((skill) => this.phrase(skill));
    const backend: SimilarityBackend =
      this.similarity === 'offline' || (this.similarity === 'auto' && !caps.embeddings)
        ? 'offline-embedder'
        : 'llm-embeddings';
    await this.embed([...new Set([...kept.map((s) => s.text), ...phrases])], backend);
    const previous = this.history.at(-1)?.skill;

    const samples: ZspSample[] = kept.map(({ text, i }) => {
      const vector = this.vector(text, backend);
      let candidate = 0;
      let similarity = -Infinity;
      phrases.forEach((phrase, c) => {
        const s = cosine(vector, this.vector(phrase, backend));
        if (s > similarity) {
          similarity = s;
          candidate = c;
        }
      });
      const repeat = previous !== undefined && sameSkill(previous, candidates[candidate]) ? ZSP_REPEAT_PENALTY : 0;
      const lp = meanLogprob(i, text);
      return { text, meanLogprob: lp, candidate, similarity, score: similarity + ZSP_BETA * lp - repeat };
    });
    let chosen = 0;
    samples.forEach((s, i) => {
      if (s.score > samples[chosen].score) chosen = i;
    });
    this.lastDecision = { samples, chosen, similarityBackend: backend, likelihood };
    return candidates[samples[chosen].candidate];
  }

  async buildPrompt(budget: ContextBudget): Promise<string> {
    const situation = situationText(this.feedback.observation, this.feedback.adjacentRooms, this.names, budget.objects);
    const demos = await this.demonstrationsFor(budget.demonstrations);
    const demonstrations = demos
      .map((demo) =>
        this.prompts.render('demonstration', {
          instructions: demo.instructions.join(' '),
          steps: stepLines(demonstrationPhrases(demo, this.phrases), 1),
        }),
      )
      .join('\n\n');
    const shown = this.history.slice(Math.max(0, this.history.length - budget.history));
    const first = this.history.length - shown.length + 1;
    return this.prompts.render('prompt', {
      demonstrations,
      instructions: numberedLines(this.instructions.map((i) => i.text)),
      room: situation.room,
      adjacentRooms: situation.adjacentRooms,
      visible: situation.visibleNames,
      holding: situation.holding,
      history: stepLines(
        shown.map((s) => s.text),
        first,
      ),
      step: String(this.history.length + 1),
    });
  }

  /** Embeds the texts not embedded yet (candidate phrases recur from step to step). */
  private async embed(texts: readonly string[], backend: SimilarityBackend): Promise<void> {
    const missing = texts.filter((t) => !this.vectors.has(`${backend}:${t}`));
    if (missing.length === 0) return;
    const vectors =
      backend === 'llm-embeddings' ? (await this.llm.embed(missing)).vectors : this.offline.embedSync(missing);
    missing.forEach((text, i) => {
      this.vectors.set(`${backend}:${text}`, unitVector(vectors[i]));
    });
  }

  private vector(text: string, backend: SimilarityBackend): Float32Array {
    return this.vectors.get(`${backend}:${text}`)!;
  }
}

/** `Step 1: Walk to kitchen.10` lines, numbered from `first`; the step text capitalised as the original shows it. */
function stepLines(steps: readonly string[], first: number): string {
  return steps.map((step, i) => `Step ${first + i}: ${step.charAt(0).toUpperCase()}${step.slice(1)}`).join('\n');
}
