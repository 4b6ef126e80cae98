/**
 * The cross-method table of an episodic run (`hearth run --agents methods`, docs/leaderboard.md) as a heat map:
 * agents x task families, the colour a cell's SR (or GC), its text the CLI's "SR +- 95% CI" and the share of its
 * tasks the agent could not read; privileged agents named with what they are given and listed last. Under it, the
 * same cells as a table, what each privilege gives, and the failures by agent and error.
 */
import * as Plot from '@observablehq/plot';
import { useMemo, useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { useApi } from '../api.js';
import { Loading, labelMargin, PrivilegeNote, Problem, privilegedName, ReferenceMark } from '../components/Common.js';
import { PlotFigure } from '../components/PlotFigure.js';
import type { CrossMethodRowView, CrossMethodView } from '../types.js';

type Section = CrossMethodView['sections'][number];

/** A row's label in the heat map: a privileged agent with what it is given, as in every chart of the dashboard. */
const lineOf = (row: CrossMethodRowView) => privilegedName(row.agent, row.reference ? row.privileges : undefined);

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** The first homes and how many more, as the CLI's title names them (every one in the tooltip). */
const homesNamed = (homes: readonly string[]) =>
  homes.length <= 4 ? homes.join(', ') : `${homes.slice(0, 3).join(', ')}, ${homes.length - 3} more`;

export function CrossMethodPage() {
  const { params } = useRoute();
  const id = Number(params.run);
  const [perHome, setPerHome] = useState(false);
  const [metric, setMetric] = useState('sr');
  const table = useApi<CrossMethodView>(`/api/runs/${id}/cross-method${perHome ? '?per=home' : ''}`, { live: true });
  if (table.error) return <Problem>{table.error}</Problem>;
  if (!table.data) return <Loading />;
  const view = table.data;
  const colourBy = view.metrics.filter((m) => m.key !== 'read');
  const shown = colourBy.find((m) => m.key === metric) ?? colourBy[0];
  const references = view.sections.flatMap((section) => section.rows).filter((row) => row.reference);
  const listed = [...new Map(references.map((row) => [row.agent, row])).values()];
  return (
    <section>
      <p class="crumbs">
        <a href="/">runs</a> › <a href={`/runs/${id}`}>run {id}</a> ›
      </p>
      <h1>
        Run {id} <span class="muted">cross-method table</span>
      </h1>
      <p>
        Each agent on every task family: the colour is the cell's {shown.label}, the text its mean and 95% interval over
        the cell's episodes (as <code>hearth run --table compact</code> prints it), with the share of its tasks the
        agent could not read. Pooled over {view.perHome ? 'the episodes of one home' : 'every home'} and{' '}
        {view.seeds.length} seed(s). Privileged agents, given what the others must find out, say what they are given and
        are listed last.
      </p>
      <div class="controls">
        <label>
          colour by{' '}
          <select
            aria-label="colour by"
            value={shown.key}
            onChange={(event) => setMetric((event.target as HTMLSelectElement).value)}
          >
            {colourBy.map((m) => (
              <option key={m.key} value={m.key}>
                {m.label}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          <input
            type="checkbox"
            checked={perHome}
            onChange={(event) => setPerHome((event.target as HTMLInputElement).checked)}
          />{' '}
          one table per home
        </label>
      </div>
      {view.sections.length === 0 && <p>No finished episodes yet.</p>}
      {view.sections.map((section) => (
        <div class="section" key={section.homes.join(',')}>
          <h3>
            {section.homes.length === 1 ? `home ${section.homes[0]}` : `${section.homes.length} homes`}
            {section.homes.length > 1 && (
              <span class="muted" title={section.homes.join(', ')}>
                {' '}
                ({homesNamed(section.homes)})
              </span>
            )}
          </h3>
          <HeatMap section={section} metric={shown.key} label={shown.label} />
          <CellTable section={section} metric={shown.key} meanings={view.privileges} />
        </div>
      ))}
      <PrivilegeNote
        agents={listed.map((row) => [row.agent, row.privileges] as const)}
        meanings={view.privileges}
        testId="cross-method-references"
      />
      <p class="note">
        read: the share of its tasks whose text the agent made a goal of; n/a where the agent records no reading (it is
        given the goal, or does not say).
      </p>
      <Failures view={view} />
    </section>
  );
}

function HeatMap({ section, metric, label }: { section: Section; metric: string; label: string }) {
  const options = useMemo(() => {
    const lines = section.rows.map(lineOf);
    const data = section.rows.flatMap((row) =>
      row.cells.map((cell) => {
        const mean = cell.metrics[metric]?.mean ?? null;
        const unread = cell.unread !== null && cell.unread > 0 ? `\nunread ${percent(cell.unread)}` : '';
        return {
          line: lineOf(row),
          family: cell.family,
          value: cell.episodes > 0 && mean !== null ? mean * 100 : null,
          text: `${cell.text[metric]}${unread}`,
          title:
            `${row.agent} on ${cell.family}: ${cell.text[metric]}; ${cell.episodes} episode(s)` +
            (cell.failed > 0 ? `, ${cell.failed} failed (${cell.error})` : '') +
            (cell.unread !== null ? `; read ${percent(1 - cell.unread)}` : ''),
        };
      }),
    );
    const scored = data.filter((d) => d.value !== null);
    const failed = data.filter((d) => d.value === null);
    return {
      width: labelMargin(lines, 190) + 118 * section.families.length,
      height: 70 + 46 * lines.length,
      marginLeft: labelMargin(lines, 190),
      marginTop: 40,
      x: { domain: section.families, axis: 'top', label: null, tickSize: 0 },
      y: { domain: lines, label: null, tickSize: 0 },
      color: { type: 'linear', domain: [0, 100], scheme: 'blues', legend: true, label: `${label} (%)` },
      marks: [
        Plot.cell(failed, { x: 'family', y: 'line', fill: '#eeeeee', inset: 1, title: 'title' }),
        Plot.cell(scored, { x: 'family', y: 'line', fill: 'value', inset: 1, title: 'title' }),
        Plot.text(data, {
          x: 'family',
          y: 'line',
          text: 'text',
          fill: (d: { value: number | null }) => (d.value !== null && d.value > 60 ? 'white' : 'black'),
          lineHeight: 1.2,
        }),
      ],
    } satisfies Plot.PlotOptions;
  }, [section, metric, label]);
  return <PlotFigure options={options} label={`cross-method heat map of ${label}`} />;
}

/** The heat map's cells as a table, to read and copy: the CLI's text per cell, the row's read share. */
function CellTable({
  section,
  metric,
  meanings,
}: {
  section: Section;
  metric: string;
  meanings: CrossMethodView['privileges'];
}) {
  return (
    <table class="results" data-testid="cross-method-table">
      <thead>
        <tr>
          <th>agent</th>
          {section.families.map((family) => (
            <th key={family}>
              {family}
              <br />
              <span class="muted">n={section.episodes[family]}</span>
            </th>
          ))}
          <th>read</th>
        </tr>
      </thead>
      <tbody>
        {section.rows.map((row) => (
          <tr key={row.agent} data-line={row.agent}>
            <th>
              {row.agent} <ReferenceMark privileges={row.reference ? row.privileges : undefined} meanings={meanings} />
            </th>
            {section.families.map((family) => {
              const cell = row.cells.find((candidate) => candidate.family === family);
              return (
                <td key={family} class="cell" data-family={family} data-metric={metric}>
                  {cell?.text[metric] ?? ''}
                </td>
              );
            })}
            <td class="cell" data-metric="read-share">
              {row.read}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Failed episodes by agent and error, with the families they fell in. */
function Failures({ view }: { view: CrossMethodView }) {
  const groups = new Map<string, { agent: string; error: string; families: Map<string, number> }>();
  for (const section of view.sections) {
    for (const row of section.rows) {
      for (const cell of row.cells) {
        if (cell.failed === 0) continue;
        const error = cell.error ?? 'failed';
        const key = JSON.stringify([row.agent, error]);
        const group = groups.get(key) ?? { agent: row.agent, error, families: new Map<string, number>() };
        groups.set(key, group);
        group.families.set(cell.family, (group.families.get(cell.family) ?? 0) + cell.failed);
      }
    }
  }
  if (groups.size === 0) return null;
  const total = view.episodes.failed;
  return (
    <details class="failures" open data-testid="cross-method-failures">
      <summary>{total} failed episode(s), left out of the means</summary>
      <ul>
        {[...groups.values()].map(({ agent, error, families }) => (
          <li key={`${agent} ${error}`}>
            <strong>{agent}</strong> in {[...families].map(([family, n]) => `${family} (${n})`).join(', ')}: {error}
          </li>
        ))}
      </ul>
    </details>
  );
}
