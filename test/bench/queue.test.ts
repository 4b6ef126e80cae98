/**
 * Runs across processes on a real Redis queue (BullMQ): a redis-server started here on a free loopback port, worker
 * processes started as `hearth worker` with the toy protocol registered (test/fixtures/queue-worker-toy.ts), the
 * coordinator in this process or in a child. The reports must equal the same grid run locally, byte for byte, with
 * every episode stored once, whatever happens to a worker, the coordinator or Redis in between.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatQueueStatus, queueStatus } from '../../src/bench/queue/status.js';
import { reportToJson } from '../../src/bench/report.js';
import { ResultsStore } from '../../src/bench/store.js';
import {
  CapturedStream,
  referenceJson,
  SMALL_GRID,
  type ToyFlags,
  tempStore,
  toyGridRun,
} from '../fixtures/toy-runs.js';
import { spawnNode, type WatchedChild } from '../helpers/child.js';
import { REDIS_AVAILABLE, type RedisServer, startRedisServer } from '../helpers/redis-server.js';
import { projectRoot } from '../helpers/shared-data.js';

const WORKER = fileURLToPath(new URL('../fixtures/queue-worker-toy.ts', import.meta.url));
const RUN_TOY = fileURLToPath(new URL('../fixtures/run-toy.ts', import.meta.url));
/** Every toy episode sleeps this long on a worker (it changes no result): kills land inside episodes. */
const DELAY_MS = '60';

type Child = WatchedChild;

const start = (script: string, args: string[]): Child =>
  spawnNode(['--import', 'tsx', script, ...args], {
    cwd: projectRoot,
    env: { ...process.env, TOY_DELAY_MS: DELAY_MS },
  });

const flagArgs = (flags: ToyFlags) =>
  Object.entries(flags).flatMap(([name, value]) => (value === true ? [`--${name}`] : [`--${name}`, String(value)]));

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function stored(path: string) {
  let store: ResultsStore | undefined;
  try {
    store = ResultsStore.open(path, { readonly: true });
    return store.episodes(1);
  } catch {
    return []; // not created yet
  } finally {
    store?.close();
  }
}

const startedKeys = (worker: Child) => [...worker.stderr().matchAll(/started (.*)$/gm)].map((m) => m[1]);
const finishedKeys = (worker: Child) => [...worker.stderr().matchAll(/finished (.*): /gm)].map((m) => m[1]);

const describeRedis = REDIS_AVAILABLE ? describe : describe.skip;

