/**
 * The tokenizer every index shares: lower case, split on white space and punctuation (the same rule as minisearch's
 * default, so `tv.142` gives `tv` and `142`, and `plugged_in` gives `plugged` and `in`).
 */
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;

export function tokenize(text: string): string[] {
  const tokens = text.toLowerCase().split(SPACE_OR_PUNCTUATION);
  return tokens.filter((token) => token.length > 0);
}
