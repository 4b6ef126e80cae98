/**
 * The disk tier of the shared memos (`shared-memo.ts`): results of pure functions kept in one SQLite file of the
 * run's cache folder (`<cache>/memos.sqlite`), so that a later run, another thread or a queue worker on this machine
 * finds what was computed before instead of computing it again (the household planner's searches: a re-run of a grid
 * starts with its plans made).
 *
 * - **Keyed by content and code.** A row is filed under the memo's name, the code's digest (`code-version.ts`) and
 *   the memo's key, itself a digest of the function's whole input (`memoKey`): a row made by other code or for
 *   another input is never read.
 * - **Untrusted.** The file may have been edited, truncated or written by anything. A value is read only through its
 *   memo's `parse` (a schema and checks of its own) after a size bound; one that fails is deleted and computed again.
 *   A file that is not a memo store (another SQLite database, not SQLite at all, one that cannot be opened) is left
 *   alone, and the run goes on without the disk tier (one warning on stderr). Nothing in it can choose a path or run.
 * - **Shared.** Each thread opens its own connection (WAL, a busy timeout): threads and processes write at once;
 *   a row is written once (`INSERT OR IGNORE`). On a network file system SQLite's locks are not to be trusted: give
 *   queue workers a local `--cache-dir` there.
 * - **Never in the way.** A failed read or write is a miss, never an error of the episode.
 *
 * Deleting the file costs only the time to compute its rows again.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { codeVersion } from './code-version.js';
import { assertSqliteFile } from './sqlite-file.js';

/** The file in the cache folder. */
export const MEMO_STORE_FILE = 'memos.sqlite';
/** `PRAGMA application_id` of a memo store: the ASCII bytes "Hmem". */
const MEMO_APPLICATION_ID = 0x486d656d;
/** The longest value read back (a plan of hundreds of steps is some kilobytes). */
const MAX_VALUE_CHARS = 1_000_000;

export class MemoStore {
  private readonly read: Database.Statement<[string, string, string], { value: string }>;
  private readonly write: Database.Statement<[string, string, string, string]>;
  private readonly drop: Database.Statement<[string, string, string]>;
  private readonly version = codeVersion();

  private constructor(
    private readonly db: Database.Database,
    readonly file: string,
  ) {
    this.read = db.prepare('SELECT value FROM memos WHERE memo = ? AND version = ? AND key = ?');
    this.write = db.prepare('INSERT OR IGNORE INTO memos (memo, version, key, value) VALUES (?, ?, ?, ?)');
    this.drop = db.prepare('DELETE FROM memos WHERE memo = ? AND version = ? AND key = ?');
  }

  /** Opens (or creates) the store in `dir`; throws when the file is not one (the caller then goes without). */
  static open(dir: string): MemoStore {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, MEMO_STORE_FILE);
    try {
      assertSqliteFile(file, 'a memo store');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const db = new Database(file);
    try {
      db.pragma('busy_timeout = 5000');
      const id = db.pragma('application_id', { simple: true }) as number;
      const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
      if (id !== MEMO_APPLICATION_ID && !(id === 0 && tables.n === 0)) {
        throw new Error(`${file} is an SQLite database of something else (application_id ${id})`);
      }
      if (id === 0) db.pragma(`application_id = ${MEMO_APPLICATION_ID}`);
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.exec(
        'CREATE TABLE IF NOT EXISTS memos (memo TEXT NOT NULL, version TEXT NOT NULL, key TEXT NOT NULL, ' +
          'value TEXT NOT NULL, PRIMARY KEY (memo, version, key)) WITHOUT ROWID',
      );
      return new MemoStore(db, file);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /**
   * The value filed under the key, parsed by `parse` (undefined: it fails, and the row is deleted); undefined when
   * there is none.
   */
  get<T>(memo: string, key: string, parse: (value: unknown) => T | undefined): T | undefined {
    let text: string | undefined;
    try {
      text = this.read.get(memo, this.version, key)?.value;
    } catch {
      return undefined;
    }
    if (text === undefined) return undefined;
    let value: T | undefined;
    try {
      value = typeof text === 'string' && text.length <= MAX_VALUE_CHARS ? parse(JSON.parse(text)) : undefined;
    } catch {
      value = undefined;
    }
    if (value === undefined) {
      try {
        this.drop.run(memo, this.version, key);
      } catch {
        // read-only or locked: the next reader drops it
      }
    }
    return value;
  }

  /** Files a value (the first one written for a key stays). */
  put(memo: string, key: string, value: unknown): void {
    try {
      this.write.run(memo, this.version, key, JSON.stringify(value));
    } catch {
      // a full disk, a lock held too long: the value is simply not kept
    }
  }

  close(): void {
    this.db.close();
  }
}

let store: MemoStore | undefined;
let storeDir: string | undefined;

/**
 * From now on, this thread's persistent memos read and write the store in `dir` (undefined: none, the default; a
 * change of folder closes the one before). A folder whose file cannot be used is reported once on stderr and
 * skipped.
 */
export function useMemoStore(dir: string | undefined): void {
  if (dir === storeDir) return;
  store?.close();
  store = undefined;
  storeDir = dir;
  if (dir === undefined) return;
  try {
    store = MemoStore.open(dir);
  } catch (error) {
    process.stderr.write(
      `hearth: the memo cache in ${dir} is left alone and not used (${error instanceof Error ? error.message : error})\n`,
    );
  }
}

/** This thread's store, when one is in use. */
export function memoStore(): MemoStore | undefined {
  return store;
}
