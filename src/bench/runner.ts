/**
 * `runGrid`: runs a protocol's episode specs into the results store and returns the report. This is all a benchmark
 * command has to call:
 *
 *   const grid = parseGridOptions(command.opts(), { knownAgents });
 *   const outcome = await runGrid({ ...grid, protocol: 'continual', config: gridConfig(grid), specs: expandGrid(grid) });
 *   process.stdout.write(formatReport(outcome.report, grid.format));
 *   process.exitCode = outcome.exitCode;
 *
 * A run is a row in the store; without `resume` every call starts a new one. With `resume`, the latest run with an
 * equal configuration (or the run id given) continues: episodes already stored successfully are skipped, failed ones
 * are run again. Each finished episode is committed at once, so an interruption loses only running episodes.
 */
import { performance } from 'node:perf_hooks';
import { type AgentSource, stopIdleAgentProcesses } from '../agents/external/index.js';
import { InputError } from '../util/errors.js';
import { cacheDir } from './cache.js';
import {
  type CallSlotStats,
  episodesPerWorker,
  RunCallSlots,
  SampledCallStats,
  type SharedLoad,
} from './call-slots.js';
import { buildCrossMethod, type CrossMethodRequest } from './episodic/cross-method.js';
import { type EpisodeOutcome, loadProtocolModule } from './execute.js';
import { defaultWorkers } from './grid.js';
import { canonicalJson, type JsonObject } from './json.js';
import { executeEpisodes } from './pool.js';
import { createProgress, formatDuration } from './progress.js';
import type { EpisodeSpec } from './protocol.js';
import { getProtocol, type ProtocolEntry } from './protocols.js';
import { parseQueueUrl } from './queue/address.js';
import { buildReport, type Report, type ReportInput } from './report.js';
import { describeSpecIssue } from './spec-schema.js';
import { DEFAULT_STORE_PATH, ResultsStore, type RunInfo } from './store.js';
import { hearthVersion } from './version.js';

/** Exit code of a run stopped by Ctrl-C (128 + SIGINT), as shells use. */
export const EXIT_INTERRUPTED = 130;
/** Exit code of a run that finished but had failed episodes (they are listed in the report). */
export const EXIT_EPISODES_FAILED = 3;

export interface RunGridOptions {
  /** Registered protocol name (`protocols.ts`). */
  protocol: string;
  /** What identifies the run for `resume`: every setting that changes results (not workers, output or tracing). */
  config: JsonObject;
  /** The episodes of the run, in report order; keys unique. */
  specs: readonly EpisodeSpec[];
  /** Results store path (default `.hearth/results.sqlite`). */
  store?: string;
  /** false: new run; true: latest run with this configuration (a new one if there is none); a number: that run. */
  resume?: boolean | number;
  /** Worker threads (default: one per core); 0 runs the episodes in the main thread. */
  workers?: number;
  /** Keep per-step trace records of each episode in the store. */
  trace?: boolean;
  /** No progress bar and no summary (the interruption notice is still printed). */
  quiet?: boolean;
  /** Where progress and notes go (default process.stderr). */
  stderr?: NodeJS.WriteStream;
  /**
   * Handle Ctrl-C (default true): the first SIGINT stops dispatching, terminates the workers, prints how many episodes
   * are stored and exits with 130; a second exits at once. With false, abort through `signal` instead: the call then
   * returns with `interrupted: true`.
   */
  handleSigint?: boolean;
  signal?: AbortSignal;
  /** Also compare every other agent with this one, episode by episode (the report's `paired`). */
  paired?: string;
  /** Group fields the paired comparison also pools over (`--pool`). */
  pool?: readonly string[];
  /** Reference agents with their privileges, marked in the report (`ReportInput.references`). */
  references?: Readonly<Record<string, readonly string[]>>;
  /** Also build the cross-method table (episodic runs; `Report.crossMethod`). */
  crossMethod?: CrossMethodRequest;
  /**
   * Redis URL of a job queue: the episodes run as jobs on `hearth worker`s (`queue/coordinator.ts`) instead of local
   * threads; this process still owns the store and writes each result as it arrives. `workers` is then unused.
   */
  queue?: string;
  /**
   * Episodes that call a model server (`--llm openai`): `concurrency` is the run's limit of model calls in flight,
   * over all its episodes, threads and queue workers together (`--llm-concurrency`); `episodesPerWorker` how many
   * episodes each worker thread runs at once (default `episodesPerWorker(concurrency, threads)`: enough that every
   * slot finds a call waiting for it).
   */
  modelServer?: { concurrency: number; episodesPerWorker?: number };
  /**
   * Agents of the user's own that this process loaded (`loadAgentItems`), for the worker threads to register. A queued
   * run does not send them: each `hearth worker` loads those its own command line names.
   */
  agentSources?: readonly AgentSource[];
  /**
   * The folder of the memo store on disk (`src/util/memo-store.ts`): the results of pure functions that the episodes
   * share (the household planner's searches) are kept there for later runs. Default the run's cache folder
   * (`cacheDir()`); false keeps nothing on disk.
   */
  memoDir?: string | false;
}

