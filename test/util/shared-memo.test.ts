import { afterEach, describe, expect, it } from 'vitest';
import { memoKey, publishMemos, receiveMemo, SharedMemo } from '../../src/util/shared-memo.js';

afterEach(() => publishMemos(undefined));

describe('shared memos', () => {
  it('publishes what it learns, keeps what other threads learned, and starts again empty when full', () => {
    const memo = new SharedMemo<number[]>('test-memo-a', 2);
    const sent: unknown[] = [];
    publishMemos((table, key, value) => sent.push([table, key, value]));
    memo.set('a', [1]);
    receiveMemo('test-memo-a', 'b', [2]);
    receiveMemo('no-such-table', 'c', [3]);
    expect(sent).toEqual([['test-memo-a', 'a', [1]]]); // only what was computed here goes out
    expect(memo.get('a')).toEqual([1]);
    expect(memo.get('b')).toEqual([2]);
    memo.set('a', [4]); // a key it has does not count against the capacity
    expect(memo.size).toBe(2);
    memo.set('c', [5]);
    expect(memo.size).toBe(1);
    expect(memo.get('c')).toEqual([5]);
    expect(() => new SharedMemo('test-memo-a', 2)).toThrow(/exists already/);
  });

  it('keys inputs by a short digest that tells them apart', () => {
    expect(memoKey('x')).toHaveLength(22);
    expect(memoKey('x')).toBe(memoKey('x'));
    expect(memoKey('x')).not.toBe(memoKey('y'));
  });
});
