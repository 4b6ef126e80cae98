/**
 * A user's own agents, as the command line names them: `--agents ./my-agent.js` (a module: a path, or a file name
 * ending in .js, .mjs, .cjs, .ts, .mts) and `--agents "exec:python3 my_agent.py"` (a program). The process whose own
 * command line named them loads them here and registers them by the name each gives itself; its worker threads get
 * the loaded sources from it (`registerAgentSources`). A job or a stored run names an agent by that name only, never
 * by a path or a command, and each process resolves the name in its own registry: code runs only where this
 * machine's user named it (the decision of issues 43 and 44, docs/agent-protocol.md).
 *
 * Each source has a digest (`sha256:`) of the file the module is, or of the program's words and the files they name,
 * which the run's configuration and each episode's spec carry: a process whose agent of that name differs refuses
 * the episode rather than run another agent under the same name.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { InputError } from '../../util/errors.js';
import type { AgentPrivilege } from '../agent.js';
import type { AgentDefinition } from '../definition.js';
import { AGENT_NAME, getAgent, hasAgent, isBuiltInAgent, registerAgent, unregisterAgent } from '../registry.js';
import { commandWords } from './command.js';
import { loadModuleDefinition, type ModuleSource } from './module-agent.js';
import { askHello, type ProgramSource, programDefinition } from './program-agent.js';

export type { ModuleSource } from './module-agent.js';
export type { ProgramSource } from './program-agent.js';
export type AgentSource = ModuleSource | ProgramSource;

/** How long a program may take to answer (`--agent-timeout`), unless told. */
export const DEFAULT_AGENT_TIMEOUT_MS = 30_000;

const PROGRAM_PREFIX = 'exec:';
const MODULE_FILE = /\.(m?js|cjs|m?ts)$/;

/** What an `--agents` item names: a registered agent, a module (by path) or a program (`exec:`). */
export function agentItemKind(item: string): 'name' | 'module' | 'program' {
  if (item.startsWith(PROGRAM_PREFIX)) return 'program';
  if (item.includes('/') || item.includes('\\') || MODULE_FILE.test(item)) return 'module';
  return 'name';
}

/** `sha256:<hex>` of some bytes. */
const digestOf = (data: string | Buffer) => `sha256:${createHash('sha256').update(data).digest('hex')}`;

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The digest of a program: its words, and the content of each word that names a file (the script, a config). */
function programDigest(argv: readonly string[], cwd: string): string {
  const files = argv
    .map((word) => resolve(cwd, word))
    .filter(isFile)
    .map((path) => digestOf(readFileSync(path)));
  return digestOf(JSON.stringify({ argv, files }));
}

/**
 * A name for a program whose hello failed, from its command: its script's file name (`garbage_agent.py` ->
 * `garbage-agent`), else its program's; `exec-` before it when that is a built-in agent's name or starts otherwise
 * than with a letter.
 */
export function fallbackName(argv: readonly string[], cwd: string): string {
  const script = [...argv].reverse().find((word) => isFile(resolve(cwd, word))) ?? argv[0];
  const stem = basename(script, extname(script))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const name = /^[a-z]/.test(stem) && !isBuiltInAgent(stem) ? stem : `exec-${stem}`;
  return name.slice(0, 64).replace(/-+$/, '') || 'exec-agent';
}

export interface LoadOptions {
  /** Where paths and programs are resolved and run (default: this process's working directory). */
  readonly cwd?: string;
  /** `--agent-timeout` in milliseconds. */
  readonly timeoutMs?: number;
  /** Prints a note for the user (a program whose hello failed). */
  readonly note?: (line: string) => void;
}

/** Digest and kind of every agent of a user's own registered in this process, by name. */
const origins = new Map<
  string,
  { kind: 'module' | 'program'; digest: string; privileges: readonly AgentPrivilege[] }
>();

/**
 * Loads the modules and asks the programs an `--agents` list names, registers each under its own name, and returns
 * the list with every item a name (the others kept as they were) and the sources, for the worker threads. Bad input
 * (a file that does not load, a program that cannot be started, two agents of one name, a built-in's name) is an
 * InputError naming the item. A program that starts but does not answer its hello as the protocol says is not: it
 * is registered under a name made from its command, the note says why, and each of its episodes fails with that
 * (the run goes on with the others).
 */
export async function loadAgentItems(
  items: readonly string[],
  options: LoadOptions = {},
): Promise<{ names: string[]; sources: AgentSource[] }> {
  const cwd = options.cwd ?? process.cwd();
  const timeoutMs = options.timeoutMs ?? DEFAULT_AGENT_TIMEOUT_MS;
  const names: string[] = [];
  const sources: AgentSource[] = [];
  const itemOf = new Map<string, string>();
  // Every program starts at once (each answers its hello in its own time); they register in the order named.
  const loaded = await Promise.all(
    items.map((item) => {
      const kind = agentItemKind(item);
      if (kind === 'name') return undefined;
      return kind === 'module' ? moduleSource(item, cwd) : programSource(item, cwd, timeoutMs, options);
    }),
  );
  // Every item is checked before any is registered: a refused list leaves nothing behind.
  const chosen: { source: AgentSource; definition: AgentDefinition }[] = [];
  items.forEach((item, index) => {
    const own = loaded[index];
    if (!own) {
      names.push(item);
      return;
    }
    const { source } = own;
    const earlier = itemOf.get(source.name);
    if (earlier !== undefined) {
      throw new InputError(`--agents: ${earlier} and ${item} are both named '${source.name}'; give one another name`);
    }
    if (isBuiltInAgent(source.name)) {
      throw new InputError(`--agents ${item}: '${source.name}' is the name of a built-in agent; give yours another`);
    }
    itemOf.set(source.name, item);
    chosen.push(own);
    names.push(source.name);
    sources.push(source);
  });
  for (const { source, definition } of chosen) register(source, definition);
  return { names, sources };
}

