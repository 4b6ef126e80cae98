/**
 * `npm run perf:household`: the household planner with and without scene pruning, in the manner of DANLI's
 * Table 6 (planning time and plan-failure rate with and without pruning), on generated homes and random goals of
 * the kinds the continual instructions use (switch, open/close, put on or in furniture) plus free combinations of
 * them (and/or/not/exists, some unreachable by construction).
 *
 * Every goal is planned with pruning. Planning over the whole home takes seconds per goal, so only
 * the first `--unpruned N` goals (default 8) are also planned without it; the table compares both on that subset
 * and gives the pruned figures over all goals. Times are wall-clock per planForGoal call (prune, build, ground,
 * search, simulator check), median and 90th percentile.
 *
 * Usage: npm run perf:household [-- --homes 10 --goals 30 --unpruned 8 --time-limit 120000 --json]
 *
 * With --scenes (VirtualHome scene names such as TestScene1, read from ../shared/data/virtualhome/graphs), each
 * scene's whole home is planned without pruning for --scene-goals goals: hearth's grounding, search and total time
 * (parsing the written PDDL included) beside Fast Downward's translate, search and planner time on the same files
 * (--fd PATH or $HEARTH_FAST_DOWNWARD; lazy greedy FF for both). The homes table is skipped with --homes 0.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { householdDomainInfo } from '../src/planning/household/domain.js';
import { type HouseholdPlan, householdProblemFor, planForGoal } from '../src/planning/household/index.js';
import { parseDomain } from '../src/planning/pddl/parse-domain.js';
import { parseProblem } from '../src/planning/pddl/parse-problem.js';
import { domainText, problemText } from '../src/planning/pddl/write.js';
import { plan } from '../src/planning/plan.js';
import type { EnvGraph } from '../src/sim/graph.js';
import { loadHome } from '../src/sim/scenes/homes.js';
import { Rng } from '../src/util/rng.js';
import { mixedGoal, oracleGoal, type RandomGoal } from '../test/planning/household/random-goals.js';
import { FD_SEARCHES, fastDownwardPath, runFastDownward } from './support/fast-downward.js';
import { formatTable } from './support/table.js';

const { values } = parseArgs({
  options: {
    homes: { type: 'string', default: '10' },
    goals: { type: 'string', default: '30' },
    unpruned: { type: 'string', default: '8' },
    'time-limit': { type: 'string', default: '120000' },
    json: { type: 'boolean', default: false },
    scenes: { type: 'string', default: '' },
    'scene-goals': { type: 'string', default: '2' },
    fd: { type: 'string' },
  },
});
const homeCount = Number(values.homes);
const goalsPerHome = Number(values.goals);
const unprunedCount = Number(values.unpruned);
const timeLimitMs = Number(values['time-limit']);

/**
 * DANLI (paper 004) Table 6, Fast Downward on TEACh: average planner run time and the rate of PDDL problems without
 * a plan, under a 120 s time-out for translation and search together.
 */
const DANLI = { withoutPruning: { seconds: 94.64, failures: 0.243 }, withPruning: { seconds: 4.37, failures: 0.091 } };

interface Run {
  home: string;
  kind: string;
  oracle: boolean;
  ms: number;
  result: HouseholdPlan;
}

function run(home: string, state: EnvGraph, goal: RandomGoal, oracle: boolean, prune: boolean): Run {
  const t0 = performance.now();
  const result = planForGoal({ state, goal: goal.goal, prune, timeLimitMs });
  return { home, kind: goal.kind, oracle, ms: performance.now() - t0, result };
}

function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

function summary(runs: readonly Run[]) {
  const mean = (f: (r: Run) => number) => runs.reduce((s, r) => s + f(r), 0) / Math.max(1, runs.length);
  return {
    goals: runs.length,
    medianMs: quantile(
      runs.map((r) => r.ms),
      0.5,
    ),
    p90Ms: quantile(
      runs.map((r) => r.ms),
      0.9,
    ),
    meanMs: mean((r) => r.ms),
    failureRate: runs.filter((r) => !r.result.solved).length / Math.max(1, runs.length),
    oracleFailures: runs.filter((r) => r.oracle && !r.result.solved).length,
    objects: mean((r) => r.result.stats.objects),
    operators: mean((r) => r.result.stats.operators),
    meanCost: mean((r) => r.result.cost),
  };
}

if (homeCount > 0) homesTable();
if (values.scenes !== '') scenesTable();

