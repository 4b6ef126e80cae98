import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidOutputError, UnsupportedCapabilityError } from '../../src/llm/errors.js';
import { type FakeOpenAiServer, type FakeServerOptions, startFakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { bodyOf, fakeBackend, fakeModel } from './helpers.js';

let server: FakeOpenAiServer | undefined;
async function start(options: FakeServerOptions = {}): Promise<FakeOpenAiServer> {
  server = await startFakeOpenAiServer(options);
  return server;
}
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('openai provider: probing', () => {
  it('finds every capability on a full server, with latencies and the embedding dimension', async () => {
    const s = await start({ embeddingDimension: 12 });
    const report = await fakeBackend(s).probe();
    expect(report.capabilities).toEqual({
      chat: true,
      jsonSchema: true,
      logprobs: true,
      promptLogprobs: true,
      embeddings: true,
    });
    expect(report.embeddingDimension).toBe(12);
    for (const check of Object.values(report.checks)) expect(check.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('reports what a bare server lacks, with the reason', async () => {
    const s = await start({ logprobs: false, completions: 'missing', jsonSchema: false, embeddings: false });
    const report = await fakeBackend(s).probe();
    expect(report.capabilities).toEqual({
      chat: true,
      jsonSchema: false,
      logprobs: false,
      promptLogprobs: false,
      embeddings: false,
    });
    expect(report.checks.jsonSchema.detail).toMatch(/ignores response_format/);
    expect(report.checks.logprobs.detail).toMatch(/ignores logprobs/);
    expect(report.checks.promptLogprobs.detail).toMatch(/404/);
    expect(report.embeddingDimension).toBeUndefined();
  });

  it('does not mistake a server that ignores echo for prompt scoring', async () => {
    const s = await start({ completions: 'ignore-echo' });
    expect((await fakeBackend(s).probe()).capabilities.promptLogprobs).toBe(false);
  });
});

describe('openai provider: chat and structured output', () => {
  it('sends the sampling parameters and returns n samples in seed order', async () => {
    const s = await start({ script: { chat: (_body, { seed }) => `answer ${seed}` } });
    const model = fakeModel(s);
    const result = await model.chat('Hi', { n: 3, seed: 5, temperature: 0.7, maxTokens: 9, stop: ['\n'] });
    expect(result.texts).toEqual(['answer 5', 'answer 6', 'answer 7']);
    expect(result.text).toBe('answer 5');
    const body = bodyOf(s, '/chat/completions');
    expect(body).toMatchObject({ model: 'm', n: 3, seed: 5, temperature: 0.7, max_tokens: 9, stop: ['\n'] });
    expect(body.messages).toEqual([{ role: 'user', content: 'Hi' }]);
    expect(result.usage).toEqual({ promptTokens: 1, completionTokens: 6 });
  });

  it('asks again with the next seeds when a server ignores n', async () => {
    const s = await start({ honorsN: false, script: { chat: (_body, { seed }) => `answer ${seed}` } });
    const result = await fakeModel(s).chat('Hi', { n: 3, seed: 5 });
    expect(result.texts).toEqual(['answer 5', 'answer 6', 'answer 7']);
    const bodies = s.requests.map((r) => r.body);
    expect(bodies.map((b) => [b.n, b.seed])).toEqual([
      [3, 5],
      [2, 6],
      [undefined, 7],
    ]);
  });

  it('switches to max_completion_tokens when the model refuses max_tokens', async () => {
    const s = await start({ requireMaxCompletionTokens: true });
    const backend = fakeBackend(s);
    const request = {
      messages: [{ role: 'user' as const, content: 'Hi' }],
      temperature: 0,
      maxTokens: 7,
      stop: [],
      seed: 0,
      n: 1,
    };
    expect((await backend.chat(request)).choices[0].text).toBe('OK');
    expect((await backend.chat(request)).choices[0].text).toBe('OK');
    expect(s.requests.map((r) => [r.body.max_tokens, r.body.max_completion_tokens])).toEqual([
      [7, undefined],
      [undefined, 7],
      [undefined, 7],
    ]);
  });

  const Answer = z.object({ queries: z.array(z.string()), confident: z.boolean() });

  it('sends the zod schema as response_format and validates the answer', async () => {
    const s = await start({
      script: {
        chat: (body) =>
          body.response_format?.json_schema?.name === 'interpretation'
            ? '{"queries":["is the tv on"],"confident":true}'
            : 'OK',
      },
    });
    const model = fakeModel(s);
    const result = await model.structured('Interpret', Answer, { name: 'interpretation' });
    expect(result).toMatchObject({ value: { queries: ['is the tv on'], confident: true }, method: 'json-schema' });
    const format = s.requests.at(-1)!.body.response_format as {
      type: string;
      json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
    };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.name).toBe('interpretation');
    expect(format.json_schema.strict).toBe(true);
    const { $schema: _ignored, ...expected } = z.toJSONSchema(Answer) as Record<string, unknown>;
    expect(format.json_schema.schema).toEqual(expected);
  });

  it('puts the schema in the prompt when the server cannot enforce it', async () => {
    const s = await start({
      jsonSchema: false,
      script: {
        chat: (body) =>
          body.messages.at(-1)?.content.includes('JSON schema')
            ? 'Here you go:\n```json\n{"queries": [], "confident": false}\n```'
            : 'OK',
      },
    });
    const result = await fakeModel(s).structured([{ role: 'user', content: 'Interpret' }], Answer);
    expect(result).toMatchObject({ value: { queries: [], confident: false }, method: 'prompted' });
    const last = s.requests.at(-1)!.body as { messages: { content: string }[]; response_format?: unknown };
    expect(last.response_format).toBeUndefined();
    expect(last.messages[0].content).toContain('"confident"');
  });

  it('throws InvalidOutputError for output that fails the schema', async () => {
    const s = await start({
      script: {
        chat: (body) =>
          body.response_format?.json_schema?.name === 'output' ? '{"queries": "tv", "confident": 1}' : 'OK',
      },
    });
    const error = await fakeModel(s)
      .structured('Interpret', Answer)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidOutputError);
    expect((error as InvalidOutputError).problems).toHaveLength(2);
    expect((error as InvalidOutputError).output).toBe('{"queries": "tv", "confident": 1}');
  });
});

describe('openai provider: P(yes) and option scores', () => {
  it('reads P(yes) from the first token top log-probs in one call', async () => {
    const s = await start({
      script: {
        firstTokens: () => [
          { token: 'Yes', logprob: Math.log(0.5) },
          { token: ' yes', logprob: Math.log(0.1) },
          { token: 'No', logprob: Math.log(0.3) },
          { token: 'Maybe', logprob: Math.log(0.1) },
        ],
      },
    });
    const model = fakeModel(s);
    await model.capabilities();
    const before = s.count();
    const result = await model.yesNo('Is the TV on?');
    expect(result.method).toBe('token-logprobs');
    expect(result.pYes).toBeCloseTo(0.6 / 0.9, 10);
    expect(result.pNo).toBeCloseTo(0.3 / 0.9, 10);
    expect(s.count() - before).toBe(1);
    expect(s.requests.at(-1)!.body).toMatchObject({ logprobs: true, top_logprobs: 20, max_tokens: 1, temperature: 0 });
  });

  const yesNoTokens = (_context: string, token: string) =>
    /yes/i.test(token) ? Math.log(0.2) : /no$/i.test(token) ? Math.log(0.05) : -1;

  it('scores yes/no continuations when the server has echo but no token log-probs', async () => {
    const s = await start({ logprobs: false, script: { tokenLogprob: yesNoTokens } });
    const result = await fakeModel(s).yesNo('Is the TV on?');
    expect(result.method).toBe('prompt-logprobs');
    expect(result.pYes).toBeCloseTo(0.8, 10);
    const body = bodyOf(s, '/completions', 1);
    // The echoed tokens' own log-probs are what scoring sums: no alternatives are asked for.
    expect(body).toMatchObject({ echo: true, logprobs: 0 });
    expect((body.prompt as string[])[0]).toBe('User: Is the TV on?\n\nAssistant:yes');
  });

  it('asks for one alternative per token from a server that answers logprobs 0 with none, and keeps to it', async () => {
    const s = await start({ zeroLogprobs: 'none', script: { tokenLogprob: yesNoTokens } });
    const model = fakeModel(s);
    expect((await model.capabilities()).promptLogprobs).toBe(true);
    const result = await model.scoreOptions('Is the TV on?', ['yes', 'no']);
    expect(result.method).toBe('prompt-logprobs');
    expect(result.probabilities[0]).toBeCloseTo(0.8, 10);
    const asked = s.requests.filter((r) => r.path === '/completions').map((r) => r.body.logprobs);
    // The probe's first request with 0 came back without log-probs; every request after it asks for 1.
    expect(asked[0]).toBe(0);
    expect(asked.slice(1).every((k) => k === 1)).toBe(true);
    expect(asked.length).toBeGreaterThanOrEqual(3);
  });

  it('falls back to continuation scoring when the top tokens hold no yes or no', async () => {
    const s = await start({
      script: { firstTokens: () => [{ token: 'Well', logprob: -0.1 }], tokenLogprob: yesNoTokens },
    });
    const result = await fakeModel(s).yesNo('Is the TV on?');
    expect(result.method).toBe('prompt-logprobs');
    expect(result.pYes).toBeCloseTo(0.8, 10);
  });

  const sampledYesNo = (_body: unknown, { seed }: { seed: number }) =>
    seed % 3 === 0 ? 'No, it is off.' : seed === 4 ? 'I cannot tell.' : 'Yes.';

  it('samples 10 answers at T = 0.33 (40 tokens) and counts when there are no log-probs', async () => {
    const s = await start({ logprobs: false, completions: 'missing', script: { chat: sampledYesNo } });
    const result = await fakeModel(s).yesNo('Is the TV on?');
    // seeds 0..9: "no" for 0, 3, 6, 9; neither for 4; "yes" for the other five.
    expect(result.method).toBe('sampling');
    expect(result.pYes).toBeCloseTo(5 / 9, 12);
    expect(result.answers).toEqual(['no', 'yes', 'yes', 'no', null, 'yes', 'no', 'yes', 'yes', 'no']);
    expect(s.requests.at(-1)!.body).toMatchObject({ n: 10, temperature: 0.33, max_tokens: 40, seed: 0 });
  });

  it('samples on request even when log-probs exist, and refuses log-probs when there are none', async () => {
    const s = await start({ script: { chat: sampledYesNo } });
    expect((await fakeModel(s).yesNo('Q?', { method: 'sampling', samples: 3 })).answers).toEqual(['no', 'yes', 'yes']);
    await s.close();
    const bare = await start({ logprobs: false, completions: 'missing' });
    await expect(fakeModel(bare).yesNo('Q?', { method: 'logprobs' })).rejects.toBeInstanceOf(
      UnsupportedCapabilityError,
    );
    await expect(fakeModel(bare).scoreOptions('Q', ['a'], { method: 'logprobs' })).rejects.toBeInstanceOf(
      UnsupportedCapabilityError,
    );
  });

  it('scores options by their echoed log-likelihood in one request', async () => {
    const s = await start({
      script: { tokenLogprob: (_c, token) => (token === ' fridge' ? -0.5 : token === ' kitchen' ? -3 : -1) },
    });
    const model = fakeModel(s);
    await model.capabilities();
    const before = s.count('/completions');
    const result = await model.scoreOptions('Robot: I will', [' open the fridge', ' walk to the kitchen']);
    expect(result.method).toBe('prompt-logprobs');
    expect(result.logLikelihoods).toEqual([-2.5, -6]);
    expect(result.tokenCounts).toEqual([3, 4]);
    const e = Math.exp(-2.5) + Math.exp(-6);
    expect(result.probabilities[0]).toBeCloseTo(Math.exp(-2.5) / e, 12);
    expect(result.probabilities[0] + result.probabilities[1]).toBeCloseTo(1, 12);
    expect(s.count('/completions') - before).toBe(1);
    expect(bodyOf(s, '/completions', 1).prompt).toEqual([
      'Robot: I will open the fridge',
      'Robot: I will walk to the kitchen',
    ]);
  });

  it('estimates option probabilities from sampled steps without echo', async () => {
    const chat = (_body: unknown, { seed }: { seed: number }) =>
      seed === 9 ? 'dance' : seed % 2 === 0 ? '1. Walk to the kitchen.' : 'open the fridge please';
    const s = await start({ completions: 'missing', script: { chat } });
    const result = await fakeModel(s).scoreOptions('Next step?', ['open the fridge', 'walk to the kitchen']);
    expect(result.method).toBe('sampling');
    expect(result.counts).toEqual([4, 5]);
    expect(result.unmatched).toBe(1);
    expect(result.probabilities[0]).toBeCloseTo(4.1 / 9.2, 12);
    expect(result.logLikelihoods.every(Number.isFinite)).toBe(true);
    expect(result.samples).toHaveLength(10);
  });

  it('embeds texts into vectors of the server dimension, with its own embedding model', async () => {
    const s = await start({ models: ['m', 'e'], embeddingDimension: 6 });
    const model = fakeModel(s, {}, { embeddingModel: 'e' });
    const result = await model.embed(['a cup', 'a mug', 'a cup']);
    expect(result.dimension).toBe(6);
    expect(result.vectors).toHaveLength(3);
    expect(result.vectors[0]).toEqual(result.vectors[2]);
    expect(result.vectors[0]).not.toEqual(result.vectors[1]);
    expect(s.requests.at(-1)!.body).toMatchObject({ model: 'e', input: ['a cup', 'a mug', 'a cup'] });
    expect(model.backend.info).toEqual({ provider: 'openai', model: 'm', embeddingModel: 'e' });
  });
});
