/**
 * The `openai` provider: any OpenAI-compatible server (OpenAI, vLLM, llama.cpp server, Ollama, LM Studio, hosted
 * APIs) through the official SDK. Thin by design: it maps the primitive requests onto chat completions
 * (`response_format` json_schema, `logprobs`/`top_logprobs`), the legacy completions endpoint (`echo` + `logprobs`
 * for prompt scoring) and `/embeddings`, and maps every failure onto the typed errors. The SDK's own retries are
 * off: retrying is the job of the retry wrapper. The SDK (some 150 modules) is imported when the first call is made, so
 * that commands and worker threads that never call a server do not load it.
 */
import type OpenAI from 'openai';
import {
  ContextOverflowError,
  LlmAuthError,
  LlmError,
  LlmModelNotFoundError,
  LlmRateLimitError,
  LlmRequestError,
  LlmResponseError,
  LlmServerError,
  LlmTimeoutError,
  LlmUnreachableError,
  looksLikeContextOverflow,
  oneLine,
  UnsupportedCapabilityError,
} from '../errors.js';
import { parseStructuredOutput } from '../json-output.js';
import { estimateTokens, renderTranscript } from '../transcript.js';
import type {
  BackendInfo,
  ChatChoice,
  ChatRequest,
  ChatResponse,
  EmbedRequest,
  EmbedResponse,
  FinishReason,
  LlmBackend,
  ProbeReport,
  ScoreRequest,
  ScoreResponse,
  TokenUsage,
  Transfer,
} from '../types.js';
import { type EchoedTokens, EchoScoresError, readEchoScores } from './echo-scores.js';
import { type CheckOutcome, PROBE_ANSWER, PROBE_SCHEMA, runProbe } from './probe.js';
import { meteredFetch, meterOptions, newTransfer } from './transfer-meter.js';

export interface OpenAiBackendOptions {
  /** Server URL including the API prefix, e.g. http://127.0.0.1:8080/v1. Default: OpenAI's. */
  baseUrl?: string;
  /** API key; local servers accept any (a placeholder is sent when none is given). */
  apiKey?: string;
  model: string;
  /** Model for /embeddings when it differs from the chat model. */
  embeddingModel?: string;
  /** Per-request timeout. Default 120 s. */
  timeoutMs?: number;
  /** Send `strict: true` with JSON schemas (OpenAI then enforces them exactly). Default true. */
  jsonStrict?: boolean;
}

export const DEFAULT_OPENAI_TIMEOUT_MS = 120_000;
/** OpenAI's ceiling for `top_logprobs`; other servers accept at least as many. */
export const MAX_TOP_LOGPROBS = 20;

type Sdk = typeof import('openai');
/** A request's own options (the SDK's second argument of `create`). */
type RequestOptions = NonNullable<Parameters<OpenAI['embeddings']['create']>[1]>;
let sdk: Sdk | undefined;

async function loadSdk(): Promise<Sdk> {
  sdk ??= await import('openai');
  return sdk;
}

/** The identity of an openai backend (what its answers depend on). */
export function openAiBackendInfo(model: string, embeddingModel?: string): BackendInfo {
  return embeddingModel && embeddingModel !== model
    ? { provider: 'openai', model, embeddingModel }
    : { provider: 'openai', model };
}

export class OpenAiBackend implements LlmBackend {
  readonly info: BackendInfo;
  private clientMade: Promise<OpenAI> | undefined;
  /** The server, as errors name it: the SDK's base URL once the client exists. */
  private where: string;
  private maxTokensField: 'max_tokens' | 'max_completion_tokens' = 'max_tokens';
  /**
   * Alternatives per token asked of the completions endpoint when scoring: 0, the echoed tokens' own log-probs and
   * nothing else (scoring sums those; an alternative per token was a third of a vLLM answer); 1 for a server that
   * answers 0 with no log-probs at all, found on the first scoring and kept.
   */
  private scoreAlternatives: 0 | 1 = 0;

  constructor(private readonly options: OpenAiBackendOptions) {
    this.info = openAiBackendInfo(options.model, options.embeddingModel);
    this.where = options.baseUrl ?? 'https://api.openai.com/v1';
  }

