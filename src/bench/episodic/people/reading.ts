/**
 * How the offline reader (`readGoal`) reads the people's-words families (`hearth read --family`, `npm run
 * perf:reader-people`): per task type, how many texts it reads, reads as their gold (`readsAsGold`, docs/alfred.md),
 * reads as another goal, refuses, and the commonest reasons it refuses; the CPU time the readings took.
 *
 * A TEACh game counted apart (no gold: Salad, Breakfast) is reported on its own row: read or refused only.
 */
import { type GoalLike, readsAsGold } from '../../../language/goal-compare.js';
import { type GoalReading, readGoal } from '../../../language/index.js';
import type { SubgoalSpec } from '../../../sim/subgoals.js';
import { InputError } from '../../../util/errors.js';
import { ALFRED_FAMILY, ALFRED_TYPES, alfredTexts } from './alfred.js';
import { TEACH_HUMAN_FAMILY, teachHumanGames } from './teach-human.js';

export const PEOPLE_FAMILIES = [ALFRED_FAMILY, TEACH_HUMAN_FAMILY] as const;
export type PeopleFamily = (typeof PEOPLE_FAMILIES)[number];

/** One text of a people's family as the report reads it. */
export interface PeopleText {
  readonly id: string;
  readonly type: string;
  readonly text: string;
  readonly gold: string;
  /** Absent for a game counted apart. */
  readonly subgoals?: readonly SubgoalSpec[];
}

export type Outcome = 'gold' | 'other' | 'refused';

/** A text's reading against its gold. */
export interface TextReading {
  readonly id: string;
  readonly type: string;
  readonly text: string;
  readonly gold: string;
  readonly outcome: Outcome;
  /** Whether the game has a gold goal (false: counted apart; `outcome` is then `other` when read). */
  readonly scored: boolean;
  /** The gold goal (absent for a game counted apart). */
  readonly goldGoal?: readonly SubgoalSpec[];
  readonly reading: GoalReading;
}

export interface TypeRow {
  readonly type: string;
  readonly texts: number;
  readonly read: number;
  /** null on a row counted apart. */
  readonly asGold: number | null;
  readonly asOther: number | null;
  readonly refused: number;
  /** The commonest refusal reasons (quoted text replaced by …), most frequent first. */
  readonly reasons: readonly { readonly reason: string; readonly count: number }[];
}

export interface FamilyReading {
  readonly family: PeopleFamily;
  /** Per type, in the family's type order; the games counted apart last. */
  readonly rows: readonly TypeRow[];
  /** Over every text with a gold goal. */
  readonly total: TypeRow;
  /** Over the texts counted apart (TEACh's Salad and Breakfast games); absent when none. */
  readonly apart?: TypeRow;
  readonly texts: readonly TextReading[];
  /** CPU time of the readings alone (user + system), milliseconds, and per text, microseconds. */
  readonly cpuMs: number;
  readonly cpuUsPerText: number;
}

/** The texts of a family, with their type and gold. */
export function peopleTexts(family: PeopleFamily): PeopleText[] {
  if (family === ALFRED_FAMILY) {
    return alfredTexts().map((t) => ({
      id: t.id,
      type: t.name.type,
      text: t.text,
      gold: t.gold,
      subgoals: t.subgoals,
    }));
  }
  return teachHumanGames().map((g) => ({
    id: g.id,
    type: g.type,
    text: g.text,
    gold: g.gold,
    ...(g.subgoals && { subgoals: g.subgoals }),
  }));
}

export const isPeopleFamily = (name: string): name is PeopleFamily =>
  (PEOPLE_FAMILIES as readonly string[]).includes(name);

/**
 * A refusal reason without the text it quotes, so that reasons of one kind group together; where it quotes twice
 * (the sentence, then where the reading stopped), the first word of the last quote stays: the word the grammar
 * stumbled on ("…stopped at "washed …"").
 */
export function reasonKind(reason: string): string {
  const quotes = [...reason.matchAll(/"[^"]*"/g)];
  let i = 0;
  return reason
    .replace(/"([^"]*)"/g, (_, inner: string) => {
      i++;
      if (quotes.length < 2 || i < quotes.length) return '…';
      const first = inner.trim().split(/\s+/)[0] ?? '';
      return `"${first} …"`;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

const TOP_REASONS = 8;

function row(type: string, readings: readonly TextReading[], scored: boolean): TypeRow {
  const count = (o: Outcome) => readings.filter((r) => r.outcome === o).length;
  const reasons = new Map<string, number>();
  for (const r of readings) {
    if (r.reading.ok) continue;
    const kind = reasonKind(r.reading.reason);
    reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
  }
  return {
    type,
    texts: readings.length,
    read: readings.filter((r) => r.reading.ok).length,
    asGold: scored ? count('gold') : null,
    asOther: scored ? count('other') : null,
    refused: count('refused'),
    reasons: [...reasons]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, TOP_REASONS)
      .map(([reason, n]) => ({ reason, count: n })),
  };
}

/** Reads every text of the family (or of one type) and sums the outcomes per type. */
export function readFamily(family: PeopleFamily, options: { readonly type?: string } = {}): FamilyReading {
  const all = peopleTexts(family);
  const types = [...new Set(all.map((t) => t.type))];
  if (options.type !== undefined && !types.includes(options.type)) {
    throw new InputError(`the ${family} family has no type '${options.type}' (types: ${types.join(', ')})`);
  }
  const chosen = options.type === undefined ? all : all.filter((t) => t.type === options.type);
  const readings: TextReading[] = [];
  const start = process.cpuUsage();
  for (const t of chosen) {
    const reading = readGoal(t.text);
    const scored = t.subgoals !== undefined;
    const outcome: Outcome = !reading.ok
      ? 'refused'
      : scored && readsAsGold(reading.goal, { subgoals: t.subgoals! } satisfies GoalLike)
        ? 'gold'
        : 'other';
    readings.push({
      id: t.id,
      type: t.type,
      text: t.text,
      gold: t.gold,
      outcome,
      scored,
      ...(t.subgoals && { goldGoal: t.subgoals }),
      reading,
    });
  }
  const used = process.cpuUsage(start);
  const cpuMs = (used.user + used.system) / 1000;
  const order =
    family === ALFRED_FAMILY ? (ALFRED_TYPES as readonly string[]) : [...types].sort((a, b) => a.localeCompare(b));
  const scoredTypes = order.filter((type) => readings.some((r) => r.type === type && r.scored));
  const apartTypes = order.filter((type) => readings.some((r) => r.type === type && !r.scored));
  const rows = [
    ...scoredTypes.map((type) =>
      row(
        type,
        readings.filter((r) => r.type === type && r.scored),
        true,
      ),
    ),
    ...apartTypes.map((type) =>
      row(
        `${type} (counted apart)`,
        readings.filter((r) => r.type === type && !r.scored),
        false,
      ),
    ),
  ];
  const apart = readings.filter((r) => !r.scored);
  return {
    family,
    rows,
    total: row(
      'all',
      readings.filter((r) => r.scored),
      true,
    ),
    ...(apart.length > 0 && { apart: row('counted apart', apart, false) }),
    texts: readings,
    cpuMs,
    cpuUsPerText: readings.length === 0 ? 0 : (cpuMs * 1000) / readings.length,
  };
}
