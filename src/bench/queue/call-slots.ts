/**
 * A run's limit of model calls in flight, shared by every queue worker through Redis: `--llm-concurrency C` on the
 * coordinator means C calls in flight over the whole run, on however many machines. Each call holds a lease in a
 * sorted set per run (`hearth:llm-slots:<tag>`, member -> expiry time); taking one is a Lua script that drops expired
 * leases and adds one only while fewer than C are held, so the limit holds whatever the workers do at once. A worker
 * renews the leases it holds; one that dies stops renewing, and its leases lapse after `leaseMs`. A freed slot is
 * announced on a channel of the same name, so that waiting workers try again at once (and every 250 ms besides, in
 * case an announcement was missed). Released calls add their tokens to `hearth:llm-tokens:<tag>`, which the
 * coordinator reads with the leases for its progress line.
 */
import type { Redis } from 'ioredis';
import type { CallSlots } from '../../llm/middleware/concurrency.js';
import type { TokenUsage } from '../../llm/types.js';
import { KEEP_SECONDS } from './jobs.js';

export const SLOTS_KEY_PREFIX = 'hearth:llm-slots:';
export const TOKENS_KEY_PREFIX = 'hearth:llm-tokens:';

/** KEYS[1] the leases; ARGV: limit, lease ms, member. 1 when the member now holds a slot. */
const ACQUIRE = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ms)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], ms + tonumber(ARGV[2]), ARGV[3])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 4)
  return 1
end
return 0`;

/** KEYS[1] the leases; ARGV: lease ms, members... Pushes their expiry back (of those still held). */
const RENEW = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', ms + tonumber(ARGV[1]), ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]) * 4)
return 1`;

const RETRY_MS = 250;
export const DEFAULT_LEASE_MS = 60_000;

/** A worker's side of a run's shared slots. */
export class RedisCallSlots implements CallSlots {
  private nextMember = 0;
  private readonly held: string[] = [];
  private readonly waiters = new Set<() => void>();
  private readonly renewal: NodeJS.Timeout;
  private closed = false;

  /**
   * `redis` runs the scripts; `subscriber` is a connection of its own in subscriber mode (shared by the worker's
   * slots of every run: `notify` hands this run's announcements on). `holder` names the worker in the leases.
   */
  constructor(
    private readonly redis: Redis,
    readonly tag: string,
    readonly limit: number,
    private readonly holder: string,
    private readonly leaseMs = DEFAULT_LEASE_MS,
  ) {
    this.renewal = setInterval(() => void this.renew(), Math.max(1000, leaseMs / 3));
    this.renewal.unref();
  }

  get channel(): string {
    return SLOTS_KEY_PREFIX + this.tag;
  }

  async acquire(): Promise<void> {
    const member = `${this.holder}:${this.nextMember++}`;
    for (;;) {
      if (this.closed) throw new Error('the run call slots are closed');
      const taken = await this.redis.eval(ACQUIRE, 1, this.channel, this.limit, this.leaseMs, member);
      if (taken === 1) {
        this.held.push(member);
        return;
      }
      // Wait for an announcement, or try again in a while.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wake, RETRY_MS);
        function wake() {
          clearTimeout(timer);
          resolve();
        }
        this.waiters.add(wake);
        timer.unref?.();
      });
    }
  }

  release(usage?: TokenUsage): void {
    const member = this.held.shift();
    if (member === undefined) throw new Error('a call slot was released that was never taken');
    const tokens = (usage?.promptTokens ?? 0) + (usage?.completionTokens ?? 0);
    const pipeline = this.redis.multi().zrem(this.channel, member);
    if (tokens > 0)
      pipeline.incrby(TOKENS_KEY_PREFIX + this.tag, tokens).expire(TOKENS_KEY_PREFIX + this.tag, KEEP_SECONDS);
    pipeline.publish(this.channel, 'free');
    void pipeline.exec().catch(() => undefined); // a lost connection: the lease lapses instead
  }

  /** A slot of this run was freed somewhere: the waiters try again. */
  notify(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  close(): void {
    this.closed = true;
    clearInterval(this.renewal);
    this.notify();
  }

  private async renew(): Promise<void> {
    if (this.held.length === 0) return;
    await this.redis.eval(RENEW, 1, this.channel, this.leaseMs, ...this.held).catch(() => undefined);
  }
}

/** The coordinator's view of a run's shared slots: calls in flight and tokens so far. */
export async function sharedSlotsNow(redis: Redis, tag: string): Promise<{ inFlight: number; tokens: number }> {
  // Leases of a dead worker count until the next acquire drops them (at most a lease time): no clock is compared here.
  const [inFlight, tokens] = await Promise.all([
    redis.zcard(SLOTS_KEY_PREFIX + tag),
    redis.get(TOKENS_KEY_PREFIX + tag),
  ]);
  return { inFlight, tokens: Number(tokens ?? 0) };
}
