/**
 * Which code a benchmark measures: the built package (`npm run perf:*` loads `src/` modules from `dist/`, through
 * built-code.mjs) or the TypeScript sources through tsx (`npx tsx perf/x.ts`), for the figures' heading.
 */
export function codeUnderTest(): string {
  const url = import.meta.resolve('../../src/index.js');
  return url.includes('/dist/') ? 'the built package, dist/' : 'the TypeScript sources through tsx';
}
