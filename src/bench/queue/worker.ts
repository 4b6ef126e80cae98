/**
 * A queue worker (`hearth worker --queue URL`): takes episode jobs from the queue and runs them on a pool of worker
 * threads, the very threads and episode code a local run uses (`EpisodeThreadPool`), one pool per protocol. It keeps
 * no results: each job's outcome goes back through the queue to the coordinator. The main thread only talks to Redis,
 * so it keeps renewing the locks of running jobs however long an episode computes; a worker that dies (SIGKILL, a
 * lost machine) stops renewing, and after the lock time another worker finds the job stalled and runs it again.
 *
 * Episodes whose model calls go to a server run as a local run's do: several at once on each thread, every call
 * taking a slot of the run's limit (`--llm-concurrency` on the coordinator), which all the run's workers share
 * through Redis (`queue/call-slots.ts`), and of the worker's own limit when it has one (its `--llm-concurrency`).
 * The first such job raises the number of jobs the worker takes at once.
 *
 * A job is data from whoever can write to Redis, checked before anything runs (`admitJob`, docs/security.md): its form
 * (`episodeJobSchema`), its spec against the protocol's schema, the files it names inside the folders this worker may
 * read (its working directory and `--files`), its agent in this worker's registry; its model calls go to this
 * machine's server with this machine's key (`--base-url`, HEARTH_LLM_*), never to one the job names. A refused job
 * fails with one line saying why, and nothing of it is made or opened.
 */
import { hostname } from 'node:os';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { AgentSource } from '../../agents/external/index.js';
import { callsWaitOnServer, defaultConcurrency, type LlmConfig, machineModelServer } from '../../llm/config.js';
import { InputError } from '../../util/errors.js';
import { FileRoots } from '../../util/file-roots.js';
import { cacheDir } from '../cache.js';
import { allOf, episodesPerWorker, RunCallSlots } from '../call-slots.js';
import { threadEnvWithKey } from '../llm.js';
import { EpisodeThreadPool } from '../pool.js';
import type { EpisodeSpec } from '../protocol.js';
import { getProtocol } from '../protocols.js';
import { describeSpecIssue } from '../spec-schema.js';
import { admitHandedSpec, type HandedSpecPolicy } from '../untrusted-spec.js';
import { parseQueueUrl, redisOptions } from './address.js';
import { RedisCallSlots, SLOTS_KEY_PREFIX } from './call-slots.js';
import { assertReachable } from './coordinator.js';
import { type EpisodeJobData, type EpisodeJobResult, episodeJobSchema, QUEUE_NAME } from './jobs.js';
import { WorkerRecordings } from './llm-calls.js';

export interface QueueWorkerOptions {
  url: string;
  /** Worker threads: episodes computed at once (episodes that wait on a model server run several to a thread). */
  concurrency: number;
  /** Model calls in flight at once from this worker, all its episodes together (default: the run's limit). */
  llmConcurrency?: number;
  /**
   * The model server as this machine reaches it (`--base-url`; else HEARTH_LLM_BASE_URL or the config file's): every
   * job's model calls go there, with this machine's key; without one, a job naming a server is refused.
   */
  baseUrl?: string;
  /** Folders besides the working directory whose files jobs may name (`--files`: home graphs, dialogue files, models). */
  files?: readonly string[];
  /** How long a job's lock lasts without renewal: a dead worker's job is run again after about this long. */
  lockMs?: number;
  /** Print a line when an episode starts and ends. */
  verbose?: boolean;
  stderr?: NodeJS.WritableStream;
  /** Aborting lets the running episodes finish and hand their results back, then ends the worker. */
  signal?: AbortSignal;
  /**
   * Agents of the user's own that this worker's command line named (`--agents`), loaded by it: the only ones besides
   * the built-in agents that its jobs may name. A job never names a path or a command.
   */
  agentSources?: readonly AgentSource[];
}

export const DEFAULT_LOCK_MS = 30_000;

