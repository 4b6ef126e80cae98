/**
 * An LLM-bound sweep (issue 37, item 3): SayCan on a generated home against a stand-in model server on loopback that
 * answers every call after a fixed delay and serves at most C at once, run by the built `hearth run` with
 * `--llm-concurrency C` on the default workers. Prints the calls in flight as the server saw them (mean from the
 * first call to the last answer, and the most), the wall time against what C slots need for the calls (calls x delay
 * / C), and whether the results equal those of the same sweep with `--llm-concurrency 1` (skipped with --no-compare;
 * that run takes calls x delay).
 * Run: npm run perf:llm-sweep [-- seeds steps delay-ms C] [--no-compare] [--report=FILE]
 * `--report=FILE` writes the report of the `--llm-concurrency C` run (the JSON that `hearth run --json` printed) to
 * FILE, to compare a change's results with another checkout's, byte for byte.
 * Targets (the check, 2 cores): at least 12 of 16 in flight on average, never more than 16, results identical.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runCli } from '../test/helpers/cli.js';
import { startStandInModelServer } from '../test/helpers/stand-in-model.js';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const compare = !process.argv.includes('--no-compare');
const reportFile = process.argv.find((arg) => arg.startsWith('--report='))?.slice('--report='.length);
const seeds = Number(args[0] ?? 32);
const steps = Number(args[1] ?? 30);
const delayMs = Number(args[2] ?? 200);
const limit = Number(args[3] ?? 16);

const dir = mkdtempSync(join(tmpdir(), 'hearth-bench-llm-sweep-'));
const server = await startStandInModelServer({ latencyMs: delayMs, maxConcurrent: limit });
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

/** CPU seconds of this process's finished children (the hearth run), from /proc/self/stat (cutime + cstime). */
function childrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
const ownCpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

async function sweep(concurrency: number, name: string) {
  const store = join(dir, `${name}.sqlite`);
  server.resetLoad();
  const [hearth0, server0] = [childrenCpu(), ownCpu()];
  const start = performance.now();
  const run = await runCli(
    [
      'run',
      ...['--agents', 'saycan', '--homes', 'gen:7', '--seeds', String(seeds), '--steps', String(steps)],
      ...['--llm', 'openai', '--base-url', server.url, '--model', 'm', '--llm-concurrency', String(concurrency)],
      ...['--store', store, '--json'],
    ],
    dir,
  );
  const wallMs = performance.now() - start;
  if (run.code !== 0) throw new Error(`hearth run failed (${run.code}): ${run.stderr}`);
  const summary = run.stderr.split('\n').findLast((line) => line.includes('model calls')) ?? '';
  const cpu = { hearthS: childrenCpu() - hearth0, serverS: ownCpu() - server0 };
  return { wallMs, load: server.load(), json: run.stdout, summary, cpu };
}

try {
  console.log(
    `LLM sweep: saycan, gen:7, ${seeds} seeds x ${steps} steps, stand-in server answering after ${delayMs} ms, ` +
      `at most ${limit} at once; ${availableParallelism()} cores, Node ${process.version}, load average ${load()}`,
  );
  const wide = await sweep(limit, 'wide');
  const ideal = (wide.load.requests * delayMs) / limit;
  console.log(
    `  --llm-concurrency ${limit}: ${wide.load.requests} requests, in flight ${wide.load.meanInFlight.toFixed(1)} on ` +
      `average from the first to the last answer (at most ${wide.load.maxInFlight}; served at once at most ` +
      `${wide.load.maxServing}); wall ${(wide.wallMs / 1000).toFixed(1)} s, of which calls ` +
      `${(wide.load.spanMs / 1000).toFixed(1)} s, against ${(ideal / 1000).toFixed(1)} s for ${limit} slots ` +
      `(target: >= ${Math.round(0.75 * limit)} on average, <= ${limit})`,
  );
  console.log(`  hearth said: ${wide.summary.replace(/^hearth: /, '')}`);
  if (reportFile) writeFileSync(reportFile, wide.json);
  // Each call costs CPU on this machine (hearth: the episode's step, the request, parsing the answer; the stand-in:
  // writing it); the cores bound the calls per second, and so the calls in flight, whatever the limit.
  const perCall = (1000 * (wide.cpu.hearthS + wide.cpu.serverS)) / wide.load.requests;
  const bound = (availableParallelism() * delayMs) / perCall;
  console.log(
    `  CPU per call: hearth ${((1000 * wide.cpu.hearthS) / wide.load.requests).toFixed(0)} ms (start-up included), ` +
      `the stand-in ${((1000 * wide.cpu.serverS) / wide.load.requests).toFixed(0)} ms: ` +
      `${availableParallelism()} cores keep at most about ${bound.toFixed(1)} calls of ${delayMs} ms in flight`,
  );
  if (compare) {
    const narrow = await sweep(1, 'narrow');
    console.log(
      `  --llm-concurrency 1: ${narrow.load.requests} requests, at most ${narrow.load.maxInFlight} in flight, ` +
        `wall ${(narrow.wallMs / 1000).toFixed(1)} s; results identical to --llm-concurrency ${limit}: ` +
        `${narrow.json === wide.json ? 'yes' : 'NO'}`,
    );
  }
  console.log(`  load average at the end: ${load()}`);
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
