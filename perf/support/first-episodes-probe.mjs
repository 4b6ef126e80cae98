/**
 * The child of `perf/first-episodes.ts`: one fresh process, as a worker starts, that loads a protocol module and runs
 * episodes of one agent, measuring each one's CPU. Its argument is a JSON object: `{protocol, specs, passes,
 * later, attribute?, profileDir?, prepareOnly?}`. With `prepareOnly`, it imports the protocol module and calls its
 * `prepareRun` with every spec, as a run's main process does before its workers start (SemGro's databases, written to
 * the cache folder), and stops. Otherwise, in order:
 *
 * 1. the protocol module is imported (the worker's start-up);
 * 2. pass 1: the first `passes` specs, in this fresh process (V8 cold, every cache cold);
 * 3. pass 2: every registered cache emptied (`src/util/caches.ts`), the same episodes again (V8 warm, caches cold);
 * 4. pass 3: the same episodes again, caches kept (V8 warm, caches warm, down to the very searches these episodes
 *    made: a lower bound);
 * 5. `later`: the next specs, episodes this process has not met (what a warm worker pays for a new episode);
 * 6. with `attribute`, for each cache: that cache alone emptied, the first episode again (what it saves there).
 *
 * Each line it prints is JSON: `{kind, ...}` with the CPU of the whole process (every thread: V8's compiler and GC
 * helpers too), of this thread alone (`/proc/thread-self/schedstat`), the GC pauses on this thread and the wall time.
 * With `profileDir`, the first episode of pass 1 and the first later one are profiled (V8's sampling profiler through
 * the inspector) into `<profileDir>/<agent>-first.cpuprofile` and `-later.cpuprofile`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';
// The built package, under plain `node`, as a worker runs it (no loader thread that would share the start-up).
import { getProtocol } from '../../dist/bench/protocols.js';
import { cacheNames, clearCaches } from '../../dist/util/caches.js';

/** @type {{protocol: string, specs: {key: string, seed: number, agent?: string}[], passes: number, later: number, attribute?: boolean, profileDir?: string, prepareOnly?: boolean}} */
const input = JSON.parse(process.argv[2]);

let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ['gc'] });

/** CPU milliseconds of this thread (schedstat's first field is its time on a CPU, in nanoseconds). */
const threadMs = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
const processMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** CPU and wall milliseconds of `run`, and the GC pauses on this thread meanwhile. */
async function measure(run) {
  const before = { processMs: processMs(), threadMs: threadMs(), gcMs, wallMs: performance.now() };
  await run();
  // GC entries are delivered asynchronously: let the observer see this episode's before reading them.
  await new Promise((resolve) => setImmediate(resolve));
  return {
    processMs: processMs() - before.processMs,
    threadMs: threadMs() - before.threadMs,
    gcMs: gcMs - before.gcMs,
    wallMs: performance.now() - before.wallMs,
  };
}

const print = (record) => process.stdout.write(`${JSON.stringify(record)}\n`);

/** @type {Session | undefined} */
let session;
async function profiled(name, run) {
  if (!input.profileDir || name === undefined) return run();
  if (!session) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
  }
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(input.profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
  }
}

const startup = { processMs: processMs(), threadMs: threadMs() };
let module;
const load = await measure(async () => {
  module = await import(getProtocol(input.protocol).module);
});
print({ kind: 'load', ...load, nodeStartMs: startup });
if (input.prepareOnly) {
  const prepare = await measure(() =>
    module.prepareRun?.(input.specs, { note: (line) => process.stderr.write(`  ${line}\n`) }),
  );
  print({ kind: 'prepare', ...prepare });
  process.exit(0);
}

const controller = new AbortController();
async function episode(spec, profileName) {
  let metrics;
  const measured = await measure(() =>
    profiled(profileName, async () => {
      metrics = (await module.runEpisode(spec, { seed: spec.seed, signal: controller.signal })).metrics;
    }),
  );
  return { key: spec.key, ...measured, metrics };
}

const agent = String(input.specs[0]?.agent ?? 'agent');
const first = input.specs.slice(0, input.passes);
for (const pass of [1, 2, 3]) {
  if (pass === 2) clearCaches();
  for (const [i, spec] of first.entries()) {
    const name = pass === 1 && i === 0 ? `${agent}-first` : undefined;
    print({ kind: 'episode', pass, index: i, ...(await episode(spec, name)) });
  }
}
for (const [i, spec] of input.specs.slice(input.passes, input.passes + input.later).entries()) {
  print({ kind: 'episode', pass: 'later', index: i, ...(await episode(spec, i === 0 ? `${agent}-later` : undefined)) });
}
if (input.attribute) {
  for (const name of cacheNames()) {
    clearCaches([name]);
    print({ kind: 'attribute', cache: name, ...(await episode(first[0])) });
  }
}
