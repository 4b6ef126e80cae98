/**
 * Texts as SemGro's offline roles encode them. The paper compares instructions and skills with a sentence encoder,
 * which knows that a peach is a fruit and a refrigerator a fridge; hearth's hashing embedder knows only shared words
 * and word parts. So before a text is embedded, each class it names (by name, by the catalog's aliases, or as two words
 * that spell one: "kitchen table") is followed by its catalog name and the lexicon's category word: "put peach in
 * refrigerator" is encoded as "put peach peach fruit in refrigerator fridge". An instruction names the deed as often as
 * the place ("Some fruit needs refrigeration.", "Warm up the food."), so a word that names no class but a use of some
 * (the lexicon's use words, matched by root: `refrigeration` -> `refriger`, a use of the fridge) is followed by those
 * classes' names: "some fruit needs refrigeration fridge", "warm toaster microwave stove up the food". A category word
 * in the other number is followed by the word as skill names spell it ("three fruits" -> "three fruits fruit",
 * "a vegetable" -> "a vegetable vegetables"): the hashing embedder shares only word parts between "fruits" and
 * "fruit", and "Grab three fruits and put them in the kitchencabinet." retrieved "put gadgets in kitchencabinet"
 * before any fruit placement. Skill texts go
 * through the same rule ("heat chicken in microwave" gains the heaters after "heat"). The other direction, a class name
 * followed by its use words, is not taken: "refrigerate" after "fridge" shares too few word parts with "refrigeration"
 * to rank the fridge skills first, and it lengthens every text that names an appliance. The texts shown to models are
 * never changed.
 */

import { categoryWord, classesUsedFor, singular } from '../../language/lexicon.js';
import { cosine } from '../../retrieval/embedder.js';
import { OfflineHashEmbedder } from '../../retrieval/offline-embedder.js';
import { tokenize } from '../../retrieval/tokenize.js';
import { CATALOG, catalogClass } from '../../sim/catalog/index.js';

const EXPANDED = new Map<string, string>();

/** The one-word category words (`categoryWord`) by their singular: fruit, vegetable -> vegetables, dish -> dishes. */
const CATEGORIES = new Map<string, string>();
for (const entry of CATALOG) {
  const word = categoryWord(entry.name);
  if (word !== undefined && !word.includes(' ')) CATEGORIES.set(singular(word), word);
}

/** The words a token adds (its class's name and category word), or none. */
function additions(words: readonly string[]): string[] {
  const entry = catalogClass(words.join('')) ?? catalogClass(words.map(singular).join(''));
  if (!entry) return [];
  const out = [entry.name];
  const category = categoryWord(entry.name);
  if (category !== undefined) out.push(category);
  return out;
}

/** The text with its class names expanded (see the module comment); cached. */
export function encodingText(text: string): string {
  const cached = EXPANDED.get(text);
  if (cached !== undefined) return cached;
  const tokens = tokenize(text);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    out.push(tokens[i]);
    const pair = i + 1 < tokens.length ? additions([tokens[i], tokens[i + 1]]) : [];
    if (pair.length > 0) {
      out.push(tokens[i + 1], ...pair);
      i++;
      continue;
    }
    const named = additions([tokens[i]]);
    out.push(...named);
    if (named.length > 0) continue;
    const category = CATEGORIES.get(singular(tokens[i]));
    if (category !== undefined && category !== tokens[i]) out.push(category);
    else out.push(...classesUsedFor(tokens[i]));
  }
  const expanded = out.join(' ');
  if (EXPANDED.size > 20_000) EXPANDED.clear();
  EXPANDED.set(text, expanded);
  return expanded;
}

const EMBEDDER = new OfflineHashEmbedder();

/** The items by the cosine of their (encoded) text with the query's, most similar first; ties keep their order. */
export function bySimilarity<T extends { readonly text: string }>(query: string, items: readonly T[]): T[] {
  const [q, ...vectors] = EMBEDDER.embedSync([query, ...items.map((item) => item.text)].map(encodingText));
  const scores = vectors.map((vector) => cosine(q, vector));
  return [...items.keys()].sort((a, b) => scores[b] - scores[a] || a - b).map((i) => items[i]);
}
