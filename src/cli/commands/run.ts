/**
 * `hearth run`: the benchmarks. By default the continual-instruction benchmark (hearth's main job): a grid of agents x
 * homes x non-stationarity x instruction scale x seeds runs on worker threads into the results store, and the report
 * is printed as ExRAP's Tables 1 and 2, or as JSON / CSV; each home runs in the domain its name says (a city in the
 * city, `home-domains.ts`). With `--protocol episodic` (or `--agents methods`), one task at a time (`runEpisodic`).
 * Bad input (an unknown agent, a malformed home file, more instructions than a home fits) is refused before anything
 * runs.
 */
import { Command } from 'commander';
import { protocolsOf } from '../../agents/definition.js';
import { type AgentSource, userAgentDigest, userAgentsOf } from '../../agents/external/index.js';
import { expandMethods, METHODS_KEYWORD, methodAgents } from '../../agents/methods.js';
import { agentNames, agentsWithoutLlm, getAgent, referenceAgents, usesLlm } from '../../agents/registry.js';
import { DEFAULT_CACHE_DIR } from '../../bench/cache.js';
import { homeGraph } from '../../bench/continual/episode.js';
import { type HomeDomains, homeDomains, isCityHome } from '../../bench/continual/home-domains.js';
import { checkScale } from '../../bench/continual/instructions/bind.js';
import { instructionPool } from '../../bench/continual/instructions/tables.js';
import {
  DOMAINS,
  type Domain,
  REFERENTS,
  type Referents,
  TEXT_STYLES,
  type TextStyle,
} from '../../bench/continual/instructions/types.js';
import { type CrossMethodRequest, formatRunReport } from '../../bench/episodic/cross-method.js';
import { checkEpisodeTask } from '../../bench/episodic/episode.js';
import { episodicGridConfig, expandEpisodicGrid, selectTasks } from '../../bench/episodic/grid.js';
import { checkSlip } from '../../bench/episodic/noise.js';
import { prepareTrainingHome, SEMGRO_TRAINING_HOME } from '../../bench/episodic/semgro/settings.js';
import { SEMGRO_RESERVED_HOME } from '../../bench/episodic/semgro/training.js';
import { DATA_FAMILIES, NAMED_FAMILIES, TASK_FAMILIES } from '../../bench/episodic/task.js';
import { tasksOfFamily, useDialogueFile } from '../../bench/episodic/tasks/index.js';
import {
  addGridOptions,
  expandGrid,
  type Grid,
  gridConfig,
  parseGridOptions,
  seedCountNote,
} from '../../bench/grid.js';
import { canonicalJson, type JsonObject } from '../../bench/json.js';
import { closeEpisodeLanguageModels, episodeLlm, llmRunConfig, shareApiKey } from '../../bench/llm.js';
import { checkPoolFields } from '../../bench/paired.js';
import { getProtocol } from '../../bench/protocols.js';
import { formatReport, tableMetrics } from '../../bench/report.js';
import { runGrid } from '../../bench/runner.js';
import { addLlmOptions } from '../../llm/cli-options.js';
import {
  callsWaitOnServer,
  defaultConcurrency,
  type LlmConfig,
  type LlmFlags,
  languageModelFromConfig,
  resolveLlmConfig,
} from '../../llm/config.js';
import { ProgramMemoryFile } from '../../memory/program-memory.js';
import { builtinCities, DEFAULT_CITY } from '../../sim/city/index.js';
import { builtinHome, DEFAULT_HOME } from '../../sim/scenes/homes.js';
import { InputError } from '../../util/errors.js';
import { addAgentTimeoutOption, loadOwnAgents } from '../own-agents.js';

/** Where `--helper-memory` without a file learns. */
export const DEFAULT_HELPER_MEMORY = '.hearth/helper-memory.sqlite';

/**
 * The pass a learning run learns in (`src/memory/program-memory.ts`): with --resume, the latest pass of the same
 * configuration, so that a resumed run reads and writes what the interrupted one did.
 */
function openLearningPass(file: string, config: string, resume: boolean): { file: string; pass: number } {
  const memory = ProgramMemoryFile.open(file);
  try {
    return { file, pass: memory.openPass(config, resume) };
  } finally {
    memory.close();
  }
}