function homesTable(): void {
  const pruned: Run[][] = [];
  const states: EnvGraph[] = [];
  const goals: RandomGoal[][] = [];
  for (let h = 0; h < homeCount; h++) {
    const spec = `gen:${100 + h}`;
    const state = loadHome(spec).graph;
    const rng = new Rng(`bench-household:${spec}`);
    states.push(state);
    goals.push([]);
    pruned.push([]);
    for (let i = 0; i < goalsPerHome; i++) {
      // Two goals of the continual instructions' kinds for one free combination.
      const oracle = i % 3 !== 2;
      const goal = oracle ? oracleGoal(state, rng) : mixedGoal(state, rng);
      goals[h].push(goal);
      pruned[h].push(run(spec, state, goal, oracle, true));
    }
  }
  // Without pruning: goal j of home h for k = j * homes + h, so that the subset spreads over the homes.
  const unpruned: Run[] = [];
  const prunedSubset: Run[] = [];
  for (let k = 0; k < Math.min(unprunedCount, homeCount * goalsPerHome); k++) {
    const h = k % homeCount;
    const j = Math.floor(k / homeCount);
    const spec = `gen:${100 + h}`;
    if (!values.json) process.stderr.write(`without pruning ${k + 1}/${unprunedCount} (${spec})...\n`);
    unpruned.push(run(spec, states[h], goals[h][j], pruned[h][j].oracle, false));
    prunedSubset.push(pruned[h][j]);
  }

  const all = summary(pruned.flat());
  const subsetPruned = summary(prunedSubset);
  const subsetUnpruned = summary(unpruned);
  const byKind = new Map<string, Run[]>();
  for (const r of pruned.flat()) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r]);

  if (values.json) {
    console.log(JSON.stringify({ all, subsetPruned, subsetUnpruned, danli: DANLI }, null, 2));
  } else {
    const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    console.log(
      `household planning, ${homeCount} generated homes (gen:100..), ${homeCount * goalsPerHome} goals, lazy GBFS + FF`,
    );
    console.log('');
    console.log('| setting | goals | mean | median | p90 | plan failures | objects | operators |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    const row = (name: string, s: ReturnType<typeof summary>) =>
      console.log(
        `| ${name} | ${s.goals} | ${f(s.meanMs)} ms | ${f(s.medianMs)} ms | ${f(s.p90Ms)} ms | ${pct(s.failureRate)} | ${f(s.objects)} | ${f(s.operators)} |`,
      );
    row('hearth, without pruning (subset)', subsetUnpruned);
    row('hearth, with pruning (same subset)', subsetPruned);
    row('hearth, with pruning (all goals)', all);
    console.log(
      `| DANLI Table 6, without pruning (FD) | | ${DANLI.withoutPruning.seconds} s | | | ${pct(DANLI.withoutPruning.failures)} | | |`,
    );
    console.log(
      `| DANLI Table 6, with pruning (FD) | | ${DANLI.withPruning.seconds} s | | | ${pct(DANLI.withPruning.failures)} | | |`,
    );
    console.log('(DANLI: average run time, TEACh problems, 120 s time-out for translation and search; hearth: search');
    console.log(` and grounding time limit ${timeLimitMs} ms.)`);
    console.log('');
    console.log('with pruning, by goal kind:');
    console.log('| kind | goals | median | p90 | unsolved | mean plan length |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [kind, runs] of [...byKind].sort(([a], [b]) => a.localeCompare(b))) {
      const s = summary(runs);
      console.log(
        `| ${kind} | ${s.goals} | ${f(s.medianMs)} ms | ${f(s.p90Ms)} ms | ${pct(s.failureRate)} | ${f(s.meanCost)} |`,
      );
    }
    console.log('');
    console.log(
      `Oracle-kind goals unsolved with pruning: ${all.oracleFailures} (switch, open/close, on, in: expected 0).`,
    );
    console.log('Unsolved mixed goals include goals unreachable by construction (e.g. a device both on and off).');
  }
}

/** Whole-home planning per VirtualHome scene, hearth beside Fast Downward on the same written PDDL files. */
function scenesTable(): void {
  const here = resolve(fileURLToPath(import.meta.url), '..');
  const shared = resolve(process.env.HEARTH_SHARED_DATA ?? resolve(here, '..', '..', 'shared', 'data'));
  const fd = fastDownwardPath(values.fd);
  const dir = mkdtempSync(join(tmpdir(), 'hearth-household-'));
  const info = householdDomainInfo('virtualhome');
  const domainPath = join(dir, 'domain.pddl');
  writeFileSync(domainPath, domainText(info.domain));
  const header = ['scene goal', 'nodes', 'operators', 'parse ms', 'ground ms', 'search ms', 'total ms', 'cost'];
  header.push('FD translate ms', 'FD search ms', 'FD planner ms', 'FD cost');
  console.log(`\nwhole homes without pruning, lazy GBFS + FF (hearth in process; FD: ${fd ?? 'not given (--fd)'})`);
  // Row by row as they finish (FD's translator takes minutes on a whole scene).
  console.log(formatTable(header, [], true));
  for (const scene of values.scenes.split(',').map((x) => x.trim())) {
    const state = loadHome(join(shared, 'virtualhome', 'graphs', `${scene}_graph.json`)).graph;
    const rng = new Rng(`bench-household:${scene}`);
    for (let i = 0; i < Number(values['scene-goals']); i++) {
      const goal = oracleGoal(state, rng);
      const { problem } = householdProblemFor({ state, goal: goal.goal, prune: false });
      const problemPath = join(dir, `${scene}-${i}.pddl`);
      writeFileSync(problemPath, problemText(info.domain, problem));
      const t0 = performance.now();
      const domain = parseDomain(domainText(info.domain));
      const parsed = parseProblem(problemText(info.domain, problem), domain);
      const r = plan(domain, parsed, { timeLimitMs }, performance.now() - t0);
      const f = fd
        ? runFastDownward(fd, domainPath, problemPath, FD_SEARCHES.lazyGreedyFF, timeLimitMs / 1000)
        : undefined;
      const ms = (x: number | undefined) => (x === undefined ? '-' : x.toFixed(0));
      const row = [
        `${scene} ${goal.kind}`,
        `${state.nodeCount}`,
        `${r.grounding.operators}`,
        ms(r.timesMs.parse),
        ms(r.timesMs.ground),
        ms(r.timesMs.search),
        ms(r.timesMs.total),
        r.solved ? `${r.cost}` : r.status,
        ms(f?.translateMs),
        ms(f?.searchMs),
        ms(f?.plannerMs),
        f === undefined ? '-' : f.outcome === 'solved' ? `${f.cost}` : f.outcome,
      ];
      console.log(`| ${row.join(' | ')} |`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
