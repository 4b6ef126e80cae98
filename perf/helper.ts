/**
 * HELPER's offline step: the time of one act() of the agent with its offline roles (the executor's next skill; the
 * first step of an episode and each step after the user's feedback also retrieve and plan), over the TEACh-style
 * dialogue tasks; the median against the 5 ms target, and the planning steps apart.
 *
 * Run: npm run perf:helper [-- --homes gen:3001,gen:3002,gen:3003 --seeds 2 --slip 0.1 --family teach-tfd]
 */
import { parseArgs } from 'node:util';
import type { Agent } from '../src/agents/agent.js';
import { HELPER_VARIANTS } from '../src/agents/helper/config.js';
import { createHelperAgent, offlineHelperRoles } from '../src/agents/helper/index.js';
import { registerAgent } from '../src/agents/registry.js';
import { runEpisodicEpisode } from '../src/bench/episodic/episode.js';
import type { TaskFamily } from '../src/bench/episodic/task.js';
import { tasksOfFamily } from '../src/bench/episodic/tasks/index.js';
import { codeUnderTest } from './support/code-under-test.js';

const { values } = parseArgs({
  options: {
    homes: { type: 'string', default: 'gen:3001,gen:3002,gen:3003' },
    seeds: { type: 'string', default: '2' },
    slip: { type: 'string', default: '0.1' },
    family: { type: 'string', default: 'teach-tfd' },
  },
});
const homes = values.homes.split(',').filter((h) => h !== '');
const seeds = Number(values.seeds);
const slip = Number(values.slip);

interface Step {
  ms: number;
  /** The step retrieved and planned (the first, and after feedback). */
  planned: boolean;
}
const steps: Step[] = [];
let task = '';
const byTask = new Map<string, Step[]>();

registerAgent({
  name: 'helper-timed',
  description: 'HELPER with offline roles, each step timed (bench)',
  privileges: ['user-feedback'],
  needsLlm: false,
  protocols: ['episodic'],
  create: (context) => {
    const agent = createHelperAgent(context, HELPER_VARIANTS[0], offlineHelperRoles());
    const timed: Agent & { stats(): Record<string, unknown> } = {
      name: agent.name,
      reset: (brief, first) => agent.reset(brief, first),
      observe: (feedback) => agent.observe(feedback),
      finish: (end) => agent.finish(end),
      stats: () => agent.stats(),
      async act() {
        const plansBefore = (agent.stats() as { plans: number }).plans;
        const t0 = performance.now();
        const skill = await agent.act();
        const ms = performance.now() - t0;
        const step = { ms, planned: (agent.stats() as { plans: number }).plans > plansBefore };
        steps.push(step);
        byTask.get(task)?.push(step);
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
const median = (list: number[]) => quantile(list, 0.5);

const started = performance.now();
let solved = 0;
let episodes = 0;
for (const definition of tasksOfFamily(values.family as TaskFamily)) {
  task = definition.id;
  byTask.set(task, []);
  for (const home of homes) {
    for (let seed = 0; seed < seeds; seed++) {
      const out = await runEpisodicEpisode({ agent: 'helper-timed', home, task, seed, slip });
      episodes++;
      if (out.score.sr === 1) solved++;
    }
  }
}
const wall = (performance.now() - started) / 1000;

process.stdout.write(
  `HELPER offline step (planning + execution) on ${values.family}: ${homes.join(', ')}, ${seeds} seed(s), slip ` +
    `${slip}; ${codeUnderTest()}\n${episodes} episodes (${solved} solved) in ${wall.toFixed(1)} s (the Oracle's L* ` +
    'runs included)\n\n',
);
process.stdout.write('| task | steps | median ms | p90 ms | planning steps | their median ms |\n');
process.stdout.write('| --- | ---: | ---: | ---: | ---: | ---: |\n');
const row = (id: string, list: Step[]) => {
  const planning = list.filter((s) => s.planned).map((s) => s.ms);
  const all = list.map((s) => s.ms);
  return `| ${id} | ${all.length} | ${median(all).toFixed(3)} | ${quantile(all, 0.9).toFixed(2)} | ${planning.length} | ${median(planning).toFixed(2)} |\n`;
};
for (const [id, list] of byTask) process.stdout.write(row(id, list));
process.stdout.write(row('all', steps));
process.stdout.write(`\nmedian step: ${median(steps.map((s) => s.ms)).toFixed(3)} ms (target: under 5 ms)\n`);
