/**
 * Which language model to use, resolved from (in order of precedence) command-line flags, `HEARTH_LLM_*`
 * environment variables and a JSON config file; then built into a wrapped `LanguageModel`. No provider and no
 * recording means no LLM: `undefined`, never a fake model.
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { InputError, lineColumnAt } from '../util/errors.js';
import { jsonSyntaxErrorOffset } from '../util/json-syntax.js';
import { createLanguageModel, type LanguageModel, type LanguageModelSettings } from './language-model.js';
import {
  backendId,
  describeBackend,
  LlmCallStore,
  offlineBackend,
  parseBackendId,
  withCache,
  withReplay,
} from './middleware/cache.js';
import { type CallSlots, withCallSlots, withConcurrencyLimit } from './middleware/concurrency.js';
import { withRetry } from './middleware/retry.js';
import { LlamaCppBackend, llamaCppBackendInfo } from './providers/llama-cpp.js';
import { OpenAiBackend, openAiBackendInfo } from './providers/openai.js';
import { type BackendInfo, CAPABILITY_NAMES, type CapabilityName, type LlmBackend } from './types.js';

export const PROVIDERS = ['openai', 'llama-cpp'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface LlmConfig {
  provider: ProviderName;
  /** Model name on the server, or the .gguf path for llama-cpp. */
  model: string;
  baseUrl?: string;
  apiKey?: string;
  embeddingModel?: string;
  timeoutMs?: number;
  jsonStrict?: boolean;
  threads?: number;
  contextSize?: number;
  gpu?: 'auto' | false | 'cuda' | 'vulkan' | 'metal';
  /** Calls in flight at once (default: 4 for openai, 1 for llama-cpp). */
  concurrency?: number;
  /** Retries of 429/5xx/timeouts (default 4). */
  maxRetries?: number;
  /** Cache file: answers recorded requests, records the rest. */
  cache?: string;
  /** Recording to replay: no backend is contacted; a request not recorded is an error. */
  replay?: string;
  settings?: Partial<LanguageModelSettings>;
}

/** The flags `addLlmOptions` defines, as commander hands them over. */
export interface LlmFlags {
  llm?: string;
  baseUrl?: string;
  model?: string;
  apiKey?: string;
  llmConfig?: string;
  llmCache?: string;
  llmReplay?: string;
  llmThreads?: string | number;
  llmConcurrency?: string | number;
}

/**
 * Upper bounds of a model configuration's numbers, wherever it comes from: flags, environment, a config file, or an
 * episode spec read from a queue job or a store (which must not make a worker take a million calls at once). Each is
 * far above any real use.
 */
export const LLM_LIMITS = {
  concurrency: 4096,
  threads: 1024,
  contextSize: 1 << 22,
  timeoutMs: 24 * 3600 * 1000,
  maxRetries: 100,
  maxTokens: 1 << 20,
  samples: 1000,
  topLogprobs: 100,
  temperature: 100,
  smoothing: 1e6,
  text: 4096,
} as const;

