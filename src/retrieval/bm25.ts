/**
 * A lexical index scored with BM25+ (Lv and Zhai 2011), the variant minisearch uses, with its default parameters
 * (k1 = 1.2, b = 0.7, delta = 0.5) and its tokenizer. Written here rather than taken from minisearch because
 * ExRAP's retriever scores every document for every directive, and minisearch builds a result object per matching
 * document: about 10 ms for three directives over 10,000 quadruples, against well under 1 ms for the typed postings
 * below (perf/memory.ts). test/retrieval/bm25.test.ts checks the scores against minisearch's.
 *
 *   score(d, q) = sum over query tokens t in d of idf(t) * (delta + tf (k1 + 1) / (tf + k1 (1 - b + b |d| / avgdl)))
 *   idf(t) = ln(1 + (N - df + 0.5) / (df + 0.5))
 *
 * A query token that occurs twice counts twice (as minisearch's OR-combination does). Two differences from
 * minisearch: it multiplies a score by the number of distinct query terms matched, and measures |d| in distinct
 * terms; this index does neither (|d| is in tokens, as BM25 defines it; fact sentences rarely repeat a word).
 */
import { SlotTable } from './slots.js';
import type { ScoreTable, TextIndex } from './text-index.js';
import { tokenize } from './tokenize.js';

export interface Bm25Options {
  /** Term-frequency saturation (default 1.2). */
  readonly k1?: number;
  /** Length normalisation (default 0.7). */
  readonly b?: number;
  /** BM25+ lower bound of a matching term's contribution (default 0.5). */
  readonly delta?: number;
  /** Divide each query's scores by its best score, so the best match scores 1 (default true). */
  readonly normalize?: boolean;
}

export class Bm25Index implements TextIndex {
  private readonly slots = new SlotTable();
  private readonly termIds = new Map<string, number>();
  /** Per term: slots of the documents that contain it and its frequency there (dead slots stay until compaction). */
  private postingSlots: number[][] = [];
  private postingFreqs: number[][] = [];
  /** Per term: number of live documents that contain it. */
  private readonly docFreq: number[] = [];
  /** Per slot: the document's distinct term ids and their frequencies, and its length in tokens. */
  private docTerms: (Int32Array | undefined)[] = [];
  private docFreqs: (Int32Array | undefined)[] = [];
  private docLength: number[] = [];
  private totalLength = 0;
  private lengthTermCache: { lengthTerm: Float64Array; single: Float64Array } | undefined;
  private scratch = new Float64Array(0);
  private readonly k1: number;
  private readonly b: number;
  private readonly delta: number;
  private readonly normalize: boolean;

  constructor(options: Bm25Options = {}) {
    this.k1 = options.k1 ?? 1.2;
    this.b = options.b ?? 0.7;
    this.delta = options.delta ?? 0.5;
    this.normalize = options.normalize ?? true;
  }

  get size(): number {
    return this.slots.size;
  }

  has(key: string): boolean {
    return this.slots.has(key);
  }

