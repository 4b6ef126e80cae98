/**
 * The compiled package (dist/, what `npx hearth` runs) starts its worker threads from dist/bench/worker.js with no
 * TypeScript loader: a plain JavaScript protocol must run there under plain `node`. `npm test` builds dist/ first;
 * without it this block skips, saying so.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { projectRoot } from '../helpers/shared-data.js';

const DIST_RUNNER = join(projectRoot, 'dist', 'bench', 'runner.js');
const built = existsSync(DIST_RUNNER);
if (!built) process.stderr.write(`[hearth tests] compiled runner: skipped, ${DIST_RUNNER} not built (npm run build)\n`);

describe.skipIf(!built)('the compiled runner', () => {
  it('runs a JavaScript protocol on worker threads under plain node', () => {
    const dir = scratchDir('dist');
    const protocol = join(dir, 'double.mjs');
    writeFileSync(protocol, 'export function runEpisode(spec) { return { metrics: { value: spec.seed * 2 } }; }\n');
    const driver = join(dir, 'driver.mjs');
    const dist = (file: string) => JSON.stringify(pathToFileURL(join(projectRoot, 'dist', 'bench', file)).href);
    writeFileSync(
      driver,
      `import { z } from ${JSON.stringify(pathToFileURL(join(projectRoot, 'node_modules', 'zod', 'index.js')).href)};
import { registerProtocol } from ${dist('protocols.js')};
import { specSchema } from ${dist('spec-schema.js')};
import { runGrid } from ${dist('runner.js')};
import { reportToJson } from ${dist('report.js')};
import { ResultsStore } from ${dist('store.js')};
registerProtocol({ name: 'double', module: ${JSON.stringify(pathToFileURL(protocol).href)},
  report: { groupBy: ['group'], metrics: [{ key: 'value', label: 'V' }] }, spec: specSchema({ group: z.string() }) });
const specs = [0, 1, 2, 3, 4, 5].map((seed) => ({ key: 'seed=' + seed, seed, group: 'all' }));
const store = ${JSON.stringify(join(dir, 'r.sqlite'))};
const outcome = await runGrid({ protocol: 'double', config: {}, specs, store, workers: 2, quiet: true });
const workers = new Set(ResultsStore.open(store).episodes(outcome.runId).map((e) => e.timing.worker));
process.stdout.write(JSON.stringify({ report: JSON.parse(reportToJson(outcome.report)), workers: [...workers].sort() }));
`,
    );
    const child = spawnSync(process.execPath, [driver], { encoding: 'utf8', cwd: dir });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const { report, workers } = JSON.parse(child.stdout);
    // values 0, 2, 4, 6, 8, 10: mean 5, s = sqrt(70 / 5) = 3.741657, ci95 = 2.570582 * 3.741657 / sqrt(6) = 3.92663
    expect(report.results).toEqual([{ group: 'all', episodes: 6, value: { mean: 5, ci95: expect.any(Number) } }]);
    expect(report.results[0].value.ci95).toBeCloseTo(3.92663, 4);
    expect(workers.every((w: unknown) => w === 0 || w === 1)).toBe(true);
  });
});
