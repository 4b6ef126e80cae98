/**
 * The contract between the benchmark runner and a protocol (continual instructions, episodic tasks, ...). A protocol
 * is a module that exports `runEpisode(spec, context)`; the runner loads it inside each worker thread, hands it one
 * episode spec at a time and stores what it returns. How results are grouped and which metrics are reported is data
 * (`ReportLayout`), given with the protocol's registry entry (`protocols.ts`).
 */
import type { JsonObject, JsonValue } from './json.js';

/**
 * One episode to run: plain JSON data, so that it can be sent to a worker, stored and compared. `key` names the
 * episode canonically and uniquely within a run (the store and `--resume` use it); `seed` is the only source of
 * randomness the episode may use. Protocols extend it with their own fields (agent, home, ...), which reports can
 * group by.
 */
export interface EpisodeSpec {
  readonly key: string;
  readonly seed: number;
  readonly [field: string]: JsonValue;
}

/**
 * What an episode produced. Everything but `timing` must follow from the spec alone (never from wall time, worker
 * assignment or completion order): reports are built from it and must be byte-identical across runs.
 */
export interface EpisodeResult {
  /** Numbers the report aggregates over episodes; null where a metric is undefined for this episode. */
  metrics: { [name: string]: number | null };
  /** Anything else worth keeping for the record (event counts, the agent's configuration, token totals, ...). */
  details?: JsonValue;
  /**
   * Measurements that vary from run to run (LLM latency, planning time). Stored in the episode's timing column,
   * apart from the result, and never part of a report's results.
   */
  timing?: JsonObject;
}

/** What the runner gives an episode besides its spec. */
export interface EpisodeContext {
  /** The spec's seed (derive every random generator from it, e.g. `new Rng(context.seed).fork('resident')`). */
  readonly seed: number;
  /** Present only when the run was started with `--trace`: appends one per-step record to the episode's trace. */
  readonly trace?: (record: JsonValue) => void;
  /**
   * Aborted when the run is interrupted. Long asynchronous episodes (LLM calls) should pass it on or check it;
   * a synchronous episode may ignore it (its worker thread is terminated).
   */
  readonly signal: AbortSignal;
}

/** What a protocol's `prepareRun` is given besides the specs. */
export interface RunPreparation {
  /** Prints a line for the user (`hearth: ...` on stderr; nothing with --quiet). */
  readonly note: (line: string) => void;
}

/** The shape of a protocol module: what `import(specifier)` must give. */
export interface ProtocolModule<S extends EpisodeSpec = EpisodeSpec> {
  runEpisode(spec: S, context: EpisodeContext): Promise<EpisodeResult> | EpisodeResult;
  /**
   * Work the episodes of a run share, done once in the run's main process with the episodes still to run, before
   * any starts (the episodic protocol makes SemGro's skill databases there and caches them on disk, so that worker
   * threads read them instead of each making them). Queue workers do not call it: what they need and do not find
   * is made by their first episode that needs it.
   */
  prepareRun?(specs: readonly S[], context: RunPreparation): Promise<void> | void;
}

/** One metric of a report: taken from `result.metrics[key]` of every episode of a group. */
export interface MetricSpec {
  /** Name in `EpisodeResult.metrics` and the field name of the report row. */
  key: string;
  /** Column title in the text table (e.g. "SR"). */
  label: string;
  /** Values are fractions printed as percentages in the text table (JSON and CSV keep the fraction). */
  percent?: boolean;
  /** Decimals in the text table (default 2, or 1 for percentages). */
  digits?: number;
  /** Shown in the text table (default true); JSON and CSV always have every metric. */
  inTable?: boolean;
  /** Left out of the text table when no row has a value (e.g. LLM usage in a run without LLM agents). */
  hideWhenEmpty?: boolean;
  /** Which way is better (a paired comparison counts wins and losses by it); absent for counts that are neither. */
  better?: 'higher' | 'lower';
  /**
   * An aggregate over the row's episodes instead of a plain mean: the mean of metric `of` weighted by metric
   * `weightBy` (sum of of x weight over sum of weight), as TEACh aggregates its GC over all goal conditions and its
   * path-length-weighted metrics over the reference path lengths. One figure per row: no confidence interval.
   */
  weighted?: { readonly of: string; readonly weightBy: string };
}

/** How a protocol's episodes become report rows and tables. */
export interface ReportLayout {
  /** Spec fields whose values form a row (e.g. agent, home, nonstationarity, instructions): one row per combination. */
  groupBy: string[];
  metrics: MetricSpec[];
  /**
   * Text table arrangement: `rows` fields label the lines, `columns` fields make column groups (like the papers'
   * low / medium / high), and the remaining groupBy fields split the output into one table per combination.
   * Default: rows = groupBy, no column groups.
   */
  table?: { rows: string[]; columns: string[] };
}
