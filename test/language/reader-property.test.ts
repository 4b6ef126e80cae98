/**
 * The shared reader (`src/language/`) on any string: it reads a text or fails with its reason, and never throws.
 * Texts come in three kinds: any string at all; word soups of what the reader knows (the catalog's names, verbs,
 * prepositions, rooms, dialogue turns, punctuation), which reach deep into its grammar; and the tasks' own texts
 * with random edits. Each reader's failure is its documented `{ ok: false, reason }` with a reason of one line.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDialogue } from '../../src/language/dialogue.js';
import { readFeedback } from '../../src/language/feedback.js';
import { parseInstruction } from '../../src/language/grammar.js';
import { readGoal } from '../../src/language/read-goal.js';
import { readTask } from '../../src/language/tasks.js';
import { CATALOG } from '../../src/sim/catalog/index.js';
import { propertyRuns } from '../helpers/property.js';

const WORDS = [
  ...new Set(CATALOG.flatMap((entry) => entry.name.split(/[_ ]/))),
  ...['put', 'place', 'take', 'bring', 'open', 'close', 'turn', 'switch', 'on', 'off', 'in', 'into', 'onto', 'the'],
  ...['a', 'an', 'all', 'every', 'two', 'some', 'and', 'then', 'it', 'them', 'if', 'is', 'always', 'keep', 'make'],
  ...['clean', 'wash', 'heat', 'cook', 'slice', 'fill', 'water', 'coffee', 'please', 'sorry', 'I', 'meant', 'not'],
  ...['kitchen', 'bedroom', 'bathroom', 'living', 'room', 'except', 'where', 'there', 'here', 'which', 'one'],
  ...['<Commander>', '<Driver>', '.', ',', '?', '!', '"', "'", '(', ')', '-', ':', ';', '3', '0', '\n', '\t'],
];
const TEXTS = [
  'Put the mug in the sink.',
  'Could you make me a coffee in a clean mug? <Driver> where is the mug <Commander> in the cabinet',
  'If the TV is off, switch it on.',
  'Heat the milk and pour it into two cups, then put them on the table.',
  'Slice the tomato. Sorry, I meant the potato.',
];

const soup = fc.array(fc.constantFrom(...WORDS), { maxLength: 24 }).map((words) => words.join(' '));
const edited = fc
  .tuple(fc.constantFrom(...TEXTS), fc.nat(200), fc.nat(8), fc.string({ maxLength: 6 }))
  .map(([text, at, cut, insert]) => {
    const i = at % (text.length + 1);
    return text.slice(0, i) + insert + text.slice(i + cut);
  });
const anyText = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 30 }), soup, edited);

/** A reader's result: read, or failed with a reason of one line. */
function checked(result: { ok: boolean; reason?: string }): void {
  if (!result.ok) {
    expect(typeof result.reason).toBe('string');
    expect(result.reason).not.toBe('');
  }
}

describe('the reader on any string', () => {
  it('readGoal, readTask and parseInstruction read or fail with a reason, never throw', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        checked(readGoal(text));
        checked(readTask(text));
        checked(parseInstruction(text));
      }),
      propertyRuns(120),
    );
  });

  it('readDialogue and readFeedback never throw', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const dialogue = readDialogue(text);
        expect(Array.isArray(dialogue.unread)).toBe(true);
        expect(readFeedback(text)).toBeTypeOf('object');
      }),
      propertyRuns(120),
    );
  });
});
