/** Runs before each test file (vitest.config.ts, setupFiles). */
import { afterAll } from 'vitest';
import { removeScratchDirs } from './helpers/scratch.js';

afterAll(removeScratchDirs);
