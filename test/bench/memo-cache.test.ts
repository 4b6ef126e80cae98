/**
 * A run keeps the household planner's searches in the memo store of its cache folder (`src/util/memo-store.ts`): the
 * same grid run again with that folder plans nothing anew and reports the same results, byte for byte.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planningCounters } from '../../src/agents/heuristics/plans.js';
import { expandGrid, parseGridOptions } from '../../src/bench/grid.js';
import { reportToJson } from '../../src/bench/report.js';
import { runGrid } from '../../src/bench/runner.js';
import { clearCaches } from '../../src/util/caches.js';
import { scratchDir } from '../helpers/scratch.js';

const dir = scratchDir('memo-cache');

async function run(name: string, memoDir: string | false) {
  const grid = parseGridOptions(
    {
      agents: 'greedy-text',
      homes: 'gen:4501',
      nonstationarity: 'medium',
      instructions: '5',
      seeds: '2',
      steps: '30',
      quiet: true,
    },
    { knownAgents: ['greedy-text'] },
  );
  const specs = expandGrid(grid).map((spec) => ({ ...spec, domain: 'virtualhome', style: 'sentence' }));
  clearCaches(); // as a fresh process starts
  const searches = planningCounters.searches;
  const outcome = await runGrid({
    protocol: 'continual',
    config: { memo: 1 },
    specs,
    store: join(dir, `${name}.sqlite`),
    workers: 0,
    quiet: true,
    handleSigint: false,
    memoDir,
  });
  return { json: reportToJson(outcome.report), searches: planningCounters.searches - searches };
}

describe("the run's memo store", () => {
  it('makes a re-run plan nothing anew, with the same results', async () => {
    const cache = join(dir, 'cache');
    const first = await run('first', cache);
    const again = await run('again', cache);
    const without = await run('without', false);
    expect(first.searches).toBeGreaterThan(5);
    expect(again.searches).toBe(0);
    expect(without.searches).toBe(first.searches);
    expect(again.json).toBe(first.json);
    expect(without.json).toBe(first.json);
  });
});
