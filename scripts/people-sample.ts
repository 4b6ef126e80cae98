/**
 * A stratified sample of the people's-words families' tasks (docs/alfred.md), for runs too long to make on every task:
 * per family and task type, the first N tasks in the order of a stable hash of their ids (so the sample is the same on
 * every machine and does not follow the files' order), the games counted apart left out. Prints the task ids, joined
 * by commas, for `hearth run --tasks`.
 *
 * Run: npx tsx scripts/people-sample.ts [--per-type 15] [--families alfred,teach-human]
 */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { isPeopleFamily, PEOPLE_FAMILIES, peopleTexts } from '../src/bench/episodic/people/reading.js';

const { values } = parseArgs({
  options: {
    'per-type': { type: 'string', default: '15' },
    families: { type: 'string', default: PEOPLE_FAMILIES.join(',') },
  },
});
const perType = Number(values['per-type']);
if (!Number.isInteger(perType) || perType < 1) throw new Error(`--per-type ${values['per-type']}: a whole number >= 1`);

const order = (id: string) => createHash('sha256').update(id).digest('hex');
const ids: string[] = [];
for (const family of values.families.split(',')) {
  if (!isPeopleFamily(family)) throw new Error(`--families: ${family} is not one of ${PEOPLE_FAMILIES.join(', ')}`);
  const byType = new Map<string, string[]>();
  for (const text of peopleTexts(family)) {
    if (!text.subgoals) continue;
    byType.set(text.type, [...(byType.get(text.type) ?? []), text.id]);
  }
  for (const list of byType.values()) {
    ids.push(...list.sort((a, b) => order(a).localeCompare(order(b))).slice(0, perType));
  }
}
process.stdout.write(`${ids.join(',')}\n`);
