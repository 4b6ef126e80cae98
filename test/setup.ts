/** Runs before each test file (vitest.config.ts, setupFiles). */
import { afterAll, inject } from 'vitest';
import { removeScratchDirs, scratchDir } from './helpers/scratch.js';

// What runs cache (SemGro's skill databases, the planner's memo store: `src/bench/cache.ts`) goes to the suite's
// folder (test/global-setup.ts), never to the project's .hearth/cache; CLI runs started as child processes inherit it.
// A file run on its own without the global setup gets a folder of its own.
process.env.HEARTH_CACHE_DIR = inject('suiteCacheDir') ?? scratchDir('cache');

afterAll(removeScratchDirs);
