import { describe, expect, it } from 'vitest';
import { parseProgram, tokenizeLine } from '../../../src/agents/baselines/progprompt/grammar.js';

describe('ProgPrompt grammar', () => {
  it('reads calls, comments and assertions with their else lines', () => {
    const program = parseProgram(
      [
        '\t# 0: go to the fridge',
        "\twalk('kitchen.10')",
        "\tassert('close' to 'fridge.20' )",
        "\t\telse: walk('fridge.20')",
        "\tassert('fridge.20' is 'closed')",
        "\t\telse: close('fridge.20')",
        "\topen('fridge.20')",
        "\tassert('mug.31' in 'hands')",
        "\t\telse: walk('mug.31')",
        "\t\telse: grab('mug.31')",
        '\tputin("mug.31", "fridge.20")',
        "\tassert 'mug.31' on 'table.5'",
        "\tassert('mug.31' in 'fridge.20')",
      ].join('\n'),
    );
    expect(program.stop).toBeUndefined();
    expect(program.comments).toEqual(['0: go to the fridge']);
    expect(program.statements).toEqual([
      { kind: 'call', action: 'walk', args: ['kitchen.10'], line: 2 },
      {
        kind: 'assert',
        condition: { kind: 'close', object: 'fridge.20' },
        otherwise: [{ kind: 'call', action: 'walk', args: ['fridge.20'], line: 4 }],
        line: 3,
      },
      {
        kind: 'assert',
        condition: { kind: 'state', object: 'fridge.20', state: 'closed' },
        otherwise: [{ kind: 'call', action: 'close', args: ['fridge.20'], line: 6 }],
        line: 5,
      },
      { kind: 'call', action: 'open', args: ['fridge.20'], line: 7 },
      {
        kind: 'assert',
        condition: { kind: 'held', object: 'mug.31' },
        otherwise: [
          { kind: 'call', action: 'walk', args: ['mug.31'], line: 9 },
          { kind: 'call', action: 'grab', args: ['mug.31'], line: 10 },
        ],
        line: 8,
      },
      { kind: 'call', action: 'putin', args: ['mug.31', 'fridge.20'], line: 11 },
      {
        kind: 'assert',
        condition: { kind: 'placed', object: 'mug.31', relation: 'on', target: 'table.5' },
        otherwise: [],
        line: 12,
      },
      {
        kind: 'assert',
        condition: { kind: 'placed', object: 'mug.31', relation: 'in', target: 'fridge.20' },
        otherwise: [],
        line: 13,
      },
    ]);
  });

  it('keeps the valid prefix and says where and why it stopped', () => {
    const cases: [string, RegExp][] = [
      ["walk('a.1')\nfor x in range(3):\n\tgrab('b.2')", /line 2: unexpected '3'/],
      ["walk('a.1')\nimport os", /line 2: expected '\('/],
      ["walk('a.1')\neval('1+1') + 2", /unexpected '\+'/],
      ["walk('a.1')\nwalk(a.1)", /unexpected '\.'|expected a quoted name/],
      ["walk('a.1')\nwalk('a.1", /unterminated string/],
      ["walk('a.1')\ndef other_task():", /a new function begins/],
      ["walk('a.1')\nelse: grab('b.2')", /'else:' without an assertion/],
      ["walk('a.1')\nassert('far' to 'b.2')", /expected 'close' to/],
      ["walk('a.1')\nassert('b.2' near 'c.3')", /unknown condition 'near'/],
      ["walk('a.1')\nwalk('a.1') grab('b.2')", /unexpected text after the statement/],
    ];
    for (const [text, reason] of cases) {
      const program = parseProgram(text);
      expect(program.statements, text).toHaveLength(1);
      expect(`line ${program.stop?.line}: ${program.stop?.reason}`, text).toMatch(reason);
    }
  });

  it('numbers lines from where the text continues a program', () => {
    expect(parseProgram("\n\nwalk('a.1')", 10).statements[0].line).toBe(12);
  });

  it('tokenises strings with either quote and rejects characters outside the grammar', () => {
    expect(tokenizeLine(`walk("a b", 'c')`)).toEqual([
      { type: 'ident', value: 'walk' },
      { type: 'punct', value: '(' },
      { type: 'string', value: 'a b' },
      { type: 'punct', value: ',' },
      { type: 'string', value: 'c' },
      { type: 'punct', value: ')' },
    ]);
    expect(tokenizeLine('x = 1')).toEqual({ error: "unexpected '='" });
  });
});
