/**
 * Issue 44's checks, end to end, as an attacker would make them (docs/security.md):
 *
 *  1. N mutated jobs (default 1,000: `hostileJob`, test/helpers/hostile-jobs.ts) written straight into a real Redis
 *     and run by two `hearth worker` processes of the build (one naming this machine's model server, one naming
 *     none; both holding a key). Checked: no job's failure carries a stack trace, both workers live, no request
 *     reaches the model server the jobs name, the key reaches only the workers' own server, and no file is made or
 *     changed anywhere but in the workers' own folders (their temporary copies, their cache).
 *  2. The same N specs as a hostile store's episodes, each shown and recorded by the dashboard's app: no 500, no stack
 *     trace, no file made anywhere but in the store's traces folder.
 *  3. A continual and an episodic grid through the queue with one of two workers SIGKILLed mid-run: each report equals
 *     the same grid run locally, byte for byte (nothing valid refused).
 *
 * Everything happens in one temporary folder (the workers' TMPDIR and cache too), removed at the end. Prints a line
 * per check with its figures, and exits 1 when any fails.
 *
 * Run: npm run check:trust -- [--jobs 1000] [--seed 44] [--keep]   (needs `npm run build` and redis-server)
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Queue } from 'bullmq';
import fc from 'fast-check';
import type { EpisodeSpec } from '../src/bench/protocol.js';
import { parseQueueUrl, redisOptions } from '../src/bench/queue/address.js';
import { QUEUE_NAME } from '../src/bench/queue/jobs.js';
import { ResultsStore } from '../src/bench/store.js';
import { hearthVersion } from '../src/bench/version.js';
import { dashboardApp } from '../src/server/app.js';
import { DashboardData } from '../src/server/dashboard-data.js';
import { saveGraph } from '../src/sim/graph-io.js';
import { loadHome } from '../src/sim/scenes/homes.js';
import { spawnNode, type WatchedChild } from '../test/helpers/child.js';
import { BIN, BUILT, cliEnv } from '../test/helpers/cli.js';
import { startFakeOpenAiServer } from '../test/helpers/fake-openai-server.js';
import { hostileJob } from '../test/helpers/hostile-jobs.js';
import { REDIS_AVAILABLE, startRedisServer } from '../test/helpers/redis-server.js';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '44' },
    keep: { type: 'boolean', default: false },
  },
});
const JOBS = Number(values.jobs);
const SEED = Number(values.seed);
if (!BUILT) throw new Error('build first: npm run build (the workers are the built CLI)');
if (!REDIS_AVAILABLE) throw new Error('redis-server is not installed (apt-get install redis-server)');

const KEY = 'sk-trust-fuzz';
const STACK = /\n\s+at /;
const problems: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) problems.push(what);
  return ok;
};
const say = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- the sandbox --------------------------------------------------------------------------------------------------

const root = mkdtempSync(join(tmpdir(), 'hearth-trust-fuzz-'));
const inside = join(root, 'inside');
const outside = join(root, 'outside');
const workerTmp = join(root, 'tmp');
const cache = join(root, 'cache');
const storeDir = join(root, 'store');
for (const dir of [inside, join(inside, 'homes'), outside, workerTmp, cache, storeDir])
  mkdirSync(dir, { recursive: true });
saveGraph(loadHome('gen:3:4').graph, join(inside, 'home.json'));
writeFileSync(
  join(inside, 'dialogues.jsonl'),
  `${JSON.stringify({ id: 'open', dialogue: '<Commander> open the fridge', goal: ['fridge isOpen'] })}\n`,
);
saveGraph(loadHome('gen:4:4').graph, join(outside, 'home.json'));
writeFileSync(join(outside, 'secret.txt'), 'root:x:0:0:correct-horse-battery-staple\n');
symlinkSync(join(outside, 'home.json'), join(inside, 'homes', 'link.json'));

/** Every file and link under the sandbox with a digest of its content, but in the folders `except` (their own). */
function snapshot(except: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (except.some((folder) => path === folder || path.startsWith(`${folder}/`))) continue;
      const stat = lstatSync(path);
      if (stat.isDirectory()) walk(path);
      else
        files.set(
          relative(root, path),
          stat.isFile() ? createHash('sha256').update(readFileSync(path)).digest('hex') : 'link',
        );
    }
  };
  walk(root);
  return files;
}
function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [path, digest] of after)
    if (before.get(path) !== digest) out.push(before.has(path) ? `changed ${path}` : `made ${path}`);
  for (const path of before.keys()) if (!after.has(path)) out.push(`removed ${path}`);
  return out;
}

