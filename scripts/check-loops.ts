/**
 * The loop check of a run's traces: every episode whose steps repeat the same cycle of 2-4 steps more than 5 times in
 * a row (`repeatedCycles`, src/agents/loop-guard.ts), per agent. The store must come from a run with `--trace` (the
 * steps are the trace's step records, compared by their text: `[walk] <kitchen> (1)`). Exit status 1 when any
 * episode loops, 2 when the store has no traces.
 *
 * Run: npm run check:loops -- STORE.sqlite [--agents a,b] [--more-than 5] [--min 2] [--max 4] [--show 5]
 */

import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { repeatedCycles } from '../src/agents/loop-guard.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    agents: { type: 'string' },
    'more-than': { type: 'string', default: '5' },
    min: { type: 'string', default: '2' },
    max: { type: 'string', default: '4' },
    show: { type: 'string', default: '5' },
  },
});
const file = positionals[0];
if (!file) throw new Error('usage: npm run check:loops -- STORE.sqlite [--agents a,b] [--more-than 5]');
const moreThan = Number(values['more-than']);
const bounds = { minLength: Number(values.min), maxLength: Number(values.max) };
const only = values.agents ? new Set(values.agents.split(',')) : undefined;

interface TraceStep {
  readonly skill: string;
  readonly success: boolean;
}
const isStep = (record: unknown): record is TraceStep =>
  typeof record === 'object' && record !== null && 'skill' in record && 'success' in record;

const db = new Database(file, { readonly: true });
const perAgent = new Map<string, { episodes: number; looping: string[] }>();
let traced = 0;
for (const { spec, trace } of db.prepare("SELECT spec, trace FROM episodes WHERE status = 'ok'").iterate() as Iterable<{
  spec: string;
  trace: string | null;
}>) {
  const { agent, task, seed, home } = JSON.parse(spec) as { agent: string; task?: string; seed: number; home: string };
  if (only && !only.has(agent)) continue;
  const tally = perAgent.get(agent) ?? { episodes: 0, looping: [] };
  perAgent.set(agent, tally);
  tally.episodes++;
  if (!trace) continue;
  traced++;
  const steps = (JSON.parse(trace) as unknown[]).filter(isStep).map((s) => s.skill);
  const cycles = repeatedCycles(steps, moreThan, bounds);
  if (cycles.length === 0) continue;
  const worst = cycles.reduce((a, b) => (b.repeats > a.repeats ? b : a));
  const cycle = steps.slice(worst.start, worst.start + worst.length).join(', ');
  tally.looping.push(`${home} ${task ?? ''} seed ${seed}: ${worst.repeats} x [${cycle}] from step ${worst.start}`);
}
db.close();

if (traced === 0) {
  console.error(`${file}: no traces (run with --trace)`);
  process.exit(2);
}
const show = Number(values.show);
let looping = 0;
for (const [agent, { episodes, looping: list }] of [...perAgent].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
  looping += list.length;
  console.log(
    `${agent}: ${list.length} of ${episodes} episodes repeat a cycle of ${bounds.minLength}-${bounds.maxLength} steps more than ${moreThan} times`,
  );
  for (const line of list.slice(0, show)) console.log(`  ${line}`);
  if (list.length > show) console.log(`  ... and ${list.length - show} more`);
}
process.exit(looping > 0 ? 1 : 0);
