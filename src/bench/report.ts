/**
 * Reports: the stored episodes of a run, grouped by the protocol's group fields, with mean and 95% confidence
 * half-width per metric, printed as the papers' tables (text), as one JSON object, or as CSV.
 *
 * Determinism: a report depends only on the stored specs and results, never on completion order, worker assignment,
 * timing or the time of day. Episodes are taken in spec order (index, then key), groups appear in the order of their
 * first episode, values are summed in that order and rounded to 6 decimals, and objects are built with a fixed key
 * order, so identical results give byte-identical output.
 */
import { canonicalJson, type JsonObject, type JsonValue } from './json.js';
import type { MetricSpec, ReportLayout } from './protocol.js';
import { summarize } from './stats.js';

/** Mean and 95% CI half-width of one metric over a group's episodes; null where undefined (no or one value). */
export interface MetricSummary {
  mean: number | null;
  ci95: number | null;
  /** Episodes that had a value, present only when fewer than the row's `episodes` (the metric was null for some). */
  n?: number;
}

/**
 * One report row: the group fields (e.g. agent, home, nonstationarity, instructions), `episodes` (successful episodes
 * in the group), then one MetricSummary per metric, in the layout's order.
 */
export type ReportRow = { [field: string]: JsonValue };

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
}

export type ReportFormat = 'table' | 'json' | 'csv';

export interface ReportInput {
  protocol: string;
  config: JsonObject;
  layout: ReportLayout;
  /** Episodes the run has in all (stored or not). */
  totalEpisodes: number;
  episodes: readonly ReportEpisode[];
}

/** Decimals kept in JSON and CSV numbers. */
const JSON_DECIMALS = 6;

export function buildReport(input: ReportInput): Report {
  const { layout } = input;
  const episodes = [...input.episodes].sort((a, b) => a.index - b.index || compareText(a.key, b.key));
  const groups = new Map<string, { values: JsonValue[]; episodes: ReportEpisode[] }>();
  const failures: Report['failures'] = [];
  for (const episode of episodes) {
    if (episode.status !== 'ok') {
      failures.push({ key: episode.key, error: firstLine(episode.error ?? 'failed') });
      continue;
    }
    const values = layout.groupBy.map((field) => episode.spec[field] ?? null);
    const groupKey = canonicalJson(values);
    let group = groups.get(groupKey);
    if (!group) {
      group = { values, episodes: [] };
      groups.set(groupKey, group);
    }
    group.episodes.push(episode);
  }
  // Map iteration is insertion order: groups appear in the order of their first episode in the spec list.
  const rows = [...groups.values()].map((group) => buildRow(layout, group.values, group.episodes));
  const ok = episodes.length - failures.length;
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
  };
}

function buildRow(layout: ReportLayout, values: JsonValue[], episodes: readonly ReportEpisode[]): ReportRow {
  const row: ReportRow = {};
  layout.groupBy.forEach((field, i) => {
    row[field] = values[i];
  });
  row.episodes = episodes.length;
  for (const metric of layout.metrics) {
    const samples: number[] = [];
    for (const episode of episodes) {
      const value = metricValue(episode, metric.key);
      if (value !== null) samples.push(value);
    }
    const summary = summarize(samples);
    const cell: MetricSummary = { mean: rounded(summary.mean), ci95: rounded(summary.ci95) };
    if (samples.length !== episodes.length) cell.n = samples.length;
    row[metric.key] = cell as unknown as JsonObject;
  }
  return row;
}

function metricValue(episode: ReportEpisode, key: string): number | null {
  const metrics = episode.result?.metrics;
  if (metrics === null || typeof metrics !== 'object' || Array.isArray(metrics)) return null;
  const value = metrics[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function rounded(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const r = Number(value.toFixed(JSON_DECIMALS));
  return r === 0 ? 0 : r; // no "-0"
}

export function formatReport(report: Report, format: ReportFormat): string {
  if (format === 'json') return reportToJson(report);
  if (format === 'csv') return reportToCsv(report);
  return reportToTable(report);
}

/** `{"results": [...rows], "protocol", "episodes": {total, ok, failed, missing}, "failures": [...], "config"}`. */
export function reportToJson(report: Report): string {
  const document = {
    results: report.rows,
    protocol: report.protocol,
    episodes: report.episodes,
    failures: report.failures,
    config: JSON.parse(canonicalJson(report.config)) as JsonObject,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** One line per row: the group fields, episodes, then `<metric>_mean,<metric>_ci95,<metric>_n` for each metric. */
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
export function reportToTable(report: Report): string {
  const { layout } = report;
  const rowFields = layout.table?.rows ?? layout.groupBy;
  const columnFields = layout.table?.columns ?? [];
  const sectionFields = layout.groupBy.filter((f) => !rowFields.includes(f) && !columnFields.includes(f));
  const metrics = layout.metrics.filter(
    (metric) =>
      (metric.inTable ?? true) &&
      !(
        metric.hideWhenEmpty && report.rows.every((row) => (row[metric.key] as unknown as MetricSummary).mean === null)
      ),
  );
  const out: string[] = [];
  for (const section of partition(report.rows, sectionFields)) {
    const sameCount = section.rows.every((row) => row.episodes === section.rows[0].episodes);
    const where = sectionFields.map((field) => `${field} ${text(section.rows[0][field])}`).join(', ');
    const count = sameCount ? ` (${section.rows[0].episodes} episodes per cell)` : '';
    out.push(`${report.protocol}${where ? `: ${where}` : ''}${count}`, '');
    out.push(...sectionTable(section.rows, rowFields, columnFields, metrics, !sameCount), '');
  }
  if (report.rows.length === 0) out.push(`${report.protocol}: no finished episodes`, '');
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

function sectionTable(
  rows: ReportRow[],
  rowFields: string[],
  columnFields: string[],
  metrics: MetricSpec[],
  withCounts: boolean,
): string[] {
  const lines = partition(rows, rowFields);
  const columns = partition(rows, columnFields);
  const subColumns = [...metrics.map((metric) => metric.label), ...(withCounts ? ['n'] : [])];
  // body[line][column][sub]: the text of each cell
  const body = lines.map((line) =>
    columns.map((column) => {
      const row = line.rows.find((candidate) => column.rows.includes(candidate));
      if (!row) return subColumns.map(() => '');
      const cells = metrics.map((metric) => formatMetric(row[metric.key] as unknown as MetricSummary, metric));
      return withCounts ? [...cells, String(row.episodes)] : cells;
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

/** "55.1% +- 6.6%" for a percentage, "11.33 +- 1.92" otherwise; "n/a" where a value is undefined. */
export function formatMetric(summary: MetricSummary, metric: MetricSpec): string {
  const percent = metric.percent ?? false;
  const digits = metric.digits ?? (percent ? 1 : 2);
  const show = (value: number | null) => {
    if (value === null) return 'n/a';
    return percent ? `${(value * 100).toFixed(digits)}%` : value.toFixed(digits);
  };
  if (summary.mean === null) return 'n/a';
  return `${show(summary.mean)} +- ${show(summary.ci95)}`;
}

/** Rows split by the values of some fields, in the order each combination first appears. */
function partition(rows: ReportRow[], fields: string[]): Array<{ rows: ReportRow[] }> {
  const parts = new Map<string, ReportRow[]>();
  for (const row of rows) {
    const key = canonicalJson(fields.map((field) => row[field]));
    const part = parts.get(key);
    if (part) part.push(row);
    else parts.set(key, [row]);
  }
  return [...parts.values()].map((part) => ({ rows: part }));
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
