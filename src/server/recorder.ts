/**
 * Recording the trace of one stored episode on request: the runner's own machinery runs the episode again with
 * `--trace` semantics on a worker thread (so the server keeps answering), and the trace goes to a trace file beside
 * the store (`TraceFolder`), never into the store, which the dashboard only reads. Episodes are deterministic, so the
 * new result should equal the stored one; the file says whether it did (`reproduced`), and the viewer shows it.
 *
 * A stored episode is data from whoever made the store, and each recording runs it (model calls included): so the
 * spec is admitted first (`admitHandedSpec`: its schema, its files inside the folders the dashboard may read, its
 * agent in this process's registry, model calls only to this machine's server with this machine's key, a model
 * recording replayed, never written), and recordings are bounded: one at a time on one thread per protocol (kept for
 * the next), one per episode however many ask (the others wait for it), an episode already recorded answered from its
 * file, and at most `maxWaiting` waiting; more are refused (HTTP 503) until some have run.
 */
import { canonicalJson } from '../bench/json.js';
import { threadEnvWithKey } from '../bench/llm.js';
import { EpisodeThreadPool } from '../bench/pool.js';
import { getProtocol } from '../bench/protocols.js';
import { admitHandedSpec, type HandedSpecPolicy } from '../bench/untrusted-spec.js';
import { InputError } from '../util/errors.js';
import { type DashboardData, TooBusy } from './dashboard-data.js';
import { type TraceFile, traceFileOf } from './trace-files.js';

export interface Recording {
  readonly path: string;
  readonly reproduced: boolean;
  readonly steps: number;
}

/** Recordings that may wait behind the running one unless told otherwise. */
export const DEFAULT_MAX_WAITING = 8;

export class TraceRecorder {
  /** Recordings running or waiting, by `run/index`: a second request for one waits for the first. */
  private readonly pending = new Map<string, Promise<Recording>>();
  /** One thread per protocol, started by its first recording and kept for the next. */
  private readonly pools = new Map<string, EpisodeThreadPool>();
  /** The last recording queued: the next one starts when it has ended. */
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly data: DashboardData,
    private readonly policy: () => HandedSpecPolicy,
    private readonly maxWaiting = DEFAULT_MAX_WAITING,
  ) {}

  /** Records the episode's trace, or answers from its file when it has one (see the module comment). */
  record(runId: number, index: number): Promise<Recording> {
    const key = `${runId}/${index}`;
    const pending = this.pending.get(key);
    if (pending) return pending;
    const recorded = this.data.recordedTrace(runId, index);
    if (recorded) return Promise.resolve(recordingOf(recorded.path, recorded.file));
    if (this.closed) return Promise.reject(new TooBusy('the dashboard is stopping'));
    if (this.pending.size > this.maxWaiting) {
      return Promise.reject(
        new TooBusy(`${this.pending.size} recordings are running or waiting: ask again when some have finished`),
      );
    }
    const recording = this.tail.then(() => this.run(runId, index)).finally(() => this.pending.delete(key));
    this.tail = recording.catch(() => undefined);
    this.pending.set(key, recording);
    return recording;
  }

  /** Stops the threads (a recording running is dropped). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
    this.pools.clear();
  }

  private async run(runId: number, index: number): Promise<Recording> {
    const run = this.data.runInfo(runId);
    const stored = this.data.episode(runId, index);
    const spec = await admitHandedSpec(run.protocol, { ...stored.spec, key: stored.key }, this.policy());
    if (this.closed) throw new TooBusy('the dashboard is stopping');
    let pool = this.pools.get(run.protocol);
    if (!pool) {
      // The thread reads this machine's key, and only it, from its environment.
      const env = threadEnvWithKey(this.policy().llm.server.apiKey);
      pool = new EpisodeThreadPool(getProtocol(run.protocol).module, 1, {
        env,
        ...(this.data.agentSources.length > 0 && { agentSources: this.data.agentSources }),
      });
      this.pools.set(run.protocol, pool);
    }
    const { outcome } = await pool.run(spec, true);
    if (outcome.status === 'failed') {
      throw new InputError(`the episode failed when run again: ${outcome.error.split('\n')[0]}`);
    }
    const reproduced =
      stored.status === 'ok' &&
      stored.result !== undefined &&
      canonicalJson(outcome.result) === canonicalJson(stored.result);
    const file = traceFileOf(
      { id: runId, protocol: run.protocol, config: run.config, hearthVersion: run.hearthVersion },
      { key: stored.key, index, spec: stored.spec, status: 'ok', result: outcome.result, trace: outcome.trace ?? [] },
      reproduced,
    );
    return recordingOf(this.data.writeRecordedTrace(runId, index, file), file);
  }
}

function recordingOf(path: string, file: TraceFile): Recording {
  return {
    path,
    reproduced: file.reproduced ?? false,
    steps: file.episode.trace.filter((record) => record.kind === undefined).length,
  };
}
