/**
 * The `llama-cpp` provider: a local GGUF model run in process by node-llama-cpp. Chat prompts are rendered with
 * the model's own chat template; JSON output is constrained by a grammar built from the JSON schema; log-probs are
 * exact (raw logits of `controlledEvaluate`, normalised with the total logit weight), both for generated tokens
 * and for given continuations of a prompt; embeddings come from an embedding context. One context sequence serves
 * every call, one call at a time, so the evaluated prompt prefix is reused between calls.
 *
 * node-llama-cpp is imported lazily: commands that never touch a local model do not load the native addon.
 */
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import type {
  Llama,
  LlamaContext,
  LlamaContextSequence,
  LlamaEmbeddingContext,
  LlamaGrammar,
  LlamaModel,
  LlamaText,
  Token,
} from 'node-llama-cpp';
import { Rng } from '../../util/rng.js';
import { canonicalJson } from '../canonical.js';
import { ContextOverflowError, LlmError, UnsupportedCapabilityError } from '../errors.js';
import { parseStructuredOutput } from '../json-output.js';
import { Semaphore } from '../middleware/concurrency.js';
import type {
  BackendInfo,
  ChatChoice,
  ChatMessage,
  ChatRequest,
  ChatResponse,
  EmbedRequest,
  EmbedResponse,
  LlmBackend,
  ProbeReport,
  ScoreRequest,
  ScoreResponse,
  TokenLogprob,
} from '../types.js';
import { PROBE_ANSWER, PROBE_SCHEMA, runProbe } from './probe.js';

export type LlamaGpu = 'auto' | false | 'cuda' | 'vulkan' | 'metal';

export interface LlamaCppBackendOptions {
  /** Path of the .gguf file. */
  modelPath: string;
  /** CPU threads for evaluation. Default: all cores but one (on a 2-core machine: 1; more makes it crawl). */
  threads?: number;
  /** Context window in tokens. Default: the model's training context, at most 8192. */
  contextSize?: number;
  /** GPU backend; false forces the CPU. Default 'auto'. */
  gpu?: LlamaGpu;
}

export const DEFAULT_MAX_CONTEXT = 8192;

/**
 * The native library, loaded once per process and GPU choice: node-llama-cpp's `getLlama` first runs the binding in
 * a child process to test it (about a second of CPU) on every call, and one library serves any number of models. A
 * backend disposes its own model and context, never the library. A load that fails is not kept (the next asks again).
 */
const LIBRARIES = new Map<string, Promise<{ lib: NodeLlamaCpp; llama: Llama }>>();

function nativeLibrary(gpu: LlamaGpu): Promise<{ lib: NodeLlamaCpp; llama: Llama }> {
  const key = String(gpu);
  let loading = LIBRARIES.get(key);
  if (!loading) {
    loading = (async () => {
      const lib = await import('node-llama-cpp');
      const llama = await lib.getLlama({ gpu, build: 'never', logLevel: lib.LlamaLogLevel.error });
      return { lib, llama };
    })();
    loading.catch(() => LIBRARIES.delete(key));
    LIBRARIES.set(key, loading);
  }
  return loading;
}

export function defaultThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

type NodeLlamaCpp = typeof import('node-llama-cpp');

interface Loaded {
  lib: NodeLlamaCpp;
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  sequence: LlamaContextSequence;
  contextSize: number;
}

/** The identity of a llama-cpp backend: the file name, so that a recording replays on another machine. */
export function llamaCppBackendInfo(modelPath: string): BackendInfo {
  return { provider: 'llama-cpp', model: basename(modelPath) };
}

export class LlamaCppBackend implements LlmBackend {
  readonly info: BackendInfo;
  private loading?: Promise<Loaded>;
  private embeddingContext?: Promise<LlamaEmbeddingContext>;
  private readonly grammars = new Map<string, Promise<LlamaGrammar>>();
  /** One sequence, one call at a time. */
  private readonly lock = new Semaphore(1);
  readonly threads: number;

