/**
 * What a primitive model call looks like in an episode's trace (src/util/decisions.ts): the prompt as sent, what came
 * back (texts, or scores, or only the count of vectors), tokens, latency and whether the cache answered. Log-probs
 * of generated tokens and embedding vectors are left out: they are large and the viewer shows neither.
 */
import type { AccountedKind, BackendCalls, CallKind, ChatMessage } from '../types.js';

export interface CallOutcome {
  readonly kind: AccountedKind;
  readonly request: BackendCalls[CallKind]['request'];
  /** Absent when the call failed. */
  readonly response?: BackendCalls[CallKind]['response'];
  readonly error?: unknown;
  readonly latencyMs: number;
}

export function callRecord(call: CallOutcome): { readonly [field: string]: unknown } {
  const { response } = call;
  const usage = (response as { usage?: { promptTokens: number; completionTokens: number } } | undefined)?.usage;
  return {
    call: call.kind,
    ...promptOf(call),
    ...(response && responseOf(call.kind, response)),
    ...(call.error !== undefined && { error: call.error instanceof Error ? call.error.message : String(call.error) }),
    promptTokens: usage?.promptTokens ?? null,
    completionTokens: usage?.completionTokens ?? null,
    latencyMs: Math.round(call.latencyMs * 10) / 10,
    cached: (response as { cached?: boolean } | undefined)?.cached === true,
  };
}

function promptOf({ kind, request }: CallOutcome): { prompt: ChatMessage[] | string | string[] } {
  if (kind === 'chat') return { prompt: (request as BackendCalls['chat']['request']).messages };
  if (kind === 'score') {
    const { prompt } = request as BackendCalls['score']['request'];
    return { prompt: typeof prompt === 'string' ? prompt : prompt.map((m) => ({ role: m.role, content: m.content })) };
  }
  return { prompt: [...(request as BackendCalls['embed']['request']).texts] };
}

function responseOf(kind: AccountedKind, response: BackendCalls[CallKind]['response']) {
  if (kind === 'chat') return { response: (response as BackendCalls['chat']['response']).choices.map((c) => c.text) };
  if (kind === 'score') {
    const scored = response as BackendCalls['score']['response'];
    return { logprobs: [...scored.logprobs], tokenCounts: [...scored.tokenCounts] };
  }
  return { vectors: (response as BackendCalls['embed']['response']).vectors.length };
}
