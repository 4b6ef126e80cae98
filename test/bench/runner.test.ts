import { afterEach, describe, expect, it } from 'vitest';
import { registerProtocol } from '../../src/bench/protocols.js';
import { reportToJson } from '../../src/bench/report.js';
import { EXIT_EPISODES_FAILED, EXIT_INTERRUPTED } from '../../src/bench/runner.js';
import { ResultsStore } from '../../src/bench/store.js';
import { InputError } from '../../src/util/errors.js';
import { TOY_LAYOUT, TOY_SPEC } from '../fixtures/toy.js';
import {
  CapturedStream,
  referenceJson,
  SMALL_GRID,
  type ToyFlags,
  tempStore,
  toyGridRun,
} from '../fixtures/toy-runs.js';

afterEach(() => {
  delete process.env.TOY_DELAY_MS;
});

function storedEpisodes(path: string, runId = 1) {
  const store = ResultsStore.open(path, { readonly: true });
  try {
    return store.episodes(runId, { traces: true });
  } finally {
    store.close();
  }
}

describe('runner worker pool', () => {
  /** The store of the first test's run on 2 threads, which the second test reads (each file runs its tests in order). */
  const threadedStore = tempStore();

  it('gives byte-identical reports on 2 threads, 1 thread and in the main thread', async () => {
    // Long enough (40 x 50 ms) that the second thread starts before the first has taken every episode, even on a
    // loaded machine; changes no result.
    process.env.TOY_DELAY_MS = '50';
    const path = threadedStore;
    const threads = await toyGridRun({ ...SMALL_GRID, store: path, workers: '2' }).run();
    delete process.env.TOY_DELAY_MS;
    const one = await toyGridRun({ ...SMALL_GRID, store: tempStore(), workers: '1' }).run();
    const main = await toyGridRun({ ...SMALL_GRID, store: tempStore(), workers: '0' }).run();
    expect(threads.report.episodes).toEqual({ total: 40, ok: 40, failed: 0, missing: 0 });
    expect(reportToJson(threads.report)).toBe(reportToJson(main.report));
    expect(reportToJson(one.report)).toBe(reportToJson(main.report));
    const episodes = storedEpisodes(path);
    expect(new Set(episodes.map((e) => e.timing.worker))).toEqual(new Set([0, 1]));
    expect(new Set(storedEpisodes(one.storePath).map((e) => e.timing.worker))).toEqual(new Set([0]));
    expect(new Set(storedEpisodes(main.storePath).map((e) => e.timing.worker))).toEqual(new Set([null]));
    expect(threads).toMatchObject({ runId: 1, resumed: false, executed: 40, interrupted: false, exitCode: 0 });
  });

  it('stores each episode with its spec and result, timing kept apart', () => {
    // The store of the 2-thread run above: starting another pool would only repeat it.
    const episodes = storedEpisodes(threadedStore);
    expect(episodes).toHaveLength(40);
    for (const episode of episodes) {
      expect(episode.status).toBe('ok');
      expect(Object.keys(episode.result!).sort()).toEqual(['details', 'metrics']);
      expect(episode.timing.protocol).toEqual({ sleptMs: 50 }); // the protocol's own timing: TOY_DELAY_MS above
      expect(episode.timing.wallMs).toBeGreaterThanOrEqual(0);
      expect(episode.spec.key).toBe(episode.key);
      expect(episode.trace).toBeUndefined();
    }
  });

  it('records an episode that throws as failed, goes on, and exits with 3', async () => {
    const path = tempStore();
    const stderr = new CapturedStream();
    const outcome = await toyGridRun(
      { ...SMALL_GRID, agents: 'crashy,steady', homes: 'gen:1', nonstationarity: 'low', seeds: '8', store: path },
      { quiet: false, stderr: stderr.asStream(), workers: 2 },
    ).run();
    expect(outcome.exitCode).toBe(EXIT_EPISODES_FAILED);
    expect(outcome.report.episodes).toEqual({ total: 16, ok: 14, failed: 2, missing: 0 });
    expect(outcome.report.failures).toEqual([
      {
        key: 'agent=crashy home=gen:1 nonstationarity=low instructions=3 seed=3',
        error: 'Error: toy agent crashed on seed 3',
      },
      {
        key: 'agent=crashy home=gen:1 nonstationarity=low instructions=3 seed=7',
        error: 'Error: toy agent crashed on seed 7',
      },
    ]);
    expect(outcome.report.rows.map((row) => [row.agent, row.episodes])).toEqual([
      ['crashy', 6],
      ['steady', 8],
    ]);
    const failed = storedEpisodes(path).filter((e) => e.status === 'failed');
    expect(failed[0].error).toMatch(/^Error: toy agent crashed on seed 3\n\s+at .*runEpisode/);
    expect(stderr.text).toContain('16 episode(s) run now, 0 already stored, 2 failed');
  });

  it('fails the episode whose worker thread dies, and carries on with a new thread', async () => {
    const outcome = await toyGridRun({
      ...SMALL_GRID,
      agents: 'exiter',
      homes: 'gen:1',
      nonstationarity: 'low',
      seeds: '8',
      store: tempStore(),
      workers: '2',
    }).run();
    expect(outcome.report.episodes).toEqual({ total: 8, ok: 6, failed: 2, missing: 0 });
    expect(outcome.report.failures.map((f) => f.error)).toEqual([
      'worker thread died (exit code 7)',
      'worker thread died (exit code 7)',
    ]);
  });

  it('keeps per-step traces only with trace, without changing the report', async () => {
    // The traces cross from the threads to the store; the plain run, whose report must be the same, needs no pool
    // (the first test shows threads and the main thread give the same reports).
    const traced = await toyGridRun({ ...SMALL_GRID, seeds: '2', store: tempStore(), trace: true, workers: '2' }).run();
    const plain = await toyGridRun({ ...SMALL_GRID, seeds: '2', store: tempStore(), workers: '0' }).run();
    expect(reportToJson(traced.report)).toBe(reportToJson(plain.report));
    const [first] = storedEpisodes(traced.storePath);
    expect(first.trace).toHaveLength(6); // instructions 3 -> 6 toy events, one record each
    expect(first.trace![0]).toMatchObject({ event: 0 });
  });

  it('rejects an unknown protocol and a module without runEpisode', async () => {
    await expect(toyGridRun({ ...SMALL_GRID, store: tempStore() }, { protocol: 'nope' }).run()).rejects.toThrow(
      InputError,
    );
    registerProtocol({
      name: 'broken',
      module: new URL('../fixtures/toy.ts', import.meta.url).href,
      report: TOY_LAYOUT,
      spec: TOY_SPEC,
    });
    for (const workers of [0, 2]) {
      await expect(
        toyGridRun({ ...SMALL_GRID, store: tempStore() }, { protocol: 'broken', workers }).run(),
      ).rejects.toThrow(/does not export a function runEpisode/);
    }
  });
});

