/**
 * Executes episode specs on worker threads (or, with 0 workers, in the main thread). `EpisodeThreadPool` keeps a
 * fixed number of threads, each of which imports the protocol module once and then runs episodes, one at a time, or
 * several at once when they wait on a model server (`episodesPerThread`); the next spec goes to whichever thread has
 * room, so completion order varies from run to run and nothing downstream may depend on it. `executeEpisodes` runs a
 * list of specs on such a pool and hands every outcome to a callback as soon as it arrives (the local runner); the
 * queue worker (`queue/worker.ts`) feeds the same pool from a job queue.
 *
 * The threads of a pool share their memos of pure functions (`src/util/shared-memo.ts`, the household planner's
 * searches): the pool relays what one thread's memo learns to the others, so that many threads plan a sweep's
 * recurring problems about as rarely as one thread does.
 *
 * Worker entry: `worker.js` beside this file in the compiled package. When this file is the TypeScript source (tests
 * under vitest, scripts under tsx), or the protocol module is TypeScript, the worker is started from a two-line
 * bootstrap that registers tsx's ESM loader (`tsx/esm/api`) in the new thread first: on Node 20,
 * `execArgv: ['--import', 'tsx']` does not apply the loader to a worker's own entry. Under `npm test` the threads run
 * the compiled package instead, where it holds everything they need (`thread-code.ts`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AgentSource } from '../agents/external/index.js';
import { codeVersion } from '../util/code-version.js';
import { useMemoStore } from '../util/memo-store.js';
import { type SlotRequest, type SlotSource, slotsOf } from './call-slots.js';
import { describeError, type EpisodeOutcome, executeEpisode, loadProtocolModule } from './execute.js';
import { useRunCallSlots } from './llm.js';
import type { EpisodeSpec } from './protocol.js';
import { compiledTwin, isSource, threadsFromDist } from './thread-code.js';
import type { MainToWorker, WorkerData, WorkerToMain } from './worker-messages.js';

const WORKER_ENTRY = new URL(`./worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

export interface ExecuteOptions {
  /** Absolute specifier of the protocol module. */
  moduleUrl: string;
  specs: readonly EpisodeSpec[];
  /** Worker threads to run (at most one per spec); 0 runs the episodes in the main thread. */
  workers: number;
  trace: boolean;
  /** Aborting stops dispatching and terminates the workers; episodes still running are dropped. */
  signal?: AbortSignal;
  /**
   * Called on the main thread with each finished episode and the worker that ran it (null: main thread). If it
   * throws (the store cannot be written), the run stops and `executeEpisodes` rejects with that error.
   */
  onOutcome: (outcome: EpisodeOutcome, spec: EpisodeSpec, worker: number | null) => void;
  /** Episodes each thread (or the main thread) runs at once; default 1 (`ThreadPoolOptions`). */
  episodesPerWorker?: number;
  /** The run's limit of model calls in flight (`ThreadPoolOptions`). */
  callSlots?: SlotSource;
  /**
   * Agents of the user's own, loaded by this process (`loadAgentItems`): each thread registers them. The main thread
   * (0 workers) has them registered already.
   */
  agentSources?: readonly AgentSource[];
  /** The memo store's folder (`ThreadPoolOptions`). */
  memoDir?: string;
}

/** Resolves when every spec has an outcome, or with `aborted` once the signal fired and the workers are gone. */
export async function executeEpisodes(options: ExecuteOptions): Promise<{ aborted: boolean }> {
  if (options.specs.length === 0) return { aborted: options.signal?.aborted ?? false };
  if (options.workers <= 0) return executeInMainThread(options);
  return executeOnThreads(options);
}