  constructor(private readonly options: LlamaCppBackendOptions) {
    this.info = llamaCppBackendInfo(options.modelPath);
    this.threads = options.threads ?? defaultThreads();
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const s = await this.load();
    return this.exclusive(async () => {
      const rendered = this.renderChat(s, request.messages);
      const tokens = rendered.text.tokenize(s.model.tokenizer);
      this.checkFits(s, tokens.length + request.maxTokens, 'chat');
      const grammar = request.jsonSchema ? await this.grammarFor(s, request.jsonSchema.schema) : undefined;
      const choices: ChatChoice[] = [];
      let completionTokens = 0;
      for (let i = 0; i < request.n; i++) {
        const seed = request.seed + i;
        const choice =
          request.topLogprobs !== undefined
            ? await this.generateWithLogprobs(s, tokens, request, seed, request.topLogprobs)
            : await this.generate(s, tokens, request, seed, grammar, rendered.stops);
        completionTokens += choice.tokens;
        choices.push(choice.choice);
      }
      return { choices, usage: { promptTokens: tokens.length, completionTokens } };
    });
  }

  async score(request: ScoreRequest): Promise<ScoreResponse> {
    const s = await this.load();
    return this.exclusive(async () => {
      const prompt = this.promptTokens(s, request.prompt, '');
      const logprobs: number[] = [];
      const tokenCounts: number[] = [];
      let promptTokens = 0;
      for (const continuation of request.continuations) {
        const full = this.promptTokens(s, request.prompt, continuation);
        this.checkFits(s, full.length, 'score');
        const start = Math.max(1, commonPrefixLength(prompt, full));
        const scored = await this.scoreTokens(s, full, start);
        logprobs.push(scored);
        tokenCounts.push(full.length - start);
        promptTokens += full.length;
      }
      return { logprobs, tokenCounts, usage: { promptTokens, completionTokens: 0 } };
    });
  }

  async embed(request: EmbedRequest): Promise<EmbedResponse> {
    const s = await this.load();
    const context = await this.loadEmbeddingContext(s);
    return this.exclusive(async () => {
      const vectors: number[][] = [];
      let promptTokens = 0;
      for (const text of request.texts) {
        const count = s.model.tokenize(text).length;
        this.checkFits(s, count, 'embed');
        promptTokens += count;
        const embedding = await context.getEmbeddingFor(text);
        vectors.push(Array.from(embedding.vector));
      }
      return { vectors, usage: { promptTokens, completionTokens: 0 } };
    });
  }

  async probe(): Promise<ProbeReport> {
    let dimension: number | undefined;
    // Loading is timed on its own, so that the chat check measures a chat.
    const loadStart = performance.now();
    const loaded = await this.load();
    const loadMs = Math.round(performance.now() - loadStart);
    const base: ChatRequest = {
      messages: [{ role: 'user', content: 'Is water wet? Answer yes or no.' }],
      temperature: 0,
      maxTokens: 4,
      stop: [],
      seed: 0,
      n: 1,
    };
    return runProbe(
      'llama-cpp',
      this.info.model,
      {
        chat: async () => {
          await this.chat(base);
          return `context ${loaded.contextSize} tokens, ${this.threads} thread(s), loaded in ${loadMs} ms`;
        },
        jsonSchema: async () => {
          const response = await this.chat({
            ...base,
            maxTokens: 24,
            jsonSchema: { name: 'probe', schema: PROBE_SCHEMA },
          });
          parseStructuredOutput(response.choices[0].text, PROBE_ANSWER, 'probe');
          return 'grammar-constrained';
        },
        logprobs: async () => {
          const response = await this.chat({ ...base, maxTokens: 1, topLogprobs: 5 });
          return response.choices[0].logprobs?.[0]?.top.length ? 'exact' : { unsupported: 'no log-probs returned' };
        },
        promptLogprobs: async () => {
          const response = await this.score({ prompt: 'The sky is', continuations: [' blue', ' green'] });
          return response.logprobs.every(Number.isFinite) ? 'exact' : { unsupported: 'non-finite log-probs' };
        },
        embeddings: async () => {
          const response = await this.embed({ texts: ['a probe sentence'] });
          dimension = response.vectors[0].length;
          return `dimension ${dimension}`;
        },
      },
      { embeddingDimension: () => dimension },
    );
  }