  /** The SDK's client, made on first use. */
  private client(): Promise<OpenAI> {
    this.clientMade ??= loadSdk().then(({ default: OpenAiClient }) => {
      const client = new OpenAiClient({
        baseURL: this.options.baseUrl,
        apiKey: this.options.apiKey ?? 'no-key',
        timeout: this.options.timeoutMs ?? DEFAULT_OPENAI_TIMEOUT_MS,
        maxRetries: 0,
        fetch: meteredFetch(fetchWithWrappedErrors),
      });
      this.where = client.baseURL;
      return client;
    });
    return this.clientMade;
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
      model: this.options.model,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      temperature: request.temperature,
      seed: request.seed,
    };
    body[this.maxTokensField] = request.maxTokens;
    if (request.n > 1) body.n = request.n;
    if (request.stop.length > 0) body.stop = request.stop;
    if (request.jsonSchema) {
      body.response_format = {
        type: 'json_schema',
        json_schema: {
          name: request.jsonSchema.name,
          schema: request.jsonSchema.schema,
          strict: this.options.jsonStrict ?? true,
        },
      };
    }
    if (request.topLogprobs !== undefined) {
      body.logprobs = true;
      body.top_logprobs = Math.min(request.topLogprobs, MAX_TOP_LOGPROBS);
    }
    let completion: OpenAI.Chat.ChatCompletion;
    let transfer: Transfer;
    try {
      ({ value: completion, transfer } = await this.call('chat', async (options) =>
        (await this.client()).chat.completions.create(body, options),
      ));
    } catch (error) {
      // OpenAI's reasoning models refuse max_tokens and ask for max_completion_tokens: switch once, for good.
      if (!(error instanceof LlmRequestError && /max_completion_tokens/.test(error.message))) throw error;
      if (this.maxTokensField === 'max_completion_tokens') throw error;
      this.maxTokensField = 'max_completion_tokens';
      return this.chat(request);
    }
    const choices = [...(completion.choices ?? [])]
      .sort((a, b) => a.index - b.index)
      .map((choice): ChatChoice => {
        const out: ChatChoice = {
          text: choice.message?.content ?? '',
          finishReason: finishReason(choice.finish_reason),
        };
        const content = choice.logprobs?.content;
        if (request.topLogprobs !== undefined && content) {
          out.logprobs = content.map((t) => ({
            token: t.token,
            logprob: t.logprob,
            top: (t.top_logprobs ?? []).map((alt) => ({ token: alt.token, logprob: alt.logprob })),
          }));
        }
        return out;
      });
    if (choices.length === 0) throw new LlmRequestError(`${this.where}: chat completion without choices`);
    return {
      choices,
      usage: usageOf(completion.usage, () => ({
        promptTokens: estimateTokens(request.messages.map((m) => m.content).join('\n')),
        completionTokens: choices.reduce((sum, c) => sum + estimateTokens(c.text), 0),
      })),
      transfer,
    };
  }

  /**
   * Scores continuations with the completions endpoint: each prompt+continuation is echoed with the log-prob of
   * every token; the tokens past the prompt's end are summed. One request for all continuations. The answer is read
   * from its bytes by `readEchoScores` (the tokens' lengths and log-probs, checked), not parsed whole by the SDK.
   */
  async score(request: ScoreRequest): Promise<ScoreResponse> {
    const prompt = typeof request.prompt === 'string' ? request.prompt : renderTranscript(request.prompt);
    const texts = request.continuations.map((c) => prompt + c);
    const { value: answer, transfer } = await this.call('score', async (options) => {
      const response = await (await this.client()).completions
        .create(
          {
            model: this.options.model,
            prompt: texts,
            // Some servers reject max_tokens 0 with echo; the one generated token lies past the text and is ignored.
            max_tokens: 1,
            temperature: 0,
            echo: true,
            logprobs: this.scoreAlternatives,
          },
          options,
        )
        .asResponse();
      const body = new Uint8Array(await response.arrayBuffer());
      try {
        return readEchoScores(body);
      } catch (error) {
        if (!(error instanceof EchoScoresError)) throw error;
        throw new LlmResponseError(`${this.where}: the completions endpoint's answer is malformed: ${error.message}`);
      }
    });
    if (answer.choices.length !== texts.length) {
      throw new UnsupportedCapabilityError(
        `${this.where}: completions endpoint returned ${answer.choices.length} choices for ${texts.length} prompts (prompt batching unsupported)`,
      );
    }
    const logprobs: number[] = [];
    const tokenCounts: number[] = [];
    for (let i = 0; i < texts.length; i++) {
      const scored = continuationLogprob(answer.choices[i], prompt.length, texts[i].length);
      if (scored === undefined && this.scoreAlternatives === 0) {
        this.scoreAlternatives = 1;
        return this.score(request);
      }
      if (scored === undefined) {
        throw new UnsupportedCapabilityError(`${this.where}: the completions endpoint does not echo prompt log-probs`);
      }
      logprobs.push(scored.logprob);
      tokenCounts.push(scored.tokens);
    }
    const usage = answer.usage && {
      prompt_tokens: answer.usage.promptTokens,
      completion_tokens: answer.usage.completionTokens,
    };
    return {
      logprobs,
      tokenCounts,
      usage: usageOf(usage, () => ({
        promptTokens: texts.reduce((sum, t) => sum + estimateTokens(t), 0),
        completionTokens: texts.length,
      })),
      transfer,
    };
  }

  async embed(request: EmbedRequest): Promise<EmbedResponse> {
    const model = this.options.embeddingModel ?? this.options.model;
    const { value: result, transfer } = await this.call('embed', async (options) =>
      (await this.client()).embeddings.create({ model, input: request.texts, encoding_format: 'float' }, options),
    );
    const data = [...(result.data ?? [])].sort((a, b) => a.index - b.index);
    if (data.length !== request.texts.length || !data.every((d) => Array.isArray(d.embedding))) {
      throw new UnsupportedCapabilityError(`${this.where}: /embeddings returned no vectors for model "${model}"`);
    }
    const promptTokens = result.usage?.prompt_tokens ?? request.texts.reduce((s, t) => s + estimateTokens(t), 0);
    return { vectors: data.map((d) => d.embedding), usage: { promptTokens, completionTokens: 0 }, transfer };
  }

  async probe(): Promise<ProbeReport> {
    let dimension: number | undefined;
    const base: ChatRequest = { messages: [], temperature: 0, maxTokens: 8, stop: [], seed: 0, n: 1 };
    return runProbe(
      'openai',
      this.options.model,
      {
        chat: async () => {
          await this.chat({ ...base, messages: [{ role: 'user', content: 'Reply with the word OK.' }] });
          return undefined;
        },
        jsonSchema: async () => {
          const response = await this.chat({
            ...base,
            maxTokens: 40,
            messages: [{ role: 'user', content: 'Is water wet? Answer as JSON with the field "answer".' }],
            jsonSchema: { name: 'probe', schema: PROBE_SCHEMA },
          });
          return checkProbeJson(response.choices[0].text);
        },
        logprobs: async () => {
          const response = await this.chat({
            ...base,
            maxTokens: 1,
            messages: [{ role: 'user', content: 'Is water wet? Answer yes or no.' }],
            topLogprobs: 5,
          });
          const first = response.choices[0].logprobs?.[0];
          if (!first || first.top.length === 0) return { unsupported: 'the server ignores logprobs/top_logprobs' };
          return undefined;
        },
        promptLogprobs: async () => {
          const response = await this.score({ prompt: 'The sky is', continuations: [' blue', ' green'] });
          return response.logprobs.every(Number.isFinite) ? undefined : { unsupported: 'non-finite prompt log-probs' };
        },
        embeddings: async () => {
          const response = await this.embed({ texts: ['a probe sentence'] });
          dimension = response.vectors[0].length;
          return dimension > 0 ? `dimension ${dimension}` : { unsupported: 'empty embedding vector' };
        },
      },
      { embeddingDimension: () => dimension },
    );
  }

  async close(): Promise<void> {}

  /**
   * Runs one SDK call, with the bytes its request and response bodies took (its request options carry the count,
   * `meterOptions`), and converts whatever it throws into a typed error naming the server.
   */
  private async call<T>(
    operation: string,
    run: (options: RequestOptions) => Promise<T>,
  ): Promise<{ value: T; transfer: Transfer }> {
    const transfer = newTransfer();
    try {
      const fetchOptions = meterOptions(transfer) as RequestOptions['fetchOptions'];
      return { value: await run({ fetchOptions }), transfer };
    } catch (error) {
      throw toLlmError(error, { where: this.where, model: this.options.model, operation });
    }
  }
}

