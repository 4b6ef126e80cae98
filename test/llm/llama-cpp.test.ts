/**
 * Plumbing checks of the in-process provider with the tiny stories260k model (1 thread, CPU): it writes
 * child-like English, so only the mechanics are checked, never the quality of answers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { languageModelFromOptions } from '../../src/llm/cli-options.js';
import { ContextOverflowError } from '../../src/llm/errors.js';
import { createLanguageModel, type LanguageModel } from '../../src/llm/language-model.js';
import { LlamaCppBackend } from '../../src/llm/providers/llama-cpp.js';
import type { ChatMessage } from '../../src/llm/types.js';
import { tinyModel } from './helpers.js';

const model = tinyModel();
const suite = model.missing ? describe.skip : describe;
if (model.missing) process.stderr.write(`[hearth tests] llama-cpp provider: ${model.missing}\n`);

suite(`llama-cpp provider with stories260k (1 thread)${model.missing ? ` [${model.missing}]` : ''}`, () => {
  let llm: LanguageModel;
  beforeAll(() => {
    llm = createLanguageModel(new LlamaCppBackend({ modelPath: model.path, threads: 1, gpu: false }));
  });
  afterAll(async () => {
    await llm?.close();
  });

  const question: ChatMessage[] = [
    { role: 'system', content: 'You are a helpful robot.' },
    { role: 'user', content: 'Is the cat on the mat?' },
  ];

  it('has every capability, with a fixed embedding dimension', async () => {
    const report = await llm.probe();
    expect(report.capabilities).toEqual({
      chat: true,
      jsonSchema: true,
      logprobs: true,
      promptLogprobs: true,
      embeddings: true,
    });
    expect(report.embeddingDimension).toBe(64);
    expect(report.model).toBe('stories260k.gguf');
  });

  it('writes JSON that satisfies the schema, for every seed', async () => {
    // Within what the llama.cpp grammar can enforce (it has no numeric ranges; those are caught by validation).
    const Step = z.object({
      answer: z.enum(['yes', 'no']),
      room: z.string().max(20),
      count: z.number().int(),
      open: z.boolean(),
      objects: z.array(z.string().max(12)).max(2),
    });
    for (let seed = 0; seed < 5; seed++) {
      const result = await llm.structured(question, Step, { seed, maxTokens: 120, temperature: 0.8 });
      expect(result.method).toBe('json-schema');
      // Checked independently of the layer's own validation.
      expect(Step.safeParse(JSON.parse(result.text)).success).toBe(true);
      expect(result.value).toEqual(JSON.parse(result.text));
    }
  });

  it('scores options with finite log-likelihoods whose softmax sums to 1', async () => {
    const options = [' the cat sat on the mat', ' a dog ran', ' the sun', ' and then they played together'];
    const scores = await llm.scoreOptions('Once upon a time,', options);
    expect(scores.method).toBe('prompt-logprobs');
    expect(scores.logLikelihoods.every((v) => Number.isFinite(v) && v < 0)).toBe(true);
    expect(scores.probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(scores.tokenCounts!.every((n) => n > 0)).toBe(true);
    // A longer continuation that extends a shorter one is never more likely than it.
    const nested = await llm.scoreOptions('Once upon a time,', [' there', ' there was']);
    expect(nested.logLikelihoods[1]).toBeLessThan(nested.logLikelihoods[0]);
  });

  it('agrees between generation log-probs and continuation scoring', async () => {
    const generated = await llm.chat(question, { maxTokens: 1, temperature: 0, topLogprobs: 5 });
    const top = generated.logprobs![0]![0].top;
    expect(top).toHaveLength(5);
    const mass = top.reduce((sum, t) => sum + Math.exp(t.logprob), 0);
    expect(mass).toBeLessThanOrEqual(1 + 1e-6);
    expect(top[0].logprob).toBeGreaterThanOrEqual(top[4].logprob);
    // Greedy: the generated token is the most likely one.
    expect(generated.logprobs![0]![0].logprob).toBeCloseTo(top[0].logprob, 6);
    // Scoring each alternative as a continuation reproduces its generation log-prob (two code paths, one number).
    const scored = await llm.scoreOptions(
      question,
      top.map((t) => t.token),
    );
    const compared = top.filter((_, i) => scored.tokenCounts![i] === 1);
    expect(compared.length).toBeGreaterThanOrEqual(3);
    top.forEach((t, i) => {
      if (scored.tokenCounts![i] === 1) expect(scored.logLikelihoods[i]).toBeCloseTo(t.logprob, 4);
    });
    expect(new Set(scored.logLikelihoods.map((v) => v.toFixed(6))).size).toBe(top.length);
  });

  it('gives normalised P(yes) and P(no)', async () => {
    for (const prompt of ['Is the cat on the mat?', 'Did Lily go to the park? Answer yes or no.']) {
      const result = await llm.yesNo(prompt);
      expect(['token-logprobs', 'prompt-logprobs']).toContain(result.method);
      expect(result.pYes).toBeGreaterThanOrEqual(0);
      expect(result.pNo).toBeGreaterThanOrEqual(0);
      expect(result.pYes + result.pNo).toBeCloseTo(1, 12);
    }
    const sampled = await llm.yesNo('Is the cat on the mat?', { method: 'sampling', samples: 4 });
    expect(sampled.answers).toHaveLength(4);
    expect(sampled.pYes + sampled.pNo).toBeCloseTo(1, 12);
  });

  it('embeds texts of any length into vectors of one dimension', async () => {
    const result = await llm.embed(['cat', 'the little girl went to the park with her mom', 'cat']);
    expect(result.dimension).toBe(64);
    expect(result.vectors.map((v) => v.length)).toEqual([64, 64, 64]);
    expect(result.vectors[0]).toEqual(result.vectors[2]);
    expect(result.vectors.flat().every(Number.isFinite)).toBe(true);
  });

  it('samples reproducibly from the seed, whatever ran before', async () => {
    const first = await llm.chat(question, { seed: 42, temperature: 0.8, maxTokens: 12, n: 2 });
    await llm.scoreOptions('Once upon a time,', [' a frog']);
    const again = await llm.chat(question, { seed: 42, temperature: 0.8, maxTokens: 12, n: 2 });
    expect(again.texts).toEqual(first.texts);
    const withLogprobs = await llm.chat(question, { seed: 42, temperature: 0.8, maxTokens: 6, topLogprobs: 2 });
    const withLogprobsAgain = await llm.chat(question, { seed: 42, temperature: 0.8, maxTokens: 6, topLogprobs: 2 });
    expect(withLogprobsAgain.texts).toEqual(withLogprobs.texts);
    expect(withLogprobs.usage.completionTokens).toBeGreaterThan(0);
  });

  it('stops at a stop string', async () => {
    const free = await llm.chat('Once upon a time', { seed: 1, temperature: 0, maxTokens: 30 });
    const words = free.text.trim().split(/\s+/);
    if (words.length >= 3) {
      const stop = ` ${words[2]}`;
      const stopped = await llm.chat('Once upon a time', { seed: 1, temperature: 0, maxTokens: 30, stop: [stop] });
      expect(stopped.text).toBe(free.text.slice(0, free.text.indexOf(stop)));
      const stoppedWithLogprobs = await llm.chat('Once upon a time', {
        seed: 1,
        temperature: 0,
        maxTokens: 30,
        stop: [stop],
        topLogprobs: 1,
      });
      expect(stoppedWithLogprobs.text).toBe(stopped.text);
    }
  });

  it('renders multi-turn chats with the model template', async () => {
    const history: ChatMessage[] = [
      ...question,
      { role: 'assistant', content: 'Yes.' },
      { role: 'user', content: 'Why?' },
    ];
    const short = await llm.chat(question, { maxTokens: 4, temperature: 0 });
    const long = await llm.chat(history, { maxTokens: 4, temperature: 0 });
    expect(long.usage.promptTokens).toBeGreaterThan(short.usage.promptTokens + 3);
    expect(long.finishReasons[0]).toMatch(/stop|length/);
  });

  it('loads the native library once per process: backends share it, each with a model of its own', async () => {
    const backends = [0, 1].map(() => new LlamaCppBackend({ modelPath: model.path, threads: 1, gpu: false }));
    try {
      const [a, b] = await Promise.all(backends.map((backend) => backend.load()));
      expect(a.llama).toBe(b.llama);
      expect(a.model).not.toBe(b.model);
      // A closed backend leaves the library to the others: one loaded after it still runs.
      await backends[0].close();
      const again = new LlamaCppBackend({ modelPath: model.path, threads: 1, gpu: false });
      backends.push(again);
      expect((await again.load()).llama).toBe(b.llama);
      const reply = await createLanguageModel(again).chat('Once upon a time', { seed: 1, maxTokens: 4 });
      expect(reply.text.length).toBeGreaterThan(0);
    } finally {
      for (const backend of backends.slice(1)) await backend.close();
    }
  });

  it('reports a prompt longer than the context window as ContextOverflowError', async () => {
    const long = 'the cat sat on the mat. '.repeat(200);
    await expect(llm.chat(long)).rejects.toBeInstanceOf(ContextOverflowError);
    await expect(llm.scoreOptions(long, [' yes'])).rejects.toBeInstanceOf(ContextOverflowError);
    await expect(llm.embed([long])).rejects.toBeInstanceOf(ContextOverflowError);
  });
});

suite(`llama-cpp recordings${model.missing ? ` [${model.missing}]` : ''}`, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-llama-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('records with --llm-cache and replays without the model file', async () => {
    const file = join(dir, 'tiny.sqlite');
    const session = async (m: LanguageModel) => [
      await m.chat('Once upon a time', { seed: 3, maxTokens: 10 }),
      await m.yesNo('Is the cat on the mat?'),
      await m.scoreOptions('Once upon a time,', [' there was', ' a dog']),
      await m.structured('Pick one.', z.object({ pick: z.enum(['a', 'b']) })),
      await m.embed(['cat']),
    ];
    const recording = await languageModelFromOptions(
      { llm: 'llama-cpp', model: model.path, llmThreads: '1', llmCache: file },
      { HEARTH_LLM_GPU: 'cpu' },
    );
    const first = await session(recording!);
    await recording!.close();
    const replay = await languageModelFromOptions(
      { llm: 'llama-cpp', model: join(dir, 'elsewhere', 'stories260k.gguf'), llmReplay: file },
      {},
    );
    expect(await session(replay!)).toEqual(first);
    await replay!.close();
  });
});
