/**
 * The pieces every protocol's episode-spec schema is made of (zod), and the one-line message a refused spec gets.
 * Each protocol writes its spec's shape once (`continual/spec.ts`, `episodic/spec.ts`, a plug-in's own) and registers
 * it with the protocol (`protocols.ts`): the runner checks the specs it is given against it (so that what the CLI
 * builds always passes), and a queue worker or the dashboard checks every spec it is handed (`untrusted-spec.ts`)
 * before anything runs. Unknown fields are refused, numbers bounded, names drawn from closed sets; agent names are
 * bounded here and looked up in the process's own registry there.
 */
import { z } from 'zod';
import type { AgentProtocol } from '../agents/definition.js';
import { InputError } from '../util/errors.js';
import { MAX_PATH_LENGTH } from '../util/file-roots.js';
import { quoteCut } from '../util/json-text.js';

/** Seeds are unsigned 32-bit integers (`Rng`). */
export const MAX_SEED = 0xffffffff;
/** An episode's step limit (`--steps`): far above any protocol's, low enough that no job can keep a worker forever. */
export const MAX_EPISODE_STEPS = 100_000;

/** An episode key (the grid writes `agent=... home=... seed=N`). */
export const specKey = z.string().min(1).max(4096);
export const specSeed = z.number().int().min(0).max(MAX_SEED);

/**
 * An agent's name: bounded in length and characters (issue 43's rule for names a job or a store gives), then looked up
 * in the reading process's own registry, never loaded from a path.
 */
export const AGENT_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;
export const agentName = z.string().regex(AGENT_NAME, 'not an agent name (lower-case letters, digits, . _ -)');

/** A home: a built-in or generated name, or a graph file's path (checked against the reader's folders). */
export const homeSpec = z
  .string()
  .min(1)
  .max(MAX_PATH_LENGTH)
  .refine((text) => !text.includes('\0'), 'a NUL character');

/** A file's path in a spec (checked against the reader's folders before it is opened). */
export const filePath = homeSpec;

/**
 * The digest of an agent of the user's own that the run was started with (`sha256:` and 64 hex digits, written by
 * `hearth run` for such an agent): the process that runs the episode checks its own agent of that name against it.
 */
export const agentDigest = z.string().regex(/^sha256:[0-9a-f]{64}$/, 'not an agent digest (sha256: and 64 hex digits)');

/** A spec of these fields besides `key`, `seed` and an own agent's digest, with nothing else allowed. */
export function specSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject({ key: specKey, seed: specSeed, agentDigest: agentDigest.optional(), ...shape });
}

/**
 * The first fault of a refused spec in one line: the field and what is wrong (`steps: Too big: expected number to be
 * <=100000`; `unknown field "home2"`). Values are never quoted, field names cut short.
 */
export function describeSpecIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : String(part))).join('.');
  const at = path === '' ? '' : `field ${quoteCut(path, 60)}: `;
  if (issue.code === 'unrecognized_keys') {
    return `${at}unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => quoteCut(key, 40)).join(', ')}`;
  }
  return `${at}${issue.message}`;
}

/** A file an episode spec names for its episode to read, by the field that names it. */
export interface SpecFile {
  readonly field: string;
  readonly path: string;
}

/**
 * Checks that an agent a job or a stored episode names is in this process's registry (the built-in agents and those
 * its own command line registered) and runs the protocol; an InputError saying so otherwise. The registry is loaded
 * on first use.
 */
export async function checkRegisteredAgent(name: string, protocol: AgentProtocol): Promise<void> {
  const [{ agentNames, getAgent }, { protocolsOf }] = await Promise.all([
    import('../agents/registry.js'),
    import('../agents/definition.js'),
  ]);
  if (!agentNames().includes(name)) {
    throw new InputError(
      `unknown agent ${quoteCut(name, 64)}: this process runs the built-in agents and those its own command line ` +
        'registers, never one a job or a store brings',
    );
  }
  if (!protocolsOf(getAgent(name)).includes(protocol)) {
    throw new InputError(`agent '${name}' does not run the ${protocol} protocol`);
  }
}
