/**
 * Episode specs this process was handed rather than built: a queue worker's jobs (anyone who can write to Redis can
 * add one), and the episodes the dashboard replays or records again from a store or a trace file someone handed the
 * user. Before anything runs or opens a file, a handed spec is
 *
 * - checked against its protocol's schema (`protocols.ts`, `spec-schema.ts`): unknown fields refused, numbers
 *   bounded, names from closed sets;
 * - checked for the files it names (home graphs, dialogue files, a GGUF model, a model recording), which must lie in
 *   the folders this process may read (`FileRoots`: `..`, absolute paths elsewhere and links leading out refused);
 * - checked by its protocol against what only this process knows (`admit`: its agent is in this process's registry;
 *   a learning episode is refused);
 * - given this machine's model server and key, never the spec's (`handedEpisodeLlm`); a model recording it names is
 *   read, never written: the queue carries a copy (`queue/llm-calls.ts`), the dashboard replays the file.
 *
 * A refusal is an InputError of one line saying what is refused and why (docs/security.md).
 */

import { InputError } from '../util/errors.js';
import type { FileRoots } from '../util/file-roots.js';
import type { JsonObject } from './json.js';
import { type EpisodeLlm, episodeLlmOf, type HandedLlmPolicy, handedEpisodeLlm } from './llm.js';
import type { EpisodeSpec } from './protocol.js';
import { getProtocol, type ProtocolEntry } from './protocols.js';
import { describeSpecIssue } from './spec-schema.js';

export interface HandedSpecPolicy {
  /** The folders the files a spec names must lie in. */
  readonly files: FileRoots;
  /** Where model calls go, with which key. */
  readonly llm: HandedLlmPolicy;
  /**
   * A spec's model recording (`llm.cache`, `llm.replay`): `queue`, carried by the queue (a worker replaces the path
   * with its own copy, `queue/llm-calls.ts`); `replay`, a file inside the folders, replayed (a cache file too: a
   * handed spec never writes one).
   */
  readonly recordings: 'queue' | 'replay';
}

/**
 * A handed spec checked against its protocol's schema, with the files it names inside `files`: enough to replay a
 * trace of it (the dashboard's viewer), not to run it.
 */
export function checkHandedSpec(protocol: ProtocolEntry, value: unknown, files: FileRoots): EpisodeSpec {
  const parsed = protocol.spec.safeParse(value);
  if (!parsed.success) throw new InputError(`the ${protocol.name} spec is refused: ${describeSpecIssue(parsed.error)}`);
  const spec = parsed.data;
  for (const file of protocol.files?.(spec) ?? []) files.check(file.path, `the spec's ${file.field}`);
  return spec;
}

/** A handed spec as this process may run it (see the module comment); an InputError saying what is refused. */
export async function admitHandedSpec(
  protocolName: string,
  value: unknown,
  policy: HandedSpecPolicy,
): Promise<EpisodeSpec> {
  const protocol = getProtocol(protocolName);
  const spec = checkHandedSpec(protocol, value, policy.files);
  await protocol.admit?.(spec);
  if (spec.llm === undefined) return spec;
  return { ...spec, llm: handedLlm(episodeLlmOf(spec.llm), policy) as unknown as JsonObject };
}

function handedLlm(llm: EpisodeLlm, policy: HandedSpecPolicy): EpisodeLlm {
  let model = llm;
  if (policy.recordings === 'replay') {
    const { cache, ...rest } = llm;
    const recording = llm.replay ?? cache;
    if (recording !== undefined) {
      policy.files.check(recording, cache !== undefined ? "the spec's llm.cache" : "the spec's llm.replay");
      model = { ...rest, replay: recording };
    }
  }
  model = handedEpisodeLlm(model, policy.llm);
  if (model.provider === 'llama-cpp' && model.replay === undefined)
    policy.files.check(model.model, "the spec's llm.model");
  return model;
}
