/**
 * Issue 44's findings about the queue, replayed as someone who can write to Redis would: jobs that name the model
 * server a worker's key goes to, paths out of the worker's folders (a recording's tag, a cache file, a learning
 * memory, a dialogue file, a home, a link planted inside), numbers without bounds; and a worker's result that is not
 * one. Each test fails on the code before the issue (checked on a worktree of it). The workers run in this process
 * from the sources, on a real redis-server on loopback; every job here is refused before any episode thread starts,
 * so the file costs what Redis and the checks cost.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Writable } from 'node:stream';
import { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQueueUrl, redisOptions } from '../../src/bench/queue/address.js';
import { QUEUE_NAME } from '../../src/bench/queue/jobs.js';
import { runQueueWorker } from '../../src/bench/queue/worker.js';
import { runGrid } from '../../src/bench/runner.js';
import { ResultsStore } from '../../src/bench/store.js';
import { backendInfoOf } from '../../src/llm/config.js';
import { backendId, LlmCallStore } from '../../src/llm/middleware/cache.js';
import { saveGraph } from '../../src/sim/graph-io.js';
import { loadHome } from '../../src/sim/scenes/homes.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { REDIS_AVAILABLE, type RedisServer, startRedisServer } from '../helpers/redis-server.js';
import { scratchDir } from '../helpers/scratch.js';
import { continualSpec } from '../helpers/specs.js';

const describeRedis = REDIS_AVAILABLE ? describe : describe.skip;

const RUN = '0123456789abcdef';
const continual = (fields: Record<string, unknown> = {}) =>
  continualSpec({ seed: 1, ...fields, key: `k-${randomUUID()}` });
const episodic = (fields: Record<string, unknown> = {}) => ({
  key: `k-${randomUUID()}`,
  seed: 0,
  agent: 'oracle',
  home: 'cottage',
  task: 'llm-state/open-fridge',
  family: 'llm-state-simple',
  ...fields,
});
const job = (protocol: string, spec: unknown, extra: Record<string, unknown> = {}) => ({
  run: RUN,
  protocol,
  spec,
  trace: false,
  ...extra,
});

/** A worker of this process on its own Redis database, and a way to hand it a job and read how it ended. */
async function startWorker(url: string, options: { baseUrl?: string; files?: string[] } = {}) {
  let said = '';
  const stderr = new Writable({
    write(chunk, _encoding, done) {
      said += chunk;
      done();
    },
  });
  const stop = new AbortController();
  const running = runQueueWorker({ url, concurrency: 1, stderr, signal: stop.signal, lockMs: 5000, ...options });
  const queue = new Queue(QUEUE_NAME, { connection: redisOptions(parseQueueUrl(url)) });
  const deadline = Date.now() + 20_000;
  while (!said.includes('taking jobs')) {
    if (Date.now() > deadline) throw new Error(`the worker did not start: ${said}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    /** Adds the job and waits (at most `ms`) until it has finished or failed. */
    async hand(data: unknown, ms = 45_000): Promise<{ state: string; reason: string }> {
      const id = randomUUID();
      await queue.add('episode', data as never, { jobId: id, attempts: 1 });
      const until = Date.now() + ms;
      for (;;) {
        const state = await queue.getJobState(id);
        if (state === 'completed' || state === 'failed' || Date.now() > until) {
          const found = await queue.getJob(id);
          return { state, reason: found?.failedReason ?? '' };
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      stop.abort();
      await running;
      await queue.close();
    },
  };
}

describeRedis('a queue worker handed hostile jobs (issue 44)', () => {
  let redis: RedisServer;
  let evil: FakeOpenAiServer;
  const saved = { ...process.env };

  beforeAll(async () => {
    // The agent registry a worker looks names up in, loaded here rather than by the first job (seconds under load).
    await import('../../src/agents/registry.js');
    redis = await startRedisServer();
    evil = await startFakeOpenAiServer();
    // This machine's key; no model server named on it.
    process.env.HEARTH_LLM_API_KEY = 'sk-worker-secret';
    delete process.env.HEARTH_LLM_BASE_URL;
    delete process.env.HEARTH_LLM_CONFIG;
  }, 60_000);

  afterAll(async () => {
    for (const name of ['HEARTH_LLM_API_KEY', 'HEARTH_LLM_BASE_URL', 'HEARTH_LLM_CONFIG']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    await evil?.close();
    await redis?.close();
  });

  it("never sends the worker's key to a model server a job names: the job is refused with a line saying why", async () => {
    const worker = await startWorker(`${redis.url}/1`);
    try {
      const spec = continual({ agent: 'llm-planner', llm: { provider: 'openai', model: 'm', baseUrl: evil.url } });
      const { state, reason } = await worker.hand(job('continual', spec));
      expect(state).toBe('failed');
      expect(reason).toMatch(/is named by the spec, not by this machine.*--base-url URL/);
      expect(evil.requests).toHaveLength(0);
    } finally {
      await worker.close();
    }
  });

  it('refuses paths out of its folders and creates nothing there', async () => {
    const outside = scratchDir('job-outside');
    const inside = scratchDir('job-inside');
    const home = join(outside, 'home.json');
    saveGraph(loadHome('cottage').graph, home);
    writeFileSync(
      join(outside, 'dialogues.jsonl'),
      `${JSON.stringify({ id: 'c', dialogue: '<Commander> open the fridge', goal: ['fridge isOpen'] })}\n`,
    );
    symlinkSync(home, join(inside, 'link.json'));
    mkdirSync(join(inside, 'homes'));
    const before = readdirSync(outside).sort();
    // The worker names the model server itself, so that these jobs are refused for their paths alone.
    const worker = await startWorker(`${redis.url}/2`, { baseUrl: evil.url, files: [inside] });
    try {
      const llm = { provider: 'openai', model: 'm' };
      const refusals: Array<[unknown, RegExp]> = [
        // A recording's tag is a name the coordinator made, never a path.
        [
          job('continual', continual({ agent: 'llm-planner', llm: { ...llm, replay: 'r.sqlite' } }), {
            recording: { tag: `../${basename(outside)}/tag-made`, mode: 'replay' },
          }),
          /field "recording.tag"/,
        ],
        // A cache file reaches a worker only as the queue's copy.
        [
          job('continual', continual({ agent: 'llm-planner', llm: { ...llm, cache: join(outside, 'cache.sqlite') } })),
          /names a model recording .* the job carries none/,
        ],
        [
          job('episodic', episodic({ agent: 'helper', learning: { file: join(outside, 'memory.sqlite'), pass: 1 } })),
          /a learning episode .* runs only in the run that made it/,
        ],
        [
          job(
            'episodic',
            episodic({ task: 'dialogues/c', family: 'dialogues', dialogues: join(outside, 'dialogues.jsonl') }),
          ),
          /dialogues ".*": an absolute path outside the folders/,
        ],
        [job('continual', continual({ home })), /home ".*": an absolute path outside the folders/],
        [
          job('continual', continual({ home: `../../../../../../../..${home}` })),
          /home ".*": leads outside the folders/,
        ],
        [
          job('continual', continual({ home: join(inside, 'link.json') })),
          /home ".*": a symbolic link leading outside the folders/,
        ],
      ];
      for (const [data, reason] of refusals) {
        const ended = await worker.hand(data);
        expect(ended.state, JSON.stringify(data)).toBe('failed');
        expect(ended.reason).toMatch(reason);
        expect(ended.reason).not.toMatch(/\n\s+at /);
      }
      expect(readdirSync(outside).sort()).toEqual(before);
      expect(readdirSync(inside).sort()).toEqual(['homes', 'link.json']);
      expect(evil.requests).toHaveLength(0);
    } finally {
      await worker.close();
    }
  });

  it('refuses numbers out of bounds, unknown fields and agents it does not know, at once', async () => {
    const worker = await startWorker(`${redis.url}/3`, { baseUrl: evil.url });
    try {
      const refusals: Array<[unknown, RegExp]> = [
        [job('continual', continual({ steps: 1e12 })), /field "steps": Too big/],
        [job('episodic', episodic({ maxSteps: 1e9 })), /field "maxSteps": Too big/],
        [
          job(
            'continual',
            continual({ agent: 'llm-planner', llm: { provider: 'openai', model: 'm', concurrency: 1e9 } }),
          ),
          /field "llm.concurrency": Too big/,
        ],
        [job('continual', continual({ extra: 1 })), /unknown field "extra"/],
        [job('continual', continual({ agent: 'my-agent' })), /unknown agent "my-agent"/],
        [{ ...job('continual', continual()), run: '../x' }, /field "run": not a run tag/],
        [job('nope', continual()), /unknown protocol "nope"/],
      ];
      for (const [data, reason] of refusals) {
        const ended = await worker.hand(data);
        expect(ended.state, JSON.stringify(data)).toBe('failed');
        expect(ended.reason).toMatch(reason);
      }
    } finally {
      await worker.close();
    }
  });

  it("checks a worker's result before it writes the store or the call cache", async () => {
    const url = `${redis.url}/4`;
    const dir = scratchDir('coordinator');
    const cache = join(dir, 'cache.sqlite');
    const hostile = [
      // A metric that is not a number, and a made-up model call.
      {
        outcome: { status: 'ok', key: 'x', result: { metrics: { sr: 'high' } }, wallMs: 1 },
        worker: 'w',
        llmCalls: [{ key: '0'.repeat(64), backend: '{}', kind: 'chat', request: '{}', response: '{}' }],
      },
      // A well-formed result whose model call is keyed by another request than its own.
      {
        outcome: { status: 'ok', key: 'x', result: { metrics: { sr: 1 } }, wallMs: 1 },
        worker: 'w',
        llmCalls: [
          {
            key: 'a'.repeat(64),
            backend: backendId(backendInfoOf({ provider: 'openai', model: 'm' })),
            kind: 'chat',
            request: '{"messages":[]}',
            response: '{"choices":[]}',
          },
        ],
      },
    ];
    const fake = new Worker(QUEUE_NAME, async (taken) => hostile[Number(taken.data.spec.seed)], {
      connection: redisOptions(parseQueueUrl(url)),
    });
    try {
      const specs = [0, 1].map((seed) =>
        continual({
          key: `seed=${seed}`,
          seed,
          agent: 'llm-planner',
          llm: { provider: 'openai', model: 'm', baseUrl: 'http://127.0.0.1:9/v1', cache },
        }),
      );
      const store = join(dir, 'results.sqlite');
      await runGrid({ protocol: 'continual', config: {}, specs, store, queue: url, quiet: true, handleSigint: false });
      const results = ResultsStore.open(store, { readonly: true });
      const episodes = results.episodes(1);
      results.close();
      expect(episodes.map((e) => e.status)).toEqual(['failed', 'failed']);
      expect(episodes[0].error).toMatch(/^the worker's result was refused: field "outcome.result.metrics.sr"/);
      expect(episodes[1].error).toMatch(/^the worker's result was refused: .*its key is not the digest of its request/);
      const recorded = LlmCallStore.openForReplay(cache);
      expect(recorded.size()).toBe(0);
      recorded.close();
    } finally {
      await fake.close();
    }
  });
});
