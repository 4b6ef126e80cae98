import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTINUAL_LAYOUT } from '../../src/bench/continual/layout.js';
import { buildReport, reportToJson, reportToTable } from '../../src/bench/report.js';
import { ResultsStore } from '../../src/bench/store.js';
import { scratchDir } from '../helpers/scratch.js';

function seeded() {
  const path = join(scratchDir('reads'), 'r.sqlite');
  const store = ResultsStore.open(path);
  const run = store.createRun({ protocol: 'continual', config: {}, hearthVersion: '0', totalEpisodes: 6 });
  ['oracle', 'exrap'].forEach((agent, a) => {
    for (let seed = 0; seed < 2; seed++) {
      const index = a * 2 + seed;
      const key = `agent=${agent} seed=${seed}`;
      store.writeEpisode(run.id, {
        key,
        index,
        spec: { key, seed, agent, home: 'h', nonstationarity: 'low', instructions: 1 },
        status: 'ok',
        result: { metrics: { sr: (index % 3) / 2, ps: index } },
        ...(seed === 1 && { trace: [{ t: 0, skill: '[walk] <kitchen> (1)', success: true }] }),
        timing: { wallMs: 1, worker: null },
      });
    }
  });
  return { path, store, run };
}

describe('store reads for the dashboard', () => {
  it('lists runs with their progress and pages of episodes', () => {
    const { path, store, run } = seeded();
    expect(store.runSummaries()).toMatchObject([{ id: run.id, totalEpisodes: 6, ok: 4, failed: 0 }]);
    const page = store.episodePage(run.id, { offset: 1, limit: 2 });
    expect(page.total).toBe(4);
    expect(page.episodes.map((e) => [e.index, e.traced])).toEqual([
      [1, true],
      [2, false],
    ]);
    const exrap = store.episodePage(run.id, { offset: 0, limit: 10, where: { agent: 'exrap' } });
    expect(exrap.episodes.map((e) => e.spec.agent)).toEqual(['exrap', 'exrap']);
    const best = store.episodePage(run.id, { offset: 0, limit: 10, sort: { metric: 'sr', descending: true } });
    // Ties keep the spec order.
    expect(best.episodes.map((e) => e.index)).toEqual([2, 1, 0, 3]);
    expect(store.episodeAt(run.id, 1, { trace: true })?.trace).toHaveLength(1);
    expect(store.episodeAt(run.id, 9)).toBeUndefined();

    const reader = ResultsStore.open(path, { readonly: true });
    const before = reader.changeCounter();
    expect(reader.changeCounter()).toBe(before);
    store.createRun({ protocol: 'continual', config: {}, hearthVersion: '0', totalEpisodes: 1 });
    expect(reader.changeCounter()).not.toBe(before);
    reader.close();
    store.close();
  });

  it('reports name the privileged agents with what they are given, after the others, and list them in the JSON', () => {
    const { store, run } = seeded();
    const report = buildReport({
      protocol: 'continual',
      config: {},
      layout: CONTINUAL_LAYOUT,
      totalEpisodes: 4,
      episodes: store.episodes(run.id),
      references: { oracle: ['meanings', 'true-state'], greedy: ['meanings'] },
    });
    store.close();
    const table = reportToTable(report);
    expect(table).toMatch(/^oracle \[meanings, true-state\] +\| /m);
    expect(table).toMatch(/^exrap +\| /m);
    expect(table.indexOf('\noracle [')).toBeGreaterThan(table.indexOf('\nexrap '));
    expect(table).toContain('  true-state: the true state of the home');
    expect(JSON.parse(reportToJson(report)).references).toEqual({ oracle: ['meanings', 'true-state'] });
  });
});
