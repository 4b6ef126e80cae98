import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { languageModelFromOptions } from '../../src/llm/cli-options.js';
import { type LlmConfig, languageModelFromConfig } from '../../src/llm/config.js';
import { LlmAuthError, ReplayMissError } from '../../src/llm/errors.js';
import { createLanguageModel, type LanguageModel, withAccounting } from '../../src/llm/language-model.js';
import { LlmLedger } from '../../src/llm/middleware/accounting.js';
import { LlmCallStore } from '../../src/llm/middleware/cache.js';
import { InputError } from '../../src/util/errors.js';
import { Rng } from '../../src/util/rng.js';
import { type FakeOpenAiServer, startFakeOpenAiServer, tokenize } from '../helpers/fake-openai-server.js';
import { fakeBackend } from './helpers.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hearth-llm-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server whose answers depend on the seed, so that a replay returning wrong answers would show. */
async function startVariedServer(): Promise<FakeOpenAiServer> {
  server = await startFakeOpenAiServer({
    honorsN: false,
    script: {
      chat: (body, { seed }) =>
        body.response_format
          ? body.response_format.json_schema?.name === 'plan'
            ? JSON.stringify({ steps: [`step${seed}`] })
            : 'OK'
          : new Rng(seed).pick(['Yes.', 'No.', 'walk to kitchen', 'open fridge']),
      tokenLogprob: (context, token) => -((context.length + token.length) % 7) / 3,
    },
  });
  return server;
}

/** A fixed sequence of calls, like an agent's episode; returns everything the model answered. */
async function episode(model: LanguageModel): Promise<unknown[]> {
  const Plan = z.object({ steps: z.array(z.string()) });
  return [
    await model.capabilities(),
    await model.chat('Describe the room.', { n: 3, seed: 11 }),
    await model.structured('Plan the next steps.', Plan, { name: 'plan', seed: 4 }),
    await model.yesNo('Is the TV on?'),
    await model.yesNo('Is the fridge open?', { method: 'sampling', seed: 7 }),
    await model.scoreOptions('Robot: I will', [' walk to kitchen', ' open fridge']),
    await model.scoreOptions('Next?', ['walk to kitchen', 'open fridge'], { method: 'sampling', seed: 3 }),
    await model.embed(['kitchen', 'fridge']),
  ];
}

