#!/usr/bin/env node
// The CLI is compiled to dist/ on install (npm's `prepare`); this shim only loads it.
import { main } from '../dist/cli/main.js';

main(process.argv).catch((error) => {
  process.stderr.write(`hearth: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
