/**
 * The grid flags shared by the benchmark commands (`hearth run` and the tools that drive it): adding them to a
 * command, parsing and validating their values into a `Grid`, and expanding a grid into episode specs. The flag
 * names and value syntaxes are a public interface; keep them stable.
 *
 *   --agents a,b,c                  agent ids (checked against the known ones)
 *   --homes a,b                     built-in home names, gen:<seed> for generated homes, or graph file paths
 *   --nonstationarity low,medium,high
 *   --instructions 3,5,7            instruction scales (positive integers)
 *   --seeds N | a,b,c | a..b        N seeds 0..N-1, an explicit list, or an inclusive range
 *   --steps T                       episode length
 *   --store FILE   --resume [RUN]   --workers N   --trace   --json | --csv   --quiet
 *   --queue redis://HOST:PORT       run the episodes as jobs on a Redis queue, by `hearth worker`s anywhere
 *   --paired AGENT                  also compare each agent with AGENT on the same episodes (table and JSON)
 *   --pool home                     with --paired: also pool the pairs over these group fields (every home at once)
 *   --columns sr,ps,psAtStart       the text table's metrics (JSON and CSV have every metric)
 */
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { z } from 'zod';
import { InputError } from '../util/errors.js';
import type { JsonObject, JsonValue } from './json.js';
import type { EpisodeSpec } from './protocol.js';
import { parseQueueUrl } from './queue/address.js';
import type { ReportFormat } from './report.js';
import { agentName, homeSpec, MAX_EPISODE_STEPS, MAX_SEED } from './spec-schema.js';
import { DEFAULT_STORE_PATH } from './store.js';

export const NONSTATIONARITY_LEVELS = ['low', 'medium', 'high'] as const;
export type NonstationarityLevel = (typeof NONSTATIONARITY_LEVELS)[number];

const MAX_SEED_COUNT = 1_000_000;
const MAX_WORKERS = 256;

/** A benchmark grid and how to run it, as parsed from the flags. */
export interface Grid {
  agents: string[];
  homes: string[];
  nonstationarity: NonstationarityLevel[];
  instructions: number[];
  seeds: number[];
  steps: number;
  /** Path of the results store. */
  store: string;
  /** false: start a new run; true: resume the latest run with this configuration; a number: resume that run id. */
  resume: boolean | number;
  /** Worker threads; 0 runs episodes in the main thread. */
  workers: number;
  trace: boolean;
  quiet: boolean;
  format: ReportFormat;
  /** The agent every other one is compared with, episode by episode (`--paired`), if asked for. */
  paired?: string;
  /** Group fields the paired comparison also pools over (`--pool`); checked against the layout later. */
  pool?: string[];
  /** Metric keys the text table shows (`--columns`); absent: the protocol's own. Checked against the layout later. */
  columns?: string[];
  /** Redis URL of the job queue (`--queue`): episodes run on `hearth worker`s instead of local threads. */
  queue?: string;
}

/** Default values shown in `--help` and used when a flag is absent. */
export interface GridDefaults {
  agents: readonly string[];
  homes: readonly string[];
  nonstationarity?: readonly NonstationarityLevel[];
  instructions?: readonly number[];
  seeds?: number;
  steps?: number;
  store?: string;
  /** Default: the number of cores (`os.availableParallelism()`). */
  workers?: number;
}

/** What the parser checks values against. */
export interface GridContext {
  knownAgents: readonly string[];
  /** Checks one --homes entry that is not gen:<seed> (a built-in name or a file); throws an InputError if bad. */
  checkHome?: (home: string) => void;
  /** Largest --instructions value allowed. */
  maxInstructions?: number;
}

