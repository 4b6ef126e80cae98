/**
 * Accounting: every primitive call (chat, score, embed) adds its tokens and latency to a ledger. Give each agent
 * its own ledger (`withAccounting`), read it with `snapshot()` and start a new episode with `reset()`; a ledger
 * created with a parent also adds everything to the parent, for run totals.
 */
import { recordDecision } from '../../util/decisions.js';
import type { AccountedKind, LlmBackend, TokenUsage, Transfer } from '../types.js';
import { callRecord } from './call-record.js';
import { wrapBackend } from './wrap.js';

export interface UsageCounts {
  /** Primitive calls made (answered from the cache or not; failed ones excluded). */
  calls: number;
  /** Of those, calls answered by the cache or a replayed recording. */
  cachedCalls: number;
  /** Calls that threw (after retries). */
  failedCalls: number;
  promptTokens: number;
  completionTokens: number;
  /** Sum of the wall time of the calls, including retries and waiting for a concurrency slot. */
  latencyMs: number;
  /**
   * Bytes of the request bodies sent and of the response bodies received (`Transfer`), for the calls a server
   * answered; cached and in-process calls move none.
   */
  sentBytes: number;
  receivedBytes: number;
}

export interface LlmUsage extends UsageCounts {
  byKind: Record<AccountedKind, UsageCounts>;
}

const ACCOUNTED_KINDS: readonly AccountedKind[] = ['chat', 'score', 'embed'];

function emptyCounts(): UsageCounts {
  return {
    calls: 0,
    cachedCalls: 0,
    failedCalls: 0,
    promptTokens: 0,
    completionTokens: 0,
    latencyMs: 0,
    sentBytes: 0,
    receivedBytes: 0,
  };
}

function emptyUsage(): LlmUsage {
  return { ...emptyCounts(), byKind: { chat: emptyCounts(), score: emptyCounts(), embed: emptyCounts() } };
}

export interface CallRecord {
  kind: AccountedKind;
  usage?: TokenUsage;
  cached: boolean;
  failed: boolean;
  latencyMs: number;
  transfer?: Transfer;
}

export class LlmLedger {
  private usage = emptyUsage();
  constructor(readonly parent?: LlmLedger) {}

  record(entry: CallRecord): void {
    for (const counts of [this.usage, this.usage.byKind[entry.kind]]) {
      if (entry.failed) counts.failedCalls++;
      else counts.calls++;
      if (entry.cached) counts.cachedCalls++;
      counts.promptTokens += entry.usage?.promptTokens ?? 0;
      counts.completionTokens += entry.usage?.completionTokens ?? 0;
      counts.latencyMs += entry.latencyMs;
      counts.sentBytes += entry.transfer?.sentBytes ?? 0;
      counts.receivedBytes += entry.transfer?.receivedBytes ?? 0;
    }
    this.parent?.record(entry);
  }

  /** A copy of the totals so far. */
  snapshot(): LlmUsage {
    const byKind = {} as Record<AccountedKind, UsageCounts>;
    for (const kind of ACCOUNTED_KINDS) byKind[kind] = { ...this.usage.byKind[kind] };
    return { ...this.usage, byKind };
  }

  /** Returns the totals so far and starts again from zero (the parent keeps its totals). */
  reset(): LlmUsage {
    const totals = this.snapshot();
    this.usage = emptyUsage();
    return totals;
  }
}

/** A backend that records every primitive call in `ledger`. */
export function accountBackend(backend: LlmBackend, ledger: LlmLedger): LlmBackend {
  return wrapBackend(backend, async (call, next) => {
    if (call.kind === 'probe') return next(call.request);
    const kind = call.kind as AccountedKind;
    const start = performance.now();
    try {
      const response = await next(call.request);
      const meta = response as { usage?: TokenUsage; cached?: boolean; transfer?: Transfer };
      const latencyMs = since(start);
      const { usage, transfer } = meta;
      ledger.record({ kind, usage, cached: meta.cached === true, failed: false, latencyMs, transfer });
      // With a traced episode, every call is kept with its prompt and answer (the dashboard shows them).
      recordDecision('llm', () => callRecord({ kind, request: call.request, response, latencyMs }));
      return response;
    } catch (error) {
      const latencyMs = since(start);
      ledger.record({ kind, cached: false, failed: true, latencyMs });
      recordDecision('llm', () => callRecord({ kind, request: call.request, error, latencyMs }));
      throw error;
    }
  });
}

function since(start: number): number {
  return performance.now() - start;
}
