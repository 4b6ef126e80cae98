/**
 * A run's report as the CLI prints it: one table per combination of the section fields, a line per agent, a column
 * group per level, "mean +- ci95" cells (the server formats them with the CLI's own code), and under each table one
 * chart per metric with the 95% intervals drawn as error bars. Privileged agents come after the others (the report
 * lists them so) and are named with what they are given in both.
 */
import * as Plot from '@observablehq/plot';
import { useMemo } from 'preact/hooks';
import { describe, groupBy, text } from '../groups.js';
import type { LayoutView, MetricColumn, ReportView, RowView } from '../types.js';
import { labelMargin, privilegedName, ReferenceMark } from './Common.js';
import { PlotFigure } from './PlotFigure.js';

export function ResultTables({ view, shown }: { view: ReportView; shown: readonly string[] }) {
  const { layout } = view;
  const metrics = shown
    .map((key) => layout.metrics.find((metric) => metric.key === key))
    .filter((metric): metric is MetricColumn => metric !== undefined);
  const sections = groupBy(view.rows, layout.sections);
  return (
    <>
      {sections.map((section) => {
        const title = describe(layout.sections, section.values);
        const counts = new Set(section.items.map((row) => row.episodes));
        return (
          <div class="section" key={title}>
            <h3>
              {title || 'all episodes'}
              {counts.size === 1 && <span class="muted"> ({[...counts][0]} episodes per cell)</span>}
            </h3>
            <ResultTable
              rows={section.items}
              layout={layout}
              metrics={metrics}
              references={view.references}
              meanings={view.privileges}
            />
            <div class="charts">
              {metrics.map((metric) => (
                <CiChart
                  key={metric.key}
                  rows={section.items}
                  layout={layout}
                  metric={metric}
                  references={view.references}
                />
              ))}
            </div>
          </div>
        );
      })}
    </>
  );
}

interface TableProps {
  rows: RowView[];
  layout: LayoutView;
  metrics: MetricColumn[];
  references: ReportView['references'];
  /** What each privilege gives, in words (the marks' tooltips). */
  meanings?: ReportView['privileges'];
  /** Paired rows: counts are pairs. */
  count?: 'episodes' | 'pairs';
}

export function ResultTable({ rows, layout, metrics, references, meanings, count = 'episodes' }: TableProps) {
  const lines = groupBy(rows, layout.rows);
  const columns = groupBy(rows, layout.columns);
  const uneven = new Set(rows.map((row) => row[count])).size > 1;
  return (
    <table class="results" data-testid="results-table">
      <thead>
        {layout.columns.length > 0 && (
          <tr>
            <th />
            {columns.map((column) => (
              <th key={text(column.values)} colSpan={metrics.length + (uneven ? 1 : 0)} class="group">
                {describe(layout.columns, column.values)}
              </th>
            ))}
          </tr>
        )}
        <tr>
          <th>{layout.rows.join(', ')}</th>
          {columns.map((column) => (
            <>
              {metrics.map((metric) => (
                <th key={`${text(column.values)}-${metric.key}`}>{metric.label}</th>
              ))}
              {uneven && <th>n</th>}
            </>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          const label = line.values.map(text).join(', ');
          const agent = typeof line.items[0].agent === 'string' ? line.items[0].agent : undefined;
          return (
            <tr key={label} data-line={label}>
              <th>
                {label}{' '}
                <ReferenceMark privileges={agent === undefined ? undefined : references[agent]} meanings={meanings} />
              </th>
              {columns.map((column) => {
                const row = line.items.find((candidate) => column.items.includes(candidate));
                const where = column.values.map(text).join(', ');
                return (
                  <>
                    {metrics.map((metric) => (
                      <td key={`${where}-${metric.key}`} data-column={where} data-metric={metric.key} class="cell">
                        {row?.cells[metric.key] ?? ''}
                      </td>
                    ))}
                    {uneven && <td>{row ? String(row[count]) : ''}</td>}
                  </>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

interface Summary {
  mean: number | null;
  ci95: number | null;
}

/** One metric of a section: a bar per agent and level at its mean, the 95% interval as an error bar. */
function CiChart({ rows, layout, metric, references }: Omit<TableProps, 'metrics'> & { metric: MetricColumn }) {
  const options = useMemo(() => {
    const scale = metric.percent ? 100 : 1;
    const data = rows.flatMap((row) => {
      const summary = row[metric.key] as unknown as Summary | undefined;
      if (!summary || summary.mean === null) return [];
      const agent = layout.rows.map((field) => text(row[field])).join(', ');
      const given = typeof row.agent === 'string' ? references[row.agent] : undefined;
      const reference = given !== undefined && given.length > 0;
      const ci = summary.ci95 ?? 0;
      return [
        {
          line: privilegedName(agent, given),
          column: layout.columns.map((field) => text(row[field])).join(', '),
          mean: summary.mean * scale,
          lo: (summary.mean - ci) * scale,
          hi: (summary.mean + ci) * scale,
          kind: reference ? 'privileged' : 'agent',
          cell: row.cells[metric.key],
        },
      ];
    });
    const lines = [...new Set(data.map((d) => d.line))];
    const faceted = layout.columns.length > 0;
    return {
      title: `${metric.label}${metric.better ? ` (${metric.better} is better)` : ''}`,
      width: 360 + 180 * Math.max(0, new Set(data.map((d) => d.column)).size - 1),
      height: 40 + 26 * lines.length + (faceted ? 20 : 0),
      marginLeft: labelMargin(lines, 150),
      x: { label: metric.percent ? `${metric.label} (%)` : metric.label, grid: true, nice: true },
      y: { label: null, domain: lines },
      ...(faceted && { fx: { label: layout.columns.join(', ') } }),
      color: { domain: ['agent', 'privileged'], range: ['#4269d0', '#a0a0a0'], legend: true },
      marks: [
        Plot.barX(data, { x: 'mean', y: 'line', fx: faceted ? 'column' : undefined, fill: 'kind', fillOpacity: 0.7 }),
        Plot.ruleY(data, { x1: 'lo', x2: 'hi', y: 'line', fx: faceted ? 'column' : undefined, strokeWidth: 1.5 }),
        Plot.tickX(data, { x: 'lo', y: 'line', fx: faceted ? 'column' : undefined, inset: 7 }),
        Plot.tickX(data, { x: 'hi', y: 'line', fx: faceted ? 'column' : undefined, inset: 7 }),
        Plot.tip(data, Plot.pointerY({ x: 'mean', y: 'line', fx: faceted ? 'column' : undefined, title: 'cell' })),
        Plot.ruleX([0]),
      ],
    } satisfies Plot.PlotOptions;
  }, [rows, layout, metric, references]);
  return <PlotFigure options={options} label={`${metric.label} with 95% intervals`} />;
}