/** Adds the grid flags to a command. Values stay strings here; `parseGridOptions` checks and converts them. */
export function addGridOptions(command: Command, defaults: GridDefaults): Command {
  return command
    .option('--agents <list>', 'agents to run, comma-separated', defaults.agents.join(','))
    .option('--homes <list>', 'homes: built-in names, gen:<seed> (generated), graph files', defaults.homes.join(','))
    .option(
      '--nonstationarity <list>',
      `non-stationarity levels (${NONSTATIONARITY_LEVELS.join(', ')})`,
      (defaults.nonstationarity ?? ['medium']).join(','),
    )
    .option('--instructions <list>', 'numbers of standing instructions', (defaults.instructions ?? [5]).join(','))
    .option(
      '--seeds <seeds>',
      'a count N (seeds 0..N-1), a range a..b (a to b; 7..7 is seed 7 alone) or a list a,b,c',
      String(defaults.seeds ?? 10),
    )
    .option('--steps <T>', 'episode length in steps', String(defaults.steps ?? 200))
    .option('--store <file>', 'SQLite results store', defaults.store ?? DEFAULT_STORE_PATH)
    .option('--resume [run]', 'continue the latest run with this configuration (or run id RUN), skipping done episodes')
    .option('--workers <n>', 'worker threads (0: run in the main thread)', String(defaults.workers ?? defaultWorkers()))
    .option(
      '--queue <url>',
      'run the episodes as jobs on this Redis queue (redis://HOST:PORT), on `hearth worker`s anywhere; ' +
        'results still go to --store here',
    )
    .option('--trace', 'keep per-step records of every episode in the store')
    .option('--json', 'print the report as one JSON object')
    .option('--csv', 'print the report as CSV')
    .option('--quiet', 'no progress or summary on stderr')
    .option(
      '--paired <agent>',
      'also compare every other agent with this one on the same episodes (paired differences)',
    )
    .option(
      '--pool <fields>',
      'with --paired: also compare over these group fields taken together, e.g. home (every home at once)',
    )
    .option(
      '--columns <list>',
      "metrics of the text table, comma-separated (default: the protocol's, e.g. sr,ps); --json and --csv have all",
    );
}

export function defaultWorkers(): number {
  return availableParallelism();
}

/** Checks and converts the flag values of `addGridOptions` (commander's `opts()`), with an InputError for bad ones. */
export function parseGridOptions(options: Record<string, unknown>, context: GridContext): Grid {
  if (options.json && options.csv) throw new InputError('--json and --csv cannot be used together');
  const agents = parseList('--agents', options.agents);
  for (const agent of agents) {
    if (!context.knownAgents.includes(agent)) {
      const known = [...context.knownAgents].sort().join(', ');
      throw new InputError(`--agents: unknown agent '${agent}' (known: ${known || 'none'})`);
    }
  }
  const paired = options.paired === undefined ? undefined : String(options.paired).trim();
  if (paired !== undefined) {
    if (!agents.includes(paired)) {
      throw new InputError(`--paired: agent '${paired}' is not among --agents (${agents.join(',')})`);
    }
    if (agents.length < 2) throw new InputError(`--paired ${paired}: needs at least one other agent in --agents`);
    if (options.csv)
      throw new InputError('--paired prints a second table: use it with the text table or --json, not --csv');
  }
  let pool: string[] | undefined;
  if (options.pool !== undefined) {
    if (paired === undefined) throw new InputError('--pool pools the paired comparison: use it with --paired AGENT');
    pool = parseList('--pool', options.pool);
    assertDistinct('--pool', pool);
  }
  let columns: string[] | undefined;
  if (options.columns !== undefined) {
    if (options.json || options.csv) {
      throw new InputError("--columns chooses the text table's metrics: --json and --csv carry every metric");
    }
    columns = parseList('--columns', options.columns);
    assertDistinct('--columns', columns);
  }
  const queue = options.queue === undefined ? undefined : String(options.queue).trim();
  if (queue !== undefined) parseQueueUrl(queue);
  const homes = parseList('--homes', options.homes);
  for (const home of homes) {
    if (!home.startsWith('gen:')) context.checkHome?.(home);
    else if (!/^\d+$/.test(home.slice(4)) || Number(home.slice(4)) > MAX_SEED) {
      throw new InputError(`--homes: expected gen:<seed> with a seed from 0 to ${MAX_SEED}, got '${home}'`);
    }
  }
  const nonstationarity = parseList('--nonstationarity', options.nonstationarity).map((level) => {
    if (!(NONSTATIONARITY_LEVELS as readonly string[]).includes(level)) {
      throw new InputError(`--nonstationarity: unknown level '${level}' (known: ${NONSTATIONARITY_LEVELS.join(', ')})`);
    }
    return level as NonstationarityLevel;
  });
  const maxInstructions = Math.min(context.maxInstructions ?? MAX_INSTRUCTIONS, MAX_INSTRUCTIONS);
  const instructions = parseList('--instructions', options.instructions).map((item) =>
    parseInteger('--instructions', item, 1, maxInstructions),
  );
  assertDistinct('--instructions', instructions);
  return {
    agents,
    homes,
    nonstationarity,
    instructions,
    seeds: parseSeeds(String(options.seeds ?? '')),
    steps: parseInteger('--steps', String(options.steps ?? ''), 1, MAX_EPISODE_STEPS),
    store: parseStore(options.store),
    resume: parseResume(options.resume),
    workers:
      options.workers === undefined
        ? defaultWorkers()
        : parseInteger('--workers', String(options.workers), 0, MAX_WORKERS),
    trace: Boolean(options.trace),
    quiet: Boolean(options.quiet),
    format: options.json ? 'json' : options.csv ? 'csv' : 'table',
    ...(paired !== undefined && { paired }),
    ...(pool !== undefined && { pool }),
    ...(columns !== undefined && { columns }),
    ...(queue !== undefined && { queue }),
  };
}

