/**
 * DANLI beside the Oracle on the episodic families (SR, GC, PLW-SR, PLW-GC, AS per agent and family, like DANLI's
 * Table 1 and 5), then scene pruning's effect on planning (DANLI's Table 6: median and mean planner time per call,
 * and the share of calls that find no plan), with and without pruning on the same episodes.
 * Run: npm run bench:danli [-- homes [seeds [pruning-family]]]   e.g. npm run bench:danli -- cottage,flat 1 llm-state-simple
 * Without pruning a planner call grounds the whole believed home (thousands of operators): expect minutes.
 */
import { runEpisodicEpisode } from '../src/bench/episodic/episode.js';
import { TASK_FAMILIES, type TaskFamily } from '../src/bench/episodic/task.js';
import { tasksOfFamily } from '../src/bench/episodic/tasks/index.js';

const homes = (process.argv[2] ?? 'cottage,flat').split(',');
const seeds = Number(process.argv[3] ?? 1);
const pruningFamily = (process.argv[4] ?? 'llm-state-simple') as TaskFamily;
const agents = ['oracle', 'danli', 'danli-last-subgoal', 'danli-no-replanning'];

interface Sums {
  n: number;
  sr: number;
  gc: number;
  plwSr: number;
  plwGc: number;
  steps: number;
}
const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7);

console.log(`episodic families on ${homes.join(', ')}, seeds 0..${seeds - 1}`);
console.log('agent                  family              n    SR      GC      PLW-SR  PLW-GC  AS');
for (const agent of agents) {
  for (const family of TASK_FAMILIES) {
    const sums: Sums = { n: 0, sr: 0, gc: 0, plwSr: 0, plwGc: 0, steps: 0 };
    for (const home of homes) {
      for (const task of tasksOfFamily(family)) {
        for (let seed = 0; seed < seeds; seed++) {
          let outcome: Awaited<ReturnType<typeof runEpisodicEpisode>>;
          try {
            outcome = await runEpisodicEpisode({ agent, home, task: task.id, seed });
          } catch {
            continue; // a task the home cannot host
          }
          const s = outcome.score;
          sums.n++;
          sums.sr += s.sr;
          sums.gc += s.gc;
          sums.plwSr += s.plwSr ?? 0;
          sums.plwGc += s.plwGc ?? 0;
          sums.steps += s.steps;
        }
      }
    }
    const m = (x: number) => x / Math.max(sums.n, 1);
    console.log(
      `${agent.padEnd(22)} ${family.padEnd(18)} ${String(sums.n).padStart(3)} ${pct(m(sums.sr))} ${pct(m(sums.gc))} ` +
        `${pct(m(sums.plwSr))} ${pct(m(sums.plwGc))} ${m(sums.steps).toFixed(1).padStart(5)}`,
    );
  }
}

console.log(`\nscene pruning (DANLI Table 6): ${pruningFamily} on ${homes[0]}, seed 0`);
console.log('agent                  calls  no plan   median ms   mean ms   SR');
for (const agent of ['danli', 'danli-no-pruning']) {
  const times: number[] = [];
  let calls = 0;
  let failures = 0;
  let sr = 0;
  let n = 0;
  for (const task of tasksOfFamily(pruningFamily)) {
    let outcome: Awaited<ReturnType<typeof runEpisodicEpisode>>;
    try {
      outcome = await runEpisodicEpisode({ agent, home: homes[0], task: task.id, seed: 0 });
    } catch {
      continue;
    }
    const stats = outcome.agentStats as { plannerCalls: number; planFailures: number; timing: { planMs: number[] } };
    calls += stats.plannerCalls;
    failures += stats.planFailures;
    times.push(...stats.timing.planMs);
    sr += outcome.score.sr;
    n++;
  }
  times.sort((a, b) => a - b);
  const median = times.length === 0 ? 0 : times[Math.floor((times.length - 1) / 2)];
  const mean = times.reduce((s, x) => s + x, 0) / Math.max(times.length, 1);
  console.log(
    `${agent.padEnd(22)} ${String(calls).padStart(5)}  ${pct(failures / Math.max(calls, 1))}  ${median
      .toFixed(1)
      .padStart(10)}  ${mean.toFixed(1).padStart(8)}  ${pct(sr / Math.max(n, 1))}`,
  );
}
