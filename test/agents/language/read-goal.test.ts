/**
 * readGoal's decisions, one at a time: normalisation, category nouns and vague quantities (with their notes), strict
 * noun phrases, pronouns to things or hosts, recipes two clauses make, context sentences, answers to the Driver,
 * the failure policy (a request it cannot read fails the reading), and limits (run-on sentences, odd counts).
 */
import { describe, expect, it } from 'vitest';
import { readGoal } from '../../../src/agents/language/index.js';
import { normalizeSentence, sentenceTexts } from '../../../src/agents/language/normalize.js';
import { resolveNoun } from '../../../src/agents/language/nouns.js';
import { formatGoal } from '../../../src/sim/subgoal-text.js';
import type { SubgoalSpec } from '../../../src/sim/subgoals.js';

/** A subgoal as `hearth read` prints it (the goal line, then the room and the appliance). */
const subgoalLine = (s: SubgoalSpec) =>
  `${formatGoal(s)}${s.room ? ` in ${s.room}` : ''}${s.using ? ` using ${s.using}` : ''}`;

function lines(text: string): string[] {
  const r = readGoal(text);
  if (!r.ok) throw new Error(`"${text}" does not read: ${r.reason}`);
  return r.goal.subgoals.map(subgoalLine);
}
const FRUIT = 'apple|bananas|orange|lemon|pear|peach';

describe('normalisation', () => {
  it('removes framing and politeness, expands contractions, spells number phrases one way, and says what it removed', () => {
    expect(normalizeSentence('Hey robot, could you please grab the phone for me when you get a chance?')).toEqual({
      tokens: ['grab', 'the', 'phone'],
      framing: ['hey robot', 'when you get a chance', 'could you please', 'for me'],
    });
    expect(normalizeSentence('Would you mind switching off the light?').tokens.join(' ')).toBe('switch off the light');
    expect(normalizeSentence("I'd like a couple of apples, won't you?").tokens.join(' ')).toBe('i would like 2 apples');
    expect(normalizeSentence('Put both the mug and the plate in the sink').tokens.join(' ')).toBe(
      'put the mug and the plate in the sink',
    );
    expect(normalizeSentence("Store two of the apples in the bedroom's cabinet").tokens.join(' ')).toBe(
      'store two apples in the bedroom cabinet',
    );
    expect(sentenceTexts('Hi! Could you help? Put the mug in the sink. thanks')).toEqual([
      'Hi!',
      'Could you help?',
      'Put the mug in the sink.',
      'thanks',
    ]);
  });
});

describe('noun phrases', () => {
  it('read category nouns as the classes they cover, rooms before or after a class, and no loose description', () => {
    expect(resolveNoun(['the', 'fruit'])?.classes).toEqual(FRUIT.split('|'));
    expect(resolveNoun(['bathroom', 'supplies'])?.classes).toContain('toothbrush');
    expect(resolveNoun(['the', 'bedroom', 'lights'])).toMatchObject({
      classes: ['light'],
      room: 'bedroom',
      plural: true,
    });
    expect(resolveNoun(['the', 'light', 'in', 'the', 'bedroom'])).toMatchObject({
      classes: ['light'],
      room: 'bedroom',
    });
    expect(resolveNoun(['the', 'telly'])?.classes).toEqual(['tv']);
    expect(resolveNoun(['the', 'appliance', 'you', 'cook', 'on'])?.classes).toEqual(['stove']);
    // "serve" is in the plate's description, "food" in the fridge's and the microwave's: neither names a class
    expect(resolveNoun(['serve', 'it'])).toBeUndefined();
    expect(resolveNoun(['the', 'wine', 'glass', 'and', 'the', 'juice'])).toBeUndefined();
  });
});

/**
 * The usual forms of the rewording sets that are no family's text, and their goals (checked by hand): a rewording
 * that reads "the same" as its usual form reads to this.
 */
