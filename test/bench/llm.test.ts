import { afterEach, describe, expect, it } from 'vitest';
import {
  API_KEY_ENV,
  closeEpisodeLanguageModels,
  episodeLlm,
  episodeLlmOf,
  languageModelForEpisode,
  llmMetrics,
  llmRunConfig,
  llmUsageRecord,
  shareApiKey,
} from '../../src/bench/llm.js';
import type { LlmConfig } from '../../src/llm/config.js';
import { withAccounting } from '../../src/llm/language-model.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../helpers/fake-openai-server.js';

let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await closeEpisodeLanguageModels();
  await server?.close();
  server = undefined;
});

describe('LLM configuration in episode specs', () => {
  const config: LlmConfig = {
    provider: 'openai',
    model: 'm',
    baseUrl: 'http://127.0.0.1:1/v1',
    apiKey: 'sk-secret',
    settings: { seed: 3 },
  };

  it('carries everything but the API key, which goes to the workers through the environment', () => {
    const spec = episodeLlm(config);
    expect(JSON.stringify(spec)).not.toContain('sk-secret');
    expect(spec).toEqual({ provider: 'openai', model: 'm', baseUrl: 'http://127.0.0.1:1/v1', settings: { seed: 3 } });
    const env: Record<string, string | undefined> = {};
    shareApiKey(config, env);
    expect(env[API_KEY_ENV]).toBe('sk-secret');
    expect(() => episodeLlmOf({ model: 'm' })).toThrow(/'llm' is not an LLM configuration \(provider: /);
    expect(llmRunConfig(config)).toEqual({ provider: 'openai', model: 'm', settings: { seed: 3 } });
  });

  it('builds the model once per configuration and thread, with the key from the environment', async () => {
    server = await startFakeOpenAiServer({ apiKey: 'sk-secret' });
    const spec = episodeLlm({ ...config, baseUrl: server.url });
    const env = { [API_KEY_ENV]: 'sk-secret' };
    const model = languageModelForEpisode(episodeLlmOf(spec), env);
    expect(languageModelForEpisode(episodeLlmOf(spec), env)).toBe(model);
    expect((await model.chat('hello')).text).toBe('OK');
  });
});

describe('LLM usage of an episode', () => {
  it('reports calls and tokens per step, and keeps run-dependent figures in the timing', async () => {
    server = await startFakeOpenAiServer({ script: { chat: () => 'one two three' } });
    const base = languageModelForEpisode({ provider: 'openai', model: 'm', baseUrl: server.url });
    const { model, ledger } = withAccounting(base);
    await model.chat('a b c d');
    await model.chat('e f g h');
    const usage = ledger.snapshot();
    expect(llmMetrics(usage, 4)).toEqual({
      llmCallsPerStep: 0.5,
      promptTokensPerStep: 2, // 4 + 4 prompt tokens over 4 steps
      completionTokensPerStep: 1.5, // 3 + 3 completion tokens
    });
    const record = llmUsageRecord(usage);
    expect(record.details).toEqual({
      calls: 2,
      promptTokens: 8,
      completionTokens: 6,
      chat: { calls: 2, promptTokens: 8, completionTokens: 6 },
    });
    expect(Object.keys(record.timing).sort()).toEqual([
      'llmCachedCalls',
      'llmFailedCalls',
      'llmLatencyMs',
      'llmReceivedBytes',
      'llmSentBytes',
    ]);
    // The bytes are those of the bodies on the wire, as the server counted them.
    expect(server.count()).toBe(2);
    expect(usage.sentBytes).toBe(server.bytes().received);
    expect(usage.receivedBytes).toBe(server.bytes().sent);
    expect(usage.byKind.chat.receivedBytes).toBe(usage.receivedBytes);
    expect(record.timing.llmSentBytes).toBe(usage.sentBytes);
    expect(record.timing.llmReceivedBytes).toBe(usage.receivedBytes);
  });

  it('gives null metrics to an agent that made no call', () => {
    expect(llmMetrics(undefined, 10)).toEqual({
      llmCallsPerStep: null,
      promptTokensPerStep: null,
      completionTokensPerStep: null,
    });
  });
});
