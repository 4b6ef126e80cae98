/**
 * `npm run demos [-- --domain virtualhome|alfred|city|virtualhome-tasks]`: records the Oracle's demonstrations on the
 * training homes into `prompts/demonstrations/<name>.jsonl` (deterministic: the same bytes every time); the continual
 * ones per domain, and the episodic tasks' (`virtualhome-tasks`).
 */
import { defaultDemonstrationsPath, writeDemonstrations } from '../src/agents/demonstrations/io.js';
import { recipeFor, recordDemonstrations } from '../src/bench/continual/demonstrations.js';
import type { Domain } from '../src/bench/continual/instructions/types.js';
import { EPISODIC_DEMONSTRATIONS, recordEpisodicDemonstrations } from '../src/bench/episodic/demonstrations.js';

const at = process.argv.indexOf('--domain');
const ALL = ['virtualhome', 'alfred', 'city', EPISODIC_DEMONSTRATIONS];
const libraries: string[] = at >= 0 ? [process.argv[at + 1]] : ALL;
for (const library of libraries) {
  const started = performance.now();
  const { header, demonstrations } =
    library === EPISODIC_DEMONSTRATIONS
      ? await recordEpisodicDemonstrations()
      : recordDemonstrations(recipeFor(library as Domain));
  const file = defaultDemonstrationsPath(library);
  writeDemonstrations(file, header, demonstrations);
  const steps = demonstrations.reduce((sum, d) => sum + d.steps.length, 0);
  process.stdout.write(
    `${file}: ${demonstrations.length} demonstrations over ${header.homes.length} homes, ` +
      `${(steps / Math.max(1, demonstrations.length)).toFixed(1)} skills on average ` +
      `(${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
  );
}
