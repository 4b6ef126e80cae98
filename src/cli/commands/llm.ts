/**
 * `hearth llm check`: probes a backend and prints what it supports (chat, JSON schema, token log-probs, prompt
 * log-probs, embeddings), the latency of each check, and which fallback hearth will use for what is missing.
 */
import type { Command } from 'commander';
import { addLlmOptions } from '../../llm/cli-options.js';
import { createBackend, type LlmFlags, resolveLlmConfig } from '../../llm/config.js';
import { CAPABILITY_NAMES, type CapabilityName, type ProbeReport } from '../../llm/types.js';
import { InputError } from '../../util/errors.js';

const LABEL: Record<CapabilityName, string> = {
  chat: 'chat',
  jsonSchema: 'json-schema',
  logprobs: 'logprobs',
  promptLogprobs: 'prompt-logprobs',
  embeddings: 'embeddings',
};

/** What hearth does without each capability. */
const FALLBACK: Record<CapabilityName, string> = {
  chat: 'none: the backend is unusable',
  jsonSchema: 'the schema goes into the prompt; output is validated (invalid output = invalid step)',
  logprobs: 'yes/no from prompt log-probs, else 10 samples at T=0.33 (10x the tokens)',
  promptLogprobs: 'option scores from 10 samples at T=0.33, counted',
  embeddings: 'none: methods that need embeddings must use another backend',
};

export function registerLlmCommands(program: Command): void {
  const llm = program.command('llm').description('Language model backends');
  const check = llm
    .command('check')
    .description('Probe a language model backend: what it supports and how fast')
    .option('--json', 'print the probe report as JSON');
  addLlmOptions(check).action(async (options: LlmFlags & { json?: boolean }) => {
    const config = resolveLlmConfig(options);
    if (config === undefined) {
      throw new InputError(
        'no language model given: pass --llm openai --base-url URL --model NAME, or --llm llama-cpp --model FILE.gguf',
      );
    }
    if (config.replay !== undefined) throw new InputError('llm check probes a live backend: drop --llm-replay');
    const backend = createBackend(config);
    try {
      const report = await backend.probe();
      const where = config.provider === 'openai' ? (config.baseUrl ?? 'https://api.openai.com/v1') : config.model;
      process.stdout.write(
        options.json ? `${JSON.stringify({ ...report, where }, null, 2)}\n` : formatReport(report, where),
      );
    } finally {
      await backend.close();
    }
  });
}

export function formatReport(report: ProbeReport, where: string): string {
  const lines = [`${report.provider} model "${report.model}" at ${where}`];
  for (const name of CAPABILITY_NAMES) {
    const check = report.checks[name];
    const latency = check.latencyMs === undefined ? '' : `${Math.round(check.latencyMs)} ms`;
    const note = check.supported
      ? (check.detail ?? '')
      : `${check.detail ?? 'unsupported'}; fallback: ${FALLBACK[name]}`;
    lines.push(
      `  ${LABEL[name].padEnd(16)} ${(check.supported ? 'yes' : 'no').padEnd(4)} ${latency.padStart(8)}  ${note}`.trimEnd(),
    );
  }
  return `${lines.join('\n')}\n`;
}