/** `N` -> 0..N-1; `a,b,c` -> that list; `a..b` -> a to b inclusive. */
export function parseSeeds(text: string): number[] {
  const flag = '--seeds';
  const trimmed = text.trim();
  const range = /^(\d+)\.\.(\d+)$/.exec(trimmed);
  if (range) {
    const from = parseInteger(flag, range[1], 0, MAX_SEED);
    const to = parseInteger(flag, range[2], 0, MAX_SEED);
    if (to < from) throw new InputError(`${flag}: empty range '${trimmed}' (the end is below the start)`);
    if (to - from + 1 > MAX_SEED_COUNT)
      throw new InputError(`${flag}: range '${trimmed}' has over ${MAX_SEED_COUNT} seeds`);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  }
  if (trimmed.includes(',')) {
    const seeds = parseList(flag, trimmed).map((item) => parseInteger(flag, item, 0, MAX_SEED));
    assertDistinct(flag, seeds);
    return seeds;
  }
  const count = parseInteger(flag, trimmed, 1, MAX_SEED_COUNT, 'a seed count N, a list a,b,c or a range a..b, with N');
  return Array.from({ length: count }, (_, i) => i);
}

/** Above this many, a bare count `--seeds N` gets a line saying which seeds run (`seedCountNote`). */
export const SEED_COUNT_NOTED = 10;

/**
 * For a bare count above `SEED_COUNT_NOTED` (`--seeds 21`, which some read as seed 21): the line saying which seeds
 * it runs and how to name one alone; undefined for any other form.
 */
export function seedCountNote(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const count = Number(trimmed);
  if (count <= SEED_COUNT_NOTED) return undefined;
  return (
    `note: --seeds ${trimmed} runs ${count} seeds, 0..${count - 1}; for seed ${trimmed} alone write ` +
    `--seeds ${trimmed}..${trimmed}`
  );
}

function parseList(flag: string, value: unknown): string[] {
  const text = String(value ?? '').trim();
  if (text === '') throw new InputError(`${flag}: needs at least one value`);
  const items = text.split(',').map((item) => item.trim());
  if (items.some((item) => item === '')) throw new InputError(`${flag}: empty item in '${text}'`);
  assertDistinct(flag, items);
  return items;
}

function assertDistinct(flag: string, items: ReadonlyArray<string | number>): void {
  const seen = new Set<string | number>();
  for (const item of items) {
    if (seen.has(item)) throw new InputError(`${flag}: '${item}' is given twice`);
    seen.add(item);
  }
}

