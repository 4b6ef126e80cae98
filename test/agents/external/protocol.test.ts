/**
 * The agent protocol's schemas as published (schema/agent-protocol.v1.json and .v2.json equal what the zod schemas
 * give), what a program may and may not answer, how a command splits into words, and how `--agents` items are told
 * apart.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandWords } from '../../../src/agents/external/command.js';
import { agreedVersion } from '../../../src/agents/external/program-agent.js';
import {
  agentProtocolJsonSchema,
  candidateActReply,
  fromAgentMessage,
  helloReply,
  PROTOCOL_VERSIONS,
} from '../../../src/agents/external/protocol.js';
import { agentItemKind, fallbackName } from '../../../src/agents/external/sources.js';
import { projectRoot } from '../../helpers/shared-data.js';

describe('the agent protocol', () => {
  it('publishes the JSON Schema of each version its zod schemas give (npm run schema:agent-protocol writes them)', () => {
    for (const version of PROTOCOL_VERSIONS) {
      const file = join(projectRoot, 'schema', `agent-protocol.v${version}.json`);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(agentProtocolJsonSchema(version));
    }
    const toAgent = (version: 1 | 2) =>
      JSON.stringify((agentProtocolJsonSchema(version).$defs as { toAgent: unknown }).toAgent);
    expect(toAgent(2)).toContain('newCandidates');
    expect(toAgent(1)).not.toContain('newCandidates');
  });

  it('takes the answers of version 1 and refuses anything else, unknown fields included', () => {
    const ok = (value: unknown) => fromAgentMessage.safeParse(value).success;
    expect(ok({ type: 'act', skill: 'put', args: [78, 71], note: 'the book goes on the desk' })).toBe(true);
    expect(ok({ type: 'done' })).toBe(true);
    expect(ok({ type: 'ok' })).toBe(true);
    expect(ok({ type: 'error', message: 'no model server' })).toBe(true);
    expect(ok({ type: 'act', skill: 'put', arg: [78] })).toBe(false); // a typo is not ignored
    expect(ok({ type: 'act', skill: 'walk', args: [1.5] })).toBe(false);
    expect(ok({ type: 'act', skill: 'walk', args: Array(9).fill(1) })).toBe(false);
    expect(ok({ type: 'move', skill: 'walk', args: [1] })).toBe(false);
    expect(ok({ type: 'act', skill: 'walk', args: [1], note: 'x'.repeat(2001) })).toBe(false);
    expect(helloReply.safeParse({ type: 'hello', version: 1, name: 'my-agent' }).success).toBe(true);
    expect(helloReply.safeParse({ type: 'hello', versions: [1, 2], name: 'my-agent' }).success).toBe(true);
    expect(helloReply.safeParse({ type: 'hello', versions: [], name: 'my-agent' }).success).toBe(false);
    expect(helloReply.safeParse({ type: 'hello', version: 1, name: 'My Agent' }).success).toBe(false);
    expect(helloReply.safeParse({ type: 'hello', version: 1, name: 'a', privileges: ['affordance'] }).success).toBe(
      false,
    );
  });

  it("version 2's answers: an act may name a candidate by its id, and nothing else with it", () => {
    const ok = (value: unknown) => candidateActReply.safeParse(value).success;
    expect(ok({ type: 'act', candidate: 3, note: 'the first' })).toBe(true);
    expect(ok({ type: 'act', candidate: -1 })).toBe(false);
    expect(ok({ type: 'act', candidate: 1.5 })).toBe(false);
    expect(ok({ type: 'act', candidate: 3, skill: 'walk' })).toBe(false);
  });

  it('agrees on the highest version the program and hearth both speak', () => {
    expect(agreedVersion({ version: 1 })).toBe(1);
    expect(agreedVersion({ versions: [1, 2] })).toBe(2);
    expect(agreedVersion({ versions: [2, 1, 7] })).toBe(2);
    expect(agreedVersion({ versions: [1, 7] })).toBe(1);
    expect(() => agreedVersion({ versions: [7] })).toThrow(/no version in common/);
  });
});

describe('--agents items', () => {
  it('splits a command as a shell splits a simple command, and runs nothing of a shell', () => {
    expect(commandWords('python3 my_agent.py --greedy')).toEqual(['python3', 'my_agent.py', '--greedy']);
    expect(commandWords(`python3 "my agent.py" 'a b' c\\ d "say \\"hi\\""`)).toEqual([
      'python3',
      'my agent.py',
      'a b',
      'c d',
      'say "hi"',
    ]);
    expect(commandWords('echo $HOME | rm *')).toEqual(['echo', '$HOME', '|', 'rm', '*']);
    expect(() => commandWords('python3 "open')).toThrow(/double quote is not closed/);
    expect(() => commandWords('  ')).toThrow(/names no program/);
  });

  it('tells names, modules and programs apart', () => {
    expect(agentItemKind('greedy-text')).toBe('name');
    expect(agentItemKind('./my-agent.js')).toBe('module');
    expect(agentItemKind('agent.mjs')).toBe('module');
    expect(agentItemKind('/home/me/agent.ts')).toBe('module');
    expect(agentItemKind('exec:python3 a.py')).toBe('program');
  });

  it('names a program whose hello failed after its script, never after a built-in agent', () => {
    const here = join(projectRoot, 'test', 'fixtures', 'agents');
    expect(fallbackName(['python3', 'garbage.py'], here)).toBe('garbage');
    expect(fallbackName(['python3', 'first_candidate.py'], here)).toBe('first-candidate');
    expect(fallbackName(['./oracle'], here)).toBe('exec-oracle');
    expect(fallbackName(['/usr/bin/9lives'], here)).toBe('exec-9lives');
  });
});
