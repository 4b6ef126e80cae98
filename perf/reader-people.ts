/**
 * The offline reader on the families of people's words (docs/alfred.md, docs/reader.md): per family (and for
 * teach-human per part of the reader's split: develop, held-out; figures only, never texts), how many texts are read,
 * read as their gold, read as another goal, refused; then the CPU time per text (and, for the dialogues, per turn):
 * the mean over five readings of every text after one to warm up, and the slowest texts' best of five.
 *
 * Run: npm run perf:reader-people
 */
import { PEOPLE_FAMILIES, type PeopleFamily, readFamily } from '../src/bench/episodic/people/reading.js';
import { PARTS } from '../src/bench/episodic/people/split.js';
import { TEACH_HUMAN_FAMILY } from '../src/bench/episodic/people/teach-human.js';
import { dialogueTurns } from '../src/language/dialogue.js';
import { readGoal } from '../src/language/index.js';

const pct = (n: number | null, of: number) => (n === null || of === 0 ? '-' : `${((100 * n) / of).toFixed(1)}%`);

function figures(family: PeopleFamily, part?: (typeof PARTS)[number]) {
  const result = readFamily(family, part === undefined ? {} : { part });
  const t = result.total;
  const name = part === undefined ? family : `${family} (${part})`;
  console.log(
    `${name.padEnd(26)} ${String(t.texts).padStart(5)} scored: read ${pct(t.read, t.texts).padStart(6)}, ` +
      `as gold ${pct(t.asGold, t.texts).padStart(6)}, other ${pct(t.asOther, t.texts).padStart(6)}, ` +
      `refused ${pct(t.refused, t.texts).padStart(6)}` +
      (result.apart ? `; counted apart ${result.apart.texts}: read ${result.apart.read}` : ''),
  );
  return result.texts.map((r) => r.text);
}

function timing(family: PeopleFamily, texts: readonly string[]) {
  for (const text of texts) readGoal(text);
  const rounds = 5;
  const start = process.cpuUsage();
  for (let i = 0; i < rounds; i++) for (const text of texts) readGoal(text);
  const used = process.cpuUsage(start);
  const ms = (used.user + used.system) / 1000;
  const perText = ms / (rounds * texts.length);
  const turns = family === TEACH_HUMAN_FAMILY ? texts.reduce((n, t) => n + dialogueTurns(t).length, 0) : 0;
  // each text's best of five, by the wall clock (CPU time is too coarse for one reading)
  const best = texts.map((text) => {
    let least = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 5; i++) {
      const at = performance.now();
      readGoal(text);
      least = Math.min(least, performance.now() - at);
    }
    return least;
  });
  best.sort((a, b) => a - b);
  const q = (p: number) => best[Math.min(best.length - 1, Math.floor(p * best.length))].toFixed(2);
  console.log(
    `${family.padEnd(26)} ${perText.toFixed(3)} ms CPU per text (mean of ${rounds * texts.length} readings)` +
      (turns > 0 ? `, ${((ms * 1000) / (rounds * turns)).toFixed(0)} µs per turn (${turns} turns)` : '') +
      `; per text, best of five: median ${q(0.5)} ms, 90th ${q(0.9)} ms, slowest ${q(1)} ms`,
  );
}

const all = new Map<PeopleFamily, string[]>();
for (const family of PEOPLE_FAMILIES) {
  try {
    all.set(family, figures(family));
    for (const part of PARTS) figures(family, part);
  } catch (error) {
    console.log(`${family}: skipped (${(error as Error).message})`);
  }
}
console.log('');
for (const [family, texts] of all) timing(family, texts);
