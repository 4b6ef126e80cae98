/**
 * The results store: one SQLite file (better-sqlite3, WAL journal) holding runs and their finished episodes. Each
 * episode is written in its own transaction the moment it finishes, so a run that is interrupted (Ctrl-C, a crash,
 * SIGKILL) loses only the episodes that were still running; `--resume` continues the same run.
 *
 * The file is marked as hearth's by `PRAGMA application_id` and versioned by `PRAGMA user_version`; opening a file that
 * is not a hearth store, or one written by a newer hearth, fails with an InputError naming the file.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { InputError } from '../util/errors.js';
import { assertSqliteFile } from '../util/sqlite-file.js';
import { canonicalJson, type JsonObject, type JsonValue } from './json.js';
import type { EpisodeSpec } from './protocol.js';

/** Where results go when no `--store` is given: relative to the working directory (the folder is created). */
export const DEFAULT_STORE_PATH = '.hearth/results.sqlite';

/** The schema this hearth writes. Bump it with a migration in `migrate()` when the tables change. */
export const STORE_SCHEMA_VERSION = 1;

/** `PRAGMA application_id` of a hearth store: the ASCII bytes "Hrth". */
export const STORE_APPLICATION_ID = 0x48727468;

const SCHEMA_V1 = `
CREATE TABLE runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  created TEXT NOT NULL,
  protocol TEXT NOT NULL,
  config TEXT NOT NULL,
  hearth_version TEXT NOT NULL,
  total_episodes INTEGER NOT NULL
);
CREATE INDEX runs_by_config ON runs (protocol, config);
CREATE TABLE episodes (
  run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  idx INTEGER NOT NULL,
  spec TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  result TEXT,
  error TEXT,
  trace TEXT,
  wall_ms REAL NOT NULL,
  worker INTEGER,
  timing TEXT,
  finished TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (run_id, key)
) WITHOUT ROWID;
`;

export interface RunInfo {
  id: number;
  /** ISO 8601 time the run was started. */
  created: string;
  protocol: string;
  /** The grid configuration: what `--resume` compares. */
  config: JsonObject;
  hearthVersion: string;
  /** Number of episodes of the grid. */
  totalEpisodes: number;
}

/** How long an episode took and where: kept apart from its result (never part of a report's results). */
export interface EpisodeTiming {
  /** Wall-clock milliseconds of `runEpisode`, measured where it ran. */
  wallMs: number;
  /** The worker thread that ran it (0-based, in start order), or null when it ran in the main thread. */
  worker: number | null;
  /** The protocol's own measurements (`EpisodeResult.timing`). */
  protocol?: JsonObject;
}

/** A finished episode as the runner hands it to the store. */
export interface EpisodeRecord {
  key: string;
  /** Position of the episode in the run's spec list (reports order groups by it). */
  index: number;
  spec: EpisodeSpec;
  status: 'ok' | 'failed';
  /** The protocol's result without its timing: `{metrics, details?}`. Present when status is 'ok'. */
  result?: JsonObject;
  /** What went wrong, when status is 'failed' (first line: the message; then the stack). */
  error?: string;
  /** Per-step records, when the run traces. */
  trace?: JsonValue[];
  timing: EpisodeTiming;
}

export interface StoredEpisode extends EpisodeRecord {
  /** ISO 8601 time the episode was written. */
  finished: string;
  /** How many times it was run (a failed episode is retried on resume). */
  attempts: number;
}

interface RunRow {
  id: number;
  created: string;
  protocol: string;
  config: string;
  hearth_version: string;
  total_episodes: number;
}

interface EpisodeRow {
  key: string;
  idx: number;
  spec: string;
  status: 'ok' | 'failed';
  result: string | null;
  error: string | null;
  trace: string | null;
  wall_ms: number;
  worker: number | null;
  timing: string | null;
  finished: string;
  attempts: number;
}

/** A run with its progress, as a listing shows it. */
export interface RunSummary extends RunInfo {
  ok: number;
  failed: number;
  /** ISO 8601 time of the latest stored episode (null: none yet). */
  lastFinished: string | null;
}

/** A page of a run's episodes (`ResultsStore.episodePage`). */
export interface EpisodePageQuery {
  offset: number;
  limit: number;
  /** Only episodes whose spec has these field values (e.g. `{agent: 'exrap'}`). */
  where?: Readonly<Record<string, string | number>>;
  status?: 'ok' | 'failed';
  /** Order by a metric of the result (nulls and failed episodes last), else by spec order. */
  sort?: { metric: string; descending: boolean };
}

