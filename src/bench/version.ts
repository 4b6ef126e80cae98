/** hearth's version, read from the package.json two folders up (the same from `src/bench` and `dist/bench`). */
import { readFileSync } from 'node:fs';

let cached: string | undefined;

export function hearthVersion(): string {
  if (cached === undefined) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
        version?: unknown;
      };
      cached = typeof pkg.version === 'string' ? pkg.version : 'unknown';
    } catch {
      cached = 'unknown';
    }
  }
  return cached;
}
