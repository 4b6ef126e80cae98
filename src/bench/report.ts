/**
 * Reports: the stored episodes of a run, grouped by the protocol's group fields, with mean and 95% confidence
 * half-width per metric, printed as the papers' tables (text), as one JSON object, or as CSV.
 *
 * Determinism: a report depends only on the stored specs and results, never on completion order, worker assignment,
 * timing or the time of day. Episodes are taken in spec order (index, then key), groups appear in the order of their
 * first episode, values are summed in that order and rounded to 6 decimals, and objects are built with a fixed key
 * order, so identical results give byte-identical output.
 */

import { InputError } from '../util/errors.js';
import type { CrossMethodTable } from './episodic/cross-method-table.js';
import { groupByFields, metricValue, type ReportRow, rounded, rowOfFields } from './groups.js';
import { canonicalJson, type JsonObject, type JsonValue } from './json.js';
import { type PairedComparison, type PairedSummary, pairedComparison } from './paired.js';
import { privilegedLast, privilegedName, privilegeFootnote } from './privileges.js';
import type { MetricSpec, ReportLayout } from './protocol.js';
import { type MetricSummary, summarize } from './stats.js';

/**
 * One report row: the group fields (e.g. agent, home, nonstationarity, instructions), `episodes` (successful episodes
 * in the group), then one MetricSummary per metric, in the layout's order.
 */
export type { MetricSummary, ReportRow };

/** An episode as reports need it (a StoredEpisode is one). */
export interface ReportEpisode {
  key: string;
  index: number;
  spec: { readonly [field: string]: JsonValue };
  status: 'ok' | 'failed';
  result?: JsonObject;
  error?: string;
}

export interface Report {
  protocol: string;
  config: JsonObject;
  layout: ReportLayout;
  rows: ReportRow[];
  episodes: { total: number; ok: number; failed: number; missing: number };
  /** Failed episodes in spec order, with the first line of their error. They are left out of the means. */
  failures: Array<{ key: string; error: string }>;
  /** Each agent against a reference agent on the same episodes (`pairedWith`; src/bench/paired.ts). */
  paired?: PairedComparison;
  /**
   * What ran each role of the agents that say (`details.agent.roles` of their episodes: LLM-State's offline or LLM
   * roles), per agent; absent when no agent says.
   */
  roles?: Record<string, Record<string, string>>;
  /** The reference agents among the rows (given privileges; `ReportInput.references`), with their privileges. */
  references?: Record<string, readonly string[]>;
  /** The cross-method table of an episodic run, when asked for (`src/bench/episodic/cross-method.ts`). */
  crossMethod?: CrossMethodTable;
}

export type ReportFormat = 'table' | 'json' | 'csv';

export interface ReportInput {
  protocol: string;
  config: JsonObject;
  layout: ReportLayout;
  /** Episodes the run has in all (stored or not). */
  totalEpisodes: number;
  episodes: readonly ReportEpisode[];
  /** Also compare every other agent with this one, episode by episode (`hearth run --paired AGENT`). */
  pairedWith?: string;
  /** Group fields the paired comparison also pools over (`--pool home`: every home's pairs together). */
  pairedPool?: readonly string[];
  /**
   * Agents that are references rather than contenders, by name, with what they are given that the others must find
   * out (`referenceAgents()` of the agent registry: the Oracle's true state, the heuristics' meanings). Their rows
   * come after the others', and tables name each with what it is given (`privileges.ts`).
   */
  references?: Readonly<Record<string, readonly string[]>>;
}

