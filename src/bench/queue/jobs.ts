/**
 * What travels through the queue: one job per episode, its id, its data and what a worker returns. Everything is
 * plain JSON. The job id comes from the run's configuration and the episode's spec (seed included), so enqueuing the
 * same grid again adds nothing that is already waiting, running or done: the coordinator collects those instead.
 *
 * Anyone who can write to Redis can add a job or finish one with a result of their own, so each side checks what it
 * reads against the schemas here (zod, strict, bounded) before using it: a worker its jobs (and then the spec in it,
 * `untrusted-spec.ts`), the coordinator its workers' results, `queue status` the runs' registrations. The coordinator
 * checks the jobs it writes against the same schema.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { type RecordedCall, recordedCallSchema } from '../../llm/middleware/cache.js';
import { isJsonValue } from '../../util/json-text.js';
import type { EpisodeOutcome } from '../execute.js';
import { canonicalJson, type JsonObject, type JsonValue } from '../json.js';
import type { EpisodeSpec } from '../protocol.js';
import { specKey } from '../spec-schema.js';

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

/** A run's tag (`runTag`): 16 hex digits. */
const RUN_TAG = /^[0-9a-f]{16}$/;

/** A job as a worker reads it; the spec inside is checked against its protocol's schema next (`admitHandedSpec`). */
export const episodeJobSchema = z.strictObject({
  run: z.string().regex(RUN_TAG, 'not a run tag'),
  protocol: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, 'not a protocol name'),
  spec: z.unknown(),
  trace: z.boolean(),
  // The coordinator names each shared recording by a fresh UUID; the worker names its local copy itself.
  recording: z.strictObject({ tag: z.uuid(), mode: z.enum(['record', 'replay']) }).optional(),
});

/** A value from elsewhere that must be JSON data (no deeper than `MAX_JSON_DEPTH`). */
const json = z.custom<JsonValue>((value) => isJsonValue(value), 'not JSON data');
const jsonObject = z.custom<JsonObject>(
  (value) => value !== null && typeof value === 'object' && !Array.isArray(value) && isJsonValue(value),
  'not a JSON object',
);
const wallMs = z
  .number()
  .min(0)
  .max(365 * 24 * 3600 * 1000);

/** What a worker returns for a job, as the coordinator reads it before it stores anything. */
export const episodeJobResultSchema = z.strictObject({
  outcome: z.discriminatedUnion('status', [
    z.strictObject({
      status: z.literal('ok'),
      key: specKey,
      result: z.strictObject({
        metrics: z.record(z.string().max(256), z.number().finite().nullable()),
        details: json.optional(),
      }),
      trace: z.array(jsonObject).optional(),
      wallMs,
      protocolTiming: jsonObject.optional(),
    }),
    z.strictObject({ status: z.literal('failed'), key: specKey, error: z.string().max(1 << 20), wallMs }),
  ]),
  worker: z.string().max(256),
  llmCalls: z.array(recordedCallSchema).max(1_000_000).optional(),
});

/** A run's registration in `hearth:runs`, as `queue status` reads it. */
export const queuedRunInfoSchema = z.strictObject({
  protocol: z.string().max(64),
  episodes: z.number().int().min(0),
  store: z.string().max(4096),
  runId: z.number().int().min(0),
  host: z.string().max(256),
  started: z.string().max(64),
});

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
