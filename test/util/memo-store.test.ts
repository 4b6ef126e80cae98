/**
 * The disk tier of the shared memos (`src/util/memo-store.ts`): what a persistent memo computes is read back by a
 * later run, under the code's digest; the file is untrusted input: a value its memo does not parse is dropped and
 * computed again, another program's file is left alone, and nothing written by other code is read.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeVersion } from '../../src/util/code-version.js';
import { MEMO_STORE_FILE, memoStore, useMemoStore } from '../../src/util/memo-store.js';
import { SharedMemo } from '../../src/util/shared-memo.js';
import { scratchDir } from '../helpers/scratch.js';

afterEach(() => useMemoStore(undefined));

/** Parses what the memo keeps: a list of small integers. */
const parse = (value: unknown) =>
  Array.isArray(value) && value.every((x) => Number.isInteger(x) && x >= 0 && x < 100)
    ? (value as number[])
    : undefined;
const memo = new SharedMemo<number[] | null>('test-persisted', 16, {
  parse: (value) => (value === null ? null : parse(value)),
});

function rows(dir: string) {
  const db = new Database(join(dir, MEMO_STORE_FILE), { readonly: true });
  try {
    return db.prepare('SELECT memo, version, key, value FROM memos ORDER BY key').all() as {
      memo: string;
      version: string;
      key: string;
      value: string;
    }[];
  } finally {
    db.close();
  }
}

describe('the memo store', () => {
  it('keeps what a persistent memo computes and gives it to a later run', () => {
    const dir = scratchDir('memo-store');
    useMemoStore(dir);
    memo.set('a', [1, 2, 3]);
    memo.set('none', null);
    expect(rows(dir)).toEqual([
      { memo: 'test-persisted', version: codeVersion(), key: 'a', value: '[1,2,3]' },
      { memo: 'test-persisted', version: codeVersion(), key: 'none', value: 'null' },
    ]);
    // A later run: nothing in memory, the store read.
    memo.clear();
    expect(memo.get('a')).toEqual([1, 2, 3]);
    expect(memo.get('none')).toBeNull();
    expect(memo.get('b')).toBeUndefined();
    // Without a store the memory is all there is.
    useMemoStore(undefined);
    memo.clear();
    expect(memo.get('a')).toBeUndefined();
  });

  it('drops a row its memo does not parse, and never reads a row of other code', () => {
    const dir = scratchDir('memo-store');
    useMemoStore(dir);
    memo.set('good', [7]);
    const db = new Database(join(dir, MEMO_STORE_FILE));
    const put = db.prepare('INSERT INTO memos (memo, version, key, value) VALUES (?, ?, ?, ?)');
    put.run('test-persisted', codeVersion(), 'broken', '[1, 2'); // not JSON
    put.run('test-persisted', codeVersion(), 'wrong', '["rm -rf", 500]'); // JSON, not the memo's kind of value
    put.run('test-persisted', 'another-version', 'old', '[9]');
    db.close();
    memo.clear();
    expect(memo.get('broken')).toBeUndefined();
    expect(memo.get('wrong')).toBeUndefined();
    expect(memo.get('old')).toBeUndefined();
    expect(memo.get('good')).toEqual([7]);
    expect(rows(dir).map((r) => r.key)).toEqual(['good', 'old']); // the bad rows are gone, other code's left
    // Computed again, the value is written afresh.
    memo.set('wrong', [5]);
    memo.clear();
    expect(memo.get('wrong')).toEqual([5]);
  });

  it('leaves a file that is not a memo store alone and runs without one', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const notSqlite = scratchDir('memo-store');
      writeFileSync(join(notSqlite, MEMO_STORE_FILE), 'some notes, not a database\n');
      useMemoStore(notSqlite);
      expect(memoStore()).toBeUndefined();
      memo.set('x', [1]);
      expect(memo.get('x')).toEqual([1]);

      const other = scratchDir('memo-store');
      const db = new Database(join(other, MEMO_STORE_FILE));
      db.exec('CREATE TABLE results (id INTEGER)');
      db.close();
      useMemoStore(other);
      expect(memoStore()).toBeUndefined();
      const check = new Database(join(other, MEMO_STORE_FILE), { readonly: true });
      expect(check.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()).toEqual([{ name: 'results' }]);
      check.close();
      expect(stderr.mock.calls.map(([text]) => String(text)).join('')).toMatch(/left alone and not used/);
    } finally {
      stderr.mockRestore();
    }
  });
});
