/** Small pieces every page uses: progress, state badges, the reference mark, messages. */
import type { ComponentChildren } from 'preact';
import type { RunListing } from '../types.js';

export function Progress({ run }: { run: Pick<RunListing, 'ok' | 'failed' | 'totalEpisodes'> }) {
  const done = run.ok + run.failed;
  return (
    <span class="progress" title={`${run.ok} ok, ${run.failed} failed, ${run.totalEpisodes - done} to run`}>
      <progress max={run.totalEpisodes} value={done} />{' '}
      <span data-testid="progress-text">
        {done} / {run.totalEpisodes}
      </span>
      {run.failed > 0 && <span class="failed"> ({run.failed} failed)</span>}
    </span>
  );
}

export function StateBadge({ state }: { state: RunListing['state'] }) {
  return <span class={`badge state-${state}`}>{state}</span>;
}

/** The mark of a reference agent, with what it is given in its tooltip. */
export function ReferenceMark({ privileges }: { privileges: readonly string[] | undefined }) {
  if (!privileges) return null;
  return (
    <span class="badge ref" title={`reference: given ${privileges.join(', ')}`} data-testid="reference-mark">
      ref
    </span>
  );
}

export function Problem({ children }: { children: ComponentChildren }) {
  return (
    <p class="problem" role="alert">
      {children}
    </p>
  );
}

export function Loading() {
  return <p class="loading">Loading…</p>;
}

/** "oracle, greedy" for a config's list, or the value as JSON. */
export function configValue(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
