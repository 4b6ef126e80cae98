/**
 * Retries with exponential backoff for errors that may pass (429, 5xx, timeouts, dropped connections); a
 * `Retry-After` from the server lengthens the wait. Wrong keys, unknown models, refused connections, context
 * overflows and invalid output fail at once: retrying cannot fix them.
 */
import { LlmError, LlmRateLimitError } from '../errors.js';
import type { LlmBackend } from '../types.js';
import { wrapBackend } from './wrap.js';

export interface RetryOptions {
  /** Attempts after the first one. Default 4. */
  maxRetries?: number;
  /** Wait before the first retry, doubled each time. Default 500 ms. */
  initialDelayMs?: number;
  /** Cap on one wait. Default 20 s. */
  maxDelayMs?: number;
  /** How to wait (tests pass a recorder so that nothing sleeps). */
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY = { maxRetries: 4, initialDelayMs: 500, maxDelayMs: 20_000 } as const;

export function withRetry(backend: LlmBackend, options: RetryOptions = {}): LlmBackend {
  const maxRetries = options.maxRetries ?? DEFAULT_RETRY.maxRetries;
  const initialDelayMs = options.initialDelayMs ?? DEFAULT_RETRY.initialDelayMs;
  const maxDelayMs = options.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return wrapBackend(backend, async (call, next) => {
    // A probe makes several requests and reports each failure as a capability it lacks: not retried as a whole.
    if (call.kind === 'probe') return next(call.request);
    for (let attempt = 0; ; attempt++) {
      try {
        return await next(call.request);
      } catch (error) {
        if (!(error instanceof LlmError) || !error.retryable || attempt >= maxRetries) throw error;
        let delay = Math.min(maxDelayMs, initialDelayMs * 2 ** attempt);
        if (error instanceof LlmRateLimitError && error.retryAfterMs !== undefined) {
          delay = Math.min(maxDelayMs, Math.max(delay, error.retryAfterMs));
        }
        await sleep(delay);
      }
    }
  });
}
