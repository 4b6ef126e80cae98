/**
 * Where the built front end is: `dist/web`, beside `dist/server` in the package. Run from the TypeScript sources
 * (tests, tsx), this module is `src/server/web-root.ts` and the build is still in `dist/web`.
 */
import { fileURLToPath } from 'node:url';

export function webRoot(): string {
  const fromSources = import.meta.url.endsWith('.ts');
  return fileURLToPath(new URL(fromSources ? '../../dist/web/' : '../web/', import.meta.url));
}