function checkProbeJson(text: string): CheckOutcome {
  try {
    parseStructuredOutput(text, PROBE_ANSWER, 'probe');
    return undefined;
  } catch {
    return { unsupported: `the server ignores response_format (answered ${JSON.stringify(oneLine(text, 60))})` };
  }
}

function finishReason(reason: string | null | undefined): FinishReason {
  return reason === 'stop' ? 'stop' : reason === 'length' ? 'length' : 'other';
}

function usageOf(
  usage: { prompt_tokens?: number; completion_tokens?: number } | undefined | null,
  estimate: () => TokenUsage,
): TokenUsage {
  if (usage && typeof usage.prompt_tokens === 'number') {
    return { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens ?? 0 };
  }
  return estimate();
}

/**
 * Sum of the log-probs of the echoed tokens that end past `promptLength` and start before `textLength` (a token
 * straddling the boundary counts with the continuation, as in the usual echo-based scoring). Offsets are taken
 * from `text_offset` or, when a server omits it, accumulated from the token lengths. Undefined when the answer
 * scored nothing of the text: no tokens, no echo, or a token of the continuation without a log-prob.
 */
export function continuationLogprob(
  echoed: EchoedTokens | undefined,
  promptLength: number,
  textLength: number,
): { logprob: number; tokens: number } | undefined {
  if (!echoed || echoed.lengths.length === 0) return undefined;
  const { lengths, offsets } = echoed;
  // Without echo the tokens start at the end of the prompt: nothing of the prompt's text was scored.
  const echoes = offsets ? offsets[0] === 0 : lengths.reduce((sum, length) => sum + length, 0) >= textLength;
  if (!echoes) return undefined;
  let offset = 0;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < lengths.length; i++) {
    const start = offsets?.[i] ?? offset;
    const end = start + lengths[i];
    offset = end;
    if (end <= promptLength || start >= textLength) continue;
    const value = echoed.logprob(i);
    if (!Number.isFinite(value)) return undefined;
    sum += value;
    count++;
  }
  return count > 0 ? { logprob: sum, tokens: count } : undefined;
}

