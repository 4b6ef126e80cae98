/**
 * ExRAP's LLM roles on a real in-process model: the tiny stories260k GGUF (1 thread, CPU, a 512-token context)
 * runs a 2-step ExRAP-LLM episode (each step scores every skill on the model: longer only costs CI time). It writes children's stories, so it plans badly: only the plumbing is checked
 * (the interpreter's grammar-constrained JSON is parsed and checked, prompts fit after shrinking, every step is
 * taken, every call is counted).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runContinualEpisode } from '../../../src/bench/continual/episode.js';
import { closeEpisodeLanguageModels } from '../../../src/bench/llm.js';
import { tinyModel } from '../../llm/helpers.js';

const model = tinyModel();
/** Two steps: the second shows the episode goes on after the first call's answer; more only cost time. */
const STEPS = 2;
const suite = model.missing ? describe.skip : describe;
if (model.missing) process.stderr.write(`[hearth tests] ExRAP-LLM on a tiny model: ${model.missing}\n`);

suite(`ExRAP-LLM on stories260k (1 thread)${model.missing ? ` [${model.missing}]` : ''}`, () => {
  afterAll(async () => {
    await closeEpisodeLanguageModels();
  });

  it('completes a 2-step episode with every role on the model', async () => {
    const outcome = await runContinualEpisode({
      agent: 'exrap-llm',
      home: 'cottage',
      nonstationarity: 'medium',
      instructions: 2,
      steps: STEPS,
      seed: 1,
      llm: { provider: 'llama-cpp', model: model.path, threads: 1, gpu: false },
    });
    expect(outcome.steps).toHaveLength(STEPS);
    const usage = outcome.llmUsage!;
    // The interpreter was asked (its prompt does not fit 512 tokens even without the worked example: the overflows
    // are counted as failed calls and the episode goes on), and the exploration planner scored every step.
    expect(usage.byKind.chat.calls + usage.byKind.chat.failedCalls).toBeGreaterThanOrEqual(1);
    expect(usage.byKind.score.calls).toBe(STEPS);
    expect(outcome.metrics.llmCallsPerStep).toBeGreaterThanOrEqual(1);
  }, 300_000);
});
