/**
 * DANLI beside the Oracle on the episodic families (SR, GC, PLW-SR, PLW-GC, AS per agent and family, like DANLI's
 * Table 1 and 5), DANLI's recovery counts, then scene pruning's effect on planning (DANLI's Table 6: median and mean
 * planner time per call, the share of calls without a plan and of calls over the planning budget, its time-out),
 * with and without pruning on the same episodes. "repeats" are calls counted as time-outs without running (the same
 * goal on no new objects after a time-out); their time is that of the time-out they repeat.
 *
 * Run: npm run perf:danli [-- --homes cottage,flat,gen:7 --seeds 1 --slip 0.1 --unpruned-homes cottage
 *        --unpruned-families llm-state-simple]
 *
 * Without pruning a planner call grounds the whole believed home (thousands of operators, seconds a call), so
 * `danli-no-pruning` runs only on the unpruned homes and families given (default: the first home, the Simple family).
 */
import { parseArgs } from 'node:util';
import { runEpisodicEpisode } from '../src/bench/episodic/episode.js';
import { TASK_FAMILIES, type TaskFamily } from '../src/bench/episodic/task.js';
import { tasksOfFamily } from '../src/bench/episodic/tasks/index.js';

const { values } = parseArgs({
  options: {
    homes: { type: 'string', default: 'cottage,flat' },
    seeds: { type: 'string', default: '1' },
    slip: { type: 'string', default: '0' },
    agents: { type: 'string', default: 'oracle,danli,danli-last-subgoal,danli-no-replanning,danli-no-pruning' },
    families: { type: 'string', default: TASK_FAMILIES.join(',') },
    'unpruned-homes': { type: 'string' },
    'unpruned-families': { type: 'string', default: 'llm-state-simple' },
  },
});
const list = (text: string) => text.split(',').filter((x) => x !== '');
const homes = list(values.homes);
const seeds = Number(values.seeds);
const slip = Number(values.slip);
const agents = list(values.agents);
const families = list(values.families) as TaskFamily[];
const unprunedHomes = list(values['unpruned-homes'] ?? homes[0]);
const unprunedFamilies = list(values['unpruned-families']) as TaskFamily[];

type Outcome = Awaited<ReturnType<typeof runEpisodicEpisode>>;
interface DanliStats {
  plannerCalls: number;
  planFailures: number;
  planTimeouts: number;
  replan: number;
  exclude: number;
  moveCloser: number;
  clear: number;
  subgoalsGivenUp: number;
  planWork: { operators: number; repeated?: true }[];
  timing: { planMs: number[] };
}

const runs = (agent: string, family: TaskFamily) => {
  const unpruned = agent === 'danli-no-pruning';
  if (unpruned && !unprunedFamilies.includes(family)) return [];
  const out: { home: string; task: string; seed: number }[] = [];
  for (const home of unpruned ? unprunedHomes : homes) {
    for (const task of tasksOfFamily(family))
      for (let seed = 0; seed < seeds; seed++) out.push({ home, task: task.id, seed });
  }
  return out;
};

const outcomes = new Map<string, Outcome>();
async function outcomeOf(agent: string, home: string, task: string, seed: number): Promise<Outcome | undefined> {
  const key = [agent, home, task, seed].join('\u0000');
  if (!outcomes.has(key)) {
    try {
      outcomes.set(key, await runEpisodicEpisode({ agent, home, task, seed, slip }));
    } catch {
      return undefined; // a task the home cannot host
    }
  }
  return outcomes.get(key);
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(xs.length, 1);
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)];
};

console.log(`episodic families on ${homes.join(', ')}, seeds 0..${seeds - 1}, slip ${slip}`);
console.log(`(danli-no-pruning: ${unprunedFamilies.join(', ')} on ${unprunedHomes.join(', ')} only)`);
console.log(
  'agent                  family              n    SR      GC      PLW-SR  PLW-GC  AS     | replan excl. closer given-up',
);
for (const agent of agents) {
  for (const family of families) {
    const scores: Outcome['score'][] = [];
    const recovery = { replan: 0, exclude: 0, moveCloser: 0, subgoalsGivenUp: 0 };
    for (const run of runs(agent, family)) {
      const outcome = await outcomeOf(agent, run.home, run.task, run.seed);
      if (!outcome) continue;
      scores.push(outcome.score);
      const stats = outcome.agentStats as unknown as DanliStats | undefined;
      if (stats?.plannerCalls !== undefined) {
        for (const key of Object.keys(recovery) as (keyof typeof recovery)[]) recovery[key] += stats[key];
      }
    }
    if (scores.length === 0) continue;
    const m = (f: (s: Outcome['score']) => number | null) => mean(scores.map((s) => f(s) ?? 0));
    const counts = agent.startsWith('danli')
      ? `| ${String(recovery.replan).padStart(6)} ${String(recovery.exclude).padStart(5)} ${String(recovery.moveCloser).padStart(6)} ${String(recovery.subgoalsGivenUp).padStart(8)}`
      : '|';
    console.log(
      `${agent.padEnd(22)} ${family.padEnd(18)} ${String(scores.length).padStart(3)} ${pct(m((s) => s.sr))} ` +
        `${pct(m((s) => s.gc))} ${pct(m((s) => s.plwSr))} ${pct(m((s) => s.plwGc))} ${m((s) => s.steps)
          .toFixed(1)
          .padStart(5)}  ${counts}`,
    );
  }
}

console.log(`\nscene pruning (DANLI Table 6): ${unprunedFamilies.join(', ')} on ${unprunedHomes.join(', ')}`);
console.log('agent                  calls  (repeats)  no plan  time-out  median ms   mean ms  median ops   SR      GC');
for (const agent of ['danli', 'danli-no-pruning']) {
  const times: number[] = [];
  const operators: number[] = [];
  let calls = 0;
  let failures = 0;
  let timeouts = 0;
  let repeats = 0;
  const scores: Outcome['score'][] = [];
  for (const family of unprunedFamilies) {
    for (const run of runs('danli-no-pruning', family)) {
      const outcome = await outcomeOf(agent, run.home, run.task, run.seed);
      if (!outcome) continue;
      const stats = outcome.agentStats as unknown as DanliStats;
      calls += stats.plannerCalls;
      failures += stats.planFailures;
      timeouts += stats.planTimeouts;
      times.push(...stats.timing.planMs);
      operators.push(...stats.planWork.map((w) => w.operators));
      repeats += stats.planWork.filter((w) => w.repeated).length;
      scores.push(outcome.score);
    }
  }
  console.log(
    `${agent.padEnd(22)} ${String(calls).padStart(5)}  ${`(${repeats})`.padStart(9)}  ${pct(failures / Math.max(calls, 1))}  ${pct(
      timeouts / Math.max(calls, 1),
    )}  ${median(times).toFixed(1).padStart(9)}  ${mean(times).toFixed(1).padStart(8)}  ${String(
      median(operators),
    ).padStart(10)}  ${pct(mean(scores.map((s) => s.sr)))} ${pct(mean(scores.map((s) => s.gc)))}`,
  );
}
