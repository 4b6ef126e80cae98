/**
 * How reports show the privileged agents (the references: `referenceAgents()` of the agent registry), one way in
 * every table, the CLI's and the dashboard's: each named with what it is given (`oracle [meanings, true-state]`),
 * never with one mark for all (DANLI handed the goal and HELPER with its simulated user are not alike), listed after
 * the agents that must find out for themselves, and what each privilege gives said in words under the table.
 */
import { z } from 'zod';
import { type AgentPrivilege, PRIVILEGE_MEANINGS } from '../agents/agent.js';
import type { JsonObject } from './json.js';

/** An agent's name with what it is given, for a privileged one: `oracle [meanings, true-state]`. */
export function privilegedName(agent: string, privileges: readonly string[] | undefined): string {
  return privileges && privileges.length > 0 ? `${agent} [${privileges.join(', ')}]` : agent;
}

/** What a privilege gives, in words (`PRIVILEGE_MEANINGS`); a privilege this version does not know, as it is named. */
export function privilegeMeaning(privilege: string): string {
  return PRIVILEGE_MEANINGS[privilege as AgentPrivilege] ?? privilege;
}

/** The lines under a table: what the brackets say, then each privilege given to a row, in words. */
export function privilegeFootnote(privileges: Iterable<string>): string[] {
  const given = [...new Set(privileges)];
  if (given.length === 0) return [];
  return [
    '[...] given to a privileged agent, which the others must find out for themselves (privileged rows come last):',
    ...given.map((privilege) => `  ${privilege}: ${privilegeMeaning(privilege)}`),
  ];
}

/** The rows with those of privileged agents after the others, each part in its own order. */
export function privilegedLast<T>(rows: readonly T[], privileged: (row: T) => boolean): T[] {
  return [...rows.filter((row) => !privileged(row)), ...rows.filter(privileged)];
}

/** A run configuration's `userAgents` as far as reports need it: each agent's privileges (bounded: a store is data). */
const userAgentsShape = z.record(z.string().max(64), z.object({ privileges: z.array(z.string().max(32)).max(8) }));

/**
 * The privileges of a run's agents of the user's own, as its configuration recorded them (`hearth run` writes
 * `userAgents`): a process that reports a stored run need not have those agents to name what they were given.
 * Nothing when the configuration has none or holds something else there.
 */
export function userAgentPrivileges(config: JsonObject): Record<string, readonly string[]> {
  const parsed = userAgentsShape.safeParse(config.userAgents);
  if (!parsed.success) return {};
  const out: Record<string, readonly string[]> = {};
  for (const [name, { privileges }] of Object.entries(parsed.data)) if (privileges.length > 0) out[name] = privileges;
  return out;
}
