/**
 * `npm run perf:pddl-optimal`: hearth's A* with LM-cut (`--search astar-lmcut`) beside Fast Downward's
 * `astar(lmcut())` run live on every problem of ../shared/data/pddl. Target (issue 28): on every instance FD solves
 * within 60 s (--time-limit S; FD's limit is CPU time), hearth solves it too, with the same (optimal) cost. FD runs
 * first; hearth then gets --hearth-limit S of wall-clock time (default 120: on a loaded machine wall time runs ahead
 * of CPU time) on the instances FD solved, and is not run on the others unless --all is given. DANLI's TEACh problems
 * are read leniently by hearth as in perf:pddl (FD reads them as they are).
 *
 * Usage: npm run perf:pddl-optimal -- --fd PATH [--time-limit 60] [--hearth-limit 120] [--all] [--only SUBSTRING]
 *   [--markdown]   (--fd or $HEARTH_FAST_DOWNWARD: fast-downward.py; without it hearth runs on every instance).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseDomain } from '../src/planning/pddl/parse-domain.js';
import { parseProblem } from '../src/planning/pddl/parse-problem.js';
import { plan } from '../src/planning/plan.js';
import { validatePlan } from '../src/planning/validate.js';
import { FD_SEARCHES, fastDownwardPath, runFastDownward } from './support/fast-downward.js';
import { findInstances } from './support/shared-pddl.js';
import { formatTable } from './support/table.js';

const { values } = parseArgs({
  options: {
    fd: { type: 'string' },
    'time-limit': { type: 'string', default: '60' },
    'hearth-limit': { type: 'string', default: '120' },
    all: { type: 'boolean', default: false },
    only: { type: 'string', default: '' },
    markdown: { type: 'boolean', default: false },
  },
});
const limitS = Number(values['time-limit']);
const here = resolve(fileURLToPath(import.meta.url), '..');
const DATA = resolve(process.env.HEARTH_SHARED_DATA ?? resolve(here, '..', '..', 'shared', 'data'), 'pddl');

const fd = fastDownwardPath(values.fd);
const rows: string[][] = [];
let fdSolved = 0;
let matched = 0;
for (const inst of findInstances(DATA)) {
  const name = `${inst.domainDir.split('/').pop()}/${inst.instance}`;
  if (!name.includes(values.only)) continue;
  const domainPath = join(inst.domainDir, 'domain.pddl');
  const f = fd ? runFastDownward(fd, domainPath, inst.problemPath, FD_SEARCHES.astarLmcut, limitS) : undefined;
  const runHearth = f === undefined || f.outcome === 'solved' || values.all;
  const t0 = performance.now();
  const domain = parseDomain(readFileSync(domainPath, 'utf8'));
  const problem = parseProblem(readFileSync(inst.problemPath, 'utf8'), domain, { lenient: inst.lenient });
  const timeLimitMs = Number(values['hearth-limit']) * 1000;
  const r = runHearth
    ? plan(domain, problem, { search: 'astar-lmcut', timeLimitMs }, performance.now() - t0)
    : undefined;
  const valid = r?.solved === true && validatePlan(domain, problem, r.plan, { expectedCost: r.cost }).valid;
  const same = f?.outcome === 'solved' ? valid && r?.cost === f.cost : undefined;
  if (f?.outcome === 'solved') fdSolved++;
  if (same) matched++;
  rows.push([
    name,
    r === undefined ? 'not run' : r.solved ? `${r.cost}` : r.status,
    valid ? 'yes' : '-',
    `${r?.expanded ?? '-'}`,
    r?.timesMs.total.toFixed(0) ?? '-',
    f === undefined ? '-' : f.outcome === 'solved' ? `${f.cost}` : f.outcome,
    `${f?.expanded ?? '-'}`,
    f?.plannerMs?.toFixed(0) ?? '-',
    same === undefined ? '-' : same ? 'yes' : 'NO',
  ]);
  process.stderr.write('.');
}
process.stderr.write('\n');
const header = ['instance', 'cost', 'valid', 'expanded', 'ms', 'FD cost', 'FD expanded', 'FD planner ms', 'same cost'];
process.stdout.write(`${formatTable(header, rows, values.markdown)}\n\n`);
process.stdout.write(
  `A* LM-cut; FD ${limitS} s CPU each, hearth ${values['hearth-limit']} s wall each, in process (parse, ground, search). ` +
    `FD solved ${fdSolved}; hearth solved ` +
    `those with the same cost: ${matched}/${fdSolved}\n`,
);