async function executeInMainThread(options: ExecuteOptions): Promise<{ aborted: boolean }> {
  const { signal } = options;
  const protocol = await loadProtocolModule(options.moduleUrl);
  const queue = [...options.specs];
  let stopped = false;
  // Each lane runs one episode after another; several lanes interleave episodes that wait on a model.
  const lane = async () => {
    while (queue.length > 0 && !stopped) {
      if (signal?.aborted) {
        stopped = true;
        return;
      }
      const spec = queue.shift()!;
      const controller = new AbortController();
      const forward = () => controller.abort();
      signal?.addEventListener('abort', forward);
      const outcome = await executeEpisode(protocol, spec, { trace: options.trace, signal: controller.signal });
      signal?.removeEventListener('abort', forward);
      // An episode that failed because it was interrupted is not a failure of the episode: drop it.
      if (signal?.aborted && outcome.status === 'failed') {
        stopped = true;
        return;
      }
      options.onOutcome(outcome, spec, null);
      // Let signal handlers and the progress bar run between synchronous episodes.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  useRunCallSlots(options.callSlots);
  useMemoStore(options.memoDir);
  try {
    const lanes = Math.max(1, Math.min(options.episodesPerWorker ?? 1, options.specs.length));
    await Promise.all(Array.from({ length: lanes }, lane));
  } finally {
    useRunCallSlots(undefined);
    useMemoStore(undefined);
  }
  return { aborted: stopped || (signal?.aborted ?? false) };
}

async function executeOnThreads(options: ExecuteOptions): Promise<{ aborted: boolean }> {
  const { specs, signal } = options;
  if (signal?.aborted) return { aborted: true };
  const pool = new EpisodeThreadPool(options.moduleUrl, Math.min(options.workers, specs.length), {
    ...(options.episodesPerWorker !== undefined && { episodesPerThread: options.episodesPerWorker }),
    ...(options.callSlots && { callSlots: options.callSlots }),
    ...(options.agentSources && { agentSources: options.agentSources }),
    ...(options.memoDir !== undefined && { memoDir: options.memoDir }),
  });
  let failure: Error | undefined;
  let remaining = specs.length;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  signal?.addEventListener('abort', finish);
  for (const spec of specs) {
    pool.run(spec, options.trace).then(
      ({ outcome, worker }) => {
        if (failure || signal?.aborted) return;
        try {
          options.onOutcome(outcome, spec, worker);
        } catch (error) {
          failure = error instanceof Error ? error : new Error(String(error));
          finish();
          return;
        }
        if (--remaining === 0) finish();
      },
      (error: unknown) => {
        // The pool failed (the module did not load, a thread did not start) or was closed by an abort.
        if (failure || signal?.aborted) return;
        failure = error instanceof Error ? error : new Error(String(error));
        finish();
      },
    );
  }
  await finished;
  signal?.removeEventListener('abort', finish);
  await pool.close();
  if (failure) throw failure;
  return { aborted: remaining > 0 };
}

interface PendingRun {
  spec: EpisodeSpec;
  trace: boolean;
  resolve: (value: { outcome: EpisodeOutcome; worker: number }) => void;
  reject: (error: Error) => void;
  /** When it was sent to a thread. */
  dispatchedAt?: number;
}

interface ThreadState {
  id: number;
  ready: boolean;
  /** Episodes running on the thread, by the id their messages carry. */
  running: Map<number, PendingRun>;
  /** Call slots the thread holds now, by group (handed back if it dies). */
  heldSlots: Map<string | undefined, number>;
  /** The uncaught error that killed the thread, if one did. */
  error?: string;
  /** Settles when the thread has ended. */
  exited: Promise<void>;
}

export interface ThreadPoolOptions {
  /**
   * Episodes each thread runs at once (default 1). More than one pays off only for episodes that wait (on a model
   * server): a thread then works on one while the others wait.
   */
  episodesPerThread?: number;
  /**
   * The run's limit of model calls in flight, shared by every episode on every thread (`call-slots.ts`); a function
   * gives the slots of each group (a queue worker's runs) the threads ask for.
   */
  callSlots?: SlotSource;
  /** The environment the threads see (default: this process's); a queue worker and the dashboard give their key. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Agents of the user's own that each thread registers before it runs an episode (`WorkerData.agents`). */
  agentSources?: readonly AgentSource[];
  /**
   * The folder of the memo store on disk (`src/util/memo-store.ts`: the run's cache folder) that the threads' persistent
   * memos read and write; absent: they keep nothing on disk.
   */
  memoDir?: string;
}

/**
 * A fixed number of worker threads running episodes of one protocol module. `run` queues a spec and resolves with
 * its outcome once a thread has run it. A thread that dies under an episode (an uncaught error in a callback,
 * `process.exit`, out of memory) fails the episodes it was running with `worker thread died (exit code N)` and a new
 * thread takes its place. A module that cannot be loaded, or a thread that cannot start, rejects every queued run.
 *
 * No termination during loading: a thread still loading when the pool closes is terminated right after it has said
 * ready (or failed to load); terminating one in the middle of module evaluation can crash Node 20.
 */
export class EpisodeThreadPool {
  private readonly threads = new Map<Worker, ThreadState>();
  private readonly queue: PendingRun[] = [];
  private nextId = 0;
  private nextRunId = 0;
  private closed = false;
  private broken?: Error;
  readonly episodesPerThread: number;
  private readonly callSlots?: SlotSource;
  private readonly env?: Readonly<Record<string, string | undefined>>;
  private readonly agents: readonly AgentSource[];
  private readonly memoDir?: string;

  constructor(
    private readonly moduleUrl: string,
    readonly size: number,
    options: ThreadPoolOptions = {},
  ) {
    if (!(size >= 1)) throw new Error(`a thread pool needs at least one thread, got ${size}`);
    this.memoDir = options.memoDir;
    this.episodesPerThread = options.episodesPerThread ?? 1;
    if (!Number.isInteger(this.episodesPerThread) || this.episodesPerThread < 1) {
      throw new Error(`episodes per thread must be an integer >= 1, got ${this.episodesPerThread}`);
    }
    this.callSlots = options.callSlots;
    this.env = options.env;
    this.agents = options.agentSources ?? [];
    for (let i = 0; i < size; i++) this.start();
  }

  /** Runs one episode on the next thread with room for it. */
  run(spec: EpisodeSpec, trace: boolean): Promise<{ outcome: EpisodeOutcome; worker: number }> {
    return new Promise((resolve, reject) => {
      if (this.broken) return reject(this.broken);
      if (this.closed) return reject(new Error('the thread pool is closed'));
      this.queue.push({ spec, trace, resolve, reject });
      this.dispatch();
    });
  }

  /** Episodes queued or running. */
  get busy(): number {
    let running = 0;
    for (const state of this.threads.values()) running += state.running.size;
    return running + this.queue.length;
  }

  /** Cancels and terminates every thread (queued runs are rejected); resolves once all have ended. */
  async close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      this.rejectQueued(new Error('the thread pool was closed'));
      for (const [worker, state] of this.threads) {
        if (!state.ready) continue; // terminated once it has loaded (the 'message' handler)
        for (const pending of state.running.values()) pending.reject(new Error('the thread pool was closed'));
        state.running.clear();
        post(worker, { type: 'cancel' });
        void worker.terminate();
      }
    }
    await Promise.all([...this.threads.values()].map((state) => state.exited));
  }

  private rejectQueued(error: Error): void {
    for (const pending of this.queue.splice(0)) pending.reject(error);
  }

  private fail(error: Error): void {
    this.broken ??= error;
    this.rejectQueued(error);
    for (const state of this.threads.values()) {
      for (const pending of state.running.values()) pending.reject(error);
      state.running.clear();
    }
  }

  /** Fills the threads, least busy first, so that the episodes spread over all of them. */
  private dispatch(): void {
    if (this.closed) return;
    for (let load = 0; load < this.episodesPerThread && this.queue.length > 0; load++) {
      for (const [worker, state] of this.threads) {
        if (this.queue.length === 0) return;
        if (!state.ready || state.running.size > load) continue;
        const pending = this.queue.shift()!;
        const id = this.nextRunId++;
        pending.dispatchedAt = performance.now();
        state.running.set(id, pending);
        post(worker, { type: 'run', id, spec: pending.spec, trace: pending.trace });
      }
    }
  }

  private start(): void {
    const worker = spawnWorker(this.moduleUrl, {
      runCallSlots: this.callSlots !== undefined,
      shareMemos: this.size > 1,
      ...(this.env && { env: this.env }),
      agents: this.agents,
      ...(this.memoDir !== undefined && { memoDir: this.memoDir }),
    });
    const exited = new Promise<void>((resolveExit) => worker.once('exit', () => resolveExit()));
    const state: ThreadState = { id: this.nextId++, ready: false, running: new Map(), heldSlots: new Map(), exited };
    this.threads.set(worker, state);
    worker.on('message', (message: WorkerToMain) => {
      if (message.type === 'slot-acquire' || message.type === 'slot-release') {
        this.serveSlots(worker, state, message);
        return;
      }
      if (message.type === 'memo') {
        // What one thread's memo learned, for the others (`src/util/shared-memo.ts`).
        for (const [other, otherState] of this.threads) if (other !== worker && otherState.ready) post(other, message);
        return;
      }
      if (this.closed || this.broken) {
        if (message.type !== 'done') void worker.terminate(); // it has finished loading: now it may go
        return;
      }
      if (message.type === 'ready') {
        state.ready = true;
        this.dispatch();
      } else if (message.type === 'load-error') {
        const what = this.agents.length > 0 ? 'the agents of its own or protocol module' : 'protocol module';
        this.fail(new Error(`cannot load ${what} ${this.moduleUrl}: ${message.error}`));
        void worker.terminate();
      } else {
        const pending = state.running.get(message.id);
        state.running.delete(message.id);
        pending?.resolve({ outcome: message.outcome, worker: state.id });
        this.dispatch();
      }
    });
    worker.on('error', (error) => {
      state.error = describeError(error);
    });
    worker.on('exit', (code) => {
      this.threads.delete(worker);
      // Slots the thread held are free again (the calls died with it).
      for (const [group, count] of state.heldSlots) {
        for (let i = 0; i < count; i++) if (this.callSlots) slotsOf(this.callSlots, group).release();
      }
      state.heldSlots.clear();
      if (this.closed || this.broken) return;
      if (!state.ready) {
        this.fail(new Error(`a runner worker thread failed to start (exit code ${code}): ${state.error ?? ''}`));
        return;
      }
      // The thread died under its episodes: they failed; a fresh thread takes its place.
      const error = `worker thread died (exit code ${code})${state.error ? `: ${state.error}` : ''}`;
      for (const pending of state.running.values()) {
        const wallMs = performance.now() - (pending.dispatchedAt ?? performance.now());
        pending.resolve({ outcome: { status: 'failed', key: pending.spec.key, error, wallMs }, worker: state.id });
      }
      state.running.clear();
      this.start();
    });
  }

  /** A thread's request for one of the run's call slots, or its hand-back. */
  private serveSlots(worker: Worker, state: ThreadState, message: SlotRequest): void {
    if (!this.callSlots) return;
    const slots = slotsOf(this.callSlots, message.group);
    const held = state.heldSlots.get(message.group) ?? 0;
    if (message.type === 'slot-release') {
      if (held === 0) return; // the thread's slots were already taken back
      state.heldSlots.set(message.group, held - 1);
      slots.release(message.usage, message.transfer);
      return;
    }
    slots.acquire().then(
      () => {
        if (!this.threads.has(worker)) {
          slots.release(); // the thread ended while it waited
          return;
        }
        state.heldSlots.set(message.group, (state.heldSlots.get(message.group) ?? 0) + 1);
        post(worker, { type: 'slot-grant', id: message.id });
      },
      () => undefined, // the slots were closed: the pool is going away
    );
  }
}

