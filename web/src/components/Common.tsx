/** Small pieces every page uses: progress, state badges, what a privileged agent is given, messages. */
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

/**
 * A privileged agent's name as the charts and lists write it, and as the CLI's tables do: with what it is given,
 * `oracle [meanings, true-state]`; any other agent's name as it is. The CLI's own `privilegedName`
 * (src/bench/privileges.ts) is not imported: the bundle takes types only from the server.
 */
export function privilegedName(agent: string, privileges: readonly string[] | undefined): string {
  return privileges && privileges.length > 0 ? `${agent} [${privileges.join(', ')}]` : agent;
}

/** A chart's left margin with room for its longest line label, at about 6.5 pixels a letter, and at least `least`. */
export function labelMargin(labels: readonly string[], least: number): number {
  return Math.max(least, 10 + Math.ceil(6.5 * Math.max(0, ...labels.map((label) => label.length))));
}

/**
 * The mark of a privileged agent: what it is given ("given meanings, true-state"), each privilege in words in the
 * tooltip when `meanings` has them. Nothing for an agent given nothing.
 */
export function ReferenceMark({
  privileges,
  meanings = {},
}: {
  privileges: readonly string[] | undefined;
  meanings?: Readonly<Record<string, string>>;
}) {
  if (!privileges || privileges.length === 0) return null;
  const title = privileges.map((privilege) => `${privilege}: ${meanings[privilege] ?? privilege}`).join('\n');
  return (
    <span class="badge ref" title={`given what the others must find out\n${title}`} data-testid="reference-mark">
      given {privileges.join(', ')}
    </span>
  );
}

/**
 * Under a table: the privileged agents (listed after the others), each with what it is given, then what each
 * privilege gives in words.
 */
export function PrivilegeNote({
  agents,
  meanings,
  testId,
}: {
  agents: ReadonlyArray<readonly [agent: string, privileges: readonly string[]]>;
  meanings: Readonly<Record<string, string>>;
  testId: string;
}) {
  if (agents.length === 0) return null;
  return (
    <div class="note" data-testid={testId}>
      <p>
        Privileged agents, listed after the others, are given what the others must find out:{' '}
        {agents.map(([agent, privileges]) => privilegedName(agent, privileges)).join('; ')}.
      </p>
      <ul>
        {Object.entries(meanings).map(([privilege, meaning]) => (
          <li key={privilege}>
            <strong>{privilege}</strong>: {meaning}
          </li>
        ))}
      </ul>
    </div>
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