  async close(): Promise<void> {
    const loading = this.loading;
    this.loading = undefined;
    if (!loading) return;
    const s = await loading.catch(() => undefined);
    if (!s) return;
    if (this.embeddingContext) await (await this.embeddingContext.catch(() => undefined))?.dispose();
    await s.context.dispose();
    await s.model.dispose();
  }

  /** Loads the native library, the model and one context on first use. */
  load(): Promise<Loaded> {
    this.loading ??= this.loadNow();
    return this.loading;
  }

  private async loadNow(): Promise<Loaded> {
    const where = this.options.modelPath;
    let lib: NodeLlamaCpp;
    let llama: Llama;
    try {
      ({ lib, llama } = await nativeLibrary(this.options.gpu ?? 'auto'));
    } catch (error) {
      throw new LlmError(`node-llama-cpp cannot start on this machine: ${errorText(error)}`, { cause: error });
    }
    let model: LlamaModel;
    try {
      model = await llama.loadModel({ modelPath: where });
    } catch (error) {
      throw new LlmError(`${where}: cannot load the GGUF model: ${errorText(error)}`, { cause: error });
    }
    const contextSize = Math.min(this.options.contextSize ?? DEFAULT_MAX_CONTEXT, model.trainContextSize);
    const context = await model.createContext({ contextSize, threads: this.threads });
    return { lib, llama, model, context, sequence: context.getSequence(), contextSize };
  }

  private loadEmbeddingContext(s: Loaded): Promise<LlamaEmbeddingContext> {
    this.embeddingContext ??= s.model.createEmbeddingContext({ contextSize: s.contextSize, threads: this.threads });
    return this.embeddingContext;
  }

  private async exclusive<T>(run: () => Promise<T>): Promise<T> {
    await this.lock.acquire();
    try {
      return await run();
    } finally {
      this.lock.release();
    }
  }

  private checkFits(s: Loaded, needed: number, operation: string): void {
    if (needed > s.contextSize) {
      throw new ContextOverflowError(
        `${this.info.model}: the ${operation} request needs ${needed} tokens but the context window holds ${s.contextSize}`,
        s.contextSize,
        needed,
      );
    }
  }

  /** The chat rendered with the model's template, the assistant turn opened, and the template's stop triggers. */
  private renderChat(s: Loaded, messages: readonly ChatMessage[]): { text: LlamaText; stops: LlamaText[] } {
    const wrapper = s.lib.resolveChatWrapper(s.model);
    const chatHistory = messages.map((m) =>
      m.role === 'assistant' ? { type: 'model' as const, response: [m.content] } : { type: m.role, text: m.content },
    );
    const state = wrapper.generateContextState({ chatHistory: [...chatHistory, { type: 'model', response: [] }] });
    return { text: state.contextText, stops: state.stopGenerationTriggers.map((t) => s.lib.LlamaText(t)) };
  }

  /** Tokens of a prompt followed by a continuation: raw text after BOS, or the rendered chat plus the text. */
  private promptTokens(s: Loaded, prompt: string | ChatMessage[], continuation: string): Token[] {
    if (typeof prompt === 'string') {
      const bos = s.model.tokens.bos;
      const body = s.model.tokenize(prompt + continuation);
      return bos !== null && s.model.tokens.shouldPrependBosToken ? [bos, ...body] : body;
    }
    const rendered = this.renderChat(s, prompt).text;
    return s.lib.LlamaText([rendered, continuation]).tokenize(s.model.tokenizer);
  }

  /** Sum of log P(full[i] | full[<i]) for i >= start, from raw logits. */
  private async scoreTokens(s: Loaded, full: Token[], start: number): Promise<number> {
    const keep = await this.keepPrefix(s, full, start - 1);
    const input: ControlledInput = full.slice(keep).map((token, j) => {
      const index = keep + j;
      if (index < start - 1 || index >= full.length - 1) return token;
      return [token, { generateNext: exactNext([full[index + 1]], 0) }];
    });
    const output = await s.sequence.controlledEvaluate(input);
    let sum = 0;
    for (let index = start - 1; index < full.length - 1; index++) {
      const next = output[index - keep]?.next;
      if (!next?.logits || next.totalLogitWeight === undefined) {
        throw new LlmError(`${this.info.model}: llama.cpp returned no logits for a scored token`);
      }
      sum += logprobOf(next.logits, full[index + 1], next.totalLogitWeight);
    }
    return sum;
  }

