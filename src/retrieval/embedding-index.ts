/**
 * An index scored by cosine similarity between embeddings. Documents are embedded lazily, in one batch, when the
 * next scoring needs them, so `add` and `remove` stay synchronous even for a model behind a server. Sparse
 * embeddings (the offline embedder's) go into an inverted index, so scoring costs the postings of the query's
 * non-zero dimensions rather than documents x dimension; dense ones are scanned row by row. Query embeddings are
 * cached by text (directives recur every step).
 */
import { type Embedder, unitVector } from './embedder.js';
import { SlotTable } from './slots.js';
import type { ScoreTable, TextIndex } from './text-index.js';

export interface EmbeddingIndexOptions {
  /** How many query embeddings to keep (default 1024). */
  readonly queryCacheSize?: number;
}

interface SparseVector {
  readonly index: Int32Array;
  readonly value: Float32Array;
}

/** The non-zero entries of a vector, scaled to unit length. */
function unitSparse(vector: ArrayLike<number>): SparseVector {
  let nonZero = 0;
  let norm = 0;
  for (let i = 0; i < vector.length; i++) {
    if (vector[i] !== 0) {
      nonZero++;
      norm += vector[i] * vector[i];
    }
  }
  const index = new Int32Array(nonZero);
  const value = new Float32Array(nonZero);
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0, j = 0; i < vector.length; i++) {
    if (vector[i] !== 0) {
      index[j] = i;
      value[j++] = vector[i] * scale;
    }
  }
  return { index, value };
}

export class EmbeddingIndex implements TextIndex {
  private readonly slots = new SlotTable();
  /** Per slot: the text while it waits for its embedding. */
  private pendingText: (string | undefined)[] = [];
  private pendingCount = 0;
  /** Per slot: the unit vector, dense or sparse. */
  private dense: (Float32Array | undefined)[] = [];
  private sparseRows: (SparseVector | undefined)[] = [];
  /** Inverted index of sparse vectors: per dimension, the slots with a non-zero value there and the values. */
  private postingSlots: number[][] = [];
  private postingValues: number[][] = [];
  private dimension: number | undefined;
  private inFlight = 0;
  private readonly queryCache = new Map<string, Float32Array | SparseVector>();
  private readonly queryCacheSize: number;
  private scratch = new Float64Array(0);

  constructor(
    readonly embedder: Embedder,
    options: EmbeddingIndexOptions = {},
  ) {
    this.queryCacheSize = options.queryCacheSize ?? 1024;
  }

  get size(): number {
    return this.slots.size;
  }

  has(key: string): boolean {
    return this.slots.has(key);
  }

  add(key: string, text: string): void {
    if (this.slots.has(key)) this.remove(key);
    const slot = this.slots.add(key);
    this.pendingText[slot] = text;
    this.pendingCount++;
  }

  remove(key: string): boolean {
    const slot = this.slots.remove(key);
    if (slot === undefined) return false;
    if (this.pendingText[slot] !== undefined) {
      this.pendingText[slot] = undefined;
      this.pendingCount--;
    }
    this.dense[slot] = undefined;
    this.sparseRows[slot] = undefined;
    if (this.slots.wasteful && this.inFlight === 0) this.compact();
    return true;
  }

  async scores(queries: readonly string[]): Promise<ScoreTable> {
    if (this.pendingCount > 0) {
      const { slots, texts } = this.takePending();
      this.inFlight++;
      try {
        this.store(slots, texts, await this.embedder.embed(texts));
      } finally {
        this.inFlight--;
      }
    }
    const missing = this.uncached(queries);
    const fresh = missing.length > 0 ? await this.embedder.embed(missing) : [];
    return this.scoreTable(queries, missing, fresh);
  }

  scoresSync(queries: readonly string[]): ScoreTable {
    const embedSync = this.embedder.embedSync?.bind(this.embedder);
    if (!embedSync) throw new Error('this embedder needs I/O: use scores() rather than scoresSync()');
    if (this.pendingCount > 0) {
      const { slots, texts } = this.takePending();
      this.store(slots, texts, embedSync(texts));
    }
    const missing = this.uncached(queries);
    return this.scoreTable(queries, missing, missing.length > 0 ? embedSync(missing) : []);
  }

  /** Distinct queries without a cached embedding. */
  private uncached(queries: readonly string[]): string[] {
    return [...new Set(queries.filter((q) => !this.queryCache.has(q)))];
  }

  /** Documents waiting for an embedding, marked as taken (a document removed meanwhile is then dropped). */
  private takePending(): { slots: number[]; texts: string[] } {
    const slots: number[] = [];
    const texts: string[] = [];
    for (let s = 0; s < this.pendingText.length; s++) {
      const text = this.pendingText[s];
      if (text === undefined) continue;
      slots.push(s);
      texts.push(text);
      this.pendingText[s] = undefined;
    }
    this.pendingCount = 0;
    return { slots, texts };
  }