/** Protocols `--protocol` takes. */
const PROTOCOLS = ['continual', 'episodic'] as const;

/** Forms of the episodic report `--table` takes: the cross-method table, or a table per home with every metric. */
const TABLE_FORMS = ['compact', 'wide'] as const;

export interface RunOptions {
  /** `--domain` when named; absent, each home's name picks its domain (`homeDomains`). */
  domain?: Domain;
  style: TextStyle;
  referents: Referents;
  protocol: (typeof PROTOCOLS)[number];
  /** The episodic report as the cross-method table (`--table compact`), and how; absent: the wide tables. */
  crossMethod?: CrossMethodRequest;
}

function oneOf<T extends string>(flag: string, value: unknown, allowed: readonly T[]): T {
  const text = String(value ?? '').trim();
  if (!(allowed as readonly string[]).includes(text)) {
    throw new InputError(`${flag}: unknown value '${text}' (known: ${allowed.join(', ')})`);
  }
  return text as T;
}

/** Checks the flags that `addGridOptions` does not know. */
export function parseRunOptions(options: Record<string, unknown>, named: { methods?: boolean } = {}): RunOptions {
  const protocol = oneOf('--protocol', options.protocol, PROTOCOLS);
  if (protocol === 'episodic' && options.domain !== undefined && options.domain !== 'virtualhome') {
    throw new InputError(`--domain ${String(options.domain)}: episodic tasks run in the virtualhome domain only`);
  }
  if (protocol !== 'episodic' && options.slip !== undefined && checkSlip(options.slip) > 0) {
    throw new InputError(`--slip ${String(options.slip)}: execution noise is an option of the episodic protocol`);
  }
  const referents = oneOf('--referents', options.referents, REFERENTS);
  if (protocol === 'episodic' && referents !== 'one') {
    throw new InputError(
      `--referents ${referents}: the reading of the instructions is an option of the continual protocol`,
    );
  }
  const crossMethod = parseTableForm(options, protocol, named.methods ?? false);
  return {
    protocol,
    ...(options.domain !== undefined && { domain: oneOf('--domain', options.domain, DOMAINS) }),
    style: oneOf('--style', options.style, TEXT_STYLES),
    referents,
    ...(crossMethod && { crossMethod }),
  };
}

/**
 * `--table` and `--per-home`: the cross-method table (the default of `--agents methods`, any episodic run with
 * `--table compact`), pooled over the homes or one per home; undefined for the wide tables.
 */
function parseTableForm(
  options: Record<string, unknown>,
  protocol: RunOptions['protocol'],
  methods: boolean,
): CrossMethodRequest | undefined {
  const named = options.table !== undefined;
  const form = named ? oneOf('--table', options.table, TABLE_FORMS) : methods ? 'compact' : 'wide';
  if (named && protocol !== 'episodic') {
    throw new InputError(`--table ${form}: the form of the episodic report; add --protocol episodic`);
  }
  if (options.perHome === true && form !== 'compact') {
    throw new InputError('--per-home splits the cross-method table by home: use it with --table compact');
  }
  if (form !== 'compact') return undefined;
  if (options.paired !== undefined && !options.json) {
    throw new InputError(
      `--paired ${String(options.paired)}: the paired comparison prints beside the wide tables; add --table wide ` +
        '(or --json, which carries both)',
    );
  }
  const columns = options.columns === undefined ? undefined : listOf(options.columns);
  return { ...(options.perHome === true && { perHome: true }), ...(columns && { columns }) };
}

/**
 * `--agents` naming `methods` (docs/leaderboard.md): the word expanded into the cross-method table's agents and the
 * episodic protocol implied (refused with another one named). `everyFamily`: neither --families nor --tasks nor
 * --dialogues says what to run, so the run takes every family (`everyFamily()`, once the flags are checked).
 */
