/**
 * Summary statistics for benchmark tables: mean, sample standard deviation and the half-width of the 95% confidence
 * interval of the mean with Student's t (df = n - 1), reported as "mean +- ci95" the way the papers' tables do.
 *
 * Small samples: with n = 0 the mean is NaN; with n = 1 the standard deviation and the interval are NaN (one seed says
 * nothing about spread; a 0 would claim certainty). Reports print NaN as "n/a" and JSON as null.
 */

/** Mean and spread of a sample. */
export interface Summary {
  n: number;
  mean: number;
  /** Sample standard deviation (denominator n - 1). */
  std: number;
  /** Half-width of the 95% confidence interval of the mean: t(0.975, n - 1) * std / sqrt(n). */
  ci95: number;
}

/** Arithmetic mean, with one correction pass so that rounding in the sum does not show (0.4, 0.4, 0.4 -> 0.4). */
export function mean(values: readonly number[]): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  let sum = 0;
  for (const v of values) sum += v;
  const first = sum / n;
  let residual = 0;
  for (const v of values) residual += v - first;
  return first + residual / n;
}

/** Sample standard deviation (n - 1 in the denominator), computed in two passes for accuracy. NaN when n < 2. */
export function sampleStd(values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return Number.NaN;
  const m = mean(values);
  let squares = 0;
  for (const v of values) squares += (v - m) * (v - m);
  return Math.sqrt(squares / (n - 1));
}

/** Half-width of the two-sided 95% confidence interval of the mean (Student's t, df = n - 1). NaN when n < 2. */
export function ci95(values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return Number.NaN;
  return tQuantile(0.975, n - 1) * (sampleStd(values) / Math.sqrt(n));
}

export function summarize(values: readonly number[]): Summary {
  return { n: values.length, mean: mean(values), std: sampleStd(values), ci95: ci95(values) };
}

/**
 * The 95% Wilson score interval of a proportion (successes of n trials): unlike mean +- t x std / sqrt(n), it stays
 * inside [0, 1] and does not shrink to nothing at 0% or 100% (16 failures of 16 give [0, 19%], not 0 +- 0). Null
 * bounds when n is 0.
 */
export function wilson95(successes: number, n: number): { low: number | null; high: number | null } {
  if (n === 0) return { low: null, high: null };
  const z = 1.959963984540054;
  const p = successes / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n))) / (1 + z2n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

const quantileCache = new Map<string, number>();

/**
 * The p-quantile of Student's t distribution with df degrees of freedom (df > 0, not necessarily whole), found by
 * bisection on the exact distribution function; accurate to about 1e-12.
 */
export function tQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`tQuantile needs 0 < p < 1, got ${p}`);
  if (!(df > 0)) throw new RangeError(`tQuantile needs df > 0, got ${df}`);
  if (p === 0.5) return 0;
  if (p < 0.5) return -tQuantile(1 - p, df);
  const cacheKey = `${p}:${df}`;
  const cached = quantileCache.get(cacheKey);
  if (cached !== undefined) return cached;
  let lo = 0;
  let hi = 1;
  while (tCdf(hi, df) < p) {
    lo = hi;
    hi *= 2;
  }
  for (let i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (tCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  const q = (lo + hi) / 2;
  quantileCache.set(cacheKey, q);
  return q;
}

/** P(T <= t) for Student's t with df degrees of freedom. */
export function tCdf(t: number, df: number): number {
  // P(|T| > |t|) = I_x(df/2, 1/2) with x = df / (df + t^2), the regularised incomplete beta function.
  const tail = 0.5 * regularizedBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** I_x(a, b), the regularised incomplete beta function, by its continued fraction (modified Lentz method). */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
  // The fraction converges fast for x < (a + 1) / (a + b + 2); otherwise use I_x(a, b) = 1 - I_{1-x}(b, a).
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(x, a, b)) / a;
  return 1 - (front * betaFraction(1 - x, b, a)) / b;
}

function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let f = d;
  for (let m = 1; m <= 1000; m++) {
    // Even step: d_{2m} = m (b - m) x / ((a + 2m - 1)(a + 2m)).
    let numerator = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 + numerator * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + numerator / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    f *= d * c;
    // Odd step: d_{2m+1} = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1)).
    numerator = -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 + numerator * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + numerator / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    f *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return f;
}

// Lanczos approximation (g = 7, nine coefficients), good to about 15 digits for positive arguments.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Gamma(x) for x > 0. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Mean and 95% CI half-width of one metric over a group's episodes; null where undefined (no or one value). */
export interface MetricSummary {
  mean: number | null;
  ci95: number | null;
  /** Episodes that had a value, present only when fewer than the row's `episodes` (the metric was null for some). */
  n?: number;
  /**
   * The bounds of the 95% interval when it is not mean +- ci95: a success rate's Wilson interval (the cross-method
   * table's SR, `stats.ts` `wilson95`). Printed as "mean (low-high)".
   */
  low?: number | null;
  high?: number | null;
}
