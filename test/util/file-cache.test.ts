/**
 * The cache of files made once (src/util/file-cache.ts) in real temp folders: a miss makes and stores, a hit reads
 * without making, a waiter reads what the lock holder writes, a dead holder's lock is taken over, and two processes
 * that ask at once make the file once, whole, with nothing left behind.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BUILDS_LOG, cachedText, writeFileAtomic } from '../../src/util/file-cache.js';
import { spawnNode } from '../helpers/child.js';
import { scratchDir } from '../helpers/scratch.js';
import { projectRoot } from '../helpers/shared-data.js';

const MAKER = fileURLToPath(new URL('../fixtures/cache-maker.ts', import.meta.url));

const logLines = (dir: string) =>
  existsSync(join(dir, BUILDS_LOG)) ? readFileSync(join(dir, BUILDS_LOG), 'utf8').trim().split('\n') : [];

/** Files left in a folder other than the cached ones and the log (partial writes, locks). */
const leftovers = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => /\.(partial|lock)$/.test(f));

describe('cachedText', () => {
  it('makes a missing file once, stores it in its sub-folder and logs it; then reads it without making it', () => {
    const dir = scratchDir('file-cache');
    let makes = 0;
    const make = () => {
      makes++;
      return 'made text\n';
    };
    const first = cachedText(dir, 'a/b/thing.txt', make, { label: 'the thing' });
    expect(first).toMatchObject({ text: 'made text\n', made: true });
    expect(readFileSync(join(dir, 'a/b/thing.txt'), 'utf8')).toBe('made text\n');
    const second = cachedText(dir, 'a/b/thing.txt', make);
    expect(second).toMatchObject({ text: 'made text\n', made: false });
    expect(makes).toBe(1);
    expect(logLines(dir)).toHaveLength(1);
    expect(logLines(dir)[0]).toMatch(/ made the thing in \d+\.\d s \(/);
    expect(leftovers(dir)).toEqual([]);
  });

  it('leaves no lock and no file when making fails, so that the next caller makes it', () => {
    const dir = scratchDir('file-cache');
    expect(() =>
      cachedText(dir, 'x.txt', () => {
        throw new Error('build failed');
      }),
    ).toThrow('build failed');
    expect(leftovers(dir)).toEqual([]);
    expect(cachedText(dir, 'x.txt', () => 'second try').made).toBe(true);
  });

  it('waits for the holder of the lock and reads what it writes, without making it', async () => {
    const dir = scratchDir('file-cache');
    const file = join(dir, 'held.txt');
    // A live holder on this machine: this process.
    writeFileSync(`${file}.lock`, `${hostname()} ${process.pid} 99`);
    // Another thread writes the file a little later (this thread sleeps while it waits).
    const writer = new Worker(
      `const { writeFileSync, renameSync, unlinkSync } = require('node:fs');
       setTimeout(() => {
         writeFileSync(${JSON.stringify(`${file}.tmp`)}, 'from the holder');
         renameSync(${JSON.stringify(`${file}.tmp`)}, ${JSON.stringify(file)});
         unlinkSync(${JSON.stringify(`${file}.lock`)});
       }, 300);`,
      { eval: true },
    );
    const result = cachedText(dir, 'held.txt', () => {
      throw new Error('must not make a file another holds the lock of');
    });
    await new Promise((resolve) => writer.once('exit', resolve));
    expect(result).toMatchObject({ text: 'from the holder', made: false });
    expect(result.ms).toBeGreaterThan(100);
  });

  it('takes over a lock whose process is gone, or that is older than staleMs', () => {
    const dir = scratchDir('file-cache');
    // No process has this id (above Linux's pid_max of 2^22).
    writeFileSync(join(dir, 'dead.txt.lock'), `${hostname()} 99999999 0`);
    expect(cachedText(dir, 'dead.txt', () => 'taken over').made).toBe(true);
    // A lock of another machine cannot be checked for its process: only its age tells.
    writeFileSync(join(dir, 'old.txt.lock'), 'another-machine 1 0');
    expect(cachedText(dir, 'old.txt', () => 'taken over', { staleMs: 0, pollMs: 5 }).made).toBe(true);
    expect(leftovers(dir)).toEqual([]);
  });

  it('two processes asking at once: one makes the file, both read it whole, one line in the log', async () => {
    const dir = scratchDir('file-cache');
    const text = 'x'.repeat(100_000);
    const makers = [0, 1].map(() =>
      spawnNode(['--import', 'tsx', MAKER, dir, 'shared/big.txt', text, '1500'], { cwd: projectRoot }),
    );
    const exits = await Promise.all(makers.map((m) => m.exit));
    expect(exits.map((e) => e.code)).toEqual([0, 0]);
    const results = makers.map((m) => JSON.parse(m.stdout()) as { made: boolean; text: string });
    expect(results.filter((r) => r.made)).toHaveLength(1);
    for (const r of results) expect(r.text).toBe(text);
    expect(readFileSync(join(dir, 'shared/big.txt'), 'utf8')).toBe(text);
    expect(logLines(dir)).toHaveLength(1);
    expect(leftovers(dir)).toEqual([]);
  }, 30_000);
});

describe('writeFileAtomic', () => {
  it('replaces a file whole, leaving no partial file', () => {
    const dir = scratchDir('file-cache');
    const file = join(dir, 'sub', 'f.txt');
    writeFileAtomic(file, 'one');
    writeFileAtomic(file, 'two');
    expect(readFileSync(file, 'utf8')).toBe('two');
    expect(readdirSync(join(dir, 'sub'))).toEqual(['f.txt']);
  });
});
