import { afterEach, describe, expect, it } from 'vitest';
import {
  ContextOverflowError,
  LlmAuthError,
  type LlmError,
  LlmModelNotFoundError,
  LlmRateLimitError,
  LlmRequestError,
  LlmServerError,
  LlmTimeoutError,
  LlmUnreachableError,
} from '../../src/llm/errors.js';
import { createLanguageModel } from '../../src/llm/language-model.js';
import { withConcurrencyLimit } from '../../src/llm/middleware/concurrency.js';
import { withRetry } from '../../src/llm/middleware/retry.js';
import type { ChatRequest } from '../../src/llm/types.js';
import { InputError } from '../../src/util/errors.js';
import { type FakeOpenAiServer, type FakeServerOptions, startFakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { fakeBackend, recordingSleep } from './helpers.js';

let server: FakeOpenAiServer | undefined;
async function start(options: FakeServerOptions = {}): Promise<FakeOpenAiServer> {
  server = await startFakeOpenAiServer(options);
  return server;
}
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const request: ChatRequest = {
  messages: [{ role: 'user', content: 'Hello there' }],
  temperature: 0,
  maxTokens: 8,
  stop: [],
  seed: 0,
  n: 1,
};

/** The error a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('errors users cause: one clear line, no retry', () => {
  it('a wrong API key is an LlmAuthError', async () => {
    const s = await start({ apiKey: 'secret' });
    const { sleep, waits } = recordingSleep();
    const error = await failure(withRetry(fakeBackend(s, { apiKey: 'wrong' }), { sleep }).chat(request));
    expect(error).toBeInstanceOf(LlmAuthError);
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toMatch(/rejected the API key \(401\)/);
    expect(error.message).not.toContain('\n');
    expect(waits).toEqual([]);
    expect(s.count()).toBe(1);
    const ok = await fakeBackend(s, { apiKey: 'secret' }).chat(request);
    expect(ok.choices[0].text).toBe('OK');
    expect(s.requests.at(-1)!.headers.authorization).toBe('Bearer secret');
  });

  it('an unknown model is an LlmModelNotFoundError naming the model', async () => {
    const s = await start({ models: ['llama3'] });
    const error = await failure(fakeBackend(s, { model: 'lama3' }).chat(request));
    expect(error).toBeInstanceOf(LlmModelNotFoundError);
    expect(error.message).toContain('"lama3"');
  });

  it('a base URL without the API prefix says so', async () => {
    const s = await start();
    const error = await failure(fakeBackend(s, { baseUrl: s.url.replace(/\/v1$/, '') }).chat(request));
    expect(error).toBeInstanceOf(LlmRequestError);
    expect(error.message).toMatch(/check --base-url/);
  });

  it('an unreachable server is an LlmUnreachableError, not retried', async () => {
    const s = await start();
    const url = s.url;
    await s.close();
    server = undefined;
    const { sleep, waits } = recordingSleep();
    const error = await failure(withRetry(fakeBackend({ url } as FakeOpenAiServer), { sleep }).chat(request));
    expect(error).toBeInstanceOf(LlmUnreachableError);
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(waits).toEqual([]);
  });

  it.each(['vllm', 'llama.cpp', 'openai'] as const)(
    'a %s context-length error is a ContextOverflowError',
    async (style) => {
      const s = await start();
      s.inject({ kind: 'context-overflow', style });
      const { sleep, waits } = recordingSleep();
      const error = await failure(withRetry(fakeBackend(s), { sleep }).chat(request));
      expect(error).toBeInstanceOf(ContextOverflowError);
      expect(waits).toEqual([]);
    },
  );

  it('an agent can catch ContextOverflowError, shrink its context and retry', async () => {
    const s = await start({ contextLimit: 20 });
    const model = createLanguageModel(fakeBackend(s));
    let memory = Array.from({ length: 12 }, (_, i) => `fact${i}`);
    const ask = () => model.chat(`Facts: ${memory.join(' ')}. Is the TV on?`, { maxTokens: 5 });
    let attempts = 0;
    let answer: string | undefined;
    while (answer === undefined) {
      attempts++;
      try {
        answer = (await ask()).text;
      } catch (error) {
        if (!(error instanceof ContextOverflowError)) throw error;
        memory = memory.slice(0, Math.floor(memory.length / 2));
      }
    }
    expect(answer).toBe('OK');
    expect(attempts).toBe(2);
    expect(memory).toHaveLength(6);
  });
});

describe('transient errors: retried with exponential backoff', () => {
  it('429 then OK waits as long as Retry-After says', async () => {
    const s = await start();
    s.inject({ kind: 'status', status: 429, retryAfterSeconds: 2 });
    const { sleep, waits } = recordingSleep();
    const response = await withRetry(fakeBackend(s), { sleep }).chat(request);
    expect(response.choices[0].text).toBe('OK');
    expect(waits).toEqual([2000]);
    expect(s.count()).toBe(2);
  });

  it('500s are retried with doubling waits, then reported', async () => {
    const s = await start();
    s.inject({ kind: 'status', status: 500 }, 2);
    const { sleep, waits } = recordingSleep();
    const backend = withRetry(fakeBackend(s), { sleep, maxRetries: 3 });
    expect((await backend.chat(request)).choices[0].text).toBe('OK');
    expect(waits).toEqual([500, 1000]);

    s.inject({ kind: 'status', status: 503 }, 10);
    waits.length = 0;
    const error = await failure(backend.chat(request));
    expect(error).toBeInstanceOf(LlmServerError);
    expect((error as LlmServerError).status).toBe(503);
    expect(waits).toEqual([500, 1000, 2000]);
  });

  it('a rate limit that never lifts ends in LlmRateLimitError', async () => {
    const s = await start();
    s.inject({ kind: 'status', status: 429 }, 10);
    const error = await failure(withRetry(fakeBackend(s), { sleep: async () => {}, maxRetries: 2 }).chat(request));
    expect(error).toBeInstanceOf(LlmRateLimitError);
    expect(s.count()).toBe(3);
  });

  it('a slow answer times out and is retried', async () => {
    const s = await start();
    s.inject({ kind: 'delay', ms: 2000 });
    const { sleep, waits } = recordingSleep();
    const backend = withRetry(fakeBackend(s, { timeoutMs: 150 }), { sleep });
    expect((await backend.chat(request)).choices[0].text).toBe('OK');
    expect(waits).toHaveLength(1);

    s.inject({ kind: 'delay', ms: 2000 }, 3);
    const error = await failure(withRetry(fakeBackend(s, { timeoutMs: 150 }), { sleep, maxRetries: 2 }).chat(request));
    expect(error).toBeInstanceOf(LlmTimeoutError);
    expect((error as LlmError).retryable).toBe(true);
  });
});

describe('concurrency limit', () => {
  it('keeps at most N requests in flight', async () => {
    const s = await start();
    s.inject({ kind: 'delay', ms: 40 }, 6);
    const limited = withConcurrencyLimit(fakeBackend(s), 2);
    await Promise.all(Array.from({ length: 6 }, (_, i) => limited.chat({ ...request, seed: i })));
    expect(s.count()).toBe(6);
    expect(s.maxInFlight).toBe(2);
  });

  it('rejects a limit below 1', () => {
    expect(() => withConcurrencyLimit(fakeBackend({ url: 'http://127.0.0.1:9/v1' } as FakeOpenAiServer), 0)).toThrow(
      RangeError,
    );
  });
});
