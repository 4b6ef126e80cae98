/**
 * `hearth read --family alfred|teach-human [--type T] [--show gold|other|refused|all] [--json]`: how the offline
 * reader reads a family of people's words (`readFamily`, docs/alfred.md): per task type the texts, how many it
 * reads, reads as their gold, reads as another goal, refuses, and the commonest refusal reasons; then the CPU time
 * per text. `--show` lists the texts of one outcome with what the reader made of each (the goal lines, or the
 * reason), the gold beside it.
 */
import {
  type FamilyReading,
  isPeopleFamily,
  type Outcome,
  PEOPLE_FAMILIES,
  readFamily,
  type TextReading,
  type TypeRow,
} from '../../bench/episodic/people/reading.js';
import { formatGoal } from '../../sim/subgoal-text.js';
import { InputError } from '../../util/errors.js';

export interface FamilyFlags {
  readonly type?: string;
  readonly show?: string;
  readonly json?: boolean;
}

const SHOWN = ['gold', 'other', 'refused', 'all'] as const;

export function readFamilyCommand(family: string, flags: FamilyFlags): void {
  if (!isPeopleFamily(family)) {
    throw new InputError(`--family ${family}: the families of people's words are ${PEOPLE_FAMILIES.join(', ')}`);
  }
  if (flags.show !== undefined && !(SHOWN as readonly string[]).includes(flags.show)) {
    throw new InputError(`--show ${flags.show}: one of ${SHOWN.join(', ')}`);
  }
  const result = readFamily(family, { ...(flags.type !== undefined && { type: flags.type }) });
  if (flags.json) {
    const shown = flags.show === undefined ? undefined : selected(result.texts, flags.show);
    const { texts: _texts, ...summary } = result;
    process.stdout.write(`${JSON.stringify({ ...summary, ...(shown && { texts: shown }) })}\n`);
    return;
  }
  process.stdout.write(`${familyTable(result).join('\n')}\n`);
  if (flags.show !== undefined) process.stdout.write(`${textLines(selected(result.texts, flags.show)).join('\n')}\n`);
}

const selected = (texts: readonly TextReading[], show: string) =>
  show === 'all' ? texts : texts.filter((t) => t.outcome === (show as Outcome) && (show !== 'other' || t.scored));

const pct = (n: number, of: number) => (of === 0 ? '-' : `${Math.round((100 * n) / of)}%`);

/** The per-type table, the totals and the commonest reasons. */
export function familyTable(result: FamilyReading): string[] {
  const width = Math.max(26, ...result.rows.map((r) => r.type.length));
  const cell = (n: number | null, of: number) => (n === null ? '-' : `${n} ${pct(n, of)}`).padStart(10);
  const line = (r: TypeRow) =>
    `${r.type.padEnd(width)} ${String(r.texts).padStart(5)} ${cell(r.read, r.texts)} ${cell(r.asGold, r.texts)} ` +
    `${cell(r.asOther, r.texts)} ${cell(r.refused, r.texts)}`;
  const header = `${'type'.padEnd(width)} ${'texts'.padStart(5)} ${'read'.padStart(10)} ${'as gold'.padStart(10)} ${'other goal'.padStart(10)} ${'refused'.padStart(10)}`;
  const lines = [`${result.family}: the offline reader against the gold`, '', header, ...result.rows.map(line)];
  lines.push(line(result.total));
  if (result.apart) lines.push(line(result.apart));
  lines.push('', 'commonest refusal reasons (quoted text as …):');
  for (const r of result.total.reasons) lines.push(`  ${String(r.count).padStart(4)}  ${r.reason}`);
  lines.push(
    '',
    `${result.texts.length} texts read in ${result.cpuMs.toFixed(0)} ms of CPU (${result.cpuUsPerText.toFixed(0)} µs per text)`,
  );
  return lines;
}

function textLines(texts: readonly TextReading[]): string[] {
  const lines: string[] = [];
  for (const t of texts) {
    lines.push('', `${t.id} [${t.outcome}${t.scored ? '' : ', counted apart'}] ${t.gold}`, `  text: ${t.text}`);
    for (const s of t.goldGoal ?? []) lines.push(`  gold: ${formatGoal(s)}`);
    if (t.reading.ok) for (const s of t.reading.goal.subgoals) lines.push(`  read: ${formatGoal(s)}`);
    else lines.push(`  refused: ${t.reading.reason}`);
  }
  return lines;
}
