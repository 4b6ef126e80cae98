/**
 * Entry of a runner worker thread. It imports the protocol module named in `workerData`, says it is ready (or why
 * it could not load), then runs the episodes the main thread sends, one at a time, posting each outcome back.
 *
 * No top-level await here: a worker terminated while an async module is still evaluating crashes Node 20 (a V8
 * check failure that takes the whole process down). With a synchronous entry, and the main thread terminating a
 * worker only after it said ready or failed to load, that never happens.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { describeError, executeEpisode, loadProtocolModule } from './execute.js';
import type { ProtocolModule } from './protocol.js';
import type { MainToWorker, WorkerData, WorkerToMain } from './worker-messages.js';

const port = parentPort;
if (!port) throw new Error('worker.ts is the entry of a runner worker thread, not a module to import');
const post = (message: WorkerToMain) => port.postMessage(message);

function serve(protocol: ProtocolModule): void {
  let running: AbortController | undefined;
  port?.on('message', async (message: MainToWorker) => {
    if (message.type === 'cancel') {
      running?.abort();
      return;
    }
    running = new AbortController();
    const outcome = await executeEpisode(protocol, message.spec, { trace: message.trace, signal: running.signal });
    running = undefined;
    post({ type: 'done', outcome });
  });
  post({ type: 'ready' });
}

loadProtocolModule((workerData as WorkerData).moduleUrl).then(serve, (error: unknown) =>
  post({ type: 'load-error', error: describeError(error) }),
);