const redis = await startRedisServer();
const own = await startFakeOpenAiServer({ apiKey: KEY });
const evil = await startFakeOpenAiServer();
const workers: WatchedChild[] = [];

function startWorker(db: number, baseUrl: string | undefined, extra: string[] = []): WatchedChild {
  const worker = spawnNode(
    [
      BIN,
      'worker',
      '--queue',
      `${redis.url}/${db}`,
      '--concurrency',
      '1',
      '--lock-ms',
      '3000',
      ...extra,
      ...(baseUrl ? ['--base-url', baseUrl] : []),
    ],
    { cwd: inside, env: cliEnv({ HEARTH_LLM_API_KEY: KEY, TMPDIR: workerTmp, HEARTH_CACHE_DIR: cache }) },
  );
  workers.push(worker);
  return worker;
}
async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

try {
  // ---- 1. hostile jobs to real workers ----------------------------------------------------------------------------
  const jobs = fc.sample(hostileJob({ inside, outside, evil: evil.url }), { seed: SEED, numRuns: JOBS });
  const before = snapshot([]);
  const pair = [startWorker(1, own.url), startWorker(1, undefined)];
  await until('2 workers', () => pair.every((w) => w.stderr().includes('taking jobs')), 60_000);
  const queue = new Queue(QUEUE_NAME, { connection: redisOptions(parseQueueUrl(`${redis.url}/1`)) });
  const started = performance.now();
  await queue.addBulk(
    jobs.map((data, i) => ({ name: 'episode', data: data as never, opts: { jobId: `fuzz-${i}`, attempts: 1 } })),
  );
  let last = 0;
  await until(
    `${JOBS} jobs`,
    async () => {
      const counts = await queue.getJobCounts('completed', 'failed');
      if (Date.now() - last > 15_000) {
        last = Date.now();
        say(`  jobs: ${counts.completed} completed, ${counts.failed} failed of ${JOBS}`);
      }
      return counts.completed + counts.failed === JOBS;
    },
    30 * 60_000,
  );
  const seconds = (performance.now() - started) / 1000;
  // The workers' own files while they run: their copies of recordings, under names of their own.
  const copies = readdirSync(workerTmp, { recursive: true }).map(String);
  check(
    copies.every((path) => /^hearth-worker-llm-\w+(\/recording-\d+\.sqlite(-journal)?)?$/.test(path)),
    `files in the workers' temporary folder not named by them: ${copies.join(', ')}`,
  );
  const outcomes = { completed: 0, refused: 0, failedInEpisode: 0, stackTraces: 0 };
  const reasons = new Map<string, number>();
  for (let i = 0; i < JOBS; i++) {
    const job = await queue.getJob(`fuzz-${i}`);
    const state = await job?.getState();
    if (state === 'completed') {
      outcomes.completed++;
      continue;
    }
    const reason = job?.failedReason ?? '';
    if (STACK.test(reason)) {
      outcomes.stackTraces++;
      check(false, `job ${i} failed with a stack trace: ${reason.slice(0, 600)}`);
    }
    const refused = reason.startsWith('refused by worker');
    if (refused) outcomes.refused++;
    else outcomes.failedInEpisode++;
    // Grouped by form: the worker's name and quoted values left out.
    const kind = `${refused ? 'refused' : 'failed'}: ${reason
      .replace(/^refused by worker \S+: /, '')
      .replace(/["'][^"']*["']/g, '_')
      .slice(0, 80)}`;
    reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
  }
  await queue.close();
  check(
    pair.every((w) => w.process.exitCode === null),
    'a worker died under the jobs',
  );
  for (const worker of pair) worker.process.kill('SIGTERM');
  await Promise.all(pair.map((w) => w.exit));
  const madeByJobs = changes(before, snapshot([cache]));
  check(madeByJobs.length === 0, `files made or changed outside the workers' own folders: ${madeByJobs.join(', ')}`);
  check(evil.requests.length === 0, `${evil.requests.length} requests reached the model server the jobs named`);
  check(
    own.requests.every((request) => request.headers.authorization === `Bearer ${KEY}`),
    "a request to the workers' server without their key",
  );
  say(
    `1. ${JOBS} hostile jobs on 2 workers in ${seconds.toFixed(1)} s: ${outcomes.completed} completed, ` +
      `${outcomes.refused} refused, ${outcomes.failedInEpisode} failed in their episode; stack traces ` +
      `${outcomes.stackTraces}; files made outside the workers' folders ${madeByJobs.length}; requests to the ` +
      `jobs' model server ${evil.requests.length}, to the workers' own ${own.requests.length} (all with its key)`,
  );
  for (const prefix of ['refused', 'failed']) {
    const top = [...reasons].filter(([reason]) => reason.startsWith(prefix)).sort((a, b) => b[1] - a[1]);
    for (const [reason, count] of top.slice(0, 10)) say(`     ${String(count).padStart(4)}  ${reason}`);
  }

  // ---- 2. the same specs as a hostile store, shown and recorded by the dashboard ----------------------------------
  const storePath = join(storeDir, 'results.sqlite');
  const store = ResultsStore.open(storePath);
  const runs = new Map<string, { id: number; count: number }>();
  const episodes: Array<{ run: number; index: number }> = [];
  for (const [i, job] of jobs.entries()) {
    const { protocol, spec } = job as { protocol?: unknown; spec?: unknown };
    const name = typeof protocol === 'string' ? protocol.slice(0, 40) : JSON.stringify(protocol ?? null).slice(0, 40);
    let run = runs.get(name);
    if (!run) {
      run = {
        id: store.createRun({ protocol: name, config: {}, hearthVersion: hearthVersion(), totalEpisodes: 0 }).id,
        count: 0,
      };
      runs.set(name, run);
    }
    const index = run.count++;
    store.writeEpisode(run.id, {
      key: `episode-${i}`,
      index,
      spec: (spec ?? null) as unknown as EpisodeSpec,
      status: 'ok',
      result: { metrics: { sr: 1 } },
      timing: { wallMs: 1, worker: null },
    });
    episodes.push({ run: run.id, index });
  }
  store.close();
  // Reading a store kept in WAL mode makes its -wal and -shm files beside it (SQLite's own, the store's folder).
  const storeOwn = [join(storeDir, 'traces'), `${storePath}-wal`, `${storePath}-shm`];
  const beforeStore = snapshot([cache, ...storeOwn]);
  process.chdir(inside);
  const data = DashboardData.open({ store: storePath, traces: [] });
  const app = dashboardApp(data, {
    hosts: ['127.0.0.1'],
    modelServer: { baseUrl: own.url, apiKey: KEY },
    maxWaitingRecordings: 2,
  });
  const host = '127.0.0.1:4280';
  const statuses = new Map<string, number>();
  const dashboardStarted = performance.now();
  for (const { run, index } of episodes) {
    for (const method of ['GET', 'POST'] as const) {
      const path = `/api/runs/${run}/episodes/${index}${method === 'POST' ? '/trace' : ''}`;
      const response = await app.app.request(`http://${host}${path}`, {
        method,
        headers: { host, ...(method === 'POST' && { 'content-type': 'application/json', origin: `http://${host}` }) },
        ...(method === 'POST' && { body: '{}' }),
      });
      const text = await response.text();
      const key = `${method} ${response.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      check(![500, 502].includes(response.status), `${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
      check(!STACK.test(text), `${method} ${path}: a stack trace: ${text.slice(0, 300)}`);
      check(!text.includes('correct-horse'), `${method} ${path}: quotes a file outside`);
    }
  }
  await app.close();
  data.close();
  const madeByStore = changes(beforeStore, snapshot([cache, ...storeOwn]));
  check(madeByStore.length === 0, `files made or changed outside the store's traces folder: ${madeByStore.join(', ')}`);
  check(evil.requests.length === 0, 'a request of the dashboard reached the model server a stored episode named');
  say(
    `2. the same ${JOBS} specs as a store's episodes, shown and recorded in ${((performance.now() - dashboardStarted) / 1000).toFixed(1)} s: ` +
      `${[...statuses]
        .sort()
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ')}; files made outside its ` +
      `traces folder ${madeByStore.length}`,
  );

  // ---- 3. grids through the queue with a worker killed mid-run ----------------------------------------------------
  const grids: Array<[string, string[]]> = [
    [
      'continual',
      ['--agents', 'oracle,greedy', '--homes', 'gen:21', '--seeds', '0..7', '--steps', '80', '--instructions', '3'],
    ],
    [
      'episodic',
      ['--protocol', 'episodic', '--agents', 'oracle,danli', '--families', 'llm-state-simple', '--seeds', '2'],
    ],
  ];
  for (const [i, [name, flags]] of grids.entries()) {
    const run = async (extra: string[], store: string) => {
      const child = spawnNode([BIN, 'run', ...flags, '--json', '--quiet', '--store', join(root, store), ...extra], {
        cwd: inside,
        env: cliEnv({ TMPDIR: workerTmp, HEARTH_CACHE_DIR: cache }),
      });
      return child;
    };
    const local = await run(['--workers', '2'], `${name}-local.sqlite`);
    const localExit = await local.exit;
    const db = 2 + i;
    const killed = startWorker(db, own.url, ['--verbose']);
    const survivor = startWorker(db, own.url, ['--verbose']);
    await until('2 workers', () => [killed, survivor].every((w) => w.stderr().includes('taking jobs')), 60_000);
    const queued = await run(['--queue', `${redis.url}/${db}`], `${name}-queued.sqlite`);
    await until(
      'an episode on the first worker',
      () => (killed.stderr().match(/started /g) ?? []).length >= 2,
      120_000,
    );
    killed.process.kill('SIGKILL');
    const queuedExit = await queued.exit;
    survivor.process.kill('SIGTERM');
    await survivor.exit;
    const same = localExit.code === 0 && queuedExit.code === 0 && local.stdout() === queued.stdout();
    const episodesRun = JSON.parse(local.stdout()).episodes?.ok ?? '?';
    check(
      same,
      `${name}: the queued run with a worker killed differs from the local run: ${queued.stderr().slice(0, 500)}`,
    );
    say(
      `3. ${name} grid (${episodesRun} episodes) through the queue, one of 2 workers SIGKILLed after ` +
        `${(killed.stderr().match(/started /g) ?? []).length} episode starts: report ${same ? 'identical to' : 'DIFFERENT from'} the local run's`,
    );
  }
} finally {
  for (const worker of workers) if (worker.process.exitCode === null) worker.process.kill('SIGKILL');
  await Promise.all(workers.map((worker) => worker.exit));
  await redis.close();
  await own.close();
  await evil.close();
  if (!values.keep) rmSync(root, { recursive: true, force: true });
  else say(`kept ${root}`);
}

if (problems.length > 0) {
  say(`\n${problems.length} problem(s):`);
  for (const problem of problems.slice(0, 40)) say(`  - ${problem}`);
  process.exitCode = 1;
} else {
  say('every check held');
}
if (!existsSync(root) || !values.keep) process.exit(process.exitCode ?? 0);
