/**
 * The coordinator's side of a queued run (`hearth run ... --queue URL`): every episode not yet stored becomes a job
 * (or is collected, when a job of the same id already finished), and each result is handed to the runner the moment
 * it arrives, which stores it exactly as a local worker's. Workers anywhere (`hearth worker`) run the jobs; they hold
 * no results. The coordinator learns of finished jobs from the queue's event stream and, to miss none (events sent
 * while it was starting, or while Redis was restarting), also looks at every outstanding job now and then; a job that
 * vanished (Redis restarted without its data) is enqueued again.
 *
 * A worker's result is data from whoever can write to Redis: it is checked (`episodeJobResultSchema`, and its model
 * calls with `CoordinatorRecordings.faultOf`) before anything of it reaches the store or the call cache; a result that
 * fails the check is stored as a failed episode saying why, and nothing else of it is kept.
 */
import { hostname } from 'node:os';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { InputError } from '../../util/errors.js';
import type { SharedLoad } from '../call-slots.js';
import type { EpisodeOutcome } from '../execute.js';
import type { JsonObject } from '../json.js';
import type { EpisodeSpec } from '../protocol.js';
import { describeSpecIssue } from '../spec-schema.js';
import { parseQueueUrl, redisOptions } from './address.js';
import { sharedSlotsNow } from './call-slots.js';
import {
  type EpisodeJobData,
  type EpisodeJobResult,
  episodeJobResultSchema,
  episodeJobSchema,
  jobId,
  KEEP_SECONDS,
  QUEUE_NAME,
  type QueuedRunInfo,
  RUNS_KEY,
  runTag,
} from './jobs.js';
import { CoordinatorRecordings } from './llm-calls.js';

export interface QueueRunOptions {
  /** Redis URL. */
  url: string;
  protocol: string;
  config: JsonObject;
  specs: readonly EpisodeSpec[];
  trace: boolean;
  /** Where the results go, for `hearth queue status`. */
  store: string;
  runId: number;
  /** Aborting stops collecting (the jobs stay in the queue; workers go on; `--resume` collects them). */
  signal?: AbortSignal;
  /** Called with each finished episode; if it throws, the run stops with that error. */
  onOutcome: (outcome: EpisodeOutcome, spec: EpisodeSpec) => void;
  /** One-line notes (lost connection, jobs found done). */
  note: (line: string) => void;
  /** How often every outstanding job is looked at, besides the events (default 2 s plus 1 ms per job). */
  pollMs?: number;
  /** Called every second, and once at the end, with the run's model load so far (runs with a model server). */
  onModelCalls?: (load: SharedLoad) => void;
}

const JOB_OPTIONS = {
  // A failed episode is deterministic (a bad configuration) or already retried by the LLM layer: no second attempt.
  attempts: 1,
  removeOnComplete: { age: KEEP_SECONDS },
  removeOnFail: { age: KEEP_SECONDS },
};

const CONNECT_TIMEOUT_MS = 5000;
/** A failed job's reason is stored cut to this many characters. */
const MAX_REASON = 64 * 1024;

/** Checks that Redis answers, with an InputError naming the URL when it does not. */
export async function assertReachable(url: string, flag = '--queue'): Promise<void> {
  const address = parseQueueUrl(url, flag);
  const probe = new Redis({ ...redisOptions(address), maxRetriesPerRequest: 0, retryStrategy: () => null });
  let reason: string | undefined;
  probe.on('error', (error: Error) => {
    reason ??= error.message;
  });
  try {
    await Promise.race([
      probe.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), CONNECT_TIMEOUT_MS).unref()),
    ]);
  } catch (error) {
    throw new InputError(
      `${flag} ${address.display}: cannot reach Redis (${reason ?? (error instanceof Error ? error.message : error)}); ` +
        'start redis-server there (docs/distributed.md)',
    );
  } finally {
    probe.disconnect();
  }
}