const bounded = (max: number) => z.number().int().positive().max(max);
const text = z.string().min(1).max(LLM_LIMITS.text);
/** An http(s) address: a model server's base URL. */
const httpUrl = z
  .string()
  .max(LLM_LIMITS.text)
  .refine((value) => /^https?:\/\/[^\s/?#]+/i.test(value) && URL.canParse(value), 'not an http(s) URL');

const settingsSchema = z.strictObject({
  temperature: z.number().min(0).max(LLM_LIMITS.temperature).optional(),
  maxTokens: bounded(LLM_LIMITS.maxTokens).optional(),
  seed: z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).optional(),
  samples: bounded(LLM_LIMITS.samples).optional(),
  sampleTemperature: z.number().min(0).max(LLM_LIMITS.temperature).optional(),
  sampleMaxTokens: bounded(LLM_LIMITS.maxTokens).optional(),
  topLogprobs: bounded(LLM_LIMITS.topLogprobs).optional(),
  smoothing: z.number().min(0).max(LLM_LIMITS.smoothing).optional(),
  disabledCapabilities: z
    .array(z.enum(CAPABILITY_NAMES as [CapabilityName, ...CapabilityName[]]))
    .max(CAPABILITY_NAMES.length)
    .optional(),
});

/**
 * Every field of a model configuration but its key, checked and bounded: what a config file may say and what an
 * episode spec carries (`bench/llm.ts`). One schema for both, so that whatever the flags resolve to passes the checks
 * a queue worker and the dashboard make on specs they are handed.
 */
export const llmFieldsSchema = z.strictObject({
  provider: z.enum(PROVIDERS),
  model: text,
  baseUrl: httpUrl.optional(),
  embeddingModel: text.optional(),
  timeoutMs: bounded(LLM_LIMITS.timeoutMs).optional(),
  jsonStrict: z.boolean().optional(),
  threads: bounded(LLM_LIMITS.threads).optional(),
  contextSize: bounded(LLM_LIMITS.contextSize).optional(),
  gpu: z.union([z.enum(['auto', 'cuda', 'vulkan', 'metal']), z.literal(false)]).optional(),
  concurrency: bounded(LLM_LIMITS.concurrency).optional(),
  maxRetries: z.number().int().min(0).max(LLM_LIMITS.maxRetries).optional(),
  cache: text.optional(),
  replay: text.optional(),
  settings: settingsSchema.optional(),
});

/** The config file: the same fields, each optional, plus the key (`apiKey`, or `apiKeyEnv`: the variable to read). */
const fileSchema = llmFieldsSchema.partial().extend({
  apiKey: z.string().max(LLM_LIMITS.text).optional(),
  apiKeyEnv: z.string().min(1).max(256).optional(),
});

type ConfigFile = z.infer<typeof fileSchema>;

/** Reads and validates a config file; errors name the file, the line and the offending key. */
export function readLlmConfigFile(file: string): ConfigFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new InputError('cannot read the LLM config file', { file });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const offset = jsonSyntaxErrorOffset(text);
    const where = offset === undefined ? {} : lineColumnAt(text, offset);
    throw new InputError(`invalid JSON (${error instanceof Error ? error.message : error})`, { file, ...where });
  }
  const parsed = fileSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : String(issue.path.at(-1) ?? '');
    const at = key === '' ? -1 : text.indexOf(`"${key}"`);
    const where = at < 0 ? {} : { line: lineColumnAt(text, at).line };
    const path = issue.path.join('.');
    throw new InputError(
      `${issue.code === 'unrecognized_keys' ? `unknown key "${key}"` : `${path}: ${issue.message}`}`,
      {
        file,
        ...where,
      },
    );
  }
  return parsed.data;
}

type Env = Record<string, string | undefined>;

/**
 * The configured LLM, or undefined when none is configured (no provider from flags, env or file, and no
 * recording to replay). Throws `InputError` for contradictory or malformed settings.
 */
export function resolveLlmConfig(flags: LlmFlags, env: Env = process.env): LlmConfig | undefined {
  const file = configFileOf(flags, env);
  const pick = <T>(flag: T | undefined, envValue: T | undefined, fileValue: T | undefined) =>
    flag ?? envValue ?? fileValue;

  const providerText = pick(flags.llm, env.HEARTH_LLM_PROVIDER, file.provider);
  const replay = pick(flags.llmReplay, env.HEARTH_LLM_REPLAY, file.replay);
  const cache = pick(flags.llmCache, env.HEARTH_LLM_CACHE, file.cache);
  if (providerText === undefined && replay === undefined) {
    if (cache !== undefined) throw new InputError('--llm-cache needs a model: add --llm openai|llama-cpp and --model');
    return undefined;
  }
  if (replay !== undefined && cache !== undefined) {
    throw new InputError('--llm-replay and --llm-cache exclude each other: replay reads a recording, cache writes one');
  }
  let provider: ProviderName;
  let model = pick(flags.model, env.HEARTH_LLM_MODEL, file.model);
  if (providerText === undefined) {
    // Replaying without naming the backend: the recording must name exactly one.
    const recorded = recordedBackend(replay as string);
    provider = recorded.provider as ProviderName;
    model ??= recorded.model;
  } else {
    if (!(PROVIDERS as readonly string[]).includes(providerText)) {
      throw new InputError(`--llm must be one of ${PROVIDERS.join(', ')}, got "${providerText}"`);
    }
    provider = providerText as ProviderName;
  }
  if (!model) {
    throw new InputError(
      provider === 'llama-cpp'
        ? '--llm llama-cpp needs --model FILE.gguf (or HEARTH_LLM_MODEL)'
        : `--llm ${provider} needs --model NAME (or HEARTH_LLM_MODEL)`,
    );
  }
  if (provider === 'llama-cpp' && replay === undefined && !existsSync(model)) {
    throw new InputError('GGUF model file not found', { file: model });
  }
  const server = modelServerOf(flags, env, file, provider);
  const config: LlmConfig = {
    provider,
    model,
    baseUrl: server.baseUrl,
    apiKey: server.apiKey,
    embeddingModel: pick(undefined, env.HEARTH_LLM_EMBEDDING_MODEL, file.embeddingModel),
    timeoutMs: pick(
      undefined,
      intFrom(env.HEARTH_LLM_TIMEOUT_MS, 'HEARTH_LLM_TIMEOUT_MS', 1, LLM_LIMITS.timeoutMs),
      file.timeoutMs,
    ),
    jsonStrict: file.jsonStrict,
    threads: pick(
      intFrom(flags.llmThreads, '--llm-threads', 1, LLM_LIMITS.threads),
      intFrom(env.HEARTH_LLM_THREADS, 'HEARTH_LLM_THREADS', 1, LLM_LIMITS.threads),
      file.threads,
    ),
    contextSize: pick(
      undefined,
      intFrom(env.HEARTH_LLM_CONTEXT_SIZE, 'HEARTH_LLM_CONTEXT_SIZE', 1, LLM_LIMITS.contextSize),
      file.contextSize,
    ),
    gpu: pick(undefined, gpuFrom(env.HEARTH_LLM_GPU), file.gpu),
    concurrency: pick(
      intFrom(flags.llmConcurrency, '--llm-concurrency', 1, LLM_LIMITS.concurrency),
      intFrom(env.HEARTH_LLM_CONCURRENCY, 'HEARTH_LLM_CONCURRENCY', 1, LLM_LIMITS.concurrency),
      file.concurrency,
    ),
    maxRetries: pick(
      undefined,
      intFrom(env.HEARTH_LLM_MAX_RETRIES, 'HEARTH_LLM_MAX_RETRIES', 0, LLM_LIMITS.maxRetries),
      file.maxRetries,
    ),
    cache,
    replay,
    settings: file.settings,
  };
  const resolved = dropUndefined(config);
  checkLlmFields(resolved);
  return resolved;
}

