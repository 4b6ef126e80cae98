/**
 * A key-value memory of (language, program) pairs that grows across runs, in one SQLite file (better-sqlite3, WAL
 * journal): HELPER's memory expansion (paper 001), where a program whose execution the user confirmed is stored with
 * the dialogue that asked for it and recalled in later interactions.
 *
 * Results must not depend on the order in which parallel episodes finish, and a run that is killed and resumed must
 * end with the same memory. So learning goes in passes: a run that learns registers a pass (`openPass`), its
 * episodes read only what earlier passes learned (`learnedBefore`), and each episode writes at most one entry per
 * agent, keyed by (agent, pass, episode), so that running an episode again (a resume) changes nothing. Entries are
 * listed in (pass, episode) order, never in the order they were written.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { InputError } from '../util/errors.js';
import { assertSqliteFile } from '../util/sqlite-file.js';

/** SQLite `application_id` of a program-memory file ("HPMM"). */
const APPLICATION_ID = 0x48504d4d;
const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE passes (
  pass INTEGER PRIMARY KEY,
  config TEXT NOT NULL,
  started TEXT NOT NULL
);
CREATE TABLE entries (
  id INTEGER PRIMARY KEY,
  agent TEXT NOT NULL,
  pass INTEGER NOT NULL,
  episode TEXT NOT NULL,
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  program TEXT NOT NULL,
  UNIQUE (agent, pass, episode)
);
`;

/** One learned pair. */
export interface LearnedEntry {
  readonly agent: string;
  readonly pass: number;
  readonly episode: string;
  readonly kind: string;
  readonly key: string;
  readonly program: string;
}

export class ProgramMemoryFile {
  private constructor(
    readonly path: string,
    private readonly db: Database.Database,
  ) {}

  /** Opens the file, creating it (and its folder) when absent. */
  static open(path: string): ProgramMemoryFile {
    if (existsSync(path)) assertSqliteFile(path, 'a hearth program memory');
    else mkdirSync(dirname(path), { recursive: true });
    let db: Database.Database | undefined;
    try {
      db = new Database(path);
      db.pragma('busy_timeout = 5000');
      const applicationId = db.pragma('application_id', { simple: true }) as number;
      const version = db.pragma('user_version', { simple: true }) as number;
      if (applicationId === 0 && version === 0) {
        const tables = db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get() as {
          n: number;
        };
        if (tables.n > 0)
          throw new InputError('not a hearth program memory (an SQLite database of something else)', { file: path });
        const fresh = db;
        fresh
          .transaction(() => {
            fresh.exec(SCHEMA);
            fresh.pragma(`application_id = ${APPLICATION_ID}`);
            fresh.pragma(`user_version = ${SCHEMA_VERSION}`);
          })
          .immediate();
      } else if (applicationId !== APPLICATION_ID) {
        throw new InputError(`not a hearth program memory (SQLite application id ${applicationId})`, { file: path });
      } else if (version !== SCHEMA_VERSION) {
        throw new InputError(`program memory of schema version ${version}; this hearth reads ${SCHEMA_VERSION}`, {
          file: path,
        });
      }
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      return new ProgramMemoryFile(path, db);
    } catch (error) {
      db?.close();
      if (error instanceof InputError) throw error;
      if (error instanceof Database.SqliteError) {
        throw new InputError(`cannot use as a program memory: ${error.message}`, { file: path });
      }
      throw error;
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /**
   * The pass a run learns in: with `resume`, the latest pass started with the same configuration (a new one when
   * there is none); otherwise a new pass.
   */
  openPass(config: string, resume: boolean): number {
    if (resume) {
      const row = this.db.prepare('SELECT MAX(pass) AS pass FROM passes WHERE config = ?').get(config) as {
        pass: number | null;
      };
      if (row.pass !== null) return row.pass;
    }
    const info = this.db
      .prepare(
        'INSERT INTO passes (pass, config, started) VALUES ((SELECT COALESCE(MAX(pass), 0) + 1 FROM passes), ?, ?)',
      )
      .run(config, new Date().toISOString());
    return Number(info.lastInsertRowid);
  }

  /** What the agent learned in passes before `pass`, in (pass, episode) order. */
  learnedBefore(agent: string, pass: number): LearnedEntry[] {
    return this.db
      .prepare(
        'SELECT agent, pass, episode, kind, key, program FROM entries WHERE agent = ? AND pass < ? ORDER BY pass, episode',
      )
      .all(agent, pass) as LearnedEntry[];
  }

  /** Every entry, in (agent, pass, episode) order. */
  entries(): LearnedEntry[] {
    return this.db
      .prepare('SELECT agent, pass, episode, kind, key, program FROM entries ORDER BY agent, pass, episode')
      .all() as LearnedEntry[];
  }

  /** Stores a learned pair; a second one for the same (agent, pass, episode) is ignored. Returns whether it was new. */
  learn(entry: LearnedEntry): boolean {
    const info = this.db
      .prepare('INSERT OR IGNORE INTO entries (agent, pass, episode, kind, key, program) VALUES (?, ?, ?, ?, ?, ?)')
      .run(entry.agent, entry.pass, entry.episode, entry.kind, entry.key, entry.program);
    return info.changes > 0;
  }
}