export interface RunOutcome {
  runId: number;
  storePath: string;
  /** Whether an earlier run was continued. */
  resumed: boolean;
  report: Report;
  /** Episodes run (and stored) by this call. */
  executed: number;
  interrupted: boolean;
  /** 0; EXIT_EPISODES_FAILED when some episode failed; EXIT_INTERRUPTED when interrupted. */
  exitCode: number;
  /** Wall time of this call and mean episode time (not part of the report, which must not depend on timing). */
  timing: { wallMs: number; meanEpisodeMs: number | null; workers: number };
  /** The run's model calls as its slots saw them (local runs with `modelServer`). */
  modelCalls?: CallSlotStats;
}

export async function runGrid(options: RunGridOptions): Promise<RunOutcome> {
  const started = performance.now();
  const protocol = getProtocol(options.protocol);
  const specs = options.specs;
  assertSpecs(specs, protocol);
  const stderr = options.stderr ?? process.stderr;
  const quiet = options.quiet ?? false;
  const note = (line: string) => {
    if (!quiet) stderr.write(`hearth: ${line}\n`);
  };
  const storePath = options.store ?? DEFAULT_STORE_PATH;
  const workers = options.workers ?? defaultWorkers();
  const store = ResultsStore.open(storePath);
  try {
    const { run, resumed } = selectRun(store, options, note);
    const done = store.completedKeys(run.id);
    const todo = specs.filter((spec) => !done.has(spec.key));
    const indexByKey = new Map(specs.map((spec, index) => [spec.key, index]));
    if (resumed) note(`resuming run ${run.id} in ${storePath}: ${specs.length - todo.length} of ${specs.length} done`);
    if (todo.length > 0) {
      // What the episodes share is made once here, before any worker starts (the module is loaded by the workers
      // anyway; a protocol without `prepareRun` costs the import).
      const module = await loadProtocolModule(protocol.module);
      await module.prepareRun?.(todo, { note });
    }

    const interrupt = new AbortController();
    const onExternalAbort = () => interrupt.abort();
    options.signal?.addEventListener('abort', onExternalAbort);
    if (options.signal?.aborted) interrupt.abort();
    let interrupts = 0;
    const onSigint = () => {
      interrupts++;
      if (interrupts > 1) {
        if (stderr.isTTY) stderr.write('\u001b[?25h\n'); // the progress bar hides the cursor: show it again
        process.exit(EXIT_INTERRUPTED);
      }
      interrupt.abort();
    };
    const handleSigint = options.handleSigint ?? true;
    if (handleSigint) process.on('SIGINT', onSigint);

    const callSlots =
      options.modelServer && options.queue === undefined
        ? new RunCallSlots(options.modelServer.concurrency)
        : undefined;
    // Queued: the workers share the run's slots through Redis; the coordinator reads them for its progress line.
    const sampled =
      options.modelServer && options.queue !== undefined
        ? new SampledCallStats(options.modelServer.concurrency)
        : undefined;
    const perWorker =
      options.modelServer &&
      (options.modelServer.episodesPerWorker ??
        episodesPerWorker(options.modelServer.concurrency, Math.min(workers, todo.length)));
    const progress = createProgress({
      total: specs.length,
      done: specs.length - todo.length,
      stream: stderr,
      quiet,
      ...(callSlots && { calls: () => callSlots.stats() }),
      ...(sampled && { calls: () => sampled.stats() }),
    });
    let executed = 0;
    let episodeMs = 0;
    let aborted: boolean;
    const onOutcome = (outcome: EpisodeOutcome, spec: EpisodeSpec, worker: number | null) => {
      store.writeEpisode(run.id, toRecord(outcome, spec, indexByKey.get(spec.key)!, worker));
      executed++;
      episodeMs += outcome.wallMs;
      progress.tick(outcome.status === 'failed');
    };
    try {
      if (options.queue !== undefined) {
        // Loaded only for queued runs: a local run does not pay for BullMQ.
        const { executeOnQueue } = await import('./queue/coordinator.js');
        ({ aborted } = await executeOnQueue({
          url: options.queue,
          protocol: options.protocol,
          config: options.config,
          specs: todo,
          trace: options.trace ?? false,
          store: storePath,
          runId: run.id,
          signal: interrupt.signal,
          onOutcome: (outcome, spec) => onOutcome(outcome, spec, null),
          note: (line) => stderr.write(`hearth: ${line}\n`),
          ...(sampled && { onModelCalls: (load: SharedLoad) => sampled.update(load) }),
        }));
      } else {
        ({ aborted } = await executeEpisodes({
          moduleUrl: protocol.module,
          specs: todo,
          workers,
          trace: options.trace ?? false,
          signal: interrupt.signal,
          onOutcome,
          ...(callSlots && { callSlots, episodesPerWorker: perWorker }),
          ...(options.agentSources && options.agentSources.length > 0 && { agentSources: options.agentSources }),
          ...(options.memoDir !== false && { memoDir: options.memoDir ?? cacheDir() }),
        }));
      }
    } finally {
      progress.stop();
      // Programs this thread started (the hello, episodes run here) end with the run.
      await stopIdleAgentProcesses();
      options.signal?.removeEventListener('abort', onExternalAbort);
      if (handleSigint) process.off('SIGINT', onSigint);
    }

    const report = reportForRun(store, run, specs, {
      pairedWith: options.paired,
      ...(options.pool && { pairedPool: options.pool }),
      references: options.references,
      ...(options.crossMethod && { crossMethod: options.crossMethod }),
    });
    const wallMs = performance.now() - started;
    if (aborted) {
      stderr.write(
        `interrupted: ${report.episodes.ok} of ${specs.length} episodes stored in ${storePath}; ` +
          (options.queue === undefined
            ? 'run again with --resume\n'
            : 'the workers go on with the queued jobs; run again with --resume to collect them\n'),
      );
      if (handleSigint) {
        store.close();
        process.exit(EXIT_INTERRUPTED);
      }
    } else {
      const perEpisode = executed > 0 ? `, ${(episodeMs / executed).toFixed(1)} ms per episode` : '';
      const failed = report.episodes.failed > 0 ? `, ${report.episodes.failed} failed` : '';
      const where =
        options.queue !== undefined
          ? `the queue ${parseQueueUrl(options.queue).display}`
          : workers > 0
            ? `${Math.min(workers, todo.length)} worker thread(s)`
            : 'the main thread';
      const at =
        perWorker !== undefined && perWorker > 1 && options.queue === undefined
          ? `, up to ${perWorker} episodes at once on each`
          : '';
      const how = todo.length > 0 ? `; ${formatDuration(wallMs)} on ${where}${at}${perEpisode}` : '';
      const calls = (callSlots ?? sampled)?.stats();
      const callsNote =
        calls && calls.maxInFlight > 0
          ? `; ${calls.calls > 0 ? `${calls.calls} model calls, ` : 'model calls '}in flight ` +
            `${calls.meanInFlight.toFixed(1)} on average (at most ${calls.maxInFlight}, limit ${calls.limit})` +
            transferNote(calls)
          : '';
      note(
        `run ${run.id} in ${storePath}: ${executed} episode(s) run now, ${specs.length - todo.length} already stored` +
          `${failed}${how}${callsNote}`,
      );
    }
    return {
      runId: run.id,
      storePath,
      resumed,
      report,
      executed,
      interrupted: aborted,
      exitCode: aborted ? EXIT_INTERRUPTED : report.episodes.failed > 0 ? EXIT_EPISODES_FAILED : 0,
      timing: { wallMs, meanEpisodeMs: executed > 0 ? episodeMs / executed : null, workers },
      ...((callSlots ?? sampled) && { modelCalls: (callSlots ?? sampled)!.stats() }),
    };
  } finally {
    store.close();
  }
}

