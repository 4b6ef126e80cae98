/**
 * How sweeps scale on this machine (issue 37, item 2): issue 37's grid (ExRAP and Greedy reading the texts, four
 * generated homes, three levels of non-stationarity, 24 seeds, 100 steps: 576 episodes), run by the built
 * `hearth run` with 1, 2, 4, ... workers up to the cores, on the local pool (`--workers N`) and through the queue
 * (N `hearth worker --concurrency 1` on one redis-server, when one is installed). For each: episodes per second, the speed-up over one
 * worker, CPU per episode (every process and thread of the run: the runner, its workers, the queue workers), and the
 * machine's own ceiling for N threads measured in the same run (`ceiling.mjs`: arithmetic and small-object
 * allocation; before and after the runs, their mean), with hearth's speed-up as a fraction of it. The results of
 * every configuration are compared with one local worker's, cell by cell.
 *
 * Also printed: the CPU each worker costs beyond its episodes (start-up and warm-up), from how the CPU of the whole
 * run grows with the workers (cpu(N) = episodes x per-episode + N x per-worker), which is what bounds the speed-up of
 * a short sweep (docs/bench-runner.md, "Scaling").
 *
 * Every run starts cold, as a user's first run does: a fresh working folder, HOME and cache folder (no memo store, no
 * SemGro database from an earlier run), and each queue worker too.
 *
 * Run: npm run perf:scale [-- --workers "1 2" --seeds N --steps T --no-queue --agents a,b --homes h1,h2
 *        --nonstationarity l1,l2]
 * Issue 45's check (64 episodes on two homes not used before): npm run perf:scale -- --workers "1 2" --no-queue
 *   --homes gen:9931,gen:9932 --nonstationarity medium,high --seeds 8
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { BIN, cliEnv, runCli } from '../test/helpers/cli.js';
import { REDIS_AVAILABLE, startRedisServer } from '../test/helpers/redis-server.js';

const flag = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const cores = availableParallelism();
const counts = (flag('--workers') ?? defaultCounts(cores)).split(/\s+/).filter(Boolean).map(Number);
const seeds = Number(flag('--seeds') ?? 24);
const steps = Number(flag('--steps') ?? 100);
const useQueue = !process.argv.includes('--no-queue') && REDIS_AVAILABLE;
const agents = flag('--agents') ?? 'exrap,greedy-text';
const homes = flag('--homes') ?? 'gen:9911,gen:9912,gen:9913,gen:9914';
const levels = flag('--nonstationarity') ?? 'low,medium,high';
const GRID = [
  ...['--agents', agents, '--homes', homes],
  ...['--nonstationarity', levels, '--seeds', String(seeds), '--steps', String(steps)],
];
const count = (list: string) => list.split(',').filter(Boolean).length;
const episodes = count(agents) * count(homes) * count(levels) * seeds;
const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'hearth-bench-scale-'));

/** A cold start's folders: a working folder, HOME and a cache folder no run has used. */
function coldStart(): { cwd: string; env: Record<string, string> } {
  const cwd = mkdtempSync(join(dir, 'cold-'));
  mkdirSync(join(cwd, 'home'));
  return { cwd, env: { HOME: join(cwd, 'home'), HEARTH_CACHE_DIR: join(cwd, 'cache') } };
}

/** 1, 2, 4, ... below the cores, then the cores less one (the issue's 15 of 16) from 8 cores on, and the cores. */
function defaultCounts(n: number): string {
  const out: number[] = [];
  for (let k = 1; k < n; k *= 2) out.push(k);
  if (n >= 8) out.push(n - 1);
  out.push(n);
  return [...new Set(out)].join(' ');
}

const TICKS = 100; // USER_HZ on Linux
/** CPU seconds of this process's waited-for children (they count once reaped: the runs, the killed queue workers). */
function childrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS; // cutime, cstime
}
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

interface Measured {
  wallS: number;
  cpuS: number;
  cells: string;
}

/** The report's cells (SR, PS per agent, home and level), to compare configurations. */
function cellsOf(json: string): string {
  const rows = (JSON.parse(json) as { results: Record<string, unknown>[] }).results;
  return JSON.stringify(rows.map(({ agent, home, nonstationarity, sr, ps }) => [agent, home, nonstationarity, sr, ps]));
}

async function local(workers: number): Promise<Measured> {
  const cpu0 = childrenCpu();
  const start = performance.now();
  const cold = coldStart();
  const run = await runCli(
    ['run', ...GRID, '--workers', String(workers), '--store', join(dir, `local${workers}.sqlite`), '--json'],
    cold.cwd,
    cold.env,
  );
  const wallS = (performance.now() - start) / 1000;
  if (run.code !== 0) throw new Error(`local run on ${workers} workers failed (${run.code}): ${run.stderr}`);
  return { wallS, cpuS: childrenCpu() - cpu0, cells: cellsOf(run.stdout) };
}

/** A `hearth worker` process, resolved once it takes jobs. */
function startWorker(url: string): Promise<ChildProcess> {
  const cold = coldStart();
  const child = spawn(process.execPath, [BIN, 'worker', '--queue', url, '--concurrency', '1'], {
    cwd: cold.cwd,
    env: cliEnv(cold.env),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stderr?.on('data', (chunk) => {
      text += chunk;
      if (text.includes('taking jobs')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`hearth worker exited (${code}): ${text}`)));
  });
}

