/**
 * `LanguageModel`: what agents call. Each method picks its path from the backend's probed capabilities:
 * - `structured`: JSON-schema-constrained output when the backend has it, else the schema in the prompt; the
 *   answer is always parsed and validated with the zod schema (`InvalidOutputError` when it fails).
 * - `scoreOptions`: exact log-likelihood of each option as a continuation of the prompt (SayCan) when the backend
 *   scores prompts, else sampling (`samples` answers at `sampleTemperature`, ExRAP's 10 at T = 0.33) and counting.
 * - `yesNo`: P(yes)/P(no) from the first token's top log-probs, else from scoring "yes"/"no" continuations, else by
 *   sampling and counting.
 * - `embed`: vectors of one fixed dimension.
 * All randomness is the request's seed, so a call is reproducible and cacheable.
 */
import type { z } from 'zod';
import { InputError } from '../util/errors.js';
import { LlmError, UnsupportedCapabilityError } from './errors.js';
import { jsonSchemaOf, parseStructuredOutput } from './json-output.js';
import { accountBackend, LlmLedger } from './middleware/accounting.js';
import {
  matchOption,
  NO_CONTINUATIONS,
  normalizeOptionText,
  normalizeYesNo,
  parseYesNoAnswer,
  probabilitiesFromCounts,
  softmax,
  YES_CONTINUATIONS,
  type YesNo,
  yesNoOfToken,
} from './scoring.js';
import { toMessages } from './transcript.js';
import type {
  Capabilities,
  CapabilityName,
  ChatMessage,
  ChatRequest,
  ChatResponse,
  FinishReason,
  LlmBackend,
  ProbeReport,
  Prompt,
  TokenLogprob,
  TokenUsage,
} from './types.js';

/** ExRAP's sampling settings (Table A.4): 10 evaluations at temperature 0.33, at most 40 new tokens. */
export const PAPER_SAMPLING = { samples: 10, temperature: 0.33, maxTokens: 40 } as const;

export interface LanguageModelSettings {
  /** Default temperature of `chat` and `structured` (the papers' 0.33). */
  temperature: number;
  /** Default new-token limit of `chat` and `structured`. */
  maxTokens: number;
  /** Default seed of every request. */
  seed: number;
  /** Samples drawn by the sampling fallbacks of `scoreOptions` and `yesNo`. */
  samples: number;
  sampleTemperature: number;
  sampleMaxTokens: number;
  /** Alternatives requested per token on the log-prob path of `yesNo` (OpenAI allows at most 20). */
  topLogprobs: number;
  /** Additive smoothing of sampled option counts, so that unsampled options keep a finite log-likelihood. */
  smoothing: number;
  /** Capabilities to ignore even when the backend has them (to force or measure the fallbacks). */
  disabledCapabilities: CapabilityName[];
  /**
   * The model's context window in tokens when the configuration names it (`contextSize`, HEARTH_LLM_CONTEXT_SIZE),
   * for agents that size their prompts against it (HELPER's prompt-length guard); undefined: unknown.
   */
  contextSize?: number;
}

export const DEFAULT_SETTINGS: Readonly<LanguageModelSettings> = Object.freeze({
  temperature: PAPER_SAMPLING.temperature,
  maxTokens: 256,
  seed: 0,
  samples: PAPER_SAMPLING.samples,
  sampleTemperature: PAPER_SAMPLING.temperature,
  sampleMaxTokens: PAPER_SAMPLING.maxTokens,
  topLogprobs: 20,
  smoothing: 0.1,
  disabledCapabilities: [],
});

export interface GenerationOptions {
  temperature?: number;
  maxTokens?: number;
  stop?: string[];
  seed?: number;
}

export interface ChatOptions extends GenerationOptions {
  /** Number of samples (default 1). Servers that ignore `n` are asked again with the following seeds. */
  n?: number;
  /** Return this many top alternatives per token (needs the `logprobs` capability). */
  topLogprobs?: number;
}

