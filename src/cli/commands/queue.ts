/**
 * The queue commands (docs/distributed.md): `hearth worker --queue URL` runs episode jobs of queued runs
 * (`hearth run ... --queue URL`) on this machine until Ctrl-C; `hearth queue status URL` lists the jobs per run.
 * BullMQ is loaded only when one of them runs.
 */
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { stopIdleAgentProcesses } from '../../agents/external/index.js';
import { DEFAULT_CACHE_DIR } from '../../bench/cache.js';
import { parseQueueUrl } from '../../bench/queue/address.js';
import { InputError } from '../../util/errors.js';
import { addAgentTimeoutOption, loadOwnAgentsOnly } from '../own-agents.js';

interface WorkerFlags {
  queue?: string;
  concurrency: string;
  llmConcurrency?: string;
  baseUrl?: string;
  files: string[];
  lockMs: string;
  verbose?: boolean;
  cacheDir?: string;
  agents?: string;
  agentTimeout: string;
}

function positiveInteger(flag: string, value: string, max: number): number {
  const n = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > max) {
    throw new InputError(`${flag}: expected an integer from 1 to ${max}, got '${value}'`);
  }
  return n;
}

export function registerQueueCommands(program: Command): void {
  const worker = program
    .command('worker')
    .description('run the episodes of queued runs (hearth run ... --queue URL) on this machine, until Ctrl-C')
    .option('--queue <url>', 'the Redis queue, redis://HOST:PORT[/DB]')
    .option(
      '--concurrency <n>',
      'worker threads: episodes computed at once (episodes that wait on a model server run several to a thread)',
      String(availableParallelism()),
    )
    .option(
      '--llm-concurrency <n>',
      "at most this many model calls in flight from this worker, besides the run's --llm-concurrency (default: no cap of its own)",
    )
    .option(
      '--base-url <url>',
      "the model server jobs' model calls go to, as this machine reaches it, with this machine's key " +
        "(default HEARTH_LLM_BASE_URL or the config file's; none: a job naming a server is refused)",
    )
    .option(
      '--files <dir>',
      'a folder whose files jobs may name (home graphs, dialogue files, GGUF models), besides the working directory; ' +
        'repeatable',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option(
      '--lock-ms <ms>',
      'lock time of a running job: a job of a worker that died is run again by another after about this long',
      '30000',
    )
    .option(
      '--agents <list>',
      'agents of your own this worker may run, comma-separated: a module by its path (./my-agent.js) or a program, ' +
        '"exec:python3 my_agent.py" (a job names an agent by its name only; the built-in agents are always known)',
    )
    .option('--verbose', 'a line on stderr when an episode starts and ends')
    .option(
      '--cache-dir <dir>',
      "where SemGro's skill databases and shifted homes are cached on this machine (made by the first episode that " +
        "needs one, read by the others; a folder shared with other machines works too), and the household planner's " +
        `searches (memos.sqlite: keep it on a local disk); default $HEARTH_CACHE_DIR or ${DEFAULT_CACHE_DIR}`,
    );
  addAgentTimeoutOption(worker).action(async (flags: WorkerFlags) => {
    if (flags.queue === undefined) throw new InputError('worker: needs --queue redis://HOST:PORT');
    const agentSources = await loadOwnAgentsOnly(
      flags.agents,
      flags.agentTimeout,
      (line) => process.stderr.write(`hearth worker: note: ${line}\n`),
      'a worker',
    );
    // This process only talks to Redis: the programs asked their hello go (its threads start their own).
    await stopIdleAgentProcesses();
    // Worker threads inherit the environment they are started with.
    if (flags.cacheDir !== undefined) process.env.HEARTH_CACHE_DIR = flags.cacheDir;
    parseQueueUrl(flags.queue);
    const concurrency = positiveInteger('--concurrency', flags.concurrency, 256);
    const llmConcurrency =
      flags.llmConcurrency === undefined ? undefined : positiveInteger('--llm-concurrency', flags.llmConcurrency, 4096);
    const lockMs = positiveInteger('--lock-ms', flags.lockMs, 24 * 3600 * 1000);
    // The first Ctrl-C (or SIGTERM) lets the running episodes finish and hands their results back (which waits for
    // Redis if it is away); a second exits at once: the running jobs' locks then lapse and other workers take them.
    const stop = new AbortController();
    const onSignal = () => {
      if (stop.signal.aborted) {
        process.stderr.write('hearth worker: stopped; the running episodes go back to the queue\n');
        process.exit(130);
      }
      process.stderr.write('hearth worker: finishing the running episodes (Ctrl-C again to stop now)\n');
      stop.abort();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    const { runQueueWorker } = await import('../../bench/queue/worker.js');
    try {
      await runQueueWorker({
        url: flags.queue,
        concurrency,
        ...(llmConcurrency !== undefined && { llmConcurrency }),
        ...(flags.baseUrl !== undefined && { baseUrl: flags.baseUrl }),
        files: flags.files,
        lockMs,
        verbose: Boolean(flags.verbose),
        signal: stop.signal,
        agentSources,
      });
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  });

  const queue = program.command('queue').description('the Redis job queue of distributed runs (docs/distributed.md)');
  queue
    .command('status')
    .description('waiting / active / done / failed jobs per run')
    .argument('<url>', 'the Redis queue, redis://HOST:PORT[/DB]')
    .action(async (url: string) => {
      parseQueueUrl(url, 'queue status');
      const { formatQueueStatus, queueStatus } = await import('../../bench/queue/status.js');
      process.stdout.write(formatQueueStatus(await queueStatus(url), url));
    });
}
