/** Messages between the runner (main thread) and its worker threads. */
import type { AgentSource } from '../agents/external/index.js';
import type { SlotRequest } from './call-slots.js';
import type { EpisodeOutcome } from './execute.js';
import type { EpisodeSpec } from './protocol.js';

export interface WorkerData {
  /** Absolute specifier of the protocol module. */
  moduleUrl: string;
  /** Whether the episodes' models take their call slots from the main thread (`call-slots.ts`). */
  runCallSlots?: boolean;
  /** Whether the thread's memos are shared with the other threads (`src/util/shared-memo.ts`). */
  shareMemos?: boolean;
  /** Agents of the user's own that the process named (`--agents ./x.js`, `exec:...`): registered in the thread. */
  agents?: AgentSource[];
  /** The folder of the memo store on disk the thread's persistent memos use (`src/util/memo-store.ts`); none: none. */
  memoDir?: string;
  /** The code's digest, computed by the runner (`src/util/code-version.ts`: the same tree), for the memo store. */
  codeVersion?: string;
}

/** A result a thread's shared memo learned, on its way to the other threads. */
export interface MemoMessage {
  type: 'memo';
  table: string;
  key: string;
  value: unknown;
}

export type MainToWorker =
  /** Runs an episode; `id` names it in its `done` (a thread may run several at once). */
  | { type: 'run'; id: number; spec: EpisodeSpec; trace: boolean }
  /** Aborts every running episode (the pool is closing). */
  | { type: 'cancel' }
  /** The call slot asked for with this id is the thread's. */
  | { type: 'slot-grant'; id: number }
  | MemoMessage;

export type WorkerToMain =
  | { type: 'ready' }
  | { type: 'load-error'; error: string }
  | { type: 'done'; id: number; outcome: EpisodeOutcome }
  | SlotRequest
  | MemoMessage;