async function moduleSource(item: string, cwd: string): Promise<{ source: ModuleSource; definition: AgentDefinition }> {
  const path = resolve(cwd, item);
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    throw new InputError(`--agents ${item}: no such file (an agent module is named by its path)`, { file: path });
  }
  const definition = await loadModuleDefinition(path);
  return { source: { kind: 'module', path, digest: digestOf(bytes), name: definition.name }, definition };
}

async function programSource(
  item: string,
  cwd: string,
  timeoutMs: number,
  options: LoadOptions,
): Promise<{ source: ProgramSource; definition: AgentDefinition }> {
  const source = await askProgram(item, cwd, timeoutMs, options);
  return { source, definition: programDefinition(source) };
}

async function askProgram(item: string, cwd: string, timeoutMs: number, options: LoadOptions): Promise<ProgramSource> {
  const command = item.slice(PROGRAM_PREFIX.length).trim();
  const argv = commandWords(command);
  const base = { kind: 'program' as const, command, argv, cwd, timeoutMs, digest: programDigest(argv, cwd) };
  const answer = await askHello(base);
  if ('hello' in answer) return { ...base, name: answer.hello.name, hello: answer.hello };
  if (answer.spawnFailed) throw new InputError(`--agents ${item}: ${answer.fault.replace(/^at hello: /, '')}`);
  const name = fallbackName(argv, cwd);
  options.note?.(
    `--agents ${item}: ${answer.fault.split('\n')[0]}; it runs as '${name}', and each of its episodes fails with ` +
      'this',
  );
  return { ...base, name, helloFault: answer.fault };
}

/**
 * Registers loaded sources in this thread (a worker thread, a queue worker's threads, the dashboard's recorder): a
 * module is imported here, a program registered from what its hello said in the process that named it.
 */
export async function registerAgentSources(sources: readonly AgentSource[]): Promise<void> {
  for (const source of sources) {
    if (source.kind === 'program') {
      register(source, programDefinition(source));
      continue;
    }
    const definition = await loadModuleDefinition(source.path);
    if (definition.name !== source.name) {
      throw new InputError(`agent module ${source.path} now names itself '${definition.name}', not '${source.name}'`);
    }
    register(source, definition);
  }
}

function register(source: AgentSource, definition: AgentDefinition): void {
  registerAgent(definition);
  origins.set(source.name, { kind: source.kind, digest: source.digest, privileges: definition.privileges });
}

/** Takes agents of a user's own away again (tests that register their own take them away after). */
export function unregisterAgentSources(names: readonly string[]): void {
  for (const name of names) {
    if (!origins.has(name)) continue;
    origins.delete(name);
    unregisterAgent(name);
  }
}

/** The agents of a user's own registered here, by name: kind, digest and privileges (a run's configuration keeps it). */
export function userAgentsOf(
  names: readonly string[],
): Record<string, { kind: string; digest: string; privileges: readonly AgentPrivilege[] }> {
  const out: Record<string, { kind: string; digest: string; privileges: readonly AgentPrivilege[] }> = {};
  for (const name of names) {
    const origin = origins.get(name);
    if (origin) out[name] = { kind: origin.kind, digest: origin.digest, privileges: origin.privileges };
  }
  return out;
}

/** The digest of the agent of a user's own of that name registered here; undefined for a built-in or unknown one. */
export function userAgentDigest(name: string): string | undefined {
  return origins.get(name)?.digest;
}

/**
 * Checks that the agent an episode names is the one its run was started with: known here, and, when the spec carries
 * a digest, of the same digest. An InputError saying how to fix it otherwise (the episode fails with it).
 */
export function checkAgentOfSpec(agent: string, digest: string | undefined): void {
  if (!AGENT_NAME.test(agent) || !hasAgent(agent)) getAgent(agent); // throws: unknown agent, how to name one
  if (digest === undefined) return;
  const own = userAgentDigest(agent);
  if (own === undefined) {
    throw new InputError(
      `agent '${agent}' of this run is an agent of the user's own, but '${agent}' here is not: start this process ` +
        `with --agents naming that agent's module or program`,
    );
  }
  if (own !== digest) {
    throw new InputError(
      `agent '${agent}' here (${own.slice(0, 19)}) is not the one the run was started with (${digest.slice(0, 19)}): ` +
        'its module, or its program and the files it names, differ; give this process the same files',
    );
  }
}
