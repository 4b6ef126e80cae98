/**
 * One interface for the retrieval indexes (lexical BM25, embeddings): a set of documents named by keys, kept in step
 * with a changing corpus by `add` / `remove`, that scores every document against a set of queries by its highest
 * similarity to any of them (what ExRAP's retriever needs; one query gives plain similarities).
 */

/**
 * Every document's highest similarity to any of the queries. Not changed once returned: retrieval caches what it
 * derives from a table.
 */
export interface ScoreTable {
  /** Document keys; `scores[i]` belongs to `keys[i]`. Order: insertion order of the live documents. */
  readonly keys: readonly string[];
  /** 0 for every document when no query is given. */
  readonly scores: Float64Array;
}

export interface TextIndex {
  /** Number of documents. */
  readonly size: number;
  has(key: string): boolean;
  /** Adds a document, replacing the one with the same key. */
  add(key: string, text: string): void;
  /** Removes a document; false when there was none with this key. */
  remove(key: string): boolean;
  /**
   * Scores on a unit scale, so that one softmax temperature suits every index: higher is more similar, and the best
   * possible match scores 1 (BM25 divides by each query's best score; cosine similarity is already on that scale).
   */
  scores(queries: readonly string[]): Promise<ScoreTable>;
  /** `scores` without waiting, for indexes that need no I/O (throws where the index needs it). */
  scoresSync(queries: readonly string[]): ScoreTable;
}