/**
 * The report of a stored run, built from what the store holds (never from memory, so that a resumed run and an
 * uninterrupted one are reported identically). With `specs`, only their keys count and missing ones are reported.
 */
export function reportForRun(
  store: ResultsStore,
  run: RunInfo,
  specs?: readonly EpisodeSpec[],
  options: Pick<ReportInput, 'pairedWith' | 'pairedPool' | 'references'> & { crossMethod?: CrossMethodRequest } = {},
): Report {
  const keys = specs && new Set(specs.map((spec) => spec.key));
  const episodes = store.episodes(run.id).filter((episode) => !keys || keys.has(episode.key));
  const { pairedWith, pairedPool, references, crossMethod } = options;
  const layout = getProtocol(run.protocol).report;
  const report = buildReport({
    ...(pairedWith !== undefined && { pairedWith }),
    ...(pairedPool && { pairedPool }),
    ...(references && { references }),
    protocol: run.protocol,
    config: run.config,
    layout,
    totalEpisodes: specs?.length ?? run.totalEpisodes,
    episodes,
  });
  if (crossMethod) {
    report.crossMethod = buildCrossMethod(episodes, {
      layout,
      ...(references && { references }),
      ...crossMethod,
    });
  }
  return report;
}

function selectRun(
  store: ResultsStore,
  options: RunGridOptions,
  note: (line: string) => void,
): { run: RunInfo; resumed: boolean } {
  const resume = options.resume ?? false;
  const { protocol, config } = options;
  const create = () =>
    store.createRun({ protocol, config, hearthVersion: hearthVersion(), totalEpisodes: options.specs.length });
  if (resume === false) {
    // A new run is what was asked for (a re-run on purpose, or after a code change); say that an equal one exists.
    const earlier = store.latestRun(protocol, config);
    if (earlier) {
      const done = store.completedKeys(earlier.id).size;
      note(
        `run ${earlier.id} in ${store.path} has this configuration (${done} of ${earlier.totalEpisodes} episodes ` +
          `done): starting a new run; --resume continues that one instead`,
      );
    }
    return { run: create(), resumed: false };
  }
  if (typeof resume === 'number') {
    const run = store.getRun(resume);
    if (!run) throw new InputError(`--resume ${resume}: no such run in this store`, { file: store.path });
    if (run.protocol !== protocol || canonicalJson(run.config) !== canonicalJson(config)) {
      throw new InputError(
        `--resume ${resume}: run ${resume} was started with another configuration ` +
          `(${run.protocol} ${canonicalJson(run.config)}); give the same flags to resume it`,
        { file: store.path },
      );
    }
    return { run, resumed: true };
  }
  const run = store.latestRun(protocol, config);
  if (run) {
    if (run.hearthVersion !== hearthVersion()) {
      note(`run ${run.id} was started by hearth ${run.hearthVersion}; this is ${hearthVersion()}`);
    }
    return { run, resumed: true };
  }
  note(`no earlier run with this configuration in ${store.path}: starting a new one`);
  return { run: create(), resumed: false };
}

