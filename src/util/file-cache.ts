/**
 * A folder of files that are expensive to make and the same every time they are made (SemGro's skill databases and
 * shifted homes): a file is made once, by whichever process or thread first needs it, and read by every other.
 *
 * - A file appears whole or not at all: it is written to a temporary file beside it and renamed into place (a rename
 *   within a folder is atomic on POSIX file systems), so that a reader never sees half a file, however many
 *   processes, threads or machines (a shared folder) write at once.
 * - The first maker holds a lock file (`<file>.lock`, created exclusively) while it makes the file; the others wait
 *   for the file instead of making it again. A lock whose holder died (its process is gone on this machine, or the
 *   lock is older than `staleMs`) is taken over. Two makers that race anyway both write a complete, equal file: the
 *   last rename wins.
 * - Every file made is logged as one line of `builds.log` in the folder (time, what, how long, which process and
 *   thread), so that "made once" can be checked after a run.
 *
 * Everything here is synchronous: the callers make their files from synchronous code (binding a task). Waiting
 * sleeps the thread with `Atomics.wait`, which Node allows on the main thread too.
 */
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { threadId } from 'node:worker_threads';

/** Name of the log of files made, in the cache folder. */
export const BUILDS_LOG = 'builds.log';

export interface CachedText {
  readonly text: string;
  /** Whether this call made it (false: it was read from the folder). */
  readonly made: boolean;
  /** Milliseconds this call spent making it, or waiting for another maker, then reading it. */
  readonly ms: number;
}

export interface CacheOptions {
  /** A lock older than this is taken over (default 10 minutes: far longer than any build). */
  readonly staleMs?: number;
  /** How often a waiter looks for the file (default 50 ms). */
  readonly pollMs?: number;
  /** What the file is, for `builds.log` (default: its path relative to the folder). */
  readonly label?: string;
}

const SLEEPER = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number) => Atomics.wait(SLEEPER, 0, 0, ms);

const owner = () => `${hostname()} ${process.pid} ${threadId}`;

/** Whether the holder named in a lock file is gone: its process died on this machine, or the lock is too old. */
function staleLock(lock: string, staleMs: number): boolean {
  let text: string;
  let age: number;
  try {
    text = readFileSync(lock, 'utf8');
    age = Date.now() - statSync(lock).mtimeMs;
  } catch {
    return false; // released meanwhile
  }
  if (age > staleMs) return true;
  const [host, pid] = text.split(' ');
  if (host !== hostname() || !/^\d+$/.test(pid ?? '')) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Writes a file whole: a temporary file beside it, renamed into place. */
export function writeFileAtomic(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}-${threadId}-${Math.random().toString(36).slice(2, 10)}.partial`;
  try {
    writeFileSync(partial, text);
    renameSync(partial, file);
  } catch (error) {
    try {
      unlinkSync(partial);
    } catch {
      // never written
    }
    throw error;
  }
}

const readIfThere = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

/**
 * The text of `name` in the cache folder `dir`: read when it is there, otherwise made by `make` (once, whoever asks
 * at the same time: see the module comment) and stored.
 */
export function cachedText(dir: string, name: string, make: () => string, options: CacheOptions = {}): CachedText {
  const started = performance.now();
  const file = join(dir, name);
  const elapsed = () => performance.now() - started;
  const found = readIfThere(file);
  if (found !== undefined) return { text: found, made: false, ms: elapsed() };
  mkdirSync(dirname(file), { recursive: true });
  const lock = `${file}.lock`;
  const staleMs = options.staleMs ?? 10 * 60_000;
  for (;;) {
    let fd: number | undefined;
    try {
      fd = openSync(lock, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (fd !== undefined) {
      try {
        writeFileSync(fd, owner());
        closeSync(fd);
        // Made by another between our first look and the lock.
        const meanwhile = readIfThere(file);
        if (meanwhile !== undefined) return { text: meanwhile, made: false, ms: elapsed() };
        const text = make();
        writeFileAtomic(file, text);
        const ms = elapsed();
        const line = `${new Date().toISOString()} made ${options.label ?? name} in ${(ms / 1000).toFixed(1)} s (${owner()})\n`;
        appendFileSync(join(dir, BUILDS_LOG), line);
        return { text, made: true, ms };
      } finally {
        try {
          unlinkSync(lock);
        } catch {
          // taken over as stale meanwhile
        }
      }
    }
    // Another maker holds the lock: wait for its file, or take the lock over when its maker is gone.
    while (existsSync(lock)) {
      const text = readIfThere(file);
      if (text !== undefined) return { text, made: false, ms: elapsed() };
      if (staleLock(lock, staleMs)) {
        try {
          unlinkSync(lock);
        } catch {
          // another waiter took it over first
        }
        break;
      }
      sleep(options.pollMs ?? 50);
    }
    const text = readIfThere(file);
    if (text !== undefined) return { text, made: false, ms: elapsed() };
  }
}
