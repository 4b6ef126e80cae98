/**
 * Speed of continual episodes: episode-steps per second for each model-free agent (planning included: the agent's
 * decisions, the world's steps, the resident and the metrics), in this process, on the default setting (cottage,
 * medium non-stationarity, 5 instructions, T = 200); then the wall time of the default `hearth run` (the built CLI,
 * 5 agents x 10 seeds on worker threads, as a user runs it).
 * Searches per episode counts the planner's searches (plans found in the search cache of `plans.ts` are not searches).
 * Run: npm run perf:episode [-- seeds]   (the second part needs `npm run build` first)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { planningCounters } from '../src/agents/heuristics/plans.js';
import { agentsWithoutLlm } from '../src/agents/registry.js';
import { runContinualEpisode } from '../src/bench/continual/episode.js';

const seeds = Number(process.argv[2] ?? 10);
const steps = 200;
const root = fileURLToPath(new URL('..', import.meta.url));

console.log(`continual episodes: cottage, medium, 5 instructions, T = ${steps}, seeds 0..${seeds - 1}, one thread`);
console.log(`load average ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores (figures are wall times)`);
console.log('agent                      steps/s   ms/episode   searches/episode   SR      PS');
// A warm-up episode per agent so that the JIT and the home cache do not count against the first one measured.
for (const agent of agentsWithoutLlm()) {
  await runContinualEpisode({
    agent,
    home: 'cottage',
    nonstationarity: 'medium',
    instructions: 5,
    steps: 20,
    seed: 99,
  });
  let sr = 0;
  let ps = 0;
  const searchesBefore = planningCounters.searches;
  const start = performance.now();
  for (let seed = 0; seed < seeds; seed++) {
    const outcome = await runContinualEpisode({
      agent,
      home: 'cottage',
      nonstationarity: 'medium',
      instructions: 5,
      steps,
      seed,
    });
    sr += outcome.metrics.sr ?? 0;
    ps += outcome.metrics.ps ?? 0;
  }
  const ms = performance.now() - start;
  const perSecond = (seeds * steps) / (ms / 1000);
  const searches = (planningCounters.searches - searchesBefore) / seeds;
  console.log(
    `${agent.padEnd(26)} ${perSecond.toFixed(0).padStart(7)}   ${(ms / seeds).toFixed(1).padStart(10)}   ` +
      `${searches.toFixed(1).padStart(16)}   ` +
      `${((sr / seeds) * 100).toFixed(1).padStart(5)}%  ${(ps / seeds).toFixed(2)}`,
  );
}

const bin = join(root, 'bin', 'hearth.js');
if (!existsSync(join(root, 'dist', 'cli', 'main.js'))) {
  console.log('\ndefault `hearth run`: skipped (run `npm run build` first)');
} else {
  const store = join(mkdtempSync(join(tmpdir(), 'hearth-bench-episode-')), 'results.sqlite');
  const start = performance.now();
  const run = spawnSync(process.execPath, [bin, 'run', '--store', store, '--quiet'], { encoding: 'utf8' });
  const seconds = (performance.now() - start) / 1000;
  if (run.status !== 0) throw new Error(`hearth run failed: ${run.stderr}`);
  console.log(
    `\ndefault \`hearth run\` (5 agents x 10 seeds, ${availableParallelism()} cores): ${seconds.toFixed(1)} s wall\n`,
  );
  process.stdout.write(run.stdout);
}
