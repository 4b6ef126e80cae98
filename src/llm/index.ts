/** hearth's LLM layer: one `LanguageModel` interface over OpenAI-compatible servers and local GGUF models. */
export * from './canonical.js';
export * from './cli-options.js';
export * from './config.js';
export * from './errors.js';
export * from './json-output.js';
export * from './language-model.js';
export * from './middleware/accounting.js';
export * from './middleware/cache.js';
export * from './middleware/concurrency.js';
export * from './middleware/retry.js';
export * from './middleware/wrap.js';
export * from './providers/llama-cpp.js';
export * from './providers/openai.js';
export * from './scoring.js';
export * from './transcript.js';
export * from './types.js';
