/**
 * SemGro (or another agent) on a stratified sample of the people's-words families (scripts/people-sample.ts: N tasks
 * per type, by a stable hash of the ids), per task type: tasks done, and what the failures left unmet. With the gold
 * reading (each task's text read as its gold: what the agent does once the reader reads people's words right):
 *
 *   node --import tsx --import ./perf/support/gold-reader.mjs perf/semgro-people.ts --gold --homes gen:90533
 *
 * and with the shared reader (the same without the hook and `--gold`):
 *
 *   npx tsx perf/semgro-people.ts --homes gen:90533,gen:52213 --seeds 0,1
 *
 * Options: --agent semgro, --per-type 3, --families alfred,teach-human, --types "Boil X,..." (a subset), --verbose.
 */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { runEpisodicEpisode } from '../src/bench/episodic/episode.js';
import { isPeopleFamily, PEOPLE_FAMILIES, peopleTexts } from '../src/bench/episodic/people/reading.js';
import type { SubgoalSpec } from '../src/sim/subgoals.js';

const { values } = parseArgs({
  options: {
    agent: { type: 'string', default: 'semgro' },
    homes: { type: 'string', default: 'gen:90533' },
    seeds: { type: 'string', default: '0' },
    'per-type': { type: 'string', default: '3' },
    families: { type: 'string', default: PEOPLE_FAMILIES.join(',') },
    types: { type: 'string' },
    gold: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});

const golds = new Map<string, readonly SubgoalSpec[]>();
(globalThis as { __goldReadings?: Map<string, readonly SubgoalSpec[]> }).__goldReadings = golds;
const perType = Number(values['per-type']);
const order = (id: string) => createHash('sha256').update(id).digest('hex');
const only = values.types?.split(',');
const sample: { family: string; type: string; id: string }[] = [];
for (const family of values.families.split(',')) {
  if (!isPeopleFamily(family)) throw new Error(`--families: ${family}`);
  const byType = new Map<string, { id: string; text: string; subgoals: readonly SubgoalSpec[] }[]>();
  for (const t of peopleTexts(family)) {
    if (!t.subgoals || (only && !only.includes(t.type))) continue;
    byType.set(t.type, [...(byType.get(t.type) ?? []), { id: t.id, text: t.text, subgoals: t.subgoals }]);
  }
  for (const [type, list] of byType) {
    for (const t of list.sort((a, b) => order(a.id).localeCompare(order(b.id))).slice(0, perType)) {
      if (values.gold) golds.set(t.text, t.subgoals);
      sample.push({ family, type, id: t.id });
    }
  }
}

const started = Date.now();
for (const home of values.homes.split(',')) {
  for (const seed of values.seeds.split(',').map(Number)) {
    const rows = new Map<string, { done: number; all: number; fails: string[] }>();
    const families = new Map<string, { done: number; all: number; read: number }>();
    for (const { family, type, id } of sample) {
      const row = rows.get(`${family} ${type}`) ?? { done: 0, all: 0, fails: [] };
      const fam = families.get(family) ?? { done: 0, all: 0, read: 0 };
      rows.set(`${family} ${type}`, row);
      families.set(family, fam);
      row.all++;
      fam.all++;
      try {
        const outcome = await runEpisodicEpisode({ agent: values.agent, home, task: id, seed });
        if (outcome.reading?.read) fam.read++;
        if (outcome.score.sr === 1) {
          row.done++;
          fam.done++;
        } else {
          const unmet = outcome.conditions.filter((c) => !c.met).map((c) => c.label);
          row.fails.push(`${id}: ${unmet.join('; ')}`);
          if (values.verbose) console.log(`  FAIL ${id} (${outcome.steps.length} steps): ${unmet.join('; ')}`);
        }
      } catch (error) {
        row.fails.push(`${id}: error ${(error as Error).message}`);
      }
    }
    console.log(`\n${values.agent} on ${home}, seed ${seed}${values.gold ? ', gold reading' : ''}`);
    for (const [type, row] of rows) {
      console.log(`${type.padEnd(50)} ${row.done}/${row.all}`);
      for (const f of row.fails) console.log(`    ${f}`);
    }
    for (const [family, fam] of families)
      console.log(`${family}: ${fam.done}/${fam.all} (${((100 * fam.done) / fam.all).toFixed(0)}%), read ${fam.read}`);
  }
}
console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s`);