const USUAL_GOALS: Readonly<Record<string, readonly string[]>> = {
  'Heat salmon with microwave.': ['salmon isCooked using microwave'],
  'Put the apple in the fridge.': ['apple isPlacedTo fridge'],
  'Put the mug on the coffee table.': ['mug isPlacedTo coffeetable'],
  'Turn on the tv.': ['tv isToggledOn'],
  'Put the milk in the fridge.': ['milk isPlacedTo fridge'],
  'Close the microwave.': ['microwave isClosed'],
  'Clean the mug.': ['mug isClean'],
  'Pick up the phone.': ['cellphone isPickedUp'],
  'Put two apples in the fridge.': ['2 apple isPlacedTo fridge'],
  'Put all the apples in the fridge.': ['all apple isPlacedTo fridge'],
  'Turn off the tv and turn on the radio.': ['tv isToggledOff', 'radio isToggledOn'],
  'Put the apple in the fridge and close the fridge.': ['apple isPlacedTo fridge', 'fridge isClosed'],
  'Open the microwave and put the salmon in the microwave.': ['microwave isOpen', 'salmon isPlacedTo microwave'],
  'Put the book on the bookshelf and switch off the tablelamp.': [
    'book isPlacedTo bookshelf',
    'tablelamp isToggledOff',
  ],
  'Turn off the tv.': ['tv isToggledOff'],
  'Heat some food in the microwave.': [
    'apple|bananas|orange|lemon|pear|peach|bellpepper|carrot|cucumber|potato|tomato|lettuce|egg|cheese|chicken|salmon|bread|breadslice|cereal|cupcake|chips|candybar|crackers isCooked using microwave',
  ],
  'Put all the fruit in the fridge.': ['all apple|bananas|orange|lemon|pear|peach isPlacedTo fridge'],
  'Put all the bathroom things in the bathroom cabinet.': [
    'all towel|toothbrush|toothpaste|facecream|barsoap|hairproduct|toiletpaper|deodorant|razor|comb|painkillers isPlacedTo bathroomcabinet',
  ],
  'Put all the fruit on the kitchen table.': ['all apple|bananas|orange|lemon|pear|peach isPlacedTo kitchentable'],
  'Put the book on the bookshelf.': ['book isPlacedTo bookshelf'],
  'Put the book on the desk.': ['book isPlacedTo desk'],
  'Put the remote control on the sofa.': ['remotecontrol isPlacedTo sofa'],
  'Put the toothbrush in the bathroom cabinet.': ['toothbrush isPlacedTo bathroomcabinet'],
  'Put the plate in the sink.': ['plate isPlacedTo sink'],
  'Turn on the radio.': ['radio isToggledOn'],
  'Turn off the light in the kitchen.': ['all light isToggledOff in kitchen'],
  'Turn off the computer.': ['computer isToggledOff'],
  'Open the kitchen cabinet.': ['kitchencabinet isOpen'],
  'Close the fridge.': ['fridge isClosed'],
  'Clean the plate.': ['plate isClean'],
  'Clean all the mugs.': ['all mug isClean'],
  'Heat the chicken in the microwave.': ['chicken isCooked using microwave'],
  'Cook the potato on the stove.': ['potato isCooked using stove'],
  'Pick up the apple.': ['apple isPickedUp'],
  'Make coffee.': ['mug isClean', 'mug(isClean) isFilledWithCoffee'],
  'Put three apples on the kitchen table.': ['3 apple isPlacedTo kitchentable'],
  'Put all the books on the bookshelf.': ['all book isPlacedTo bookshelf'],
  'Cook the salmon in the microwave.': ['salmon isCooked using microwave'],
};

