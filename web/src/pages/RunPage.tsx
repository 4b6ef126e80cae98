/**
 * One run: its configuration, its progress (live while it runs), the paper-style tables with their intervals drawn,
 * the privileged agents (after the others) with what each is given, the roles agents ran, failures, and the episodes.
 */

import { useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { useApi } from '../api.js';
import { configValue, Loading, PrivilegeNote, Problem, Progress, StateBadge } from '../components/Common.js';
import { EpisodeList } from '../components/EpisodeList.js';
import { MetricPicker } from '../components/MetricPicker.js';
import { ResultTables } from '../components/ResultTables.js';
import type { RunDetail } from '../types.js';

export function RunPage() {
  const { params } = useRoute();
  const id = Number(params.run);
  const detail = useApi<RunDetail>(`/api/runs/${id}`, { live: true });
  const [shown, setShown] = useState<string[] | null>(null);
  if (detail.error) return <Problem>{detail.error}</Problem>;
  if (!detail.data) return <Loading />;
  const { run, report, recorded } = detail.data;
  const metrics = shown ?? [...report.layout.shown];
  const agents = [...new Set(report.rows.map((row) => String(row.agent)))];
  const references = Object.entries(report.references);
  return (
    <section>
      <p class="crumbs">
        <a href="/">runs</a> ›
      </p>
      <h1>
        Run {run.id} <span class="muted">{run.protocol}</span> <StateBadge state={run.state} />
      </h1>
      <p>
        Started {new Date(run.created).toLocaleString()}, hearth {run.hearthVersion}. <Progress run={run} />{' '}
        {report.episodes.ok > 0 && agents.length > 1 && (
          <a href={`/runs/${id}/compare`}>Compare agents seed by seed ›</a>
        )}{' '}
        {report.episodes.ok + report.episodes.failed > 0 && run.protocol === 'episodic' && (
          <a href={`/runs/${id}/table`}>Cross-method table (heat map) ›</a>
        )}
      </p>
      <details class="config">
        <summary>Configuration</summary>
        <dl>
          {Object.entries(run.config).map(([key, value]) => (
            <>
              <dt key={`${key}-t`}>{key}</dt>
              <dd key={`${key}-d`}>{configValue(value)}</dd>
            </>
          ))}
        </dl>
      </details>
      <h2>Results</h2>
      <MetricPicker metrics={report.layout.metrics} shown={metrics} onChange={setShown} />
      {report.rows.length === 0 ? <p>No finished episodes yet.</p> : <ResultTables view={report} shown={metrics} />}
      <PrivilegeNote agents={references} meanings={report.privileges} testId="references" />
      {Object.entries(report.roles).map(([agent, roles]) => (
        <p class="note" key={agent}>
          {agent}:{' '}
          {Object.entries(roles)
            .map(([role, value]) => `${role}: ${value}`)
            .join('; ')}
        </p>
      ))}
      {report.episodes.missing > 0 && (
        <p class="note">
          {report.episodes.missing} of {report.episodes.total} episodes not run yet.
        </p>
      )}
      {report.failures.length > 0 && (
        <details class="failures" open>
          <summary>{report.failures.length} failed episode(s), left out of the means</summary>
          <ul>
            {report.failures.map((failure) => (
              <li key={failure.key}>
                <code>{failure.key}</code>: {failure.error}
              </li>
            ))}
          </ul>
        </details>
      )}
      <h2>Episodes</h2>
      <EpisodeList
        run={id}
        layout={report.layout}
        agents={agents}
        shown={metrics}
        recorded={recorded}
        references={report.references}
        meanings={report.privileges}
      />
    </section>
  );
}
