/**
 * LLM recordings across machines. A spec's `llm.cache` (record) or `llm.replay` names a file on the coordinator's
 * machine, which workers elsewhere cannot open. So the coordinator copies the recording into a Redis hash (request key
 * -> the recorded call) and each job names that hash; a worker copies the hash into a local SQLite file once, gives
 * its episodes that file instead, and, when recording, sends the calls its episodes added back with each job's result
 * (and into the hash, for the other workers). The coordinator writes them into its own file. A replayed sweep thus
 * answers every call from the recording on every worker, and a recorded one ends with every call in the
 * coordinator's file, as a local run would.
 *
 * What comes back is checked before it is written (docs/security.md): a worker checks every call it copies from the
 * hash, the coordinator every call a worker returns (its form, its key the digest of its request, its backend the
 * run's own), and a worker names its local copies itself: a job's tag never becomes a path.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { backendInfoOf } from '../../llm/config.js';
import {
  backendId,
  LlmCallStore,
  type RecordedCall,
  recordedCallFault,
  recordedCallSchema,
} from '../../llm/middleware/cache.js';
import { InputError } from '../../util/errors.js';
import { episodeLlmOf } from '../llm.js';
import type { EpisodeSpec } from '../protocol.js';
import { KEEP_SECONDS, RECORDING_KEY_PREFIX, type SharedRecording } from './jobs.js';

const CHUNK = 500;

/** The recording a spec uses, if any: its file and mode. */
export function recordingOf(spec: EpisodeSpec): { file: string; mode: 'record' | 'replay' } | undefined {
  const llm = spec.llm as { cache?: unknown; replay?: unknown } | undefined;
  if (llm === null || typeof llm !== 'object') return undefined;
  if (typeof llm.replay === 'string') return { file: llm.replay, mode: 'replay' };
  if (typeof llm.cache === 'string') return { file: llm.cache, mode: 'record' };
  return undefined;
}

/** The spec with its recording's file replaced by `file` (a worker's local copy): no other recording is left in it. */
export function withRecordingFile(spec: EpisodeSpec, file: string): EpisodeSpec {
  const { cache: _cache, replay: _replay, ...llm } = spec.llm as Record<string, unknown>;
  const mode = recordingOf(spec)?.mode;
  return { ...spec, llm: { ...llm, ...(mode === 'replay' ? { replay: file } : { cache: file }) } } as EpisodeSpec;
}

async function upload(redis: Redis, tag: string, calls: readonly RecordedCall[]): Promise<void> {
  const hash = RECORDING_KEY_PREFIX + tag;
  for (let i = 0; i < calls.length; i += CHUNK) {
    const chunk = calls.slice(i, i + CHUNK);
    // The call's fields only (a row number of the file it came from is no part of it).
    const entries = chunk.map(({ key, backend, kind, request, response }) => [
      key,
      JSON.stringify({ key, backend, kind, request, response }),
    ]);
    await redis.hset(hash, Object.fromEntries(entries));
  }
  await redis.expire(hash, KEEP_SECONDS);
}

/** The coordinator's side: every recording its specs name, copied into Redis; and its files, to record into. */
export class CoordinatorRecordings {
  private readonly shared = new Map<string, SharedRecording>();
  private readonly files = new Map<string, LlmCallStore>();

  private constructor() {}

  /** Copies each recording the specs use into Redis (a fresh tag per coordinator start). */
  static async share(redis: Redis, specs: readonly EpisodeSpec[]): Promise<CoordinatorRecordings> {
    const recordings = new CoordinatorRecordings();
    for (const spec of specs) {
      const recording = recordingOf(spec);
      if (!recording || recordings.shared.has(recording.file)) continue;
      const store =
        recording.mode === 'replay'
          ? LlmCallStore.openForReplay(recording.file)
          : LlmCallStore.openForRecording(recording.file);
      const tag = randomUUID();
      try {
        await upload(redis, tag, store.rows());
      } finally {
        if (recording.mode === 'replay') store.close();
      }
      if (recording.mode === 'record') recordings.files.set(recording.file, store);
      recordings.shared.set(recording.file, { tag, mode: recording.mode });
    }
    return recordings;
  }

  /** The shared recording a spec's job names. */
  of(spec: EpisodeSpec): SharedRecording | undefined {
    const recording = recordingOf(spec);
    return recording && this.shared.get(recording.file);
  }

  /**
   * Why the calls a worker returned for `spec` may not go into the coordinator's file (undefined: they may): each must
   * be a well-formed call of the spec's own model, keyed by its request.
   */
  faultOf(spec: EpisodeSpec, calls: readonly RecordedCall[] | undefined): string | undefined {
    if (!calls || calls.length === 0) return undefined;
    const recording = recordingOf(spec);
    if (recording?.mode !== 'record') return 'model calls came back for an episode that records none';
    const expected = backendId(backendInfoOf(episodeLlmOf(spec.llm)));
    for (const call of calls) {
      if (call.backend !== expected) return "a model call came back for another model than the run's";
      const fault = recordedCallFault(call);
      if (fault) return `a model call came back malformed: ${fault}`;
    }
    return undefined;
  }

