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
import type { TokenUsage, Transfer } from '../llm/types.js';

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
  /** Bytes of the calls' request bodies sent and response bodies received (`Transfer`; 0 where not counted). */
  readonly sentBytes: number;
  readonly receivedBytes: number;
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
  private sentBytes = 0;
  private receivedBytes = 0;
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

  release(usage?: TokenUsage, transfer?: Transfer): void {
    this.advance();
    this.inFlight--;
    this.calls++;
    this.lastRelease = this.lastChange;
    this.promptTokens += usage?.promptTokens ?? 0;
    this.completionTokens += usage?.completionTokens ?? 0;
    this.sentBytes += transfer?.sentBytes ?? 0;
    this.receivedBytes += transfer?.receivedBytes ?? 0;
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
      sentBytes: this.sentBytes,
      receivedBytes: this.receivedBytes,
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
 * The run's calls as a queued run's coordinator sees them: the load the workers count in Redis
 * (`queue/call-slots.ts`), read now and then and once at the end, as the same stats.
 */
export class SampledCallStats {
  private inFlight = 0;
  private maxInFlight = 0;
  private tokens = 0;
  private calls = 0;
  private callMs = 0;
  private busyMs = 0;

  constructor(readonly limit: number) {}

  update(load: SharedLoad): void {
    this.inFlight = load.inFlight;
    this.maxInFlight = Math.max(this.maxInFlight, load.maxInFlight, load.inFlight);
    this.tokens = load.tokens;
    this.calls = load.calls;
    this.callMs = load.callMs;
    this.busyMs = load.busyMs;
  }

  stats(): CallSlotStats {
    return {
      limit: this.limit,
      inFlight: this.inFlight,
      waiting: 0,
      maxInFlight: this.maxInFlight,
      calls: this.calls,
      // The workers count tokens all together.
      promptTokens: this.tokens,
      completionTokens: 0,
      // The workers do not count bytes in Redis: each episode's timing has its own (`llmSentBytes`, `llmReceivedBytes`).
      sentBytes: 0,
      receivedBytes: 0,
      meanInFlight: this.busyMs > 0 ? this.callMs / this.busyMs : 0,
      busyMs: this.busyMs,
    };
  }
}

/** What a queued run's coordinator reads of its load, which the workers count in Redis (`queue/call-slots.ts`). */
export interface SharedLoad {
  readonly inFlight: number;
  readonly tokens: number;
  /** The most calls held at once, as the acquiring script counted them. */
  readonly maxInFlight: number;
  /** Calls finished, and their milliseconds summed (the integral of calls in flight over time). */
  readonly calls: number;
  readonly callMs: number;
  /** Milliseconds from the first slot taken to the last one freed (Redis's clock; 0 before a call ends). */
  readonly busyMs: number;
}

/**
 * A worker thread's side of the run's slots: each `acquire` asks the owning thread by message and resolves when it
 * grants one; `release` gives it back with the call's tokens. `post` sends to the owner; the worker entry hands the
 * owner's grants to `granted`. Slots come in groups (a queue worker serves several runs, each with its own limit):
 * `group(name)` gives the slots of one; the owner decides what each group's limit is.
 */
export class ThreadCallSlots {
  private nextId = 0;
  private readonly pending = new Map<number, () => void>();
  private readonly groups = new Map<string, CallSlots>();

  constructor(private readonly post: (message: SlotRequest) => void) {}

  /** The slots of a group (undefined: the run's own). */
  group(name: string | undefined): CallSlots {
    const key = name ?? '';
    let slots = this.groups.get(key);
    if (!slots) {
      slots = this.makeGroup(name);
      this.groups.set(key, slots);
    }
    return slots;
  }

  granted(id: number): void {
    const grant = this.pending.get(id);
    this.pending.delete(id);
    grant?.();
  }

  private makeGroup(group: string | undefined): CallSlots {
    let held = 0;
    const named = group === undefined ? {} : { group };
    return {
      acquire: () => {
        const id = this.nextId++;
        return new Promise((resolve) => {
          this.pending.set(id, () => {
            held++;
            resolve();
          });
          this.post({ type: 'slot-acquire', id, ...named });
        });
      },
      release: (usage, transfer) => {
        if (held === 0) throw new Error('a call slot was released that was never taken');
        held--;
        this.post({ type: 'slot-release', ...named, ...(usage && { usage }), ...(transfer && { transfer }) });
      },
    };
  }
}

/** What a worker thread asks of the run's slots (`group`: whose limit, when the owner keeps several). */
export type SlotRequest =
  | { type: 'slot-acquire'; id: number; group?: string }
  | { type: 'slot-release'; group?: string; usage?: TokenUsage; transfer?: Transfer };

/** Where a pool's threads take their slots: one limit, or one per group. */
export type SlotSource = CallSlots | ((group: string | undefined) => CallSlots);

/** The slots of a group from a source. */
export function slotsOf(source: SlotSource, group: string | undefined): CallSlots {
  return typeof source === 'function' ? source(group) : source;
}

/** Slots that take one of each of several limits (a worker's own and its run's), in order, and free them all. */
export function allOf(...limits: CallSlots[]): CallSlots {
  return {
    async acquire() {
      for (let i = 0; i < limits.length; i++) {
        try {
          await limits[i].acquire();
        } catch (error) {
          for (let j = i - 1; j >= 0; j--) limits[j].release();
          throw error;
        }
      }
    },
    release(usage, transfer) {
      for (let i = limits.length - 1; i >= 0; i--) limits[i].release(usage, transfer);
    },
  };
}