/** The config file named by `--llm-config` or HEARTH_LLM_CONFIG, read and checked (empty when none is named). */
function configFileOf(flags: Pick<LlmFlags, 'llmConfig'>, env: Env): ConfigFile {
  const configPath = flags.llmConfig ?? env.HEARTH_LLM_CONFIG;
  return configPath ? readLlmConfigFile(configPath) : {};
}

/**
 * This machine's model server: where its user said model calls go (`--base-url`, HEARTH_LLM_BASE_URL, the config
 * file's `baseUrl`; none: the provider's own, OpenAI's) and the key to send there (`--api-key`, HEARTH_LLM_API_KEY, the
 * config file's `apiKey` or `apiKeyEnv`; OPENAI_API_KEY for OpenAI itself). A queue worker and the dashboard send a
 * job's or a stored episode's model calls only here, with this key (docs/security.md).
 */
export interface ModelServer {
  readonly baseUrl?: string;
  readonly apiKey?: string;
}

export function machineModelServer(
  flags: Pick<LlmFlags, 'baseUrl' | 'apiKey' | 'llmConfig'>,
  env: Env = process.env,
): ModelServer {
  const server = modelServerOf(flags, env, configFileOf(flags, env), 'openai');
  if (server.baseUrl !== undefined) checkLlmFields({ provider: 'openai', model: 'm', baseUrl: server.baseUrl });
  return server;
}

function modelServerOf(
  flags: Pick<LlmFlags, 'baseUrl' | 'apiKey'>,
  env: Env,
  file: ConfigFile,
  provider: ProviderName,
): ModelServer {
  const apiKeyFromFileEnv = file.apiKeyEnv ? env[file.apiKeyEnv] : undefined;
  const baseUrl = flags.baseUrl ?? env.HEARTH_LLM_BASE_URL ?? file.baseUrl;
  let apiKey = flags.apiKey ?? env.HEARTH_LLM_API_KEY ?? file.apiKey ?? apiKeyFromFileEnv;
  // Talking to OpenAI itself: the usual variable works too.
  if (provider === 'openai' && baseUrl === undefined && apiKey === undefined) apiKey = env.OPENAI_API_KEY;
  return dropUndefined({ baseUrl, apiKey });
}

/** Where each field of a configuration can be set, for messages. */
const FIELD_SOURCES: Readonly<Record<string, string>> = {
  provider: '--llm',
  model: '--model',
  baseUrl: '--base-url',
  embeddingModel: 'HEARTH_LLM_EMBEDDING_MODEL',
  timeoutMs: 'HEARTH_LLM_TIMEOUT_MS',
  threads: '--llm-threads',
  contextSize: 'HEARTH_LLM_CONTEXT_SIZE',
  concurrency: '--llm-concurrency',
  maxRetries: 'HEARTH_LLM_MAX_RETRIES',
  cache: '--llm-cache',
  replay: '--llm-replay',
};

/**
 * Checks a resolved configuration (its key aside) against the schema specs are checked with; an InputError naming
 * the setting. What the flags resolve to is then never refused by a worker or the dashboard for its form.
 */
