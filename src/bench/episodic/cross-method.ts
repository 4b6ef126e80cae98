/**
 * The cross-method table (docs/leaderboard.md): one line per agent, one column per task family, each cell a metric's
 * mean and 95% interval over the cell's episodes, pooled over every home and seed of the run (or one table per home),
 * the share of tasks each agent could read, and the privileged agents named with what they are given and listed
 * last. `hearth run --agents methods` prints it by default, any episodic run with `--table compact`; `--json` carries
 * it as `table`, `--csv` as one line per cell; the dashboard draws it as a heat map.
 *
 * Like the report it is built from the stored episodes in spec order only, so identical results give identical
 * tables: lines in the order agents first appear (contenders, then references), columns in the order families first
 * appear, homes likewise.
 */

import { metricValue, rounded } from '../groups.js';
import { canonicalJson } from '../json.js';
import { privilegedName, privilegeFootnote } from '../privileges.js';
import type { MetricSpec, ReportLayout } from '../protocol.js';
import {
  formatMetric,
  formatReport,
  type MetricSummary,
  type Report,
  type ReportEpisode,
  type ReportFormat,
  rolesLines,
  summarizeMetric,
  tableMetrics,
} from '../report.js';
import { wilson95 } from '../stats.js';
import type { CrossMethodCell, CrossMethodRow, CrossMethodSection, CrossMethodTable } from './cross-method-table.js';

/** The metrics every cell carries (JSON, CSV, the dashboard): SR, GC and the share of tasks read. */
export const CROSS_METHOD_METRICS = ['sr', 'gc', 'read'] as const;
/** The metric of the text table's cells when `--columns` does not say. */
const DEFAULT_COLUMNS = ['sr'];

/** How a run asks for the table: per home or pooled, and the text table's metrics. */
export interface CrossMethodRequest {
  /** One table per home instead of one over every home. */
  readonly perHome?: boolean;
  /** Metrics of each cell beyond `CROSS_METHOD_METRICS` (the text table's `--columns`). */
  readonly columns?: readonly string[];
}

export interface CrossMethodOptions extends CrossMethodRequest {
  readonly layout: ReportLayout;
  /** Reference agents with their privileges (`referenceAgents()`). */
  readonly references?: Readonly<Record<string, readonly string[]>>;
}

