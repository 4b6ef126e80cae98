/**
 * A sweep of an LLM agent against a stand-in model server (loopback HTTP, a fixed delay per call, at most C served at
 * once): `modelServer.concurrency` is the whole run's limit of calls in flight, worker threads run several episodes
 * at once to fill it, and the results are those of a run with one call in flight. No timing is asserted: the shape
 * (never more than the limit; more calls in flight than threads, so more than one episode per thread waited) and the
 * results.
 */

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandGrid, parseGridOptions } from '../../src/bench/grid.js';
import { episodeLlm } from '../../src/bench/llm.js';
import { reportToJson } from '../../src/bench/report.js';
import { runGrid } from '../../src/bench/runner.js';
import type { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { scratchDir } from '../helpers/scratch.js';
import { startStandInModelServer } from '../helpers/stand-in-model.js';

const dir = scratchDir('llm-sweep');
const LIMIT = 4;

describe('a sweep of an LLM agent against a model server', () => {
  let server: FakeOpenAiServer;
  beforeAll(async () => {
    server = await startStandInModelServer({ latencyMs: 25, maxConcurrent: LIMIT });
  });
  afterAll(async () => {
    await server?.close();
  });

  const sweep = async (concurrency: number, workers: number, name: string) => {
    const grid = parseGridOptions(
      {
        agents: 'saycan',
        homes: 'cottage',
        nonstationarity: 'medium',
        instructions: '5',
        seeds: '6',
        steps: '4',
        quiet: true,
      },
      { knownAgents: ['saycan'] },
    );
    const llm = episodeLlm({ provider: 'openai', model: 'm', baseUrl: server.url, concurrency });
    const specs = expandGrid(grid).map((spec) => ({ ...spec, domain: 'virtualhome', style: 'sentence', llm }));
    server.resetLoad();
    const bytesBefore = server.bytes();
    const outcome = await runGrid({
      protocol: 'continual',
      config: { sweep: 1 },
      specs,
      store: join(dir, `${name}.sqlite`),
      workers,
      quiet: true,
      handleSigint: false,
      modelServer: { concurrency },
    });
    expect(outcome.report.episodes).toEqual({ total: 6, ok: 6, failed: 0, missing: 0 });
    const after = server.bytes();
    const bytes = { received: after.received - bytesBefore.received, sent: after.sent - bytesBefore.sent };
    return { outcome, load: server.load(), json: reportToJson(outcome.report), bytes };
  };

  let reference: string;

  it('keeps up to the run-wide limit in flight over 2 threads, several episodes on each', async () => {
    const wide = await sweep(LIMIT, 2, 'wide');
    const calls = wide.outcome.modelCalls!;
    // Every primitive call took a slot (a capability probe is one call of several requests).
    expect(calls.calls).toBeGreaterThan(0);
    expect(calls.calls).toBeLessThanOrEqual(wide.load.requests);
    expect(calls.maxInFlight).toBeLessThanOrEqual(LIMIT);
    expect(wide.load.maxInFlight).toBeLessThanOrEqual(LIMIT);
    // Two threads with one episode each could not have more than 2 calls out (SayCan asks once a step).
    expect(wide.load.maxInFlight).toBeGreaterThan(2);
    expect(calls.promptTokens).toBeGreaterThan(0);
    // What the calls moved, as the server counted it (the capability probes' requests besides).
    expect(calls.sentBytes).toBeGreaterThan(0);
    expect(calls.sentBytes).toBeLessThanOrEqual(wide.bytes.received);
    expect(calls.receivedBytes).toBeGreaterThan(0);
    expect(calls.receivedBytes).toBeLessThanOrEqual(wide.bytes.sent);
    expect(calls.inFlight).toBe(0);
    reference = wide.json;
  }, 180_000);

  it('does the same in the main thread, with the same results', async () => {
    const main = await sweep(LIMIT, 0, 'main');
    expect(main.load.maxInFlight).toBeGreaterThan(1);
    expect(main.load.maxInFlight).toBeLessThanOrEqual(LIMIT);
    expect(main.outcome.modelCalls!.meanInFlight).toBeGreaterThan(1);
    expect(main.json).toBe(reference);
  }, 180_000);

  it('gives the same results with one call in flight', async () => {
    const narrow = await sweep(1, 0, 'narrow');
    expect(narrow.load.maxInFlight).toBe(1);
    expect(narrow.json).toBe(reference);
  }, 180_000);
});
