/**
 * Live updates: a run started in another terminal writes to the store; the server notices through SQLite's
 * `data_version` (polled twice a second, only while some page listens) and tells every open page, which fetches
 * again what it shows. Polling a counter is the one way a reader learns of another process's commits in SQLite.
 */
export const POLL_MS = 500;

export class StoreWatcher {
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;
  private last: number | undefined;

  constructor(private readonly counter: () => number) {}

  /** Calls `listener` after each change; returns the function that stops it. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    if (!this.timer) {
      this.last = this.counter();
      this.timer = setInterval(() => this.poll(), POLL_MS);
      this.timer.unref();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private poll(): void {
    const now = this.counter();
    if (now === this.last) return;
    this.last = now;
    for (const listener of this.listeners) listener();
  }
}
