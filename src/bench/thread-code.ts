/**
 * Which code a worker thread runs when this process runs hearth's TypeScript sources (tests under vitest, scripts
 * under tsx). By default the thread loads the same sources through tsx's loader, which costs about three times what
 * loading the compiled package does (the agents' modules: 3.7 s of CPU against 1.1 s on this machine), once per
 * thread. With HEARTH_THREADS_FROM_DIST=1 (`npm test` sets it: it builds dist/ just before, so the compiled code is the
 * sources' own), a thread runs the compiled twins instead (`dist/bench/worker.js` for `src/bench/worker.ts`), when
 * every TypeScript module it needs has one; a module outside src/ (a test's fixture protocol, a user's .ts agent)
 * keeps the thread on the sources, so that one thread never holds two copies of a registry.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The package's root folder, as a file: URL ending in '/' (this file is src/bench/ or dist/bench/). */
const ROOT = new URL('../../', import.meta.url).href;

/** Whether threads should run compiled code in place of sources (see the module comment). */
export const threadsFromDist = (): boolean => process.env.HEARTH_THREADS_FROM_DIST === '1';

/** Whether a module URL names a file of this package's sources (`.ts`, or `.js` as TypeScript's imports spell it). */
export const isSource = (url: string): boolean => url.startsWith(`${ROOT}src/`);

/**
 * The compiled twin of a source module of this package (`<root>src/x/y.ts` or `.js` -> `<root>dist/x/y.js`) when
 * it exists; undefined for anything else.
 */
export function compiledTwin(url: string): string | undefined {
  const match = /^(.*)\.[cm]?[jt]s$/.exec(url);
  if (!isSource(url) || !match) return undefined;
  const twin = `${ROOT}dist/${match[1].slice(`${ROOT}src/`.length)}.js`;
  return existsSync(fileURLToPath(twin)) ? twin : undefined;
}