/** A whole number in [min, max] written in decimal digits; the error names the flag, the bound and the value. */
function parseInteger(flag: string, text: string, min: number, max: number, expected = 'an integer'): number {
  const trimmed = text.trim();
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  const bounds = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new InputError(`${flag}: expected ${expected} ${bounds}, got '${text}'`);
  }
  return value;
}

function parseStore(value: unknown): string {
  const path = String(value ?? DEFAULT_STORE_PATH).trim();
  if (path === '') throw new InputError('--store: needs a file path');
  return path;
}

function parseResume(value: unknown): boolean | number {
  if (value === undefined || value === false) return false;
  if (value === true) return true;
  return parseInteger('--resume', String(value), 1, Number.MAX_SAFE_INTEGER, 'a run id');
}

/** The part of a grid that decides the results (what `--resume` compares); how it is run and printed is left out. */
export function gridConfig(grid: Grid): JsonObject {
  return {
    agents: grid.agents,
    homes: grid.homes,
    nonstationarity: grid.nonstationarity,
    instructions: grid.instructions,
    seeds: grid.seeds,
    steps: grid.steps,
  };
}

/** The most standing instructions a grid's spec may ask for (each domain's pool bounds `--instructions` lower). */
export const MAX_INSTRUCTIONS = 1000;

/** The fields of an episode of the standard grid, for a protocol's spec schema (`spec-schema.ts`). */
export const GRID_SPEC_FIELDS = {
  agent: agentName,
  home: homeSpec,
  nonstationarity: z.enum(NONSTATIONARITY_LEVELS),
  instructions: z.number().int().min(1).max(MAX_INSTRUCTIONS),
  steps: z.number().int().min(1).max(MAX_EPISODE_STEPS),
};

/** An episode of the standard grid. */
export interface GridEpisodeSpec extends EpisodeSpec {
  readonly agent: string;
  readonly home: string;
  readonly nonstationarity: NonstationarityLevel;
  readonly instructions: number;
  readonly steps: number;
}

/**
 * The grid's episodes: agents x homes x nonstationarity x instructions x seeds, in that nesting (seeds innermost), in
 * the order the values were given. The seed is not mixed with the agent: every agent meets the same homes, residents
 * and instruction draws for a seed.
 */
export function expandGrid(grid: Grid): GridEpisodeSpec[] {
  return expandAxes(
    [
      ['agent', grid.agents],
      ['home', grid.homes],
      ['nonstationarity', grid.nonstationarity],
      ['instructions', grid.instructions],
      ['seed', grid.seeds],
    ],
    { steps: grid.steps },
  ) as GridEpisodeSpec[];
}

/**
 * The cartesian product of named axes (the first axis outermost) as episode specs, each with the `constants` added.
 * One axis must be named `seed` with integer values. The key lists the axis values in axis order:
 * `agent=oracle home=gen:3 nonstationarity=low instructions=5 seed=0` (values with '%', '=' or spaces escaped).
 */
export function expandAxes(
  axes: ReadonlyArray<readonly [name: string, values: readonly JsonValue[]]>,
  constants: JsonObject = {},
): EpisodeSpec[] {
  if (!axes.some(([name]) => name === 'seed')) throw new Error('expandAxes needs an axis named seed');
  for (const [name] of axes) {
    if (name === 'key' || name in constants) throw new Error(`expandAxes: field '${name}' is given twice`);
  }
  const specs: EpisodeSpec[] = [];
  const fill = (depth: number, fields: Array<[string, JsonValue]>) => {
    if (depth === axes.length) {
      const key = fields.map(([name, value]) => `${name}=${escapeKeyValue(value)}`).join(' ');
      specs.push({ key, ...Object.fromEntries(fields), ...constants } as EpisodeSpec);
      return;
    }
    const [name, values] = axes[depth];
    for (const value of values) {
      if (name === 'seed' && !Number.isInteger(value))
        throw new Error(`expandAxes: seed ${String(value)} is not an integer`);
      fill(depth + 1, [...fields, [name, value]]);
    }
  };
  fill(0, []);
  return specs;
}

function escapeKeyValue(value: JsonValue): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.replace(/[%= \t\n]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`);
}
