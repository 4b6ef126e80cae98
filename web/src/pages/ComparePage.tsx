/**
 * Paired comparison (what `hearth run --paired AGENT` prints): pick the reference agent, the agents and the cells;
 * see the table of mean differences with their paired 95% intervals and better/same/worse counts, and a plot of every
 * pair's difference, seed by seed, with the mean and its interval.
 */
import * as Plot from '@observablehq/plot';
import { useMemo, useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { useApi } from '../api.js';
import { Loading, labelMargin, PrivilegeNote, Problem, privilegedName, ReferenceMark } from '../components/Common.js';
import { PlotFigure } from '../components/PlotFigure.js';
import { ResultTable } from '../components/ResultTables.js';
import { describe, groupBy } from '../groups.js';
import type { LayoutView, MetricColumn, PairedView, RunDetail } from '../types.js';

export function ComparePage() {
  const { params } = useRoute();
  const id = Number(params.run);
  const detail = useApi<RunDetail>(`/api/runs/${id}`);
  const agents = useMemo(
    () => [...new Set(detail.data?.report.rows.map((row) => String(row.agent)) ?? [])],
    [detail.data],
  );
  const [reference, setReference] = useState<string | null>(null);
  const chosen = reference ?? agents.find((a) => detail.data?.report.references[a] === undefined) ?? agents[0] ?? null;
  const paired = useApi<PairedView>(
    chosen === null ? null : `/api/runs/${id}/paired?reference=${encodeURIComponent(chosen)}`,
  );
  const [metricKey, setMetricKey] = useState<string | null>(null);
  const [hiddenAgents, setHiddenAgents] = useState<string[]>([]);
  const [hiddenCells, setHiddenCells] = useState<string[]>([]);
  if (detail.error) return <Problem>{detail.error}</Problem>;
  if (!detail.data) return <Loading />;
  const { layout, references, privileges } = detail.data.report;
  const metric = layout.metrics.find((m) => m.key === (metricKey ?? layout.shown[0])) ?? layout.metrics[0];
  const cellFields = [...layout.sections, ...layout.columns];
  const view = paired.data;
  const rows = (view?.rows ?? []).filter(
    (row) => !hiddenAgents.includes(String(row.agent)) && !hiddenCells.includes(cellLabel(row, cellFields)),
  );
  const cells = [...new Set((view?.rows ?? []).map((row) => cellLabel(row, cellFields)))];
  const toggle = (list: string[], set: (v: string[]) => void, value: string) =>
    set(list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  return (
    <section>
      <p class="crumbs">
        <a href="/">runs</a> › <a href={`/runs/${id}`}>run {id}</a> ›
      </p>
      <h1>Compare agents, seed by seed</h1>
      <p class="muted">
        Each agent is paired with the reference on the same episodes (same home, settings, task and seed): reference
        minus agent, so a positive SR difference or a negative PS difference means the reference did better.
      </p>
      <div class="filters">
        <label>
          reference{' '}
          <select value={chosen ?? ''} onChange={(e) => setReference((e.currentTarget as HTMLSelectElement).value)}>
            {agents.map((agent) => (
              <option key={agent} value={agent}>
                {privilegedName(agent, references[agent])}
              </option>
            ))}
          </select>
        </label>
        <label>
          metric{' '}
          <select value={metric.key} onChange={(e) => setMetricKey((e.currentTarget as HTMLSelectElement).value)}>
            {layout.metrics.map((m) => (
              <option key={m.key} value={m.key}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset class="choices">
        <legend>agents</legend>
        {agents
          .filter((agent) => agent !== chosen)
          .map((agent) => (
            <label key={agent}>
              <input
                type="checkbox"
                checked={!hiddenAgents.includes(agent)}
                onChange={() => toggle(hiddenAgents, setHiddenAgents, agent)}
              />{' '}
              {agent} <ReferenceMark privileges={references[agent]} meanings={privileges} />
            </label>
          ))}
      </fieldset>
      {cells.length > 1 && (
        <fieldset class="choices">
          <legend>cells</legend>
          {cells.map((cell) => (
            <label key={cell}>
              <input
                type="checkbox"
                checked={!hiddenCells.includes(cell)}
                onChange={() => toggle(hiddenCells, setHiddenCells, cell)}
              />{' '}
              {cell}
            </label>
          ))}
        </fieldset>
      )}
      {paired.error && <Problem>{paired.error}</Problem>}
      {!view && !paired.error && <Loading />}
      {view && rows.length === 0 && <p>No other agent ran the same episodes as {chosen}.</p>}
      {view && rows.length > 0 && (
        <>
          <PairedTable
            view={view}
            rows={rows}
            layout={layout}
            metric={metric}
            references={references}
            meanings={privileges}
          />
          <PairedPlot
            view={view}
            layout={layout}
            metric={metric}
            agents={new Set(rows.map((row) => String(row.agent)))}
            cells={new Set(rows.map((row) => cellLabel(row, cellFields)))}
            cellFields={cellFields}
            references={references}
          />
        </>
      )}
      <PrivilegeNote
        agents={agents
          .filter((agent) => references[agent] !== undefined)
          .map((agent) => [agent, references[agent]] as const)}
        meanings={privileges}
        testId="compare-references"
      />
    </section>
  );
}

function cellLabel(row: Record<string, unknown>, fields: readonly string[]): string {
  return describe(
    fields,
    fields.map((field) => row[field]),
  );
}

function PairedTable(props: {
  view: PairedView;
  rows: PairedView['rows'];
  layout: LayoutView;
  metric: MetricColumn;
  references: Record<string, readonly string[]>;
  meanings: Record<string, string>;
}) {
  const { view, rows, layout, metric, references, meanings } = props;
  return (
    <>
      <h2>
        {view.reference} minus each agent: mean difference +- 95% CI (episodes {view.reference} did better / the same /
        worse)
      </h2>
      {groupBy(rows, layout.sections).map((section) => (
        <ResultTable
          key={JSON.stringify(section.values)}
          rows={section.items}
          layout={layout}
          metrics={[metric]}
          references={references}
          meanings={meanings}
          count="pairs"
        />
      ))}
    </>
  );
}

function PairedPlot(props: {
  view: PairedView;
  layout: LayoutView;
  metric: MetricColumn;
  agents: Set<string>;
  cells: Set<string>;
  cellFields: string[];
  references: Record<string, readonly string[]>;
}) {
  const { view, metric, agents, cells, cellFields, references } = props;
  // The sets are new at every render; their contents decide when the chart is drawn again.
  const agentKey = [...agents].join('\n');
  const cellKey = [...cells].join('\n');
  const options = useMemo(() => {
    const scale = metric.percent ? 100 : 1;
    const label = (agent: string) => privilegedName(agent, references[agent]);
    const pairs = view.pairs
      .filter((pair) => agents.has(pair.agent) && cells.has(cellLabel(pair.cell, cellFields)))
      .flatMap((pair) => {
        const d = pair.differences[metric.key];
        return d === null || d === undefined
          ? []
          : [{ agent: label(pair.agent), cell: cellLabel(pair.cell, cellFields), d: d * scale, seed: pair.seed }];
      });
    const summaries = view.rows
      .filter((row) => agents.has(String(row.agent)) && cells.has(cellLabel(row, cellFields)))
      .flatMap((row) => {
        const s = row[metric.key] as unknown as { mean: number | null; ci95: number | null };
        if (!s || s.mean === null) return [];
        const ci = s.ci95 ?? 0;
        return [
          {
            agent: label(String(row.agent)),
            cell: cellLabel(row, cellFields),
            mean: s.mean * scale,
            lo: (s.mean - ci) * scale,
            hi: (s.mean + ci) * scale,
            text: row.cells[metric.key],
          },
        ];
      });
    const agentList = [...new Set(summaries.map((s) => s.agent))];
    const faceted = cells.size > 1;
    return {
      width: Math.max(520, 300 * Math.min(cells.size, 3)),
      height: 50 + 34 * agentList.length,
      marginLeft: labelMargin(agentList, 150),
      x: { label: `${view.reference} minus agent: ${metric.label}${metric.percent ? ' (points)' : ''}`, grid: true },
      y: { label: null, domain: agentList },
      ...(faceted && { fx: { label: null } }),
      marks: [
        Plot.ruleX([0], { stroke: '#888' }),
        Plot.tickX(pairs, {
          x: 'd',
          y: 'agent',
          fx: faceted ? 'cell' : undefined,
          stroke: '#4269d0',
          strokeOpacity: 0.45,
          title: (p: { seed: number; d: number }) => `seed ${p.seed}: ${p.d.toFixed(2)}`,
        }),
        Plot.ruleY(summaries, { x1: 'lo', x2: 'hi', y: 'agent', fx: faceted ? 'cell' : undefined, strokeWidth: 2 }),
        Plot.dot(summaries, {
          x: 'mean',
          y: 'agent',
          fx: faceted ? 'cell' : undefined,
          fill: 'black',
          r: 4,
          title: 'text',
        }),
      ],
    } satisfies Plot.PlotOptions;
  }, [view, metric, agentKey, cellKey, references]);
  return (
    <>
      <h2>Every pair</h2>
      <p class="muted">
        A tick per pair of episodes (one seed), the dot the mean difference, the line its paired 95% interval.
      </p>
      <PlotFigure options={options} label="paired differences" />
    </>
  );
}
