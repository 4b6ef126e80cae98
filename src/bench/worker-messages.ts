/** Messages between the runner (main thread) and its worker threads. */
import type { EpisodeOutcome } from './execute.js';
import type { EpisodeSpec } from './protocol.js';

export interface WorkerData {
  /** Absolute specifier of the protocol module. */
  moduleUrl: string;
}

export type MainToWorker = { type: 'run'; spec: EpisodeSpec; trace: boolean } | { type: 'cancel' };

export type WorkerToMain =
  | { type: 'ready' }
  | { type: 'load-error'; error: string }
  | { type: 'done'; outcome: EpisodeOutcome };
