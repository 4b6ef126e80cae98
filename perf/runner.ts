/**
 * Overhead of the benchmark runner per episode: a protocol that does nothing, run through runGrid (dispatch,
 * structured-clone transfer, result checks, one SQLite transaction per episode, report) in the main thread and on
 * 1 and 2 worker threads; plus the store's write cost alone and the start-up of the worker pool.
 * Run: npm run perf:runner [-- episodes]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runGrid } from '../src/bench/runner.js';
import { ResultsStore } from '../src/bench/store.js';
import { codeUnderTest } from './support/code-under-test.js';
import { noopSpecs, registerNoopProtocol } from './support/noop-protocol.js';

const episodes = Number(process.argv[2] ?? 2000);
registerNoopProtocol();

const dir = mkdtempSync(join(tmpdir(), 'hearth-bench-runner-'));
const specs = noopSpecs;

async function timeRun(workers: number, n: number): Promise<number> {
  const store = join(dir, `w${workers}-${n}.sqlite`);
  const start = performance.now();
  await runGrid({ protocol: 'noop', config: { n }, specs: specs(n), store, workers, quiet: true, handleSigint: false });
  return performance.now() - start;
}

function timeStoreWrites(n: number): number {
  const store = ResultsStore.open(join(dir, 'writes.sqlite'));
  const run = store.createRun({ protocol: 'noop', config: {}, hearthVersion: '0', totalEpisodes: n });
  const start = performance.now();
  for (const spec of specs(n)) {
    store.writeEpisode(run.id, {
      key: spec.key,
      index: spec.seed,
      spec,
      status: 'ok',
      result: { metrics: { value: 1 } },
      timing: { wallMs: 0, worker: 0 },
    });
  }
  const ms = performance.now() - start;
  store.close();
  return ms;
}

console.log(`runner overhead, ${episodes} no-op episodes (Node ${process.version}, ${codeUnderTest()})`);
console.log(
  `  store write alone (one transaction each): ${(timeStoreWrites(episodes) / episodes).toFixed(3)} ms/episode`,
);
for (const workers of [0, 1, 2]) {
  const small = Math.max(workers, 1);
  await timeRun(workers, 8); // warm-up
  const startup = await timeRun(workers, small);
  const total = await timeRun(workers, episodes);
  const marginal = (total - startup) / (episodes - small);
  const where = workers === 0 ? 'main thread      ' : `${workers} worker thread(s)`;
  console.log(
    `  ${where}: ${marginal.toFixed(3)} ms/episode beyond start-up (${Math.round(1000 / marginal)} episodes/s); ` +
      `start-up (a run of ${small}): ${startup.toFixed(0)} ms; all ${episodes}: ${total.toFixed(0)} ms`,
  );
}
rmSync(dir, { recursive: true, force: true });
