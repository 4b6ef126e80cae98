/**
 * Executes episode specs on a pool of worker threads (or, with 0 workers, in the main thread) and hands every outcome
 * to a callback on the main thread as soon as it arrives. Each worker imports the protocol module once and then runs
 * one episode at a time; the next spec goes to whichever worker is free, so completion order varies from run to run
 * and nothing downstream may depend on it.
 *
 * Worker entry: `worker.js` beside this file in the compiled package. When this file is the TypeScript source (tests
 * under vitest, scripts under tsx), or the protocol module is TypeScript, the worker is started from a two-line
 * bootstrap that registers tsx's ESM loader (`tsx/esm/api`) in the new thread first: on Node 20,
 * `execArgv: ['--import', 'tsx']` does not apply the loader to a worker's own entry.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describeError, type EpisodeOutcome, executeEpisode, loadProtocolModule } from './execute.js';
import type { EpisodeSpec } from './protocol.js';
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
  for (const spec of options.specs) {
    if (signal?.aborted) return { aborted: true };
    const controller = new AbortController();
    const forward = () => controller.abort();
    signal?.addEventListener('abort', forward);
    const outcome = await executeEpisode(protocol, spec, { trace: options.trace, signal: controller.signal });
    signal?.removeEventListener('abort', forward);
    // An episode that failed because it was interrupted is not a failure of the episode: drop it.
    if (signal?.aborted && outcome.status === 'failed') return { aborted: true };
    options.onOutcome(outcome, spec, null);
    // Let signal handlers and the progress bar run between synchronous episodes.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { aborted: signal?.aborted ?? false };
}

interface WorkerState {
  id: number;
  ready: boolean;
  /** No more work for it: it was told to end. */
  retired: boolean;
  current?: EpisodeSpec;
  dispatchedAt: number;
  /** The uncaught error that killed the thread, if one did. */
  error?: string;
  /** Settles when the thread has ended. */
  exited: Promise<void>;
}

function executeOnThreads(options: ExecuteOptions): Promise<{ aborted: boolean }> {
  const { specs, signal } = options;
  const live = new Map<Worker, WorkerState>();
  let next = 0;
  let remaining = specs.length;
  let nextWorkerId = 0;
  let settled = false;

  return new Promise((resolve, reject) => {
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      const aborted = error === undefined && remaining > 0;
      const exits = [...live.values()].map((state) => state.exited);
      // A worker still loading is terminated once it has loaded (see the 'message' handler): terminating one in the
      // middle of module evaluation can crash Node 20.
      for (const [worker, state] of live) {
        if (!state.ready) continue;
        post(worker, { type: 'cancel' });
        void worker.terminate();
      }
      Promise.all(exits).then(() => (error ? reject(error) : resolve({ aborted })), reject);
    };
    const onAbort = () => finish();

    const record = (outcome: EpisodeOutcome, spec: EpisodeSpec, state: WorkerState) => {
      remaining--;
      try {
        options.onOutcome(outcome, spec, state.id);
      } catch (error) {
        finish(error instanceof Error ? error : new Error(String(error)));
        return false;
      }
      if (remaining === 0) finish();
      return remaining > 0;
    };

    const dispatch = (worker: Worker, state: WorkerState) => {
      if (settled) return;
      if (next >= specs.length) {
        state.retired = true;
        void worker.terminate();
        return;
      }
      const spec = specs[next++];
      state.current = spec;
      state.dispatchedAt = performance.now();
      post(worker, { type: 'run', spec, trace: options.trace });
    };

    const start = () => {
      const worker = spawnWorker(options.moduleUrl);
      const exited = new Promise<void>((resolveExit) => worker.once('exit', () => resolveExit()));
      const state: WorkerState = { id: nextWorkerId++, ready: false, retired: false, dispatchedAt: 0, exited };
      live.set(worker, state);
      worker.on('message', (message: WorkerToMain) => {
        if (settled) {
          if (message.type !== 'done') void worker.terminate(); // it has finished loading: now it may go
          return;
        }
        if (message.type === 'ready') {
          state.ready = true;
          dispatch(worker, state);
        } else if (message.type === 'load-error') {
          finish(new Error(`cannot load protocol module ${options.moduleUrl}: ${message.error}`));
        } else {
          const spec = state.current!;
          state.current = undefined;
          if (record(message.outcome, spec, state)) dispatch(worker, state);
        }
      });
      worker.on('error', (error) => {
        state.error = describeError(error);
      });
      worker.on('exit', (code) => {
        live.delete(worker);
        if (settled || state.retired) return;
        if (!state.ready) {
          finish(new Error(`a runner worker thread failed to start (exit code ${code}): ${state.error ?? ''}`));
          return;
        }
        // The thread died under an episode (an uncaught error in a callback, exit(), out of memory): that episode
        // failed; a fresh worker takes over the rest.
        const spec = state.current;
        state.current = undefined;
        if (spec) {
          const error = `worker thread died (exit code ${code})${state.error ? `: ${state.error}` : ''}`;
          const wallMs = performance.now() - state.dispatchedAt;
          if (!record({ status: 'failed', key: spec.key, error, wallMs }, spec, state)) return;
        }
        if (next < specs.length) start();
      });
    };

    if (signal?.aborted) {
      resolve({ aborted: true });
      return;
    }
    signal?.addEventListener('abort', onAbort);
    const size = Math.min(options.workers, specs.length);
    for (let i = 0; i < size; i++) start();
  });
}

function post(worker: Worker, message: MainToWorker): void {
  worker.postMessage(message);
}

function spawnWorker(moduleUrl: string): Worker {
  const workerData: WorkerData = { moduleUrl };
  if (!isTypeScript(WORKER_ENTRY.href) && !isTypeScript(moduleUrl)) return new Worker(WORKER_ENTRY, { workerData });
  // Register tsx's ESM loader in the new thread, then import the entry. `execArgv: []`: the thread must not inherit
  // a parent's `--import tsx`, whose half-shared hooks break the registration on Node 20.
  const bootstrap = `import(${JSON.stringify(tsxEsmApiUrl(moduleUrl))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_ENTRY.href)}); })
  .catch((error) => { process.nextTick(() => { throw error; }); });`;
  return new Worker(bootstrap, { eval: true, workerData, execArgv: [] });
}

function isTypeScript(specifier: string): boolean {
  return /\.[cm]?ts$/.test(specifier.split(/[?#]/)[0]);
}

let tsxApiUrl: string | undefined;

/** file: URL of tsx's ESM API (`tsx/esm/api`, import condition), found through tsx's package.json exports. */
function tsxEsmApiUrl(moduleUrl: string): string {
  if (tsxApiUrl) return tsxApiUrl;
  try {
    const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
    const manifest = JSON.parse(readFileSync(packageJson, 'utf8')) as {
      exports: Record<string, { import: { default: string } }>;
    };
    tsxApiUrl = new URL(manifest.exports['./esm/api'].import.default, pathToFileURL(packageJson)).href;
    return tsxApiUrl;
  } catch {
    throw new Error(`running TypeScript (${moduleUrl}) in worker threads needs the tsx package (npm install tsx)`);
  }
}
