/**
 * Interrupting a run for real: the toy benchmark runs in a child process (wired like `hearth run`), is killed
 * half-way with SIGINT and, separately, SIGKILL, then resumed; the final report must equal an uninterrupted run's,
 * with every episode stored exactly once and nothing stored before the kill run again. The resumed run is this
 * process's (the kill is what needs a process; test/cli/run.test.ts resumes in another process, with the built CLI).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { reportToJson } from '../../src/bench/report.js';
import { ResultsStore } from '../../src/bench/store.js';
import { CapturedStream, referenceJson, type ToyFlags, tempStore, toyGridRun } from '../fixtures/toy-runs.js';
import { spawnNode, type WatchedChild } from '../helpers/child.js';
import { projectRoot } from '../helpers/shared-data.js';

const SCRIPT = fileURLToPath(new URL('../fixtures/run-toy.ts', import.meta.url));
const GRID: ToyFlags = {
  agents: 'steady,noisy',
  homes: 'gen:1',
  nonstationarity: 'low,high',
  instructions: '3',
  seeds: '10',
  steps: '2000',
};
const TOTAL = 40;

function flagArgs(flags: ToyFlags): string[] {
  return Object.entries(flags).flatMap(([name, value]) =>
    value === true ? [`--${name}`] : [`--${name}`, String(value)],
  );
}

type Child = WatchedChild;

function runToy(args: string[], env: Record<string, string> = {}): Child {
  return spawnNode(['--import', 'tsx', SCRIPT, ...args], { cwd: projectRoot, env: { ...process.env, ...env } });
}

/** Stored episodes of run 1: key -> the time it was written. */
function storedEpisodes(path: string): Map<string, string> {
  const store = ResultsStore.open(path, { readonly: true });
  try {
    return new Map(store.episodes(1).map((episode) => [episode.key, episode.finished]));
  } finally {
    store.close();
  }
}

/** Waits until the child has stored at least `count` episodes. */
async function waitForStored(path: string, count: number, child: Child): Promise<void> {
  let exited = false;
  void child.exit.then(() => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`the run ended before storing ${count} episodes: ${child.stderr()}`);
    try {
      if (storedEpisodes(path).size >= count) return;
    } catch {
      // the store or its run does not exist yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function killHalfWayThenResume(signal: 'SIGINT' | 'SIGKILL', workers: '0' | '2') {
  const path = tempStore();
  const args = flagArgs({ ...GRID, store: path, workers });
  // 40 episodes of 40 ms on 2 threads: about 0.8 s (1.6 s in the main thread), killed after a quarter.
  const first = runToy(args, { TOY_DELAY_MS: '40' });
  await waitForStored(path, 10, first);
  first.process.kill(signal);
  const ended = await first.exit;
  const before = storedEpisodes(path);
  expect(before.size).toBeGreaterThanOrEqual(10);
  expect(before.size).toBeLessThan(TOTAL);

  // Resumed in the main thread: what the store holds is the subject, not who runs the rest.
  const notes = new CapturedStream();
  const resumed = await toyGridRun(
    { ...GRID, store: path, workers: '0', resume: true, quiet: false },
    { stderr: notes.asStream() },
  ).run();
  expect(resumed.exitCode, notes.text).toBe(0);
  expect(notes.text).toContain(`${TOTAL - before.size} episode(s) run now, ${before.size} already stored`);
  expect(reportToJson(resumed.report)).toBe(await referenceJson(GRID));

  const after = storedEpisodes(path);
  expect(after.size).toBe(TOTAL);
  for (const [key, finished] of before) expect(after.get(key)).toBe(finished); // kept, not run again
  const store = ResultsStore.open(path, { readonly: true });
  try {
    expect(store.runs()).toHaveLength(1);
    expect(store.episodes(1).every((episode) => episode.status === 'ok' && episode.attempts === 1)).toBe(true);
  } finally {
    store.close();
  }
  return { ended, stderr: first.stderr(), stored: before.size, path };
}

describe('killing a run half-way and resuming it', () => {
  // SIGINT stops a pool of 2 worker threads, which must hand back what they finished. SIGKILL, which nothing can
  // catch, stops a run in the main thread: what survives is what the store committed, whoever ran the episodes (a
  // pool started under tsx costs seconds; test/cli/run.test.ts does the same with the built CLI).
  it('SIGINT: stops, says how many episodes are stored, exits 130; --resume finishes it', async () => {
    const { ended, stderr, stored, path } = await killHalfWayThenResume('SIGINT', '2');
    expect(ended.code).toBe(130);
    expect(stderr).toContain(`interrupted: ${stored} of ${TOTAL} episodes stored in ${path}; run again with --resume`);
  });

  it('SIGKILL: whatever was committed survives; --resume finishes it', async () => {
    const { ended } = await killHalfWayThenResume('SIGKILL', '0');
    expect(ended.signal).toBe('SIGKILL');
  });
});
