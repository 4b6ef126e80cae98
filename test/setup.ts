/** Runs before each test file (vitest.config.ts, setupFiles). */
import { afterAll } from 'vitest';
import { removeScratchDirs, scratchDir } from './helpers/scratch.js';

// What runs cache (SemGro's skill databases, `src/bench/cache.ts`) goes to a folder of the file's own, removed after
// it, never to the project's .hearth/cache; CLI runs started as child processes inherit it.
process.env.HEARTH_CACHE_DIR = scratchDir('cache');

afterAll(removeScratchDirs);
