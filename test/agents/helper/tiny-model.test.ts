/**
 * helper-llm on a real in-process model: the tiny stories260k GGUF (1 thread, CPU, its 512-token context), on one
 * TEACh-style task. The model writes children's stories, not programs, and the planner's prompt (the API alone is
 * larger than its window) does not fit: every role's answer is an overflow named in its record or text the grammars
 * reject, which the agent takes as invalid steps; the episode runs to its step limit, and no answer is ever run.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { LlmLocator } from '../../../src/agents/helper/llm/index.js';
import type { RoleRecord } from '../../../src/agents/helper/roles.js';
import { runEpisodicEpisode } from '../../../src/bench/episodic/episode.js';
import { closeEpisodeLanguageModels, languageModelForEpisode } from '../../../src/bench/llm.js';
import { catalogClass } from '../../../src/sim/catalog/index.js';
import { tinyModel } from '../../llm/helpers.js';

const model = tinyModel();
const suite = model.missing ? describe.skip : describe;
if (model.missing) process.stderr.write(`[hearth tests] helper-llm on a tiny model: ${model.missing}\n`);

suite(`helper-llm on stories260k (1 thread)${model.missing ? ` [${model.missing}]` : ''}`, () => {
  afterAll(async () => {
    await closeEpisodeLanguageModels();
  });

  it('runs an episode to its end: the overflowing or unreadable plans are invalid steps, recorded', async () => {
    const maxSteps = 6;
    const out = await runEpisodicEpisode({
      agent: 'helper-llm',
      home: 'cottage',
      task: 'teach-tfd/toast',
      seed: 0,
      maxSteps,
      llm: { provider: 'llama-cpp', model: model.path, threads: 1, gpu: false },
    });
    expect(out.steps).toHaveLength(maxSteps);
    const stats = out.agentStats as {
      invalidPlans: number;
      plans: number;
      programs: string[];
      records: RoleRecord[];
      roles: Record<string, string>;
    };
    expect(stats.roles.planner).toBe('llm');
    expect(stats.plans).toBeGreaterThan(0);
    expect(stats.invalidPlans).toBe(stats.plans);
    expect(stats.programs).toEqual([]);
    const planner = stats.records.filter((r) => r.role === 'planner');
    expect(planner.length).toBe(stats.plans);
    for (const record of planner) {
      // Either the prompt overflowed the 512 tokens, named, with every example dropped, or the text was rejected.
      if (record.invalid) {
        expect(record.invalid).toMatch(/^context overflow: .*tokens/);
        expect(record.dropped).toBe(3);
      } else expect(record.rejected?.length ?? 0).toBeGreaterThan(0);
    }
    expect(out.steps.filter((s) => s.skill.includes('invalid')).length).toBe(stats.invalidPlans);
  }, 120_000);

  it("reads the locator's answer (its prompt fits) as data: each line of the story rejected or read to a catalog place", async () => {
    const llm = languageModelForEpisode({ provider: 'llama-cpp', model: model.path, threads: 1, gpu: false });
    const answer = await new LlmLocator(llm, 0).locate({ className: 'mug', dialogue: 'Make coffee.', hints: [] });
    expect(answer.record.output).toBeDefined();
    const lines = answer.record.output!.split('\n').filter((l) => l.trim() !== '' && !l.trim().endsWith(':'));
    expect((answer.record.rejected?.length ?? 0) + answer.value.length).toBe(lines.length);
    for (const place of answer.value) expect(catalogClass(place)?.name).toBe(place);
  }, 60_000);
});
