/**
 * The continual protocol as a runner module (`registerProtocol` entry `continual`, see `protocols.ts`): a worker
 * thread imports it and calls `runEpisode` for each grid spec (agent, home, nonstationarity, instructions, seed,
 * steps, plus the run's domain, style and, when not the default, the reading of referents).
 */

import { InputError } from '../../util/errors.js';
import type { GridEpisodeSpec } from '../grid.js';
import type { JsonValue } from '../json.js';
import { episodeLlmOf } from '../llm.js';
import type { EpisodeContext, EpisodeResult } from '../protocol.js';
import { episodeDetails, episodeTiming, runContinualEpisode } from './episode.js';
import { type Domain, REFERENTS, type Referents, type TextStyle } from './instructions/types.js';

export interface ContinualSpec extends GridEpisodeSpec {
  readonly domain: Domain;
  readonly style: TextStyle;
  // `referents` (a `Referents`) is present only for `--referents all`, so that the default's specs stay as they were.
}

export async function runEpisode(spec: ContinualSpec, context: EpisodeContext): Promise<EpisodeResult> {
  const outcome = await runContinualEpisode({
    agent: spec.agent,
    home: spec.home,
    nonstationarity: spec.nonstationarity,
    instructions: spec.instructions,
    steps: spec.steps,
    seed: context.seed,
    domain: spec.domain ?? 'virtualhome',
    style: spec.style ?? 'sentence',
    referents: referentsOf(spec),
    // The run's LLM configuration without the key (`episodeLlm`), on the specs of agents that need a model.
    ...(spec.llm !== undefined && { llm: episodeLlmOf(spec.llm) }),
  });
  if (context.trace) for (const record of outcome.steps) context.trace(record as unknown as JsonValue);
  const timing = episodeTiming(outcome);
  return { metrics: { ...outcome.metrics }, details: episodeDetails(outcome), ...(timing && { timing }) };
}

/** The spec's reading of referents (absent: the default); an InputError naming the spec for a value not known. */
function referentsOf(spec: ContinualSpec): Referents {
  const value = spec.referents ?? 'one';
  if (!(REFERENTS as readonly unknown[]).includes(value)) {
    throw new InputError(`episode ${spec.key}: unknown referents '${String(value)}' (known: ${REFERENTS.join(', ')})`);
  }
  return value as Referents;
}
