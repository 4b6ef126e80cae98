/**
 * An embedder that needs no model: each text becomes a bag of features (its words, and the character n-grams of
 * each word with `<` `>` marking its ends) hashed into a fixed number of dimensions with a hashed sign, and the sum
 * is scaled to unit length. Deterministic, instant, and good at what household fact retrieval needs: shared words
 * (`tv` in "turn on the tv" and "tv is off") and shared word parts (`table` in `coffeetable` and `kitchentable`).
 * It knows no synonyms (tv / television): that is what a learned embedder adds.
 *
 * Each word's n-grams are weighted 1 / sqrt(count) so that a long word and a short one weigh the same; function
 * words (the, is, if, ...) are dropped.
 */
import { hashString } from '../util/rng.js';
import type { Embedder } from './embedder.js';
import { tokenize } from './tokenize.js';

/** Words that say nothing about which fact is relevant. `on`, `off`, `in`, `open` are kept: they are states. */
export const FUNCTION_WORDS: readonly string[] = [
  'a',
  'an',
  'and',
  'any',
  'anyone',
  'are',
  'as',
  'at',
  'be',
  'by',
  'can',
  'for',
  'from',
  'if',
  'is',
  'it',
  'its',
  'must',
  'no',
  'not',
  'of',
  'one',
  'or',
  'please',
  'should',
  'some',
  'someone',
  'that',
  'the',
  'then',
  'there',
  'this',
  'to',
  'when',
  'will',
  'with',
  'you',
  'your',
];

export interface OfflineEmbedderOptions {
  /** Vector length (default 1024). */
  readonly dimension?: number;
  /** Character n-gram length (default 3; 0 for words only). */
  readonly ngram?: number;
  /** Words to drop (default `FUNCTION_WORDS`). */
  readonly stopWords?: Iterable<string>;
}

interface TokenFeatures {
  readonly index: Int32Array;
  readonly weight: Float32Array;
}

/** murmur3's finaliser: spreads a 32-bit hash over all bits. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const TOKEN_CACHE_LIMIT = 50_000;

export class OfflineHashEmbedder implements Embedder {
  readonly sparse = true;
  readonly dimension: number;
  readonly ngram: number;
  private readonly stopWords: ReadonlySet<string>;
  private readonly tokenCache = new Map<string, TokenFeatures>();

  constructor(options: OfflineEmbedderOptions = {}) {
    this.dimension = options.dimension ?? 1024;
    this.ngram = options.ngram ?? 3;
    if (!Number.isInteger(this.dimension) || this.dimension < 1) {
      throw new RangeError(`embedding dimension must be a positive integer, got ${this.dimension}`);
    }
    if (!Number.isInteger(this.ngram) || this.ngram < 0) {
      throw new RangeError(`n-gram length must be a non-negative integer, got ${this.ngram}`);
    }
    this.stopWords = new Set(options.stopWords ?? FUNCTION_WORDS);
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return this.embedSync(texts);
  }

  embedSync(texts: readonly string[]): Float32Array[] {
    return texts.map((text) => this.embedOne(text));
  }

  private embedOne(text: string): Float32Array {
    const vector = new Float32Array(this.dimension);
    for (const token of tokenize(text)) {
      if (this.stopWords.has(token)) continue;
      const features = this.featuresOf(token);
      for (let i = 0; i < features.index.length; i++) vector[features.index[i]] += features.weight[i];
    }
    let norm = 0;
    for (let i = 0; i < vector.length; i++) norm += vector[i] * vector[i];
    if (norm > 0) {
      const scale = 1 / Math.sqrt(norm);
      for (let i = 0; i < vector.length; i++) vector[i] *= scale;
    }
    return vector;
  }

  /** The hashed features of one word: the word itself (weight 1) and its n-grams (together weight 1). */
  private featuresOf(token: string): TokenFeatures {
    const cached = this.tokenCache.get(token);
    if (cached) return cached;
    const names = [`w:${token}`];
    const marked = `<${token}>`;
    const grams: string[] = [];
    if (this.ngram > 0) {
      for (let i = 0; i + this.ngram <= marked.length; i++) grams.push(`g:${marked.slice(i, i + this.ngram)}`);
    }
    const gramWeight = grams.length > 0 ? 1 / Math.sqrt(grams.length) : 0;
    const index = new Int32Array(1 + grams.length);
    const weight = new Float32Array(1 + grams.length);
    [...names, ...grams].forEach((name, i) => {
      const h = mix(hashString(name));
      index[i] = h % this.dimension;
      weight[i] = (i === 0 ? 1 : gramWeight) * ((mix(h ^ 0x9e3779b9) & 1) === 0 ? 1 : -1);
    });
    const features = { index, weight };
    if (this.tokenCache.size >= TOKEN_CACHE_LIMIT) this.tokenCache.clear();
    this.tokenCache.set(token, features);
    return features;
  }
}
