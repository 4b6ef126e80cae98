/** Small builders shared by the LLM tests. */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createLanguageModel, type LanguageModel, type LanguageModelSettings } from '../../src/llm/language-model.js';
import { withRetry } from '../../src/llm/middleware/retry.js';
import { OpenAiBackend, type OpenAiBackendOptions } from '../../src/llm/providers/openai.js';
import type { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { projectRoot } from '../helpers/shared-data.js';

/** Waits recorded instead of slept, so retry tests take no time. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

export function fakeBackend(server: FakeOpenAiServer, options: Partial<OpenAiBackendOptions> = {}): OpenAiBackend {
  return new OpenAiBackend({ baseUrl: server.url, model: 'm', ...options });
}

/** A model over the fake server with retries that do not sleep. */
export function fakeModel(
  server: FakeOpenAiServer,
  settings: Partial<LanguageModelSettings> = {},
  options: Partial<OpenAiBackendOptions> = {},
): LanguageModel {
  return createLanguageModel(withRetry(fakeBackend(server, options), { sleep: async () => {} }), settings);
}

/** The body of the n-th recorded request to a path. */
export function bodyOf(server: FakeOpenAiServer, path: string, index = 0): Record<string, unknown> {
  const found = server.requests.filter((r) => r.path === path)[index];
  if (!found) throw new Error(`no request ${index} to ${path}`);
  return found.body;
}

/** A tiny GGUF model from ../shared/models ($HEARTH_SHARED_MODELS overrides), or the reason tests must skip. */
export function tinyModel(name = 'stories260k.gguf'): { path: string; missing?: string } {
  const dir = process.env.HEARTH_SHARED_MODELS ?? resolve(projectRoot, '..', 'shared', 'models');
  const path = join(dir, name);
  return existsSync(path) ? { path } : { path, missing: `skipped: tiny GGUF model not found at ${path}` };
}