/**
 * Resuming is the runner's bookkeeping over the store, the same whoever runs the episodes: these tests run them in
 * the main thread (a pool of threads costs seconds to start under vitest, where each thread compiles the sources);
 * the aborted runs below resume on worker threads, and test/cli/run.test.ts kills and resumes the built CLI.
 */
const RESUME_GRID: ToyFlags = { ...SMALL_GRID, workers: '0' };

describe('resume', () => {
  it('skips stored episodes, re-runs failed ones, and reports from the store', async () => {
    const flags = { ...RESUME_GRID, seeds: '3' };
    const path = tempStore();
    const { options } = toyGridRun({ ...flags, store: path });
    const [first, second, third] = options.specs;
    // A run interrupted earlier: two finished episodes (one with a marker value) and one failure.
    const store = ResultsStore.open(path);
    const run = store.createRun({ protocol: 'toy', config: options.config, hearthVersion: '0', totalEpisodes: 24 });
    const timing = { wallMs: 1, worker: 0 };
    store.writeEpisode(run.id, {
      key: first.key,
      index: 0,
      spec: first,
      status: 'ok',
      result: { metrics: { sr: 0.123, ps: 1, psCompleted: 1 } },
      timing,
    });
    store.writeEpisode(run.id, { key: third.key, index: 2, spec: third, status: 'failed', error: 'Error: x', timing });
    store.close();

    const stderr = new CapturedStream();
    const outcome = await toyGridRun(
      { ...flags, store: path, resume: true },
      { quiet: false, stderr: stderr.asStream() },
    ).run();
    expect(outcome).toMatchObject({ runId: run.id, resumed: true, executed: 23, exitCode: 0 });
    expect(stderr.text).toContain(`resuming run ${run.id} in ${path}: 1 of 24 done`);
    const episodes = storedEpisodes(path, run.id);
    expect(episodes).toHaveLength(24);
    expect(episodes.find((e) => e.key === first.key)?.result?.metrics).toEqual({ sr: 0.123, ps: 1, psCompleted: 1 });
    expect(episodes.find((e) => e.key === third.key)).toMatchObject({ status: 'ok', attempts: 2 });
    expect(episodes.find((e) => e.key === second.key)).toMatchObject({ status: 'ok', attempts: 1 });
    // The marker shows in the report: it was built from the store.
    expect(reportToJson(outcome.report)).not.toBe(await referenceJson(flags));
  });

  it('starts a new run without resume, keeping the old one; resume continues the latest equal one', async () => {
    const flags = { ...RESUME_GRID, seeds: '1' };
    const path = tempStore();
    const a = await toyGridRun({ ...flags, store: path }).run();
    const stderr = new CapturedStream();
    const b = await toyGridRun({ ...flags, store: path }, { quiet: false, stderr: stderr.asStream() }).run();
    // The new run says an equal one is stored and how to continue it instead.
    expect(stderr.text).toContain(
      `run 1 in ${path} has this configuration (8 of 8 episodes done): starting a new run; --resume continues`,
    );
    const c = await toyGridRun({ ...flags, store: path, resume: true }).run();
    expect([a.runId, b.runId, c.runId]).toEqual([1, 2, 2]);
    expect([a.executed, b.executed, c.executed]).toEqual([8, 8, 0]);
    expect(reportToJson(c.report)).toBe(reportToJson(a.report));
    const d = await toyGridRun({ ...flags, store: path, resume: '1' }).run();
    expect(d).toMatchObject({ runId: 1, executed: 0 });
  });

  it('with no equal run starts a new one (saying so); a run id of another configuration is refused', async () => {
    const path = tempStore();
    await toyGridRun({ ...RESUME_GRID, seeds: '1', store: path }).run();
    const stderr = new CapturedStream();
    const fresh = await toyGridRun(
      { ...RESUME_GRID, seeds: '2', store: path, resume: true },
      { quiet: false, stderr: stderr.asStream() },
    ).run();
    expect(fresh).toMatchObject({ runId: 2, resumed: false, executed: 16 });
    expect(stderr.text).toContain('no earlier run with this configuration');
    await expect(toyGridRun({ ...RESUME_GRID, seeds: '3', store: path, resume: '1' }).run()).rejects.toThrow(
      /--resume 1: run 1 was started with another configuration/,
    );
    await expect(toyGridRun({ ...RESUME_GRID, store: path, resume: '9' }).run()).rejects.toThrow(
      /--resume 9: no such run in this store/,
    );
  });

  it.each([
    ['2 worker threads', 2],
    ['the main thread', 0],
  ])('an aborted run on %s keeps what finished; resuming gives the uninterrupted report', async (_, workers) => {
    const flags = { ...SMALL_GRID, seeds: '4' };
    process.env.TOY_DELAY_MS = '15';
    const path = tempStore();
    const controller = new AbortController();
    const stderr = new CapturedStream();
    const poll = setInterval(() => {
      try {
        const store = ResultsStore.open(path, { readonly: true });
        if (store.counts(1).ok >= 8) controller.abort();
        store.close();
      } catch {
        // not created yet
      }
    }, 5);
    const interrupted = await toyGridRun(
      { ...flags, store: path },
      { workers, signal: controller.signal, stderr: stderr.asStream() },
    )
      .run()
      .finally(() => clearInterval(poll));
    delete process.env.TOY_DELAY_MS;
    expect(interrupted).toMatchObject({ interrupted: true, exitCode: EXIT_INTERRUPTED });
    const stored = interrupted.report.episodes.ok;
    expect(stored).toBeGreaterThanOrEqual(8);
    expect(stored).toBeLessThan(32);
    expect(stderr.text).toBe(`interrupted: ${stored} of 32 episodes stored in ${path}; run again with --resume\n`);
    const resumed = await toyGridRun({ ...flags, store: path, resume: true }, { workers }).run();
    expect(resumed).toMatchObject({ runId: 1, executed: 32 - stored, exitCode: 0 });
    expect(reportToJson(resumed.report)).toBe(await referenceJson(flags));
  });
});
