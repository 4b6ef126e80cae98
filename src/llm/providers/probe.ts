/** Shared probing logic: run one check per capability, time it, and turn its failure into "unsupported". */

import { z } from 'zod';
import { LlmAuthError, LlmUnreachableError } from '../errors.js';
import { jsonSchemaOf } from '../json-output.js';
import type { Capabilities, CapabilityCheck, CapabilityName, ProbeReport } from '../types.js';

/** A check returns a note on success (or nothing), throws on failure, or returns `{unsupported}` with a reason. */
export type CheckOutcome = undefined | string | { unsupported: string };

export type CapabilityChecks = Record<CapabilityName, () => Promise<CheckOutcome>>;

/**
 * Runs the checks in a fixed order. A failing chat check aborts the probe (the backend is unusable and the error
 * says why); errors that concern the whole backend (key, reachability) also propagate from any check. Other
 * failures, including an unknown embedding model, mark that capability unsupported with the error as the reason.
 */
export async function runProbe(
  provider: string,
  model: string,
  checks: CapabilityChecks,
  extra: { embeddingDimension?: () => number | undefined } = {},
): Promise<ProbeReport> {
  const results = {} as Record<CapabilityName, CapabilityCheck>;
  for (const name of ['chat', 'jsonSchema', 'logprobs', 'promptLogprobs', 'embeddings'] as const) {
    const start = performance.now();
    try {
      const outcome = await checks[name]();
      const latencyMs = performance.now() - start;
      if (typeof outcome === 'object') results[name] = { supported: false, latencyMs, detail: outcome.unsupported };
      else
        results[name] =
          outcome === undefined ? { supported: true, latencyMs } : { supported: true, latencyMs, detail: outcome };
    } catch (error) {
      if (name === 'chat' || isBackendWide(error)) throw error;
      results[name] = {
        supported: false,
        latencyMs: performance.now() - start,
        detail: error instanceof Error ? error.message : String(error),
      };
    }
  }
  const capabilities = Object.fromEntries(
    Object.entries(results).map(([name, check]) => [name, check.supported]),
  ) as unknown as Capabilities;
  const embeddingDimension = extra.embeddingDimension?.();
  return embeddingDimension === undefined
    ? { provider, model, capabilities, checks: results }
    : { provider, model, capabilities, checks: results, embeddingDimension };
}

function isBackendWide(error: unknown): boolean {
  return error instanceof LlmAuthError || error instanceof LlmUnreachableError;
}

/** The structured answer every probe asks for. */
export const PROBE_ANSWER = z.strictObject({ answer: z.enum(['yes', 'no']) });
export const PROBE_SCHEMA = jsonSchemaOf(PROBE_ANSWER);
