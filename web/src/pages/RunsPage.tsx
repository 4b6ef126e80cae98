/** Every run in the store, newest first, with its configuration and progress (live), and the trace files opened. */
import { useApi } from '../api.js';
import { configValue, Loading, Problem, Progress, StateBadge } from '../components/Common.js';
import type { Overview, RunListing } from '../types.js';

/** Configuration entries that say what a run is, shown in the listing (the run page shows all of them). */
const SUMMARY_KEYS = ['agents', 'homes', 'nonstationarity', 'instructions', 'families', 'tasks', 'seeds', 'steps'];

export function RunsPage() {
  const overview = useApi<Overview>('/api/overview', { live: true });
  if (overview.error) return <Problem>{overview.error}</Problem>;
  if (!overview.data) return <Loading />;
  const { runs, traces, store } = overview.data;
  return (
    <section>
      <h1>Runs</h1>
      <p class="muted">
        {store === null ? 'No results store: trace files only.' : `Results store ${store}, read-only.`} A run started in
        another terminal appears here as its episodes land.
      </p>
      {runs.length === 0 && store !== null && <p>No runs yet: start one with hearth run.</p>}
      {runs.length > 0 && (
        <table class="listing" data-testid="runs">
          <thead>
            <tr>
              <th>run</th>
              <th>started</th>
              <th>protocol</th>
              <th>configuration</th>
              <th>episodes</th>
              <th>state</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <RunRow key={run.id} run={run} />
            ))}
          </tbody>
        </table>
      )}
      {traces.length > 0 && (
        <>
          <h2>Trace files</h2>
          <ul>
            {traces.map((trace) => (
              <li key={trace.n}>
                <a href={`/traces/${trace.n}`}>{trace.name}</a> <span class="muted">{trace.protocol}</span> {trace.key}{' '}
                ({trace.steps} steps)
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function RunRow({ run }: { run: RunListing }) {
  const summary = SUMMARY_KEYS.filter((key) => run.config[key] !== undefined);
  return (
    <tr data-run={run.id}>
      <td>
        <a href={`/runs/${run.id}`}>run {run.id}</a>
      </td>
      <td>{new Date(run.created).toLocaleString()}</td>
      <td>{run.protocol}</td>
      <td class="config">
        {summary.map((key) => (
          <span key={key} class="config-entry">
            <span class="muted">{key}</span> {configValue(run.config[key])}
          </span>
        ))}
      </td>
      <td>
        <Progress run={run} />
      </td>
      <td>
        <StateBadge state={run.state} />
      </td>
    </tr>
  );
}
