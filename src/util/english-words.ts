/**
 * Whether a word is an English word, by a word list of about 274,000 (the `word-list` package: inflected forms
 * included, one-letter words not). A spelling corrector asks it before it takes a word for a slip of the keyboard
 * ("Saucer" is a word of its own, not "sauce" mistyped; "Tomatoe" is no word). The list is read once, on the first
 * question, and searched as it is (a few milliseconds a word): the questions are rare, and a set of its words would
 * cost a quarter of a second to build and 30 MB to keep.
 */
import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';

/** The list, one word a line, with a line break before the first word and after the last. */
let list: string | undefined;

/** `word` (any case) is in the word list. */
export function isEnglishWord(word: string): boolean {
  const key = word.toLowerCase();
  if (key === '' || /\s/.test(key)) return false;
  list ??= `\n${readFileSync(wordListPath, 'utf8').trim()}\n`;
  return list.includes(`\n${key}\n`);
}
