/**
 * The layer rules of `npm run lint` (.dependency-cruiser.cjs), run by dependency-cruiser itself on a small tree planted
 * in a scratch folder with the same rules: they must fail on an import from src/sim/ or src/language/ into
 * src/agents/, on a cycle and on util importing hearth, naming the rule and the files. (That src/ itself passes is `npm run lint`'s, in CI.)
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { projectRoot } from '../helpers/shared-data.js';

const DEPCRUISE = join(projectRoot, 'node_modules', '.bin', 'depcruise');
const CONFIG = '.dependency-cruiser.cjs';

function cruise(cwd: string): { status: number | null; output: string } {
  const result = spawnSync(DEPCRUISE, ['src', '--config', CONFIG, '--output-type', 'err'], { cwd, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A scratch project holding the rules and the given files (path -> source). */
function planted(files: Record<string, string>): string {
  const dir = scratchDir('layers');
  copyFileSync(join(projectRoot, CONFIG), join(dir, CONFIG));
  writeFileSync(join(dir, 'tsconfig.json'), '{}');
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  return dir;
}

/**
 * One planted tree with a breach of each rule (one run of dependency-cruiser, a second of CPU, instead of one per
 * rule): an import from src/sim/ and one from src/language/ into src/agents/, a cycle of types within src/planning/,
 * and src/util/ importing src/sim/.
 */
const BREACHES: Record<string, string> = {
  'src/util/ids.ts': 'export const id = 1;\n',
  'src/sim/world.ts': "import { decide } from '../agents/policy.js';\nexport const world = decide();\n",
  'src/language/reader.ts': "import { decide } from '../agents/policy.js';\nexport const read = decide;\n",
  'src/agents/policy.ts': "import { id } from '../util/ids.js';\nexport const decide = () => id;\n",
  'src/planning/task.ts':
    "import { evaluate } from './axioms.js';\nexport interface Task { n: number }\nexport const run = (t: Task) => evaluate(t);\n",
  'src/planning/axioms.ts': "import type { Task } from './task.js';\nexport const evaluate = (t: Task) => t.n;\n",
  'src/util/rng.ts': "import { place } from '../sim/place.js';\nexport const seed = place;\n",
  'src/sim/place.ts': 'export const place = 1;\n',
};

describe('the layer rules', () => {
  let run: { status: number | null; output: string };
  beforeAll(() => {
    run = cruise(planted(BREACHES));
  }, 60_000);

  it('fail on an import from src/sim/ or src/language/ into src/agents/, naming the rule and both files', () => {
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(
      /sim-llm-retrieval-imports-no-layer-above: src\/sim\/world\.ts → src\/agents\/policy\.ts/,
    );
    // The reader stands below the agents it serves (issue 42): it may not reach up into them either.
    expect(run.output).toMatch(
      /memory-planning-language-imports-no-layer-above: src\/language\/reader\.ts → src\/agents\/policy\.ts/,
    );
  });

  it('fail on a cycle, even of types, within one layer', () => {
    expect(run.output).toMatch(/no-cycles: src\/planning\/(task|axioms)\.ts/);
  });

  it('fail on util importing anything of hearth', () => {
    expect(run.output).toMatch(/util-imports-no-layer-above: src\/util\/rng\.ts → src\/sim\/place\.ts/);
  });
});
