/**
 * A digest of the code this thread runs: every module file of the tree it was loaded from (`dist/*.js` for the
 * package, `src/*.ts` under tsx or vitest), path and content. What is kept on disk as a pure function's result
 * (`memo-store.ts`) is filed under it, so that a result computed by other code (another version, a local edit, the
 * sources instead of the build) is never read: any change to any module gives another digest. Computed once per
 * thread (some 400 files, a few tens of milliseconds).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

let digest: string | undefined;

/** The tree's module files under `dir`, sorted (declaration files and source maps left out). */
function moduleFiles(dir: string, extension: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(extension) && !entry.name.endsWith(`.d${extension}`)) out.push(path);
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * Takes the digest another thread of this process computed over the same tree (a runner hands it to its worker
 * threads, which then do not read the files again).
 */
export function useCodeVersion(known: string): void {
  digest = known;
}

/** The digest of the code (32 hex digits of SHA-256 over every module file's path and content). */
export function codeVersion(): string {
  if (digest === undefined) {
    const here = fileURLToPath(import.meta.url);
    const root = dirname(dirname(here)); // src/ or dist/
    const hash = createHash('sha256');
    for (const file of moduleFiles(root, here.endsWith('.ts') ? '.ts' : '.js')) {
      hash.update(relative(root, file)).update('\u0000').update(readFileSync(file)).update('\u0000');
    }
    digest = hash.digest('hex').slice(0, 32);
  }
  return digest;
}
