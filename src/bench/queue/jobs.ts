/**
 * What travels through the queue: one job per episode, its id, its data and what a worker returns. Everything is
 * plain JSON. The job id comes from the run's configuration and the episode's spec (seed included), so enqueuing the
 * same grid again adds nothing that is already waiting, running or done: the coordinator collects those instead.
 */
import { createHash } from 'node:crypto';
import type { RecordedCall } from '../../llm/middleware/cache.js';
import type { EpisodeOutcome } from '../execute.js';
import { canonicalJson, type JsonObject } from '../json.js';
import type { EpisodeSpec } from '../protocol.js';

/** The BullMQ queue every hearth run and worker shares (runs are told apart by their tag). */
export const QUEUE_NAME = 'hearth-episodes';
/** Redis hash: run tag -> JSON `QueuedRunInfo`, for `hearth queue status`. */
export const RUNS_KEY = 'hearth:runs';
/** Prefix of the Redis hashes holding a shared LLM recording (`llm-calls.ts`). */
export const RECORDING_KEY_PREFIX = 'hearth:llm:';
/** Finished jobs (and shared recordings) are kept this long, so that a coordinator restarted later still finds them. */
export const KEEP_SECONDS = 7 * 24 * 3600;

/** An LLM recording shared through Redis: `record` (a cache the coordinator writes) or `replay` (read only). */
export interface SharedRecording {
  readonly tag: string;
  readonly mode: 'record' | 'replay';
}

export interface EpisodeJobData {
  /** The run tag (`runTag`). */
  run: string;
  /** Registered protocol name; each worker resolves it in its own registry. */
  protocol: string;
  spec: EpisodeSpec;
  trace: boolean;
  /** The recording behind `spec.llm.cache` / `spec.llm.replay`, when the spec has one. */
  recording?: SharedRecording;
}

export interface EpisodeJobResult {
  outcome: EpisodeOutcome;
  /** `host:pid` of the worker process. */
  worker: string;
  /** LLM calls the worker recorded (record mode), for the coordinator's cache file. */
  llmCalls?: RecordedCall[];
}

export interface QueuedRunInfo {
  protocol: string;
  episodes: number;
  store: string;
  runId: number;
  host: string;
  started: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A run's tag: what decides its results (protocol, configuration) and whether traces are kept. */
export function runTag(protocol: string, config: JsonObject, trace: boolean): string {
  return sha256(canonicalJson({ protocol, config, trace })).slice(0, 16);
}

/** The job id of an episode: the run's tag and a digest of the spec (BullMQ ids may not contain ':'). */
export function jobId(tag: string, spec: EpisodeSpec): string {
  return `${tag}-${sha256(canonicalJson(spec)).slice(0, 24)}`;
}

/** The run tag of a job id. */
export function runOfJob(id: string): string {
  return id.slice(0, id.indexOf('-'));
}
