/**
 * SemGro's tools (paper 003, issue 27):
 *
 * - `hearth semgro build-db --home <training home> --out FILE`: the hierarchical skill database learnt in a home
 *   (offline: the household planner's chains and template names; with `--llm`: the paper's chaining and summarising
 *   prompts), written as JSON lines, its level sizes printed beside the paper's;
 * - `hearth scene shift --from <home> --type ol|pa|rs --degree <0..1> --seed N --out FILE`: a shifted copy of a home
 *   at a measured degree (`bench/episodic/semgro/shift.ts`), registered under `hearth scene`.
 *
 * Both read the home as the semgro family trains in it with `--family-things` (the fruits, food and bathroom things its
 * tasks need added where missing), as given otherwise.
 */
import type { Command } from 'commander';
import { buildDatabase, PAPER_LEVEL_SIZES } from '../../agents/semgro/database/build.js';
import type { SkillDatabase } from '../../agents/semgro/database/database.js';
import { readDatabase, writeDatabase } from '../../agents/semgro/database/io.js';
import { buildDatabaseWithModel } from '../../agents/semgro/database/llm-build.js';
import { prepareTrainingHome, SEMGRO_DATABASE_SEED } from '../../bench/episodic/semgro/settings.js';
import { generateShift, SHIFT_TYPES, type ShiftType } from '../../bench/episodic/semgro/shift.js';
import { addLlmOptions, languageModelFromOptions } from '../../llm/cli-options.js';
import type { LlmFlags } from '../../llm/config.js';
import type { EnvGraph } from '../../sim/graph.js';
import { saveGraph } from '../../sim/graph-io.js';
import { loadHome } from '../../sim/scenes/index.js';
import { InputError } from '../../util/errors.js';

const FAMILY_THINGS =
  "add what the semgro family's tasks need where missing (as the family trains: fruits, food, bathroom things)";

function parseSeed(text: string, flag: string): number {
  if (!/^\d+$/.test(text.trim()))
    throw new InputError(`${flag} must be a non-negative integer, got ${JSON.stringify(text)}`);
  return Number(text.trim());
}

/** The training home a command reads: the home, with the family's things when asked. */
function trainingGraph(spec: string, familyThings: boolean | undefined): EnvGraph {
  const home = loadHome(spec);
  return familyThings ? prepareTrainingHome(home.graph, spec) : home.graph;
}

/** Level sizes, hearth's beside the paper's (appendix B). */
export function levelSizesLine(database: SkillDatabase): string {
  const sizes = database.header.levels.map((n, i) => `L${i + 1} ${n} (paper ${PAPER_LEVEL_SIZES[i]})`);
  return `levels: ${sizes.join(', ')}`;
}

export function registerSemGroCommands(program: Command): void {
  const semgro = program.command('semgro').description("SemGro's skill database (paper 003)");
  const build = semgro
    .command('build-db')
    .description(
      "learn the hierarchical skill database in a training home and write it as JSON lines (offline; the paper's " +
        'chaining and summarising prompts with --llm)',
    )
    .requiredOption('--home <home>', 'the training home: a built-in name, gen:<seed>[:<rooms>], or a graph file')
    .requiredOption('--out <file>', 'the database file to write')
    .option('--seed <n>', 'the seed of the conjunctions drawn for levels 3-4', String(SEMGRO_DATABASE_SEED))
    .option('--family-things', FAMILY_THINGS);
  addLlmOptions(build).action(
    async (options: LlmFlags & { home: string; out: string; seed: string; familyThings?: boolean }) => {
      const seed = parseSeed(options.seed, '--seed');
      const graph = trainingGraph(options.home, options.familyThings);
      const started = performance.now();
      const llm = await languageModelFromOptions(options);
      let database: SkillDatabase;
      let note = '';
      try {
        if (llm) {
          const report = await buildDatabaseWithModel(graph, {
            home: options.home,
            seed,
            llm,
            model: llm.backend.info.model,
          });
          database = report.database;
          note = `; ${report.calls} model calls, ${report.templateNames} names from the templates`;
        } else {
          database = buildDatabase(graph, { home: options.home, seed });
        }
      } finally {
        await llm?.close();
      }
      writeDatabase(options.out, database);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `wrote ${options.out}: ${database.entries.length} skills learnt in ${options.home} (${database.header.builder}, ` +
          `seed ${seed}) in ${seconds} s${note}\n${levelSizesLine(database)}\n`,
      );
    },
  );
}

/** `hearth scene shift`, added to the `scene` group. */
export function registerShiftCommand(scene: Command): void {
  scene
    .command('shift')
    .description(
      'a copy of a home shifted from it (paper 003): objects moved (ol), states flipped (pa) or furniture moved to ' +
        "other rooms (rs), until the share of the skill database's level >= 2 chains that run in the home but fail " +
        'in the copy reaches the degree (measured, printed)',
    )
    .requiredOption('--from <home>', 'the training home: a built-in name, gen:<seed>[:<rooms>], or a graph file')
    .requiredOption('--type <type>', `the shift: ${SHIFT_TYPES.join(', ')}`)
    .requiredOption('--degree <d>', 'the requested degree, 0 to 1 (the paper: 0.2 small, 0.3 medium, 0.5 large)')
    .requiredOption('--seed <n>', 'the seed of the edits drawn')
    .requiredOption('--out <file>', 'the shifted home, as VirtualHome JSON (gzip-compressed when it ends in .gz)')
    .option('--db <file>', 'the skill database the degree is measured on (default: built offline in the home, seed 0)')
    .option('--family-things', FAMILY_THINGS)
    .action(
      (options: {
        from: string;
        type: string;
        degree: string;
        seed: string;
        out: string;
        db?: string;
        familyThings?: boolean;
      }) => {
        if (!(SHIFT_TYPES as readonly string[]).includes(options.type)) {
          throw new InputError(`--type must be one of ${SHIFT_TYPES.join(', ')}, got ${JSON.stringify(options.type)}`);
        }
        const degree = Number(options.degree);
        if (options.degree.trim() === '' || !(degree >= 0 && degree <= 1)) {
          throw new InputError(`--degree must be a number from 0 to 1, got ${JSON.stringify(options.degree)}`);
        }
        const seed = parseSeed(options.seed, '--seed');
        const database = options.db ? readDatabase(options.db) : undefined;
        const graph = trainingGraph(options.from, options.familyThings);
        const shift = generateShift(
          database ?? buildDatabase(graph, { home: options.from, seed: SEMGRO_DATABASE_SEED }),
          graph,
          {
            type: options.type as ShiftType,
            degree,
            seed,
          },
        );
        saveGraph(shift.graph, options.out);
        const percent = (x: number) => `${(100 * x).toFixed(1)}%`;
        process.stdout.write(
          `wrote ${options.out}: ${options.type} shift of ${options.from}, seed ${seed}, ${shift.edits.length} edits; ` +
            `degree requested ${percent(degree)}, measured ${percent(shift.measured)}\n`,
        );
        if (Math.abs(shift.measured - degree) > 0.05) {
          process.stderr.write(
            `note: the measured degree is more than 5 points from the request: ${options.type} edits of this home ` +
              'break no more of its skills\n',
          );
        }
      },
    );
}
