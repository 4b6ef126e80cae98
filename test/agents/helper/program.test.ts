import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mapClassOffline } from '../../../src/agents/helper/classes.js';
import { formatProgram, mergePrograms, parseProgram, programHandles } from '../../../src/agents/helper/program.js';
import { CORRECTION_SEEDS, PERSONAL_ROUTINES, PLAN_SEEDS } from '../../../src/agents/helper/seeds.js';
import { formatGoal, parseGoal } from '../../../src/sim/subgoal-text.js';
import { describeWithShared, sharedPath } from '../../helpers/shared-data.js';

describe('HELPER program grammar', () => {
  it('reads declarations with landmark and attributes, calls, corrective moves and loops', () => {
    const program = parseProgram(
      [
        '```python',
        'mug = InteractionObject("Mug", landmark="Sink", attributes=["clean"])',
        'machine = InteractionObject(object_class="CoffeeMachine", landmark=None)',
        '# goal: mug(isClean) isFilledWithCoffee',
        'mug.pickup_and_place(machine)  # into the machine',
        'machine.toggle_on()',
        'agent = AgentCorrective()',
        'agent.move_closer()',
        'for plate in all_instances("Plate"):',
        '    plate.clean()',
        'mug.go_to()',
        '```',
      ].join('\n'),
    );
    expect(program.rejected).toEqual([]);
    const kinds = program.statements.map((s) => s.kind);
    expect(kinds).toEqual(['declare', 'declare', 'call', 'call', 'corrective', 'loop', 'call']);
    const handles = programHandles(program.statements);
    expect(handles.get('mug')).toEqual({ name: 'mug', written: 'Mug', landmark: 'Sink', attributes: ['clean'] });
    expect(handles.get('machine')?.landmark).toBeUndefined();
    expect(handles.get('plate')?.every).toBe(true);
    expect(program.blocks[1].goal).toEqual({
      patient: ['mug'],
      qualifiers: ['isClean'],
      predicate: 'isFilledWithCoffee',
    });
    const loop = program.statements[5];
    expect(loop.kind === 'loop' && loop.body.map((s) => s.kind)).toEqual(['call']);
    // The loop's variable is not a handle after the loop.
    expect(parseProgram('for p in all_instances("Plate"):\n    p.clean()\np.clean()').rejected[0].reason).toMatch(
      /not a handle declared before/,
    );
  });

  it('rejects what the API does not have, with the line and the reason, and keeps the rest', () => {
    const program = parseProgram(
      [
        'import os',
        'mug = InteractionObject("Mug")',
        'os.system("rm -rf /")',
        'mug.pickup(mug)',
        'mug.place()',
        'cup.pickup()',
        'mug = InteractionObject("Mug", colour="red")',
        'mug.fly()',
        'exec("mug.pickup()")',
        'mug.pikcup()',
      ].join('\n'),
    );
    expect(program.statements.map((s) => s.kind)).toEqual(['declare', 'call']);
    expect(program.repaired).toEqual([{ written: 'pikcup', read: 'pickup' }]);
    expect(program.rejected.map((r) => [r.line, r.reason])).toEqual([
      [3, 'not a statement of the API (declare a handle, call a method, or loop over all_instances)'],
      [4, 'pickup takes no argument'],
      [5, 'place needs a target handle'],
      [6, "'cup' is not a handle declared before"],
      [7, 'InteractionObject takes no argument \'colour="red"\''],
      [8, "unknown method 'fly'"],
      [9, 'not a statement of the API (declare a handle, call a method, or loop over all_instances)'],
    ]);
    expect(parseProgram('I cannot help with that.').statements).toEqual([]);
  });

  it('formats a program the grammar reads back to the same statements', () => {
    for (const seed of [...PLAN_SEEDS, ...PERSONAL_ROUTINES]) {
      const program = parseProgram(seed.program);
      const again = parseProgram(formatProgram(program));
      expect(again.statements.map((s) => ({ ...s, line: 0 }))).toEqual(
        program.statements.map((s) => ({ ...s, line: 0 })),
      );
      expect(again.blocks).toEqual(program.blocks);
    }
  });

  it('reads and writes goal comments', () => {
    for (const text of [
      'mug isClean',
      '2 breadslice(isCooked) isPlacedTo plate(isClean)',
      'all remotecontrol isPlacedTo sofa',
    ]) {
      const goal = parseGoal(text);
      expect(typeof goal).toBe('object');
      expect(formatGoal(goal as Exclude<typeof goal, string>)).toBe(text);
    }
    expect(parseGoal('mug isPlacedTo')).toBe('isPlacedTo needs a destination');
    expect(parseGoal('unicorn isClean')).toBe("unknown class 'unicorn'");
    expect(parseGoal('mug isShiny')).toBe("unknown predicate 'isShiny'");
  });

  it("has seeds whose programs parse whole, every class mapped, every block's goal read", () => {
    expect(PLAN_SEEDS.length).toBeGreaterThanOrEqual(12);
    expect(CORRECTION_SEEDS.length).toBeGreaterThanOrEqual(12);
    expect(PERSONAL_ROUTINES).toHaveLength(10);
    for (const seed of [...PLAN_SEEDS, ...CORRECTION_SEEDS, ...PERSONAL_ROUTINES]) {
      // A correction runs among the handles of the program it corrects.
      const outside = CORRECTION_SEEDS.includes(seed)
        ? [...seed.program.matchAll(/\b([a-z_]+)\./g)].map((m) => m[1])
        : [];
      const program = parseProgram(seed.program, outside);
      expect(program.rejected, seed.key).toEqual([]);
      for (const handle of programHandles(program.statements).values()) {
        expect(mapClassOffline(handle.written), `${seed.key}: ${handle.written}`).toBeDefined();
      }
    }
    for (const seed of [...PLAN_SEEDS, ...PERSONAL_ROUTINES]) {
      expect(
        parseProgram(seed.program)
          .blocks.slice(1)
          .every((b) => b.goal),
        seed.key,
      ).toBe(true);
    }
  });
});