describeRedis('runs on a Redis queue', () => {
  let redis: RedisServer;
  const workers: Child[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    for (let i = 0; i < 3; i++) {
      workers.push(start(WORKER, ['--queue', redis.url, '--concurrency', '1', '--lock-ms', '1500', '--verbose']));
    }
    await until('3 workers', () => workers.every((w) => w.stderr().includes('taking jobs')));
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) worker.process.kill('SIGKILL');
    await Promise.all(workers.map((worker) => worker.exit));
    await redis?.close();
  });

  it('3 worker processes give the report of the same grid run locally; each episode stored once', async () => {
    const path = tempStore();
    const outcome = await toyGridRun({ ...SMALL_GRID, store: path, queue: redis.url }).run();
    expect(reportToJson(outcome.report)).toBe(await referenceJson(SMALL_GRID));
    expect(outcome).toMatchObject({ executed: 40, exitCode: 0 });
    const episodes = stored(path);
    expect(episodes).toHaveLength(40);
    expect(episodes.every((e) => e.status === 'ok' && e.attempts === 1)).toBe(true);
    // Every worker took a share.
    for (const worker of workers) expect(startedKeys(worker).length).toBeGreaterThan(0);

    // Run again with --resume: nothing to run or enqueue. A new run of the same grid enqueues nothing either:
    // the jobs of this configuration are done, and their results are collected.
    const again = new CapturedStream();
    const fresh = await toyGridRun(
      { ...SMALL_GRID, store: tempStore(), queue: redis.url },
      { quiet: false, stderr: again.asStream() },
    ).run();
    expect(again.text).toContain('0 job(s) added, 40 found done');
    expect(reportToJson(fresh.report)).toBe(reportToJson(outcome.report));

    const status = await queueStatus(redis.url);
    expect(status).toHaveLength(1);
    expect(status[0]).toMatchObject({ waiting: 0, active: 0, done: 40, failed: 0 });
    // The run as its latest coordinator registered it.
    expect(status[0].info).toMatchObject({ protocol: 'toy', episodes: 40, store: fresh.storePath, runId: 1 });
    expect(formatQueueStatus(status, redis.url)).toMatch(
      /^run\s+protocol\s+episodes\s+waiting\s+active\s+done\s+failed/,
    );
  }, 120_000);

  it('reports failed episodes one by one, as a local run does', async () => {
    const flags = { ...SMALL_GRID, agents: 'crashy,steady', homes: 'gen:1', nonstationarity: 'low', seeds: '8' };
    const outcome = await toyGridRun({ ...flags, store: tempStore(), queue: redis.url }).run();
    const local = await toyGridRun({ ...flags, store: tempStore(), workers: '0' }).run();
    expect(outcome.exitCode).toBe(3);
    expect(outcome.report.failures).toEqual(local.report.failures);
    expect(reportToJson(outcome.report)).toBe(reportToJson(local.report));
  }, 120_000);

  it('a worker SIGKILLed in the middle of an episode: another runs it again, nothing changes', async () => {
    const flags: ToyFlags = { ...SMALL_GRID, homes: 'gen:1', seeds: '10..14' };
    const path = tempStore();
    const victim = workers[0];
    const before = startedKeys(victim).length;
    const running = toyGridRun({ ...flags, store: path, queue: redis.url }).run();
    // Kill the first worker as soon as it has started an episode past its first.
    await until('an episode on the first worker', () => startedKeys(victim).length >= before + 2);
    victim.process.kill('SIGKILL');
    await victim.exit;
    const started = startedKeys(victim);
    const lost = started[started.length - 1];
    expect(finishedKeys(victim)).not.toContain(lost);
    const outcome = await running;
    expect(reportToJson(outcome.report)).toBe(await referenceJson(flags));
    const episodes = stored(path);
    expect(episodes).toHaveLength(20);
    expect(episodes.every((e) => e.status === 'ok' && e.attempts === 1)).toBe(true);
    // The job was found stalled and run again by another worker.
    expect(workers.slice(1).some((worker) => finishedKeys(worker).includes(lost))).toBe(true);
  }, 120_000);

  it('the coordinator killed and resumed collects what finished meanwhile; nothing changes', async () => {
    const flags: ToyFlags = { ...SMALL_GRID, homes: 'gen:1', seeds: '20..24' };
    const path = tempStore();
    const args = [...flagArgs({ ...flags, store: path, queue: redis.url }), '--quiet'];
    const first = start(RUN_TOY, args);
    await until('5 stored episodes', () => stored(path).length >= 5);
    first.process.kill('SIGKILL');
    await first.exit;
    const before = new Map(stored(path).map((e) => [e.key, e.finished]));
    expect(before.size).toBeLessThan(20);
    // The workers go on without it.
    await until('the queue to drain', async () =>
      (await queueStatus(redis.url)).every((run) => run.waiting + run.active === 0),
    );
    const resumed = start(RUN_TOY, [...args.filter((a) => a !== '--quiet'), '--resume', '--json']);
    const { code } = await resumed.exit;
    expect(code, resumed.stderr()).toBe(0);
    expect(resumed.stderr()).toMatch(/0 job\(s\) added, \d+ found done/);
    expect(resumed.stdout()).toBe(await referenceJson(flags));
    const after = stored(path);
    expect(after).toHaveLength(20);
    for (const episode of after) {
      expect(episode.attempts).toBe(1);
      if (before.has(episode.key)) expect(episode.finished).toBe(before.get(episode.key));
    }
  }, 120_000);

  it('Redis restarted in the middle of a run: workers and coordinator reconnect; nothing changes', async () => {
    const flags: ToyFlags = { ...SMALL_GRID, homes: 'gen:1', seeds: '30..34' };
    const path = tempStore();
    const notes = new CapturedStream();
    const running = toyGridRun(
      { ...flags, store: path, queue: redis.url },
      { quiet: false, stderr: notes.asStream() },
    ).run();
    await until('5 stored episodes', () => stored(path).length >= 5);
    await redis.restart();
    const outcome = await running;
    expect(reportToJson(outcome.report)).toBe(await referenceJson(flags));
    expect(stored(path)).toHaveLength(20);
    expect(notes.text).toMatch(/reconnecting/);
  }, 120_000);
});
