/** The registry of named entries: the name check, a refusal that suggests and lists, an override that undoes itself. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/util/errors.js';
import { Registry } from '../../src/util/registry.js';

const registry = () =>
  new Registry<{ name: string; n: number }>(
    { kind: 'thing', pattern: /^[a-z]+$/, patternWords: 'lower-case letters', unknownHint: 'add one with --things' },
    [
      { name: 'greedy', n: 1 },
      { name: 'oracle', n: 2 },
    ],
  );

describe('Registry', () => {
  it('refuses an unknown name with the nearest one, the known ones and how to add one', () => {
    const things = registry();
    expect(() => things.get('gready')).toThrow(InputError);
    expect(() => things.get('gready')).toThrow(
      "unknown thing 'gready' (did you mean greedy? known: greedy, oracle); add one with --things",
    );
    expect(things.unknown('telepath')).toBe("unknown thing 'telepath' (known: greedy, oracle); add one with --things");
    expect(things.unknown('x'.repeat(200))).toContain(`'${'x'.repeat(77)}...'`);
  });

  it('checks names, and overrides an entry until told to put it back', () => {
    const things = registry();
    expect(() => things.add({ name: 'Bad Name', n: 0 })).toThrow(/must be lower-case letters/);
    const undo = things.override({ name: 'oracle', n: 9 });
    expect(things.get('oracle').n).toBe(9);
    const undoNew = things.override({ name: 'fresh', n: 3 });
    expect(things.names()).toEqual(['greedy', 'oracle', 'fresh']);
    undoNew();
    undo();
    expect(things.get('oracle').n).toBe(2);
    expect(things.has('fresh')).toBe(false);
  });
});