export function buildReport(input: ReportInput): Report {
  const { layout } = input;
  const episodes = [...input.episodes].sort((a, b) => a.index - b.index || compareText(a.key, b.key));
  const failures: Report['failures'] = [];
  const finished: ReportEpisode[] = [];
  for (const episode of episodes) {
    if (episode.status === 'ok') finished.push(episode);
    else failures.push({ key: episode.key, error: firstLine(episode.error ?? 'failed') });
  }
  // Groups appear in the order of their first episode in the spec list, the privileged agents' after the others.
  const isReference = (row: { [field: string]: JsonValue }) =>
    typeof row.agent === 'string' && (input.references?.[row.agent]?.length ?? 0) > 0;
  const rows = privilegedLast(
    groupByFields(layout.groupBy, finished, (episode) => episode.spec).map((group) =>
      buildRow(layout, group.values, group.items),
    ),
    isReference,
  );
  const ok = episodes.length - failures.length;
  const roles = rolesOf(finished);
  const references = referencesOf(rows, input.references);
  const paired =
    input.pairedWith === undefined ? undefined : pairedComparison(layout, finished, input.pairedWith, input.pairedPool);
  return {
    protocol: input.protocol,
    config: input.config,
    layout,
    rows,
    episodes: {
      total: input.totalEpisodes,
      ok,
      failed: failures.length,
      missing: input.totalEpisodes - episodes.length,
    },
    failures,
    ...(paired && { paired: { ...paired, rows: privilegedLast(paired.rows, isReference) } }),
    ...(roles && { roles }),
    ...(references && { references }),
  };
}

