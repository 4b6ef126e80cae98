/** At most `limit` primitive calls in flight at once; the rest wait in arrival order. */
import type { LlmBackend } from '../types.js';
import { wrapBackend } from './wrap.js';

export function withConcurrencyLimit(backend: LlmBackend, limit: number): LlmBackend {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency limit must be >= 1, got ${limit}`);
  const semaphore = new Semaphore(limit);
  return wrapBackend(backend, async (call, next) => {
    await semaphore.acquire();
    try {
      return await next(call.request);
    } finally {
      semaphore.release();
    }
  });
}

export class Semaphore {
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
}
