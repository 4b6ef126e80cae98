/**
 * Language models inside benchmark episodes. The run command resolves the `--llm ...` flags once, in the main
 * thread; episodes run in worker threads, so the configuration travels in each episode spec as plain JSON
 * (`EpisodeLlm`), without the API key: the key reaches the workers through their environment
 * (`HEARTH_LLM_API_KEY`, set by `shareApiKey` before the workers start), so it is never written to the results
 * store. Each worker builds one model per configuration and keeps it for the episodes it runs.
 *
 * A spec a process was handed rather than built (a queue job, a stored episode the dashboard records again) names a
 * model, never where its calls go: `handedEpisodeLlm` sends them to this machine's model server with this machine's
 * key, and refuses a spec that names a server when this machine named none (docs/security.md).
 *
 * Accounting: every agent of an episode gets its own ledger (`withAccounting`); the episode reports its calls and
 * tokens per decision step as metrics (`llmMetrics`, deterministic: a replayed or cached run reports the same
 * numbers) and the latency as timing (it varies from run to run).
 */
import { z } from 'zod';
import { canonicalJson } from '../llm/canonical.js';
import { type LlmConfig, languageModelFromConfig, llmFieldsSchema, type ModelServer } from '../llm/config.js';
import type { LanguageModel } from '../llm/language-model.js';
import type { LlmUsage } from '../llm/middleware/accounting.js';
import { InputError } from '../util/errors.js';
import { quoteCut } from '../util/json-text.js';
import { type SlotSource, slotsOf } from './call-slots.js';
import type { JsonObject } from './json.js';
import type { MetricSpec } from './protocol.js';

/**
 * The LLM configuration an episode spec carries: `LlmConfig` without the API key (the schema protocols put in their
 * spec schemas; the same one a config file is checked with).
 */
export const episodeLlmSchema = llmFieldsSchema;

/** A queue worker adds `slotGroup` (the run whose limit of calls in flight its calls count against) to its specs. */
const runnableLlmSchema = episodeLlmSchema.extend({ slotGroup: z.string().min(1).max(64).optional() });

export type EpisodeLlm = z.infer<typeof runnableLlmSchema>;

/** Environment variable that hands the API key to worker threads. */
export const API_KEY_ENV = 'HEARTH_LLM_API_KEY';

/** The configuration as spec data (the API key left out). */
export function episodeLlm(config: LlmConfig): JsonObject {
  const { apiKey: _secret, ...rest } = config;
  return JSON.parse(canonicalJson(rest)) as JsonObject;
}

/** The configuration read back from a spec field (written by `episodeLlm`). */
export function episodeLlmOf(value: unknown): EpisodeLlm {
  const parsed = runnableLlmSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`episode spec: 'llm' is not an LLM configuration (${issue.path.join('.')}: ${issue.message})`);
  }
  return parsed.data;
}

/** How a process handed specs by others runs their models (`handedEpisodeLlm`). */
export interface HandedLlmPolicy {
  /** This machine's model server and key (`machineModelServer`). */
  readonly server: ModelServer;
  /** How to name a server for this process ("start the worker with --base-url URL"). */
  readonly serverHint: string;
}

/**
 * The model configuration of a spec this process was handed, as this machine runs it. Calls that go to a server go
 * to this machine's (`--base-url`, HEARTH_LLM_BASE_URL, the config file), whatever the spec says, with this machine's
 * key; a spec naming a server when this machine named none is refused with a line saying how to name one (the key
 * would otherwise go where a job or a store chose, and a worker would call whatever address a job gave it). A replay
 * calls no server: its address is dropped.
 */
export function handedEpisodeLlm(llm: EpisodeLlm, policy: HandedLlmPolicy): EpisodeLlm {
  const { baseUrl, ...rest } = llm;
  if (llm.replay !== undefined || llm.provider !== 'openai') return rest;
  if (policy.server.baseUrl !== undefined) return { ...rest, baseUrl: policy.server.baseUrl };
  if (baseUrl === undefined) return rest;
  throw new InputError(
    `the model server ${quoteCut(baseUrl)} is named by the spec, not by this machine: model calls (and this ` +
      `machine's key) go only to the server this machine's flags, environment or config file name; ${policy.serverHint}`,
  );
}

/**
 * Makes the key available to worker threads started from now on (they copy the environment when they start).
 * A key from the environment or a config file's `apiKeyEnv` is already there; a `--api-key` flag is not.
 */
export function shareApiKey(config: LlmConfig, env: Record<string, string | undefined> = process.env): void {
  if (config.apiKey !== undefined) env[API_KEY_ENV] = config.apiKey;
}

