/**
 * `hearth run`: the continual-instruction benchmark (hearth's main job). A grid of agents x homes x
 * non-stationarity x instruction scale x seeds runs on worker threads into the results store, and the report is
 * printed as ExRAP's Tables 1 and 2, or as JSON / CSV. Bad input (an unknown agent, a malformed home file, more
 * instructions than a home fits) is refused before anything runs.
 */
import { Command } from 'commander';
import { agentNames, agentsWithoutLlm, getAgent } from '../../agents/registry.js';
import { homeGraph } from '../../bench/continual/episode.js';
import { checkScale } from '../../bench/continual/instructions/bind.js';
import { instructionPool } from '../../bench/continual/instructions/tables.js';
import { TEXT_STYLES, type TextStyle } from '../../bench/continual/instructions/text.js';
import { DOMAINS, type Domain } from '../../bench/continual/instructions/types.js';
import { addGridOptions, expandGrid, type Grid, gridConfig, parseGridOptions } from '../../bench/grid.js';
import { formatReport } from '../../bench/report.js';
import { runGrid } from '../../bench/runner.js';
import { builtinHome, DEFAULT_HOME } from '../../sim/scenes/homes.js';
import { InputError } from '../../util/errors.js';

/** Protocols `--protocol` will take; only `continual` runs so far. */
const PROTOCOLS = ['continual', 'episodic'] as const;

export interface RunOptions {
  domain: Domain;
  style: TextStyle;
  protocol: 'continual';
}

function oneOf<T extends string>(flag: string, value: unknown, allowed: readonly T[]): T {
  const text = String(value ?? '').trim();
  if (!(allowed as readonly string[]).includes(text)) {
    throw new InputError(`${flag}: unknown value '${text}' (known: ${allowed.join(', ')})`);
  }
  return text as T;
}

/** Checks the flags that `addGridOptions` does not know. */
export function parseRunOptions(options: Record<string, unknown>): RunOptions {
  const protocol = oneOf('--protocol', options.protocol, PROTOCOLS);
  if (protocol !== 'continual') {
    throw new InputError(`--protocol ${protocol}: not available yet (only continual runs in this version)`);
  }
  return {
    protocol,
    domain: oneOf('--domain', options.domain, DOMAINS),
    style: oneOf('--style', options.style, TEXT_STYLES),
  };
}

/**
 * Loads every home of the grid (so that a malformed file fails now, naming its file and line) and checks that each
 * fits the largest instruction scale asked for.
 */
export function checkHomes(grid: Grid, domain: Domain): void {
  const pool = instructionPool(domain);
  const largest = Math.max(...grid.instructions);
  for (const home of grid.homes) checkScale(pool, homeGraph(home), largest, home);
}

export function registerRunCommand(program: Command): void {
  const command = new Command('run').description(
    'run agents on standing instructions in changing homes (ExRAP continual protocol) and print SR / PS',
  );
  addGridOptions(command, { agents: agentsWithoutLlm(), homes: [DEFAULT_HOME] })
    .option('--domain <name>', `instruction pool and skills (${DOMAINS.join(', ')})`, 'virtualhome')
    .option('--style <style>', `instruction texts (${TEXT_STYLES.join(', ')})`, 'sentence')
    .option('--protocol <name>', 'continual (episodic is reserved for the episodic protocol)', 'continual')
    .addHelpText(
      'after',
      `\nAgents: ${agentNames()
        .map((name) => `${name}${getAgent(name).needsLlm ? ' (needs an LLM)' : ''}`)
        .join(', ')}\n` +
        'Homes: built-in names (hearth scene list), gen:<seed>[:<rooms>] for generated homes, VirtualHome graph files.',
    )
    .action(async () => {
      const options = command.opts();
      const run = parseRunOptions(options);
      const grid = parseGridOptions(options, {
        knownAgents: agentNames(),
        maxInstructions: instructionPool(run.domain).length,
        checkHome: (home) => {
          if (!builtinHome(home)) homeGraph(home);
        },
      });
      checkHomes(grid, run.domain);
      const specs = expandGrid(grid).map((spec) => ({ ...spec, domain: run.domain, style: run.style }));
      const outcome = await runGrid({
        ...grid,
        protocol: run.protocol,
        config: { ...gridConfig(grid), domain: run.domain, style: run.style },
        specs,
      });
      process.stdout.write(formatReport(outcome.report, grid.format));
      process.exitCode = outcome.exitCode;
    });
  program.addCommand(command);
}
