/**
 * The job queue (issue 31), on a redis-server started here on a free loopback port:
 *  - throughput: a grid of offline episodes (greedy agent, continual protocol) run through the queue with 1 worker
 *    process, then with 2 (each `--concurrency 1`), the workers started and warmed up beforehand (12 episodes each);
 *    target: 2 workers at least 1.6x faster on a 2-core machine;
 *  - overhead: no-op episodes through the queue with 1 worker, per episode, against the same episodes on 1 local
 *    worker thread; target: under 5 ms per episode.
 * Run: npm run perf:queue [-- seeds steps noop-episodes]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { expandGrid, gridConfig, parseGridOptions } from '../src/bench/grid.js';
import { runGrid } from '../src/bench/runner.js';
import { startRedisServer } from '../test/helpers/redis-server.js';
import { codeUnderTest } from './support/code-under-test.js';
import { noopSpecs, registerNoopProtocol } from './support/noop-protocol.js';

const seeds = Number(process.argv[2] ?? 40);
const steps = Number(process.argv[3] ?? 300);
const noopEpisodes = Number(process.argv[4] ?? 1000);

registerNoopProtocol();
const dir = mkdtempSync(join(tmpdir(), 'hearth-bench-queue-'));
const redis = await startRedisServer();
const client = new Redis(redis.port, '127.0.0.1');
const WORKER = fileURLToPath(new URL('./support/queue-worker.ts', import.meta.url));
const children: ChildProcess[] = [];
let stores = 0;

/** A `hearth worker` child, with the same loader flags as this process (tsx, and dist/ under perf:built). */
function startWorker(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, WORKER, '--queue', redis.url, '--concurrency', '1'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let text = '';
    child.stderr?.on('data', (chunk) => {
      text += chunk;
      if (text.includes('taking jobs')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}): ${text}`)));
  });
}

async function timeGrid(seedList: string, label: string): Promise<number> {
  const grid = parseGridOptions(
    {
      agents: 'greedy',
      homes: 'cottage',
      nonstationarity: 'medium',
      instructions: '5',
      seeds: seedList,
      steps: String(steps),
      quiet: true,
    },
    { knownAgents: ['greedy'] },
  );
  const specs = expandGrid(grid).map((spec) => ({ ...spec, domain: 'virtualhome', style: 'sentence' }));
  const config = { ...gridConfig(grid), domain: 'virtualhome', style: 'sentence', label };
  const start = performance.now();
  const outcome = await runGrid({
    protocol: 'continual',
    config,
    specs,
    store: join(dir, `s${stores++}.sqlite`),
    queue: redis.url,
    quiet: true,
    handleSigint: false,
  });
  if (outcome.report.episodes.ok !== specs.length)
    throw new Error(`${label}: ${JSON.stringify(outcome.report.episodes)}`);
  return performance.now() - start;
}

async function timeNoop(n: number, queue: boolean): Promise<number> {
  const start = performance.now();
  await runGrid({
    protocol: 'noop',
    config: { n, queue },
    specs: noopSpecs(n),
    store: join(dir, `s${stores++}.sqlite`),
    workers: 1,
    ...(queue && { queue: redis.url }),
    quiet: true,
    handleSigint: false,
  });
  return performance.now() - start;
}

const seedRange = `0..${seeds - 1}`;
try {
  console.log(
    `queue (BullMQ on redis-server), Node ${process.version}, ${codeUnderTest()}; load average at start ` +
      `${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} on this 2-core machine (shared: other work runs beside this)`,
  );
  // Fresh workers for each measurement, warmed up before the timed grid: the first episodes of a thread load the
  // protocol and run slowly until the JIT has compiled the simulator (a few hundred ms falling to tens), which a short
  // grid would otherwise charge twice to two workers.
  await startWorker();
  await timeGrid('1000..1011', 'warm-up 1');
  await client.flushdb();
  const one = await timeGrid(seedRange, 'grid');
  children.pop()?.kill('SIGKILL');
  await Promise.all([startWorker(), startWorker()]);
  await timeGrid('2000..2023', 'warm-up 2');
  await client.flushdb(); // the same jobs again: nothing kept from the first measurement
  const two = await timeGrid(seedRange, 'grid');
  console.log(
    `  throughput, ${seeds} offline episodes (greedy, cottage, ${steps} steps): 1 worker ${(one / 1000).toFixed(2)} s, ` +
      `2 workers ${(two / 1000).toFixed(2)} s: ${(one / two).toFixed(2)}x (target >= 1.6x)`,
  );
  // Overhead: one worker left, no-op episodes; the local reference on 1 worker thread.
  children.pop()?.kill('SIGKILL');
  await client.flushdb();
  await timeNoop(20, true); // warm-up (the worker's noop pool)
  const small = await timeNoop(20, false);
  const local = await timeNoop(noopEpisodes + 20, false);
  await client.flushdb();
  const queuedSmall = await timeNoop(20, true);
  await client.flushdb();
  const queued = await timeNoop(noopEpisodes + 20, true);
  const perQueued = (queued - queuedSmall) / noopEpisodes;
  const perLocal = (local - small) / noopEpisodes;
  console.log(
    `  overhead, ${noopEpisodes} no-op episodes on 1 worker: ${perQueued.toFixed(2)} ms/episode through the queue ` +
      `(local thread: ${perLocal.toFixed(2)} ms/episode; the queue adds ${(perQueued - perLocal).toFixed(2)} ms) ` +
      '(target < 5 ms)',
  );
  console.log(
    `  load average at the end: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
} finally {
  for (const child of children) child.kill('SIGKILL');
  client.disconnect();
  await redis.close();
  rmSync(dir, { recursive: true, force: true });
}
