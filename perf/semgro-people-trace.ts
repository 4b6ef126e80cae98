/**
 * One episode of an agent (SemGro by default) on a people's-words task with the gold reading, its steps and SemGro's
 * decisions printed (for perf/semgro-people.ts's failures):
 *
 *   node --import tsx --import ./perf/support/gold-reader.mjs perf/semgro-people-trace.ts TASK [HOME] [SEED] [AGENT]
 */
import { runEpisodicEpisode } from '../src/bench/episodic/episode.js';
import { PEOPLE_FAMILIES, peopleTexts } from '../src/bench/episodic/people/reading.js';
import type { SubgoalSpec } from '../src/sim/subgoals.js';
import { collectDecisions } from '../src/util/decisions.js';

const [task, home = 'gen:90533', seed = '0', agent = 'semgro'] = process.argv.slice(2);
const golds = new Map<string, readonly SubgoalSpec[]>();
(globalThis as { __goldReadings?: Map<string, readonly SubgoalSpec[]> }).__goldReadings = golds;
for (const family of PEOPLE_FAMILIES)
  for (const t of peopleTexts(family)) if (t.subgoals) golds.set(t.text, t.subgoals);
const { value: outcome, records } = await collectDecisions(() =>
  runEpisodicEpisode({ agent, home, task, seed: Number(seed) }),
);
console.log(
  `sr ${outcome.score.sr}, steps ${outcome.steps.length}/${outcome.stepLimit}, oracle ${outcome.oracleSteps}`,
);
for (const c of outcome.conditions) console.log(`  ${c.met ? 'met  ' : 'UNMET'} ${c.label}`);
const byT = new Map<number, string[]>();
for (const r of records) {
  if (r.kind !== 'semgro' && r.kind !== 'loop-guard') continue;
  const line =
    r.kind === 'semgro'
      ? `  choose ${r.chosen} (L${r.level}) for [${(r.stack as string[]).join(' | ')}] ${JSON.stringify((r.roles as { notes?: unknown }[]).map((x) => x.notes))}`
      : `  LOOP ${JSON.stringify(r)}`;
  byT.set(r.t, [...(byT.get(r.t) ?? []), line]);
}
for (const s of outcome.steps) {
  for (const l of byT.get(s.t - 1) ?? []) console.log(l);
  console.log(
    `${s.t} ${s.skill}${s.success ? '' : ` FAILED ${s.errorKind ?? ''}`}${s.derived ? ` +${s.derived.join(',')}` : ''}`,
  );
}