function checkLlmFields(config: LlmConfig): void {
  const { apiKey: _key, ...fields } = config;
  const parsed = llmFieldsSchema.safeParse(fields);
  if (parsed.success) return;
  const issue = parsed.error.issues[0];
  const field = String(issue.path[0] ?? '');
  const source = FIELD_SOURCES[field];
  throw new InputError(
    `the model configuration's ${issue.path.join('.') || 'fields'}${source ? ` (${source}, its variable or the config file)` : ''}: ${issue.message}`,
  );
}

/** The identity the backend will have, as recorded in cache keys. */
export function backendInfoOf(config: LlmConfig): BackendInfo {
  return config.provider === 'llama-cpp'
    ? llamaCppBackendInfo(config.model)
    : openAiBackendInfo(config.model, config.embeddingModel);
}

/** The bare provider, without wrappers. */
export function createBackend(config: LlmConfig): LlmBackend {
  if (config.provider === 'llama-cpp') {
    return new LlamaCppBackend({
      modelPath: config.model,
      threads: config.threads,
      contextSize: config.contextSize,
      gpu: config.gpu,
    });
  }
  return new OpenAiBackend({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    model: config.model,
    embeddingModel: config.embeddingModel,
    timeoutMs: config.timeoutMs,
    jsonStrict: config.jsonStrict,
  });
}

/**
 * The wrapped model: provider -> concurrency limit -> retries -> cache (or, for a replay, the recording alone,
 * with no provider behind it). The limit is `config.concurrency` calls of this model, unless `slots` are given: then
 * every call takes one of those (a limit shared with other models, other threads or other machines; a benchmark run
 * gives all its episodes one). A call answered by the cache takes no slot; each retry takes one.
 */
export function languageModelFromConfig(config: LlmConfig, options: { slots?: CallSlots } = {}): LanguageModel {
  let backend: LlmBackend;
  if (config.replay !== undefined) {
    const store = LlmCallStore.openForReplay(config.replay);
    const info = backendInfoOf(config);
    if (!store.backendIds().includes(backendId(info))) {
      const recorded = store.backendIds().map((id) => describeBackend(parseBackendId(id)));
      store.close();
      throw new InputError(
        `${config.replay}: no answers recorded for ${describeBackend(info)} (recorded: ${recorded.join(', ') || 'none'})`,
      );
    }
    backend = withReplay(offlineBackend(info), store, { closeStore: true });
  } else {
    backend = createBackend(config);
    backend = options.slots
      ? withCallSlots(backend, options.slots)
      : withConcurrencyLimit(backend, defaultConcurrency(config));
    backend = withRetry(backend, { maxRetries: config.maxRetries });
    if (config.cache !== undefined)
      backend = withCache(backend, LlmCallStore.openForRecording(config.cache), { closeStore: true });
  }
  return createLanguageModel(backend, {
    ...config.settings,
    ...(config.contextSize !== undefined && { contextSize: config.contextSize }),
  });
}

/** Calls in flight at once when nothing says otherwise: 4 to a server, 1 to an in-process GGUF model. */
export function defaultConcurrency(config: Pick<LlmConfig, 'provider' | 'concurrency'>): number {
  return config.concurrency ?? (config.provider === 'llama-cpp' ? 1 : 4);
}

/**
 * Whether the model's calls wait on a server (an OpenAI-compatible one), so that episodes spend their time waiting
 * and several can share a thread; a replayed recording answers at once and an in-process GGUF model computes.
 */
export function callsWaitOnServer(config: Pick<LlmConfig, 'provider' | 'replay'>): boolean {
  return config.provider === 'openai' && config.replay === undefined;
}

function recordedBackend(file: string): BackendInfo {
  const store = LlmCallStore.openForReplay(file);
  try {
    const ids = store.backendIds();
    if (ids.length !== 1) {
      throw new InputError(
        `${file}: the recording holds ${ids.length === 0 ? 'no answers' : `answers of ${ids.length} backends`}; name one with --llm and --model`,
      );
    }
    return parseBackendId(ids[0]);
  } finally {
    store.close();
  }
}

function intFrom(
  value: string | number | undefined,
  name: string,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    const bounds = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    throw new InputError(`${name} must be an integer ${bounds}, got "${value}"`);
  }
  return n;
}

function gpuFrom(value: string | undefined): LlmConfig['gpu'] {
  if (value === undefined || value === '') return undefined;
  if (value === 'false' || value === 'cpu') return false;
  if (value === 'auto' || value === 'cuda' || value === 'vulkan' || value === 'metal') return value;
  throw new InputError(`HEARTH_LLM_GPU must be auto, cpu, cuda, vulkan or metal, got "${value}"`);
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
