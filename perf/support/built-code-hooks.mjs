/** Module resolution hooks of built-code.mjs: a source module under src/ resolves to its build under dist/. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SOURCES = new URL('../../src/', import.meta.url).href;
const BUILT = new URL('../../dist/', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (!resolved.url.startsWith(SOURCES) || !resolved.url.endsWith('.ts')) return resolved;
  const url = `${BUILT}${resolved.url.slice(SOURCES.length, -'.ts'.length)}.js`;
  if (!existsSync(fileURLToPath(url))) {
    throw new Error(`benchmark on the built package: ${fileURLToPath(url)} is missing (run \`npm run build\`)`);
  }
  return { url, format: 'module', shortCircuit: true };
}