/**
 * Checks the specs against the protocol's schema (what a queue worker will check them against too: a spec built
 * here that a worker would refuse fails now, naming the field) and that their keys are unique.
 */
function assertSpecs(specs: readonly EpisodeSpec[], protocol: ProtocolEntry): void {
  const keys = new Set<string>();
  for (const spec of specs) {
    if (typeof spec.key !== 'string' || spec.key === '') throw new Error('every episode spec needs a non-empty key');
    if (keys.has(spec.key)) throw new Error(`two episode specs have the key '${spec.key}'`);
    const checked = protocol.spec.safeParse(spec);
    if (!checked.success) throw new InputError(`episode ${spec.key}: ${describeSpecIssue(checked.error)}`);
    keys.add(spec.key);
  }
}

function toRecord(outcome: EpisodeOutcome, spec: EpisodeSpec, index: number, worker: number | null) {
  if (outcome.status === 'failed') {
    return {
      key: spec.key,
      index,
      spec,
      status: 'failed' as const,
      error: outcome.error,
      timing: { wallMs: outcome.wallMs, worker },
    };
  }
  return {
    key: spec.key,
    index,
    spec,
    status: 'ok' as const,
    result: outcome.result,
    ...(outcome.trace && { trace: outcome.trace }),
    timing: { wallMs: outcome.wallMs, worker, ...(outcome.protocolTiming && { protocol: outcome.protocolTiming }) },
  };
}

/** What the run's model calls moved, per call: `, 12.3 kB sent and 4.5 kB received per call` (nothing when uncounted). */
function transferNote(calls: CallSlotStats): string {
  if (calls.calls === 0 || calls.sentBytes + calls.receivedBytes === 0) return '';
  const perCall = (bytes: number) => formatBytes(bytes / calls.calls);
  return `, ${perCall(calls.sentBytes)} sent and ${perCall(calls.receivedBytes)} received per call`;
}

/** "812 B", "12.3 kB", "1.46 MB" (powers of 1000). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${Math.round(bytes)} B`;
  if (bytes < 1e6) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1e6).toFixed(2)} MB`;
}
