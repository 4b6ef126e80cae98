/**
 * helper-llm through `hearth run --protocol episodic` (the CLI's own `main`, in this process) against the loopback
 * fake OpenAI-compatible server started in this process (real HTTP), its "model" scripted for HELPER's prompts
 * (`test/agents/helper/llm-script.ts`): every call recorded with --llm-cache, then the same run replayed offline with
 * --llm-replay, with zero server calls and the same report.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helperChat } from '../agents/helper/llm-script.js';
import { runCliInProcess } from '../helpers/cli.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../helpers/fake-openai-server.js';

const dir = mkdtempSync(join(tmpdir(), 'hearth-run-helper-llm-'));

/** Runs `hearth run ARGS` in this process (the fake server answers on its event loop between the calls' awaits). */
const hearth = (args: string[]) => runCliInProcess(['run', ...args]);

interface Report {
  results: { agent: string; task?: string; episodes: number; sr: { mean: number | null }; llmCallsPerStep: unknown }[];
  roles?: Record<string, Record<string, string>>;
}

describe('helper-llm through hearth run (fake OpenAI-compatible server)', () => {
  let server: FakeOpenAiServer;
  beforeAll(async () => {
    server = await startFakeOpenAiServer({ script: { chat: helperChat() } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs teach-tfd tasks with every role by the model, records every call, and replays them with zero calls', async () => {
    const cache = join(dir, 'recording.sqlite');
    const run = [
      '--protocol',
      'episodic',
      '--tasks',
      'teach-tfd/toast,teach-tfd/coffee',
      '--agents',
      'helper-llm',
      '--seeds',
      '1',
      // The main thread: the two episodes are short, and a thread costs more to start than it saves.
      '--workers',
      '0',
      '--quiet',
      '--json',
    ];
    const llm = ['--llm', 'openai', '--base-url', server.url, '--model', 'm'];
    const recorded = await hearth([...run, ...llm, '--llm-cache', cache, '--store', join(dir, 'rec.sqlite')]);
    expect(recorded.code, recorded.stderr).toBe(0);
    const calls = server.requests.length;
    expect(server.count('/chat/completions')).toBeGreaterThan(0);
    expect(server.count('/embeddings')).toBeGreaterThan(0); // retrieval by the model's embeddings
    const report = JSON.parse(recorded.stdout) as Report;
    expect(report.results.map((r) => r.agent)).toEqual(['helper-llm']);
    expect(report.results[0]).toMatchObject({ episodes: 2, sr: { mean: 1 } });
    expect(report.roles?.['helper-llm']).toMatchObject({
      planner: 'llm',
      corrector: 'llm',
      locator: 'llm',
      classes: 'llm',
      memory: "seeded; retrieval by the model's embeddings",
    });

    const replayed = await hearth([...run, '--llm-replay', cache, '--store', join(dir, 'rep.sqlite')]);
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(server.requests.length).toBe(calls);
    expect(JSON.parse(replayed.stdout)).toEqual(report);
  }, 120_000);
});
