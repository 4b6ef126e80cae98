/**
 * Runs a benchmark on the built package (`dist/`, what the `hearth` command runs) instead of the TypeScript sources
 * through tsx: `node --import tsx --import ./perf/support/built-code.mjs perf/x.ts`. The benchmark's own file is
 * still compiled by tsx; every module it reaches under `src/` is loaded from `dist/`. tsx compiles with esbuild's
 * `keepNames`, which names each function as it is created at run time, so code that makes closures in a hot loop
 * measured about a fifth slower through tsx than built (docs/architecture.md, "Build and run").
 */
import { register } from 'node:module';

register('./built-code-hooks.mjs', import.meta.url);