describe('the programs of one episode merged for the memory', () => {
  const first = parseProgram(
    [
      '# goal: plate isClean',
      'plate = InteractionObject("Plate")',
      'plate.clean()',
      '# goal: tomato isPlacedTo plate(isClean)',
      'tomato = InteractionObject("tomato", landmark="kitchentable")',
      'tomato.pickup_and_place(plate)',
    ].join('\n'),
  );
  // A re-plan after the user's answer: the tomato again (its first placing slipped) and a goal the plan had missed.
  const replan = parseProgram(
    [
      '# goal: tomato isPlacedTo plate(isClean)',
      'dish = InteractionObject("Plate", attributes=["clean"])',
      'tomato = InteractionObject("TomatoSliced")',
      'tomato.pickup_and_place(dish)',
      '# goal: lettuce isPlacedTo plate(isClean)',
      'lettuce = InteractionObject("lettuce")',
      'lettuce.pickup_and_place(dish)',
    ].join('\n'),
  );

  it('keeps each goal once, the first written, and what a re-plan added', () => {
    const merged = parseProgram(formatProgram(mergePrograms([first, replan])));
    expect(merged.blocks.slice(1).map((b) => b.goal && formatGoal(b.goal))).toEqual([
      'plate isClean',
      'tomato isPlacedTo plate(isClean)',
      'lettuce isPlacedTo plate(isClean)',
    ]);
    const calls = merged.statements.filter((s) => s.kind === 'call').map((s) => `${s.handle}.${s.method}`);
    expect(calls).toEqual(['plate.clean', 'tomato.pickup_and_place', 'lettuce.pickup_and_place']);
    // The dropped block's declarations stay: the lettuce is placed on the handle it declared.
    expect(programHandles(merged.statements).get('dish')?.attributes).toEqual(['clean']);
    expect(merged.rejected).toEqual([]);
  });

  it('drops a re-plan of fewer of a counted goal, keeps one of more', () => {
    const toast = (n: number) =>
      parseProgram(
        [
          `# goal: ${n} breadslice(isCooked) isPlacedTo plate(isClean)`,
          'breadslice = InteractionObject("BreadSliced", attributes=["cooked"])',
          'breadslice.pickup_and_place(plate)',
        ].join('\n'),
        ['plate'],
      );
    const goalsOf = (programs: ReturnType<typeof toast>[]) =>
      mergePrograms(programs)
        .blocks.slice(1)
        .map((b) => b.goal && formatGoal(b.goal));
    expect(goalsOf([toast(2), toast(1)])).toEqual(['2 breadslice(isCooked) isPlacedTo plate(isClean)']);
    expect(goalsOf([toast(1), toast(2)])).toHaveLength(2);
  });

  it('is the program itself when there was no re-plan', () => {
    expect(formatProgram(mergePrograms([first]))).toBe(formatProgram(first));
  });
});

