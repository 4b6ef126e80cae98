/**
 * Typed errors of the LLM layer, each with a one-line message that says what went wrong and what to do. They
 * extend `InputError` because they are caused by what the user configured or brought (a key, a URL, a model, a
 * recording), not by bugs: the CLI prints them as one line. Callers branch on the class: an agent catches
 * `ContextOverflowError` to shrink its retrieved context and retry, and counts `InvalidOutputError` as an invalid
 * step; the retry wrapper retries errors whose `retryable` is true.
 */
import { InputError } from '../util/errors.js';

export class LlmError extends InputError {
  override name = 'LlmError';
  /** True when the same request may succeed later (rate limits, server errors, timeouts, dropped connections). */
  readonly retryable: boolean;
  constructor(message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(oneLine(message));
    this.retryable = options.retryable ?? false;
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

/** 401/403: the server rejected the API key. */
export class LlmAuthError extends LlmError {
  override name = 'LlmAuthError';
}

/** The server does not serve the requested model. */
export class LlmModelNotFoundError extends LlmError {
  override name = 'LlmModelNotFoundError';
}

/** Nothing answers at the base URL (connection refused, unknown host). */
export class LlmUnreachableError extends LlmError {
  override name = 'LlmUnreachableError';
}

/** The server accepted the connection but gave no answer in time, or dropped it. Retryable. */
export class LlmTimeoutError extends LlmError {
  override name = 'LlmTimeoutError';
  constructor(message: string, cause?: unknown) {
    super(message, { retryable: true, cause });
  }
}

/** 429: too many requests. Retryable, after `retryAfterMs` when the server said so. */
export class LlmRateLimitError extends LlmError {
  override name = 'LlmRateLimitError';
  constructor(
    message: string,
    readonly retryAfterMs?: number,
    cause?: unknown,
  ) {
    super(message, { retryable: true, cause });
  }
}

/** 5xx: the server failed. Retryable. */
export class LlmServerError extends LlmError {
  override name = 'LlmServerError';
  constructor(
    message: string,
    readonly status: number,
    cause?: unknown,
  ) {
    super(message, { retryable: true, cause });
  }
}

/** Any other rejected request (4xx): a bug in the request or a server that does not implement the endpoint. */
export class LlmRequestError extends LlmError {
  override name = 'LlmRequestError';
  constructor(
    message: string,
    readonly status?: number,
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

/**
 * The server answered (2xx) with a body that is not the endpoint's format: not JSON, or fields missing or of the
 * wrong type. Not retryable: a server that answers so answers so again.
 */
export class LlmResponseError extends LlmError {
  override name = 'LlmResponseError';
}

/**
 * The prompt (plus the tokens asked for) does not fit the model's context window. An agent catches this to
 * shrink its retrieved context and try again.
 */
export class ContextOverflowError extends LlmError {
  override name = 'ContextOverflowError';
  constructor(
    message: string,
    /** Tokens in the context window, when known. */
    readonly contextSize?: number,
    /** Tokens the request needed, when known. */
    readonly requestedTokens?: number,
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

/**
 * Model output that is not valid JSON or fails the schema. The output is data: it is never evaluated. Agents
 * count it as an invalid step and go on.
 */
export class InvalidOutputError extends LlmError {
  override name = 'InvalidOutputError';
  constructor(
    message: string,
    /** The raw model output. */
    readonly output: string,
    /** What failed, one line per problem ("path: message"). */
    readonly problems: string[],
  ) {
    super(message);
  }
}

/** The backend cannot do what was asked (no embeddings, no prompt log-probs). */
export class UnsupportedCapabilityError extends LlmError {
  override name = 'UnsupportedCapabilityError';
}

/** Replay mode found no recorded answer for a request: the run diverged from the recording. */
export class ReplayMissError extends LlmError {
  override name = 'ReplayMissError';
}

/** A method that cannot run without a language model was started without one. */
export class LlmRequiredError extends LlmError {
  override name = 'LlmRequiredError';
}

/** Collapses whitespace so that a server's multi-line message still prints as one line, and caps its length. */
export function oneLine(text: string, max = 400): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
}

/** Phrases servers use for context-window overflows (OpenAI, vLLM, llama.cpp server, LM Studio, TGI). */
const CONTEXT_OVERFLOW_PATTERN =
  /context[ _-]?length|maximum context|context (?:size|window)|exceeds? (?:the )?(?:available )?context|too many tokens|prompt is too long|exceed_context_size|input is too long/i;

export function looksLikeContextOverflow(message: string, code?: string | null): boolean {
  return code === 'context_length_exceeded' || CONTEXT_OVERFLOW_PATTERN.test(message);
}

/** Throws `LlmRequiredError` unless a model is given: for methods that cannot run offline. */
export function requireLanguageModel<T>(model: T | undefined, who: string): T {
  if (model === undefined) {
    throw new LlmRequiredError(
      `${who} needs a language model: pass --llm openai --base-url URL --model NAME, or --llm llama-cpp --model FILE.gguf`,
    );
  }
  return model;
}
