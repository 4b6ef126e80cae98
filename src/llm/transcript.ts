/**
 * A plain-text rendering of chat messages, for backends that score raw text (the completions endpoint applies no
 * chat template): "System: ...", "User: ...", blank lines between turns, ending with an open "Assistant:" turn.
 */
import type { ChatMessage, Prompt } from './types.js';

const ROLE_LABEL = { system: 'System', user: 'User', assistant: 'Assistant' } as const;

export function renderTranscript(messages: readonly ChatMessage[]): string {
  const turns = messages.map((m) => `${ROLE_LABEL[m.role]}: ${m.content}`);
  return `${turns.join('\n\n')}\n\nAssistant:`;
}

/** A prompt as chat messages: a string is one user message. */
export function toMessages(prompt: Prompt): ChatMessage[] {
  return typeof prompt === 'string' ? [{ role: 'user', content: prompt }] : prompt.map((m) => ({ ...m }));
}

/** Rough token count (4 characters a token) for servers that report no usage. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
