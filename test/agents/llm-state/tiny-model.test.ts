/**
 * LLM-State with its LLM roles on a real in-process model: the tiny stories260k GGUF (1 thread, CPU, a 512-token
 * context) on one task. Its prompts do not fit 512 tokens: the context is checked before each call, and a prompt that
 * cannot fit, even at its smallest, is a context overflow named in the role's record, never a crash; the episode
 * takes every step.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { CycleRecord } from '../../../src/agents/llm-state/agent.js';
import { runEpisodicEpisode } from '../../../src/bench/episodic/episode.js';
import { closeEpisodeLanguageModels } from '../../../src/bench/llm.js';
import { tinyModel } from '../../llm/helpers.js';

const model = tinyModel();
const suite = model.missing ? describe.skip : describe;
if (model.missing) process.stderr.write(`[hearth tests] LLM-State on a tiny model: ${model.missing}\n`);

suite(`LLM-State on stories260k (1 thread)${model.missing ? ` [${model.missing}]` : ''}`, () => {
  afterAll(async () => {
    await closeEpisodeLanguageModels();
  });

  it('takes every step of a task, naming each prompt that cannot fit the context', async () => {
    const out = await runEpisodicEpisode({
      agent: 'llm-state',
      home: 'cottage',
      task: 'llm-state/open-fridge',
      seed: 0,
      maxSteps: 3,
      llm: { provider: 'llama-cpp', model: model.path, threads: 1, gpu: false },
    });
    expect(out.steps).toHaveLength(3);
    const stats = out.agentStats as { cycles: CycleRecord[]; llm: { calls: number } };
    const records = stats.cycles.flatMap((c) => c.records);
    expect(records.map((r) => r.role)).toEqual(expect.arrayContaining(['attention', 'estimator', 'policy']));
    const overflows = records.filter((r) => r.invalid?.startsWith('context overflow:'));
    expect(overflows.length).toBeGreaterThan(0);
    for (const record of overflows) expect(record.invalid).toMatch(/context|tokens/i);
  }, 120_000);
});
