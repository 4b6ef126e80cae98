/**
 * A queued run's shared limit of model calls, on a real redis-server: two workers' slots over one run hold the limit
 * between them, and the load they count in Redis (the most held at once, calls, their summed time, the busy span) is
 * what the coordinator reads for its summary, however short the run.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisCallSlots, sharedSlotsNow } from '../../src/bench/queue/call-slots.js';
import { REDIS_AVAILABLE, type RedisServer, startRedisServer } from '../helpers/redis-server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!REDIS_AVAILABLE)('a run’s model call slots shared through Redis', () => {
  let server: RedisServer;
  let redis: Redis;
  beforeAll(async () => {
    server = await startRedisServer();
    redis = new Redis(server.url);
  });
  afterAll(async () => {
    redis?.disconnect();
    await server?.close();
  });

  it('holds the limit over two workers and counts the load where it happens', async () => {
    const a = new RedisCallSlots(redis, 'run-a', 2, 'worker-a');
    const b = new RedisCallSlots(redis, 'run-a', 2, 'worker-b');
    try {
      await a.acquire();
      await b.acquire();
      let third = false;
      const waiting = b.acquire().then(() => {
        third = true;
      });
      await sleep(50);
      expect(third).toBe(false);
      expect((await sharedSlotsNow(redis, 'run-a')).inFlight).toBe(2);
      a.release({ promptTokens: 10, completionTokens: 5 });
      b.notify();
      await waiting;
      expect(third).toBe(true);
      await sleep(20);
      b.release({ promptTokens: 1, completionTokens: 0 });
      b.release();
      await sleep(50);
      const load = await sharedSlotsNow(redis, 'run-a');
      expect(load).toMatchObject({ inFlight: 0, tokens: 16, maxInFlight: 2, calls: 3 });
      // Two calls at once at first, then one or two: the mean in flight over the busy span lies between 1 and 2.
      expect(load.callMs).toBeGreaterThan(0);
      expect(load.busyMs).toBeGreaterThan(0);
      expect(load.callMs / load.busyMs).toBeGreaterThan(1);
      expect(load.callMs / load.busyMs).toBeLessThanOrEqual(2.05);
      // Another run's counts are its own.
      expect(await sharedSlotsNow(redis, 'run-b')).toMatchObject({ maxInFlight: 0, calls: 0, busyMs: 0 });
    } finally {
      a.close();
      b.close();
    }
  });
});