  private store(slots: readonly number[], texts: readonly string[], vectors: readonly ArrayLike<number>[]): void {
    if (vectors.length !== texts.length) {
      throw new Error(`embedder returned ${vectors.length} vectors for ${texts.length} texts`);
    }
    slots.forEach((slot, i) => {
      const vector = this.checked(vectors[i]);
      if (this.slots.keyAt(slot) === undefined) return; // removed while it was being embedded
      if (vector instanceof Float32Array) {
        this.dense[slot] = vector;
      } else {
        const row = vector;
        this.sparseRows[slot] = row;
        for (let j = 0; j < row.index.length; j++) {
          this.postingSlots[row.index[j]].push(slot);
          this.postingValues[row.index[j]].push(row.value[j]);
        }
      }
    });
  }

  /** A unit copy of a vector (sparse for a sparse embedder) after checking its dimension against the index's. */
  private checked(vector: ArrayLike<number>): Float32Array | SparseVector {
    if (this.dimension === undefined) {
      this.dimension = vector.length;
      this.postingSlots = Array.from({ length: vector.length }, () => []);
      this.postingValues = Array.from({ length: vector.length }, () => []);
    } else if (vector.length !== this.dimension) {
      throw new Error(`embedder returned a vector of dimension ${vector.length}, expected ${this.dimension}`);
    }
    return this.embedder.sparse ? unitSparse(vector) : unitVector(vector);
  }

  /** Scores for the queries, given the embeddings of those that were not cached (which then enter the cache). */
  private scoreTable(
    queries: readonly string[],
    missing: readonly string[],
    vectors: readonly ArrayLike<number>[],
  ): ScoreTable {
    if (vectors.length !== missing.length) {
      throw new Error(`embedder returned ${vectors.length} vectors for ${missing.length} texts`);
    }
    const fresh = new Map(missing.map((q, i) => [q, this.checked(vectors[i])]));
    const best = new Float64Array(this.slots.capacity);
    queries.forEach((q, i) => {
      this.scoreQuery(fresh.get(q) ?? this.queryCache.get(q)!, best, i === 0);
    });
    for (const [query, vector] of fresh) {
      if (this.queryCache.size >= this.queryCacheSize) this.queryCache.delete(this.queryCache.keys().next().value!);
      this.queryCache.set(query, vector);
    }
    return { keys: this.slots.live().keys, scores: this.slots.gather(best) };
  }

  /** Cosine of every slot with the query, merged into `best` by maximum (copied when `first`). */
  private scoreQuery(query: Float32Array | SparseVector, best: Float64Array, first: boolean): void {
    if (this.scratch.length < best.length) this.scratch = new Float64Array(best.length);
    const acc = this.scratch;
    acc.fill(0, 0, best.length);
    if (!(query instanceof Float32Array)) {
      for (let j = 0; j < query.index.length; j++) {
        const q = query.value[j];
        const d = query.index[j];
        const slots = this.postingSlots[d];
        const values = this.postingValues[d];
        for (let i = 0; i < slots.length; i++) acc[slots[i]] += q * values[i];
      }
    } else {
      for (let s = 0; s < best.length; s++) {
        const row = this.dense[s];
        if (!row) continue;
        let dot = 0;
        for (let d = 0; d < row.length; d++) dot += row[d] * query[d];
        acc[s] = dot;
      }
    }
    if (first) best.set(acc.subarray(0, best.length));
    else for (let s = 0; s < best.length; s++) if (acc[s] > best[s]) best[s] = acc[s];
  }

  /** Renumbers live documents and rebuilds the postings without the dead ones. */
  private compact(): void {
    const renumber = this.slots.compact();
    const pendingText: (string | undefined)[] = [];
    const dense: (Float32Array | undefined)[] = [];
    const sparseRows: (SparseVector | undefined)[] = [];
    this.postingSlots = this.postingSlots.map(() => []);
    this.postingValues = this.postingValues.map(() => []);
    for (let old = 0; old < renumber.length; old++) {
      const slot = renumber[old];
      if (slot < 0) continue;
      pendingText[slot] = this.pendingText[old];
      dense[slot] = this.dense[old];
      const row = this.sparseRows[old];
      sparseRows[slot] = row;
      if (!row) continue;
      for (let j = 0; j < row.index.length; j++) {
        this.postingSlots[row.index[j]].push(slot);
        this.postingValues[row.index[j]].push(row.value[j]);
      }
    }
    this.pendingText = pendingText;
    this.dense = dense;
    this.sparseRows = sparseRows;
  }
}
