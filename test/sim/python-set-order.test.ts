import { describe, expect, it } from 'vitest';
import { firstInPythonSetOrder, pythonSetOrder } from '../../src/sim/actions/python-set-order.js';

// Expected orders were printed by CPython 3.11 (`list(s)` after `s = set(); s.add(...)` in the given order).
describe('pythonSetOrder', () => {
  it('orders by slot, not by value', () => {
    expect(pythonSetOrder([65, 1000])).toEqual([1000, 65]);
    expect(pythonSetOrder([414, 357])).toEqual([357, 414]);
  });

  it('resolves collisions by probing', () => {
    // 413 and 357 both hash to slot 5 of an 8-slot table; the second one probes on to slot 2.
    expect(pythonSetOrder([413, 357])).toEqual([357, 413]);
    expect(pythonSetOrder([357, 413])).toEqual([357, 413]);
    expect(pythonSetOrder([21, 5])).toEqual([5, 21]);
  });

  it('follows the table as it grows', () => {
    expect(pythonSetOrder([300, 17, 412, 65, 1000, 8, 33])).toEqual([65, 33, 1000, 8, 300, 17, 412]);
  });

  it('ignores repeated ids', () => {
    expect(pythonSetOrder([5, 5, 3])).toEqual([3, 5]);
  });

  it('finds the first accepted id', () => {
    expect(firstInPythonSetOrder(new Set([65, 1000]), () => true)).toBe(1000);
    expect(firstInPythonSetOrder(new Set([65, 1000]), (id) => id < 100)).toBe(65);
    expect(firstInPythonSetOrder(new Set<number>(), () => true)).toBeUndefined();
  });
});
