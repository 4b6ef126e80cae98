import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compiledTwin, isSource } from '../../src/bench/thread-code.js';
import { projectRoot } from '../helpers/shared-data.js';

const root = pathToFileURL(`${projectRoot}/`).href;
const built = existsSync(`${projectRoot}/dist/bench/worker.js`);
if (!built) process.stderr.write('[hearth tests] compiled twins: skipped, dist/ not built (npm run build)\n');

describe("a worker thread's code under npm test (thread-code.ts)", () => {
  it.skipIf(!built)('maps a source module, spelt .ts or .js, to its compiled twin in dist/', () => {
    expect(compiledTwin(`${root}src/bench/worker.ts`)).toBe(`${root}dist/bench/worker.js`);
    expect(compiledTwin(`${root}src/bench/continual/protocol.js`)).toBe(`${root}dist/bench/continual/protocol.js`);
  });

  it('has no twin for a file outside src/ or one the build does not make', () => {
    expect(compiledTwin(`${root}test/fixtures/toy-protocol.ts`)).toBeUndefined();
    expect(isSource(`${root}test/fixtures/toy-protocol.ts`)).toBe(false);
    expect(compiledTwin(`${root}src/bench/no-such-module.ts`)).toBeUndefined();
    expect(isSource(`${root}src/bench/no-such-module.ts`)).toBe(true);
    expect(compiledTwin('hearth-protocol-package')).toBeUndefined();
  });
});
