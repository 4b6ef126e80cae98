/**
 * How reports show the privileged agents (the references: `referenceAgents()` of the agent registry), one way in
 * every table, the CLI's and the dashboard's: each named with what it is given (`oracle [meanings, true-state]`),
 * never with one mark for all (DANLI handed the goal and HELPER with its simulated user are not alike), listed after
 * the agents that must find out for themselves, and what each privilege gives said in words under the table.
 */
import { type AgentPrivilege, PRIVILEGE_MEANINGS } from '../agents/agent.js';

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
