import { describe, expect, it } from 'vitest';
import { ci95, mean, sampleStd, summarize, tCdf, tQuantile, wilson95 } from '../../src/bench/stats.js';

// Two-sided 95% critical values t(0.975, df) from a printed Student's t table (3 decimals).
const T_TABLE_975: Array<[df: number, t: number]> = [
  [1, 12.706],
  [2, 4.303],
  [3, 3.182],
  [4, 2.776],
  [5, 2.571],
  [6, 2.447],
  [7, 2.365],
  [8, 2.306],
  [9, 2.262],
  [10, 2.228],
  [15, 2.131],
  [20, 2.086],
  [25, 2.06],
  [29, 2.045],
  [30, 2.042],
  [40, 2.021],
  [60, 2.0],
  [120, 1.98],
];

describe('Student t quantiles', () => {
  it.each(T_TABLE_975)('t(0.975, %i) = %f as in the printed table', (df, t) => {
    expect(tQuantile(0.975, df)).toBeCloseTo(t, 3);
  });

  it('matches other columns of the table (one-sided 95%, two-sided 99%)', () => {
    expect(tQuantile(0.95, 9)).toBeCloseTo(1.833, 3);
    expect(tQuantile(0.95, 1)).toBeCloseTo(6.314, 3);
    expect(tQuantile(0.995, 9)).toBeCloseTo(3.25, 3);
    expect(tQuantile(0.995, 4)).toBeCloseTo(4.604, 3);
  });

  it('agrees with the closed forms for df = 1 (Cauchy) and df = 2 to many digits', () => {
    // df = 1: t_p = tan(pi (p - 1/2)); df = 2: t_p = (2p - 1) / sqrt(2 p (1 - p)).
    for (const p of [0.6, 0.9, 0.975, 0.999]) {
      expect(tQuantile(p, 1)).toBeCloseTo(Math.tan(Math.PI * (p - 0.5)), 8);
      expect(tQuantile(p, 2)).toBeCloseTo((2 * p - 1) / Math.sqrt(2 * p * (1 - p)), 9);
    }
  });

  it('tends to the normal quantile 1.960 for large df, and is symmetric', () => {
    expect(tQuantile(0.975, 1e6)).toBeCloseTo(1.95996, 4);
    expect(tQuantile(0.025, 9)).toBeCloseTo(-2.262, 3);
    expect(tQuantile(0.5, 7)).toBe(0);
    expect(tCdf(0, 5)).toBeCloseTo(0.5, 12);
    expect(tCdf(2.262157, 9)).toBeCloseTo(0.975, 6);
  });

  it('rejects probabilities outside (0, 1) and df <= 0', () => {
    expect(() => tQuantile(1, 5)).toThrow(RangeError);
    expect(() => tQuantile(0, 5)).toThrow(RangeError);
    expect(() => tQuantile(0.9, 0)).toThrow(RangeError);
  });
});

describe('mean, sample std and ci95', () => {
  it('match values worked by hand', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squared deviations 32, s = sqrt(32 / 7) = 2.13809;
    // ci95 = t(0.975, 7) * s / sqrt(8) = 2.365 * 0.755929 = 1.7878 (table t, 3 decimals).
    const values = [2, 4, 4, 4, 5, 5, 7, 9];
    expect(mean(values)).toBe(5);
    expect(sampleStd(values)).toBeCloseTo(2.13809, 5);
    expect(ci95(values)).toBeCloseTo(1.7878, 2);
    expect(ci95(values)).toBeCloseTo(2.364624 * Math.sqrt(32 / 7 / 8), 5);
  });

  it('SR-like fractions: 0.5, 1, 0.75 -> 75% +- 62.1%', () => {
    // s = 0.25; ci95 = 4.303 * 0.25 / sqrt(3) = 0.62106
    const s = summarize([0.5, 1, 0.75]);
    expect(s.mean).toBe(0.75);
    expect(s.std).toBeCloseTo(0.25, 12);
    expect(s.ci95).toBeCloseTo(0.621, 3);
  });

  it('one value: mean only, spread and interval undefined (NaN); none: mean NaN', () => {
    expect(summarize([3])).toEqual({ n: 1, mean: 3, std: Number.NaN, ci95: Number.NaN });
    expect(summarize([]).mean).toBeNaN();
  });

  it('identical values have zero spread', () => {
    expect(summarize([0.4, 0.4, 0.4]).ci95).toBe(0);
  });
});

describe('the Wilson interval of a proportion', () => {
  it('matches the closed form and stays inside [0, 1] at the ends', () => {
    // 8 of 10: the textbook interval [0.4902, 0.9433].
    const eight = wilson95(8, 10);
    expect(eight.low).toBeCloseTo(0.4902, 4);
    expect(eight.high).toBeCloseTo(0.9433, 4);
    // 0 of 16: [0, z^2 / (n + z^2)], not 0 +- 0.
    const none = wilson95(0, 16);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(1.96 ** 2 / (16 + 1.96 ** 2), 3);
    const all = wilson95(16, 16);
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(1 - none.high!, 12);
    expect(wilson95(0, 0)).toEqual({ low: null, high: null });
  });
});
