/**
 * A module agent: a JavaScript or TypeScript module whose default export is an `AgentDefinition` (`hearth/agent`),
 * named by its path in `--agents ./my-agent.js`. The module runs inside hearth, in every thread that runs its
 * episodes, exactly as a built-in agent does; its default export is checked before anything runs (a clear error
 * naming the file and the field otherwise). TypeScript (`.ts`, `.mts`) is loaded through tsx where the process does not
 * load it already (tests, `npx tsx`), and needs the tsx package then.
 */
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { InputError } from '../../util/errors.js';
import type { Agent, AgentPrivilege } from '../agent.js';
import type { AgentContext } from '../context.js';
import type { AgentDefinition } from '../definition.js';
import { AGENT_NAME } from '../registry.js';
import { AGENT_PROTOCOLS, LIMITS } from './protocol.js';

/** A module named in `--agents` by its path. */
export interface ModuleSource {
  readonly kind: 'module';
  /** Absolute path of the module. */
  readonly path: string;
  /** `sha256:<hex>` of the module's file (what it imports is not covered). */
  readonly digest: string;
  /** The name its default export gives. */
  readonly name: string;
}

const PRIVILEGES = [
  'meanings',
  'true-state',
  'affordance',
  'user-feedback',
] as const satisfies readonly AgentPrivilege[];

/** What a module's default export must be: `AgentDefinition`, with `privileges` and `needsLlm` optional. */
const definitionShape = z.object({
  name: z.string().regex(AGENT_NAME, 'must be lower-case letters, digits and dashes, a letter first, at most 64'),
  description: z.string().max(LIMITS.text),
  privileges: z.array(z.enum(PRIVILEGES)).default([]),
  needsLlm: z.boolean().default(false),
  acceptsLlm: z.boolean().optional(),
  optIn: z.boolean().optional(),
  learns: z.boolean().optional(),
  uses: z.array(z.enum(['skillDatabase', 'demonstrations'])).optional(),
  protocols: z.array(z.enum(AGENT_PROTOCOLS)).min(1).optional(),
  create: z.custom<(context: AgentContext) => Agent>(
    (value) => typeof value === 'function',
    'must be a function (context) => agent',
  ),
});

const isTypeScript = (path: string) => /\.[cm]?ts$/.test(path);

/** Imports a module by path, TypeScript through tsx when this process cannot import it by itself. */
async function importModule(path: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(path).href;
  try {
    return (await import(url)) as Record<string, unknown>;
  } catch (error) {
    if (!(isTypeScript(path) && (error as NodeJS.ErrnoException).code === 'ERR_UNKNOWN_FILE_EXTENSION')) throw error;
  }
  let tsx: { tsImport: (specifier: string, parent: string) => Promise<unknown> };
  try {
    tsx = (await import('tsx/esm/api')) as typeof tsx;
  } catch {
    throw new InputError(`${path}: a TypeScript agent needs the tsx package (npm install tsx), or compile it to .js`);
  }
  return (await tsx.tsImport(url, import.meta.url)) as Record<string, unknown>;
}

/** The agent definition a module exports by default, checked; an InputError naming the file and the fault otherwise. */
export async function loadModuleDefinition(path: string): Promise<AgentDefinition> {
  let loaded: Record<string, unknown>;
  try {
    loaded = await importModule(path);
  } catch (error) {
    if (error instanceof InputError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new InputError(`cannot load the agent module: ${message.split('\n')[0]}`, { file: path });
  }
  const exported = loaded.default;
  if (exported === undefined) {
    throw new InputError('the module has no default export: export default { name, description, create, ... }', {
      file: path,
    });
  }
  const parsed = definitionShape.safeParse(exported);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.length > 0 ? `'${issue.path.join('.')}' ` : '';
    throw new InputError(`the default export is not an agent definition: ${field}${issue.message}`, { file: path });
  }
  const original = exported as AgentDefinition;
  return {
    ...parsed.data,
    privileges: parsed.data.privileges,
    // Called on the module's own object, which may be a class instance that needs its `this`.
    create: (context) => original.create(context),
  };
}
