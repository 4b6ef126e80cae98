/**
 * The texts SemGro's offline retriever encodes (`encoding.ts`): class names carry their catalog name and category
 * word, and a word that names a use of some classes ("refrigeration", "warm") carries those classes' names, so an
 * instruction that names the deed and not the place retrieves the skills of the place.
 */
import { describe, expect, it } from 'vitest';
import { PAPER_RETRIEVAL } from '../../../src/agents/semgro/config.js';
import { bySimilarity, encodingText } from '../../../src/agents/semgro/encoding.js';
import { SkillRetriever } from '../../../src/agents/semgro/retrieval.js';
import { classesUsedFor, useRoot, useWords } from '../../../src/language/lexicon.js';
import { Rng } from '../../../src/util/rng.js';
import { cottageDatabase } from './helpers.js';

const texts = (...list: string[]) => list.map((text) => ({ text }));

describe('use words in the lexicon', () => {
  it('match a use by its root, whatever the word made from it', () => {
    for (const word of ['refrigeration', 'refrigerate', 'refrigerated', 'chilled', 'Chill']) {
      expect(classesUsedFor(word)).toEqual(['fridge']);
    }
    expect(useRoot('refrigeration')).toBe(useRoot('refrigerate'));
    expect(useRoot('heated')).toBe('heat');
    expect(useRoot('heating')).toBe('heat');
    // every heater of the simulator heats and warms
    expect(classesUsedFor('warm')).toEqual(['toaster', 'microwave', 'stove']);
    expect(useWords('microwave')).toEqual(expect.arrayContaining(['heat', 'warm', 'cook', 'reheat']));
  });

  it('name no class for words that are no use of one', () => {
    for (const word of ['needs', 'fruit', 'food', 'cold', 'cookies', 'water', 'counter', 'store']) {
      expect(classesUsedFor(word)).toEqual([]);
    }
    expect(useRoot('needs')).toBe('need');
  });
});

describe('the encoded texts', () => {
  it('follow a class name with its catalog name and category word', () => {
    expect(encodingText('put peach in refrigerator')).toBe('put peach peach fruit in refrigerator fridge');
  });

  it('follow a category word in the other number with the word as skill names spell it', () => {
    expect(encodingText('Grab three fruits')).toBe('grab three fruits fruit');
    expect(encodingText('a vegetable')).toBe('a vegetable vegetables');
    expect(encodingText('put fruit on kitchentable')).toBe('put fruit on kitchentable kitchentable');
    const cabinet = bySimilarity(
      'Grab three fruits and put them in the kitchencabinet.',
      texts('put gadgets in kitchencabinet', 'put fruit in kitchencabinet'),
    );
    expect(cabinet[0].text).toBe('put fruit in kitchencabinet');
  });

  it('follow a use word with the names of the classes it is a use of', () => {
    expect(encodingText('Some fruit needs refrigeration.')).toBe('some fruit needs refrigeration fridge');
    expect(encodingText('Warm up the food.')).toBe('warm toaster microwave stove up the food');
    // a class name adds its own name, not its use words
    expect(encodingText('switch on microwave')).toBe('switch on microwave microwave');
  });

  it('rank the skills of the place an instruction names only by its use first', () => {
    const fridge = bySimilarity(
      'Some fruit needs refrigeration.',
      texts('put apple on kitchencounter', 'put apple in kitchencabinet', 'put apple in fridge'),
    );
    expect(fridge[0].text).toBe('put apple in fridge');
    const heat = bySimilarity(
      'Warm up the food.',
      texts('put food on kitchentable', 'put food in fridge', 'heat chicken in microwave'),
    );
    expect(heat[0].text).toBe('heat chicken in microwave');
  });

  it('make the retriever find the skills of the place (the cottage database)', () => {
    const retriever = new SkillRetriever(cottageDatabase());
    const top = (instruction: string) =>
      retriever
        .retrieve({ instruction, names: [] }, { ...PAPER_RETRIEVAL, observation: false }, new Rng(0))
        .entries.map((e) => e.text);
    // without the use words: "put fruit on coffeetable" second, "open dishwasher and put mug in dishwasher" first
    for (const text of top('Some fruit needs refrigeration.').slice(0, 5)) expect(text).toContain('fridge');
    expect(top('Warm up the food.')[0]).toMatch(/^heat \w+ in microwave$/);
  });
});
