/**
 * `npm run perf:pddl`: solves every problem in ../shared/data/pddl with hearth's planner (DANLI's TEACh problems
 * leniently), validates every plan, and prints hearth's figures beside Fast Downward's reference runs, with the
 * targets: cost within 15% of FD's lazy_greedy_ff, total in-process time (parse + ground + search) below FD's
 * whole planner time, and for DANLI A*-h^max cost equal to FD's danli_max_astar cost.
 *
 * Usage: npm run perf:pddl [-- --runs N] [--cli] [--json | --markdown]. Times are the median of N runs (default 5) in this
 * process (the first run of each instance is also shown as "cold"). With --cli (after `npm run build`), each
 * instance is also solved once by `node bin/hearth.js plan` in a fresh process, start-up included, as FD's
 * planner time is measured.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDomain } from '../src/planning/pddl/parse-domain.js';
import { parseProblem } from '../src/planning/pddl/parse-problem.js';
import { type PlanResult, plan } from '../src/planning/plan.js';
import type { SearchConfig } from '../src/planning/search/index.js';
import { validatePlan } from '../src/planning/validate.js';
import { findInstances } from './support/shared-pddl.js';
import { formatTable } from './support/table.js';

const here = resolve(fileURLToPath(import.meta.url), '..');
const DATA = resolve(process.env.HEARTH_SHARED_DATA ?? resolve(here, '..', '..', 'shared', 'data'), 'pddl');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] ?? 5) || 5;
const asJson = args.includes('--json');
const viaCli = args.includes('--cli');
const asMarkdown = args.includes('--markdown');
const CLI = resolve(here, '..', 'bin', 'hearth.js');
const COST_SLACK = 1.15;

interface FdRow {
  planLength: number;
  planCost: number;
  expanded: number;
  plannerMs: number;
}

interface Row {
  instance: string;
  length: number;
  cost: number;
  expanded: number;
  medianMs: number;
  coldMs: number;
  /** Wall time of `hearth plan` in a fresh Node process (only with --cli). */
  cliMs?: number;
  valid: boolean;
  error?: string;
  fdLazy?: FdRow;
  fdLama?: FdRow;
  fdOptimal?: FdRow;
  optimalCost?: number;
  costOk: boolean | undefined;
  timeOk: boolean | undefined;
  optimalOk: boolean | undefined;
}

function readReference(path: string, into: Map<string, FdRow>): void {
  if (!existsSync(path)) return;
  const lines = readFileSync(path, 'utf8').trim().split('\n');
  const header = lines[0].split(',');
  const col = (name: string) => header.indexOf(name);
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    if (cells[col('solved')] !== 'yes') continue;
    const key = `${cells[col('domain')]}/${cells[col('instance')]}/${cells[col('config')]}`;
    into.set(key, {
      planLength: Number(cells[col('plan_length')]),
      planCost: Number(cells[col('plan_cost')]),
      expanded: Number(cells[col('expanded')]),
      plannerMs: Number(cells[col('planner_time_s')]) * 1000,
    });
  }
}