describe('offline class mapper', () => {
  it('maps TEACh names, words and misspellings to the catalog, and refuses the unknown', () => {
    expect(mapClassOffline('CoffeeMachine')).toEqual({ className: 'coffeemaker', by: 'catalog' });
    expect(mapClassOffline('BreadSliced')?.className).toBe('breadslice');
    expect(mapClassOffline('coffee_table')?.className).toBe('coffeetable');
    expect(mapClassOffline('CounterTop')?.className).toBe('kitchencounter');
    expect(mapClassOffline('Tomatoe')?.className).toBe('tomato');
    expect(mapClassOffline('microwav')?.className).toBe('microwave');
    expect(mapClassOffline('Potatos')?.className).toBe('potato');
    expect(mapClassOffline('Zeppelin')).toBeUndefined();
  });

  it('reads a class name as a noun: no verb or content reading of the lexicon, no class that several share', () => {
    // "coffee" is what a mug holds, "table" a desk and a kitchen table alike.
    for (const written of ['Coffee', 'TableTopDecor', 'Fruit', 'Appliance']) {
      expect(mapClassOffline(written), written).toBeUndefined();
    }
    // ALFRED's wrist watch and watering can are catalog classes (issue 42)
    expect(mapClassOffline('Watch')).toEqual({ className: 'watch', by: 'catalog' });
    expect(mapClassOffline('WateringCan')).toEqual({ className: 'wateringcan', by: 'catalog' });
    // Nouns naming the thing itself still map, and plurals of class names.
    expect(mapClassOffline('Couch')?.className).toBe('sofa');
    expect(mapClassOffline('Screen')?.className).toBe('tv');
    expect(mapClassOffline('Plates')).toEqual({ className: 'plate', by: 'lexicon' });
    expect(mapClassOffline('Mugs')?.className).toBe('mug');
    expect(mapClassOffline('Cups')?.className).toBe('waterglass');
    expect(mapClassOffline('Bowls')?.className).toBe('dishbowl');
    expect(mapClassOffline('Pan')?.className).toBe('fryingpan');
    expect(mapClassOffline('Pen')?.className).toBe('pen');
    expect(mapClassOffline('Bowl')?.className).toBe('dishbowl');
  });

  it('corrects the spelling of no English word: one edit never turns a word into another class', () => {
    // Each is one or two edits from a class name or alias (sauce, tap, bowl, mat, wall, rag, table, lamp, towel)
    // and was mapped to it by spelling. (Cart, Bat and Racket are ALFRED's classes since issue 42.)
    for (const written of [
      'Saucer',
      'Cap',
      'Bow',
      'Hat',
      'Ball',
      'Bag',
      'Stable',
      'Clamp',
      'Tower',
      'GarbageBag',
      'ToasterOven',
    ]) {
      expect(mapClassOffline(written), written).toBeUndefined();
    }
    expect(mapClassOffline('Frige')).toEqual({ className: 'fridge', by: 'spelling' });
    expect(mapClassOffline('CoffeMachine')).toEqual({ className: 'coffeemaker', by: 'spelling' });
    expect(mapClassOffline('Microwve')?.className).toBe('microwave');
  });
});

describeWithShared([['teach', 'ithor_documented_object_list.json']], 'offline class mapper on every iTHOR type', () => {
  it("maps TEACh's own names as they are spelt: by the catalog or the lexicon, never by a spelling correction", () => {
    const types = JSON.parse(
      readFileSync(sharedPath('teach', 'ithor_documented_object_list.json'), 'utf8'),
    ) as string[];
    expect(types.length).toBeGreaterThan(100);
    const corrected = types.filter((type) => mapClassOffline(type)?.by === 'spelling');
    expect(corrected).toEqual([]);
    expect(types.filter((type) => mapClassOffline(type)?.by === 'catalog').length).toBeGreaterThan(100);
    expect(mapClassOffline('Watch')).toEqual({ className: 'watch', by: 'catalog' });
  });
});