  add(key: string, text: string): void {
    if (this.slots.has(key)) this.remove(key);
    const tokens = tokenize(text);
    const counts = new Map<number, number>();
    for (const token of tokens) {
      let id = this.termIds.get(token);
      if (id === undefined) {
        id = this.termIds.size;
        this.termIds.set(token, id);
        this.postingSlots.push([]);
        this.postingFreqs.push([]);
        this.docFreq.push(0);
      }
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const slot = this.slots.add(key);
    const terms = new Int32Array(counts.size);
    const freqs = new Int32Array(counts.size);
    let i = 0;
    for (const [id, tf] of counts) {
      terms[i] = id;
      freqs[i++] = tf;
      this.postingSlots[id].push(slot);
      this.postingFreqs[id].push(tf);
      this.docFreq[id]++;
    }
    this.docTerms[slot] = terms;
    this.docFreqs[slot] = freqs;
    this.docLength[slot] = tokens.length;
    this.totalLength += tokens.length;
    this.lengthTermCache = undefined;
  }

  remove(key: string): boolean {
    const slot = this.slots.remove(key);
    if (slot === undefined) return false;
    for (const id of this.docTerms[slot]!) this.docFreq[id]--;
    this.totalLength -= this.docLength[slot];
    this.docTerms[slot] = undefined;
    this.docFreqs[slot] = undefined;
    this.lengthTermCache = undefined;
    if (this.slots.wasteful) this.compact();
    return true;
  }

  /** Renumbers live documents and rebuilds the postings without the dead ones. */
  private compact(): void {
    const renumber = this.slots.compact();
    const docTerms: (Int32Array | undefined)[] = [];
    const docFreqs: (Int32Array | undefined)[] = [];
    const docLength: number[] = [];
    this.postingSlots = this.postingSlots.map(() => []);
    this.postingFreqs = this.postingFreqs.map(() => []);
    for (let old = 0; old < renumber.length; old++) {
      const slot = renumber[old];
      if (slot < 0) continue;
      const terms = this.docTerms[old]!;
      const freqs = this.docFreqs[old]!;
      docTerms[slot] = terms;
      docFreqs[slot] = freqs;
      docLength[slot] = this.docLength[old];
      for (let i = 0; i < terms.length; i++) {
        this.postingSlots[terms[i]].push(slot);
        this.postingFreqs[terms[i]].push(freqs[i]);
      }
    }
    this.docTerms = docTerms;
    this.docFreqs = docFreqs;
    this.docLength = docLength;
  }

  async scores(queries: readonly string[]): Promise<ScoreTable> {
    return this.scoresSync(queries);
  }

  scoresSync(queries: readonly string[]): ScoreTable {
    const capacity = this.slots.capacity;
    const best = new Float64Array(capacity);
    if (this.slots.size > 0 && queries.length > 0) {
      const { lengthTerm, single } = this.lengthTerms();
      if (this.scratch.length < capacity) this.scratch = new Float64Array(capacity);
      const acc = this.scratch;
      const touched: number[] = [];
      for (const query of queries) {
        // Every BM25+ contribution is positive, so a slot is touched when its sum leaves 0.
        let top = 0;
        for (const token of tokenize(query)) {
          const id = this.termIds.get(token);
          const df = id === undefined ? 0 : this.docFreq[id];
          if (df === 0) continue;
          const idf = Math.log(1 + (this.slots.size - df + 0.5) / (df + 0.5));
          const slots = this.postingSlots[id!];
          const freqs = this.postingFreqs[id!];
          for (let i = 0; i < slots.length; i++) {
            const slot = slots[i];
            const tf = freqs[i];
            if (acc[slot] === 0) touched.push(slot);
            const saturation = tf === 1 ? single[slot] : this.delta + (tf * (this.k1 + 1)) / (tf + lengthTerm[slot]);
            const sum = acc[slot] + idf * saturation;
            acc[slot] = sum;
            if (sum > top) top = sum;
          }
        }
        const scale = this.normalize && top > 0 ? top : 1;
        for (const slot of touched) {
          const score = acc[slot] / scale;
          if (score > best[slot]) best[slot] = score;
          acc[slot] = 0;
        }
        touched.length = 0;
      }
    }
    return { keys: this.slots.live().keys, scores: this.slots.gather(best) };
  }

  /**
   * Per slot, k1 (1 - b + b |d| / avgdl), and the term-frequency part of a token that occurs once (most tokens of
   * short fact sentences); recomputed only when the corpus changed.
   */
  private lengthTerms(): { lengthTerm: Float64Array; single: Float64Array } {
    if (!this.lengthTermCache) {
      const averageLength = this.totalLength / this.slots.size;
      const lengthTerm = new Float64Array(this.slots.capacity);
      const single = new Float64Array(this.slots.capacity);
      for (let s = 0; s < lengthTerm.length; s++) {
        lengthTerm[s] = this.k1 * (1 - this.b + (this.b * (this.docLength[s] ?? 0)) / averageLength);
        single[s] = this.delta + (this.k1 + 1) / (1 + lengthTerm[s]);
      }
      this.lengthTermCache = { lengthTerm, single };
    }
    return this.lengthTermCache;
  }
}

/** Divides the scores by the largest one when it is positive. */
export function scaleToBest(scores: Float64Array): void {
  let best = 0;
  for (let i = 0; i < scores.length; i++) if (scores[i] > best) best = scores[i];
  if (best > 0) for (let i = 0; i < scores.length; i++) scores[i] /= best;
}