function post(worker: Worker, message: MainToWorker): void {
  worker.postMessage(message);
}

function spawnWorker(
  moduleUrl: string,
  options: {
    runCallSlots: boolean;
    shareMemos: boolean;
    agents: readonly AgentSource[];
    env?: Readonly<Record<string, string | undefined>>;
    memoDir?: string;
  },
): Worker {
  const workerData: WorkerData = {
    moduleUrl,
    ...(options.runCallSlots && { runCallSlots: true }),
    ...(options.shareMemos && { shareMemos: true }),
    ...(options.agents.length > 0 && { agents: [...options.agents] }),
    ...(options.memoDir !== undefined && { memoDir: options.memoDir, codeVersion: codeVersion() }),
  };
  const env = options.env && { env: options.env as NodeJS.ProcessEnv };
  const typeScriptAgent = options.agents.some((agent) => agent.kind === 'module' && isTypeScript(agent.path));
  if (!isTypeScript(WORKER_ENTRY.href) && !isTypeScript(moduleUrl) && !typeScriptAgent) {
    return new Worker(WORKER_ENTRY, { workerData, ...env });
  }
  if (threadsFromDist() && !typeScriptAgent) {
    const entry = compiledTwin(WORKER_ENTRY.href);
    const module = isSource(moduleUrl) || isTypeScript(moduleUrl) ? compiledTwin(moduleUrl) : moduleUrl;
    if (entry && module)
      return new Worker(new URL(entry), { workerData: { ...workerData, moduleUrl: module }, ...env });
  }
  // Register tsx's ESM loader in the new thread, then import the entry. `execArgv: []`: the thread must not inherit
  // a parent's `--import tsx`, whose half-shared hooks break the registration on Node 20.
  const typeScript = typeScriptAgent
    ? options.agents.find((agent) => agent.kind === 'module' && isTypeScript(agent.path))!.name
    : moduleUrl;
  const bootstrap = `import(${JSON.stringify(tsxEsmApiUrl(typeScript))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_ENTRY.href)}); })
  .catch((error) => { process.nextTick(() => { throw error; }); });`;
  return new Worker(bootstrap, { eval: true, workerData, execArgv: [], ...env });
}

function isTypeScript(specifier: string): boolean {
  return /\.[cm]?ts$/.test(specifier.split(/[?#]/)[0]);
}

let tsxApiUrl: string | undefined;

/**
 * file: URL of tsx's ESM API (`tsx/esm/api`, import condition), found through tsx's package.json exports. `what`: the
 * TypeScript that needs it, for the error when tsx is not installed.
 */
function tsxEsmApiUrl(what: string): string {
  if (tsxApiUrl) return tsxApiUrl;
  try {
    const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
    const manifest = JSON.parse(readFileSync(packageJson, 'utf8')) as {
      exports: Record<string, { import: { default: string } }>;
    };
    tsxApiUrl = new URL(manifest.exports['./esm/api'].import.default, pathToFileURL(packageJson)).href;
    return tsxApiUrl;
  } catch {
    throw new Error(`running TypeScript (${what}) in worker threads needs the tsx package (npm install tsx)`);
  }
}
