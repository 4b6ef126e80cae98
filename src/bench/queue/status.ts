/**
 * `hearth queue status URL`: the jobs in the queue per run (waiting, active, done, failed), read from the job ids
 * (which start with the run's tag) without loading the jobs, and the runs' coordinators as they registered.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { parseQueueUrl, redisOptions } from './address.js';
import { assertReachable } from './coordinator.js';
import { QUEUE_NAME, type QueuedRunInfo, queuedRunInfoSchema, RUNS_KEY, runOfJob } from './jobs.js';

export interface QueuedRunStatus {
  tag: string;
  info?: QueuedRunInfo;
  waiting: number;
  active: number;
  done: number;
  failed: number;
}

const STATES = {
  waiting: ['waiting', 'prioritized', 'paused', 'delayed'],
  active: ['active'],
  done: ['completed'],
  failed: ['failed'],
} as const;

export async function queueStatus(url: string): Promise<QueuedRunStatus[]> {
  await assertReachable(url, 'queue status');
  const connection = redisOptions(parseQueueUrl(url, 'queue status'));
  const queue = new Queue(QUEUE_NAME, { connection });
  const redis = new Redis(connection);
  try {
    const runs = new Map<string, QueuedRunStatus>();
    const row = (tag: string) => {
      let status = runs.get(tag);
      if (!status) {
        status = { tag, waiting: 0, active: 0, done: 0, failed: 0 };
        runs.set(tag, status);
      }
      return status;
    };
    for (const [tag, text] of Object.entries(await redis.hgetall(RUNS_KEY))) {
      // A registration that is not one (anyone who can write to Redis can write one) shows as unknown.
      const info = queuedRunInfoSchema.safeParse(parseOrUndefined(text));
      if (info.success) row(tag).info = info.data;
    }
    for (const [column, states] of Object.entries(STATES) as [keyof typeof STATES, readonly string[]][]) {
      const ids = await queue.getRanges(states as never, 0, -1);
      for (const id of new Set(ids)) row(runOfJob(id))[column]++;
    }
    // Runs whose jobs have all expired are left out.
    return [...runs.values()].filter((run) => run.waiting + run.active + run.done + run.failed > 0);
  } finally {
    await queue.close();
    redis.disconnect();
  }
}

/** What Redis holds, fit for a terminal: no control characters (an escape sequence), at most 200 characters. */
function printable(text: string): string {
  const cut = text.length > 200 ? `${text.slice(0, 197)}...` : text;
  return [...cut].map((c) => (c < ' ' || c === '\u007f' ? '?' : c)).join('');
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function formatQueueStatus(runs: readonly QueuedRunStatus[], url: string): string {
  if (runs.length === 0) return `no hearth jobs in the queue at ${parseQueueUrl(url).display}\n`;
  const header = ['run', 'protocol', 'episodes', 'waiting', 'active', 'done', 'failed', 'started', 'store (run id)'];
  const rows = runs.map((run) =>
    [
      run.tag,
      run.info?.protocol ?? '?',
      String(run.info?.episodes ?? '?'),
      String(run.waiting),
      String(run.active),
      String(run.done),
      String(run.failed),
      run.info ? `${run.info.started.slice(0, 19).replace('T', ' ')} on ${run.info.host}` : '?',
      run.info ? `${run.info.store} (${run.info.runId})` : '?',
    ].map(printable),
  );
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((cells) => cells[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i >= 2 && i <= 6 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
}
