/**
 * A run's limit of model calls in flight, shared by every queue worker through Redis: `--llm-concurrency C` on the
 * coordinator means C calls in flight over the whole run, on however many machines. Each call holds a lease in a
 * sorted set per run (`hearth:llm-slots:<tag>`, member -> expiry time); taking one is a Lua script that drops expired
 * leases and adds one only while fewer than C are held, so the limit holds whatever the workers do at once. A worker
 * renews the leases it holds; one that dies stops renewing, and its leases lapse after `leaseMs`. A freed slot is
 * announced on a channel of the same name, so that waiting workers try again at once (and every 250 ms besides, in
 * case an announcement was missed). Released calls add their tokens to `hearth:llm-tokens:<tag>`, and the run's load
 * to `hearth:llm-load:<tag>` (the most calls held at once, counted by the acquiring script; calls finished; their
 * milliseconds summed; Redis's time of the first slot taken and of the last one freed), which the coordinator reads
 * with the leases for its progress line and its closing summary. The load is counted where it happens, not sampled:
 * a run shorter than the coordinator's sampling period still reports its calls in flight exactly.
 */
import { performance } from 'node:perf_hooks';
import type { Redis } from 'ioredis';
import type { CallSlots } from '../../llm/middleware/concurrency.js';
import type { TokenUsage } from '../../llm/types.js';
import type { SharedLoad } from '../call-slots.js';
import { KEEP_SECONDS } from './jobs.js';

export const SLOTS_KEY_PREFIX = 'hearth:llm-slots:';
export const TOKENS_KEY_PREFIX = 'hearth:llm-tokens:';
export const LOAD_KEY_PREFIX = 'hearth:llm-load:';

/**
 * KEYS[1] the leases, KEYS[2] the load; ARGV: limit, lease ms, member, seconds to keep the load. 1 when the member
 * now holds a slot.
 */
const ACQUIRE = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ms)
local held = redis.call('ZCARD', KEYS[1])
if held < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], ms + tonumber(ARGV[2]), ARGV[3])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 4)
  if held + 1 > tonumber(redis.call('HGET', KEYS[2], 'max') or '0') then redis.call('HSET', KEYS[2], 'max', held + 1) end
  redis.call('HSETNX', KEYS[2], 'first', ms)
  redis.call('EXPIRE', KEYS[2], tonumber(ARGV[4]))
  return 1
end
return 0`;

/**
 * KEYS[1] the leases, KEYS[2] the load, KEYS[3] the tokens; ARGV: member, the call's milliseconds, its tokens,
 * seconds to keep the counts. Frees the slot, counts the call and announces the free slot.
 */
const RELEASE = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HINCRBY', KEYS[2], 'calls', 1)
redis.call('HINCRBYFLOAT', KEYS[2], 'callMs', ARGV[2])
redis.call('HSET', KEYS[2], 'last', ms)
redis.call('EXPIRE', KEYS[2], tonumber(ARGV[4]))
if tonumber(ARGV[3]) > 0 then
  redis.call('INCRBY', KEYS[3], ARGV[3])
  redis.call('EXPIRE', KEYS[3], tonumber(ARGV[4]))
end
redis.call('PUBLISH', KEYS[1], 'free')
return 1`;

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
  /** Members held, oldest first, with when each was taken (this worker's clock: only differences are summed). */
  private readonly held: { member: string; at: number }[] = [];
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
      const taken = await this.redis.eval(
        ACQUIRE,
        2,
        this.channel,
        LOAD_KEY_PREFIX + this.tag,
        this.limit,
        this.leaseMs,
        member,
        KEEP_SECONDS,
      );
      if (taken === 1) {
        this.held.push({ member, at: performance.now() });
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
    // Calls are not told apart: the oldest lease is freed. The summed milliseconds are exact all the same (every
    // release is paired with one acquire, so the sum is the releases' times less the acquires').
    const held = this.held.shift();
    if (held === undefined) throw new Error('a call slot was released that was never taken');
    const tokens = (usage?.promptTokens ?? 0) + (usage?.completionTokens ?? 0);
    const callMs = (performance.now() - held.at).toFixed(3);
    const keys = [this.channel, LOAD_KEY_PREFIX + this.tag, TOKENS_KEY_PREFIX + this.tag];
    // A lost connection: the lease lapses instead.
    void this.redis.eval(RELEASE, 3, ...keys, held.member, callMs, tokens, KEEP_SECONDS).catch(() => undefined);
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
    const members = this.held.map((held) => held.member);
    await this.redis.eval(RENEW, 1, this.channel, this.leaseMs, ...members).catch(() => undefined);
  }
}

/** The coordinator's view of a run's shared slots: calls in flight now, tokens and the load so far. */
export async function sharedSlotsNow(redis: Redis, tag: string): Promise<SharedLoad> {
  // Leases of a dead worker count until the next acquire drops them (at most a lease time): no clock is compared here.
  const [inFlight, tokens, load] = await Promise.all([
    redis.zcard(SLOTS_KEY_PREFIX + tag),
    redis.get(TOKENS_KEY_PREFIX + tag),
    redis.hgetall(LOAD_KEY_PREFIX + tag),
  ]);
  const first = Number(load.first ?? Number.NaN);
  const last = Number(load.last ?? Number.NaN);
  return {
    inFlight,
    tokens: Number(tokens ?? 0),
    maxInFlight: Number(load.max ?? 0),
    calls: Number(load.calls ?? 0),
    callMs: Number(load.callMs ?? 0),
    busyMs: Number.isFinite(first) && Number.isFinite(last) ? Math.max(0, last - first) : 0,
  };
}
