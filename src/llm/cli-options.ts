/**
 * The LLM flags every command that can use a model shares (`hearth llm check`, later `hearth run`), and the
 * model they describe.
 */
import type { Command } from 'commander';
import { type LlmFlags, languageModelFromConfig, resolveLlmConfig } from './config.js';
import type { LanguageModel } from './language-model.js';

/** Adds --llm, --base-url, --model, --api-key, --llm-config, --llm-cache, --llm-replay, --llm-threads, --llm-concurrency. */
export function addLlmOptions(command: Command): Command {
  return command
    .option(
      '--llm <provider>',
      'language model provider: openai (any OpenAI-compatible server) or llama-cpp (local GGUF)',
    )
    .option(
      '--base-url <url>',
      'OpenAI-compatible server URL, e.g. http://127.0.0.1:11434/v1 (env HEARTH_LLM_BASE_URL)',
    )
    .option('--model <name>', 'model name on the server, or the .gguf file for llama-cpp (env HEARTH_LLM_MODEL)')
    .option('--api-key <key>', 'API key (env HEARTH_LLM_API_KEY; local servers need none)')
    .option('--llm-config <file>', 'JSON file with the LLM settings (env HEARTH_LLM_CONFIG)')
    .option('--llm-cache <file>', 'SQLite file that answers repeated requests and records new ones')
    .option('--llm-replay <file>', 'replay a recorded run offline; a request not in the recording is an error')
    .option('--llm-threads <n>', 'CPU threads for llama-cpp (1 on a 2-core machine)')
    .option(
      '--llm-concurrency <n>',
      'LLM requests in flight at once, over the whole run (default 4 for openai, 1 for llama-cpp)',
    );
}

/**
 * The wrapped model the flags (with `HEARTH_LLM_*` and the config file) describe, or undefined when no LLM is
 * configured: methods with offline roles then run without one, and those that need one say so
 * (`requireLanguageModel`).
 */
export async function languageModelFromOptions(
  options: LlmFlags,
  env: Record<string, string | undefined> = process.env,
): Promise<LanguageModel | undefined> {
  const config = resolveLlmConfig(options, env);
  return config === undefined ? undefined : languageModelFromConfig(config);
}
