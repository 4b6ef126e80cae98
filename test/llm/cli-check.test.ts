/**
 * `hearth llm check` end to end: the CLI's own `main`, in this process, probes the fake server over real HTTP
 * (the built CLI's exit codes are test/cli/commands.test.ts's). The local GGUF model, which loads a native library
 * and picks its threads and GPU, is probed by the built CLI in a process of its own: `npm test` builds dist/ first;
 * when dist/ is missing (vitest run alone), it is built here.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.js';
import { type FakeOpenAiServer, type FakeServerOptions, startFakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { projectRoot } from '../helpers/shared-data.js';
import { tinyModel } from './helpers.js';

let server: FakeOpenAiServer | undefined;
async function start(options: FakeServerOptions = {}): Promise<FakeOpenAiServer> {
  server = await startFakeOpenAiServer(options);
  return server;
}
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** `hearth ARGS` in this process, with `env` over the environment (less the user's HEARTH_LLM_*). */
const hearth = (args: string[], env: Record<string, string> = {}) => runCliInProcess(args, { env });

/** Runs the built CLI in a process of its own, with PATH and `env` for its whole environment. */
function hearthProcess(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(projectRoot, 'bin', 'hearth.js'), ...args],
      { cwd: projectRoot, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('hearth llm check against an OpenAI-compatible server', () => {
  it('prints every capability with its latency', async () => {
    const s = await start();
    const result = await hearth(['llm', 'check', '--llm', 'openai', '--base-url', s.url, '--model', 'm']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe(`openai model "m" at ${s.url}`);
    for (const [i, name] of ['chat', 'json-schema', 'logprobs', 'prompt-logprobs', 'embeddings'].entries()) {
      expect(lines[i + 1]).toMatch(new RegExp(`^  ${name} +yes +\\d+ ms`));
    }
    expect(lines[5]).toMatch(/dimension 8$/);
  });

  it('says what is missing and which fallback hearth uses, also as JSON', async () => {
    const s = await start({ logprobs: false, completions: 'missing', embeddings: false });
    const text = await hearth(['llm', 'check', '--llm', 'openai', '--base-url', s.url, '--model', 'm']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/prompt-logprobs +no .*fallback: option scores from 10 samples at T=0\.33/);
    expect(text.stdout).toMatch(/logprobs +no .*fallback: yes\/no from prompt log-probs, else 10 samples/);

    const json = await hearth(['llm', 'check', '--json'], {
      HEARTH_LLM_PROVIDER: 'openai',
      HEARTH_LLM_BASE_URL: s.url,
      HEARTH_LLM_MODEL: 'm',
    });
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report.capabilities).toEqual({
      chat: true,
      jsonSchema: true,
      logprobs: false,
      promptLogprobs: false,
      embeddings: false,
    });
    expect(report.where).toBe(s.url);
    expect(report.checks.chat.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('fails with one line and exit code 2 for a wrong key, an unknown model, an unreachable server', async () => {
    const s = await start({ apiKey: 'right' });
    const base = ['llm', 'check', '--llm', 'openai', '--base-url', s.url];
    const wrongKey = await hearth([...base, '--model', 'm', '--api-key', 'wrong']);
    expect(wrongKey.code).toBe(2);
    expect(wrongKey.stderr).toMatch(/^hearth: .*rejected the API key \(401\).*\n$/);
    expect(wrongKey.stderr.trim().split('\n')).toHaveLength(1);

    const unknownModel = await hearth([...base, '--model', 'nope', '--api-key', 'right']);
    expect(unknownModel.code).toBe(2);
    expect(unknownModel.stderr).toMatch(/has no model "nope"/);

    // A server closed before any call: this process keeps its connections to the one above alive, and a call on
    // one of them after the close breaks the connection instead of being refused.
    const gone = await startFakeOpenAiServer();
    await gone.close();
    const unreachable = await hearth(['llm', 'check', '--llm', 'openai', '--base-url', gone.url, '--model', 'm']);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(/^hearth: cannot reach an LLM server at .*ECONNREFUSED/);

    const none = await hearth(['llm', 'check']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no language model given/);
  });
});

const model = tinyModel();
(model.missing ? describe.skip : describe)(
  `hearth llm check with a local GGUF${model.missing ? ` [${model.missing}]` : ''}`,
  () => {
    beforeAll(() => {
      if (!existsSync(join(projectRoot, 'dist', 'cli', 'commands', 'llm.js'))) {
        execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: projectRoot });
      }
    }, 120_000);

    it('probes the model in process with one thread', async () => {
      const result = await hearthProcess(
        ['llm', 'check', '--llm', 'llama-cpp', '--model', model.path, '--llm-threads', '1'],
        {
          HEARTH_LLM_GPU: 'cpu',
        },
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^llama-cpp model "stories260k.gguf" at /);
      expect(result.stdout).toMatch(/chat +yes .*1 thread/);
      expect(result.stdout).toMatch(/embeddings +yes .*dimension 64/);
    });
  },
);
