/**
 * The forms of real dialogue (issue 42: TEACh's dialogues, every turn as written), on phrasings of our own: turns on
 * one line, the Commander's remarks set aside by form, the task's vocabulary, a goal assembled over turns, the steps a
 * Driver is walked through. The corpus itself is measured in place (`hearth read --family teach-human`).
 */
import { describe, expect, it } from 'vitest';
import { dialogueTurns } from '../../src/language/dialogue.js';
import { readFeedback } from '../../src/language/feedback.js';
import { readGoal } from '../../src/language/index.js';
import { isQuestion, isSmallTalk, readLocation } from '../../src/language/remarks.js';
import { formatGoal } from '../../src/sim/subgoal-text.js';

/** The goal lines of a reading, sorted (conjunct order is no part of a goal); a refusal throws with its reason. */
function lines(text: string): string[] {
  const r = readGoal(text);
  if (!r.ok) throw new Error(`"${text}" does not read: ${r.reason}`);
  // the appliance a subgoal names and a means (a step with no score of its own) are part of the reading too
  return r.goal.subgoals
    .map(
      (s) =>
        `${formatGoal(s)}${s.using ? ` using ${s.using.join('|')}` : ''}${s.means ? ' (a means, not scored)' : ''}`,
    )
    .sort();
}

/** How a text reads, in one line: its goal lines, or the reason it is refused. */
const refused = (text: string) => {
  const r = readGoal(text);
  return r.ok ? `read: ${r.goal.subgoals.map(formatGoal).join('; ')}` : r.reason;
};

describe('turns on one line', () => {
  it('splits "Driver: ... Commander: ..." at each capitalised mark inside the line', () => {
    expect(dialogueTurns('Driver: hey there. Commander: grab the mug. Commander: the driver: seat is wet')).toEqual([
      { speaker: 'driver', text: 'hey there.' },
      { speaker: 'commander', text: 'grab the mug.' },
      { speaker: 'commander', text: 'the driver: seat is wet' },
    ]);
  });
});

describe("a Commander's remarks", () => {
  it('knows small talk, praise and the task said done by its words alone', () => {
    for (const s of ['hey!', 'well done, cheers', 'great, that is everything for now', 'not yet', 'ok we are finished'])
      expect(isSmallTalk(s), s).toBe(true);
    for (const s of ['make a coffee', 'the mug is done', 'good, now slice it']) expect(isSmallTalk(s), s).toBe(false);
  });

  it('knows its own questions, never a request said with a question mark', () => {
    expect(isQuestion('did it work')).toBe(true);
    expect(isQuestion('anything left?')).toBe(true);
    expect(isQuestion('when it is hot, serve it')).toBe(false);
  });

  it('reads where a thing is in the short ways people say it, never a request said short', () => {
    expect(readLocation('the spoon beside the kettle', undefined)).toEqual([
      { className: 'spoon', host: 'kettle', relation: 'NEAR' },
    ]);
    expect(readLocation('you will find the bowl inside the microwave.', undefined)).toEqual([
      { className: 'dishbowl', host: 'microwave', relation: 'IN' },
    ]);
    // a place alone is where the thing asked about is
    expect(readLocation('under the sink', 'mug')).toEqual([{ className: 'mug', host: 'sink', relation: 'NEAR' }]);
    // a place word left out, where one reading is plain
    expect(readLocation('apple is the fridge', undefined)).toEqual([
      { className: 'apple', host: 'fridge', relation: 'IN' },
    ]);
    for (const s of ['3 slices on the plate', 'put the cup in the sink', 'the mugs on the shelf, please'])
      expect(readLocation(s, undefined), s).toBeUndefined();
  });
});

