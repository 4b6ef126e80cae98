/**
 * Runs once before the whole suite (vitest.config.ts, globalSetup): one cache folder for every test file.
 *
 * What hearth caches there is keyed by content (SemGro's skill databases and shifted homes by their training home as
 * prepared, the seed and the build; the planner's memo store by code version and problem), so a file that finds an
 * entry another file made gets exactly what it would have made itself. Sharing it makes each SemGro database once per
 * suite instead of once per file (about 15-30 s of CPU each on 2 cores). Files that test the cache itself (cold,
 * then warm) give themselves a folder of their own (`ownCacheDir` in test/helpers/scratch.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The suite's cache folder (HEARTH_CACHE_DIR of every test file and of the CLI runs it starts). */
    suiteCacheDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-suite-cache-'));
  project.provide('suiteCacheDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
