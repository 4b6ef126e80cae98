/**
 * Recording the trace of one stored episode on request: the runner's own machinery runs the episode again with
 * `--trace` semantics in a worker thread (so the server keeps answering), and the trace goes to a trace file beside
 * the store, never into the store, which the dashboard only reads. Episodes are deterministic, so the new result
 * should equal the stored one; the file says whether it did (`reproduced`), and the viewer shows it.
 */
import { canonicalJson } from '../bench/json.js';
import { executeEpisodes } from '../bench/pool.js';
import { getProtocol } from '../bench/protocols.js';
import type { DashboardData } from './dashboard-data.js';
import { traceFileOf, writeTraceFile } from './trace-files.js';

export interface Recording {
  readonly path: string;
  readonly reproduced: boolean;
  readonly steps: number;
}

/** Episodes being recorded now, by `run/index`: a second request for one waits for the first. */
const running = new Map<string, Promise<Recording>>();

export function recordTrace(data: DashboardData, runId: number, index: number): Promise<Recording> {
  const key = `${runId}/${index}`;
  let recording = running.get(key);
  if (!recording) {
    recording = record(data, runId, index).finally(() => running.delete(key));
    running.set(key, recording);
  }
  return recording;
}

async function record(data: DashboardData, runId: number, index: number): Promise<Recording> {
  const run = data.runInfo(runId);
  const stored = data.episode(runId, index);
  const path = data.recordingPath(runId, index);
  let outcome: Parameters<Parameters<typeof executeEpisodes>[0]['onOutcome']>[0] | undefined;
  await executeEpisodes({
    moduleUrl: getProtocol(run.protocol).module,
    specs: [{ ...stored.spec, key: stored.key, seed: Number(stored.spec.seed) }],
    workers: 1,
    trace: true,
    agentSources: data.agentSources,
    onOutcome: (result) => {
      outcome = result;
    },
  });
  if (!outcome) throw new Error(`recording episode ${index} of run ${runId} gave no outcome`);
  if (outcome.status === 'failed')
    throw new Error(`the episode failed when run again: ${outcome.error.split('\n')[0]}`);
  const reproduced =
    stored.status === 'ok' &&
    stored.result !== undefined &&
    canonicalJson(outcome.result) === canonicalJson(stored.result);
  const trace = outcome.trace ?? [];
  writeTraceFile(
    path,
    traceFileOf(
      { id: runId, protocol: run.protocol, config: run.config, hearthVersion: run.hearthVersion },
      { key: stored.key, index, spec: stored.spec, status: 'ok', result: outcome.result, trace },
      reproduced,
    ),
  );
  return { path, reproduced, steps: trace.filter((r) => (r as { kind?: unknown }).kind === undefined).length };
}
