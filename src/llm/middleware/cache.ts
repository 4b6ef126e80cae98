/**
 * Recording and replaying answers. Every primitive request is a JSON value with all its parameters explicit
 * (seed included), so its canonical form plus the backend's identity is a complete key: the same request gets
 * the same answer. `withCache` answers from the file and records misses; `withReplay` never reaches the backend
 * and fails on a miss, so that a recorded run re-runs offline and identically, or says where it diverged.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { InputError } from '../../util/errors.js';
import { assertSqliteFile } from '../../util/sqlite-file.js';
import { canonicalJson, sha256 } from '../canonical.js';
import { ReplayMissError } from '../errors.js';
import type { BackendCalls, BackendInfo, CallKind, LlmBackend } from '../types.js';
import { type BackendCall, wrapBackend } from './wrap.js';

/** Bumped when the request or response format changes, so that old recordings miss instead of misleading. */
const FORMAT_VERSION = 1;

/** A recorded call as the file holds it: request and response as canonical JSON. */
export interface RecordedCall {
  key: string;
  backend: string;
  kind: string;
  request: string;
  response: string;
}

const CALL_KINDS = ['probe', 'chat', 'score', 'embed'] as const satisfies readonly CallKind[];

/**
 * A recorded call that came from elsewhere (a queue worker's result, a recording shared through Redis): its form,
 * bounded. `recordedCallFault` checks what it says besides.
 */
export const recordedCallSchema = z.strictObject({
  key: z.string().regex(/^[0-9a-f]{64}$/, 'not a request key'),
  backend: z.string().min(2).max(4096),
  kind: z.enum(CALL_KINDS),
  request: z
    .string()
    .min(2)
    .max(64 << 20),
  response: z
    .string()
    .min(2)
    .max(64 << 20),
});

/**
 * Why a recorded call from elsewhere is not what it says (undefined when it is): its key must be the digest of its
 * backend, kind and request (`requestKey`), so that it can only answer the request it was recorded for, and its
 * backend, request and response must be JSON objects.
 */
export function recordedCallFault(call: RecordedCall): string | undefined {
  let backend: unknown;
  let request: unknown;
  let response: unknown;
  try {
    backend = JSON.parse(call.backend);
    request = JSON.parse(call.request);
    response = JSON.parse(call.response);
  } catch {
    return 'its backend, request or response is not JSON';
  }
  const object = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);
  if (!object(backend) || !object(request) || !object(response)) return 'not a recorded call';
  const key = sha256(canonicalJson({ v: FORMAT_VERSION, backend: call.backend, kind: call.kind, request }));
  return key === call.key ? undefined : 'its key is not the digest of its request';
}

export class LlmCallStore {
  private readonly db: Database.Database;
  private readonly getStatement: Database.Statement<[string], { response: string }>;
  private readonly putStatement: Database.Statement<[string, string, string, string, string]>;

  private constructor(
    readonly file: string,
    readonly readonly: boolean,
  ) {
    this.db = new Database(file, { readonly, fileMustExist: readonly });
    if (!readonly) {
      // A rollback journal (not WAL) keeps a recording one self-contained file that can be copied and shipped.
      this.db.pragma('synchronous = NORMAL');
      this.db.exec(
        `CREATE TABLE IF NOT EXISTS calls (
           key TEXT PRIMARY KEY, backend TEXT NOT NULL, kind TEXT NOT NULL, request TEXT NOT NULL, response TEXT NOT NULL
         )`,
      );
    }
    this.getStatement = this.db.prepare('SELECT response FROM calls WHERE key = ?');
    this.putStatement = this.db.prepare(
      'INSERT OR REPLACE INTO calls (key, backend, kind, request, response) VALUES (?, ?, ?, ?, ?)',
    );
  }

  /**
   * Opens (creating if needed) a cache file that records misses. An existing file must be an LLM recording (or
   * empty): no other SQLite database (a results store, anything else) is altered.
   */
  static openForRecording(file: string): LlmCallStore {
    if (existsSync(file)) {
      assertSqliteFile(file, 'an LLM recording');
      const probe = new Database(file, { readonly: true, fileMustExist: true });
      try {
        const tables = probe.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
        if (tables.some((table) => table.name !== 'calls')) {
          throw new InputError('not an LLM recording (an SQLite database of something else)', { file });
        }
      } finally {
        probe.close();
      }
    }
    return new LlmCallStore(file, false);
  }

  /** Opens an existing recording read-only; throws `ReplayMissError` when the file does not exist. */
  static openForReplay(file: string): LlmCallStore {
    if (!existsSync(file))
      throw new ReplayMissError(`${file}: no LLM recording at this path (record one with --llm-cache)`);
    try {
      return new LlmCallStore(file, true);
    } catch (error) {
      throw new ReplayMissError(`${file}: not an LLM recording (${error instanceof Error ? error.message : error})`);
    }
  }

