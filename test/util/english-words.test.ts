import { describe, expect, it } from 'vitest';
import { isEnglishWord } from '../../src/util/english-words.js';

describe('isEnglishWord', () => {
  it('knows words in any case, inflected forms too, and not misspellings', () => {
    for (const word of ['saucer', 'Watch', 'racket', 'garbage', 'bag', 'tomatoes', 'aa', 'zyzzyvas']) {
      expect(isEnglishWord(word), word).toBe(true);
    }
    for (const word of ['tomatoe', 'microwav', 'frige', 'coffe', '', 'sauce r', 'aa\nbag']) {
      expect(isEnglishWord(word), JSON.stringify(word)).toBe(false);
    }
  });
});