/** The reference agents that have rows, in row order; undefined when none has. */
function referencesOf(
  rows: readonly ReportRow[],
  references: ReportInput['references'],
): Record<string, readonly string[]> | undefined {
  if (!references) return undefined;
  const out: Record<string, readonly string[]> = {};
  for (const row of rows) {
    const agent = row.agent;
    if (typeof agent === 'string' && references[agent]) out[agent] = [...references[agent]];
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The weighted mean of a row's episodes (episodes missing either value are left out, and counted in `n`). */
function weightedSummary(
  episodes: readonly ReportEpisode[],
  { of, weightBy }: { readonly of: string; readonly weightBy: string },
): MetricSummary {
  let sum = 0;
  let weights = 0;
  let n = 0;
  for (const episode of episodes) {
    const value = metricValue(episode, of);
    const weight = metricValue(episode, weightBy);
    if (value === null || weight === null) continue;
    sum += value * weight;
    weights += weight;
    n++;
  }
  const summary: MetricSummary = { mean: weights > 0 ? rounded(sum / weights) : null, ci95: null };
  if (n !== episodes.length) summary.n = n;
  return summary;
}

/** Per agent, the roles its episodes say ran (each role's distinct values, joined), in the order agents first appear. */
function rolesOf(episodes: readonly ReportEpisode[]): Record<string, Record<string, string>> | undefined {
  const seen = new Map<string, Map<string, Set<string>>>();
  for (const episode of episodes) {
    const details = episode.result?.details;
    const agentDetails =
      details && typeof details === 'object' && !Array.isArray(details) ? (details as JsonObject).agent : undefined;
    const roles =
      agentDetails && typeof agentDetails === 'object' && !Array.isArray(agentDetails)
        ? (agentDetails as JsonObject).roles
        : undefined;
    if (!roles || typeof roles !== 'object' || Array.isArray(roles)) continue;
    const agent = String(episode.spec.agent);
    const byRole = seen.get(agent) ?? new Map<string, Set<string>>();
    seen.set(agent, byRole);
    for (const [role, value] of Object.entries(roles)) {
      if (typeof value !== 'string') continue;
      const values = byRole.get(role) ?? new Set<string>();
      byRole.set(role, values);
      values.add(value);
    }
  }
  if (seen.size === 0) return undefined;
  const out: Record<string, Record<string, string>> = {};
  for (const [agent, byRole] of seen) {
    out[agent] = {};
    for (const [role, values] of byRole) out[agent][role] = [...values].join(' / ');
  }
  return out;
}

function buildRow(layout: ReportLayout, values: JsonValue[], episodes: readonly ReportEpisode[]): ReportRow {
  const row = rowOfFields(layout.groupBy, values);
  row.episodes = episodes.length;
  for (const metric of layout.metrics) row[metric.key] = summarizeMetric(episodes, metric) as unknown as JsonObject;
  return row;
}

/**
 * One metric over some episodes: the mean and 95% CI half-width of its values (the weighted mean, without an
 * interval, for a weighted metric), with `n` when some episodes had no value.
 */
export function summarizeMetric(episodes: readonly ReportEpisode[], metric: MetricSpec): MetricSummary {
  if (metric.weighted) return weightedSummary(episodes, metric.weighted);
  const samples: number[] = [];
  for (const episode of episodes) {
    const value = metricValue(episode, metric.key);
    if (value !== null) samples.push(value);
  }
  const summary = summarize(samples);
  const cell: MetricSummary = { mean: rounded(summary.mean), ci95: rounded(summary.ci95) };
  if (samples.length !== episodes.length) cell.n = samples.length;
  return cell;
}

/** `columns`: the metric keys the text table shows, in that order (`--columns`); JSON and CSV carry every metric. */
export function formatReport(report: Report, format: ReportFormat, columns?: readonly string[]): string {
  if (format === 'json') return reportToJson(report);
  if (format === 'csv') return reportToCsv(report);
  return reportToTable(report, columns);
}

/** The metrics of `columns` (keys) in the layout, in that order; an InputError naming an unknown key. */
export function tableMetrics(layout: ReportLayout, columns: readonly string[]): MetricSpec[] {
  return columns.map((key) => {
    const metric = layout.metrics.find((m) => m.key === key);
    if (!metric) {
      const known = layout.metrics.map((m) => m.key).join(', ');
      throw new InputError(`--columns: unknown metric '${key}' (this protocol's metrics: ${known})`);
    }
    return metric;
  });
}

/** The cross-method table as plain JSON (its summaries copied, so that the document holds no shared objects). */
function crossMethodDocument(table: CrossMethodTable): JsonValue {
  return JSON.parse(JSON.stringify(table)) as JsonValue;
}

/**
 * `{"results": [...rows], "protocol", "episodes": {total, ok, failed, missing}, "failures": [...], "config"}`, with
 * `"paired": {"reference", "results": [...]}` after the results when the report has a paired comparison (and
 * `"pooled": [fields]` in it when some were pooled over).
 */
export function reportToJson(report: Report): string {
  const document = {
    ...(report.crossMethod && { table: crossMethodDocument(report.crossMethod) }),
    results: report.rows,
    ...(report.paired && {
      paired: {
        reference: report.paired.reference,
        results: report.paired.rows,
        ...(report.paired.pooled && { pooled: report.paired.pooled }),
      },
    }),
    protocol: report.protocol,
    episodes: report.episodes,
    failures: report.failures,
    ...(report.roles && { roles: report.roles }),
    ...(report.references && { references: report.references }),
    config: JSON.parse(canonicalJson(report.config)) as JsonObject,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * One line per row: the group fields, episodes, then `<metric>_mean,<metric>_ci95,<metric>_n` for each metric. CSV
 * holds one table: a paired comparison is not in it (`hearth run` refuses `--paired` with `--csv`).
 */
export function reportToCsv(report: Report): string {
  const { layout } = report;
  const header = [...layout.groupBy, 'episodes'];
  for (const metric of layout.metrics) header.push(`${metric.key}_mean`, `${metric.key}_ci95`, `${metric.key}_n`);
  const lines = [header.map(csvField).join(',')];
  for (const row of report.rows) {
    const fields: JsonValue[] = [...layout.groupBy.map((field) => row[field]), row.episodes];
    for (const metric of layout.metrics) {
      const summary = row[metric.key] as unknown as MetricSummary;
      fields.push(summary.mean, summary.ci95, summary.n ?? row.episodes);
    }
    lines.push(fields.map(csvField).join(','));
  }
  return `${lines.join('\n')}\n`;
}

function csvField(value: JsonValue): string {
  if (value === null) return '';
  const text = typeof value === 'object' ? canonicalJson(value) : String(value);
  return /[",\n\r]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The papers' table: one table per combination of the section fields (group fields that are neither rows nor
 * columns), lines labelled by the row fields, a column group per combination of the column fields, and in each group
 * one "mean +- ci95" column per metric.
 */
export function reportToTable(report: Report, columns?: readonly string[]): string {
  const { layout } = report;
  const metrics =
    columns !== undefined
      ? tableMetrics(layout, columns)
      : layout.metrics.filter(
          (metric) =>
            (metric.inTable ?? true) &&
            !(
              metric.hideWhenEmpty &&
              report.rows.every((row) => (row[metric.key] as unknown as MetricSummary).mean === null)
            ),
        );
  const marked = markReferences(report);
  const out: string[] = [...tables(report.protocol, layout, marked(report.rows), metrics, 'episodes')];
  if (report.rows.length === 0) out.push(`${report.protocol}: no finished episodes`, '');
  if (report.paired) {
    const { reference, rows } = report.paired;
    const title = `paired with ${privilegedName(reference, report.references?.[reference])}`;
    out.push(
      `${title}: ${reference} minus each agent, episode by episode (mean +- 95% CI of the difference; in brackets ` +
        `the episodes where ${reference} is better / the same / worse)`,
      '',
      ...tables(title, layout, marked(rows), metrics, 'pairs'),
    );
    if (rows.length === 0) out.push(`${title}: no other agent ran the same episodes`, '');
  }
  out.push(...rolesLines(report));
  if (report.references) out.push(...privilegeFootnote(Object.values(report.references).flat()), '');
  const { episodes } = report;
  if (episodes.missing > 0) {
    out.push(`missing: ${episodes.missing} of ${episodes.total} episodes not run yet (run again with --resume)`);
  }
  if (report.failures.length > 0) {
    out.push(`failed: ${report.failures.length} episode(s), left out of the means:`);
    for (const failure of report.failures) out.push(`  ${failure.key}: ${failure.error}`);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return `${out.join('\n')}\n`;
}

/** Rows with each privileged agent named with what it is given (for the text table only: JSON keeps the names). */
function markReferences(report: Report): (rows: ReportRow[]) => ReportRow[] {
  const references = report.references;
  if (!references) return (rows) => rows;
  return (rows) =>
    rows.map((row) =>
      typeof row.agent === 'string' && references[row.agent]
        ? { ...row, agent: privilegedName(row.agent, references[row.agent]) }
        : row,
    );
}

/**
 * The tables of some rows: one per combination of the section fields (group fields that are neither rows nor
 * columns), with `count` (episodes, or pairs) per cell in the title when every cell has the same, else in a column.
 */
function tables(
  title: string,
  layout: ReportLayout,
  rows: ReportRow[],
  metrics: MetricSpec[],
  count: 'episodes' | 'pairs',
): string[] {
  const rowFields = layout.table?.rows ?? layout.groupBy;
  const columnFields = layout.table?.columns ?? [];
  const sectionFields = layout.groupBy.filter((f) => !rowFields.includes(f) && !columnFields.includes(f));
  const out: string[] = [];
  for (const section of partition(rows, sectionFields)) {
    const sameCount = section.rows.every((row) => row[count] === section.rows[0][count]);
    const where = sectionFields.map((field) => `${field} ${text(section.rows[0][field])}`).join(', ');
    const counted = sameCount ? ` (${section.rows[0][count]} ${count} per cell)` : '';
    out.push(`${title}${where ? `: ${where}` : ''}${counted}`, '');
    const cells = { metrics, count: sameCount ? undefined : count, paired: count === 'pairs' };
    out.push(...sectionTable(section.rows, rowFields, columnFields, cells), '');
  }
  return out;
}

function sectionTable(
  rows: ReportRow[],
  rowFields: string[],
  columnFields: string[],
  cells: { metrics: MetricSpec[]; count: string | undefined; paired: boolean },
): string[] {
  const { metrics, count } = cells;
  const lines = partition(rows, rowFields);
  const columns = partition(rows, columnFields);
  const subColumns = [...metrics.map((metric) => metric.label), ...(count !== undefined ? ['n'] : [])];
  // body[line][column][sub]: the text of each cell
  const body = lines.map((line) =>
    columns.map((column) => {
      const row = line.rows.find((candidate) => column.rows.includes(candidate));
      if (!row) return subColumns.map(() => '');
      const shown = metrics.map((metric) =>
        formatMetric(row[metric.key] as unknown as MetricSummary, metric, cells.paired),
      );
      return count !== undefined ? [...shown, String(row[count])] : shown;
    }),
  );
  const labelWidths = rowFields.map((field) =>
    Math.max(field.length, ...lines.map((line) => text(line.rows[0][field]).length)),
  );
  const columnTitles = columns.map((column) =>
    columnFields.map((field) => `${field} ${text(column.rows[0][field])}`).join(', '),
  );
  const subWidths = columns.map((_, c) =>
    subColumns.map((title, s) => Math.max(title.length, ...body.map((line) => line[c][s].length))),
  );
  columns.forEach((_, c) => {
    // Widen the last sub-column when the group's title is longer than its cells.
    const width = subWidths[c].reduce((sum, w) => sum + w, 0) + 2 * (subWidths[c].length - 1);
    if (columnTitles[c].length > width) subWidths[c][subWidths[c].length - 1] += columnTitles[c].length - width;
  });
  const groupWidth = (c: number) => subWidths[c].reduce((sum, w) => sum + w, 0) + 2 * (subWidths[c].length - 1);
  const labels = (values: string[]) => values.map((value, f) => value.padEnd(labelWidths[f])).join('  ');
  const join = (label: string, groups: string[]) => `${label} | ${groups.join(' | ')}`.trimEnd();
  const out: string[] = [];
  if (columnFields.length > 0) {
    out.push(
      join(
        labels(rowFields.map(() => '')),
        columns.map((_, c) => columnTitles[c].padEnd(groupWidth(c))),
      ),
    );
  }
  out.push(
    join(
      labels(rowFields),
      columns.map((_, c) => subColumns.map((title, s) => title.padEnd(subWidths[c][s])).join('  ')),
    ),
  );
  out.push(`${'-'.repeat(labels(rowFields).length)}-+-${columns.map((_, c) => '-'.repeat(groupWidth(c))).join('-+-')}`);
  lines.forEach((line, l) => {
    out.push(
      join(
        labels(rowFields.map((field) => text(line.rows[0][field]))),
        columns.map((_, c) => body[l][c].map((cell, s) => cell.padEnd(subWidths[c][s])).join('  ')),
      ),
    );
  });
  return out;
}

/**
 * "55.1% +- 6.6%" for a percentage, "11.33 +- 1.92" otherwise; "n/a" where a value is undefined. A paired
 * difference is signed, with its episodes better / the same / worse: "+0.57 +- 0.80 (7/0/3)".
 */
export function formatMetric(summary: MetricSummary | PairedSummary, metric: MetricSpec, paired = false): string {
  const percent = metric.percent ?? false;
  const digits = metric.digits ?? (percent ? 1 : 2);
  const show = (value: number | null, signed = false) => {
    if (value === null) return 'n/a';
    const shown = percent ? `${(value * 100).toFixed(digits)}%` : value.toFixed(digits);
    if (!signed) return shown;
    if (/^-?0(\.0*)?%?$/.test(shown)) return shown.replace('-', ''); // a difference that rounds to 0 has no sign
    return shown.startsWith('-') ? shown : `+${shown}`;
  };
  if (summary.mean === null) return 'n/a';
  if ('low' in summary && summary.low != null && summary.high != null) {
    // A bounded interval: "63% (54-71%)", the bounds in the mean's unit.
    const bound = (value: number) => (percent ? (value * 100).toFixed(digits) : value.toFixed(digits));
    return `${show(summary.mean)} (${bound(summary.low)}-${show(summary.high)})`;
  }
  const counts = 'better' in summary ? ` (${summary.better}/${summary.tied}/${summary.worse})` : '';
  return `${show(summary.mean, paired)} +- ${show(summary.ci95)}${counts}`;
}

/** Rows split by the values of some fields, in the order each combination first appears. */
function partition(rows: ReportRow[], fields: string[]): Array<{ rows: ReportRow[] }> {
  return groupByFields(fields, rows, (row) => row).map((group) => ({ rows: group.items }));
}

function text(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '-';
  return typeof value === 'object' ? canonicalJson(value) : String(value);
}

function firstLine(message: string): string {
  const end = message.indexOf('\n');
  return end < 0 ? message : message.slice(0, end);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** What ran each agent's roles (offline or a model's), one line per agent, then a blank line; none without roles. */
export function rolesLines(report: Pick<Report, 'roles'>): string[] {
  if (!report.roles) return [];
  const lines = Object.entries(report.roles).map(
    ([agent, roles]) =>
      `${agent}: ${Object.entries(roles)
        .map(([role, value]) => `${role}: ${value}`)
        .join('; ')}`,
  );
  return [...lines, ''];
}
