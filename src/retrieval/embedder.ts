/**
 * Embedders turn texts into vectors for `EmbeddingIndex`. The interface is the least a model server offers (a batch
 * of texts in, a vector per text out, asynchronously); an embedder that needs no I/O also offers `embedSync`, which
 * lets an index answer without waiting.
 */
export interface Embedder {
  embed(texts: readonly string[]): Promise<readonly ArrayLike<number>[]>;
  embedSync?(texts: readonly string[]): readonly ArrayLike<number>[];
  /** True when vectors are mostly zeros: indexes then keep them as sparse lists with an inverted index. */
  readonly sparse?: boolean;
}

/** A copy of a vector scaled to unit length (a zero vector stays zero). */
export function unitVector(vector: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(vector);
  let norm = 0;
  for (let i = 0; i < out.length; i++) norm += out[i] * out[i];
  if (norm > 0) {
    const scale = 1 / Math.sqrt(norm);
    for (let i = 0; i < out.length; i++) out[i] *= scale;
  }
  return out;
}

/** Cosine similarity of two vectors of one dimension (0 when either is zero). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new RangeError(`cosine of vectors of dimension ${a.length} and ${b.length}`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}
