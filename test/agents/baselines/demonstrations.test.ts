import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  formatDemonstrations,
  readDemonstrations,
  writeDemonstrations,
} from '../../../src/agents/demonstrations/io.js';
import { DemonstrationLibrary } from '../../../src/agents/demonstrations/library.js';
import { demonstrationCalls, demonstrationPhrases, functionName } from '../../../src/agents/demonstrations/render.js';
import type { DemonstrationsHeader } from '../../../src/agents/demonstrations/types.js';
import { phrasesFor } from '../../../src/agents/prompting/skill-text.js';
import { DEMOS } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'hearth-demos-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const header: DemonstrationsHeader = {
  format: 'hearth-demonstrations',
  version: 1,
  domain: 'virtualhome',
  homes: ['gen:1001', 'gen:1002'],
  count: DEMOS.length,
  generator: 'test',
};

describe('demonstrations files', () => {
  it('round-trip byte for byte', () => {
    const file = join(dir, 'demos.jsonl');
    writeDemonstrations(file, header, DEMOS);
    const read = readDemonstrations(file);
    expect(read.demonstrations).toEqual(DEMOS);
    expect(formatDemonstrations(read.header, read.demonstrations)).toBe(readFileSync(file, 'utf8'));
  });

  it('name the file and line of a bad demonstration', () => {
    const text = formatDemonstrations(header, DEMOS).split('\n');
    const bad = (lines: string[], name: string) => {
      const file = join(dir, name);
      writeFileSync(file, lines.join('\n'));
      return () => readDemonstrations(file);
    };
    const broken = [...text];
    broken[2] = broken[2].replace('"steps":[', '"steps":"x","extra":[');
    expect(bad(broken, 'a.jsonl')).toThrow(/a\.jsonl:3: /);
    const duplicate = [...text];
    duplicate[2] = duplicate[1];
    expect(bad(duplicate, 'b.jsonl')).toThrow(/b\.jsonl:3: duplicate demonstration id 'train\/1'/);
    expect(bad(['{"format":"other"}'], 'c.jsonl')).toThrow(/c\.jsonl:1: format/);
    expect(bad([text[0], text[1]], 'd.jsonl')).toThrow(/d\.jsonl:1: header says 3 demonstrations, the file holds 1/);
    expect(bad([text[0], '{oops'], 'e.jsonl')).toThrow(/e\.jsonl:2: invalid JSON/);
    expect(() => readDemonstrations(join(dir, 'missing.jsonl'))).toThrow(/npm run demos/);
  });
});

describe('demonstration retrieval', () => {
  const library = new DemonstrationLibrary(DEMOS);

  it('finds the demonstration of the most similar instruction first', async () => {
    const [first] = await library.retrieve({ instructions: ['If the television is on, switch off the TV.'] }, 1);
    expect(first.id).toBe('train/1');
    const [fridge] = library.retrieveSync({ instructions: ['Close the fridge whenever it is open.'] }, 1);
    expect(fridge.id).toBe('train/2');
  });

  it('goes round-robin over instructions so that each gets an example', () => {
    const picked = library.retrieveSync(
      { instructions: ['Close the fridge if it is open.', 'Put the book on the coffee table.'] },
      2,
    );
    expect(picked.map((d) => d.id)).toEqual(['train/2', 'train/3']);
  });

  it('breaks near ties with what the agent sees', () => {
    const withBooks = library.retrieveSync({ instructions: ['tidy up'], visible: ['book.7', 'sofa.8'] }, 1);
    expect(withBooks[0].id).toBe('train/3');
    const withFridge = library.retrieveSync({ instructions: ['tidy up'], visible: ['fridge.2'] }, 1);
    expect(withFridge[0].id).not.toBe('train/3');
  });

  it('ranks as a fresh library does when it asks again with instructions it has matched before', async () => {
    const instructions = ['tidy up', 'If the fridge is open, close it.', 'Keep the book on the coffee table.'];
    const situations = [['book.7', 'sofa.8'], ['fridge.2'], [], ['mug.31', 'coffeetable.41']];
    const asked = new DemonstrationLibrary(DEMOS);
    for (const visible of situations) {
      for (const k of [1, 2, 3]) {
        const fresh = new DemonstrationLibrary(DEMOS).retrieveSync({ instructions, visible }, k);
        expect(asked.retrieveSync({ instructions, visible }, k)).toEqual(fresh);
        expect(await asked.retrieve({ instructions: [...instructions].reverse(), visible }, k)).toEqual(
          await new DemonstrationLibrary(DEMOS).retrieve({ instructions: [...instructions].reverse(), visible }, k),
        );
      }
    }
  });

  it('returns at most the library, and nothing for k = 0', () => {
    expect(library.retrieveSync({ instructions: ['a'] }, 10)).toHaveLength(3);
    expect(library.retrieveSync({ instructions: ['a'] }, 0)).toEqual([]);
  });

  it('renders demonstrations as phrases, calls and function names', () => {
    const phrases = phrasesFor('virtualhome', ['walk', 'switchoff', 'put']);
    expect(demonstrationPhrases(DEMOS[0], phrases)).toEqual([
      'walk to livingroom.11',
      'walk to tv.33',
      'switch off tv.33',
    ]);
    expect(demonstrationCalls(DEMOS[2]).at(-1)).toBe("put('book.40', 'coffeetable.41')");
    expect(functionName('If the TV is on, turn it off.')).toBe('if_the_tv_is_on_turn_it_off');
    expect(functionName('3 mugs!')).toBe('task_3_mugs');
  });
});
