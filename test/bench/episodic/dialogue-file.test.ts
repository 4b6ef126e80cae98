import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readDialogueFile } from '../../../src/bench/episodic/dialogue-file.js';
import { runEpisodicEpisode } from '../../../src/bench/episodic/episode.js';
import { taskById, useDialogueFile } from '../../../src/bench/episodic/tasks/index.js';

const dir = mkdtempSync(join(tmpdir(), 'hearth-dialogues-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, lines: string[]) => {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
};
const good = JSON.stringify({
  id: 'coffee',
  dialogue: '<Driver> hi <Commander> Could you make me a coffee in a clean mug?',
  goal: ['mug isClean', 'mug(isClean) isFilledWithCoffee'],
  stepLimit: 40,
  requires: [{ className: 'coffee maker', count: 1 }],
});

describe('dialogue task files', () => {
  it('reads one task per line, skipping blank and # lines, and runs them', async () => {
    const path = file('good.jsonl', ['# my dialogues', good, '']);
    const [task] = readDialogueFile(path);
    expect(task).toMatchObject({
      id: 'dialogues/coffee',
      family: 'dialogues',
      stepLimit: 40,
      subgoals: [
        { patient: ['mug'], predicate: 'isClean' },
        { patient: ['mug'], qualifiers: ['isClean'], predicate: 'isFilledWithCoffee' },
      ],
      requires: [{ className: 'coffeemaker', count: 1 }],
      source: `${path}:2`,
    });
    useDialogueFile(path);
    expect(taskById('dialogues/coffee').text).toMatch(/make me a coffee/);
    const outcome = await runEpisodicEpisode({ agent: 'helper', home: 'cottage', task: 'dialogues/coffee', seed: 0 });
    expect(outcome.score.sr).toBe(1);
  });

  it('refuses a bad line with one error naming the file, the line and the value', () => {
    const refuse = (name: string, line: string, message: RegExp) => {
      const path = file(name, [good.replace('"coffee"', '"first"'), line]);
      expect(() => readDialogueFile(path)).toThrow(message);
      // The line, and for a line that is not JSON the column where it goes wrong.
      expect(() => readDialogueFile(path)).toThrow(
        new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:2(:\\d+)?: `),
      );
    };
    refuse('json.jsonl', '{"id": "x", ', /not a JSON object/);
    refuse('field.jsonl', JSON.stringify({ id: 'x', goal: ['mug isClean'] }), /field 'dialogue'/);
    refuse('extra.jsonl', JSON.stringify({ id: 'x', dialogue: 'hi', goal: ['mug isClean'], colour: 1 }), /colour/);
    refuse(
      'class.jsonl',
      JSON.stringify({ id: 'x', dialogue: 'hi', goal: ['unicorn isClean'] }),
      /goal 'unicorn isClean': unknown class 'unicorn'/,
    );
    refuse(
      'predicate.jsonl',
      JSON.stringify({ id: 'x', dialogue: 'hi', goal: ['mug isShiny'] }),
      /unknown predicate 'isShiny'/,
    );
    refuse(
      'requires.jsonl',
      JSON.stringify({
        id: 'x',
        dialogue: 'hi',
        goal: ['mug isClean'],
        requires: [{ className: 'unicorn', count: 1 }],
      }),
      /requires: unknown class 'unicorn'/,
    );
    refuse('twice.jsonl', good.replace('"coffee"', '"first"'), /task id 'first' is given twice/);
    expect(() => readDialogueFile(join(dir, 'missing.jsonl'))).toThrow(
      /missing\.jsonl: cannot read the dialogue file: ENOENT/,
    );
    expect(() => readDialogueFile(file('empty.jsonl', ['# nothing']))).toThrow(/no task in the dialogue file/);
  });
});