  /**
   * Erases the sequence back to the longest prefix shared with `tokens`, but to at most `limit` tokens so that
   * the token at `limit` is evaluated again (its logits are needed). Returns the number of tokens kept.
   */
  private async keepPrefix(s: Loaded, tokens: Token[], limit: number): Promise<number> {
    const keep = Math.min(s.sequence.compareContextTokens(tokens).firstDifferentIndex, limit);
    if (s.sequence.nextTokenIndex > keep) {
      await s.sequence.eraseContextTokenRanges([{ start: keep, end: s.sequence.nextTokenIndex }]);
    }
    return keep;
  }

  /** Sampling with llama.cpp's sampler (temperature, seed, grammar, stop triggers). */
  private async generate(
    s: Loaded,
    tokens: Token[],
    request: ChatRequest,
    seed: number,
    grammar: LlamaGrammar | undefined,
    templateStops: LlamaText[],
  ): Promise<{ choice: ChatChoice; tokens: number }> {
    const completion = new s.lib.LlamaCompletion({ contextSequence: s.sequence });
    // Stop strings are matched on the text here: node-llama-cpp's own triggers miss strings that start with a space.
    const abort = new AbortController();
    let text = '';
    let generated = 0;
    const result = await completion.generateCompletionWithMeta(tokens, {
      maxTokens: request.maxTokens,
      temperature: request.temperature,
      seed,
      grammar,
      customStopTriggers: templateStops,
      disableContextShift: true,
      signal: abort.signal,
      stopOnAbortSignal: true,
      onToken: (chunk) => {
        generated += chunk.length;
      },
      onTextChunk: (chunk) => {
        text += chunk;
        if (firstStop(text, request.stop) !== undefined) abort.abort();
      },
    });
    const stopAt = firstStop(result.response, request.stop);
    if (stopAt !== undefined)
      return { choice: { text: result.response.slice(0, stopAt), finishReason: 'stop' }, tokens: generated };
    const finishReason = result.metadata.stopReason === 'maxTokens' ? 'length' : 'stop';
    return { choice: { text: result.response, finishReason }, tokens: generated };
  }

  /**
   * Token-by-token generation that also reports exact log-probs: each step reads the raw logits of the whole
   * vocabulary and samples from softmax(logits / T) with a seeded Rng (greedy at T = 0). llama.cpp's sampler is not
   * used here because the logits it reports are those after its own sampling transforms.
   */
  private async generateWithLogprobs(
    s: Loaded,
    prompt: Token[],
    request: ChatRequest,
    seed: number,
    topLogprobs: number,
  ): Promise<{ choice: ChatChoice; tokens: number }> {
    const rng = new Rng(seed);
    const greedy = !(request.temperature > 0);
    const keep = await this.keepPrefix(s, prompt, prompt.length - 1);
    let pending = prompt.slice(keep);
    const generated: Token[] = [];
    const logprobs: TokenLogprob[] = [];
    let finishReason: 'stop' | 'length' = 'length';
    let text = '';
    while (generated.length < request.maxTokens) {
      const last = pending.length - 1;
      // Greedy: llama.cpp picks the top token and reports its logit and the top k. Sampling: the whole
      // vocabulary's raw logits come back and the seeded Rng draws from softmax(logits / T).
      const generateNext = greedy ? exactNext([], topLogprobs) : { logits: true, totalLogitWeight: true };
      const input: ControlledInput = pending.map((token, j) => (j === last ? [token, { generateNext }] : token));
      const output = await s.sequence.controlledEvaluate(input);
      const next = output[last]?.next;
      if (!next?.logits || next.totalLogitWeight === undefined) {
        throw new LlmError(`${this.info.model}: llama.cpp returned no logits during generation`);
      }
      const token = greedy ? (next.token as Token) : pickToken(next.logits, request.temperature, rng);
      if (s.model.isEogToken(token)) {
        finishReason = 'stop';
        break;
      }
      const before = generated.slice();
      generated.push(token);
      const normalizer = logNormalizer(next.logits, next.totalLogitWeight);
      const entry: TokenLogprob = {
        token: s.model.detokenize([token], false, before),
        logprob: (next.logits.get(token) as number) - normalizer,
        top: [],
      };
      for (const [alternative, logit] of next.logits) {
        if (entry.top.length >= topLogprobs) break;
        entry.top.push({ token: s.model.detokenize([alternative], false, before), logprob: logit - normalizer });
      }
      logprobs.push(entry);
      text = s.model.detokenize(generated);
      const stopAt = firstStop(text, request.stop);
      if (stopAt !== undefined) {
        text = text.slice(0, stopAt);
        finishReason = 'stop';
        break;
      }
      pending = [token];
    }
    return { choice: { text, finishReason, logprobs }, tokens: generated.length };
  }

