/**
 * An LLM sweep on the Redis queue: `hearth run ... --queue` (the CLI's own `main`, in this process) with 2
 * `hearth worker` processes of the built CLI calling the loopback stand-in model server started here (real HTTP),
 * named on the workers' own command line (a job never chooses where a worker's calls go). Recorded with --llm-cache, every call
 * reaches the coordinator's cache file (the same calls a local run records); replayed with --llm-replay, the sweep
 * makes zero calls on either worker and reports the same. Needs dist/ (npm test builds it) and redis-server.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmCallStore } from '../../src/llm/middleware/cache.js';
import { spawnNode } from '../helpers/child.js';
import { BIN, cliEnv, runCliInProcess } from '../helpers/cli.js';
import type { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { REDIS_AVAILABLE, type RedisServer, startRedisServer } from '../helpers/redis-server.js';
import { scratchDir } from '../helpers/scratch.js';
import { projectRoot } from '../helpers/shared-data.js';
import { startStandInModelServer } from '../helpers/stand-in-model.js';

const BUILT = existsSync(join(projectRoot, 'dist', 'bench', 'queue', 'worker.js'));
if (!BUILT) process.stderr.write('[hearth tests] queued LLM runs skipped: run `npm run build` (npm test does)\n');
const describeReady = BUILT && REDIS_AVAILABLE ? describe : describe.skip;

const dir = scratchDir('queue-llm');

/** A `hearth worker` of the built CLI, in a process of its own (the test stops it). */
const hearthWorker = (args: string[]) => spawnNode([BIN, 'worker', ...args], { cwd: dir, env: cliEnv() });

function recordedKeys(file: string): string[] {
  const store = LlmCallStore.openForReplay(file);
  try {
    return store
      .rows()
      .map((row) => row.key)
      .sort();
  } finally {
    store.close();
  }
}

describeReady('an LLM sweep on the queue (fake OpenAI-compatible server, 2 workers)', () => {
  let server: FakeOpenAiServer;
  let redis: RedisServer;
  const workers: ReturnType<typeof hearthWorker>[] = [];

  beforeAll(async () => {
    server = await startStandInModelServer({ latencyMs: 30, maxConcurrent: 64 });
    redis = await startRedisServer();
    for (let i = 0; i < 2; i++) {
      workers.push(hearthWorker(['--queue', redis.url, '--concurrency', '1', '--verbose', '--base-url', server.url]));
    }
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) worker.process.kill('SIGTERM');
    await Promise.all(workers.map((worker) => worker.exit));
    await redis?.close();
    await server?.close();
  });

  /**
   * The sweep with the recording flag given, into a store of its own, on the queue or in the main thread; resolves
   * with its exit code and output.
   */
  const sweep = (recording: string[], store: string, queue: boolean) => {
    const flags = ['--agents', 'llm-planner', '--llm', 'openai', '--base-url', server.url, '--model', 'm'];
    const grid = ['--seeds', '2', '--steps', '4', '--json', '--quiet', '--store', join(dir, store)];
    const where = queue ? ['--queue', redis.url] : ['--workers', '0'];
    return runCliInProcess(['run', ...flags, ...grid, ...recording, ...where]);
  };

  it('records every call into the coordinator cache, then replays with zero calls on any worker', async () => {
    const local = await sweep(['--llm-cache', join(dir, 'local.sqlite')], 'local-results.sqlite', false);
    expect(local.code, local.stderr).toBe(0);

    const cache = join(dir, 'queued.sqlite');
    const before = server.requests.length;
    const recorded = await sweep(['--llm-cache', cache], 'recorded.sqlite', true);
    expect(recorded.code, recorded.stderr).toBe(0);
    expect(server.requests.length).toBeGreaterThan(before);
    // The workers' calls reached the coordinator's file: the very calls the local run recorded.
    expect(recordedKeys(cache)).toEqual(recordedKeys(join(dir, 'local.sqlite')));
    expect(recorded.stdout).toBe(local.stdout);
    // Both workers ran episodes.
    for (const worker of workers) expect(worker.stderr()).toMatch(/started agent=llm-planner/);

    const calls = server.requests.length;
    const replayed = await sweep(['--llm-replay', cache], 'replayed.sqlite', true);
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(server.requests.length).toBe(calls);
    expect(replayed.stdout).toBe(recorded.stdout);
  }, 180_000);

  it("keeps the run's --llm-concurrency over both workers, with the results of a local run", async () => {
    const run = (extra: string[], store: string) => {
      const flags = ['--agents', 'saycan', '--llm', 'openai', '--base-url', server.url, '--model', 'm'];
      const grid = ['--seeds', '6', '--steps', '3', '--json', '--store', join(dir, store)];
      return runCliInProcess(['run', ...flags, ...grid, ...extra]);
    };
    const local = await run(['--workers', '0', '--llm-concurrency', '1', '--quiet'], 'saycan-local.sqlite');
    expect(local.code, local.stderr).toBe(0);
    server.resetLoad();
    const queued = await run(['--llm-concurrency', '3', '--queue', redis.url], 'saycan-queued.sqlite');
    expect(queued.code, queued.stderr).toBe(0);
    const load = server.load();
    // Each worker alone could have had 3 out: the limit is the run's, shared through Redis.
    expect(load.maxInFlight).toBeLessThanOrEqual(3);
    expect(load.maxInFlight).toBeGreaterThan(1);
    expect(queued.stderr).toMatch(/\d+ model calls, in flight [\d.]+ on average \(at most [1-3], limit 3\)/);
    expect(queued.stdout).toBe(local.stdout);
  }, 240_000);
});
