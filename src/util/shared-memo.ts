/**
 * Memo tables of pure functions that the threads of one run share. A worker thread fills its memos from the episodes
 * it runs; with many threads each sees a fraction of a sweep's episodes, so a result another thread already computed
 * (the same planning problem met in the same home) is computed again in each. A `SharedMemo` publishes what it
 * learns; the runner relays it to the other threads (`src/bench/pool.ts`), which store it as their own. Only for
 * pure functions of the key: what a thread finds in its memo, whoever computed it, is what it would have computed,
 * so sharing changes how fast a run is, never its results.
 *
 * Keys are short digests of the input (`memoKey`), so that memos stay small and cheap to send.
 *
 * A memo made with `persist` also keeps what it computes in the thread's memo store on disk (`memo-store.ts`, the run's
 * cache folder), and looks there before computing: a later run, or a queue worker, starts with it. What it reads
 * there goes through `persist.parse` (the file is untrusted input) and is then offered to the other threads.
 */
import { createHash } from 'node:crypto';
import { registerCache } from './caches.js';
import { memoStore } from './memo-store.js';

/** How a memo's values are read back from disk: the value, or undefined for anything that is not one. */
export interface MemoPersistence<T> {
  readonly parse: (value: unknown) => T | undefined;
}

type Publisher = (table: string, key: string, value: unknown) => void;

let publisher: Publisher | undefined;
const tables = new Map<string, SharedMemo<unknown>>();

export class SharedMemo<T> {
  private readonly entries = new Map<string, T>();

  /** `capacity`: entries kept before the table starts again empty; `persist`: kept on disk too (see above). */
  constructor(
    readonly name: string,
    private readonly capacity: number,
    private readonly persist?: MemoPersistence<T>,
  ) {
    if (tables.has(name)) throw new Error(`a shared memo named '${name}' exists already`);
    tables.set(name, this as SharedMemo<unknown>);
    registerCache(`shared memo: ${name}`, () => this.clear());
  }

  get(key: string): T | undefined {
    const known = this.entries.get(key);
    if (known !== undefined || !this.persist) return known;
    const stored = memoStore()?.get(this.name, key, this.persist.parse);
    if (stored !== undefined) {
      this.keep(key, stored);
      publisher?.(this.name, key, stored);
    }
    return stored;
  }

  /** Keeps a result computed here and offers it to the other threads of the run (and to the disk, if it persists). */
  set(key: string, value: T): void {
    this.keep(key, value);
    publisher?.(this.name, key, value);
    if (this.persist) memoStore()?.put(this.name, key, value);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Keeps a result (computed here or in another thread). */
  keep(key: string, value: T): void {
    if (!this.entries.has(key) && this.entries.size >= this.capacity) this.entries.clear();
    this.entries.set(key, value);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** A digest of a memo's input (128 bits of SHA-256, base64url). */
export function memoKey(input: string): string {
  return createHash('sha256').update(input).digest('base64url').slice(0, 22);
}

/** Where this thread's new results go from now on (undefined: nowhere, the default). */
export function publishMemos(publish: Publisher | undefined): void {
  publisher = publish;
}

/** Stores a result another thread published, in this thread's table of that name (if this thread has one). */
export function receiveMemo(table: string, key: string, value: unknown): void {
  tables.get(table)?.keep(key, value);
}