  private grammarFor(s: Loaded, schema: Record<string, unknown>): Promise<LlamaGrammar> {
    const key = canonicalJson(schema);
    let grammar = this.grammars.get(key);
    if (!grammar) {
      grammar = s.llama.createGrammarForJsonSchema(schema as never).catch((error: unknown) => {
        this.grammars.delete(key);
        throw new UnsupportedCapabilityError(
          `the JSON schema uses features the llama.cpp grammar cannot express: ${errorText(error)}`,
          { cause: error },
        );
      });
      this.grammars.set(key, grammar);
    }
    return grammar;
  }
}

type ControlledInput = Parameters<LlamaContextSequence['controlledEvaluate']>[0];

/**
 * Options for an exact next-token distribution: a greedy (temperature 0) draw makes llama.cpp report the top
 * token's logit (the maximum) next to the requested ones, at a fifth of the cost of asking for the top token
 * through the filter, and temperature 0 leaves the logits raw. With `totalLogitWeight` that gives exact
 * log-softmax values.
 */
function exactNext(tokens: Token[], top: number) {
  return {
    token: true,
    options: { temperature: 0 },
    logits: { filter: { tokens, includeSelected: true, includeTop: top } },
    totalLogitWeight: true,
  };
}

/**
 * log(sum(exp(logits))) of the whole vocabulary, from a logits map that holds the top token and the total weight
 * sum(exp(logit - max)): a token's log-prob is its logit minus this. (The filter's `includeMax` option does not add
 * the top token in node-llama-cpp 3.22.1, hence `exactNext`.)
 */
function logNormalizer(logits: Map<Token, number>, totalLogitWeight: number): number {
  let max = Number.NEGATIVE_INFINITY;
  for (const value of logits.values()) if (value > max) max = value;
  return max + Math.log(totalLogitWeight);
}

function logprobOf(logits: Map<Token, number>, token: Token, totalLogitWeight: number): number {
  const logit = logits.get(token);
  if (logit === undefined) throw new LlmError('llama.cpp returned no logit for the requested token');
  return logit - logNormalizer(logits, totalLogitWeight);
}

/** A draw from softmax(logits / T) over the whole vocabulary; the map's order (by logit) makes it stable. */
function pickToken(logits: Map<Token, number>, temperature: number, rng: Rng): Token {
  const max = logits.values().next().value as number;
  const tokens: Token[] = [];
  const weights: number[] = [];
  for (const [token, logit] of logits) {
    tokens.push(token);
    weights.push(Math.exp((logit - max) / temperature));
  }
  return tokens[rng.weighted(weights)];
}

function commonPrefixLength(a: readonly Token[], b: readonly Token[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

function firstStop(text: string, stops: readonly string[]): number | undefined {
  let best: number | undefined;
  for (const stop of stops) {
    const at = stop === '' ? -1 : text.indexOf(stop);
    if (at >= 0 && (best === undefined || at < best)) best = at;
  }
  return best;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