  /** Writes calls a worker recorded for this spec into the coordinator's cache file (checked with `faultOf`). */
  record(spec: EpisodeSpec, calls: readonly RecordedCall[] | undefined): void {
    const recording = recordingOf(spec);
    if (!recording || !calls || calls.length === 0) return;
    this.files.get(recording.file)?.putRows(calls);
  }

  close(): void {
    for (const store of this.files.values()) store.close();
    this.files.clear();
  }
}

/** A worker's local copy of a shared recording. */
class LocalRecording {
  private sent: number;

  private constructor(
    readonly file: string,
    private readonly tag: string,
    private readonly store: LlmCallStore,
  ) {
    this.sent = store.lastRow();
  }

  /** Copies the shared recording into `file` (a name the worker chose), checking every call's form. */
  static async fetch(redis: Redis, file: string, shared: SharedRecording): Promise<LocalRecording> {
    const store = LlmCallStore.openForRecording(file);
    try {
      let cursor = '0';
      do {
        const [next, fields] = await redis.hscan(RECORDING_KEY_PREFIX + shared.tag, cursor, 'COUNT', CHUNK);
        cursor = next;
        const calls: RecordedCall[] = [];
        for (let i = 1; i < fields.length; i += 2) calls.push(sharedCall(fields[i - 1], fields[i]));
        store.putRows(calls);
      } while (cursor !== '0');
    } catch (error) {
      store.close();
      throw error;
    }
    return new LocalRecording(file, shared.tag, store);
  }

  /** The calls recorded since the last time (by any episode of this worker), also shared with the other workers. */
  async takeNew(redis: Redis): Promise<RecordedCall[]> {
    const rows = this.store.rows(this.sent);
    if (rows.length === 0) return [];
    this.sent = rows[rows.length - 1].row;
    const calls = rows.map(({ row: _row, ...call }) => call);
    await upload(redis, this.tag, calls);
    return calls;
  }

  close(): void {
    this.store.close();
  }
}

/** A call of a shared recording, checked: well-formed, under its own key. */
function sharedCall(field: string, text: string): RecordedCall {
  let call: unknown;
  try {
    call = JSON.parse(text);
  } catch {
    call = undefined;
  }
  const parsed = recordedCallSchema.safeParse(call);
  if (!parsed.success || parsed.data.key !== field) {
    throw new InputError('the shared model recording holds an entry that is not a recorded call');
  }
  return parsed.data;
}

/** The worker's side: local copies of the recordings its jobs name, made on first use, removed at the end. */
export class WorkerRecordings {
  /** Made with the first local copy: a worker whose jobs name no recording leaves nothing behind, even if killed. */
  private dir: string | undefined;
  private readonly local = new Map<string, Promise<LocalRecording>>();

  constructor(private readonly redis: Redis) {}

  /**
   * The spec to run (its recording replaced by the local copy) and, when recording, how to collect new calls. A
   * spec's recording names a file on the coordinator's machine, never opened here: a spec naming one without the job
   * carrying it, or the other way round, is refused.
   */
  async prepare(
    spec: EpisodeSpec,
    shared: SharedRecording | undefined,
  ): Promise<{ spec: EpisodeSpec; takeNew?: () => Promise<RecordedCall[]> }> {
    const named = recordingOf(spec);
    if (named?.mode !== shared?.mode) {
      throw new InputError(
        named
          ? `the spec names a model recording (llm.${named.mode === 'replay' ? 'replay' : 'cache'}), which reaches a ` +
              'worker only through the queue, and the job carries none'
          : 'the job carries a model recording its spec does not use',
      );
    }
    if (!shared) return { spec };
    let recording = this.local.get(shared.tag);
    if (!recording) {
      this.dir ??= mkdtempSync(join(tmpdir(), 'hearth-worker-llm-'));
      // Named by the worker (a count), never by the job: a tag is data, not a path.
      const file = join(this.dir, `recording-${this.local.size + 1}.sqlite`);
      recording = LocalRecording.fetch(this.redis, file, shared);
      this.local.set(shared.tag, recording);
    }
    const local = await recording;
    return {
      spec: withRecordingFile(spec, local.file),
      ...(shared.mode === 'record' && { takeNew: () => local.takeNew(this.redis) }),
    };
  }

  async close(): Promise<void> {
    for (const recording of this.local.values()) (await recording.catch(() => undefined))?.close();
    this.local.clear();
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
  }
}