export interface ChatResult {
  /** The first sample. */
  text: string;
  /** Every sample, in seed order. */
  texts: string[];
  finishReasons: FinishReason[];
  /** Per sample, when `topLogprobs` was asked. */
  logprobs?: (TokenLogprob[] | undefined)[];
  usage: TokenUsage;
}

export interface StructuredOptions extends GenerationOptions {
  /** Name of the schema, shown to servers and in errors. Default "output". */
  name?: string;
}

export interface StructuredResult<T> {
  value: T;
  /** The raw model output. */
  text: string;
  /** 'json-schema': constrained by the backend; 'prompted': the schema was only shown in the prompt. */
  method: 'json-schema' | 'prompted';
  usage: TokenUsage;
}

/** 'auto': the cheapest exact path the backend has; 'logprobs': a log-prob path or an error; 'sampling': forced. */
export type EstimateMethod = 'auto' | 'logprobs' | 'sampling';

export interface SamplingOptions {
  samples?: number;
  temperature?: number;
  maxTokens?: number;
  seed?: number;
}

export interface ScoreOptionsOptions extends SamplingOptions {
  method?: EstimateMethod;
  smoothing?: number;
  /** Prompt for the sampling path when it should differ (e.g. list the options for the model to pick one). */
  samplingPrompt?: Prompt;
}

export interface OptionScores {
  options: string[];
  /** log P(option | prompt): exact sums of token log-probs, or log of the smoothed sampled frequency. */
  logLikelihoods: number[];
  /** Normalised over the options (softmax of the log-likelihoods); sums to 1. */
  probabilities: number[];
  method: 'prompt-logprobs' | 'sampling';
  /** Tokens per option (log-prob path), for length normalisation. */
  tokenCounts?: number[];
  /** Samples that named each option (sampling path). */
  counts?: number[];
  /** Samples that named no option (sampling path). */
  unmatched?: number;
  /** The sampled answers (sampling path). */
  samples?: string[];
  usage: TokenUsage;
}

export interface YesNoOptions extends SamplingOptions {
  method?: EstimateMethod;
}

export interface YesNoResult {
  pYes: number;
  pNo: number;
  method: 'token-logprobs' | 'prompt-logprobs' | 'sampling';
  /** Each sampled answer read as yes, no or neither (sampling path), e.g. for ExRAP's consistency filter. */
  answers?: (YesNo | null)[];
  usage: TokenUsage;
}

export interface EmbedResult {
  vectors: number[][];
  dimension: number;
  usage: TokenUsage;
}

export interface LanguageModel {
  /** The wrapped primitive backend (for wrappers and diagnostics). */
  readonly backend: LlmBackend;
  readonly settings: Readonly<LanguageModelSettings>;
  /** What the backend can do (probed once, then shared by every model derived from this one). */
  capabilities(): Promise<Capabilities>;
  /** The full probe report, with latencies. */
  probe(): Promise<ProbeReport>;
  chat(prompt: Prompt, options?: ChatOptions): Promise<ChatResult>;
  structured<T>(prompt: Prompt, schema: z.ZodType<T>, options?: StructuredOptions): Promise<StructuredResult<T>>;
  scoreOptions(prompt: Prompt, options: readonly string[], opts?: ScoreOptionsOptions): Promise<OptionScores>;
  yesNo(prompt: Prompt, opts?: YesNoOptions): Promise<YesNoResult>;
  embed(texts: readonly string[]): Promise<EmbedResult>;
  /** Frees the backend. Models derived with `wrapLanguageModel` share it: close the original. */
  close(): Promise<void>;
}

export function createLanguageModel(backend: LlmBackend, settings: Partial<LanguageModelSettings> = {}): LanguageModel {
  return new WrappedModel(backend, { ...DEFAULT_SETTINGS, ...settings }, new ProbeMemo(backend), true);
}

/**
 * A model over the same backend with extra wrappers and/or other settings. It shares the original's probe result
 * and lifetime (its `close` does nothing).
 */
