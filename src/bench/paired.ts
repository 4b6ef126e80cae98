/**
 * Paired comparison of agents (`hearth run --paired AGENT`): every episode of the reference agent is matched with the
 * same episode run by each other agent (the same spec but for the agent's own fields: home, settings, task, seed),
 * and per metric the report gives the mean of the differences (reference - agent) with the 95% confidence interval
 * of a paired t interval, and on how many episodes the reference did better, the same, or worse.
 *
 * Why paired: the seed decides most of the spread of a cell (which instructions are drawn, where things start, what
 * the resident does first), and both agents share it. Two agents 1.0 +- 1.5 PS apart in the unpaired table may differ
 * by 1.0 +- 0.4 on the same seeds, or not at all; at SR near 100% the counts say whether "higher" is one event on
 * one seed. The resident's later draws depend on the state each agent leaves, so a pair is the same start and the
 * same rules, not the same trajectory.
 */

import { InputError } from '../util/errors.js';
import { groupByFields, metricValue, rounded, rowOfFields } from './groups.js';
import { canonicalJson, type JsonObject, type JsonValue } from './json.js';
import type { MetricSpec, ReportLayout } from './protocol.js';
import { summarize } from './stats.js';

/** Spec fields that describe the agent rather than the episode: left out of the pairing. */
const AGENT_FIELDS: ReadonlySet<string> = new Set(['agent', 'key', 'llm', 'agentDigest']);

/** Differences below this are ties (metrics are fractions and step counts, stored to 6 decimals). */
const TIE = 1e-9;

/** Mean and 95% CI of the paired differences of one metric; with a direction, the episodes won, tied and lost. */
export interface PairedSummary {
  mean: number | null;
  ci95: number | null;
  /** Pairs where both episodes had a value, present only when fewer than the row's `pairs`. */
  n?: number;
  better?: number;
  tied?: number;
  worse?: number;
}

/** What pairing needs of an episode (a ReportEpisode is one). */
export interface PairableEpisode {
  readonly spec: { readonly [field: string]: JsonValue };
  readonly result?: JsonObject;
}

/** The reference agent and one row per other agent and group: the group fields, `pairs`, a PairedSummary per metric. */
export interface PairedComparison {
  reference: string;
  rows: Array<{ [field: string]: JsonValue }>;
  /** The group fields pooled over (`--pool`), when asked: their rows follow the others, with POOLED as the value. */
  pooled?: string[];
}

/** The value a pooled field takes in a pooled row ("home all": the pairs of every home together). */
export const POOLED = 'all';

/**
 * Pairs the reference agent's episodes with the others' (episodes in report order, failed ones already left out) and
 * summarises the differences per group of the layout. Rows appear in the order of their first episode; an agent
 * with no episode in common with the reference has no row.
 *
 * `pool`: group fields whose values are also taken together. Each pooled group (the other fields alike, the pooled
 * ones set to POOLED) gets one more row over all its pairs, after the per-value rows: with `home`, the comparison on
 * every city's seeds at once, whose interval is narrower than any one city's when the cities agree. A pooled group
 * that spans one value only would repeat its row and is left out.
 */
export function pairedComparison(
  layout: ReportLayout,
  episodes: readonly PairableEpisode[],
  reference: string,
  pool: readonly string[] = [],
): PairedComparison {
  const pairs = pairEpisodes(episodes, reference);
  const summarised = (groups: Array<{ values: JsonValue[]; items: Array<[PairableEpisode, PairableEpisode]> }>) =>
    groups.map(({ values, items }) => {
      const row = rowOfFields(layout.groupBy, values);
      row.pairs = items.length;
      for (const metric of layout.metrics) row[metric.key] = pairedSummary(metric, items) as unknown as JsonObject;
      return row;
    });
  const rows = summarised(groupByFields(layout.groupBy, pairs, ([, theirs]) => theirs.spec));
  if (pool.length === 0) return { reference, rows };
  const pooledSpec = (spec: { readonly [field: string]: JsonValue }) => {
    const out: { [field: string]: JsonValue } = { ...spec };
    for (const field of pool) out[field] = POOLED;
    return out;
  };
  const spansSeveral = (items: ReadonlyArray<[PairableEpisode, PairableEpisode]>) =>
    new Set(items.map(([, theirs]) => canonicalJson(pool.map((field) => theirs.spec[field] ?? null)))).size > 1;
  const pooledGroups = groupByFields(layout.groupBy, pairs, ([, theirs]) => pooledSpec(theirs.spec));
  return {
    reference,
    rows: [...rows, ...summarised(pooledGroups.filter((g) => spansSeveral(g.items)))],
    pooled: [...pool],
  };
}

/** Checks `--pool` fields against the layout: group fields other than the agent, or an InputError naming the field. */
export function checkPoolFields(layout: ReportLayout, pool: readonly string[]): void {
  const allowed = layout.groupBy.filter((field) => !AGENT_FIELDS.has(field));
  for (const field of pool) {
    if (!allowed.includes(field)) {
      throw new InputError(`--pool: '${field}' is not a field to pool over (this protocol's: ${allowed.join(', ')})`);
    }
  }
}

/** The reference agent's episodes matched with the same episode of each other agent: [reference's, other's]. */
export function pairEpisodes<T extends PairableEpisode>(episodes: readonly T[], reference: string): Array<[T, T]> {
  const references = new Map<string, T>();
  for (const episode of episodes) if (episode.spec.agent === reference) references.set(pairKey(episode), episode);
  const pairs: Array<[T, T]> = [];
  for (const episode of episodes) {
    const partner = episode.spec.agent === reference ? undefined : references.get(pairKey(episode));
    if (partner) pairs.push([partner, episode]);
  }
  return pairs;
}

function pairedSummary(metric: MetricSpec, pairs: ReadonlyArray<[PairableEpisode, PairableEpisode]>): PairedSummary {
  const differences: number[] = [];
  for (const [mine, theirs] of pairs) {
    const a = metricValue(mine, metric.key);
    const b = metricValue(theirs, metric.key);
    if (a !== null && b !== null) differences.push(a - b);
  }
  const summary = summarize(differences);
  const out: PairedSummary = { mean: rounded(summary.mean), ci95: rounded(summary.ci95) };
  if (differences.length !== pairs.length) out.n = differences.length;
  if (metric.better !== undefined) {
    const sign = metric.better === 'higher' ? 1 : -1;
    const better = differences.filter((d) => sign * d > TIE).length;
    const worse = differences.filter((d) => sign * d < -TIE).length;
    Object.assign(out, { better, tied: differences.length - better - worse, worse });
  }
  return out;
}

/** The episode's spec without the agent's own fields, as canonical JSON. */
function pairKey(episode: PairableEpisode): string {
  const rest: { [field: string]: JsonValue } = {};
  for (const [field, value] of Object.entries(episode.spec)) if (!AGENT_FIELDS.has(field)) rest[field] = value;
  return canonicalJson(rest);
}
