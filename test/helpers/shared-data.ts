/**
 * Access to the third-party reference data in ../shared/data for tests. Tests that need it call `sharedData()` and
 * skip with a message naming what is missing when it is absent, never pass silently.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Root of the shared data folder: $HEARTH_SHARED_DATA, else ../shared/data beside the project. */
export const SHARED_DATA = process.env.HEARTH_SHARED_DATA ?? resolve(projectRoot, '..', 'shared', 'data');

export function sharedPath(...parts: string[]): string {
  return join(SHARED_DATA, ...parts);
}

/** undefined when the path exists, else the reason a test must skip. */
export function missingShared(...parts: string[]): string | undefined {
  const path = sharedPath(...parts);
  return existsSync(path) ? undefined : `skipped: reference data not found at ${path}`;
}

export { projectRoot };

/**
 * `describe` for a block that needs files from ../shared/data: when any is missing the block is skipped and its
 * title says which file, so the skip is visible in the test report.
 */
export function describeWithShared(paths: string[][], title: string, body: () => void): void {
  const reason = paths.map((p) => missingShared(...p)).find((r) => r !== undefined);
  if (reason) {
    describe.skip(`${title} [${reason}]`, body);
    process.stderr.write(`[hearth tests] ${title}: ${reason}\n`);
  } else {
    describe(title, body);
  }
}