/** Parse + ground + search from text already in memory, as one in-process call. */
function solve(domainText: string, problemText: string, lenient: boolean, search: SearchConfig): PlanResult {
  const t0 = performance.now();
  const domain = parseDomain(domainText);
  const problem = parseProblem(problemText, domain, { lenient });
  return plan(domain, problem, { search, timeLimitMs: 60_000 }, performance.now() - t0);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function main(): void {
  if (!existsSync(DATA)) {
    process.stderr.write(`perf:pddl: no reference data at ${DATA} (set HEARTH_SHARED_DATA)\n`);
    process.exitCode = 1;
    return;
  }
  const reference = new Map<string, FdRow>();
  readReference(join(DATA, 'fast_downward_reference.csv'), reference);
  readReference(join(DATA, 'danli-teach', 'fast_downward_reference.csv'), reference);
  const rows: Row[] = [];
  let failures = 0;
  for (const inst of findInstances(DATA)) {
    const domainText = readFileSync(join(inst.domainDir, 'domain.pddl'), 'utf8');
    const problemText = readFileSync(inst.problemPath, 'utf8');
    const times: number[] = [];
    let result: PlanResult | undefined;
    for (let r = 0; r < runs; r++) {
      result = solve(domainText, problemText, inst.lenient, 'lazy-gbfs-ff');
      times.push(result.timesMs.total);
    }
    const res = result!;
    const domain = parseDomain(domainText);
    const problem = parseProblem(problemText, domain, { lenient: inst.lenient });
    const check = res.solved ? validatePlan(domain, problem, res.plan, { expectedCost: res.cost }) : undefined;
    const key = `${inst.domainName}/${inst.instance}`;
    const fdLazy = reference.get(`${key}/lazy_greedy_ff`);
    const fdLama = reference.get(`${key}/lama-first`);
    const fdOptimal = reference.get(`${key}/danli_max_astar_head`);
    let optimalCost: number | undefined;
    if (inst.suite === 'danli') {
      const optimal = solve(domainText, problemText, true, 'astar-hmax');
      const okPlan =
        optimal.solved && validatePlan(domain, problem, optimal.plan, { expectedCost: optimal.cost }).valid;
      optimalCost = okPlan ? optimal.cost : Number.NaN;
    }
    const medianMs = median(times);
    let cliMs: number | undefined;
    if (viaCli) {
      const cliArgs = [CLI, 'plan', join(inst.domainDir, 'domain.pddl'), inst.problemPath, '--json'];
      if (inst.lenient) cliArgs.push('--lenient');
      const t0 = performance.now();
      execFileSync(process.execPath, cliArgs, { stdio: 'pipe' });
      cliMs = performance.now() - t0;
    }
    const valid = check?.valid ?? false;
    if (!valid) failures++;
    rows.push({
      instance: `${inst.domainDir.split('/').pop()}/${inst.instance}`,
      length: res.length,
      cost: res.cost,
      expanded: res.expanded,
      medianMs,
      coldMs: times[0],
      cliMs,
      valid,
      error: res.solved ? check?.error : `no plan (${res.status})`,
      fdLazy,
      fdLama,
      fdOptimal,
      optimalCost,
      costOk: fdLazy ? res.cost <= fdLazy.planCost * COST_SLACK + 1e-9 : undefined,
      timeOk: fdLazy ? medianMs < fdLazy.plannerMs : undefined,
      optimalOk: fdOptimal && optimalCost !== undefined ? optimalCost === fdOptimal.planCost : undefined,
    });
  }
  if (asJson) {
    process.stdout.write(`${JSON.stringify({ runs, rows }, null, 2)}\n`);
  } else {
    printTable(rows);
  }
  if (failures > 0) process.exitCode = 1;
}

function mark(ok: boolean | undefined): string {
  return ok === undefined ? '-' : ok ? 'yes' : 'NO';
}

function printTable(rows: Row[]): void {
  const header = [
    'instance',
    'len',
    'cost',
    'exp',
    'ms(med)',
    'ms(cold)',
    ...(viaCli ? ['cli ms'] : []),
    'valid',
    'FD-ff len',
    'cost',
    'exp',
    'ms',
    'lama len',
    'cost',
    'cost<=1.15',
    'faster',
    'hmax=FD*',
  ];
  const table: string[][] = [header];
  for (const r of rows) {
    table.push([
      r.instance,
      `${r.length}`,
      `${r.cost}`,
      `${r.expanded}`,
      r.medianMs.toFixed(1),
      r.coldMs.toFixed(1),
      ...(viaCli ? [r.cliMs?.toFixed(0) ?? '-'] : []),
      r.valid ? 'yes' : `NO ${r.error ?? ''}`,
      `${r.fdLazy?.planLength ?? '-'}`,
      `${r.fdLazy?.planCost ?? '-'}`,
      `${r.fdLazy?.expanded ?? '-'}`,
      r.fdLazy ? r.fdLazy.plannerMs.toFixed(0) : '-',
      `${r.fdLama?.planLength ?? '-'}`,
      `${r.fdLama?.planCost ?? '-'}`,
      mark(r.costOk),
      mark(r.timeOk),
      r.optimalCost === undefined ? '-' : `${r.optimalCost}/${r.fdOptimal?.planCost ?? '?'} ${mark(r.optimalOk)}`,
    ]);
  }
  const lines = [formatTable(header, table.slice(1), asMarkdown)];
  const count = (pick: (r: Row) => boolean | undefined) => rows.filter((r) => pick(r) === true).length;
  const judged = (pick: (r: Row) => boolean | undefined) => rows.filter((r) => pick(r) !== undefined).length;
  lines.push(
    '',
    `${rows.length} instances, ${count((r) => r.valid)} solved with a valid plan; runs per instance: ${runs}`,
    `cost within 15% of FD lazy_greedy_ff: ${count((r) => r.costOk)}/${judged((r) => r.costOk)}`,
    `median total time below FD planner time: ${count((r) => r.timeOk)}/${judged((r) => r.timeOk)}`,
    `A*-hmax cost equal to FD danli_max_astar: ${count((r) => r.optimalOk)}/${judged((r) => r.optimalOk)}`,
    'times: ms = parse + ground + search in this process (FD: planner_time_s, which includes ~0.2 s of start-up)',
    ...(viaCli
      ? ['cli ms: wall time of `node bin/hearth.js plan --json` in a fresh process, Node start-up included']
      : []),
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

main();
