/**
 * The registry of benchmark protocols: a name (as given to `--protocol`) -> the module a worker thread imports to run
 * episodes, and the report layout. Worker threads do not share the main thread's registry: the runner resolves the
 * name here and sends the module's URL to each worker.
 *
 * A built-in protocol adds one entry to `BUILT_IN` with a specifier relative to this file, e.g.
 *   { name: 'continual', module: new URL('./continual/protocol.js', import.meta.url).href, report: CONTINUAL_LAYOUT,
 *     spec: CONTINUAL_SPEC }
 * (the `.js` suffix also finds the `.ts` source when running under tsx or vitest). Tests and plug-ins call
 * `registerProtocol`.
 *
 * Every protocol says what its episode specs are (`spec`, a zod schema: `spec-schema.ts`): the runner checks the specs
 * it is given against it, and a queue worker or the dashboard checks every spec it is handed before anything runs
 * (`untrusted-spec.ts`), with the files the spec names (`files`) inside the folders that process may read and the
 * protocol's own checks of what only this process knows (`admit`: its agents).
 */
import type { z } from 'zod';
import { InputError } from '../util/errors.js';
import { quoteCut } from '../util/json-text.js';
import { CONTINUAL_LAYOUT } from './continual/layout.js';
import { CONTINUAL_SPEC, continualSpecFiles } from './continual/spec.js';
import { EPISODIC_LAYOUT } from './episodic/layout.js';
import { EPISODIC_SPEC, episodicSpecFiles, refuseLearning } from './episodic/spec.js';
import type { EpisodeSpec, ReportLayout } from './protocol.js';
import { checkRegisteredAgent, type SpecFile } from './spec-schema.js';

export interface ProtocolEntry {
  name: string;
  /** Absolute module specifier (a file: URL, or a package name) of a module exporting `runEpisode`. */
  module: string;
  report: ReportLayout;
  /** The schema of the protocol's episode specs (a strict object: `specSchema`). */
  spec: z.ZodType<EpisodeSpec>;
  /** The files a spec names for its episode to read (checked against the reading process's folders when handed). */
  files?: (spec: EpisodeSpec) => readonly SpecFile[];
  /**
   * Checks of a spec this process was handed (a job, a stored episode) beyond its schema, against what only this
   * process knows (its registry of agents); throws an InputError saying what is refused.
   */
  admit?: (spec: EpisodeSpec) => Promise<void> | void;
  description?: string;
}

/** Protocols that ship with hearth. */
const BUILT_IN: ProtocolEntry[] = [
  {
    name: 'continual',
    module: new URL('./continual/protocol.js', import.meta.url).href,
    report: CONTINUAL_LAYOUT,
    spec: CONTINUAL_SPEC as z.ZodType<EpisodeSpec>,
    files: continualSpecFiles,
    admit: (spec) => checkRegisteredAgent(String(spec.agent), 'continual'),
    description: 'standing instructions in a home a resident keeps changing (ExRAP; PROTOCOLS.md section 1)',
  },
  {
    name: 'episodic',
    module: new URL('./episodic/protocol.js', import.meta.url).href,
    report: EPISODIC_LAYOUT,
    spec: EPISODIC_SPEC as z.ZodType<EpisodeSpec>,
    files: episodicSpecFiles,
    admit: async (spec) => {
      refuseLearning(spec);
      await checkRegisteredAgent(String(spec.agent), 'episodic');
    },
    description: 'one task at a time, scored by SR, GC, PLW, AS and Exec (DANLI, LLM-State; PROTOCOLS.md section 2)',
  },
];

const registry = new Map<string, ProtocolEntry>(BUILT_IN.map((entry) => [entry.name, entry]));

/** Adds a protocol (or replaces the entry of the same name). */
export function registerProtocol(entry: ProtocolEntry): void {
  if (!/^[a-z][a-z0-9-]*$/.test(entry.name)) {
    throw new Error(`protocol name '${entry.name}' must be lower-case letters, digits and dashes`);
  }
  assertValidLayout(entry.name, entry.report);
  if (typeof (entry.spec as Partial<z.ZodType> | undefined)?.safeParse !== 'function') {
    throw new Error(
      `protocol '${entry.name}' needs a spec schema (spec: a zod schema of its episode specs, specSchema)`,
    );
  }
  registry.set(entry.name, entry);
}

/** The registered protocol of that name; an InputError naming the known ones otherwise. */
export function getProtocol(name: string): ProtocolEntry {
  const entry = registry.get(name);
  if (!entry) {
    const known = protocolNames();
    throw new InputError(
      `unknown protocol ${quoteCut(name, 64)} (known: ${known.length > 0 ? known.join(', ') : 'none registered'})`,
    );
  }
  return entry;
}

/** Registered protocol names, sorted. */
export function protocolNames(): string[] {
  return [...registry.keys()].sort();
}

/** Throws when a layout cannot produce well-formed rows (a programming error in a protocol, not bad input). */
export function assertValidLayout(name: string, layout: ReportLayout): void {
  const fail = (what: string) => {
    throw new Error(`protocol '${name}': report layout ${what}`);
  };
  if (layout.metrics.length === 0) fail('has no metrics');
  const metricKeys = new Set<string>();
  for (const metric of layout.metrics) {
    if (metricKeys.has(metric.key)) fail(`names metric '${metric.key}' twice`);
    metricKeys.add(metric.key);
  }
  const groups = new Set(layout.groupBy);
  if (groups.size !== layout.groupBy.length) fail('repeats a groupBy field');
  for (const field of layout.groupBy) {
    if (field === 'episodes' || metricKeys.has(field)) fail(`uses '${field}' both as a group field and a row field`);
  }
  if (layout.table) {
    for (const field of [...layout.table.rows, ...layout.table.columns]) {
      if (!groups.has(field)) fail(`arranges field '${field}' that is not in groupBy`);
    }
    if (layout.table.rows.some((field) => layout.table?.columns.includes(field))) {
      fail('uses a field both for rows and for columns');
    }
  }
}
