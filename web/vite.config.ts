/**
 * The dashboard's front end (Preact, preact-iso, Observable Plot), built by `npm run build` into dist/web, which
 * `hearth serve` serves. Every asset is bundled: the dashboard works offline.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    // One chart library and one framework: a single bundle is simplest to serve and small enough (gzip ~100 KiB).
    chunkSizeWarningLimit: 1024,
    reportCompressedSize: false,
  },
  logLevel: 'warn',
});
