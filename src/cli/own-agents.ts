/**
 * The flags of a user's own agents, shared by the commands that run episodes (`hearth run`, `hearth worker`,
 * `hearth serve`'s recorder): `--agents` items that are a module's path or `exec:COMMAND`, and `--agent-timeout`.
 * Each command loads what its own command line names, and nothing else (docs/agent-protocol.md, "Where code runs").
 */
import type { Command } from 'commander';
import { type AgentSource, agentItemKind, DEFAULT_AGENT_TIMEOUT_MS, loadAgentItems } from '../agents/external/index.js';
import { InputError } from '../util/errors.js';

/** Adds `--agent-timeout`. */
export function addAgentTimeoutOption(command: Command): Command {
  return command.option(
    '--agent-timeout <seconds>',
    'how long a program agent (--agents "exec:COMMAND") may take to answer; past it the episode fails and the ' +
      'program is stopped',
    String(DEFAULT_AGENT_TIMEOUT_MS / 1000),
  );
}

/** `--agent-timeout` in milliseconds: a number of seconds above 0, at most a day. */
export function parseAgentTimeout(value: unknown): number {
  const text = String(value ?? DEFAULT_AGENT_TIMEOUT_MS / 1000).trim();
  const seconds = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!(seconds > 0 && seconds <= 86_400)) {
    throw new InputError(`--agent-timeout: expected a number of seconds above 0 (at most 86400), got '${text}'`);
  }
  return Math.round(seconds * 1000);
}

/**
 * Loads the agents of the user's own an `--agents` list names (modules imported, programs asked their hello) and
 * registers them in this process: the list with each of them by its name, and their sources for the worker threads.
 */
export async function loadOwnAgents(
  list: unknown,
  timeout: unknown,
  note: (line: string) => void,
): Promise<{ names: string[]; sources: AgentSource[] }> {
  const items = listOf(list);
  const timeoutMs = parseAgentTimeout(timeout); // checked whether or not a program is named
  if (!items.some((item) => agentItemKind(item) !== 'name')) return { names: items, sources: [] };
  return loadAgentItems(items, { timeoutMs, note });
}

const listOf = (value: unknown): string[] =>
  String(value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * `--agents` of a process that runs what others ask of it (`hearth worker`, `hearth serve`): only agents of the user's
 * own may be named, since every built-in one is known anyway. `who`: the process, for the refusal.
 */
export async function loadOwnAgentsOnly(
  list: unknown,
  timeout: unknown,
  note: (line: string) => void,
  who: string,
): Promise<AgentSource[]> {
  const named = listOf(list).filter((item) => agentItemKind(item) === 'name');
  if (named.length > 0) {
    throw new InputError(
      `--agents ${named.join(',')}: ${who} knows every built-in agent; name only your own (a module's path, ` +
        'exec:COMMAND)',
    );
  }
  return (await loadOwnAgents(list, timeout, note)).sources;
}
