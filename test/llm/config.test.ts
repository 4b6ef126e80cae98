import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { addLlmOptions, languageModelFromOptions } from '../../src/llm/cli-options.js';
import { resolveLlmConfig } from '../../src/llm/config.js';
import { LlmRequiredError, requireLanguageModel } from '../../src/llm/errors.js';
import { InputError } from '../../src/util/errors.js';
import { jsonSyntaxErrorOffset } from '../../src/util/json-syntax.js';

const dir = mkdtempSync(join(tmpdir(), 'hearth-llm-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function inputError(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

describe('resolving the LLM configuration', () => {
  it('means no LLM when nothing names a provider', async () => {
    expect(resolveLlmConfig({}, {})).toBeUndefined();
    expect(await languageModelFromOptions({}, {})).toBeUndefined();
    expect(() => requireLanguageModel(undefined, 'SayCan')).toThrow(LlmRequiredError);
    expect(() => requireLanguageModel(undefined, 'SayCan')).toThrow(/SayCan needs a language model: pass --llm/);
  });

  it('takes flags over environment over config file', () => {
    const config = file(
      'full.json',
      JSON.stringify({
        provider: 'openai',
        model: 'from-file',
        baseUrl: 'http://file:1/v1',
        apiKey: 'file-key',
        concurrency: 3,
      }),
    );
    const env = { HEARTH_LLM_MODEL: 'from-env', HEARTH_LLM_BASE_URL: 'http://env:2/v1', HEARTH_LLM_CONFIG: config };
    expect(resolveLlmConfig({ model: 'from-flag' }, env)).toEqual({
      provider: 'openai',
      model: 'from-flag',
      baseUrl: 'http://env:2/v1',
      apiKey: 'file-key',
      concurrency: 3,
    });
    expect(resolveLlmConfig({ llmConfig: config, llmConcurrency: '7' }, {})).toMatchObject({
      model: 'from-file',
      concurrency: 7,
    });
  });

  it('reads the key from the variable the file names, or OPENAI_API_KEY for OpenAI itself', () => {
    const config = file('keyenv.json', JSON.stringify({ provider: 'openai', model: 'm', apiKeyEnv: 'MY_KEY' }));
    expect(resolveLlmConfig({ llmConfig: config }, { MY_KEY: 'sk-1' })?.apiKey).toBe('sk-1');
    expect(resolveLlmConfig({ llm: 'openai', model: 'gpt' }, { OPENAI_API_KEY: 'sk-2' })?.apiKey).toBe('sk-2');
    expect(
      resolveLlmConfig({ llm: 'openai', model: 'm', baseUrl: 'http://x/v1' }, { OPENAI_API_KEY: 'sk-2' })?.apiKey,
    ).toBeUndefined();
  });

  it('rejects bad values with one clear line', () => {
    expect(inputError(() => resolveLlmConfig({ llm: 'ollama', model: 'm' }, {})).message).toBe(
      '--llm must be one of openai, llama-cpp, got "ollama"',
    );
    expect(inputError(() => resolveLlmConfig({ llm: 'openai' }, {})).message).toMatch(/needs --model NAME/);
    expect(inputError(() => resolveLlmConfig({ llm: 'llama-cpp', model: join(dir, 'nope.gguf') }, {})).message).toBe(
      `${join(dir, 'nope.gguf')}: GGUF model file not found`,
    );
    expect(inputError(() => resolveLlmConfig({ llm: 'openai', model: 'm', llmThreads: '0' }, {})).message).toBe(
      '--llm-threads must be an integer from 1 to 1024, got "0"',
    );
    expect(
      inputError(() => resolveLlmConfig({ llm: 'openai', model: 'm' }, { HEARTH_LLM_GPU: 'tpu' })).message,
    ).toMatch(/HEARTH_LLM_GPU/);
    expect(inputError(() => resolveLlmConfig({ llmCache: 'x.sqlite' }, {})).message).toMatch(
      /--llm-cache needs a model/,
    );
  });

  it('names the file and line of a bad config file', () => {
    const broken = file('broken.json', '{\n  "provider": "openai",\n  "model": m\n}');
    const syntax = inputError(() => resolveLlmConfig({ llmConfig: broken }, {}));
    expect(syntax.location).toMatchObject({ file: broken, line: 3 });
    const unknown = file('unknown.json', '{\n  "provider": "openai",\n  "model": "m",\n  "temprature": 0.3\n}');
    expect(inputError(() => resolveLlmConfig({ llmConfig: unknown }, {})).message).toBe(
      `${unknown}:4: unknown key "temprature"`,
    );
    const wrong = file('wrong.json', '{\n  "provider": "openai",\n  "model": "m",\n  "threads": "two"\n}');
    expect(inputError(() => resolveLlmConfig({ llmConfig: wrong }, {})).message).toMatch(
      new RegExp(`^${wrong}:4: threads: `),
    );
    const nested = file(
      'nested.json',
      JSON.stringify({ provider: 'openai', model: 'm', settings: { disabledCapabilities: ['telepathy'] } }),
    );
    expect(inputError(() => resolveLlmConfig({ llmConfig: nested }, {})).message).toMatch(
      /settings\.disabledCapabilities\.0/,
    );
    expect(inputError(() => resolveLlmConfig({ llmConfig: join(dir, 'absent.json') }, {})).message).toMatch(
      /cannot read/,
    );
  });

  it('passes model settings from the file to the model', async () => {
    const config = file(
      'settings.json',
      JSON.stringify({
        provider: 'openai',
        model: 'm',
        baseUrl: 'http://127.0.0.1:9/v1',
        settings: { seed: 7, samples: 5 },
      }),
    );
    const model = await languageModelFromOptions({ llmConfig: config }, {});
    expect(model?.settings).toMatchObject({ seed: 7, samples: 5, sampleTemperature: 0.33, sampleMaxTokens: 40 });
    expect(model?.settings.contextSize).toBeUndefined();
    await model?.close();
  });

  it('tells the model its context window when the configuration names one (agents size prompts by it)', async () => {
    const env = { HEARTH_LLM_CONTEXT_SIZE: '2048' };
    const model = await languageModelFromOptions({ llm: 'openai', model: 'm', baseUrl: 'http://127.0.0.1:9/v1' }, env);
    expect(model?.settings.contextSize).toBe(2048);
    await model?.close();
  });
});

describe('addLlmOptions', () => {
  it('defines the shared flags, parsed into what languageModelFromOptions reads', () => {
    const command = addLlmOptions(new Command('run').exitOverride());
    command.parse(
      [
        '--llm',
        'openai',
        '--base-url',
        'http://h/v1',
        '--model',
        'm',
        '--api-key',
        'k',
        '--llm-config',
        'c.json',
        '--llm-cache',
        'a.sqlite',
        '--llm-replay',
        'b.sqlite',
        '--llm-threads',
        '1',
        '--llm-concurrency',
        '2',
      ],
      { from: 'user' },
    );
    expect(command.opts()).toEqual({
      llm: 'openai',
      baseUrl: 'http://h/v1',
      model: 'm',
      apiKey: 'k',
      llmConfig: 'c.json',
      llmCache: 'a.sqlite',
      llmReplay: 'b.sqlite',
      llmThreads: '1',
      llmConcurrency: '2',
    });
  });
});

describe('JSON syntax error offsets', () => {
  it('points at the first bad character, and accepts valid JSON', () => {
    for (const valid of ['{}', ' [1, -2.5e3, "a\\n\\u00e9", true, false, null, {"k": []}] ', '"x"']) {
      expect(jsonSyntaxErrorOffset(valid)).toBeUndefined();
      expect(() => JSON.parse(valid)).not.toThrow();
    }
    expect(jsonSyntaxErrorOffset('{"a": m}')).toBe(6);
    expect(jsonSyntaxErrorOffset('{"a": 1,}')).toBe(8);
    expect(jsonSyntaxErrorOffset('[1 2]')).toBe(3);
    expect(jsonSyntaxErrorOffset('{"a": 01}')).toBe(7);
    expect(jsonSyntaxErrorOffset('{"a": "x')).toBe(8);
    expect(jsonSyntaxErrorOffset('{} x')).toBe(3);
  });
});
