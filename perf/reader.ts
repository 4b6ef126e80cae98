/**
 * The offline reader (`readGoal`, docs/reader.md) on the rewording sets (test/fixtures/rewordings*.jsonl): per phrasing
 * category of the development set, and per later set, how many read to the same goal as their usual form, to a
 * different one, or are refused; then
 * the agreement of every family's usual texts with the task definitions' own subgoals; then the time per reading.
 *
 * Run: npm run perf:reader [-- --failures]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { EPISODIC_TASKS, tasksOfFamily } from '../src/bench/episodic/tasks/index.js';
import { TEACH_DIALOGUES } from '../src/bench/episodic/tasks/teach-dialogue.js';
import { classifyRewording, compareToDefinition, type GoalLike } from '../src/language/goal-compare.js';
import { readGoal } from '../src/language/index.js';

const { values } = parseArgs({ options: { failures: { type: 'boolean', default: false } } });

interface Pair {
  category: string;
  usual: string;
  reworded: string;
}
const fixture = (file: string): Pair[] =>
  readFileSync(new URL(`../test/fixtures/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
// the development set by phrasing category, then each set written later as one row
const pairs: Pair[] = [
  ...fixture('rewordings.jsonl'),
  ...[
    'check',
    'third',
    'fourth',
    'fifth',
    'sixth',
    'seventh',
    'round2',
    'round2-check',
    'round3',
    'round3-check',
    'round4',
    'round4-check',
  ].flatMap((set) => fixture(`rewordings-${set}.jsonl`).map((p) => ({ ...p, category: `(set ${set})` }))),
];

const outcome = (text: string) => {
  const r = readGoal(text);
  return r.ok ? { ok: true as const, goal: r.goal } : { ok: false as const, reason: r.reason };
};

const byCategory = new Map<string, Record<string, number>>();
const failures: string[] = [];
for (const pair of pairs) {
  const verdict = classifyRewording(outcome(pair.usual), outcome(pair.reworded));
  const row = byCategory.get(pair.category) ?? { same: 0, different: 0, refused: 0, 'usual-unread': 0 };
  row[verdict]++;
  byCategory.set(pair.category, row);
  if (verdict !== 'same')
    failures.push(`${verdict.padEnd(12)} [${pair.category}] ${pair.reworded}  (usual: ${pair.usual})`);
}
const total = { same: 0, different: 0, refused: 0, 'usual-unread': 0 } as Record<string, number>;
console.log(`rewordings: ${pairs.length} pairs\n`);
console.log(
  `${'category'.padEnd(16)} ${'pairs'.padStart(5)} ${'same'.padStart(5)} ${'diff'.padStart(5)} ${'refused'.padStart(7)} ${'usual?'.padStart(6)}`,
);
for (const [category, row] of [...byCategory].sort(([a], [b]) => a.localeCompare(b))) {
  const n = Object.values(row).reduce((a, b) => a + b, 0);
  for (const k of Object.keys(total)) total[k] += row[k];
  console.log(
    `${category.padEnd(16)} ${String(n).padStart(5)} ${String(row.same).padStart(5)} ${String(row.different).padStart(5)} ${String(row.refused).padStart(7)} ${String(row['usual-unread']).padStart(6)}`,
  );
}
console.log(
  `${'all'.padEnd(16)} ${String(pairs.length).padStart(5)} ${String(total.same).padStart(5)} ${String(total.different).padStart(5)} ${String(total.refused).padStart(7)} ${String(total['usual-unread']).padStart(6)}`,
);
if (values.failures) console.log(`\n${failures.join('\n')}`);

// ---- usual forms against the task definitions, per family
console.log('\nusual texts against the task definitions (same / over-satisfies / different / refused):');
type Usual = { text: string } & GoalLike;
const families = new Map<string, Usual[]>();
const add = (family: string, usual: Usual) => families.set(family, [...(families.get(family) ?? []), usual]);
for (const task of EPISODIC_TASKS) {
  // teach-tfd's text is teach's; semgro-none's are semgro's
  if (task.family === 'teach-tfd' || task.family === 'semgro-none') continue;
  if (task.family === 'teach-edh') {
    // each session's requests against that session's subgoals
    for (const session of TEACH_DIALOGUES[task.id.replace('teach-edh/', 'teach/')].sessions ?? []) {
      const subgoals = session.subgoals.map((i) => task.subgoals[i]);
      for (const text of session.requests) add('teach-edh', { text, subgoals });
    }
    continue;
  }
  add(task.family, task);
  if (task.family === 'teach')
    for (const text of TEACH_DIALOGUES[task.id].requests) add('teach-tfd', { ...task, text });
}
for (const family of ['progprompt', 'eai'] as const) {
  try {
    families.set(family, tasksOfFamily(family));
  } catch (error) {
    console.log(`  ${family}: skipped (${(error as Error).message})`);
  }
}
const agreement: string[] = [];
for (const [family, tasks] of families) {
  const seen = new Set<string>();
  const row = { same: 0, over: 0, different: 0, refused: 0 };
  for (const task of tasks) {
    if (seen.has(task.text)) continue;
    seen.add(task.text);
    const r = readGoal(task.text);
    const verdict = r.ok ? compareToDefinition(r.goal, task) : 'refused';
    row[verdict]++;
    if (verdict !== 'same')
      agreement.push(
        `${family}: ${verdict.padEnd(9)} ${task.text.slice(0, 110)}${r.ok ? '' : `  -- ${r.reason.slice(0, 120)}`}`,
      );
  }
  console.log(
    `  ${family.padEnd(18)} ${seen.size} texts: ${row.same} same, ${row.over} over, ${row.different} different, ${row.refused} refused`,
  );
}
if (values.failures) console.log(`\n${agreement.join('\n')}`);

// ---- time per reading (CPU time)
const texts = pairs.flatMap((p) => [p.usual, p.reworded]);
for (const text of texts) readGoal(text);
const rounds = 5;
const start = process.cpuUsage();
for (let i = 0; i < rounds; i++) for (const text of texts) readGoal(text);
const used = process.cpuUsage(start);
const perReading = (used.user + used.system) / 1000 / (rounds * texts.length);
console.log(
  `\ntime per reading: ${perReading.toFixed(3)} ms CPU (mean over ${rounds * texts.length} readings of the sets), against a 1 ms budget (one reading per episode)`,
);
