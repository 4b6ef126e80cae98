/**
 * The offline reader (`readGoal`, docs/reader.md) on the families of people's words (docs/alfred.md): per task type
 * of ALFRED's crowd texts and TEACh's dialogues, how many texts it reads, reads as their gold (`readsAsGold`), reads
 * as another goal, refuses, with the commonest refusal reasons; then the CPU time per text, on a first pass (cold:
 * what `hearth read --family` pays) and the mean of later passes (warm: what an episode's reading pays), against the
 * 1 ms budget.
 *
 * Run: npm run perf:reader-people [-- --rounds 5]
 */
import { parseArgs } from 'node:util';
import { PEOPLE_FAMILIES, peopleTexts, readFamily } from '../src/bench/episodic/people/reading.js';
import { familyTable } from '../src/cli/commands/read-family.js';
import { readGoal } from '../src/language/index.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);

const timing: string[] = [];
for (const family of PEOPLE_FAMILIES) {
  let report: ReturnType<typeof readFamily>;
  try {
    report = readFamily(family);
  } catch (error) {
    console.log(`${family}: skipped (${(error as Error).message})\n`);
    continue;
  }
  console.log(`${familyTable(report).join('\n')}\n`);
  const texts = peopleTexts(family).map((t) => t.text);
  const start = process.cpuUsage();
  for (let i = 0; i < rounds; i++) for (const text of texts) readGoal(text);
  const used = process.cpuUsage(start);
  const warm = (used.user + used.system) / 1000 / (rounds * texts.length);
  timing.push(
    `${family.padEnd(12)} ${String(texts.length).padStart(4)} texts: first pass ${(report.cpuUsPerText / 1000).toFixed(3)} ms CPU per text, ` +
      `then ${warm.toFixed(3)} ms (mean of ${rounds} passes); budget 1 ms`,
  );
}
console.log(`time per reading (CPU, process.cpuUsage):\n${timing.join('\n')}`);
