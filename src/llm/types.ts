/**
 * The vocabulary of the LLM layer. Two levels, as in the Vercel AI SDK:
 * - `LlmBackend` is the small provider contract: four primitive calls (probe, chat, score, embed) with explicit,
 *   fully-defaulted requests. Providers (openai, llama-cpp) implement it thinly; cross-cutting concerns (cache,
 *   replay, accounting, retries, concurrency) wrap it (see `middleware/`), because every primitive request is a
 *   plain JSON value that can be hashed, recorded, counted and retried the same way.
 * - `LanguageModel` (language-model.ts) is what agents call: chat, structured output, option scoring, yes/no
 *   probabilities and embeddings, each choosing the log-prob path or the sampling fallback from the backend's
 *   probed capabilities.
 */

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

/**
 * What a caller asks about. A string is one user message for `chat`, `structured` and `yesNo`; for
 * `scoreOptions` it is raw text that the options continue (SayCan-style), while messages are rendered with the
 * model's chat template and the options continue the assistant turn.
 */
export type Prompt = string | readonly ChatMessage[];

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/**
 * What one call moved over the network: the bytes of its request body and of its response body (JSON, as sent and
 * as read, after any content decoding), counted by a provider that talks to a server (openai). A call answered from a
 * recording or in process moved nothing and has none; a recording never keeps it.
 */
export interface Transfer {
  sentBytes: number;
  receivedBytes: number;
}

/** One generated token with its log-probability and the most likely alternatives at that position. */
export interface TokenLogprob {
  token: string;
  logprob: number;
  top: { token: string; logprob: number }[];
}

/** What a backend can do; decides which path the `LanguageModel` methods take. */
export interface Capabilities {
  /** Chat completions (every usable backend). */
  chat: boolean;
  /** Output constrained to a JSON schema by the server or a grammar (else: schema in the prompt, then validated). */
  jsonSchema: boolean;
  /** Top log-probabilities of generated tokens (yes/no in one call instead of sampling). */
  logprobs: boolean;
  /** Log-probabilities of given continuations of a prompt (echo + logprobs): exact option scoring. */
  promptLogprobs: boolean;
  /** Fixed-dimension text embeddings. */
  embeddings: boolean;
}

export type CapabilityName = keyof Capabilities;

export const CAPABILITY_NAMES: readonly CapabilityName[] = [
  'chat',
  'jsonSchema',
  'logprobs',
  'promptLogprobs',
  'embeddings',
];

/** The result of checking one capability against a live backend. */
export interface CapabilityCheck {
  supported: boolean;
  /** Wall time of the check's request(s); absent when it was not attempted. */
  latencyMs?: number;
  /** Why it is unsupported, or a note (e.g. the embedding dimension). */
  detail?: string;
}

export interface ProbeReport {
  provider: string;
  model: string;
  capabilities: Capabilities;
  checks: Record<CapabilityName, CapabilityCheck>;
  /** Dimension of the embedding vectors, when embeddings work. */
  embeddingDimension?: number;
}

/** Identity of a backend: what answers depend on (so also the cache key), never secrets or URLs. */
export interface BackendInfo {
  provider: string;
  model: string;
  /** Embedding model when it differs from `model`. */
  embeddingModel?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Primitive requests and responses: plain JSON values, every field explicit (the high level fills the defaults).

export interface JsonSchemaFormat {
  /** A short identifier ([a-zA-Z0-9_-]), sent to servers that require one. */
  name: string;
  /** JSON Schema (draft 2020-12 as produced by zod's `z.toJSONSchema`). */
  schema: Record<string, unknown>;
}

export interface ChatRequest {
  messages: ChatMessage[];
  temperature: number;
  maxTokens: number;
  stop: string[];
  seed: number;
  /** Number of samples wanted; a backend may return fewer (the high level then asks again). */
  n: number;
  /** Constrain the output to this schema (only when the backend has `jsonSchema`). */
  jsonSchema?: JsonSchemaFormat;
  /** Return this many top alternatives per generated token (only when the backend has `logprobs`). */
  topLogprobs?: number;
}

export type FinishReason = 'stop' | 'length' | 'other';

export interface ChatChoice {
  text: string;
  finishReason: FinishReason;
  logprobs?: TokenLogprob[];
}

export interface ChatResponse {
  choices: ChatChoice[];
  usage: TokenUsage;
  /** Set by the cache when the answer came from a recording. */
  cached?: boolean;
  /** Set by a provider that asked a server (never recorded). */
  transfer?: Transfer;
}

export interface ScoreRequest {
  /** Raw text, or messages rendered with the backend's chat template with the assistant turn opened. */
  prompt: string | ChatMessage[];
  continuations: string[];
}

export interface ScoreResponse {
  /** Sum of the token log-probabilities of each continuation given the prompt. */
  logprobs: number[];
  /** Number of tokens scored for each continuation. */
  tokenCounts: number[];
  usage: TokenUsage;
  cached?: boolean;
  transfer?: Transfer;
}

export interface EmbedRequest {
  texts: string[];
}

export interface EmbedResponse {
  vectors: number[][];
  usage: TokenUsage;
  cached?: boolean;
  transfer?: Transfer;
}

/** Primitive calls by kind, so that wrappers handle all of them with one generic interceptor. */
export interface BackendCalls {
  probe: { request: Record<string, never>; response: ProbeReport };
  chat: { request: ChatRequest; response: ChatResponse };
  score: { request: ScoreRequest; response: ScoreResponse };
  embed: { request: EmbedRequest; response: EmbedResponse };
}

export type CallKind = keyof BackendCalls;

/** The kinds of call an episode's usage counts (a probe of the server is no call of the episode). */
export type AccountedKind = Exclude<CallKind, 'probe'>;

/** The provider contract. Providers throw the typed errors of errors.ts, never raw SDK errors. */
export interface LlmBackend {
  readonly info: BackendInfo;
  /** Checks every capability against the live backend (a few small requests, measured). */
  probe(): Promise<ProbeReport>;
  chat(request: ChatRequest): Promise<ChatResponse>;
  /** Throws `UnsupportedCapabilityError` when the backend cannot score prompts. */
  score(request: ScoreRequest): Promise<ScoreResponse>;
  /** Throws `UnsupportedCapabilityError` when the backend has no embeddings. */
  embed(request: EmbedRequest): Promise<EmbedResponse>;
  /** Frees the model or connections; the backend is unusable afterwards. */
  close(): Promise<void>;
}
