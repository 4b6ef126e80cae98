/**
 * SemGro's offline figures (issue 27): the skill database learnt in the family's training home (the 30 s target on
 * 2 cores), and the time of one offline decision: an act() of `semgro` that retrieved, generated and criticised
 * (Algorithm 1's inner loop, up to its iteration budget) against the 5 ms median target; the steps that only carry
 * a chosen chain on are shown apart, and so is observe() (the detection and the loop guard's record of the step,
 * with the observation's fingerprint, issue 38).
 *
 * Run: npm run bench:semgro [-- --home gen:2718 --settings none,ol-2,pa-2,rs-2 --seeds 1]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Agent } from '../src/agents/agent.js';
import { registerAgent } from '../src/agents/registry.js';
import { createSemGroAgent, SEMGRO_VARIANTS } from '../src/agents/semgro/index.js';
import { homeGraph } from '../src/bench/continual/episode.js';
import { runEpisodicEpisode } from '../src/bench/episodic/episode.js';
import { SEMGRO_SETTINGS } from '../src/bench/episodic/semgro/settings.js';
import { INSTRUCTION_TYPES, SEMGRO_TASKS } from '../src/bench/episodic/semgro/tasks.js';
import { SemGroTraining } from '../src/bench/episodic/semgro/training.js';
import { codeUnderTest } from './support/code-under-test.js';

const { values } = parseArgs({
  options: {
    home: { type: 'string', default: 'gen:2718' },
    settings: { type: 'string', default: 'none,ol-2,pa-2,rs-2' },
    seeds: { type: 'string', default: '1' },
  },
});
const settings = values.settings.split(',').filter((s) => s !== '');
for (const id of settings) {
  if (id !== 'none' && !SEMGRO_SETTINGS.some((s) => s.id === id)) throw new Error(`unknown setting ${id}`);
}
const seeds = Number(values.seeds);

const decisions: number[] = [];
const carried: number[] = [];
const observed: number[] = [];

registerAgent({
  name: 'semgro-timed',
  description: 'SemGro with offline roles, each step timed (bench)',
  privileges: [],
  needsLlm: false,
  protocols: ['episodic'],
  uses: ['skillDatabase'],
  create: (context) => {
    const agent = createSemGroAgent(context, SEMGRO_VARIANTS[0]);
    const count = () => (agent.stats() as { decisions: number }).decisions;
    const timed: Agent & { stats(): Record<string, unknown> } = {
      name: agent.name,
      reset: (brief, first) => agent.reset(brief, first),
      async observe(feedback) {
        const t0 = performance.now();
        await agent.observe(feedback);
        observed.push(performance.now() - t0);
      },
      stats: () => agent.stats(),
      async act() {
        const before = count();
        const t0 = performance.now();
        const skill = await agent.act();
        const ms = performance.now() - t0;
        (count() > before ? decisions : carried).push(ms);
        return skill;
      },
    };
    return timed;
  },
});

const quantile = (list: number[], q: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))] ?? Number.NaN;
};

// A cache folder of its own, empty, so that the database is made here (the episodes below read it from there).
const scratch = mkdtempSync(join(tmpdir(), 'hearth-bench-semgro-'));
process.env.HEARTH_CACHE_DIR = scratch;
const t0 = performance.now();
// Made here, never read from the cache: this is the build's figure (the file is cached for the episodes below).
const training = new SemGroTraining(values.home, homeGraph(values.home), scratch);
const buildSeconds = (performance.now() - t0) / 1000;
const sizes = training.database.header.levels.join(' / ');

const started = performance.now();
let episodes = 0;
let solved = 0;
for (const setting of settings) {
  for (const task of SEMGRO_TASKS) {
    for (const type of INSTRUCTION_TYPES) {
      for (let seed = 0; seed < seeds; seed++) {
        const id = `semgro/${setting}/${task.id}/${type}`;
        const out = await runEpisodicEpisode({ agent: 'semgro-timed', home: values.home, task: id, seed });
        episodes++;
        if (out.score.sr === 1) solved++;
      }
    }
  }
}
const wall = (performance.now() - started) / 1000;

process.stdout.write(
  `SemGro offline, training home ${values.home}; ${codeUnderTest()}\n` +
    `skill database (with the family's things added, then the offline bootstrap): ${buildSeconds.toFixed(1)} s ` +
    `(target: under 30 s on 2 cores), levels ${sizes} (paper 3949 / 183 / 142 / 90)\n` +
    `${episodes} episodes (${solved} solved) on ${settings.join(', ')} in ${wall.toFixed(1)} s (shifts and the ` +
    "Oracle's runs included)\n\n",
);
process.stdout.write('| steps | n | median ms | p90 ms | max ms |\n| --- | ---: | ---: | ---: | ---: |\n');
for (const [label, list] of [
  ['decisions (retrieval + generator + critic)', decisions],
  ['chain steps (carrying a chosen skill on)', carried],
  ['observe (detection, loop guard)', observed],
] as const) {
  process.stdout.write(
    `| ${label} | ${list.length} | ${quantile(list, 0.5).toFixed(3)} | ${quantile(list, 0.9).toFixed(2)} | ` +
      `${Math.max(...list).toFixed(1)} |\n`,
  );
}
process.stdout.write(`\nmedian decision: ${quantile(decisions, 0.5).toFixed(3)} ms (target: under 5 ms)\n`);
rmSync(scratch, { recursive: true, force: true });