/**
 * `fetch` that rewrites error bodies of the shape `{"message": ...}` (older vLLM, some proxies) into OpenAI's
 * `{"error": {...}}`, which is the only shape the SDK reads its message from.
 */
async function fetchWithWrappedErrors(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (response.ok) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const rewrap =
    typeof body === 'object' &&
    body !== null &&
    !('error' in body) &&
    typeof (body as { message?: unknown }).message === 'string';
  return new Response(rewrap ? JSON.stringify({ error: body }) : text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** Converts an SDK or network error into the typed error a caller can act on. */
export function toLlmError(error: unknown, context: { where: string; model: string; operation: string }): Error {
  if (error instanceof LlmError) return error;
  const { where, model, operation } = context;
  // The SDK threw it only if the SDK is loaded.
  const OpenAI = sdk?.default;
  if (!OpenAI) return error instanceof Error ? error : new Error(String(error));
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new LlmTimeoutError(`${where}: no answer to the ${operation} request in time (timeout)`, error);
  }
  if (error instanceof OpenAI.APIConnectionError) {
    const code = networkErrorCode(error);
    if (code !== undefined && RETRYABLE_NETWORK_CODES.has(code)) {
      return new LlmTimeoutError(`${where}: the connection broke during the ${operation} request (${code})`, error);
    }
    return new LlmUnreachableError(
      `cannot reach an LLM server at ${where} (${code ?? innermostMessage(error)}): is it running, and is --base-url right?`,
      { cause: error },
    );
  }
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    const status = error.status;
    const message = serverMessage(error);
    if (status === 401 || status === 403) {
      return new LlmAuthError(
        `${where} rejected the API key (${status}): ${message}; check --api-key or HEARTH_LLM_API_KEY`,
        {
          cause: error,
        },
      );
    }
    if (looksLikeContextOverflow(message, error.code)) {
      return new ContextOverflowError(
        `${where}: the ${operation} request does not fit the context window of "${model}": ${message}`,
        undefined,
        undefined,
        error,
      );
    }
    const modelMissing =
      error.code === 'model_not_found' ||
      (/model/i.test(message) && /not[ _]found|does not exist|unknown|no such/i.test(message));
    if ((status === 404 || status === 400) && modelMissing) {
      return new LlmModelNotFoundError(`${where} has no model "${model}" (${status}): ${message}`, { cause: error });
    }
    if (status === 404) {
      return new LlmRequestError(
        `${where}: no ${operation} endpoint here (404: ${message}); check --base-url (most servers want a /v1 suffix)`,
        404,
        error,
      );
    }
    if (status === 429)
      return new LlmRateLimitError(`${where}: rate limited (429): ${message}`, retryAfterMs(error.headers), error);
    if (status >= 500)
      return new LlmServerError(`${where}: server error ${status} on ${operation}: ${message}`, status, error);
    return new LlmRequestError(`${where}: ${operation} request rejected (${status}): ${message}`, status, error);
  }
  return error instanceof Error ? error : new Error(String(error));
}

function serverMessage(error: InstanceType<Sdk['default']['APIError']>): string {
  const body = error.error as { message?: unknown; error?: unknown } | undefined;
  const fromBody =
    typeof body?.message === 'string' ? body.message : typeof body?.error === 'string' ? body.error : undefined;
  return oneLine(fromBody ?? error.message, 240);
}

/** Network failures that may pass on a second try (a dropped or stalled connection); others mean "nobody there". */
const RETRYABLE_NETWORK_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

function innermostMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (let e: unknown = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof Error && e.message) message = e.message;
  }
  return message;
}

function networkErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(?:E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return code;
  }
  return undefined;
}

function retryAfterMs(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}
