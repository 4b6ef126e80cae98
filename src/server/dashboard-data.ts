/**
 * What the dashboard reads: the results store (opened read-only), the traces the dashboard recorded on request (a
 * folder beside the store), and trace files named on the command line. Every episode is addressed by numbers (run id
 * and position) or by the position of a trace file in the list it was given: no request ever names a path.
 *
 * Reports are built by the CLI's own code (`reportForRun`) and kept until the store changes. The modules that only
 * some pages need (the protocol registry, the agent registry, the replay of traces) are imported on first use, so
 * that the server starts at once.
 */
import { basename, dirname, join, resolve } from 'node:path';
import { PRIVILEGE_MEANINGS } from '../agents/agent.js';
import type { AgentSource } from '../agents/external/index.js';
import type { JsonObject } from '../bench/json.js';
import { userAgentPrivileges } from '../bench/privileges.js';
import type { Report } from '../bench/report.js';
import { type EpisodePageQuery, ResultsStore, type RunInfo, type RunSummary } from '../bench/store.js';
import { InputError } from '../util/errors.js';
import { FileRoots } from '../util/file-roots.js';
import {
  type CrossMethodView,
  crossMethodView,
  type PairedView,
  pairedView,
  type ReportView,
  reportView,
} from './report-view.js';
import { readTraceFile, type TraceFile, TraceFolder } from './trace-files.js';
import type { EpisodeSource } from './viewer/episode-view.js';

/** A run stops counting as running when nothing was stored for this long. */
const RUNNING_WINDOW_MS = 120_000;

export type RunState = 'running' | 'complete' | 'stopped';

export interface RunListing extends RunSummary {
  state: RunState;
}

export interface TraceListing {
  /** Its number in the list (what the viewer's address uses). */
  readonly n: number;
  readonly name: string;
  readonly protocol: string;
  readonly key: string;
  readonly steps: number;
}

export interface DashboardSources {
  /** The results store; null: trace files only. */
  store: string | null;
  /** Trace files named on the command line (checked when the server starts). */
  traces: readonly string[];
  /** Where recorded traces go (default: `traces/` beside the store). */
  recordings?: string;
  /**
   * Folders besides the working directory and the store's whose files stored episodes may name (home graphs, dialogue
   * files, model recordings), for the viewer's replays and the recorder (`--files`).
   */
  files?: readonly string[];
  /**
   * Agents of the user's own that `hearth serve --agents` named, loaded by it: the recorder may run their stored
   * episodes again (a stored run names an agent, never a path or a command).
   */
  agentSources?: readonly AgentSource[];
}

export class DashboardData {
  private readonly store: ResultsStore | null;
  private readonly files: ReadonlyArray<{ path: string; file: TraceFile }>;
  private readonly traces: TraceFolder | null;
  /** The folders files named by stored episodes and trace files must be in (`untrusted-spec.ts`). */
  readonly readable: FileRoots;
  private readonly reports = new Map<string, { counter: number; report: Report; view: ReportView }>();
  private readonly tables = new Map<string, { counter: number; view: CrossMethodView }>();
  /** Agents of the user's own that the recorder's threads register (`DashboardSources.agentSources`). */
  agentSources: readonly AgentSource[] = [];

  private constructor(
    store: ResultsStore | null,
    files: Array<{ path: string; file: TraceFile }>,
    traces: TraceFolder | null,
    readable: FileRoots,
  ) {
    this.store = store;
    this.files = files;
    this.traces = traces;
    this.readable = readable;
  }

  /** Opens the store read-only and reads the trace files; an InputError naming the first bad one. */
  static open(sources: DashboardSources): DashboardData {
    const readable = FileRoots.of(
      [process.cwd(), ...(sources.store === null ? [] : [dirname(resolve(sources.store))]), ...(sources.files ?? [])],
      { hint: 'start hearth serve with --files DIR to let stored episodes name files there' },
    );
    const files = sources.traces.map((path) => ({ path: resolve(path), file: readTraceFile(path) }));
    const store = sources.store === null ? null : ResultsStore.open(sources.store, { readonly: true });
    const traces =
      sources.recordings !== undefined
        ? TraceFolder.at(resolve(sources.recordings), { named: true })
        : sources.store === null
          ? null
          : TraceFolder.at(join(dirname(resolve(sources.store)), 'traces'), { named: false });
    const data = new DashboardData(store, files, traces, readable);
    data.agentSources = sources.agentSources ?? [];
    return data;
  }

