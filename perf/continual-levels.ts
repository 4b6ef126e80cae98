/**
 * `npm run perf:continual-levels`: the continual protocol's check command (the Oracle, the three heuristics and
 * Random, five seeds, cottage) over the three non-stationarity levels, through the built CLI as a user runs it: the
 * SR / PS table, then the properties the grid must show (the Oracle first and Random last at every level, the Oracle
 * at 80% or more at low, the heuristics' SR falling and PS rising from low to high). Exit code 1 when one fails. Moved
 * here from test/cli/run.test.ts (175 episodes took minutes there); the test keeps the check level.
 *
 * Usage: npm run build && npm run perf:continual-levels [-- --seeds 5]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatTable } from './support/table.js';

const { values } = parseArgs({ options: { seeds: { type: 'string', default: '5' } } });
const HEURISTICS = ['greedy', 'multi-instruction-first', 'max-staleness-first'];
const AGENTS = ['oracle', ...HEURISTICS, 'random'];
const LEVELS = ['low', 'medium', 'high'];
const bin = resolve(fileURLToPath(import.meta.url), '..', '..', 'bin', 'hearth.js');

interface Row {
  agent: string;
  nonstationarity: string;
  sr: { mean: number };
  ps: { mean: number };
}

const dir = mkdtempSync(join(tmpdir(), 'hearth-levels-'));
const args = ['run', '--agents', AGENTS.join(','), '--seeds', values.seeds, '--json', '--quiet'];
const t0 = performance.now();
const r = spawnSync(
  process.execPath,
  [bin, ...args, '--nonstationarity', LEVELS.join(','), '--store', join(dir, 'store.sqlite')],
  { encoding: 'utf8' },
);
rmSync(dir, { recursive: true, force: true });
if (r.status !== 0) {
  process.stderr.write(r.stderr);
  process.exit(1);
}
const rows = (JSON.parse(r.stdout) as { results: Row[] }).results;
const row = (agent: string, level: string) => rows.find((x) => x.agent === agent && x.nonstationarity === level)!;
const table = AGENTS.map((agent) => [
  agent,
  ...LEVELS.flatMap((level) => [row(agent, level).sr.mean.toFixed(3), row(agent, level).ps.mean.toFixed(3)]),
]);
const header = ['agent', ...LEVELS.flatMap((l) => [`SR ${l}`, `PS ${l}`])];
console.log(formatTable(header, table, false));
console.log(`\n${rows.length} rows, ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const failures: string[] = [];
for (const level of LEVELS) {
  for (const agent of HEURISTICS) {
    if (!(row('oracle', level).sr.mean > row(agent, level).sr.mean))
      failures.push(`oracle not above ${agent} at ${level}`);
    if (!(row('random', level).sr.mean < row(agent, level).sr.mean))
      failures.push(`random not below ${agent} at ${level}`);
  }
}
if (row('oracle', 'low').sr.mean < 0.8) failures.push('oracle below 80% at low');
for (const agent of HEURISTICS) {
  if (!(row(agent, 'high').sr.mean < row(agent, 'low').sr.mean))
    failures.push(`${agent}: SR does not fall low -> high`);
  if (!(row(agent, 'high').ps.mean > row(agent, 'low').ps.mean))
    failures.push(`${agent}: PS does not rise low -> high`);
}
console.log(failures.length === 0 ? 'all properties hold' : `FAILED:\n${failures.join('\n')}`);
if (failures.length > 0) process.exitCode = 1;