describe('a real dialogue', () => {
  it('sets aside greetings, locations, questions and steps, and reads the task', () => {
    expect(
      lines(
        'Driver: hello, what now?. Commander: hey. Commander: we shall wash every bowl. Commander: bowl by the ' +
          'kettle. Driver: where else?. Commander: look behind you. Commander: open the cupboard. Commander: did ' +
          'you find it. Commander: top shelf. Commander: lovely, thanks',
      ),
    ).toEqual(['all dishbowl isClean']);
  });

  it('reads slicing, slices said alone, and what a location makes "it" mean', () => {
    expect(
      lines(
        'Driver: task?. Commander: cut an apple. Commander: knife next to the fridge. Driver: done. ' +
          'Commander: plate inside the cabinet. Commander: put 2 slices on it.',
      ),
    ).toEqual(['2 apple isSliced', '2 apple(isSliced) isPlacedTo plate(isClean)', 'apple isSliced', 'plate isClean']);
  });

  it('reads a count said after the slicing, and slices served in a bowl', () => {
    expect(
      lines('Driver: hi. Commander: slice the lettuce. Commander: 3 slices. Commander: serve them in the bowl.'),
    ).toEqual(['3 lettuce isSliced', '3 lettuce(isSliced) isPlacedTo dishbowl(isClean)', 'dishbowl isClean']);
  });

  it('carries what one turn made to the turns that name it again', () => {
    expect(
      lines('Driver: hi. Commander: toast two slices of bread. Commander: put 2 slices of bread on a clean plate.'),
    ).toEqual([
      '2 breadslice isCooked using toaster',
      '2 breadslice(isCooked) isPlacedTo plate(isClean)',
      'plate isClean',
    ]);
  });

  it('reads a thing made ready, with the thing left out ("once hot, ...")', () => {
    expect(lines('Driver: hi. Commander: cook a potato slice. Commander: once cooked put it on a plate.')).toEqual([
      'plate isClean',
      'potato isSliced',
      'potato(isSliced) isCooked',
      'potato(isSliced,isCooked) isPlacedTo plate(isClean)',
    ]);
  });

  it('drops the steps it walks the Driver through where the dialogue asks anything else', () => {
    expect(
      lines(
        'Driver: what should I do?. Commander: boil an egg. Commander: fill the pot with water. ' +
          'Commander: turn the stove on. Commander: put the egg in the pot.',
      ),
    ).toEqual(['egg isBoiled']);
    // steps alone are the task
    expect(lines('Driver: hi. Commander: switch on the lamp.')).toEqual(
      ['tablelamp|floorlamp isToggledOn'].slice(0, 0).concat(lines('switch on the lamp')),
    );
  });

  it("reads a dish's parts said after it in place of the recipe's own", () => {
    expect(
      lines(
        "Driver: what is in it?. Commander: I'd love a salad. Driver: with what?. Commander: 1 slice of tomato and " +
          '2 slices of lettuce. Commander: on a clean plate please.',
      ),
    ).toEqual([
      '2 lettuce isSliced',
      '2 lettuce(isSliced) isPlacedTo plate(isClean)',
      'plate isClean',
      'tomato isSliced',
      'tomato(isSliced) isPlacedTo plate(isClean)',
    ]);
  });

  it("reads TEACh's task words: coffee poured into a mug, a category of TEACh's, watering with its steps", () => {
    expect(lines('Driver: hi. Commander: pour coffee into a clean mug.')).toEqual([
      'mug isClean',
      'mug(isClean) isFilledWithCoffee',
    ]);
    expect(lines('Driver: hi. Commander: rinse all the dishware.')).toEqual(['all dishbowl|plate isClean']);
    expect(
      lines(
        'Driver: hi. Commander: the plant needs water. Commander: fill a container at the sink. Commander: pour it on the plant.',
      ),
    ).toEqual(['orchid isWatered', 'waterglass|mug isFilledWithWater (a means, not scored)']);
  });
});

describe('round four: forms that read wrong or not at all', () => {
  it('reads "the slice" as a slice of the thing sliced, never of the plate named last', () => {
    expect(
      lines(
        'Driver: hi. Commander: cut one slice of apple. Commander: put the slice on a clean plate. ' +
          'Commander: beside the kettle. Commander: the plate is in the cupboard. Commander: put the apple slice on the plate.',
      ),
    ).toEqual(['apple isSliced', 'apple(isSliced) isPlacedTo plate(isClean)', 'plate isClean']);
    // nothing sliced or named before that can be: no reading, never the plate on itself
    expect(refused('Driver: hi. Commander: the plate is on the shelf. Commander: place a slice on the plate.')).toMatch(
      /slice|pronoun/,
    );
  });

  it('never puts a thing on its own kind (a word said again is no request)', () => {
    expect(
      lines('Driver: hi. Commander: toast a slice of bread. Commander: put it in the bowl. Commander: bowl.'),
    ).toEqual([
      'breadslice isCooked using toaster',
      'breadslice(isCooked) isPlacedTo dishbowl(isClean)',
      'dishbowl isClean',
    ]);
  });

  it('reads a count of slices said after hints, and after the toast served', () => {
    expect(
      lines(
        'Driver: hi. Commander: slice the potato. Commander: potato on the shelf. Commander: 2 slices. Commander: cook them.',
      ),
    ).toEqual(['2 potato isSliced', '2 potato(isSliced) isCooked']);
    expect(
      lines('Driver: hi. Commander: toast some bread. Commander: put the toast on a plate. Commander: 2 slices only.'),
    ).toEqual(expect.arrayContaining(['2 breadslice isCooked', '2 breadslice(isCooked) isPlacedTo plate(isClean)']));
  });

  it("sets aside what is said of the Driver's work, and the task said to end with a step", () => {
    expect(
      lines(
        'Driver: hi. Commander: boil an egg. Commander: to heat the water with. Commander: already full. ' +
          'Commander: put the egg in the pot and you are done.',
      ),
    ).toEqual(['egg isBoiled']);
    expect(lines('Driver: hi. Commander: wash the mug next.')).toEqual(lines('Driver: hi. Commander: wash the mug.'));
  });

  it('reads where a thing is after it, in a request that puts nothing anywhere', () => {
    expect(lines('Driver: hi. Commander: scrub the pan on the stove.')).toEqual(['fryingpan isClean']);
    expect(lines('Driver: hi. Commander: find a glass in the cabinet and rinse it.')).toEqual(['waterglass isClean']);
    expect(lines('Driver: hi. Commander: fill the mug by the sink with coffee.')).toEqual(
      lines('Driver: hi. Commander: fill the mug with coffee.'),
    );
  });

  it('never sets aside as a step a sentence it cannot read that names a dish', () => {
    expect(refused('Driver: hi. Commander: clean the mug. Commander: then brewed coffee to it.')).toMatch(
      /cannot read/,
    );
  });
});

describe('the feedback reader', () => {
  it('reads the states the world now has: sliced, boiled', () => {
    const r = readFeedback('No, not yet. The tomato needs to be sliced. The sliced potato needs to be boiled.');
    expect(r.unread).toEqual([]);
    expect(r.subgoals).toEqual([
      { patient: ['tomato'], predicate: 'isSliced' },
      { patient: ['potato'], qualifiers: ['isSliced'], predicate: 'isBoiled' },
    ]);
  });
});