/** The episodes' cross-method table; episodes are taken in spec order (index, then key). */
export function buildCrossMethod(episodes: readonly ReportEpisode[], options: CrossMethodOptions): CrossMethodTable {
  const keys = [...CROSS_METHOD_METRICS, ...(options.columns ?? []).filter((key) => !isCrossMetric(key))];
  const metrics = tableMetrics(options.layout, keys);
  const readMetric = metrics.find((metric) => metric.key === 'read')!;
  const sorted = [...episodes].sort((a, b) => a.index - b.index || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const field = (episode: ReportEpisode, name: string) => String(episode.spec[name] ?? '-');
  const homes = distinct(sorted.map((episode) => field(episode, 'home')));
  const seeds = distinct(sorted.map((episode) => Number(episode.spec.seed))).sort((a, b) => a - b);
  const references = options.references ?? {};
  const isReference = (agent: string) => (references[agent]?.length ?? 0) > 0;
  const groups = options.perHome ? homes.map((home) => [home]) : [homes];
  const sections = groups.map((pooled): CrossMethodSection => {
    const mine = sorted.filter((episode) => pooled.includes(field(episode, 'home')));
    const families = distinct(mine.map((episode) => field(episode, 'family')));
    const agents = distinct(mine.map((episode) => field(episode, 'agent')));
    const ordered = [...agents.filter((a) => !isReference(a)), ...agents.filter(isReference)];
    const episodesPer: Record<string, number> = {};
    const rows = ordered.map((agent): CrossMethodRow => {
      const own = mine.filter((episode) => field(episode, 'agent') === agent);
      const cells: Record<string, CrossMethodCell> = {};
      for (const family of families) {
        const inCell = own.filter((episode) => field(episode, 'family') === family);
        if (inCell.length === 0) continue;
        episodesPer[family] = Math.max(episodesPer[family] ?? 0, inCell.length);
        cells[family] = cellOf(inCell, metrics);
      }
      return {
        agent,
        reference: isReference(agent),
        privileges: [...(references[agent] ?? [])],
        read: summarizeMetric(finished(own), readMetric),
        cells,
      };
    });
    return { homes: pooled, families, episodes: episodesPer, rows };
  });
  return { metrics: keys, perHome: options.perHome ?? false, seeds, sections };
}

const isCrossMetric = (key: string) => (CROSS_METHOD_METRICS as readonly string[]).includes(key);

const finished = (episodes: readonly ReportEpisode[]) => episodes.filter((episode) => episode.status === 'ok');

function cellOf(episodes: readonly ReportEpisode[], metrics: readonly MetricSpec[]): CrossMethodCell {
  const ok = finished(episodes);
  const failed = episodes.find((episode) => episode.status !== 'ok');
  return {
    episodes: ok.length,
    failed: episodes.length - ok.length,
    ...(failed && { error: firstLine(failed.error ?? 'failed') }),
    metrics: Object.fromEntries(metrics.map((metric) => [metric.key, cellSummary(ok, metric)])),
  };
}

/** What the intervals of the shown metrics are: SR's Wilson interval, the others' mean +- t interval. */
function intervalsText(metrics: readonly MetricSpec[]): string {
  const rates = metrics.filter((metric) => SUCCESS_RATES.has(metric.key)).map((metric) => metric.label);
  const others = metrics.filter((metric) => !SUCCESS_RATES.has(metric.key)).map((metric) => metric.label);
  return [
    ...(rates.length > 0 ? [`${rates.join(', ')} with its 95% Wilson interval`] : []),
    ...(others.length > 0 ? [`${others.join(', ')} mean +- 95% CI`] : []),
  ].join('; ');
}

/** Metrics that are a success (1) or not (0) per episode: their cells carry the Wilson interval (`wilson95`). */
const SUCCESS_RATES = new Set(['sr']);

/**
 * A cell's summary of one metric. A success rate gets its Wilson interval as bounds besides the t interval: the cells
 * pool episodes of many tasks, where 0% or 100% is common and mean +- t x std / sqrt(n) would claim certainty (0 +- 0)
 * or leave [0, 1] with few episodes.
 */
function cellSummary(episodes: readonly ReportEpisode[], metric: MetricSpec): MetricSummary {
  const summary = summarizeMetric(episodes, metric);
  if (!SUCCESS_RATES.has(metric.key)) return summary;
  const values = episodes.map((episode) => metricValue(episode, metric.key)).filter((v) => v !== null);
  if (values.some((v) => v !== 0 && v !== 1)) return summary;
  const { low, high } = wilson95(values.filter((v) => v === 1).length, values.length);
  return { ...summary, low: low === null ? null : rounded(low), high: high === null ? null : rounded(high) };
}

function distinct<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

function firstLine(message: string): string {
  const end = message.indexOf('\n');
  return end < 0 ? message : message.slice(0, end);
}

/** What follows a cell some of whose episodes failed or are not stored yet. */
const SHORT_MARK = ' !';

/**
 * A cell's text: the metric as the wide tables print it, in whole percents ("63% +- 9%"); "error" when every
 * episode failed; marked when some failed or some of the column's episodes are missing.
 */
export function crossMethodCellText(cell: CrossMethodCell | undefined, metric: MetricSpec, expected: number): string {
  if (cell === undefined) return '';
  if (cell.episodes === 0) return cell.failed > 0 ? 'error' : '';
  const shown = formatMetric(cell.metrics[metric.key], { ...metric, digits: metric.percent ? 0 : metric.digits });
  return cell.episodes < expected ? `${shown}${SHORT_MARK}` : shown;
}

/** The read share as the table shows it: a whole percent, "n/a" for an agent given the meanings. */
export function readText(summary: MetricSummary): string {
  return summary.mean === null ? 'n/a' : `${Math.round(summary.mean * 100)}%`;
}

/**
 * The text table: per section a title, then the agents (references marked, last) against the families (their names
 * on up to two lines, then the episodes per cell), a cell per metric of `columns` (default SR), and the read share;
 * the references' privileges, failures grouped by agent and error, and missing episodes follow.
 */
export function crossMethodToTable(report: Report, table: CrossMethodTable, columns?: readonly string[]): string {
  const metrics = tableMetrics(report.layout, columns ?? DEFAULT_COLUMNS);
  const out: string[] = [];
  const seeds = seedsText(table.seeds);
  for (const section of table.sections) {
    const where = homesText(section.homes);
    const what = metrics.map((metric) => metric.label).join(', ');
    out.push(
      `cross-method table: ${what} over the episodes of each cell (${intervalsText(metrics)}), ${where}, ${seeds}; ` +
        'n: episodes per cell',
      '',
      ...sectionLines(section, metrics),
      '',
    );
  }
  if (table.sections.length === 0) out.push('cross-method table: no episodes', '');
  out.push(...footnotes(report, table));
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return `${out.join('\n')}\n`;
}

/** Homes a title names: all of a few, else the first few and how many more (the data families' scenes are many). */
const HOMES_NAMED = 4;

function homesText(homes: readonly string[]): string {
  if (homes.length === 1) return `home ${homes[0]}`;
  const named =
    homes.length <= HOMES_NAMED
      ? homes
      : [...homes.slice(0, HOMES_NAMED - 1), `${homes.length - HOMES_NAMED + 1} more`];
  return `${homes.length} homes (${named.join(', ')})`;
}

function seedsText(seeds: readonly number[]): string {
  if (seeds.length === 1) return `seed ${seeds[0]}`;
  const contiguous = seeds.every((seed, i) => i === 0 || seed === seeds[i - 1] + 1);
  return contiguous ? `seeds ${seeds[0]}..${seeds[seeds.length - 1]}` : `seeds ${seeds.join(', ')}`;
}

function sectionLines(section: CrossMethodSection, metrics: readonly MetricSpec[]): string[] {
  const labels = section.rows.map((row) => privilegedName(row.agent, row.reference ? row.privileges : undefined));
  // body[row][family][metric]
  const body = section.rows.map((row) =>
    section.families.map((family) =>
      metrics.map((metric) => crossMethodCellText(row.cells[family], metric, section.episodes[family])),
    ),
  );
  const titles = section.families.map((family) => splitName(family));
  const twoLines = titles.some((title) => title.length > 1);
  // The sub-titles: the episodes per cell, with each metric's label when there are several.
  const subTitles = section.families.map((family) =>
    metrics.map((metric, m) =>
      metrics.length === 1
        ? `n=${section.episodes[family]}`
        : m === 0
          ? `${metric.label} n=${section.episodes[family]}`
          : metric.label,
    ),
  );
  const widths = section.families.map((_, f) =>
    metrics.map((_, m) => Math.max(subTitles[f][m].length, ...body.map((line) => line[f][m].length))),
  );
  section.families.forEach((_, f) => {
    const width = groupWidth(widths[f]);
    const title = Math.max(...titles[f].map((part) => part.length));
    if (title > width) widths[f][widths[f].length - 1] += title - width;
  });
  const labelWidth = Math.max('agent'.length, ...labels.map((label) => label.length));
  const reads = section.rows.map((row) => readText(row.read));
  const readWidth = Math.max('read'.length, ...reads.map((read) => read.length));
  const line = (label: string, groups: string[], read: string) =>
    `${label.padEnd(labelWidth)} | ${groups.join('  ')} | ${read}`.trimEnd();
  const header = (part: number) =>
    line(
      '',
      section.families.map((_, f) => (titles[f][part] ?? '').padEnd(groupWidth(widths[f]))),
      '',
    );
  const out = [header(0)];
  if (twoLines) out.push(header(1));
  out.push(
    line(
      'agent',
      section.families.map((_, f) => subTitles[f].map((title, m) => title.padEnd(widths[f][m])).join('  ')),
      'read'.padEnd(readWidth),
    ),
  );
  const rule = section.families.map((_, f) => '-'.repeat(groupWidth(widths[f]))).join('--');
  out.push(`${'-'.repeat(labelWidth)}-+-${rule}-+-${'-'.repeat(readWidth)}`);
  section.rows.forEach((_, r) => {
    out.push(
      line(
        labels[r],
        section.families.map((_, f) => body[r][f].map((cell, m) => cell.padEnd(widths[f][m])).join('  ')),
        reads[r],
      ),
    );
  });
  return out;
}

const groupWidth = (widths: readonly number[]) => widths.reduce((sum, w) => sum + w, 0) + 2 * (widths.length - 1);

/** A family's name on up to two lines, split at its last dash ("llm-state-simple" -> "llm-state", "simple"). */
function splitName(name: string): string[] {
  const dash = name.lastIndexOf('-');
  return dash > 0 ? [name.slice(0, dash), name.slice(dash + 1)] : [name];
}

/** Under the tables: the marks, what each reference is given, failures grouped, missing episodes. */
function footnotes(report: Report, table: CrossMethodTable): string[] {
  const out: string[] = [];
  const rows = table.sections.flatMap((section) => section.rows);
  const references = distinctBy(
    rows.filter((row) => row.reference),
    (row) => row.agent,
  );
  const short = table.sections.some((section) =>
    section.rows.some((row) =>
      Object.entries(row.cells).some(([family, cell]) => cell.episodes > 0 && cell.episodes < section.episodes[family]),
    ),
  );
  const errors = table.sections.some((section) =>
    section.rows.some((row) => Object.values(row.cells).some((cell) => cell.episodes === 0 && cell.failed > 0)),
  );
  if (errors) out.push('error: every episode of the cell failed (below)');
  if (short) out.push(`${SHORT_MARK.trim()} some of the cell's episodes failed or are not stored yet (below)`);
  out.push(
    'read: the share of its tasks whose text the agent made a goal of (n/a: the agent records no reading: it is ' +
      'given the goal, or does not say)',
  );
  out.push(...privilegeFootnote(references.flatMap((row) => row.privileges)));
  out.push('');
  // What ran each role (offline or a model's), as under the wide tables.
  out.push(...rolesLines(report));
  const { episodes } = report;
  if (episodes.missing > 0) {
    out.push(`missing: ${episodes.missing} of ${episodes.total} episodes not run yet (run again with --resume)`);
  }
  if (report.failures.length > 0) {
    out.push(`failed: ${report.failures.length} episode(s), left out of the means (--json lists each):`);
    out.push(...failureLines(table));
  }
  return out;
}

/** Failures per agent and error: "semgro: 21 in llm-state-simple (8), teach-tfd (13): InputError: ...". */
function failureLines(table: CrossMethodTable): string[] {
  const byError = new Map<string, { agent: string; error: string; families: Map<string, number> }>();
  for (const section of table.sections) {
    for (const row of section.rows) {
      for (const [family, cell] of Object.entries(row.cells)) {
        if (cell.failed === 0) continue;
        const error = cell.error ?? 'failed';
        const key = canonicalJson([row.agent, error]);
        const entry = byError.get(key) ?? { agent: row.agent, error, families: new Map<string, number>() };
        byError.set(key, entry);
        entry.families.set(family, (entry.families.get(family) ?? 0) + cell.failed);
      }
    }
  }
  return [...byError.values()].map(({ agent, error, families }) => {
    const total = [...families.values()].reduce((sum, n) => sum + n, 0);
    const where = [...families].map(([family, n]) => `${family} (${n})`).join(', ');
    return `  ${agent}: ${total} in ${where}: ${error}`;
  });
}

function distinctBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * One line per cell: the homes pooled over (`*` when every home of the run), the agent, whether it is a reference
 * and its privileges, the family, episodes, failed, then `<metric>_mean,<metric>_ci95,<metric>_n` per metric.
 */
export function crossMethodToCsv(table: CrossMethodTable): string {
  const header = ['home', 'agent', 'reference', 'privileges', 'family', 'episodes', 'failed'];
  for (const key of table.metrics) header.push(`${key}_mean`, `${key}_ci95`, `${key}_n`);
  const lines = [header.join(',')];
  for (const section of table.sections) {
    const home = table.perHome ? section.homes[0] : '*';
    for (const row of section.rows) {
      for (const family of section.families) {
        const cell = row.cells[family];
        if (!cell) continue;
        const fields: Array<string | number | null> = [
          home,
          row.agent,
          row.reference ? 1 : 0,
          row.privileges.join(' '),
          family,
          cell.episodes,
          cell.failed,
        ];
        for (const key of table.metrics) {
          const summary = cell.metrics[key];
          fields.push(summary.mean, summary.ci95, summary.n ?? cell.episodes);
        }
        lines.push(fields.map(csvField).join(','));
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\n\r]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A report in a format, as the cross-method table when it has one (`--json` carries it as `table` beside the usual
 * rows), else as `formatReport` prints it.
 */
export function formatRunReport(report: Report, format: ReportFormat, columns?: readonly string[]): string {
  const table = report.crossMethod;
  if (!table || format === 'json') return formatReport(report, format, columns);
  return format === 'csv' ? crossMethodToCsv(table) : crossMethodToTable(report, table, columns);
}