export function wrapLanguageModel(
  model: LanguageModel,
  wrap: (backend: LlmBackend) => LlmBackend = (b) => b,
  settings: Partial<LanguageModelSettings> = {},
): LanguageModel {
  const memo = model instanceof WrappedModel ? model.probeMemo : new ProbeMemo(model.backend);
  return new WrappedModel(wrap(model.backend), { ...model.settings, ...settings }, memo, false);
}

/**
 * A model that records its calls in a new ledger (a child of `parent` when given): one per agent, read per
 * episode with `ledger.snapshot()` / `ledger.reset()`.
 */
export function withAccounting(model: LanguageModel, parent?: LlmLedger): { model: LanguageModel; ledger: LlmLedger } {
  const ledger = new LlmLedger(parent);
  return { model: wrapLanguageModel(model, (backend) => accountBackend(backend, ledger)), ledger };
}

class ProbeMemo {
  private report?: Promise<ProbeReport>;
  constructor(private readonly backend: LlmBackend) {}
  get(): Promise<ProbeReport> {
    if (!this.report) {
      this.report = this.backend.probe();
      // A failed probe (server down) is not remembered: the next call tries again.
      this.report.catch(() => {
        this.report = undefined;
      });
    }
    return this.report;
  }
}

const ZERO_USAGE: TokenUsage = { promptTokens: 0, completionTokens: 0 };

function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return { promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens };
}

class WrappedModel implements LanguageModel {
  private dimension?: number;

  constructor(
    readonly backend: LlmBackend,
    readonly settings: Readonly<LanguageModelSettings>,
    readonly probeMemo: ProbeMemo,
    private readonly ownsBackend: boolean,
  ) {
    validateSettings(settings);
  }

  probe(): Promise<ProbeReport> {
    return this.probeMemo.get();
  }

  async capabilities(): Promise<Capabilities> {
    const caps = { ...(await this.probe()).capabilities };
    for (const name of this.settings.disabledCapabilities) caps[name] = false;
    return caps;
  }

  async chat(prompt: Prompt, options: ChatOptions = {}): Promise<ChatResult> {
    const n = options.n ?? 1;
    if (!Number.isInteger(n) || n < 1) throw new RangeError(`chat needs n >= 1, got ${n}`);
    const request: ChatRequest = {
      messages: toMessages(prompt),
      temperature: options.temperature ?? this.settings.temperature,
      maxTokens: options.maxTokens ?? this.settings.maxTokens,
      stop: options.stop ?? [],
      seed: options.seed ?? this.settings.seed,
      n,
    };
    if (options.topLogprobs !== undefined) {
      if (!(await this.capabilities()).logprobs) {
        throw new UnsupportedCapabilityError(`${this.backend.info.model} does not return token log-probs`);
      }
      request.topLogprobs = options.topLogprobs;
    }
    const { choices, usage } = await this.sample(request);
    const result: ChatResult = {
      text: choices[0].text,
      texts: choices.map((c) => c.text),
      finishReasons: choices.map((c) => c.finishReason),
      usage,
    };
    if (options.topLogprobs !== undefined) result.logprobs = choices.map((c) => c.logprobs);
    return result;
  }

  /** Asks for `n` samples; a backend that returns fewer is asked again, each time from the next unused seed. */
  private async sample(request: ChatRequest): Promise<{ choices: ChatResponse['choices']; usage: TokenUsage }> {
    const choices: ChatResponse['choices'] = [];
    let usage = ZERO_USAGE;
    while (choices.length < request.n) {
      const response = await this.backend.chat({
        ...request,
        n: request.n - choices.length,
        seed: request.seed + choices.length,
      });
      if (response.choices.length === 0) throw new LlmError(`${this.backend.info.model} returned no answer`);
      choices.push(...response.choices.slice(0, request.n - choices.length));
      usage = addUsage(usage, response.usage);
    }
    return { choices, usage };
  }