describe('readGoal', () => {
  it("reads the rewording sets' own usual forms to their goals", () => {
    for (const [text, goal] of Object.entries(USUAL_GOALS)) {
      const r = readGoal(text);
      expect(r.ok ? r.goal.subgoals.map(subgoalLine) : r.reason, text).toEqual(goal);
    }
  });

  it('reads a vague quantity as every one for placing and one for cooking, and says so', () => {
    const fruit = readGoal('Some fruit needs refrigeration.');
    expect(fruit.ok && fruit.goal.subgoals).toEqual([
      { patient: FRUIT.split('|'), count: 'all', predicate: 'isPlacedTo', destination: ['fridge'] },
    ]);
    expect(fruit.ok && fruit.notes[0]).toMatch(/^'fruit': how many is not said; read as every one of them/);
    const food = readGoal('Heat some food in the microwave.');
    expect(food.ok && food.goal.subgoals[0]).toMatchObject({ predicate: 'isCooked', using: ['microwave'] });
    expect(food.ok && food.goal.subgoals[0].count).toBeUndefined();
    expect(lines('Put some book on the desk.')).toEqual(['book isPlacedTo desk']);
  });

  it('resolves a pronoun to the things or to the host that can take what is asked', () => {
    expect(lines('Put the apple in the fridge and close it.')).toEqual(['apple isPlacedTo fridge', 'fridge isClosed']);
    expect(lines('Open the microwave and put the salmon in it.')).toEqual([
      'microwave isOpen',
      'salmon isPlacedTo microwave',
    ]);
    expect(lines('It is hot today and the fruit will go bad on the counter. Keep two of them in the fridge.')).toEqual([
      `2 ${FRUIT} isPlacedTo fridge`,
    ]);
  });

  it('reads the recipes two clauses make: a fetch before what is done with it, food heated where it was put', () => {
    expect(lines('Get the salmon and heat it in the microwave.')).toEqual(['salmon isCooked using microwave']);
    expect(lines('Put the milk in the microwave and switch it on.')).toEqual(['milk isCooked using microwave']);
    expect(lines('Put the milk in the microwave for a minute.')).toEqual(['milk isCooked using microwave']);
    expect(lines('Put the mug in the microwave and turn it on.')).toEqual([
      'mug isPlacedTo microwave',
      'microwave isToggledOn',
    ]);
    expect(lines('Put two slices of bread on a plate.')).toEqual([
      'plate isClean',
      '2 breadslice isPlacedTo plate(isClean)',
    ]);
  });

  it("reads a dialogue's answers: where to put what was fetched, where a thing is", () => {
    const r = readGoal(
      '<Driver> what should I do? <Commander> Get a book. <Driver> where should I put it? <Commander> On the desk. ' +
        '<Driver> where is the book? <Commander> On the sofa.',
    );
    expect(r.ok && r.goal.subgoals).toEqual([{ patient: ['book'], predicate: 'isPlacedTo', destination: ['desk'] }]);
    expect(r.ok && r.hints).toEqual([{ className: 'book', host: 'sofa', relation: 'ON' }]);
    // "should be" asks for it without the Driver's question
    expect(lines('The book should be on the desk.')).toEqual(['book isPlacedTo desk']);
    // text before the first turn is the Commander's
    expect(lines('Make toast. <Driver> ok')).toEqual(['breadslice isCooked using toaster']);
  });

  it('keeps context sentences as unread, and fails a request it cannot read rather than drop it', () => {
    const r = readGoal(
      'Breakfast starts soon and the table is still bare. Bring three pieces of fruit to the kitchentable.',
    );
    expect(r.ok && r.unread).toEqual([
      { text: 'Breakfast starts soon and the table is still bare.', reason: 'a statement, not a request' },
    ]);
    expect(readGoal('Put the apple in the fridge. Then put the pear next to the sink.')).toEqual({
      ok: false,
      reason:
        '"Then put the pear next to the sink." is a request the reader cannot read: no rule of the task grammar matches; ' +
        'the reading stopped at "next to the sink" (a thing the catalog does not know, or a sentence form the grammar lacks)',
    });
    expect(readGoal('Get the lights.')).toEqual({
      ok: false,
      reason: '"Get the lights." is a request the reader cannot read: a light cannot be carried',
    });
    expect(readGoal('Browse internet')).toEqual({
      ok: false,
      reason: '"Browse internet": names nothing the robot can act on',
    });
  });

  it('refuses a run-on sentence and counts no home holds, quickly', () => {
    const runOn = readGoal('Put the apple in the fridge '.repeat(30));
    expect(runOn.ok).toBe(false);
    expect(readGoal('Put 0 apples in the fridge.')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/0 is no number/),
    });
  });
});