/** How a worker admits jobs: the folders their files may be in, this machine's model server. */
export function workerJobPolicy(options: Pick<QueueWorkerOptions, 'baseUrl' | 'files'>): HandedSpecPolicy {
  const flag = '--files DIR';
  return {
    files: FileRoots.of([process.cwd(), ...(options.files ?? [])], {
      hint: `start the worker with ${flag} to let jobs name files there`,
    }),
    llm: {
      server: machineModelServer({ ...(options.baseUrl !== undefined && { baseUrl: options.baseUrl }) }),
      serverHint: 'start the worker with --base-url URL (or HEARTH_LLM_BASE_URL) to send them to that server',
    },
    recordings: 'queue',
  };
}

/**
 * A job checked (see the module comment), its spec as this worker runs it; an InputError of one line saying what is
 * refused.
 */
export async function admitJob(value: unknown, policy: HandedSpecPolicy): Promise<EpisodeJobData> {
  const job = episodeJobSchema.safeParse(value);
  if (!job.success) throw new InputError(`the job is refused: ${describeSpecIssue(job.error)}`);
  const spec = await admitHandedSpec(job.data.protocol, job.data.spec, policy);
  return { ...job.data, spec: withSlotGroup(spec, job.data.run) };
}

/** When the spec's calls go to a server: the run whose limit of calls in flight they count against (its tag). */
function withSlotGroup(spec: EpisodeSpec, run: string): EpisodeSpec {
  if (serverModelOf(spec) === undefined) return spec;
  return { ...spec, llm: { ...(spec.llm as Record<string, unknown>), slotGroup: run } } as EpisodeSpec;
}