describe('cache and replay', () => {
  it('records an episode, answers it again from the cache, then replays it offline identically', async () => {
    const s = await startVariedServer();
    const file = join(dir, 'episode.sqlite');
    const config: LlmConfig = { provider: 'openai', model: 'm', baseUrl: s.url, cache: file };

    const recording = languageModelFromConfig(config);
    const first = await episode(recording);
    await recording.close();
    const served = s.count();
    expect(served).toBeGreaterThan(20);

    const cached = languageModelFromConfig(config);
    expect(await episode(cached)).toEqual(first);
    await cached.close();
    expect(s.count()).toBe(served);

    await s.close();
    server = undefined;
    const replay = languageModelFromConfig({ provider: 'openai', model: 'm', replay: file });
    expect(await episode(replay)).toEqual(first);
    await replay.close();

    // Replaying without naming the backend: the recording names it.
    const implicit = await languageModelFromOptions({ llmReplay: file }, {});
    expect(implicit?.backend.info).toEqual({ provider: 'openai', model: 'm' });
    expect(await episode(implicit!)).toEqual(first);
    await implicit!.close();
  });

  it('fails on a request the recording does not have, saying the run diverged', async () => {
    const s = await startVariedServer();
    const file = join(dir, 'short.sqlite');
    const recording = languageModelFromConfig({ provider: 'openai', model: 'm', baseUrl: s.url, cache: file });
    await recording.chat('Hello', { seed: 1 });
    await recording.close();

    const replay = languageModelFromConfig({ provider: 'openai', model: 'm', replay: file });
    const error = await replay.chat('Hello', { seed: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReplayMissError);
    expect((error as Error).message).toMatch(/diverged/);
    await replay.close();
  });

  it('refuses a recording of another model and a cache combined with a replay', async () => {
    const s = await startVariedServer();
    const file = join(dir, 'other.sqlite');
    const recording = languageModelFromConfig({ provider: 'openai', model: 'm', baseUrl: s.url, cache: file });
    await recording.chat('Hello');
    await recording.close();
    expect(() => languageModelFromConfig({ provider: 'openai', model: 'x', replay: file })).toThrow(
      /no answers recorded for openai model "x" \(recorded: openai model "m"\)/,
    );
    await expect(languageModelFromOptions({ llmReplay: join(dir, 'missing.sqlite') }, {})).rejects.toBeInstanceOf(
      ReplayMissError,
    );
    await expect(languageModelFromOptions({ llmReplay: file, llmCache: file }, {})).rejects.toBeInstanceOf(InputError);
  });
});

describe('accounting', () => {
  it('counts calls and the tokens the server reported, per kind, excluding probes', async () => {
    server = await startFakeOpenAiServer({ honorsN: false, script: { chat: () => 'Yes it is' } });
    const base = createLanguageModel(fakeBackend(server));
    const { model, ledger } = withAccounting(base);
    await model.chat('Is it on?', { n: 3 });
    await model.yesNo('Is it on?');
    await model.scoreOptions('Robot: I will', [' walk', ' open the door']);
    await model.embed(['kitchen table', 'fridge']);

    const usage = ledger.snapshot();
    const words = (text: string) => tokenize(text).length;
    expect(usage.byKind.chat).toMatchObject({
      calls: 4, // three samples from a server that ignores n, one yes/no log-prob call
      promptTokens: 4 * words('Is it on?'),
      completionTokens: 3 * words('Yes it is') + 1,
      cachedCalls: 0,
      failedCalls: 0,
    });
    expect(usage.byKind.score).toMatchObject({
      calls: 1,
      promptTokens: words('Robot: I will walk') + words('Robot: I will open the door'),
      completionTokens: 2,
    });
    expect(usage.byKind.embed).toMatchObject({ calls: 1, promptTokens: words('kitchen table') + words('fridge') });
    expect(usage.calls).toBe(6);
    expect(usage.promptTokens).toBe(
      usage.byKind.chat.promptTokens + usage.byKind.score.promptTokens + usage.byKind.embed.promptTokens,
    );
    expect(usage.latencyMs).toBeGreaterThan(0);
  });

  it('keeps one ledger per agent, resets per episode, and sums into a parent', async () => {
    server = await startFakeOpenAiServer({ apiKey: 'k' });
    const base = createLanguageModel(fakeBackend(server, { apiKey: 'k' }));
    const run = new LlmLedger();
    const a = withAccounting(base, run);
    const b = withAccounting(base, run);
    await a.model.chat('one');
    await a.model.chat('two');
    await b.model.chat('three');
    expect(a.ledger.snapshot().calls).toBe(2);
    expect(b.ledger.snapshot().calls).toBe(1);
    expect(run.snapshot().calls).toBe(3);

    const episode1 = a.ledger.reset();
    expect(episode1.calls).toBe(2);
    expect(a.ledger.snapshot().calls).toBe(0);
    await a.model.chat('four');
    expect(a.ledger.snapshot().calls).toBe(1);
    expect(run.snapshot().calls).toBe(4);

    // The derived models share one probe of the server, which is not accounted.
    await a.model.capabilities();
    await b.model.capabilities();
    await base.capabilities();
    expect(server.count('/embeddings')).toBe(1);
    expect(run.snapshot().calls).toBe(4);
  });

  it('counts answers from the cache as cached calls', async () => {
    server = await startFakeOpenAiServer();
    const file = join(dir, 'accounting.sqlite');
    const model = languageModelFromConfig({ provider: 'openai', model: 'm', baseUrl: server.url, cache: file });
    const { model: counted, ledger } = withAccounting(model);
    await counted.chat('same question');
    const asked = ledger.snapshot();
    await counted.chat('same question');
    expect(ledger.snapshot()).toMatchObject({ calls: 2, cachedCalls: 1 });
    expect(server.count('/chat/completions')).toBe(1);
    // The cached answer moved nothing over the network, and the recording keeps no byte counts.
    expect(asked.receivedBytes).toBe(server.bytes().sent);
    expect(ledger.snapshot()).toMatchObject({ sentBytes: asked.sentBytes, receivedBytes: asked.receivedBytes });
    await model.close();
    const recorded = LlmCallStore.openForReplay(file);
    expect(recorded.rows().every((row) => !row.response.includes('transfer'))).toBe(true);
    recorded.close();
  });

  it('counts failed calls', async () => {
    server = await startFakeOpenAiServer({ apiKey: 'k' });
    const { model, ledger } = withAccounting(createLanguageModel(fakeBackend(server, { apiKey: 'bad' })));
    await expect(
      model.backend.chat({ messages: [], temperature: 0, maxTokens: 1, stop: [], seed: 0, n: 1 }),
    ).rejects.toBeInstanceOf(LlmAuthError);
    expect(ledger.snapshot()).toMatchObject({ calls: 0, failedCalls: 1 });
  });
});
