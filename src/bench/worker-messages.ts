/** Messages between the runner (main thread) and its worker threads. */
import type { SlotRequest } from './call-slots.js';
import type { EpisodeOutcome } from './execute.js';
import type { EpisodeSpec } from './protocol.js';

export interface WorkerData {
  /** Absolute specifier of the protocol module. */
  moduleUrl: string;
  /** Whether the episodes' models take their call slots from the main thread (`call-slots.ts`). */
  runCallSlots?: boolean;
}

export type MainToWorker =
  /** Runs an episode; `id` names it in its `done` (a thread may run several at once). */
  | { type: 'run'; id: number; spec: EpisodeSpec; trace: boolean }
  /** Aborts every running episode (the pool is closing). */
  | { type: 'cancel' }
  /** The call slot asked for with this id is the thread's. */
  | { type: 'slot-grant'; id: number };

export type WorkerToMain =
  | { type: 'ready' }
  | { type: 'load-error'; error: string }
  | { type: 'done'; id: number; outcome: EpisodeOutcome }
  | SlotRequest;
