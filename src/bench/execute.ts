/**
 * Running one episode of a loaded protocol module, the same way in a worker thread and in the main thread: build the
 * context, time the call, collect the trace, and turn what came back (or what was thrown) into a plain-data outcome
 * that can cross a thread boundary and go into the store unchanged.
 */
import { performance } from 'node:perf_hooks';
import { collectDecisions } from '../util/decisions.js';
import { InputError } from '../util/errors.js';
import { type JsonObject, type JsonValue, toJsonData } from './json.js';
import type { EpisodeContext, EpisodeResult, EpisodeSpec, ProtocolModule } from './protocol.js';

/** What running one episode gave: plain data, safe to post between threads. */
export type EpisodeOutcome =
  | {
      status: 'ok';
      key: string;
      /** `{metrics, details?}`: the deterministic part of the protocol's result. */
      result: JsonObject;
      trace?: JsonValue[];
      wallMs: number;
      protocolTiming?: JsonObject;
    }
  | { status: 'failed'; key: string; error: string; wallMs: number };

/** Imports a protocol module and checks that it has the expected export. */
export async function loadProtocolModule(specifier: string): Promise<ProtocolModule> {
  const loaded = (await import(specifier)) as Partial<ProtocolModule>;
  if (typeof loaded.runEpisode !== 'function') {
    throw new Error(`protocol module ${specifier} does not export a function runEpisode(spec, context)`);
  }
  return loaded as ProtocolModule;
}

export async function executeEpisode(
  protocol: ProtocolModule,
  spec: EpisodeSpec,
  options: { trace: boolean; signal: AbortSignal },
): Promise<EpisodeOutcome> {
  const trace: JsonValue[] | undefined = options.trace ? [] : undefined;
  const context: EpisodeContext = {
    seed: spec.seed,
    signal: options.signal,
    ...(trace && { trace: (record: JsonValue) => void trace.push(record) }),
  };
  const start = performance.now();
  try {
    // An episode of an agent of the user's own names its digest: this process must hold that very agent.
    // Imported here, not at the top: it holds the registry of every agent, which a protocol without agents (the
    // tests' toy) never loads otherwise, and a thread's start pays for each module it loads.
    if (typeof spec.agentDigest === 'string') {
      const { checkAgentOfSpec } = await import('../agents/external/index.js');
      checkAgentOfSpec(String(spec.agent), spec.agentDigest);
    }
    // With a trace, the decision records of the agents and their models (src/util/decisions.ts) follow the
    // protocol's step records.
    const { value: returned, records } = trace
      ? await collectDecisions(() => protocol.runEpisode(spec, context))
      : { value: await protocol.runEpisode(spec, context), records: [] };
    const wallMs = performance.now() - start;
    const { result, protocolTiming } = checkResult(returned);
    return {
      status: 'ok',
      key: spec.key,
      result,
      wallMs,
      ...(trace && { trace: toJsonData([...trace, ...records], 'trace') as JsonValue[] }),
      ...(protocolTiming && { protocolTiming }),
    };
  } catch (error) {
    return { status: 'failed', key: spec.key, error: describeError(error), wallMs: performance.now() - start };
  }
}

/** Validates a protocol's return value and splits off its timing. */
function checkResult(returned: unknown): { result: JsonObject; protocolTiming?: JsonObject } {
  if (returned === null || typeof returned !== 'object' || Array.isArray(returned)) {
    throw new TypeError(`runEpisode must return an object {metrics, details?, timing?}, got ${describe(returned)}`);
  }
  const { metrics, details, timing } = returned as Partial<EpisodeResult>;
  if (metrics === null || typeof metrics !== 'object' || Array.isArray(metrics)) {
    throw new TypeError(`runEpisode's result needs a metrics object, got ${describe(metrics)}`);
  }
  for (const name of Object.keys(metrics)) {
    const value = metrics[name];
    if (value !== null && !(typeof value === 'number' && Number.isFinite(value))) {
      throw new TypeError(`metric '${name}' must be a finite number or null, got ${describe(value)}`);
    }
  }
  const result: JsonObject = { metrics: toJsonData(metrics, 'metrics') };
  if (details !== undefined) result.details = toJsonData(details, 'details');
  if (timing === undefined) return { result };
  return { result, protocolTiming: toJsonData(timing, 'timing') as JsonObject };
}

function describe(value: unknown): string {
  if (typeof value === 'number' || value === null || value === undefined) return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

/**
 * An error as stored: the first line is `Name: message`, then the stack frames when there are any. An InputError (bad
 * input: a spec, a file it names) is its line alone, as the CLI prints it: its stack says nothing about the input.
 */
export function describeError(error: unknown): string {
  if (error instanceof InputError) return `${error.name}: ${error.message}`;
  if (error instanceof Error) {
    const headline = `${error.name}: ${error.message}`;
    const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line)) ?? [];
    return [headline, ...frames].join('\n');
  }
  return `thrown value: ${typeof error === 'string' ? error : describe(error)}`;
}
