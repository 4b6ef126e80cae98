/**
 * The offline reader on the families of people's words (docs/alfred.md, docs/reader.md): for ALFRED's crowd texts and
 * TEACh's dialogues, and for each part of the reader's own split (`src/bench/episodic/people/split.ts`: the develop
 * part and the held-out part, by trial or game), how many texts are read, read as their gold, read as another goal,
 * refused; and the CPU per text, the first time through (the JIT warming up) and read again.
 *
 * Run: npm run perf:reader-people
 */
import { PEOPLE_FAMILIES, readFamily } from '../src/bench/episodic/people/reading.js';
import { PARTS, type Part } from '../src/bench/episodic/people/split.js';

const pct = (n: number | null, of: number) => (n === null ? '-' : `${((100 * n) / of).toFixed(1)}%`);

for (const family of PEOPLE_FAMILIES) {
  for (const part of [undefined, ...PARTS] as (Part | undefined)[]) {
    let report: ReturnType<typeof readFamily>;
    try {
      report = readFamily(family, part === undefined ? {} : { part });
    } catch (error) {
      console.log(`${family}: skipped (${(error as Error).message})`);
      break;
    }
    const t = report.total;
    console.log(
      `${`${family} ${part ?? 'all'}`.padEnd(24)} ${String(t.texts).padStart(4)} texts: read ${pct(t.read, t.texts)}, ` +
        `as gold ${pct(t.asGold, t.texts)}, other ${pct(t.asOther, t.texts)}, refused ${pct(t.refused, t.texts)}; ` +
        `CPU ${(report.cpuUsPerText / 1000).toFixed(2)} ms per text first time through, ` +
        `${(report.cpuUsPerTextWarm / 1000).toFixed(2)} ms read again (budget 1 ms)`,
    );
  }
}
