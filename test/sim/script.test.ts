import { describe, expect, it } from 'vitest';
import { ACTION_ARITY, EXECUTABLE_ACTIONS } from '../../src/sim/actions/names.js';
import { formatProgram, formatScriptLine, parseProgram, parseScriptLine } from '../../src/sim/script.js';
import { InputError } from '../../src/util/errors.js';

function parseError(text: string): InputError {
  try {
    parseScriptLine(text, { file: 'p.txt', line: 7 });
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error(`expected ${text} to be rejected`);
}

describe('parseScriptLine', () => {
  it('reads the action case-insensitively and the objects with their ids', () => {
    expect(parseScriptLine('[PutIn] <Apple> (12) <fridge> (31)')).toEqual({
      action: 'PUTIN',
      objects: [
        { name: 'apple', id: 12 },
        { name: 'fridge', id: 31 },
      ],
      agent: 0,
    });
  });

  it('reads EAI ids written k.id as node id, and ProgPrompt agent prefixes', () => {
    expect(parseScriptLine('[WALK] <home_office> (1.319)').objects).toEqual([{ name: 'home_office', id: 319 }]);
    const line = parseScriptLine('<char1> [grab] <coffee pot> (230)');
    expect(line.agent).toBe(1);
    expect(line.objects).toEqual([{ name: 'coffee_pot', id: 230 }]);
  });

  it('accepts zero-object actions and the LOOKAT_MEDIUM alias', () => {
    expect(parseScriptLine('[StandUp]')).toEqual({ action: 'STANDUP', objects: [], agent: 0 });
    expect(parseScriptLine('[lookat_medium] <tv> (4)').action).toBe('LOOKAT');
  });

  it('rejects an unknown action, naming file, line and value', () => {
    const error = parseError('[FLY] <kite> (3)');
    expect(error.message).toBe('p.txt:7: unknown action "FLY" in "[FLY] <kite> (3)"');
  });

  it('rejects a wrong number of objects', () => {
    expect(parseError('[GRAB] <cup> (1) <table> (2)').message).toContain(
      'wrong number of objects for GRAB: got 2, expected 1',
    );
    expect(parseError('[PUTBACK] <cup> (1)').message).toContain('got 1, expected 2');
    expect(parseError('[SLEEP] <bed> (5)').message).toContain('got 1, expected 0');
  });

  it('rejects a non-numeric id', () => {
    expect(parseError('[GRAB] <cup> (one)').message).toContain('non-numeric object id "one" for <cup>');
    expect(parseError('[GRAB] <cup> (1.x)').message).toContain('non-numeric object id "1.x"');
  });

  it('rejects text that is not a script line', () => {
    expect(parseError('walk to the kitchen').message).toContain('not a script line');
  });

  it('prints the canonical form, which parses back to the same line', () => {
    const line = parseScriptLine('<char0> [putback] <Water glass> (1.1000) <sink> (231)');
    expect(formatScriptLine(line)).toBe('[PUTBACK] <water_glass> (1000) <sink> (231)');
    expect(parseScriptLine(formatScriptLine(line))).toEqual(line);
  });

  it('knows the arity of every executable action', () => {
    for (const action of EXECUTABLE_ACTIONS) expect([0, 1, 2]).toContain(ACTION_ARITY[action]);
    expect(EXECUTABLE_ACTIONS).toHaveLength(42);
  });
});

describe('parseProgram', () => {
  const text =
    'Write an email\ngo to the office and write an email\n\n\n[WALK] <computer> (1.417)\n# a comment\n[SWITCHON] <computer> (1.417)\n';

  it('reads the header, the script lines and their line numbers', () => {
    const program = parseProgram(text, 'email.txt');
    expect(program.title).toBe('Write an email');
    expect(program.description).toBe('go to the office and write an email');
    expect(program.lines.map(formatScriptLine)).toEqual(['[WALK] <computer> (417)', '[SWITCHON] <computer> (417)']);
    expect(program.lineNumbers).toEqual([5, 7]);
  });

  it('accepts a file of script lines only', () => {
    const program = parseProgram('[WALK] <tv> (3)\n\n[SWITCHON] <tv> (3)\n');
    expect(program.title).toBe('');
    expect(program.lines).toHaveLength(2);
  });

  it('reports a bad line with its line number in the file', () => {
    expect(() => parseProgram(`${text}[SWITCHON] <computer> (x)\n`, 'email.txt')).toThrow(/^email\.txt:8: non-numeric/);
  });

  it('round-trips through formatProgram', () => {
    const program = parseProgram(text);
    const again = parseProgram(formatProgram(program));
    expect(again.title).toBe(program.title);
    expect(again.description).toBe(program.description);
    expect(again.lines).toEqual(program.lines);
  });
});
