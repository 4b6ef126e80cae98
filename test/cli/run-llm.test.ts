/**
 * `hearth run` with LLM agents (the CLI's own `main`, in this process), against the loopback fake OpenAI-compatible
 * server started in this process (real HTTP): the issue's check command, the refusal of LLM agents without a model,
 * and a recording made with --llm-cache replayed with --llm-replay without a single server call. The runs are in the
 * main thread (`--workers 0`): worker threads started here would compile the sources through tsx, and several
 * episodes at once on a thread are test/bench/episodes-per-thread.test.ts's subject.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { scratchDir } from '../helpers/scratch.js';

const dir = scratchDir('run-llm');

/** Runs `hearth run ARGS` in this process (the fake server answers on its event loop between the run's awaits). */
const hearth = (args: string[], env: Record<string, string> = {}) =>
  runCliInProcess(['run', '--workers', '0', ...args], { env });

interface Summary {
  mean: number | null;
}
interface Row {
  agent: string;
  episodes: number;
  sr: Summary;
  llmCallsPerStep: Summary;
  promptTokensPerStep: Summary;
  completionTokensPerStep: Summary;
}

describe('hearth run with LLM agents (fake OpenAI-compatible server)', () => {
  let server: FakeOpenAiServer;
  beforeAll(async () => {
    server = await startFakeOpenAiServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const llmFlags = () => ['--llm', 'openai', '--base-url', server.url, '--model', 'm'];
  const common = ['--seeds', '2', '--steps', '6', '--quiet'];

  /**
   * The check command, recording its calls: the next tests print its table from the store and replay the
   * recording, instead of running episodes of their own.
   */
  const checkCache = join(dir, 'check-recording.sqlite');
  const check = () => [
    '--agents',
    'exrap,saycan,llm-planner,random',
    ...llmFlags(),
    ...common,
    '--llm-cache',
    checkCache,
    '--store',
    join(dir, 'check.sqlite'),
  ];
  let checkJson = '';
  let checkCalls = 0;

  it('runs the check command and reports calls and tokens per step for each agent', async () => {
    const before = server.requests.length;
    const run = await hearth([...check(), '--json']);
    expect(run.code, run.stderr).toBe(0);
    checkJson = run.stdout;
    checkCalls = server.requests.length;
    const rows = (JSON.parse(run.stdout) as { results: Row[] }).results;
    // SayCan, given the affordance check, comes after the agents that must find out for themselves.
    expect(rows.map((r) => r.agent)).toEqual(['exrap', 'llm-planner', 'random', 'saycan']);
    for (const row of rows.filter((r) => r.agent !== 'random')) {
      expect(row.episodes).toBe(2);
      // ExRAP asks only what it needs (the fake's empty interpretation leaves nothing to evaluate); the baselines ask
      // at every step.
      expect(row.llmCallsPerStep.mean).toBeGreaterThanOrEqual(row.agent === 'exrap' ? 0.1 : 1);
      expect(row.promptTokensPerStep.mean).toBeGreaterThan(0);
      expect(row.completionTokensPerStep.mean).toBeGreaterThan(0);
    }
    // The random agent makes no call: hearth never reports model usage for an agent that has none.
    expect(rows.find((r) => r.agent === 'random')!.llmCallsPerStep.mean).toBeNull();
    const made = server.requests.slice(before);
    expect(made.some((r) => r.path === '/completions')).toBe(true); // SayCan scores its options
    expect(made.some((r) => r.path === '/chat/completions')).toBe(true); // LLM-Planner writes plans
    // ExRAP's interpreter asks for its JSON with the schema.
    expect(made.some((r) => (r.body.response_format as { type?: string } | undefined)?.type === 'json_schema')).toBe(
      true,
    );
    expect(made.every((r) => r.body.model === 'm')).toBe(true);
  }, 120_000);

  it('prints the usage columns in the text table', async () => {
    // The check command's table, from its store (--resume: nothing left to run).
    const run = await hearth([...check(), '--resume']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/LLM calls\/step\s+prompt tok\/step\s+completion tok\/step/);
    expect(server.requests.length).toBe(checkCalls);
  }, 120_000);

  it('refuses LLM agents without a model, naming the flag, before running anything', async () => {
    const run = await hearth(['--agents', 'random,progprompt', ...common, '--store', join(dir, 'none.sqlite')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--agents progprompt: this agent needs a language model; add --llm openai/);
    expect(existsSync(join(dir, 'none.sqlite'))).toBe(false);
  }, 60_000);

  // The check command's recording (ZSP and ProgPrompt record and replay in the LLM-State family's test below).
  it('replays a cached run offline: the same report, zero server calls', async () => {
    const replayed = await hearth([
      '--agents',
      'exrap,saycan,llm-planner,random',
      ...common,
      '--json',
      '--llm-replay',
      checkCache,
      '--store',
      join(dir, 'rep.sqlite'),
    ]);
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(server.requests.length).toBe(checkCalls);
    const results = (text: string) => (JSON.parse(text) as { results: Row[] }).results;
    expect(results(replayed.stdout)).toEqual(results(checkJson));
    const withModel = results(replayed.stdout).filter((row) => row.agent !== 'random');
    expect(withModel.every((row) => (row.llmCallsPerStep.mean ?? 0) > 0)).toBe(true);
  }, 180_000);

  it('runs LLM-State, its ablations, Inner Monologue and the four baselines on the LLM-State family, and replays it with zero calls', async () => {
    const cache = join(dir, 'llm-state-recording.sqlite');
    const run = [
      '--protocol',
      'episodic',
      '--agents',
      'llm-state,llm-state-no-states,llm-state-no-summary,llm-state-no-objects,inner-monologue,zsp,saycan,progprompt,llm-planner',
      // Three tasks of the two families (the whole families: by hand, or with a real model), each capped at 3 steps
      // (the model is a fake): a smoke run of every agent.
      '--tasks',
      'llm-state/open-fridge,llm-state/make-toast,llm-state/wineglass-juice-desk',
      '--seeds',
      '1',
      '--steps',
      '3',
      '--quiet',
      '--json',
    ];
    const before = server.requests.length;
    const recorded = await hearth([...run, ...llmFlags(), '--llm-cache', cache, '--store', join(dir, 'ls-rec.sqlite')]);
    expect(recorded.code, recorded.stderr).toBe(0);
    expect(server.requests.length).toBeGreaterThan(before);
    const rows = (JSON.parse(recorded.stdout) as { results: (Row & { family: string })[] }).results;
    expect(new Set(rows.map((r) => r.agent)).size).toBe(9);
    expect(new Set(rows.map((r) => r.family))).toEqual(new Set(['llm-state-simple', 'llm-state-hard']));
    const calls = server.requests.length;
    const replayed = await hearth([...run, '--llm-replay', cache, '--store', join(dir, 'ls-rep.sqlite')]);
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(server.requests.length).toBe(calls);
    expect(JSON.parse(replayed.stdout).results).toEqual(JSON.parse(recorded.stdout).results);
  }, 180_000);

  it('runs danli-llm on an episodic task with the model, and refuses it without one', async () => {
    const episodic = [
      '--protocol',
      'episodic',
      '--agents',
      'danli-llm',
      '--families',
      '',
      '--tasks',
      'llm-state/open-fridge',
    ];
    const refused = await hearth([...episodic, '--quiet', '--store', join(dir, 'danli-none.sqlite')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/danli-llm: this agent needs a language model; add --llm openai/);
    const chat = server.script.chat;
    server.script.chat = () => 'Completed:\nnone\nFuture:\nfridge isOpen';
    try {
      const run = await hearth([
        ...episodic,
        '--seeds',
        '1',
        ...llmFlags(),
        '--quiet',
        '--json',
        '--store',
        join(dir, 'danli.sqlite'),
      ]);
      expect(run.code, run.stderr).toBe(0);
      const rows = (JSON.parse(run.stdout) as { results: (Row & { family: string })[] }).results;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ agent: 'danli-llm', episodes: 1, sr: { mean: 1 } });
    } finally {
      server.script.chat = chat;
    }
  }, 60_000);

  it('refuses the progprompt family, saying where its data is expected, when the data is missing', async () => {
    const run = await hearth(
      ['--protocol', 'episodic', '--families', 'progprompt', '--quiet', '--store', join(dir, 'pp.sqlite')],
      { HEARTH_SHARED_DATA: join(dir, 'no-shared-data') },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/the progprompt family needs ProgPrompt's data at .*no-shared-data/);
  });

  it('refuses the eai family, saying where its data is expected, when the data is missing', async () => {
    const run = await hearth(
      ['--protocol', 'episodic', '--families', 'eai', '--quiet', '--store', join(dir, 'eai.sqlite')],
      { HEARTH_SHARED_DATA: join(dir, 'no-shared-data') },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /the eai family needs the Embodied Agent Interface's VirtualHome data at .*no-shared-data/,
    );
  });
});
