/**
 * Reports as the dashboard shows them: the rows of `buildReport` (the CLI's numbers, to the digit) with each cell
 * also formatted as the CLI's table prints it (`formatMetric`), the metrics the dashboard tables and plots by
 * default, and, for the compare page, the paired comparison with the differences of every pair (what the plot
 * draws seed by seed).
 */
import { crossMethodCellText, readText } from '../bench/episodic/cross-method.js';
import { groupByFields, metricValue, rounded } from '../bench/groups.js';
import type { JsonObject, JsonValue } from '../bench/json.js';
import { pairEpisodes } from '../bench/paired.js';
import { privilegeMeaning } from '../bench/privileges.js';
import type { MetricSpec, ReportLayout } from '../bench/protocol.js';
import { formatMetric, type Report, type ReportEpisode } from '../bench/report.js';
import type { MetricSummary } from '../bench/stats.js';

/**
 * The metrics a protocol's tables and plots show first: the papers' columns (continual: SR and PS, and PS of the
 * events open at the start and of those after a change; episodic: DANLI's Table 1). Others can be added on the page.
 */
const DASHBOARD_METRICS: Readonly<Record<string, readonly string[]>> = {
  continual: ['sr', 'ps', 'psAtStart', 'psAfterChanges'],
  episodic: ['sr', 'gc', 'plwSr', 'plwGc', 'steps', 'exec'],
};

export interface MetricColumn {
  readonly key: string;
  readonly label: string;
  readonly percent: boolean;
  readonly better: 'higher' | 'lower' | null;
}

export interface LayoutView {
  readonly groupBy: readonly string[];
  /** Fields that label a table's lines, its column groups, and the rest (one table per combination). */
  readonly rows: readonly string[];
  readonly columns: readonly string[];
  readonly sections: readonly string[];
  readonly metrics: readonly MetricColumn[];
  /** Keys of the metrics shown first. */
  readonly shown: readonly string[];
}

export type RowView = { [field: string]: JsonValue } & { cells: Record<string, string> };

export interface ReportView {
  readonly layout: LayoutView;
  readonly rows: readonly RowView[];
  /** The privileged agents among the rows (listed after the others) and what each is given. */
  readonly references: Readonly<Record<string, readonly string[]>>;
  /** What each privilege given to a row gives, in words. */
  readonly privileges: Readonly<Record<string, string>>;
  readonly roles: Readonly<Record<string, Record<string, string>>>;
  readonly episodes: Report['episodes'];
  readonly failures: Report['failures'];
}

export function layoutView(protocol: string, layout: ReportLayout): LayoutView {
  const rows = layout.table?.rows ?? layout.groupBy;
  const columns = layout.table?.columns ?? [];
  const known = new Set(layout.metrics.map((metric) => metric.key));
  const preferred = DASHBOARD_METRICS[protocol]?.filter((key) => known.has(key));
  return {
    groupBy: layout.groupBy,
    rows,
    columns,
    sections: layout.groupBy.filter((field) => !rows.includes(field) && !columns.includes(field)),
    metrics: layout.metrics.map((metric) => ({
      key: metric.key,
      label: metric.label,
      percent: metric.percent ?? false,
      better: metric.better ?? null,
    })),
    shown: preferred ?? layout.metrics.filter((metric) => metric.inTable ?? true).map((metric) => metric.key),
  };
}

export function reportView(report: Report): ReportView {
  return {
    layout: layoutView(report.protocol, report.layout),
    rows: report.rows.map((row) => withCells(row, report.layout.metrics, false)),
    references: report.references ?? {},
    privileges: Object.fromEntries(
      [...new Set(Object.values(report.references ?? {}).flat())].map((privilege) => [
        privilege,
        privilegeMeaning(privilege),
      ]),
    ),
    roles: report.roles ?? {},
    episodes: report.episodes,
    failures: report.failures,
  };
}

/** One pair's differences (reference minus agent) per metric, with the cell and the seed it belongs to. */
export interface PairDifference {
  readonly agent: string;
  readonly seed: number;
  readonly key: string;
  /** The pair's group fields (home, level, ... as the layout groups). */
  readonly cell: Readonly<Record<string, JsonValue>>;
  readonly differences: Readonly<Record<string, number | null>>;
}

export interface PairedView {
  readonly reference: string;
  readonly rows: readonly RowView[];
  readonly pairs: readonly PairDifference[];
}

