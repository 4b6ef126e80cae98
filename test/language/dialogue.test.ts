import { describe, expect, it } from 'vitest';
import { dialogueTurns, readDialogue } from '../../src/language/dialogue.js';

describe('dialogueTurns', () => {
  it('splits marked turns and treats unmarked text as the Commander', () => {
    expect(dialogueTurns('<Driver> hi <Commander> Make toast.')).toEqual([
      { speaker: 'driver', text: 'hi' },
      { speaker: 'commander', text: 'Make toast.' },
    ]);
    expect(dialogueTurns('Commander: Make toast.\nDriver: ok')).toEqual([
      { speaker: 'commander', text: 'Make toast.' },
      { speaker: 'driver', text: 'ok' },
    ]);
    expect(dialogueTurns('Make toast.')).toEqual([{ speaker: 'commander', text: 'Make toast.' }]);
  });
});

describe('readDialogue', () => {
  it("reads the request, and a hint whose subject is the Driver's question", () => {
    const r = readDialogue(
      '<Driver> hi, what should I do today? <Commander> Could you make me a slice of toast? ' +
        '<Driver> where is the bread? <Commander> The bread is in the fridge. <Commander> thanks!',
    );
    expect(r.goal.subgoals).toEqual([{ patient: ['breadslice'], predicate: 'isCooked', using: ['toaster'] }]);
    expect(r.hints).toEqual([{ className: 'bread', host: 'fridge', relation: 'IN' }]);
    expect(r.unread).toEqual([]);
  });

  it('applies a correction to the destination and reads one hint per instance', () => {
    const r = readDialogue(
      '<Commander> Put all the remote controls on the armchair. <Driver> ok <Commander> sorry, I meant the sofa. ' +
        '<Driver> where are they? <Commander> one is on the chair and another is in the fridge.',
    );
    expect(r.goal.subgoals).toEqual([
      { patient: ['remotecontrol'], count: 'all', predicate: 'isPlacedTo', destination: ['sofa'] },
    ]);
    expect(r.corrections).toEqual(['chair -> sofa']);
    expect(r.hints.map((h) => `${h.className} ${h.relation} ${h.host}`)).toEqual([
      'remotecontrol ON chair',
      'remotecontrol IN fridge',
    ]);
  });

  it('gives "it" the class of the last thing asked for', () => {
    const r = readDialogue('<Commander> Please wash all the plates. <Commander> They are in the sink.');
    expect(r.goal.subgoals).toEqual([{ patient: ['plate'], count: 'all', predicate: 'isClean' }]);
    expect(r.hints).toEqual([{ className: 'plate', host: 'sink', relation: 'IN' }]);
  });

  it('reads a named routine with its changes', () => {
    const r = readDialogue('<Commander> Make me the Gabe sandwich but with lettuce and no tomato.');
    expect(r.goal.subgoals).toEqual([]);
    expect(r.routine).toEqual({
      name: 'gabe sandwich',
      changes: [
        { kind: 'add', className: 'lettuce', count: 1 },
        { kind: 'remove', className: 'tomato' },
      ],
    });
    const salad = readDialogue(
      'Make me a Dax salad with three slices of potato, an extra tomato and lettuce instead of tomato.',
    );
    expect(salad.routine?.changes).toEqual([
      { kind: 'count', className: 'potato', count: 3 },
      { kind: 'add', className: 'tomato', count: 1 },
      { kind: 'replace', from: 'tomato', to: 'lettuce' },
    ]);
  });

  it('reads adjectives as conditions: a clean plate is cleaned first', () => {
    const r = readDialogue('<Commander> Put two slices of bread on a clean plate.');
    expect(r.goal.subgoals).toEqual([
      { patient: ['plate'], predicate: 'isClean' },
      {
        patient: ['breadslice'],
        count: 2,
        predicate: 'isPlacedTo',
        destination: ['plate'],
        destinationQualifiers: ['isClean'],
      },
    ]);
  });

  it('keeps a sentence it cannot read, with the reason', () => {
    const r = readDialogue('<Commander> Juggle the oranges while singing.');
    expect(r.goal.subgoals).toEqual([]);
    expect(r.unread).toHaveLength(1);
    expect(r.unread[0].text).toBe('Juggle the oranges while singing.');
    expect(r.unread[0].reason).not.toBe('');
  });
});
