/**
 * Settings of the property-based tests (fast-check): a fixed seed, so that CI runs the same cases every time and a
 * failure replays, and a number of runs each test sizes to stay cheap. `FC_SEED` and `FC_RUNS` in the environment
 * explore further by hand (`FC_RUNS=5000 FC_SEED=7 npx vitest run test/language/reader-property.test.ts`).
 */
import type { Parameters } from 'fast-check';

export const PROPERTY_SEED = 44;

export function propertyRuns<T>(numRuns: number): Parameters<T> {
  return {
    seed: Number(process.env.FC_SEED ?? PROPERTY_SEED),
    numRuns: Number(process.env.FC_RUNS ?? numRuns),
  };
}

/** Whether a message carries a stack trace (a line starting with `at `). */
export const hasStackTrace = (text: string): boolean => /\n\s+at /.test(text);