  async structured<T>(
    prompt: Prompt,
    schema: z.ZodType<T>,
    options: StructuredOptions = {},
  ): Promise<StructuredResult<T>> {
    const name = (options.name ?? 'output').replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
    const jsonSchema = jsonSchemaOf(schema);
    const base: ChatRequest = {
      messages: toMessages(prompt),
      temperature: options.temperature ?? this.settings.temperature,
      maxTokens: options.maxTokens ?? this.settings.maxTokens,
      stop: options.stop ?? [],
      seed: options.seed ?? this.settings.seed,
      n: 1,
    };
    if ((await this.capabilities()).jsonSchema) {
      try {
        const response = await this.backend.chat({ ...base, jsonSchema: { name, schema: jsonSchema } });
        const text = response.choices[0]?.text ?? '';
        return { value: parseStructuredOutput(text, schema, name), text, method: 'json-schema', usage: response.usage };
      } catch (error) {
        // A schema the backend cannot enforce (e.g. beyond its grammar converter) is still asked for in the prompt.
        if (!(error instanceof UnsupportedCapabilityError)) throw error;
      }
    }
    const response = await this.backend.chat({ ...base, messages: withSchemaInstruction(base.messages, jsonSchema) });
    const text = response.choices[0]?.text ?? '';
    return { value: parseStructuredOutput(text, schema, name), text, method: 'prompted', usage: response.usage };
  }

  async scoreOptions(
    prompt: Prompt,
    options: readonly string[],
    opts: ScoreOptionsOptions = {},
  ): Promise<OptionScores> {
    if (options.length === 0) throw new InputError('scoreOptions needs at least one option');
    const method = opts.method ?? 'auto';
    const list = [...options];
    if (method !== 'sampling' && (await this.capabilities()).promptLogprobs) {
      const response = await this.backend.score({
        prompt: typeof prompt === 'string' ? prompt : toMessages(prompt),
        continuations: list,
      });
      return {
        options: list,
        logLikelihoods: response.logprobs,
        probabilities: softmax(response.logprobs),
        method: 'prompt-logprobs',
        tokenCounts: response.tokenCounts,
        usage: response.usage,
      };
    }
    if (method === 'logprobs') {
      throw new UnsupportedCapabilityError(`${this.backend.info.model} cannot score prompts (no echo log-probs)`);
    }
    const sampled = await this.chat(opts.samplingPrompt ?? prompt, this.samplingChatOptions(opts));
    const normalized = list.map(normalizeOptionText);
    const counts = list.map(() => 0);
    let unmatched = 0;
    for (const text of sampled.texts) {
      const index = matchOption(text, normalized);
      if (index < 0) unmatched++;
      else counts[index]++;
    }
    const probabilities = probabilitiesFromCounts(counts, opts.smoothing ?? this.settings.smoothing);
    return {
      options: list,
      logLikelihoods: probabilities.map(Math.log),
      probabilities,
      method: 'sampling',
      counts,
      unmatched,
      samples: sampled.texts,
      usage: sampled.usage,
    };
  }

