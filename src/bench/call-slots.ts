/**
 * One limit of model calls in flight for a whole run. Episodes that call a model server spend most of their time
 * waiting on it, so a run keeps the server busy by running many episodes at once (several per worker thread) and
 * letting each call take one of the run's slots: `--llm-concurrency C` is then the number of calls in flight over
 * the whole run, however many threads and episodes share it.
 *
 * `RunCallSlots` lives on the thread that owns the run (the runner's main thread, or a queue worker's): its worker
 * threads ask it for slots by message (`ThreadCallSlots`, the worker's side; `EpisodeThreadPool` carries the
 * messages). It counts what passes through it (calls in flight over time, tokens) for the progress line and the
 * benchmarks. Slots never influence an episode's result: a call waits for one, then goes out unchanged.
 */
import { performance } from 'node:perf_hooks';
import { type CallSlots, Semaphore } from '../llm/middleware/concurrency.js';
import type { TokenUsage } from '../llm/types.js';

/**
 * Episodes a thread runs at once so that `concurrency` calls stay in flight over `threads` threads: each thread's
 * share of the slots, plus one episode that works (plans, builds its next prompt) while the others wait.
 */
export function episodesPerWorker(concurrency: number, threads: number): number {
  return Math.ceil(concurrency / Math.max(1, threads)) + 1;
}

/** What the slots have seen, for progress and benchmarks. */
export interface CallSlotStats {
  readonly limit: number;
  /** Calls holding a slot now. */
  readonly inFlight: number;
  /** Calls waiting for one. */
  readonly waiting: number;
  readonly maxInFlight: number;
  /** Calls finished (answered or failed). */
  readonly calls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Mean calls in flight from the first slot taken to the last one freed (0 before any call). */
  readonly meanInFlight: number;
  /** Milliseconds from the first slot taken to the last one freed (or to now while calls are in flight). */
  readonly busyMs: number;
}

/** The run's slots: a FIFO semaphore that also measures what goes through it. */
export class RunCallSlots implements CallSlots {
  private readonly semaphore: Semaphore;
  private inFlight = 0;
  private maxInFlight = 0;
  private calls = 0;
  private promptTokens = 0;
  private completionTokens = 0;
  /** Integral of calls in flight over time (call-milliseconds), up to `lastChange`. */
  private area = 0;
  private firstAcquire: number | undefined;
  private lastChange = 0;
  private lastRelease = 0;

  constructor(
    readonly limit: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`call slots need a limit >= 1, got ${limit}`);
    this.semaphore = new Semaphore(limit);
  }

  async acquire(): Promise<void> {
    await this.semaphore.acquire();
    this.advance();
    this.firstAcquire ??= this.lastChange;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
  }

  release(usage?: TokenUsage): void {
    this.advance();
    this.inFlight--;
    this.calls++;
    this.lastRelease = this.lastChange;
    this.promptTokens += usage?.promptTokens ?? 0;
    this.completionTokens += usage?.completionTokens ?? 0;
    this.semaphore.release();
  }

  stats(): CallSlotStats {
    const end = this.inFlight > 0 ? this.now() : this.lastRelease;
    const area = this.area + (this.inFlight > 0 ? this.inFlight * (end - this.lastChange) : 0);
    const busyMs = this.firstAcquire === undefined ? 0 : end - this.firstAcquire;
    return {
      limit: this.limit,
      inFlight: this.inFlight,
      waiting: this.semaphore.queued,
      maxInFlight: this.maxInFlight,
      calls: this.calls,
      promptTokens: this.promptTokens,
      completionTokens: this.completionTokens,
      meanInFlight: busyMs > 0 ? area / busyMs : 0,
      busyMs,
    };
  }

  private advance(): void {
    const now = this.now();
    this.area += this.inFlight * (now - this.lastChange);
    this.lastChange = now;
  }
}

/**
 * A worker thread's side of the run's slots: each `acquire` asks the owning thread by message and resolves when it
 * grants one; `release` gives it back with the call's tokens. `post` sends to the owner; the worker entry hands the
 * owner's grants to `granted`.
 */
export class ThreadCallSlots implements CallSlots {
  private nextId = 0;
  private readonly pending = new Map<number, () => void>();
  /** Slots held now (which one a call frees does not matter, only how many). */
  private held = 0;

  constructor(private readonly post: (message: SlotRequest) => void) {}

  acquire(): Promise<void> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, () => {
        this.held++;
        resolve();
      });
      this.post({ type: 'slot-acquire', id });
    });
  }

  release(usage?: TokenUsage): void {
    if (this.held === 0) throw new Error('a call slot was released that was never taken');
    this.held--;
    this.post({ type: 'slot-release', ...(usage && { usage }) });
  }

  granted(id: number): void {
    const grant = this.pending.get(id);
    this.pending.delete(id);
    grant?.();
  }
}

/** What a worker thread asks of the run's slots. */
export type SlotRequest = { type: 'slot-acquire'; id: number } | { type: 'slot-release'; usage?: TokenUsage };
