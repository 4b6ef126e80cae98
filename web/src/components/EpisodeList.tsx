/**
 * A run's episodes, a page at a time (a store may hold tens of thousands): filtered by agent and status, sorted by a
 * metric, each with its metrics and whether it has a trace, linked to the episode viewer.
 */
import { useState } from 'preact/hooks';
import { useApi } from '../api.js';
import type { EpisodePage, LayoutView, MetricColumn } from '../types.js';
import { Problem, ReferenceMark } from './Common.js';

const PAGE = 50;

export function EpisodeList(props: {
  run: number;
  layout: LayoutView;
  agents: string[];
  shown: readonly string[];
  recorded: readonly number[];
  references: Readonly<Record<string, readonly string[]>>;
  /** What each privilege gives, in words (the marks' tooltips). */
  meanings?: Readonly<Record<string, string>>;
}) {
  const { run, layout, agents, shown, recorded, references, meanings } = props;
  const [agent, setAgent] = useState('');
  const [status, setStatus] = useState('');
  const [sort, setSort] = useState('');
  const [offset, setOffset] = useState(0);
  const query = new URLSearchParams({ offset: String(offset), limit: String(PAGE) });
  if (agent) query.set('where.agent', agent);
  if (status) query.set('status', status);
  if (sort) query.set('sort', sort);
  const page = useApi<EpisodePage>(`/api/runs/${run}/episodes?${query}`, { live: true });
  const metrics = shown
    .map((key) => layout.metrics.find((m) => m.key === key))
    .filter((m): m is MetricColumn => m !== undefined);
  const fields = layout.groupBy;
  const total = page.data?.total ?? 0;
  const change = (set: (value: string) => void) => (event: Event) => {
    set((event.currentTarget as HTMLSelectElement).value);
    setOffset(0);
  };
  return (
    <div class="episodes">
      <div class="filters">
        <label>
          agent{' '}
          <select value={agent} onChange={change(setAgent)} data-testid="filter-agent">
            <option value="">all</option>
            {agents.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          status{' '}
          <select value={status} onChange={change(setStatus)}>
            <option value="">all</option>
            <option value="ok">ok</option>
            <option value="failed">failed</option>
          </select>
        </label>
        <label>
          sorted by{' '}
          <select value={sort} onChange={change(setSort)}>
            <option value="">spec order</option>
            {metrics.map((metric) => (
              <option key={metric.key} value={metric.key}>
                {metric.label} ({metric.better === 'lower' ? 'lowest' : 'highest'} first)
              </option>
            ))}
          </select>
        </label>
        <span class="pager">
          <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            ‹ previous
          </button>{' '}
          <span data-testid="episode-range">
            {total === 0 ? 0 : offset + 1}–{Math.min(total, offset + PAGE)} of {total}
          </span>{' '}
          <button type="button" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
            next ›
          </button>
        </span>
      </div>
      {page.error && <Problem>{page.error}</Problem>}
      <table class="listing" data-testid="episodes">
        <thead>
          <tr>
            <th>#</th>
            {fields.map((field) => (
              <th key={field}>{field}</th>
            ))}
            <th>seed</th>
            <th>status</th>
            {metrics.map((metric) => (
              <th key={metric.key}>{metric.label}</th>
            ))}
            <th>trace</th>
          </tr>
        </thead>
        <tbody>
          {page.data?.episodes.map((episode) => {
            const values = (episode.result?.metrics ?? {}) as Record<string, number | null>;
            const trace = episode.traced ? 'yes' : recorded.includes(episode.index) ? 'recorded' : '–';
            return (
              <tr key={episode.key} data-index={episode.index}>
                <td>
                  <a href={`/runs/${run}/episodes/${episode.index}`}>{episode.index}</a>
                </td>
                {fields.map((field) => (
                  <td key={field}>
                    {String(episode.spec[field] ?? '')}
                    {field === 'agent' && (
                      <>
                        {' '}
                        <ReferenceMark privileges={references[String(episode.spec.agent)]} meanings={meanings} />
                      </>
                    )}
                  </td>
                ))}
                <td>{episode.spec.seed}</td>
                <td class={episode.status === 'failed' ? 'failed' : ''} title={episode.error?.split('\n')[0]}>
                  {episode.status}
                </td>
                {metrics.map((metric) => (
                  <td key={metric.key} class="number">
                    {formatValue(values[metric.key], metric)}
                  </td>
                ))}
                <td>{trace}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** One episode's value, as the tables print means: percent with 1 decimal, others with 2. */
export function formatValue(value: number | null | undefined, metric: MetricColumn): string {
  if (value === null || value === undefined) return 'n/a';
  return metric.percent ? `${(value * 100).toFixed(1)}%` : value.toFixed(2);
}