  /** Where recorded traces go (null: nowhere, the dashboard shows trace files only). */
  get recordings(): string | null {
    return this.traces?.path ?? null;
  }

  close(): void {
    this.store?.close();
  }

  get storePath(): string | null {
    return this.store?.path ?? null;
  }

  /** Changes whenever another process writes to the store (0 without one). */
  changeCounter(): number {
    return this.store?.changeCounter() ?? 0;
  }

  runs(now = Date.now()): RunListing[] {
    return (this.store?.runSummaries() ?? []).map((run) => ({ ...run, state: runState(run, now) })).reverse();
  }

  run(id: number): RunListing {
    const run = this.runs().find((candidate) => candidate.id === id);
    if (!run) throw new NotFound(`no run ${id} in the store`);
    return run;
  }

  async report(id: number): Promise<ReportView> {
    return (await this.cachedReport(id)).view;
  }

  /**
   * The cross-method table of an episodic run (agents x families, pooled over homes, or per home), as the CLI's
   * `--table compact` builds it; kept until the store changes.
   */
  async crossMethod(id: number, perHome: boolean): Promise<CrossMethodView> {
    const run = this.runInfo(id);
    if (run.protocol !== 'episodic') {
      throw new NotFound(`run ${id} is a ${run.protocol} run: the cross-method table is for episodic runs`);
    }
    const counter = this.changeCounter();
    const key = `${id} ${perHome ? 'per-home' : 'pooled'}`;
    const cached = this.tables.get(key);
    if (cached && cached.counter === counter) return cached.view;
    const [{ reportForRun }, { referenceAgents }] = await Promise.all([
      import('../bench/runner.js'),
      import('../agents/registry.js'),
    ]);
    const report = reportForRun(this.requireStore(), run, undefined, {
      references: { ...userAgentPrivileges(run.config), ...referenceAgents() },
      crossMethod: { perHome },
    });
    const view = crossMethodView(report, PRIVILEGE_MEANINGS);
    this.tables.set(key, { counter, view });
    return view;
  }

  /** The comparison of every agent with `reference`, pair by pair. */
  async paired(id: number, reference: string): Promise<PairedView> {
    const { reportForRun } = await import('../bench/runner.js');
    const run = this.runInfo(id);
    const report = reportForRun(this.requireStore(), run, undefined, { pairedWith: reference });
    const finished = this.requireStore()
      .episodes(id)
      .filter((episode) => episode.status === 'ok');
    return pairedView(report, finished);
  }

  episodes(id: number, query: EpisodePageQuery) {
    this.runInfo(id);
    return this.requireStore().episodePage(id, query);
  }

  /** An episode of a run, with its trace: the store's, or the one the dashboard recorded. */
  episode(id: number, index: number): EpisodeSource {
    const run = this.runInfo(id);
    const stored = this.requireStore().episodeAt(id, index, { trace: true });
    if (!stored) throw new NotFound(`run ${id} has no episode ${index}`);
    const recorded = stored.trace === undefined ? this.recordedTrace(id, index) : undefined;
    const trace = stored.trace ?? recorded?.file.episode.trace;
    return {
      protocol: run.protocol,
      origin: {
        run: id,
        file: recorded ? basename(recorded.path) : null,
        hearthVersion: run.hearthVersion,
        ...(recorded?.file.reproduced !== undefined && { reproduced: recorded.file.reproduced }),
      },
      key: stored.key,
      index: stored.index,
      spec: stored.spec as unknown as JsonObject,
      status: stored.status,
      ...(stored.result && { result: stored.result }),
      ...(stored.error !== undefined && { error: stored.error }),
      ...(trace && { trace }),
    };
  }