export function expandMethodsOption(
  options: Record<string, unknown>,
  sources: { protocol: boolean; families: boolean },
): { methods: boolean; everyFamily: boolean } {
  const agents = expandMethods(listOf(options.agents));
  if (!agents) return { methods: false, everyFamily: false };
  if (sources.protocol && options.protocol !== 'episodic') {
    throw new InputError(
      `--agents ${METHODS_KEYWORD}: the cross-method table runs the episodic protocol (every task family, one task ` +
        `at a time); leave out --protocol ${String(options.protocol)}, or name the ${String(options.protocol)} agents`,
    );
  }
  options.protocol = 'episodic';
  options.agents = agents.join(',');
  const chosen = listOf(options.tasks).length > 0 || options.dialogues !== undefined;
  return { methods: true, everyFamily: !sources.families && !chosen };
}

/**
 * Every episodic family, the data families only where their data is (`../shared/data` or $HEARTH_SHARED_DATA),
 * with a note for each left out. Reading a data family's tasks loads them (EAI's take seconds): the run then has
 * them cached.
 */
export function everyFamily(note: (line: string) => void): string[] {
  const families: string[] = [...TASK_FAMILIES, ...NAMED_FAMILIES];
  for (const family of DATA_FAMILIES) {
    try {
      tasksOfFamily(family);
      families.push(family);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      note(`note: family ${family} left out: ${error.message}`);
    }
  }
  return families;
}

/**
 * Loads every home of the grid (so that a malformed file fails now, naming its file and line) and checks that each
 * fits the largest instruction scale asked for in its domain.
 */
export function checkHomes(grid: Grid, domains: HomeDomains): void {
  const largest = Math.max(...grid.instructions);
  for (const home of grid.homes) {
    checkScale(instructionPool(domains.byHome.get(home) ?? 'virtualhome'), homeGraph(home), largest, home);
  }
}

/**
 * The domain of each home of a continual run, from the `--homes` text before it is parsed (its entries are checked
 * by `parseGridOptions`): what bounds `--instructions` depends on it.
 */
