/**
 * Entry of a runner worker thread. It registers the agents of the user's own that the main thread loaded (a module is
 * imported again here), imports the protocol module named in `workerData`, says it is ready (or why it could not load), then runs the episodes the main thread sends, posting each outcome back. The main thread
 * decides how many run at once: one, or for episodes that wait on a model server several, which then interleave at
 * their awaits (each with its own abort signal and decision collector).
 *
 * No top-level await here: a worker terminated while an async module is still evaluating crashes Node 20 (a V8
 * check failure that takes the whole process down). With a synchronous entry, and the main thread terminating a
 * worker only after it said ready or failed to load, that never happens.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { useCodeVersion } from '../util/code-version.js';
import { useMemoStore } from '../util/memo-store.js';
import { publishMemos, receiveMemo } from '../util/shared-memo.js';
import { ThreadCallSlots } from './call-slots.js';
import { describeError, executeEpisode, loadProtocolModule } from './execute.js';
import { useRunCallSlots } from './llm.js';
import type { ProtocolModule } from './protocol.js';
import type { MainToWorker, WorkerData, WorkerToMain } from './worker-messages.js';

const port = parentPort;
if (!port) throw new Error('worker.ts is the entry of a runner worker thread, not a module to import');
const post = (message: WorkerToMain) => port.postMessage(message);
const data = workerData as WorkerData;
const slots = data.runCallSlots ? new ThreadCallSlots(post) : undefined;
useRunCallSlots(slots && ((group) => slots.group(group)));
if (data.shareMemos) publishMemos((table, key, value) => post({ type: 'memo', table, key, value }));
if (data.codeVersion !== undefined) useCodeVersion(data.codeVersion);
useMemoStore(data.memoDir);

function serve(protocol: ProtocolModule): void {
  const running = new Map<number, AbortController>();
  port?.on('message', async (message: MainToWorker) => {
    if (message.type === 'slot-grant') {
      slots?.granted(message.id);
      return;
    }
    if (message.type === 'memo') {
      receiveMemo(message.table, message.key, message.value);
      return;
    }
    if (message.type === 'cancel') {
      for (const controller of running.values()) controller.abort();
      return;
    }
    const controller = new AbortController();
    running.set(message.id, controller);
    const outcome = await executeEpisode(protocol, message.spec, { trace: message.trace, signal: controller.signal });
    running.delete(message.id);
    post({ type: 'done', id: message.id, outcome });
  });
  post({ type: 'ready' });
}

/** The user's own agents (the process that started this thread named them); the module only when there are some. */
async function registerOwnAgents(): Promise<void> {
  if (!data.agents || data.agents.length === 0) return;
  const { registerAgentSources } = await import('../agents/external/index.js');
  await registerAgentSources(data.agents);
}

// The user's own agents first, then the protocol.
registerOwnAgents()
  .then(() => loadProtocolModule(data.moduleUrl))
  .then(serve, (error: unknown) => post({ type: 'load-error', error: describeError(error) }));