  /** The trace the dashboard recorded of a run's episode, if it has one (read as `TraceFolder` reads). */
  recordedTrace(id: number, index: number): { path: string; file: TraceFile } | undefined {
    const file = this.traces?.read(id, index);
    return file && { path: this.traces!.fileOf(id, index), file };
  }

  /** Writes the trace the dashboard recorded of a run's episode; returns where. */
  writeRecordedTrace(id: number, index: number, file: TraceFile): string {
    if (this.traces === null) throw new InputError('no folder to record traces in');
    return this.traces.write(id, index, file);
  }

  /**
   * Checks what an episode's viewer replays: its spec against its protocol's schema, the files it names inside the
   * folders the dashboard may read (a stored episode or a trace file is data from whoever made it).
   */
  async checkViewable(source: EpisodeSource): Promise<void> {
    const [{ getProtocol }, { checkHandedSpec }] = await Promise.all([
      import('../bench/protocols.js'),
      import('../bench/untrusted-spec.js'),
    ]);
    checkHandedSpec(getProtocol(source.protocol), { ...source.spec, key: source.key }, this.readable);
  }

  traceFiles(): TraceListing[] {
    return this.files.map(({ path, file }, n) => ({
      n,
      name: basename(path),
      protocol: file.protocol,
      key: file.episode.key,
      steps: file.episode.trace.filter((record) => record.kind === undefined).length,
    }));
  }

  traceFile(n: number): EpisodeSource {
    const entry = this.files[n];
    if (!entry) throw new NotFound(`no trace file ${n}`);
    const { file } = entry;
    return {
      protocol: file.protocol,
      origin: {
        run: file.run.id,
        file: basename(entry.path),
        hearthVersion: file.run.hearthVersion,
        ...(file.reproduced !== undefined && { reproduced: file.reproduced }),
      },
      key: file.episode.key,
      index: file.episode.index,
      spec: file.episode.spec,
      status: file.episode.status,
      ...(file.episode.result && { result: file.episode.result }),
      ...(file.episode.error !== undefined && { error: file.episode.error }),
      trace: file.episode.trace,
    };
  }

  /** The run as stored (protocol, configuration), for the recorder. */
  runInfo(id: number): RunInfo {
    const run = this.requireStore().getRun(id);
    if (!run) throw new NotFound(`no run ${id} in the store`);
    return run;
  }

  /** Positions of the run's episodes that have a recorded trace file. */
  recordedIndices(id: number): number[] {
    return this.traces?.indices(id) ?? [];
  }

  private async cachedReport(id: number) {
    const run = this.runInfo(id);
    const counter = this.changeCounter();
    const key = String(id);
    const cached = this.reports.get(key);
    if (cached && cached.counter === counter) return cached;
    const [{ reportForRun }, { referenceAgents }] = await Promise.all([
      import('../bench/runner.js'),
      import('../agents/registry.js'),
    ]);
    const report = reportForRun(this.requireStore(), run, undefined, {
      references: { ...userAgentPrivileges(run.config), ...referenceAgents() },
    });
    const entry = { counter, report, view: reportView(report) };
    this.reports.set(key, entry);
    return entry;
  }

  private requireStore(): ResultsStore {
    if (!this.store) throw new NotFound('the dashboard was started without a results store');
    return this.store;
  }
}

/** A request for something that is not there (HTTP 404). */
export class NotFound extends Error {
  override name = 'NotFound';
}

/** A request refused for now, the server being busy with others of its kind (HTTP 503). */
export class TooBusy extends Error {
  override name = 'TooBusy';
}

function runState(run: RunSummary, now: number): RunState {
  if (run.ok + run.failed >= run.totalEpisodes) return 'complete';
  const last = Date.parse(run.lastFinished ?? run.created);
  return now - last < RUNNING_WINDOW_MS ? 'running' : 'stopped';
}
