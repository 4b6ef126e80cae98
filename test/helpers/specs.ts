/**
 * Episode specs as the grid writes them, for tests that need a valid one and change what they are about, and stored
 * episodes made of them (a store a dashboard or a resumed run reads).
 */
import type { EpisodeSpec } from '../../src/bench/protocol.js';
import type { ResultsStore } from '../../src/bench/store.js';

/** A continual episode of the Oracle in the cottage, 2 instructions, 5 steps; `fields` replace or add. */
export function continualSpec(fields: Record<string, unknown> = {}): EpisodeSpec {
  const seed = typeof fields.seed === 'number' ? fields.seed : 0;
  const agent = typeof fields.agent === 'string' ? fields.agent : 'oracle';
  return {
    key: `agent=${agent} seed=${seed}`,
    seed,
    agent,
    home: 'cottage',
    nonstationarity: 'low',
    instructions: 2,
    steps: 5,
    domain: 'virtualhome',
    style: 'sentence',
    ...(fields as Record<string, never>),
  };
}

/** Writes each spec as a finished episode of the run (SR 1), at its index. */
export function storeOkEpisodes(store: ResultsStore, runId: number, specs: readonly EpisodeSpec[]): void {
  for (const [index, spec] of specs.entries()) {
    store.writeEpisode(runId, {
      key: spec.key,
      index,
      spec,
      status: 'ok',
      result: { metrics: { sr: 1 } },
      timing: { wallMs: 1, worker: null },
    });
  }
}
