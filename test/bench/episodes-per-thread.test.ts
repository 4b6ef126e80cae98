/**
 * Several episodes at once on one worker thread (`episodesPerWorker`): a thread takes up to that many, they
 * interleave at their awaits, and the results are those of one at a time; in the main thread the same.
 */
import { describe, expect, it } from 'vitest';
import type { EpisodeOutcome } from '../../src/bench/execute.js';
import { executeEpisodes } from '../../src/bench/pool.js';
import type { EpisodeSpec } from '../../src/bench/protocol.js';

const MODULE = new URL('../fixtures/waiting-protocol.ts', import.meta.url).href;
const specs: EpisodeSpec[] = Array.from({ length: 12 }, (_, seed) => ({ key: `seed=${seed}`, seed, steps: 6 }));

async function run(workers: number, episodesPerWorker?: number) {
  const outcomes = new Map<string, { outcome: EpisodeOutcome; worker: number | null }>();
  const { aborted } = await executeEpisodes({
    moduleUrl: MODULE,
    specs,
    workers,
    trace: false,
    ...(episodesPerWorker !== undefined && { episodesPerWorker }),
    onOutcome: (outcome, spec, worker) => outcomes.set(spec.key, { outcome, worker }),
  });
  expect(aborted).toBe(false);
  const ok = [...outcomes.values()].map(({ outcome }) => {
    if (outcome.status !== 'ok') throw new Error(outcome.error);
    return outcome;
  });
  return {
    results: specs.map((spec) => JSON.stringify((outcomes.get(spec.key)!.outcome as { result: unknown }).result)),
    busiest: Math.max(...ok.map((outcome) => Number(outcome.protocolTiming?.busiest))),
    workers: new Set([...outcomes.values()].map(({ worker }) => worker)),
  };
}

describe('episodes per worker thread', () => {
  it('runs up to that many at once on each thread, with the results of one at a time', async () => {
    const single = await run(2);
    const several = await run(2, 3);
    expect(single.busiest).toBe(1);
    expect(several.busiest).toBe(3);
    // Which threads took episodes depends on when each started (under load one may take them all): only thread numbers.
    for (const worker of several.workers) expect([0, 1]).toContain(worker);
    expect(several.results).toEqual(single.results);
  }, 60_000);

  it('interleaves episodes in the main thread too', async () => {
    const main = await run(0, 4);
    expect(main.busiest).toBe(4);
    expect(main.workers).toEqual(new Set([null]));
    expect(main.results).toEqual((await run(0)).results);
  }, 60_000);
});
