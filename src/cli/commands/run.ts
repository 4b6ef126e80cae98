/**
 * `hearth run`: the continual-instruction benchmark (hearth's main job). A grid of agents x homes x
 * non-stationarity x instruction scale x seeds runs on worker threads into the results store, and the report is
 * printed as ExRAP's Tables 1 and 2, or as JSON / CSV. Bad input (an unknown agent, a malformed home file, more
 * instructions than a home fits) is refused before anything runs.
 */
import { Command } from 'commander';
import { agentNames, agentsWithoutLlm, getAgent, usesLlm } from '../../agents/registry.js';
import { homeGraph } from '../../bench/continual/episode.js';
import { checkScale } from '../../bench/continual/instructions/bind.js';
import { instructionPool } from '../../bench/continual/instructions/tables.js';
import { TEXT_STYLES, type TextStyle } from '../../bench/continual/instructions/text.js';
import { DOMAINS, type Domain } from '../../bench/continual/instructions/types.js';
import { addGridOptions, expandGrid, type Grid, gridConfig, parseGridOptions } from '../../bench/grid.js';
import { closeEpisodeLanguageModels, episodeLlm, llmRunConfig, shareApiKey } from '../../bench/llm.js';
import { formatReport } from '../../bench/report.js';
import { runGrid } from '../../bench/runner.js';
import { addLlmOptions } from '../../llm/cli-options.js';
import { type LlmConfig, type LlmFlags, languageModelFromConfig, resolveLlmConfig } from '../../llm/config.js';
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

/**
 * The run's language model from the LLM flags (with `HEARTH_LLM_*` and the config file), checked before anything
 * runs: agents that need a model refuse to start without one (an InputError naming the flag), and the model is
 * built once here so that a missing recording or an unknown backend fails at once rather than in every episode.
 */
export async function runLanguageModel(
  agents: readonly string[],
  options: LlmFlags,
  env: Record<string, string | undefined> = process.env,
): Promise<LlmConfig | undefined> {
  const config = resolveLlmConfig(options, env);
  const needing = agents.filter((agent) => getAgent(agent).needsLlm);
  if (needing.length > 0 && config === undefined) {
    throw new InputError(
      `--agents ${needing.join(',')}: ${needing.length === 1 ? 'this agent needs' : 'these agents need'} a language ` +
        'model; add --llm openai --base-url URL --model NAME (any OpenAI-compatible server), ' +
        '--llm llama-cpp --model FILE.gguf, or --llm-replay FILE',
    );
  }
  if (config !== undefined && agents.some((agent) => usesLlm(getAgent(agent)))) {
    // Opens the recording (replay) or checks the configuration; a server is contacted only by the episodes.
    await languageModelFromConfig(config).close();
  }
  return config;
}

export function registerRunCommand(program: Command): void {
  const command = new Command('run').description(
    'run agents on standing instructions in changing homes (ExRAP continual protocol) and print SR / PS',
  );
  addGridOptions(command, { agents: agentsWithoutLlm(), homes: [DEFAULT_HOME] })
    .option('--domain <name>', `instruction pool and skills (${DOMAINS.join(', ')})`, 'virtualhome')
    .option('--style <style>', `instruction texts (${TEXT_STYLES.join(', ')})`, 'sentence')
    .option('--protocol <name>', 'continual (episodic is reserved for the episodic protocol)', 'continual');
  addLlmOptions(command)
    .addHelpText(
      'after',
      `\nAgents: ${agentNames()
        .map((name) => {
          const definition = getAgent(name);
          return `${name}${definition.needsLlm ? ' (needs an LLM)' : definition.acceptsLlm ? ' (LLM roles with --llm)' : ''}`;
        })
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
      const llm = await runLanguageModel(grid.agents, options);
      const withLlm = new Set(grid.agents.filter((agent) => usesLlm(getAgent(agent))));
      const specs = expandGrid(grid).map((spec) => ({
        ...spec,
        domain: run.domain,
        style: run.style,
        ...(llm && withLlm.has(spec.agent) && { llm: episodeLlm(llm) }),
      }));
      if (llm) shareApiKey(llm);
      // An in-process GGUF model is loaded once per worker: one worker unless --workers says otherwise.
      const workers =
        llm?.provider === 'llama-cpp' && command.getOptionValueSource('workers') === 'default' ? 1 : grid.workers;
      try {
        const outcome = await runGrid({
          ...grid,
          workers,
          protocol: run.protocol,
          config: {
            ...gridConfig(grid),
            domain: run.domain,
            style: run.style,
            ...(llm && withLlm.size > 0 && { llm: llmRunConfig(llm) }),
          },
          specs,
        });
        process.stdout.write(formatReport(outcome.report, grid.format));
        process.exitCode = outcome.exitCode;
      } finally {
        await closeEpisodeLanguageModels();
      }
    });
  program.addCommand(command);
}
