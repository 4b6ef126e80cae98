/**
 * `npm run demos [-- --domain virtualhome|alfred]`: records the Oracle's demonstrations on the training homes into
 * `prompts/demonstrations/<domain>.jsonl` (deterministic: the same bytes every time).
 */
import { defaultDemonstrationsPath, writeDemonstrations } from '../src/agents/demonstrations/io.js';
import { DEFAULT_RECIPE, recordDemonstrations } from '../src/bench/continual/demonstrations.js';
import type { Domain } from '../src/bench/continual/instructions/types.js';

const at = process.argv.indexOf('--domain');
const domains: Domain[] = at >= 0 ? [process.argv[at + 1] as Domain] : ['virtualhome', 'alfred'];
for (const domain of domains) {
  const started = performance.now();
  const { header, demonstrations } = recordDemonstrations({ ...DEFAULT_RECIPE, domain });
  const file = defaultDemonstrationsPath(domain);
  writeDemonstrations(file, header, demonstrations);
  const steps = demonstrations.reduce((sum, d) => sum + d.steps.length, 0);
  process.stdout.write(
    `${file}: ${demonstrations.length} demonstrations over ${header.homes.length} homes, ` +
      `${(steps / Math.max(1, demonstrations.length)).toFixed(1)} skills on average ` +
      `(${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
  );
}