/** A model server for the start line: its address without credentials, or what happens without one. */
function serverName(baseUrl: string | undefined): string {
  if (baseUrl === undefined) return "the provider's own (a job naming a server is refused)";
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** The model configuration of a spec whose calls wait on a server, if it has one. */
function serverModelOf(spec: EpisodeSpec): Pick<LlmConfig, 'provider' | 'replay' | 'concurrency'> | undefined {
  const llm = spec.llm as Pick<LlmConfig, 'provider' | 'replay' | 'concurrency'> | undefined;
  return llm !== null && typeof llm === 'object' && callsWaitOnServer(llm) ? llm : undefined;
}

/** Runs jobs until the signal fires; resolves once the worker has closed. */
export async function runQueueWorker(options: QueueWorkerOptions): Promise<void> {
  const policy = workerJobPolicy(options);
  // The threads read this machine's key from their environment (one from a config file is not in this process's).
  const env = threadEnvWithKey(policy.llm.server.apiKey);
  await assertReachable(options.url);
  const address = parseQueueUrl(options.url);
  const connection = redisOptions(address);
  const stderr = options.stderr ?? process.stderr;
  const name = `${hostname()}:${process.pid}`;
  const say = (line: string) => stderr.write(`hearth worker ${name}: ${line}\n`);
  const redis = new Redis(connection);
  const recordings = new WorkerRecordings(redis);
  const pools = new Map<string, EpisodeThreadPool>();
  // Calls to a model server: each run's limit, shared by all its workers through Redis (`call-slots.ts`), and this
  // worker's own (`--llm-concurrency`), when it has one.
  const ownSlots = options.llmConcurrency === undefined ? undefined : new RunCallSlots(options.llmConcurrency);
  const runSlots = new Map<string, RedisCallSlots>();
  let subscriber: Redis | undefined;
  const slotsOfRun = (tag: string, limit: number): RedisCallSlots => {
    let slots = runSlots.get(tag);
    if (!slots) {
      slots = new RedisCallSlots(redis, tag, limit, name);
      runSlots.set(tag, slots);
      if (!subscriber) {
        subscriber = new Redis(connection);
        subscriber.on('error', () => undefined); // the main connection reports a lost server
        subscriber.on('pmessage', (_pattern: string, channel: string) =>
          runSlots.get(channel.slice(SLOTS_KEY_PREFIX.length))?.notify(),
        );
        void subscriber.psubscribe(`${SLOTS_KEY_PREFIX}*`).catch(() => undefined);
      }
    }
    return slots;
  };
  const slotSource = (group: string | undefined) => {
    const run = group === undefined ? undefined : runSlots.get(group);
    const limits = [ownSlots, run].filter((slots): slots is RunCallSlots | RedisCallSlots => slots !== undefined);
    return allOf(...limits);
  };
  let perThread = 1;
  const poolFor = (protocol: string, spec: EpisodeSpec, run: string) => {
    const model = serverModelOf(spec);
    if (model) slotsOfRun(run, defaultConcurrency(model));
    const key = `${protocol}${model ? ' (model server)' : ''}`;
    let pool = pools.get(key);
    if (!pool) {
      if (model) {
        perThread = episodesPerWorker(options.llmConcurrency ?? defaultConcurrency(model), options.concurrency);
        worker.concurrency = options.concurrency * perThread;
        say(
          `episodes that wait on a model server: ${perThread} at a time on each thread; calls in flight: ` +
            `${defaultConcurrency(model)} over the run${ownSlots ? `, ${ownSlots.limit} from this worker` : ''}`,
        );
      }
      pool = new EpisodeThreadPool(getProtocol(protocol).module, options.concurrency, {
        env,
        ...(model && { episodesPerThread: perThread, callSlots: slotSource }),
        ...(options.agentSources && options.agentSources.length > 0 && { agentSources: options.agentSources }),
        memoDir: cacheDir(),
      });
      pools.set(key, pool);
    }
    return pool;
  };

  const runJob = async (job: Job<EpisodeJobData, EpisodeJobResult>): Promise<EpisodeJobResult> => {
    let data: EpisodeJobData;
    let prepared: Awaited<ReturnType<WorkerRecordings['prepare']>>;
    try {
      data = await admitJob(job.data, policy);
      prepared = await recordings.prepare(data.spec, data.recording);
    } catch (error) {
      // A refused job (or a shared recording that is not one) fails with its one line, tried no more.
      if (!(error instanceof InputError)) throw error;
      if (options.verbose) say(`refused job ${job.id}: ${error.message}`);
      throw new UnrecoverableError(`refused by worker ${name}: ${error.message}`);
    }
    if (options.verbose) say(`started ${data.spec.key}`);
    const { outcome } = await poolFor(data.protocol, prepared.spec, data.run).run(prepared.spec, data.trace);
    if (options.verbose) say(`finished ${data.spec.key}: ${outcome.status} in ${outcome.wallMs.toFixed(0)} ms`);
    // Failed episodes are reported, not retried: the error is the job's failure reason.
    if (outcome.status === 'failed') throw new UnrecoverableError(outcome.error);
    const llmCalls = await prepared.takeNew?.();
    return { outcome, worker: name, ...(llmCalls && llmCalls.length > 0 && { llmCalls }) };
  };

  const lockMs = options.lockMs ?? DEFAULT_LOCK_MS;
  const worker = new Worker<EpisodeJobData, EpisodeJobResult>(QUEUE_NAME, runJob, {
    connection,
    concurrency: options.concurrency,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    maxStalledCount: 1,
  });
  let lost = false;
  const onError = (error: Error) => {
    if (lost) return;
    lost = true;
    say(`${error.message}; reconnecting`);
  };
  worker.on('error', onError);
  redis.on('error', onError);
  redis.on('reconnecting', () => onError(new Error('connection lost')));
  worker.on('ready', () => {
    if (lost) say('connected again');
    lost = false;
  });
  worker.on('failed', (job, error) => {
    if (options.verbose && job) say(`job ${job.id} failed: ${error.message.split('\n')[0]}`);
  });
  await worker.waitUntilReady();
  say(
    `taking jobs from ${address.display}, ${options.concurrency} at a time; files they name read from ` +
      `${policy.files.describe()}; model calls to ${serverName(policy.llm.server.baseUrl)}`,
  );

  await new Promise<void>((resolve) => {
    if (options.signal?.aborted) resolve();
    options.signal?.addEventListener('abort', () => resolve());
  });
  await worker.close();
  for (const slots of runSlots.values()) slots.close();
  await Promise.all([...pools.values()].map((pool) => pool.close()));
  subscriber?.disconnect();
  await recordings.close();
  redis.disconnect();
}
