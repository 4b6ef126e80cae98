/**
 * What a stored run's configuration says of its agents of the user's own: their privileges, as reports name them, read
 * as bounded data (a store is data), whatever else the configuration holds.
 */
import { describe, expect, it } from 'vitest';
import { userAgentPrivileges } from '../../src/bench/privileges.js';

describe('userAgentPrivileges', () => {
  it('names the privileges the run recorded for its own agents, and only those given some', () => {
    const config = {
      agents: ['random', 'peek', 'mine'],
      userAgents: {
        peek: { kind: 'program', digest: 'sha256:00', privileges: ['true-state', 'meanings'] },
        mine: { kind: 'module', digest: 'sha256:11', privileges: [] },
      },
    };
    expect(userAgentPrivileges(config)).toEqual({ peek: ['true-state', 'meanings'] });
  });

  it('gives nothing for a configuration without them, or with something else there', () => {
    expect(userAgentPrivileges({ agents: ['random'] })).toEqual({});
    expect(userAgentPrivileges({ userAgents: 'peek' })).toEqual({});
    expect(userAgentPrivileges({ userAgents: { peek: { privileges: Array(9).fill('x') } } })).toEqual({});
    expect(userAgentPrivileges({ userAgents: { peek: { privileges: ['x'.repeat(33)] } } })).toEqual({});
  });
});