/**
 * The environment for worker threads that run handed specs: this process's, with `apiKey` (this machine's key, from
 * `machineModelServer`) as the key they read, or none.
 */
export function threadEnvWithKey(
  apiKey: string | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Record<string, string | undefined> {
  const { [API_KEY_ENV]: _key, ...rest } = env;
  return apiKey === undefined ? rest : { ...rest, [API_KEY_ENV]: apiKey };
}

/** What identifies the model for `--resume` and the record: provider, model, embedding model, settings. */
export function llmRunConfig(config: LlmConfig): JsonObject {
  return JSON.parse(
    canonicalJson({
      provider: config.provider,
      model: config.model,
      embeddingModel: config.embeddingModel,
      settings: config.settings,
    }),
  ) as JsonObject;
}

/** One model per configuration and thread (a pure cache: a model holds no episode state). */
const MODELS = new Map<string, LanguageModel>();

/** The run's call slots in this thread (`useRunCallSlots`), and a number that changes with them. */
let runSlots: { source: SlotSource; generation: number } | undefined;
let slotGenerations = 0;

/**
 * From now on, the models episodes get in this thread take their call slots from `source` (the run's limit of calls
 * in flight, `call-slots.ts`; a function when slots come in groups, by the spec's `slotGroup`) instead of each
 * limiting its own calls to `--llm-concurrency`; undefined goes back to that. Models built before keep what they
 * had: each model is built with the slots current when it is first used.
 */
export function useRunCallSlots(source: SlotSource | undefined): void {
  runSlots = source && { source, generation: ++slotGenerations };
}

/** The model an episode uses, built on first use in this thread. */
export function languageModelForEpisode(
  spec: EpisodeLlm,
  env: Record<string, string | undefined> = process.env,
): LanguageModel {
  const key = `${runSlots?.generation ?? 0} ${canonicalJson(spec)}`;
  let model = MODELS.get(key);
  if (!model) {
    const { slotGroup, ...config } = spec;
    const apiKey = env[API_KEY_ENV];
    model = languageModelFromConfig(
      { ...config, ...(apiKey !== undefined && apiKey !== '' && { apiKey }) },
      { ...(runSlots && { slots: slotsOf(runSlots.source, slotGroup) }) },
    );
    MODELS.set(key, model);
  }
  return model;
}

/** Closes the models this thread built (a run in the main thread calls it at the end). */
export async function closeEpisodeLanguageModels(): Promise<void> {
  const models = [...MODELS.values()];
  MODELS.clear();
  await Promise.all(models.map((model) => model.close()));
}

/** Per-step LLM metrics of an episode, for the report (null for an agent that made no call). */
export function llmMetrics(usage: LlmUsage | undefined, steps: number): Record<string, number | null> {
  if (!usage || usage.calls === 0 || steps <= 0) {
    return { llmCallsPerStep: null, promptTokensPerStep: null, completionTokensPerStep: null };
  }
  return {
    llmCallsPerStep: usage.calls / steps,
    promptTokensPerStep: usage.promptTokens / steps,
    completionTokensPerStep: usage.completionTokens / steps,
  };
}

/** The report columns of `llmMetrics`. */
export const LLM_METRICS: readonly MetricSpec[] = [
  { key: 'llmCallsPerStep', label: 'LLM calls/step', digits: 2, hideWhenEmpty: true },
  { key: 'promptTokensPerStep', label: 'prompt tok/step', digits: 0, hideWhenEmpty: true },
  { key: 'completionTokensPerStep', label: 'completion tok/step', digits: 1, hideWhenEmpty: true },
];

/**
 * The usage as stored with an episode: calls and tokens (deterministic: cached answers carry their recorded usage)
 * in the details; latency, cache hits, failed calls and the bytes sent and received (which depend on the run: a warm
 * cache, a flaky server) in the timing.
 */
export function llmUsageRecord(usage: LlmUsage): { details: JsonObject; timing: JsonObject } {
  const details: JsonObject = {
    calls: usage.calls,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
  };
  const timing: JsonObject = {
    llmLatencyMs: Math.round(usage.latencyMs),
    llmCachedCalls: usage.cachedCalls,
    llmFailedCalls: usage.failedCalls,
    // What the calls moved over the network (none when a recording answered them).
    llmSentBytes: usage.sentBytes,
    llmReceivedBytes: usage.receivedBytes,
  };
  for (const kind of Object.keys(usage.byKind).sort() as (keyof typeof usage.byKind)[]) {
    const counts = usage.byKind[kind];
    if (counts.calls + counts.failedCalls === 0) continue;
    details[kind] = {
      calls: counts.calls,
      promptTokens: counts.promptTokens,
      completionTokens: counts.completionTokens,
    };
  }
  return { details, timing };
}