  async yesNo(prompt: Prompt, opts: YesNoOptions = {}): Promise<YesNoResult> {
    const method = opts.method ?? 'auto';
    const messages = toMessages(prompt);
    const caps = await this.capabilities();
    let usage = ZERO_USAGE;
    if (method !== 'sampling' && caps.logprobs) {
      const response = await this.backend.chat({
        messages,
        temperature: 0,
        maxTokens: 1,
        stop: [],
        seed: opts.seed ?? this.settings.seed,
        n: 1,
        topLogprobs: this.settings.topLogprobs,
      });
      usage = addUsage(usage, response.usage);
      const first = response.choices[0]?.logprobs?.[0];
      const masses = { yes: 0, no: 0 };
      for (const alternative of first ? [...first.top] : []) {
        const word = yesNoOfToken(alternative.token);
        if (word) masses[word] += Math.exp(alternative.logprob);
      }
      const p = normalizeYesNo(masses.yes, masses.no);
      if (p) return { ...p, method: 'token-logprobs', usage };
    }
    if (method !== 'sampling' && caps.promptLogprobs) {
      const response = await this.backend.score({
        prompt: messages,
        continuations: [...YES_CONTINUATIONS, ...NO_CONTINUATIONS],
      });
      usage = addUsage(usage, response.usage);
      const k = YES_CONTINUATIONS.length;
      const mass = (from: number, to: number) =>
        response.logprobs.slice(from, to).reduce((sum, lp) => sum + Math.exp(lp), 0);
      const p = normalizeYesNo(mass(0, k), mass(k, response.logprobs.length));
      if (p) return { ...p, method: 'prompt-logprobs', usage };
    }
    if (method === 'logprobs') {
      throw new UnsupportedCapabilityError(`${this.backend.info.model} gave no log-prob evidence for yes or no`);
    }
    const sampled = await this.chat(messages, this.samplingChatOptions(opts));
    const answers = sampled.texts.map((text) => parseYesNoAnswer(text) ?? null);
    const yes = answers.filter((a) => a === 'yes').length;
    const no = answers.filter((a) => a === 'no').length;
    const p = normalizeYesNo(yes, no) ?? { pYes: 0.5, pNo: 0.5 };
    return { ...p, method: 'sampling', answers, usage: addUsage(usage, sampled.usage) };
  }

  async embed(texts: readonly string[]): Promise<EmbedResult> {
    if (texts.length === 0) return { vectors: [], dimension: this.dimension ?? 0, usage: ZERO_USAGE };
    if (!(await this.capabilities()).embeddings) {
      throw new UnsupportedCapabilityError(
        `${this.backend.info.embeddingModel ?? this.backend.info.model} has no embeddings`,
      );
    }
    const response = await this.backend.embed({ texts: [...texts] });
    const dimension = this.dimension ?? response.vectors[0]?.length ?? 0;
    if (response.vectors.length !== texts.length || response.vectors.some((v) => v.length !== dimension)) {
      throw new LlmError(
        `${this.backend.info.model}: embeddings of inconsistent count or dimension (expected ${dimension})`,
      );
    }
    this.dimension = dimension;
    return { vectors: response.vectors, dimension, usage: response.usage };
  }

  async close(): Promise<void> {
    if (this.ownsBackend) await this.backend.close();
  }

  private samplingChatOptions(opts: SamplingOptions): ChatOptions {
    return {
      n: opts.samples ?? this.settings.samples,
      temperature: opts.temperature ?? this.settings.sampleTemperature,
      maxTokens: opts.maxTokens ?? this.settings.sampleMaxTokens,
      seed: opts.seed ?? this.settings.seed,
    };
  }
}

/** The messages with an instruction to answer with JSON conforming to the schema (for backends without it). */
function withSchemaInstruction(messages: ChatMessage[], schema: Record<string, unknown>): ChatMessage[] {
  const instruction = `Reply with only a JSON value that conforms to this JSON schema, and no other text:\n${JSON.stringify(schema)}`;
  const last = messages.at(-1);
  if (last?.role === 'user') {
    return [...messages.slice(0, -1), { role: 'user', content: `${last.content}\n\n${instruction}` }];
  }
  return [...messages, { role: 'user', content: instruction }];
}

function validateSettings(s: Readonly<LanguageModelSettings>): void {
  const positiveInt = ['maxTokens', 'samples', 'sampleMaxTokens', 'topLogprobs'] as const;
  for (const key of positiveInt) {
    if (!Number.isInteger(s[key]) || s[key] < 1)
      throw new InputError(`LLM setting ${key} must be a positive integer, got ${s[key]}`);
  }
  for (const key of ['temperature', 'sampleTemperature', 'smoothing'] as const) {
    if (!(s[key] >= 0)) throw new InputError(`LLM setting ${key} must be >= 0, got ${s[key]}`);
  }
  if (!Number.isInteger(s.seed)) throw new InputError(`LLM setting seed must be an integer, got ${s.seed}`);
}