/** Runs the specs through the queue; resolves when all have an outcome, or with `aborted` when the signal fired. */
export async function executeOnQueue(options: QueueRunOptions): Promise<{ aborted: boolean; collected: number }> {
  await assertReachable(options.url);
  const address = parseQueueUrl(options.url);
  const connection = redisOptions(address);
  const redis = new Redis(connection);
  const queue = new Queue(QUEUE_NAME, { connection });
  const events = new QueueEvents(QUEUE_NAME, { connection });
  let lost = false;
  const onError = (error: Error) => {
    if (lost) return;
    lost = true;
    options.note(`queue ${address.display}: ${error.message}; reconnecting`);
  };
  const onReady = () => {
    if (lost) options.note(`queue ${address.display}: connected again`);
    lost = false;
  };
  redis.on('error', onError);
  redis.on('reconnecting', () => onError(new Error('connection lost')));
  redis.on('ready', onReady);
  queue.on('error', onError);
  events.on('error', onError);

  const tag = runTag(options.protocol, options.config, options.trace);
  const outstanding = new Map(options.specs.map((spec) => [jobId(tag, spec), spec]));
  let recordings: CoordinatorRecordings | undefined;
  let failure: Error | undefined;
  let collected = 0;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const { signal } = options;
  signal?.addEventListener('abort', finish);
  let timer: NodeJS.Timeout | undefined;
  let callsTimer: NodeJS.Timeout | undefined;

  const settle = (id: string, outcome: EpisodeOutcome, calls?: EpisodeJobResult['llmCalls']) => {
    const spec = outstanding.get(id);
    if (!spec || failure || signal?.aborted) return;
    outstanding.delete(id);
    try {
      recordings?.record(spec, calls);
      options.onOutcome(outcome.key === spec.key ? outcome : { ...outcome, key: spec.key }, spec);
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      finish();
      return;
    }
    if (outstanding.size === 0) finish();
  };
  const completed = (id: string, value: unknown) => {
    const spec = outstanding.get(id);
    if (!spec) return;
    const refused = (why: string) =>
      settle(id, { status: 'failed', key: spec.key, error: `the worker's result was refused: ${why}`, wallMs: 0 });
    let returned: unknown;
    try {
      returned = typeof value === 'string' ? JSON.parse(value) : value;
    } catch {
      return refused('not JSON');
    }
    const result = episodeJobResultSchema.safeParse(returned);
    if (!result.success) return refused(describeSpecIssue(result.error));
    const fault = recordings?.faultOf(spec, result.data.llmCalls);
    if (fault !== undefined) return refused(fault);
    settle(id, result.data.outcome, result.data.llmCalls);
  };
  const failed = (id: string, reason: string | undefined) => {
    const spec = outstanding.get(id);
    const error = (reason || 'the job failed').slice(0, MAX_REASON);
    if (spec) settle(id, { status: 'failed', key: spec.key, error, wallMs: 0 });
  };
  /**
   * Collects a job that has finished; returns false for one that is not in the queue. The state is read first and
   * the job after it, so that a job finishing in between is read with its result.
   */
  const collect = async (id: string, onFailed: 'report' | 'retry'): Promise<boolean> => {
    const state = await queue.getJobState(id);
    if (state === 'unknown') return false;
    if (state !== 'completed' && state !== 'failed') return true;
    const job = await queue.getJob(id);
    if (!job) return false; // removed in between
    if (state === 'completed') {
      collected++;
      completed(id, job.returnvalue);
    } else if (onFailed === 'report') {
      failed(id, job.failedReason);
    } else {
      await job.retry('failed'); // an earlier failure: run it again, as --resume does locally
    }
    return true;
  };

  try {
    await events.waitUntilReady();
    recordings = await CoordinatorRecordings.share(redis, options.specs);
    const info: QueuedRunInfo = {
      protocol: options.protocol,
      episodes: options.specs.length,
      store: options.store,
      runId: options.runId,
      host: hostname(),
      started: new Date().toISOString(),
    };
    await redis.hset(RUNS_KEY, tag, JSON.stringify(info));
    events.on('completed', ({ jobId: id, returnvalue }) => {
      if (outstanding.has(id)) completed(id, returnvalue);
    });
    events.on('failed', ({ jobId: id, failedReason }) => {
      if (!outstanding.has(id)) return;
      // A job that will be tried again (a stalled one, a retry) is not finished: the state says.
      void queue.getJobState(id).then((state) => {
        if (state === 'failed') failed(id, failedReason);
      }, onError);
    });

    // What is already in the queue is collected (done) or left to run (waiting, active); the rest is added.
    const enqueue = async (ids: string[], onFailed: 'report' | 'retry') => {
      const missing: string[] = [];
      for (let i = 0; i < ids.length; i += 200) {
        const chunk = ids.slice(i, i + 200);
        const present = await Promise.all(chunk.map((id) => collect(id, onFailed)));
        chunk.forEach((id, j) => {
          if (!present[j] && outstanding.has(id)) missing.push(id);
        });
      }
      for (let i = 0; i < missing.length; i += 500) {
        await queue.addBulk(
          missing.slice(i, i + 500).map((id) => {
            const spec = outstanding.get(id)!;
            const recording = recordings?.of(spec);
            // What a worker will check it against: a job this side writes is never one a worker refuses for its form.
            const data = episodeJobSchema.parse({
              run: tag,
              protocol: options.protocol,
              spec,
              trace: options.trace,
              ...(recording && { recording }),
            }) as EpisodeJobData;
            return { name: 'episode', data, opts: { ...JOB_OPTIONS, jobId: id } };
          }),
        );
      }
      return missing.length;
    };
    const added = await enqueue([...outstanding.keys()], 'retry');
    if (collected > 0 || added < options.specs.length) {
      options.note(
        `queue ${address.display}: ${added} job(s) added, ${collected} found done, ` +
          `${options.specs.length - added - collected} already waiting or running`,
      );
    }
    if (outstanding.size === 0) finish();
    // Now and then, every outstanding job: catches events missed and jobs lost with a Redis restart.
    const poll = async () => {
      timer = undefined;
      try {
        await enqueue([...outstanding.keys()], 'report');
      } catch (error) {
        onError(error instanceof Error ? error : new Error(String(error)));
      }
      if (outstanding.size > 0 && !failure && !signal?.aborted) {
        timer = setTimeout(poll, options.pollMs ?? 2000 + outstanding.size);
      }
    };
    timer = setTimeout(poll, options.pollMs ?? 2000 + outstanding.size);
    const onModelCalls = options.onModelCalls;
    if (onModelCalls) {
      callsTimer = setInterval(() => {
        sharedSlotsNow(redis, tag).then(onModelCalls, onError);
      }, 1000);
    }
    await finished;
    // The load as it ended, for the closing summary (a run shorter than a sampling period has no sample otherwise).
    if (onModelCalls) await sharedSlotsNow(redis, tag).then(onModelCalls, onError);
  } finally {
    if (timer) clearTimeout(timer);
    if (callsTimer) clearInterval(callsTimer);
    signal?.removeEventListener('abort', finish);
    recordings?.close();
    await Promise.allSettled([events.close(), queue.close()]);
    redis.disconnect();
  }
  if (failure) throw failure;
  return { aborted: outstanding.size > 0, collected };
}