  get<K extends CallKind>(key: string): BackendCalls[K]['response'] | undefined {
    const row = this.getStatement.get(key);
    return row ? (JSON.parse(row.response) as BackendCalls[K]['response']) : undefined;
  }

  put(key: string, backendId: string, kind: CallKind, request: unknown, response: unknown): void {
    this.putStatement.run(key, backendId, kind, canonicalJson(request), canonicalJson(response));
  }

  /**
   * Recorded calls as stored (request and response as canonical JSON), in the order they were written; with
   * `afterRow`, only those written after that row (see `lastRow`). For copying a recording elsewhere.
   */
  rows(afterRow = 0): (RecordedCall & { row: number })[] {
    return this.db
      .prepare('SELECT rowid AS row, key, backend, kind, request, response FROM calls WHERE rowid > ? ORDER BY rowid')
      .all(afterRow) as (RecordedCall & { row: number })[];
  }

  /** The rowid of the latest recorded call (0 when none). */
  lastRow(): number {
    return (this.db.prepare('SELECT COALESCE(MAX(rowid), 0) AS n FROM calls').get() as { n: number }).n;
  }

  /** Adds recorded calls as `rows` gives them (a call already recorded keeps its answer), in one transaction. */
  putRows(rows: readonly RecordedCall[]): void {
    const insert = this.db.prepare(
      'INSERT OR IGNORE INTO calls (key, backend, kind, request, response) VALUES (?, ?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      for (const r of rows) insert.run(r.key, r.backend, r.kind, r.request, r.response);
    })();
  }

  /** The identities (`backendId`) of the backends with recorded answers, sorted. */
  backendIds(): string[] {
    const rows = this.db.prepare('SELECT DISTINCT backend FROM calls ORDER BY backend').all() as { backend: string }[];
    return rows.map((row) => row.backend);
  }

  /** Number of recorded answers. */
  size(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM calls').get() as { n: number }).n;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** The canonical JSON of a backend's identity: the part of the key that names who answered. */
export function backendId(info: BackendInfo): string {
  return canonicalJson(info);
}

/** Parses a backend id back (for replaying a recording without naming the backend again). */
export function parseBackendId(id: string): BackendInfo {
  return JSON.parse(id) as BackendInfo;
}

/** "provider model" for messages. */
export function describeBackend(info: BackendInfo): string {
  return `${info.provider} model "${info.model}"`;
}

export function requestKey(info: BackendInfo, call: BackendCall): string {
  return sha256(canonicalJson({ v: FORMAT_VERSION, backend: backendId(info), kind: call.kind, request: call.request }));
}

/** Answers recorded requests from the store and records the others. */
export function withCache(
  backend: LlmBackend,
  store: LlmCallStore,
  options: { closeStore?: boolean } = {},
): LlmBackend {
  const id = backendId(backend.info);
  return wrapBackend(
    backend,
    async (call, next) => {
      const key = requestKey(backend.info, call);
      const recorded = store.get<typeof call.kind>(key);
      if (recorded !== undefined) return markCached(recorded);
      const response = await next(call.request);
      store.put(key, id, call.kind, call.request, recordable(response));
      return response;
    },
    { close: async () => (options.closeStore ? store.close() : undefined) },
  );
}

/** Answers only from the store; a request it has not recorded throws `ReplayMissError`. */
export function withReplay(
  backend: LlmBackend,
  store: LlmCallStore,
  options: { closeStore?: boolean } = {},
): LlmBackend {
  return wrapBackend(
    backend,
    async (call) => {
      const recorded = store.get<typeof call.kind>(requestKey(backend.info, call));
      if (recorded === undefined) {
        throw new ReplayMissError(
          `${store.file}: no recorded answer for this ${call.kind} request to ${describeBackend(backend.info)} (${describeRequest(call)}); the run diverged from the recording`,
        );
      }
      return markCached(recorded);
    },
    { close: async () => (options.closeStore ? store.close() : undefined) },
  );
}

/** A response as a recording keeps it: without what this call moved over the network (a replay moves nothing). */
function recordable<T>(response: T): T {
  if (typeof response !== 'object' || response === null || !('transfer' in response)) return response;
  const { transfer: _moved, ...kept } = response as T & { transfer?: unknown };
  return kept as T;
}

function markCached<T>(response: T): T {
  return typeof response === 'object' && response !== null && 'usage' in response
    ? { ...response, cached: true }
    : response;
}

function describeRequest(call: BackendCall): string {
  const text = canonicalJson(call.request);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/**
 * A stand-in backend for replays: it has the recorded identity and refuses every call, so a replay never needs
 * the server or the model file.
 */
export function offlineBackend(info: BackendInfo): LlmBackend {
  const refuse = async (): Promise<never> => {
    throw new ReplayMissError(
      `${describeBackend(info)} is not available offline: only recorded answers can be replayed`,
    );
  };
  return { info, probe: refuse, chat: refuse, score: refuse, embed: refuse, close: async () => {} };
}
