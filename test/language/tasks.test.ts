/**
 * The offline reading of episodic task texts: every built-in task's text (LLM-State's Table I, the TEACh-style types)
 * reads to the subgoals its hand-written definition states, up to the documented differences (a `toast` is cooked in
 * a toaster, which TEACh's definitions leave open); paraphrases, pronouns and recipes; texts it cannot read say why.
 */
import { describe, expect, it } from 'vitest';
import { LLM_STATE_TASKS } from '../../src/bench/episodic/tasks/llm-state.js';
import { TEACH_TASKS } from '../../src/bench/episodic/tasks/teach.js';
import { goalClasses, readTask, type TaskReading } from '../../src/language/tasks.js';
import type { SubgoalSpec } from '../../src/sim/subgoals.js';

/** A spec as compared: keys sorted, `count: 1` written out, `using` left out where the definition has none. */
function canonical(spec: SubgoalSpec, dropUsing: boolean): string {
  const { using, ...rest } = spec;
  const full: Record<string, unknown> = { count: 1, ...rest, ...(!dropUsing && using && { using }) };
  return JSON.stringify(Object.fromEntries(Object.entries(full).sort(([a], [b]) => a.localeCompare(b))));
}

function read(text: string): TaskReading {
  const result = readTask(text);
  if (!result.ok) throw new Error(`"${text}" does not read: ${result.reason}`);
  return result.reading;
}

describe('the task grammar on the built-in tasks', () => {
  for (const task of [...LLM_STATE_TASKS, ...TEACH_TASKS]) {
    it(`reads "${task.text}" as ${task.id} states it`, () => {
      const reading = read(task.text);
      // A toast is a bread slice cooked in a toaster: stricter than a TEACh definition that names no appliance.
      const defined = new Set(task.subgoals.map((s) => s.using === undefined));
      const dropUsing = defined.has(true) && task.family === 'teach';
      // A slice of potato is the potato sliced (a state since issue 42): stricter than the templated TEACh definitions,
      // written before slicing was simulated.
      const slicing = task.family === 'teach' && !task.subgoals.some((s) => s.predicate === 'isSliced');
      const unsliced = (s: SubgoalSpec): SubgoalSpec => {
        const qualifiers = s.qualifiers?.filter((q) => q !== 'isSliced');
        const { qualifiers: _q, ...rest } = s;
        return qualifiers?.length ? { ...rest, qualifiers } : rest;
      };
      const specs = slicing
        ? reading.subgoals.filter((s) => s.predicate !== 'isSliced').map(unsliced)
        : reading.subgoals;
      const got = specs.map((s) => canonical(s, dropUsing)).sort();
      const want = task.subgoals.map((s) => canonical(s, false)).sort();
      expect(got).toEqual(want);
      // Every action goal the definition has is read, or is switching on a thing a read subgoal switches on or an
      // instrument it must use (what a task switches on starts off: reaching the state takes the action).
      const used = new Set(
        reading.subgoals.flatMap((s) => (s.predicate === 'isToggledOn' ? s.patient : (s.using ?? []))),
      );
      for (const goal of task.actionGoals ?? []) {
        const implied = goal.anyOf.every(
          (alt) => alt.action === 'switchon' && (alt.classes ?? []).every((c) => used.has(c)),
        );
        const readIt = reading.actionGoals.some((g) => JSON.stringify(g) === JSON.stringify(goal));
        expect(implied || readIt, JSON.stringify(goal)).toBe(true);
      }
    });
  }
});

describe('the task grammar on other texts', () => {
  it('reads every instance of a room-named or plural thing, one of a bare one, and numbers', () => {
    expect(read('Turn off the lights in the kitchen.').subgoals).toEqual([
      { patient: ['light'], count: 'all', room: 'kitchen', predicate: 'isToggledOff' },
    ]);
    expect(read('Close all the kitchen cabinets.').subgoals).toEqual([
      { patient: ['kitchencabinet'], count: 'all', predicate: 'isClosed' },
    ]);
    expect(read('Turn the tv on.').subgoals).toEqual([{ patient: ['tv'], predicate: 'isToggledOn' }]);
    expect(read('Make two slices of toast.').subgoals).toEqual([
      { patient: ['breadslice'], count: 2, predicate: 'isCooked', using: ['toaster'] },
    ]);
  });

  it('resolves pronouns to the clause before and drops a fetch that a placement completes', () => {
    expect(read('Take the apple and place it on the desk.').subgoals).toEqual([
      { patient: ['apple'], predicate: 'isPlacedTo', destination: ['desk'] },
    ]);
    expect(read('Heat the potato in the microwave and serve it on a plate.').subgoals).toEqual([
      { patient: ['potato'], predicate: 'isCooked', using: ['microwave'] },
      { patient: ['plate'], predicate: 'isClean' },
      {
        patient: ['potato'],
        qualifiers: ['isCooked'],
        predicate: 'isPlacedTo',
        destination: ['plate'],
        destinationQualifiers: ['isClean'],
      },
    ]);
    // A fetch alone is a fetch.
    expect(read('Find the remote control.').subgoals).toEqual([
      { patient: ['remotecontrol'], predicate: 'isPickedUp' },
    ]);
  });

  it('reads several clauses and sentences in order, and the appliance a verb names', () => {
    expect(
      read('Put the book on the bed, then switch off the light in the bedroom. Open the fridge.').subgoals,
    ).toEqual([
      { patient: ['book'], predicate: 'isPlacedTo', destination: ['bed'] },
      { patient: ['light'], count: 'all', room: 'bedroom', predicate: 'isToggledOff' },
      { patient: ['fridge'], predicate: 'isOpen' },
    ]);
    expect(read('Microwave the chicken.').subgoals).toEqual([
      { patient: ['chicken'], predicate: 'isCooked', using: ['microwave'] },
    ]);
    // using a thing is switching it on, as "switch on the tv" reads: no action goal beside the state
    expect(read('Use the tv.')).toEqual(read('Switch on the tv.'));
    expect(read('Use the tv.')).toEqual({ subgoals: [{ patient: ['tv'], predicate: 'isToggledOn' }], actionGoals: [] });
  });

  it('says why it cannot read a text', () => {
    const unknown = readTask('Brush your teeth.');
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.reason).toMatch(/no rule of the task grammar matches/);
    const nonsense = readTask('Open the apple.');
    expect(nonsense).toEqual({ ok: false, reason: 'an apple cannot be opened' });
    const carried = readTask('Put the fridge on the table.');
    expect(carried).toEqual({ ok: false, reason: 'a fridge cannot be carried' });
    expect(readTask('')).toEqual({ ok: false, reason: 'the text is empty' });
  });
});

describe('the classes a goal makes relevant', () => {
  it('holds patients, destinations, instruments, the containers patients are kept in, and named rooms', () => {
    const toasts = goalClasses(read('Make 3 slices of toasts using toaster and place them on kitchen table.'));
    expect([...toasts.classes]).toEqual(expect.arrayContaining(['breadslice', 'toaster', 'kitchentable', 'fridge']));
    expect(toasts.classes.has('microwave')).toBe(false); // the toaster is named: no other heater is relevant
    const light = goalClasses(read('Switch off the light in bedroom.'));
    expect([...light.rooms]).toEqual(['bedroom']);
    const table = goalClasses(read('Empty the surface of kitchen table, and place them in kitchen cabinets.'));
    expect([...table.hosts]).toEqual(['kitchentable']);
    expect(table.classes.has('kitchencabinet')).toBe(true);
  });
});
