import { describe, expect, it } from 'vitest';
import { SoftmaxSampler, sampleSoftmax, topK } from '../../src/retrieval/sampling.js';
import { Rng } from '../../src/util/rng.js';

describe('top-k', () => {
  it('takes the k best, best first, equal scores in index order', () => {
    expect(topK([0.1, 0.9, 0.5, 0.9, 0.2], 3)).toEqual([1, 3, 2]);
    expect(topK([3, 1, 2], 10)).toEqual([0, 2, 1]);
    expect(topK([3, 1, 2], 0)).toEqual([]);
    expect(topK([Number.NaN, 1, -Infinity], 3)).toEqual([1, 0, 2]);
  });
});

describe('softmax sampling without replacement', () => {
  const scores = Float64Array.from({ length: 50 }, (_, i) => Math.sin(i) / 2 + 0.5);

  it('draws k distinct items, at most as many as there are', () => {
    const rng = new Rng(1);
    const picked = sampleSoftmax(scores, 12, 0.1, rng);
    expect(picked).toHaveLength(12);
    expect(new Set(picked).size).toBe(12);
    expect(picked.every((i) => Number.isInteger(i) && i >= 0 && i < 50)).toBe(true);
    expect(sampleSoftmax([0.2, 0.4, 0.1], 12, 0.1, rng).sort()).toEqual([0, 1, 2]);
    expect(sampleSoftmax([], 12, 0.1, rng)).toEqual([]);
    expect(sampleSoftmax(scores, 0, 0.1, rng)).toEqual([]);
  });

  it('is deterministic for a seed and varies across seeds', () => {
    const a = sampleSoftmax(scores, 12, 0.3, new Rng(42));
    expect(sampleSoftmax(scores, 12, 0.3, new Rng(42))).toEqual(a);
    const others = [1, 2, 3, 4, 5].map((s) => sampleSoftmax(scores, 12, 0.3, new Rng(s)).join());
    expect(others.some((o) => o !== a.join())).toBe(true);
  });

  it('draws the first item with softmax probabilities', () => {
    const s = [0, 0.5, 1];
    const temperature = 0.5;
    const z = s.reduce((sum, x) => sum + Math.exp(x / temperature), 0);
    const expected = s.map((x) => Math.exp(x / temperature) / z); // about 0.09, 0.24, 0.67
    const counts = [0, 0, 0];
    const runs = 4000;
    for (let seed = 0; seed < runs; seed++) counts[sampleSoftmax(s, 1, temperature, new Rng(seed))[0]]++;
    expect(counts[2]).toBeGreaterThan(counts[1]);
    expect(counts[1]).toBeGreaterThan(counts[0]);
    // Standard error of a share is below 0.008 here; 0.03 is a loose bound.
    counts.forEach((c, i) => {
      expect(Math.abs(c / runs - expected[i])).toBeLessThan(0.03);
    });
  });

  it('draws later items without replacement, renormalising over the items left', () => {
    const s = [0, 0.5, 1];
    const temperature = 0.5;
    const w = s.map((x) => Math.exp(x / temperature));
    const z = w[0] + w[1] + w[2];
    // Item 0 is left out of two draws when the two draws are {1, 2} in either order.
    const leftOut = (w[1] / z) * (w[2] / (z - w[1])) + (w[2] / z) * (w[1] / (z - w[2]));
    let count = 0;
    const runs = 4000;
    for (let seed = 0; seed < runs; seed++) if (!sampleSoftmax(s, 2, temperature, new Rng(seed)).includes(0)) count++;
    expect(Math.abs(count / runs - leftOut)).toBeLessThan(0.03);
  });

  it('approaches top-k as the temperature falls, and is top-k at 0', () => {
    expect(sampleSoftmax(scores, 12, 0, new Rng(3))).toEqual(topK(scores, 12));
    for (let seed = 0; seed < 20; seed++) {
      expect(sampleSoftmax(scores, 12, 1e-6, new Rng(seed))).toEqual(topK(scores, 12));
    }
    // A hot softmax is near uniform: the best item is far from always first.
    let bestFirst = 0;
    for (let seed = 0; seed < 200; seed++)
      if (sampleSoftmax(scores, 1, 100, new Rng(seed))[0] === topK(scores, 1)[0]) bestFirst++;
    expect(bestFirst).toBeLessThan(30);
  });

  it('draws items without weight (-Infinity, NaN) last, and refuses a negative temperature', () => {
    const picked = sampleSoftmax([-Infinity, 0.3, Number.NaN, 0.1], 4, 0.1, new Rng(9));
    expect(new Set(picked.slice(0, 2))).toEqual(new Set([1, 3]));
    expect(picked.slice(2)).toEqual([0, 2]);
    expect(sampleSoftmax([0.5, Infinity, 0.9, Infinity], 4, 0.1, new Rng(2)).slice(2)).toEqual([2, 0]);
    expect(() => sampleSoftmax([1], 1, -1, new Rng(1))).toThrow(RangeError);
  });

  it('prepared once, draws as a fresh sampling does, draw after draw', () => {
    // A draw must not use up the prepared weights: the tenth draw is what a fresh sampling with its seed gives.
    const sampler = new SoftmaxSampler(scores, 0.2);
    for (let seed = 0; seed < 10; seed++) {
      expect(sampler.draw(12, new Rng(seed))).toEqual(sampleSoftmax(scores, 12, 0.2, new Rng(seed)));
    }
    expect(new SoftmaxSampler(scores, 0).draw(3, new Rng(1))).toEqual(topK(scores, 3));
    expect(() => new SoftmaxSampler(scores, -1)).toThrow(/temperature/);
  });

  it('puts its state back after draws that rebuilt the tree or ran out of weighted items', () => {
    // Three steep items (weights 1, e^-20, e^-40), then thirty equal ones: once the steep ones are drawn the total
    // left is below 1e-9 of the first and the tree is rebuilt, and the draws among the thirty are random. The
    // -Infinity items weigh nothing and are drawn last. Draws of each kind follow one another on the same sampler and
    // are compared with a fresh sampling of their seed.
    const steep = [0, -1, -2, ...Array.from({ length: 30 }, () => -3), -Infinity, -Infinity];
    const fresh = (k: number, seed: number) => sampleSoftmax(steep, k, 0.05, new Rng(seed));
    expect(fresh(35, 1).slice(0, 3)).toEqual([0, 1, 2]);
    expect(fresh(35, 1).slice(33).sort()).toEqual([33, 34]);
    expect(fresh(12, 1)).not.toEqual(fresh(12, 2));
    const sampler = new SoftmaxSampler(steep, 0.05);
    // What a draw changes is mostly hidden by the next rebuild, so the state after each draw is also compared
    // directly with that of a sampler that never drew (the invariant between draws).
    const untouched = new SoftmaxSampler(steep, 0.05);
    const state = (of: SoftmaxSampler, name: string) => Reflect.get(of, name) as Float64Array | Uint8Array;
    for (let seed = 0; seed < 9; seed++) {
      const k = [1, 12, 35][seed % 3]!;
      expect(sampler.draw(k, new Rng(seed))).toEqual(fresh(k, seed));
      for (const name of ['weight', 'tree', 'drawn']) expect(state(sampler, name)).toEqual(state(untouched, name));
    }
  });

  it('keeps its precision over many items with a sharp softmax', () => {
    const many = Float64Array.from({ length: 10_000 }, (_, i) => (i % 97) / 96);
    const picked = sampleSoftmax(many, 12, 0.01, new Rng(5));
    expect(new Set(picked).size).toBe(12);
    // At T = 0.01 a step of 1/96 in score is a factor e^1.04: draws stay on the top scores.
    expect(picked.every((i) => many[i] > 0.9)).toBe(true);
  });
});
