/**
 * What `--agents methods` stands for: read from the registry when asked, contenders (no privilege, no model) before
 * references (privileged), names the registry does not know left out, and the word expanded in place in a list.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type AgentDefinition, protocolsOf } from '../../src/agents/definition.js';
import { expandMethods, METHOD_AGENTS, methodAgents, methodOf } from '../../src/agents/methods.js';
import { agentNames, getAgent, registerAgent, unregisterAgent } from '../../src/agents/registry.js';

const restore: Array<() => void> = [];
afterEach(() => {
  while (restore.length > 0) restore.pop()!();
});

/** Registers `definition` for one test, putting back what the registry had under that name. */
function registerForTest(definition: AgentDefinition): void {
  const before = agentNames().includes(definition.name) ? getAgent(definition.name) : undefined;
  registerAgent(definition);
  restore.push(() => (before ? registerAgent(before) : unregisterAgent(definition.name)));
}

describe('the agents of the cross-method table', () => {
  it('are episodic agents that need no model: contenders without privileges first, then the references', () => {
    const agents = methodAgents();
    const privileged = agents.map((agent) => getAgent(agent).privileges.length > 0);
    for (const agent of agents) {
      expect(protocolsOf(getAgent(agent))).toContain('episodic');
      expect(getAgent(agent).needsLlm).toBe(false);
    }
    // Once a reference appears, only references follow.
    expect(privileged).toEqual([...privileged].sort((a, b) => Number(a) - Number(b)));
    expect(agents).toEqual(expect.arrayContaining(['llm-state', 'semgro', 'random', 'oracle', 'helper']));
    expect(agents.indexOf('oracle')).toBeGreaterThan(agents.indexOf('random'));
    // HELPER's contender is the variant without its simulated user; the one with it is a reference.
    expect(getAgent('helper-no-feedback').privileges).toEqual([]);
    expect(agents.indexOf('helper')).toBeGreaterThan(agents.indexOf('helper-no-feedback'));
    expect(methodOf('helper-no-feedback')).toBe('HELPER');
  });

  it('follow the registry: a candidate it lacks is left out, a candidate given a privilege becomes a reference', () => {
    const random = getAgent('random');
    registerForTest({ ...random, privileges: ['true-state'] });
    const agents = methodAgents();
    const references = agents.filter((agent) => getAgent(agent).privileges.length > 0);
    expect(agents.slice(agents.length - references.length)).toEqual(references);
    expect(references).toContain('random');
    // A candidate name the registry does not hold (a variant not built yet) is not among them.
    for (const { agent } of METHOD_AGENTS) {
      if (!agentNames().includes(agent)) expect(agents).not.toContain(agent);
    }
  });

  it('leaves out a candidate that needs a model', () => {
    const semgro = getAgent('semgro');
    registerForTest({ ...semgro, needsLlm: true });
    expect(methodAgents()).not.toContain('semgro');
  });

  it('expand in place in an --agents list, without repeats', () => {
    const agents = methodAgents();
    expect(expandMethods(['methods'])).toEqual(agents);
    expect(expandMethods(['methods', 'danli-no-replanning'])).toEqual([...agents, 'danli-no-replanning']);
    expect(expandMethods(['oracle', 'methods'])).toEqual(['oracle', ...agents.filter((a) => a !== 'oracle')]);
    expect(expandMethods(['oracle', 'danli'])).toBeUndefined();
  });
});