async function queued(workers: number, redisUrl: string): Promise<Measured> {
  // A database of its own for each count: no job of an earlier configuration is collected instead of run.
  const url = `${redisUrl}/${workers}`;
  const children = await Promise.all(Array.from({ length: workers }, () => startWorker(url)));
  const started = childrenCpu();
  const cpuBefore = children.map(processCpu);
  const start = performance.now();
  const cold = coldStart();
  const run = await runCli(
    ['run', ...GRID, '--queue', url, '--store', join(dir, `queue${workers}.sqlite`), '--json'],
    cold.cwd,
    cold.env,
  );
  const wallS = (performance.now() - start) / 1000;
  const workersCpu = children.map(processCpu).reduce((sum, cpu, i) => sum + cpu - cpuBefore[i], 0);
  const coordinatorCpu = childrenCpu() - started;
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
  if (run.code !== 0) throw new Error(`queued run on ${workers} workers failed (${run.code}): ${run.stderr}`);
  return { wallS, cpuS: coordinatorCpu + workersCpu, cells: cellsOf(run.stdout) };
}

/** CPU seconds a live process has used, all its threads (utime + stime of /proc/PID/stat). */
function processCpu(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** The machine's ceiling for each count: speed-ups of the arithmetic and the allocation kind. */
async function ceiling(): Promise<Map<number, { arith: number; alloc: number }>> {
  const shared = join(root, '..', 'shared', 'tools', 'ceiling.mjs');
  const script = existsSync(shared) ? shared : join(root, 'perf', 'support', 'ceiling.mjs');
  const child = spawn(process.execPath, [script, counts.join(' ')], { stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  await new Promise((resolve) => child.once('close', resolve));
  const out = new Map<number, { arith: number; alloc: number }>();
  for (const match of text.matchAll(/^(arith|alloc) threads=(\d+) wall_ms=\d+ throughput_x=([\d.]+)$/gm)) {
    const n = Number(match[2]);
    const entry = out.get(n) ?? { arith: Number.NaN, alloc: Number.NaN };
    entry[match[1] as 'arith' | 'alloc'] = Number(match[3]);
    out.set(n, entry);
  }
  return out;
}

const redis = useQueue ? await startRedisServer() : undefined;
try {
  console.log(
    `scaling of sweeps: ${episodes} episodes (${agents}; ${homes}; ${levels}; ${seeds} seeds; ${steps} steps), ` +
      `workers ${counts.join(', ')}, every run cold; ${cores} cores, Node ${process.version}; load average ${load()}`,
  );
  if (!useQueue) console.log('  (queue left out: --no-queue, or redis-server is not installed)');
  const results: { kind: string; n: number; m: Measured }[] = [];
  // The ceiling before and after the runs (their mean is compared): on a shared machine the load changes meanwhile.
  const before = await ceiling();
  for (const n of counts) results.push({ kind: 'local', n, m: await local(n) });
  if (redis) for (const n of counts) results.push({ kind: 'queue', n, m: await queued(n, redis.url) });
  const after = await ceiling();
  const limits = new Map(
    counts.map((n) => {
      const [a, b] = [before.get(n), after.get(n)];
      const mean = (x?: number, y?: number) => ((x ?? Number.NaN) + (y ?? Number.NaN)) / 2;
      return [n, { arith: mean(a?.arith, b?.arith), alloc: mean(a?.alloc, b?.alloc) }];
    }),
  );
  const show = (m: Map<number, { arith: number; alloc: number }>) =>
    counts.map((n) => `${n}: ${m.get(n)?.arith.toFixed(2)} / ${m.get(n)?.alloc.toFixed(2)}`).join(', ');
  console.log(`  ceiling (arith / alloc speed-up) before the runs ${show(before)}; after ${show(after)}`);
  const reference = results[0].m;
  console.log(
    '  how     workers  wall s  episodes/s  speed-up  CPU/episode ms  ceiling arith / alloc  of ceiling  results',
  );
  for (const { kind, n, m } of results) {
    const base = results.find((r) => r.kind === kind && r.n === counts[0])?.m ?? reference;
    const speedUp = (base.wallS / m.wallS) * counts[0];
    const limit = limits.get(n);
    const ceilingX = limit ? Math.min(limit.arith, limit.alloc) : Number.NaN;
    console.log(
      `  ${kind.padEnd(6)} ${String(n).padStart(8)} ${m.wallS.toFixed(1).padStart(7)} ${(episodes / m.wallS).toFixed(2).padStart(11)} ` +
        `${speedUp.toFixed(2).padStart(9)} ${((1000 * m.cpuS) / episodes).toFixed(0).padStart(15)} ` +
        `${limit ? `${limit.arith.toFixed(2)} / ${limit.alloc.toFixed(2)}` : '?'}`.padEnd(24) +
        ` ${(speedUp / ceilingX).toFixed(2).padStart(10)}  ${m.cells === reference.cells ? 'identical' : 'DIFFERENT'}`,
    );
  }
  for (const kind of ['local', 'queue']) {
    const rows = results.filter((r) => r.kind === kind);
    if (rows.length < 2) continue;
    const [first, last] = [rows[0], rows[rows.length - 1]];
    const perWorker = (last.m.cpuS - first.m.cpuS) / (last.n - first.n);
    const perEpisode = (first.m.cpuS - first.n * perWorker) / episodes;
    console.log(
      `  ${kind}: each worker costs about ${perWorker.toFixed(1)} s of CPU beyond its episodes (start-up, JIT ` +
        `warm-up), episodes about ${(1000 * perEpisode).toFixed(0)} ms each (from the CPU of ${first.n} and ` +
        `${last.n} workers)`,
    );
  }
  console.log(`  load average at the end: ${load()} (targets: docs/distributed.md, "Scaling")`);
} finally {
  await redis?.close();
  rmSync(dir, { recursive: true, force: true });
}