export function runDomains(homesText: unknown, named: Domain | undefined): HomeDomains {
  const homes = [
    ...new Set(
      String(homesText ?? '')
        .split(',')
        .map((home) => home.trim())
        .filter((home) => home !== ''),
    ),
  ];
  return homeDomains(homes, named);
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

/**
 * A run whose agents call a model server keeps `--llm-concurrency` calls in flight over the whole run, with several
 * episodes at once on each worker thread (`RunGridOptions.modelServer`); undefined for runs without one (offline
 * agents, a replayed recording, an in-process GGUF model), whose episodes compute and run one per thread.
 */
export function modelServerOf(
  llm: LlmConfig | undefined,
  agentsWithLlm: ReadonlySet<string>,
): { concurrency: number } | undefined {
  if (!llm || agentsWithLlm.size === 0 || !callsWaitOnServer(llm)) return undefined;
  return { concurrency: defaultConcurrency(llm) };
}

export function registerRunCommand(program: Command): void {
  const command = new Command('run')
    .summary(
      'run agents on a benchmark grid and print its tables: the continual protocol (the default) or the episodic ' +
        'one (--protocol episodic; --agents methods for every method side by side)',
    )
    .description(
      'Run a grid of agents x homes x seeds on the worker threads, store every episode (--store; --resume goes on ' +
        'where a run stopped) and print the tables.\n\n' +
        'The continual protocol (the default; ExRAP): standing instructions in a home whose residents keep changing ' +
        'it, x --nonstationarity x --instructions; SR and PS (Tables 1 and 2). A home named gen-city:<seed> or a ' +
        'built-in city runs in the delivery city, the others in a household (--domain picks alfred).\n\n' +
        'The episodic protocol (--protocol episodic): one task at a time, from LLM-State, HELPER, SemGro and DANLI ' +
        '(--families, --tasks, --dialogues), each with its own step limit; SR, GC and the rest per task family. ' +
        `--agents ${METHODS_KEYWORD} runs every method side by side on every family and prints the cross-method table.`,
    );
  addGridOptions(command, { agents: agentsWithoutLlm(), homes: [DEFAULT_HOME] })
    .option(
      '--domain <name>',
      `instruction pool and skills (${DOMAINS.join(', ')}); default: from the homes, city for a city ` +
        `(gen-city:<seed>, ${builtinCities()
          .map((city) => city.name)
          .join(', ')}), virtualhome for a household`,
    )
    .option('--style <style>', `instruction texts (${TEXT_STYLES.join(', ')})`, 'sentence')
    .option(
      '--referents <reading>',
      `an instruction about one carried thing the home has several of (${REFERENTS.join(', ')}): one drawn with the ` +
        'seed, the text saying "the book", or all of them, the text saying "any books"',
      'one',
    )
    .option('--protocol <name>', `${PROTOCOLS.join(' or ')}`, 'continual')
    .option(
      '--families <list>',
      `episodic: task families (${TASK_FAMILIES.join(', ')}; ${NAMED_FAMILIES.join(', ')} (dialogues, routines, ` +
        `SemGro's shifted homes, in its training home ${SEMGRO_TRAINING_HOME} unless --homes names one) and ` +
        `${DATA_FAMILIES.join(', ')} (from ../shared/data or $HEARTH_SHARED_DATA) only when named); ` +
        '--nonstationarity and --instructions do not apply, --steps caps ' +
        "every task's own step limit (a smoke run)",
      TASK_FAMILIES.join(','),
    )
    .option(
      '--tasks <list>',
      'episodic: single task ids (e.g. llm-state/make-toast); alone they run by themselves, with --families besides them',
      '',
    )
    .option(
      '--slip <p>',
      'episodic: execution noise, the probability that a manipulation skill fails with no effect (seeded)',
      '0',
    )
    .option(
      '--dialogues <file>',
      'episodic: dialogue tasks of your own, one JSON object per line ({id, dialogue, goal: [subgoal lines], ' +
        'stepLimit?, requires?}; docs/helper.md), run as the family dialogues',
    )
    .option(
      '--table <form>',
      `episodic: the report's form (${TABLE_FORMS.join(', ')}): the cross-method table (agents x families, SR with its 95% ` +
        'interval pooled over homes and seeds, the share of tasks read, references last; the default of --agents ' +
        `${METHODS_KEYWORD}; --columns sr,gc for more metrics per cell) or one table per home with every metric ` +
        '(the default otherwise)',
    )
    .option('--per-home', 'episodic, with --table compact: one cross-method table per home instead of one over all')
    .option(
      '--semgro-train <home>',
      "episodic: the home SemGro's skill database is learnt in for the families other than semgro and semgro-none " +
        `(which learn it in the home they run in); default ${SEMGRO_RESERVED_HOME}, a generated home reserved for it ` +
        '(--homes refuses it). Databases are made once and cached (--cache-dir)',
    )
    .option(
      '--cache-dir <dir>',
      "where what runs make once and share is cached (SemGro's skill databases and shifted homes, the household " +
        "planner's searches: a re-run plans nothing it planned before); default " +
        `$HEARTH_CACHE_DIR or ${DEFAULT_CACHE_DIR}`,
    )
    .option(
      '--helper-memory [file]',
      `episodic: HELPER agents learn confirmed programs into this memory file across runs (default ${DEFAULT_HELPER_MEMORY}); ` +
        'without it they plan from the seeded memory only',
    );
  addAgentTimeoutOption(command);
  addLlmOptions(command)
    .addHelpText(
      'after',
      `\nAgents: ${agentNames()
        .map((name) => {
          const definition = getAgent(name);
          return `${name}${definition.needsLlm ? ' (needs an LLM)' : definition.acceptsLlm ? ' (LLM roles with --llm)' : ''}`;
        })
        .join(', ')}\n` +
        'Your own agents: a module by its path (./my-agent.js, .mjs, .ts), whose default export is an agent ' +
        'definition (hearth/agent), or a program that speaks the agent protocol, "exec:python3 my_agent.py" (no ' +
        'commas in the command); docs/agent-protocol.md\n' +
        `${METHODS_KEYWORD}: the cross-method table's agents (${methodAgents().join(', ')}): every method that needs ` +
        'neither a model nor a privilege, then the references; the episodic protocol on every family (docs/leaderboard.md)\n' +
        'Homes: built-in names (hearth scene list), gen:<seed>[:<rooms>] for generated homes, VirtualHome graph files; ' +
        `built-in cities (${DEFAULT_CITY} with --domain city and no --homes) and gen-city:<seed>, which run in the ` +
        'city.\nSeeds: --seeds N runs seeds 0..N-1; --seeds a..b runs a to b, --seeds 7..7 seed 7 alone; --seeds a,b,c those.',
    )
    .action(async () => {
      const options = command.opts();
      // The user's own agents (a module's path, exec:COMMAND) are loaded here, by this process, and named from now on.
      const own = await loadOwnAgents(options.agents, options.agentTimeout, (line) => {
        if (!options.quiet) process.stderr.write(`hearth: note: ${line}\n`);
      });
      if (own.sources.length > 0) options.agents = own.names.join(',');
      const { methods, everyFamily: allFamilies } = expandMethodsOption(options, {
        protocol: command.getOptionValueSource('protocol') !== 'default',
        families: command.getOptionValueSource('families') !== 'default',
      });
      const run = parseRunOptions(options, { methods });
      // Worker threads inherit the environment they are started with.
      if (options.cacheDir !== undefined) process.env.HEARTH_CACHE_DIR = String(options.cacheDir);
      // The city's instructions fit no home: --domain city runs in the default city unless --homes names others.
      if (run.domain === 'city' && command.getOptionValueSource('homes') === 'default') options.homes = DEFAULT_CITY;
      if (run.protocol === 'episodic') refuseCities(options.homes);
      const domains = run.protocol === 'continual' ? runDomains(options.homes, run.domain) : undefined;
      if (run.protocol === 'episodic' && command.getOptionValueSource('agents') === 'default') {
        options.agents = agentsWithoutLlm('episodic').join(',');
      }
      // `--tasks` or `--dialogues` alone run just those tasks; the default families come along only when --families
      // is named.
      const chosen = listOf(options.tasks).length > 0 || options.dialogues !== undefined;
      if (chosen && command.getOptionValueSource('families') === 'default') {
        options.families = '';
      }
      const grid = parseGridOptions(options, {
        knownAgents: agentNames(),
        maxInstructions: Math.min(
          ...[...new Set(domains?.byHome.values() ?? ['virtualhome' as const])].map(
            (domain) => instructionPool(domain).length,
          ),
        ),
        checkHome: (home) => {
          if (!builtinHome(home)) homeGraph(home);
        },
      });
      // `--seeds 21` is read as seed 21 by some: a count over ten says which seeds it runs (before anything runs).
      const seedsNote = seedCountNote(String(options.seeds));
      if (seedsNote && !grid.quiet) process.stderr.write(`${seedsNote}\n`);
      const reserved = grid.homes.find(
        (home) => home === SEMGRO_RESERVED_HOME || home.startsWith(`${SEMGRO_RESERVED_HOME}:`),
      );
      if (reserved !== undefined) {
        throw new InputError(
          `--homes ${reserved}: reserved as the home SemGro's skill database is learnt in for every family but its ` +
            'own, and never evaluated in (docs/semgro.md); choose another seed',
        );
      }
      // An unknown --columns key fails now, not after the episodes have run.
      if (grid.columns) tableMetrics(getProtocol(run.protocol).report, grid.columns);
      if (grid.pool) checkPoolFields(getProtocol(run.protocol).report, grid.pool);
      for (const agent of grid.agents) {
        if (!protocolsOf(getAgent(agent)).includes(run.protocol)) {
          throw new InputError(`--agents: agent '${agent}' does not run the ${run.protocol} protocol`);
        }
      }
      if (run.protocol === 'episodic') {
        if (allFamilies) {
          options.families = everyFamily((line) => {
            if (!options.quiet) process.stderr.write(`${line}\n`);
          }).join(',');
        }
        await runEpisodic(
          { ...grid, ...(command.getOptionValueSource('steps') === 'default' && { steps: undefined }) },
          options,
          own.sources,
          run.crossMethod,
          command.getOptionValueSource('workers') === 'default',
          command.getOptionValueSource('homes') === 'default',
        );
        return;
      }
      if (!domains) throw new Error('a continual run without the domains of its homes');
      checkHomes(grid, domains);
      if (domains.note && !grid.quiet) process.stderr.write(`${domains.note}\n`);

      const llm = await runLanguageModel(grid.agents, options);
      const withLlm = new Set(grid.agents.filter((agent) => usesLlm(getAgent(agent))));
      // The default reading stays out of specs and configuration, so that earlier stores resume as they were.
      const referents: JsonObject = run.referents === 'one' ? {} : { referents: run.referents };
      const specs = expandGrid(grid).map((spec) => ({
        ...spec,
        domain: domains.byHome.get(spec.home) ?? 'virtualhome',
        style: run.style,
        ...referents,
        ...(llm && withLlm.has(spec.agent) && { llm: episodeLlm(llm) }),
        ...agentDigestOf(spec.agent),
      }));
      if (llm) shareApiKey(llm);
      // An in-process GGUF model is loaded once per worker: one worker unless --workers says otherwise.
      const workers =
        llm?.provider === 'llama-cpp' && command.getOptionValueSource('workers') === 'default' ? 1 : grid.workers;
      const modelServer = modelServerOf(llm, withLlm);
      try {
        const outcome = await runGrid({
          ...grid,
          workers,
          ...(modelServer && { modelServer }),
          protocol: run.protocol,
          config: {
            ...gridConfig(grid),
            // One domain as it always was (stored runs resume); a run of both worlds, each home's.
            domain: domains.single ?? Object.fromEntries(domains.byHome),
            style: run.style,
            ...referents,
            ...(llm && withLlm.size > 0 && { llm: llmRunConfig(llm) }),
            ...userAgentsConfig(grid.agents),
          },
          specs,
          references: referenceAgents(),
          agentSources: own.sources,
        });
        process.stdout.write(formatReport(outcome.report, grid.format, grid.columns));
        process.exitCode = outcome.exitCode;
      } finally {
        await closeEpisodeLanguageModels();
      }
    });
  program.addCommand(command);
}

/** The `--semgro-train` home, loaded and checked: it must hold what SemGro's training adds its things to. */
function checkSemGroTrain(home: string): string {
  if (home.trim() === '')
    throw new InputError('--semgro-train: a home is needed (a built-in name, gen:<seed>, a file)');
  try {
    prepareTrainingHome(homeGraph(home), home);
  } catch (error) {
    if (error instanceof InputError) throw new InputError(`--semgro-train ${home}: ${error.message}`);
    throw error;
  }
  return home;
}

/** The episodic tasks are household tasks: a city among the homes is refused by name. */
function refuseCities(homes: unknown): void {
  const city = listOf(homes).find((home) => isCityHome(home));
  if (city !== undefined) {
    throw new InputError(
      `--homes ${city}: a city (the delivery world of the continual protocol); the episodic tasks run in households`,
    );
  }
}

/** The spec field of an episode of an agent of the user's own: its digest (`checkAgentOfSpec`); nothing otherwise. */
function agentDigestOf(agent: string): { agentDigest?: string } {
  const digest = userAgentDigest(agent);
  return digest === undefined ? {} : { agentDigest: digest };
}

/**
 * The run configuration's record of the user's own agents (kind, digest, privileges): a changed file is another run
 * to --resume, and the dashboard names their privileges. Absent without any, so that other runs resume as they were.
 */
function userAgentsConfig(agents: readonly string[]): { userAgents?: JsonObject } {
  const own = userAgentsOf(agents);
  return Object.keys(own).length === 0 ? {} : { userAgents: JSON.parse(JSON.stringify(own)) as JsonObject };
}

const listOf = (value: unknown): string[] =>
  String(value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * `hearth run --protocol episodic`: agents x homes x tasks x seeds; each task brings its own step limit, which an
 * explicit `--steps` caps.
 */
async function runEpisodic(
  grid: Omit<Grid, 'steps'> & { steps?: number },
  options: Record<string, unknown>,
  agentSources: readonly AgentSource[],
  crossMethod: CrossMethodRequest | undefined,
  defaultWorkers: boolean,
  homesDefault: boolean,
): Promise<void> {
  const dialogues = options.dialogues === undefined ? undefined : String(options.dialogues);
  const fromFile = dialogues === undefined ? [] : useDialogueFile(dialogues).map((task) => task.id);
  const semgroTrain = options.semgroTrain === undefined ? undefined : checkSemGroTrain(String(options.semgroTrain));
  const episodic = {
    agents: grid.agents,
    homes: grid.homes,
    tasks: selectTasks(listOf(options.families), [...listOf(options.tasks), ...fromFile]),
    seeds: grid.seeds,
    slip: checkSlip(options.slip),
    ...(grid.steps !== undefined && { maxSteps: grid.steps }),
    ...(homesDefault && { defaultHomes: true }),
    ...(semgroTrain !== undefined && { semgroTrain }),
  };
  // Bind every task in every home now: a task a home cannot host (no bedroom, no bed) is left out with a note.
  const all = expandEpisodicGrid(episodic);
  const trained = all.filter((spec) => spec.semgroTrain !== undefined);
  const evaluated = trained.find((spec) => spec.semgroTrain === spec.home);
  if (evaluated) {
    throw new InputError(
      `--semgro-train ${evaluated.home}: the run also evaluates in this home (task ${evaluated.task}); SemGro's ` +
        'skill database must be learnt in a home it is not evaluated in',
    );
  }
  if (semgroTrain !== undefined && trained.length === 0 && !grid.quiet) {
    process.stderr.write(
      'note: --semgro-train: no episode of this run uses a skill database learnt off the semgro families\n',
    );
  }
  const skipped = new Set<string>();
  const tried = new Set<string>();
  for (const spec of all) {
    const key = `${spec.home}\u0000${spec.task}`;
    if (tried.has(key)) continue;
    tried.add(key);
    try {
      checkEpisodeTask(String(spec.home), String(spec.task), grid.seeds[0]);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      skipped.add(key);
      if (!grid.quiet) process.stderr.write(`note: skipped: ${error.message}\n`);
    }
  }
  const llm = await runLanguageModel(grid.agents, options);
  const withLlm = new Set(grid.agents.filter((agent) => usesLlm(getAgent(agent))));
  const learners = grid.agents.filter((agent) => getAgent(agent).learns);
  if (options.helperMemory !== undefined && learners.length > 0 && grid.queue !== undefined) {
    // Each pass reads what the episodes before it learned, in one file: workers on other machines cannot share it.
    throw new InputError(
      `--helper-memory with --queue: a learning run writes one memory file on this machine; run it without --queue`,
    );
  }
  const learning =
    options.helperMemory === undefined || learners.length === 0
      ? undefined
      : openLearningPass(
          options.helperMemory === true ? DEFAULT_HELPER_MEMORY : String(options.helperMemory),
          canonicalJson({ ...episodicGridConfig(episodic), agents: learners }),
          grid.resume !== false,
        );
  const specs = all
    .filter((s) => !skipped.has(`${s.home}\u0000${s.task}`))
    .map((spec) => ({
      ...spec,
      ...(llm && withLlm.has(String(spec.agent)) && { llm: episodeLlm(llm) }),
      ...(learning && learners.includes(String(spec.agent)) && { learning }),
      ...(dialogues !== undefined && fromFile.includes(String(spec.task)) && { dialogues }),
      ...agentDigestOf(String(spec.agent)),
    }));
  if (specs.length === 0) throw new InputError('no episodic task fits the homes given');
  if (llm) shareApiKey(llm);
  // A learning pass reads what the episodes before it learned: they run one per thread, as they always did.
  const modelServer = learning ? undefined : modelServerOf(llm, withLlm);
  let outcome: Awaited<ReturnType<typeof runGrid>>;
  try {
    outcome = await runGrid({
      ...grid,
      ...(modelServer && { modelServer }),
      // An in-process GGUF model is loaded once per worker: one worker unless --workers says otherwise.
      ...(llm?.provider === 'llama-cpp' && defaultWorkers && { workers: 1 }),
      protocol: 'episodic',
      config: {
        ...episodicGridConfig(episodic),
        ...(llm && withLlm.size > 0 && { llm: llmRunConfig(llm) }),
        // A learning run is its own run: a later pass over the same memory never resumes an earlier one.
        ...(learning && { helperMemory: learning }),
        ...userAgentsConfig(grid.agents),
      },
      specs,
      references: referenceAgents(),
      agentSources,
      ...(crossMethod && { crossMethod }),
    });
  } finally {
    await closeEpisodeLanguageModels();
  }
  process.stdout.write(formatRunReport(outcome.report, grid.format, grid.columns));
  process.exitCode = outcome.exitCode;
}
