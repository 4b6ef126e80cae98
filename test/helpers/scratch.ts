/**
 * Scratch folders for tests, so that a test run leaves nothing behind in the system's temp folder: each folder is
 * removed after the tests of the file that made it (test/setup.ts calls `removeScratchDirs` after every file; servers
 * and child processes a file starts are stopped by its own hooks, which run before).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();

/** A new empty folder `hearth-<name>-XXXXXX` under the system's temp folder. */
export function scratchDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `hearth-${name}-`));
  made.add(dir);
  return dir;
}

/** Removes every folder `scratchDir` has made since the last call. */
export function removeScratchDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
}