/** The paired comparison of a report built with `pairedWith`, and every pair's differences. */
export function pairedView(report: Report, finished: readonly ReportEpisode[]): PairedView {
  const paired = report.paired;
  if (!paired) throw new Error('pairedView needs a report built with pairedWith');
  const { layout } = report;
  const pairs = pairEpisodes(finished, paired.reference).map(([mine, theirs]) => {
    const differences: Record<string, number | null> = {};
    for (const metric of layout.metrics) {
      const a = metricValue(mine, metric.key);
      const b = metricValue(theirs, metric.key);
      differences[metric.key] = a === null || b === null ? null : a - b;
    }
    const [cell] = groupByFields(layout.groupBy, [theirs], (episode) => episode.spec);
    return {
      agent: String(theirs.spec.agent),
      seed: Number(theirs.spec.seed),
      key: theirs.key,
      cell: Object.fromEntries(layout.groupBy.map((field, i) => [field, cell.values[i]])),
      differences,
    };
  });
  return {
    reference: paired.reference,
    rows: paired.rows.map((row) => withCells(row, layout.metrics, true)),
    pairs,
  };
}

function withCells(row: { [field: string]: JsonValue }, metrics: readonly MetricSpec[], paired: boolean): RowView {
  const cells: Record<string, string> = {};
  for (const metric of metrics) {
    const summary = row[metric.key] as unknown as MetricSummary | undefined;
    if (summary) cells[metric.key] = formatMetric(summary, metric, paired);
  }
  return { ...(row as JsonObject), cells };
}

/** A cell of the cross-method heat map: the numbers, and the text the CLI prints for each metric. */
export interface CrossMethodCellView {
  readonly family: string;
  readonly episodes: number;
  readonly failed: number;
  readonly error: string | null;
  /** Means and intervals by metric (sr, gc, read). */
  readonly metrics: Readonly<Record<string, MetricSummary>>;
  /** The CLI's cell text by metric ("63% +- 9%", "error", marked when short). */
  readonly text: Readonly<Record<string, string>>;
  /** The share of the cell's tasks not read (null: the agent records no reading). */
  readonly unread: number | null;
}

export interface CrossMethodRowView {
  readonly agent: string;
  readonly reference: boolean;
  readonly privileges: readonly string[];
  /** The row's read share as the CLI prints it ("93%", "n/a"). */
  readonly read: string;
  readonly cells: readonly CrossMethodCellView[];
}

export interface CrossMethodView {
  readonly perHome: boolean;
  readonly seeds: readonly number[];
  readonly metrics: readonly MetricColumn[];
  readonly sections: ReadonlyArray<{
    readonly homes: readonly string[];
    readonly families: readonly string[];
    readonly episodes: Readonly<Record<string, number>>;
    readonly rows: readonly CrossMethodRowView[];
  }>;
  /** What each privilege of the rows gives, in words. */
  readonly privileges: Readonly<Record<string, string>>;
  readonly episodes: Report['episodes'];
}

/** The cross-method table of a report built with `crossMethod`, each cell's text as the CLI prints it. */
export function crossMethodView(report: Report, privileges: Readonly<Record<string, string>>): CrossMethodView {
  const table = report.crossMethod;
  if (!table) throw new Error('crossMethodView needs a report built with crossMethod');
  const metrics = table.metrics.map((key) => report.layout.metrics.find((metric) => metric.key === key)!);
  const given = new Set<string>();
  return {
    perHome: table.perHome,
    seeds: table.seeds,
    metrics: metrics.map((metric) => ({
      key: metric.key,
      label: metric.label,
      percent: metric.percent ?? false,
      better: metric.better ?? null,
    })),
    sections: table.sections.map((section) => ({
      homes: section.homes,
      families: section.families,
      episodes: section.episodes,
      rows: section.rows.map((row) => {
        for (const privilege of row.privileges) given.add(privilege);
        return {
          agent: row.agent,
          reference: row.reference,
          privileges: row.privileges,
          read: readText(row.read),
          cells: section.families.flatMap((family) => {
            const cell = row.cells[family];
            if (!cell) return [];
            const read = cell.metrics.read?.mean ?? null;
            return [
              {
                family,
                episodes: cell.episodes,
                failed: cell.failed,
                error: cell.error ?? null,
                metrics: cell.metrics,
                text: Object.fromEntries(
                  metrics.map((metric) => [
                    metric.key,
                    crossMethodCellText(cell, metric, section.episodes[family] ?? cell.episodes),
                  ]),
                ),
                unread: read === null ? null : rounded(1 - read),
              },
            ];
          }),
        };
      }),
    })),
    privileges: Object.fromEntries(Object.entries(privileges).filter(([privilege]) => given.has(privilege))),
    episodes: report.episodes,
  };
}