/** One episode of a listing: no trace, only whether it has one. */
export interface EpisodeListing extends Omit<StoredEpisode, 'trace'> {
  traced: boolean;
}

export interface OpenStoreOptions {
  /** Open for reading only: the file must exist and be a hearth store. */
  readonly?: boolean;
}

export class ResultsStore {
  private readonly statements: ReturnType<ResultsStore['prepare']>;

  private constructor(
    readonly path: string,
    private readonly db: Database.Database,
  ) {
    this.statements = this.prepare();
  }

  /** Opens (creating it and its folder when absent, unless read-only) the store at `path`. */
  static open(path: string, options: OpenStoreOptions = {}): ResultsStore {
    const readonly = options.readonly ?? false;
    const exists = existsSync(path);
    if (exists) assertSqliteFile(path, 'a hearth results store');
    else if (readonly) throw new InputError('no results store here', { file: path });
    else mkdirSync(dirname(path), { recursive: true });
    let db: Database.Database | undefined;
    try {
      db = new Database(path, { readonly, fileMustExist: readonly });
      db.pragma('busy_timeout = 5000');
      prepareSchema(db, path, readonly);
      if (!readonly) {
        db.pragma('journal_mode = WAL');
        // With WAL, NORMAL loses nothing when the process dies (only on power loss), at a fraction of FULL's cost.
        db.pragma('synchronous = NORMAL');
      }
      db.pragma('foreign_keys = ON');
      return new ResultsStore(path, db);
    } catch (error) {
      db?.close();
      if (error instanceof InputError) throw error;
      if (error instanceof Database.SqliteError) {
        throw new InputError(`cannot use as a results store: ${error.message}`, { file: path });
      }
      throw error;
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Starts a new run (history is kept: nothing earlier is touched). */
  createRun(run: { protocol: string; config: JsonObject; hearthVersion: string; totalEpisodes: number }): RunInfo {
    const created = new Date().toISOString();
    const info = this.statements.insertRun.run(
      created,
      run.protocol,
      canonicalJson(run.config),
      run.hearthVersion,
      run.totalEpisodes,
    );
    return this.getRun(Number(info.lastInsertRowid))!;
  }

  getRun(id: number): RunInfo | undefined {
    const row = this.statements.getRun.get(id) as RunRow | undefined;
    return row && runFromRow(row);
  }

  /** The most recent run of this protocol whose configuration equals `config` (key order does not matter). */
  latestRun(protocol: string, config: JsonObject): RunInfo | undefined {
    const row = this.statements.latestRun.get(protocol, canonicalJson(config)) as RunRow | undefined;
    return row && runFromRow(row);
  }

  /** Every run, oldest first. */
  runs(): RunInfo[] {
    return (this.statements.allRuns.all() as RunRow[]).map(runFromRow);
  }

  /**
   * Writes a finished episode in its own transaction (committed when this returns). A failed episode's record is
   * replaced when it is run again; a successful one is never overwritten. Returns whether anything was written.
   */
  writeEpisode(runId: number, episode: EpisodeRecord): boolean {
    const protocolTiming = episode.timing.protocol;
    const info = this.statements.upsertEpisode.run({
      run_id: runId,
      key: episode.key,
      idx: episode.index,
      spec: canonicalJson(episode.spec),
      status: episode.status,
      result: episode.result === undefined ? null : JSON.stringify(episode.result),
      error: episode.error ?? null,
      trace: episode.trace === undefined ? null : JSON.stringify(episode.trace),
      wall_ms: episode.timing.wallMs,
      worker: episode.timing.worker,
      timing: protocolTiming === undefined ? null : JSON.stringify(protocolTiming),
      finished: new Date().toISOString(),
    });
    return info.changes > 0;
  }

  /** Keys of the run's successfully finished episodes (what `--resume` skips). */
  completedKeys(runId: number): Set<string> {
    return new Set((this.statements.completedKeys.all(runId) as Array<{ key: string }>).map((row) => row.key));
  }

  /** The run's stored episodes in spec order. Traces are read only when asked for (they can be large). */
  episodes(runId: number, options: { traces?: boolean } = {}): StoredEpisode[] {
    const statement = options.traces ? this.statements.episodesWithTraces : this.statements.episodes;
    return (statement.all(runId) as EpisodeRow[]).map(episodeFromRow);
  }

  /** Every run with its progress, oldest first: one query, however many episodes the store holds. */
  runSummaries(): RunSummary[] {
    const rows = this.statements.runSummaries.all() as Array<
      RunRow & { ok: number | null; failed: number | null; last_finished: string | null }
    >;
    return rows.map((row) => ({
      ...runFromRow(row),
      ok: row.ok ?? 0,
      failed: row.failed ?? 0,
      lastFinished: row.last_finished,
    }));
  }

  /** A page of the run's episodes (no traces) and how many match in all. */
  episodePage(runId: number, query: EpisodePageQuery): { total: number; episodes: EpisodeListing[] } {
    const conditions = ['run_id = @run'];
    const parameters: Record<string, string | number> = { run: runId };
    Object.entries(query.where ?? {}).forEach(([field, value], i) => {
      // Field names are bound as JSON paths, never spliced into the SQL.
      conditions.push(`json_extract(spec, @path${i}) = @value${i}`);
      parameters[`path${i}`] = `$.${JSON.stringify(field)}`;
      parameters[`value${i}`] = value;
    });
    if (query.status) {
      conditions.push('status = @status');
      parameters.status = query.status;
    }
    const where = conditions.join(' AND ');
    let order = 'idx, key';
    if (query.sort) {
      parameters.metric = `$.metrics.${JSON.stringify(query.sort.metric)}`;
      const direction = query.sort.descending ? 'DESC' : 'ASC';
      order = `json_extract(result, @metric) IS NULL, json_extract(result, @metric) ${direction}, idx, key`;
    }
    const total = (
      this.db.prepare(`SELECT COUNT(*) AS n FROM episodes WHERE ${where}`).get(parameters) as { n: number }
    ).n;
    const rows = this.db
      .prepare(
        `SELECT ${EPISODE_COLUMNS}, trace IS NOT NULL AS traced FROM episodes WHERE ${where}
         ORDER BY ${order} LIMIT @limit OFFSET @offset`,
      )
      .all({ ...parameters, limit: query.limit, offset: query.offset }) as Array<EpisodeRow & { traced: number }>;
    return {
      total,
      episodes: rows.map((row) => ({ ...episodeFromRow({ ...row, trace: null }), traced: row.traced === 1 })),
    };
  }

  /** The run's episode at a position of its spec list, with its trace when asked for. */
  episodeAt(runId: number, index: number, options: { trace?: boolean } = {}): StoredEpisode | undefined {
    const statement = options.trace ? this.statements.episodeWithTrace : this.statements.episodeAt;
    const row = statement.get(runId, index) as EpisodeRow | undefined;
    return row && episodeFromRow(row);
  }

  /**
   * A number that changes whenever another connection commits to the file (SQLite's `data_version`): how a reader
   * notices, cheaply, that a run in another process stored episodes.
   */
  changeCounter(): number {
    return this.db.pragma('data_version', { simple: true }) as number;
  }

  /** Counts of the run's stored episodes by status. */
  counts(runId: number): { ok: number; failed: number } {
    const rows = this.statements.counts.all(runId) as Array<{ status: 'ok' | 'failed'; n: number }>;
    const counts = { ok: 0, failed: 0 };
    for (const row of rows) counts[row.status] = row.n;
    return counts;
  }

  private prepare() {
    const db = this.db;
    return {
      insertRun: db.prepare(
        'INSERT INTO runs (created, protocol, config, hearth_version, total_episodes) VALUES (?, ?, ?, ?, ?)',
      ),
      getRun: db.prepare('SELECT * FROM runs WHERE id = ?'),
      latestRun: db.prepare('SELECT * FROM runs WHERE protocol = ? AND config = ? ORDER BY id DESC LIMIT 1'),
      allRuns: db.prepare('SELECT * FROM runs ORDER BY id'),
      upsertEpisode: db.prepare(
        `INSERT INTO episodes (run_id, key, idx, spec, status, result, error, trace, wall_ms, worker, timing, finished)
         VALUES (@run_id, @key, @idx, @spec, @status, @result, @error, @trace, @wall_ms, @worker, @timing, @finished)
         ON CONFLICT (run_id, key) DO UPDATE SET
           idx = excluded.idx, spec = excluded.spec, status = excluded.status, result = excluded.result,
           error = excluded.error, trace = excluded.trace, wall_ms = excluded.wall_ms, worker = excluded.worker,
           timing = excluded.timing, finished = excluded.finished, attempts = episodes.attempts + 1
         WHERE episodes.status = 'failed'`,
      ),
      completedKeys: db.prepare("SELECT key FROM episodes WHERE run_id = ? AND status = 'ok'"),
      episodes: db.prepare(`SELECT ${EPISODE_COLUMNS}, NULL AS trace FROM episodes WHERE run_id = ? ORDER BY idx, key`),
      episodesWithTraces: db.prepare(
        `SELECT ${EPISODE_COLUMNS}, trace FROM episodes WHERE run_id = ? ORDER BY idx, key`,
      ),
      counts: db.prepare('SELECT status, COUNT(*) AS n FROM episodes WHERE run_id = ? GROUP BY status'),
      runSummaries: db.prepare(
        `SELECT runs.*, e.ok, e.failed, e.last_finished FROM runs LEFT JOIN (
           SELECT run_id, SUM(status = 'ok') AS ok, SUM(status = 'failed') AS failed, MAX(finished) AS last_finished
           FROM episodes GROUP BY run_id) AS e ON e.run_id = runs.id ORDER BY runs.id`,
      ),
      episodeAt: db.prepare(`SELECT ${EPISODE_COLUMNS}, NULL AS trace FROM episodes WHERE run_id = ? AND idx = ?`),
      episodeWithTrace: db.prepare(`SELECT ${EPISODE_COLUMNS}, trace FROM episodes WHERE run_id = ? AND idx = ?`),
    };
  }
}

/** The episode columns every listing reads (the trace is read apart: it can be large). */
const EPISODE_COLUMNS = 'key, idx, spec, status, result, error, wall_ms, worker, timing, finished, attempts';

/** Checks that the database is a hearth store of a version this code reads; creates the schema in a new one. */
function prepareSchema(db: Database.Database, path: string, readonly: boolean): void {
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  const version = db.pragma('user_version', { simple: true }) as number;
  if (applicationId === 0 && version === 0) {
    const tables = db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
    if (tables.n > 0)
      throw new InputError('not a hearth results store (an SQLite database of something else)', { file: path });
    if (readonly) throw new InputError('empty file, not a hearth results store', { file: path });
    db.transaction(() => {
      db.exec(SCHEMA_V1);
      db.pragma(`application_id = ${STORE_APPLICATION_ID}`);
      db.pragma(`user_version = ${STORE_SCHEMA_VERSION}`);
    }).immediate();
    return;
  }
  if (applicationId !== STORE_APPLICATION_ID) {
    throw new InputError(`not a hearth results store (SQLite application id ${applicationId})`, { file: path });
  }
  if (version > STORE_SCHEMA_VERSION) {
    throw new InputError(
      `results store has schema version ${version}, newer than this hearth reads (${STORE_SCHEMA_VERSION}); ` +
        'upgrade hearth or use another --store',
      { file: path },
    );
  }
  if (version < STORE_SCHEMA_VERSION) migrate(db, path, version);
}

/** Upgrades an older store in place. Version 1 is the first schema, so there is nothing to upgrade from yet. */
function migrate(_db: Database.Database, path: string, version: number): void {
  throw new InputError(`results store has unknown schema version ${version}`, { file: path });
}

function runFromRow(row: RunRow): RunInfo {
  return {
    id: row.id,
    created: row.created,
    protocol: row.protocol,
    config: JSON.parse(row.config) as JsonObject,
    hearthVersion: row.hearth_version,
    totalEpisodes: row.total_episodes,
  };
}

function episodeFromRow(row: EpisodeRow): StoredEpisode {
  const timing: EpisodeTiming = { wallMs: row.wall_ms, worker: row.worker };
  if (row.timing !== null) timing.protocol = JSON.parse(row.timing) as JsonObject;
  const episode: StoredEpisode = {
    key: row.key,
    index: row.idx,
    spec: JSON.parse(row.spec) as EpisodeSpec,
    status: row.status,
    timing,
    finished: row.finished,
    attempts: row.attempts,
  };
  if (row.result !== null) episode.result = JSON.parse(row.result) as JsonObject;
  if (row.error !== null) episode.error = row.error;
  if (row.trace !== null) episode.trace = JSON.parse(row.trace) as JsonValue[];
  return episode;
}
