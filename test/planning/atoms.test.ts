import { describe, expect, it } from 'vitest';
import { AtomStore } from '../../src/planning/grounding/atoms.js';

/** Every atom of the given arities over `objects` objects, in a fixed order. */
function someAtoms(arities: number[], objects: number, count: number): [number, number[]][] {
  const atoms: [number, number[]][] = [];
  for (let i = 0; atoms.length < count; i++) {
    const pred = i % arities.length;
    const args = Array.from({ length: arities[pred] }, (_, p) => (i * 7919 + p * 104729) % objects);
    atoms.push([pred, args]);
  }
  return atoms;
}

describe('AtomStore', () => {
  // 40 objects: every predicate of at most two arguments gets a table; 3,000 objects: a binary predicate's table
  // would pass DENSE_MAX, and 40 binary predicates over 1,000 objects pass the budget of all tables together.
  for (const [objects, arities] of [
    [40, [0, 1, 2, 3, 5]],
    [3000, [1, 2, 3]],
    [1000, Array.from({ length: 40 }, () => 2)],
  ] as const) {
    it(`stores, finds and looks up atoms alike with and without id tables (${objects} objects, ${arities.length} predicates)`, () => {
      const store = new AtomStore(arities, objects);
      const atoms = someAtoms([...arities], objects, 2000);
      const ids = new Map<string, number>();
      for (const [pred, args] of atoms) {
        const key = `${pred}:${args.join(',')}`;
        const id = store.add(pred, args);
        if (ids.has(key)) expect(id).toBe(~ids.get(key)!);
        else {
          expect(id).toBe(ids.size);
          ids.set(key, id);
        }
      }
      expect(store.size).toBe(ids.size);
      for (const [key, id] of ids) {
        const [pred, rest] = key.split(':');
        const args = rest === '' ? [] : rest.split(',').map(Number);
        expect(store.find(Number(pred), args)).toBe(id);
        expect([...store.argsOf(id)]).toEqual(args);
        // A lifted atom under a binding: slot i holds argument i.
        const binding = Int32Array.from(args);
        expect(
          store.lookup(
            Number(pred),
            args.map((_, i) => i),
            binding,
          ),
        ).toBe(id);
      }
      // Atoms never added are not found, in a table or a map.
      for (let pred = 0; pred < arities.length; pred++) {
        if (arities[pred] === 0) continue;
        const absent = Array.from({ length: arities[pred] }, () => objects - 1);
        if (!ids.has(`${pred}:${absent.join(',')}`)) expect(store.find(pred, absent)).toBe(-1);
      }
    });
  }
});
