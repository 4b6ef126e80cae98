import { describe, expect, it } from 'vitest';
import { adaptGoals, changedGoals, retrieveAndAdapt } from '../../../src/agents/helper/adapt.js';
import { HelperMemory } from '../../../src/agents/helper/memory.js';
import { parseProgram } from '../../../src/agents/helper/program.js';
import type { MemoryEntry } from '../../../src/agents/helper/roles.js';
import { readDialogue } from '../../../src/language/dialogue.js';

const memory = HelperMemory.load('helper', undefined);
const plan = async (dialogue: string) => {
  const examples = await memory.retrieve('plan', dialogue);
  return { examples, ...retrieveAndAdapt(dialogue, readDialogue(dialogue), examples) };
};

describe("HELPER's offline retrieve-and-adapt planner", () => {
  it('retrieves the nearest examples and rebinds their blocks to the dialogue', async () => {
    const { examples, program, notes } = await plan('<Commander> Please make me a coffee in a clean mug.');
    expect(examples).toHaveLength(3);
    expect(examples[0].key).toMatch(/coffee/);
    expect(notes.missing).toEqual([]);
    expect(program).toContain('InteractionObject("CoffeeMachine")');
    // The mug the first block cleans is the one the second fills: one handle.
    expect(program.match(/= InteractionObject\("Mug"/g)).toHaveLength(1);
    const parsed = parseProgram(program);
    expect(parsed.rejected).toEqual([]);
    expect(parsed.blocks.slice(1).map((b) => b.goal?.predicate)).toEqual(['isClean', 'isFilledWithCoffee']);
  });

  it('repeats a block for a count, loops for "all", and names the hinted place as the landmark', async () => {
    const two = await plan('<Commander> Put two slices of bread on a clean plate.');
    expect(two.program.match(/\.pickup_and_place\(plate\)/g)).toHaveLength(2);
    const all = await plan(
      '<Commander> Put all the mugs in the fridge. <Driver> where? <Commander> One is on the sofa.',
    );
    expect(all.program).toMatch(/for mug in all_instances\("mug"\):\n {4}mug\.pickup_and_place\(fridge\)/);
    const hinted = await plan('<Commander> Toast a slice of bread. <Commander> The bread is in the fridge.');
    expect(hinted.program).toContain('landmark="fridge"');
  });

  it('calls the API directly when no example has the goal, and leaves out what the API cannot say', () => {
    const none: MemoryEntry[] = [];
    const { program, notes } = adaptGoals(
      [
        { patient: ['tablelamp'], predicate: 'isToggledOn' },
        { patient: ['mug'], predicate: 'isFilledWithCoffee' },
      ],
      none,
      [],
    );
    expect(notes.direct).toEqual(['tablelamp isToggledOn']);
    expect(notes.missing).toEqual(['mug isFilledWithCoffee']);
    expect(program).toContain('tablelamp.toggle_on()');
    expect(program).not.toContain('mug');
  });

  it('recalls a named routine and applies the changes asked for', async () => {
    const { program, notes } = await plan(
      '<Commander> Make me the Gabe sandwich but with no tomato and three slices of toast.',
    );
    expect(notes.routine).toEqual({ name: 'gabe sandwich', found: true });
    const goals = parseProgram(program)
      .blocks.slice(1)
      .map((b) => b.goal);
    expect(goals.some((g) => g?.patient.includes('tomato'))).toBe(false);
    expect(goals.filter((g) => g?.patient.includes('breadslice')).map((g) => g?.count)).toEqual([3, 3]);
    expect(program.match(/\.toast\(\)/g)).toHaveLength(3);
    const unknown = await plan('<Commander> Make me the Zork sandwich.');
    expect(unknown.notes.routine).toEqual({ name: 'zork sandwich', found: false });
  });

  it("changes a routine's goals: add where the others go, remove, replace, count", () => {
    const goals = [
      { patient: ['plate'], predicate: 'isClean' as const },
      {
        patient: ['tomato'],
        predicate: 'isPlacedTo' as const,
        destination: ['plate'],
        destinationQualifiers: ['isClean' as const],
      },
    ];
    expect(changedGoals(goals, [{ kind: 'add', className: 'lettuce', count: 1 }])[2]).toEqual({
      patient: ['lettuce'],
      predicate: 'isPlacedTo',
      destination: ['plate'],
      destinationQualifiers: ['isClean'],
    });
    expect(changedGoals(goals, [{ kind: 'remove', className: 'tomato' }])).toHaveLength(1);
    expect(changedGoals(goals, [{ kind: 'replace', from: 'tomato', to: 'potato' }])[1].patient).toEqual(['potato']);
    expect(changedGoals(goals, [{ kind: 'count', className: 'tomato', count: 2 }])[1].count).toBe(2);
    expect(changedGoals(goals, [{ kind: 'add', className: 'tomato', count: 1 }])[1].count).toBe(2);
  });
});
