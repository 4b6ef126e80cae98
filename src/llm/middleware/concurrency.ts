/**
 * At most N primitive calls in flight at once. The slots are an interface so that one limit can span more than one
 * model: a `Semaphore` limits the calls of one process; a benchmark run hands every worker thread's models slots of
 * one run-wide limit (`src/bench/call-slots.ts`), and queue workers slots of a limit shared through Redis. The slots
 * are also told the tokens of each call they served, so that their owner can show the server's throughput.
 */
import type { LlmBackend, TokenUsage, Transfer } from '../types.js';
import { wrapBackend } from './wrap.js';

/** A source of call slots: `acquire` resolves once a slot is the caller's, `release` hands it back. */
export interface CallSlots {
  acquire(): Promise<void>;
  /**
   * Frees a slot taken by `acquire`; `usage` is the tokens of the call it served and `transfer` the bytes it moved
   * (both absent when the call failed).
   */
  release(usage?: TokenUsage, transfer?: Transfer): void;
}

export function withConcurrencyLimit(backend: LlmBackend, limit: number): LlmBackend {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency limit must be >= 1, got ${limit}`);
  return withCallSlots(backend, new Semaphore(limit));
}

/** Every primitive call (probes included) holds one of `slots` while the backend answers it. */
export function withCallSlots(backend: LlmBackend, slots: CallSlots): LlmBackend {
  return wrapBackend(backend, async (call, next) => {
    await slots.acquire();
    let served: { usage?: TokenUsage; transfer?: Transfer } = {};
    try {
      const response = await next(call.request);
      served = response as typeof served;
      return response;
    } finally {
      slots.release(served.usage, served.transfer);
    }
  });
}

/** A counting semaphore; waiters are served in arrival order. */
export class Semaphore implements CallSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot to the first waiter, or frees it. */
  release(): void {
    const nextWaiter = this.waiting.shift();
    if (nextWaiter) nextWaiter();
    else this.active--;
  }

  /** Slots taken now. */
  get inUse(): number {
    return this.active;
  }

  /** Callers waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }
}
