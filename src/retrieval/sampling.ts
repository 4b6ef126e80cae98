/**
 * Choosing k items by score: the k best (`topK`), or k draws without replacement from the softmax of the scores
 * (`sampleSoftmax`), as ExRAP's retriever samples quadruples. Draws are sequential: each picks item i with
 * probability exp(s_i / T) / sum over the items not yet drawn; a Fenwick tree of the weights makes a draw and the
 * removal of the drawn item O(log n), so k draws from n items cost O(n + k log n).
 */
import type { Rng } from '../util/rng.js';

/** Score of an item for ordering: NaN counts as the lowest. */
const scoreOf = (scores: ArrayLike<number>, i: number): number => (Number.isNaN(scores[i]) ? -Infinity : scores[i]);

/** Indices of the k highest scores, best first; equal scores in index order. */
export function topK(scores: ArrayLike<number>, k: number, exclude?: Uint8Array): number[] {
  const best: number[] = [];
  const count = Math.max(0, Math.min(Math.floor(k), scores.length));
  if (count === 0) return best;
  for (let i = 0; i < scores.length; i++) {
    if (exclude?.[i]) continue;
    const s = scoreOf(scores, i);
    if (best.length === count && s <= scoreOf(scores, best[count - 1])) continue;
    let j = best.length < count ? best.length : count - 1;
    while (j > 0 && scoreOf(scores, best[j - 1]) < s) {
      best[j] = best[j - 1];
      j--;
    }
    best[j] = i;
  }
  return best;
}

/**
 * k indices drawn without replacement, each draw with probability softmax(score / temperature) over the items left,
 * in draw order. Items whose weight underflows to zero are drawn only once every other item is (then best first),
 * so as the temperature falls the draws approach `topK`. A temperature of 0 gives `topK` itself.
 */
export function sampleSoftmax(scores: ArrayLike<number>, k: number, temperature: number, rng: Rng): number[] {
  return new SoftmaxSampler(scores, temperature).draw(k, rng);
}

/**
 * `sampleSoftmax` prepared once for a score table and drawn from many times (ExRAP draws ten retrievals per query
 * from one table): the weights and their Fenwick tree are built once. A draw changes them in place and writes down
 * each value it overwrites (the drawn items' weights, the O(log n) tree entries above each), then puts them back, so
 * every draw starts from the prepared state and gives the draws of `sampleSoftmax`, without n exponentials or a copy
 * of n per draw. The rare draw that must rebuild the tree (its running total lost precision) saves whole copies first.
 */
export class SoftmaxSampler {
  private readonly n: number;
  private readonly top: number;
  /** Weights and tree as prepared (empty at temperature 0); equal to that between draws. */
  private readonly weight: Float64Array;
  private readonly tree: Float64Array;
  private readonly total: number;
  /** Items drawn by the draw under way (all 0 between draws). */
  private readonly drawn: Uint8Array;

  constructor(
    private readonly scores: ArrayLike<number>,
    private readonly temperature: number,
  ) {
    if (!(temperature >= 0)) throw new RangeError(`softmax temperature must be >= 0, got ${temperature}`);
    this.n = scores.length;
    let top = 1;
    while (top * 2 <= this.n) top *= 2;
    this.top = top;
    const size = temperature === 0 ? 0 : this.n;
    this.weight = new Float64Array(size);
    this.tree = new Float64Array(size + 1);
    this.drawn = new Uint8Array(size);
    this.total = size === 0 ? 0 : this.build();
  }

  /**
   * Weights relative to the best score not yet drawn (so the best weighs 1), and the Fenwick tree over them, into
   * `weight` and `tree`; returns their total.
   */
  private build(): number {
    const { n, scores, temperature, drawn, weight, tree } = this;
    let max = -Infinity;
    for (let i = 0; i < n; i++) if (!drawn[i] && scoreOf(scores, i) > max) max = scoreOf(scores, i);
    tree.fill(0);
    let total = 0;
    // Many items share a score (every unmatched document scores 0): one exp per run of equal scores.
    let lastScore = Number.NaN;
    let lastWeight = 0;
    for (let i = 0; i < n; i++) {
      const s = scoreOf(scores, i);
      if (s !== lastScore) {
        lastScore = s;
        // With an infinite best score, only the infinite ones weigh.
        lastWeight =
          s === -Infinity ? 0 : max === Infinity ? (s === Infinity ? 1 : 0) : Math.exp((s - max) / temperature);
      }
      weight[i] = drawn[i] ? 0 : lastWeight;
      total += weight[i];
      tree[i + 1] += weight[i];
      const parent = i + 1 + ((i + 1) & -(i + 1));
      if (parent <= n) tree[parent] += tree[i + 1];
    }
    return total;
  }

  /** k indices drawn without replacement, in draw order. */
  draw(k: number, rng: Rng): number[] {
    const { n, scores } = this;
    const count = Math.max(0, Math.min(Math.floor(k), n));
    if (this.temperature === 0 || count === 0) return topK(scores, count);
    const picked: number[] = [];
    const undo = new UndoLog();
    try {
      this.drawInto(picked, count, rng, undo);
      // Only items with no weight at all (score -Infinity or NaN) are left: best first.
      if (picked.length < count) picked.push(...topK(scores, count - picked.length, this.drawn));
    } finally {
      undo.restore(this.weight, this.tree);
      for (const i of picked) this.drawn[i] = 0;
    }
    return picked;
  }

  /** Sequential draws into `picked`, changing the prepared state in place with every change written in `undo`. */
  private drawInto(picked: number[], count: number, rng: Rng, undo: UndoLog): void {
    const { n, top, weight, tree, drawn } = this;
    let total = this.total;
    let builtTotal = total;
    while (picked.length < count) {
      // After many removals the running total loses precision; start again from the items left.
      if (total < builtTotal * 1e-9) {
        undo.saveAll(weight, tree);
        total = this.build();
        builtTotal = total;
      }
      if (!(total > 0)) break;
      let u = rng.next() * total;
      let position = 0;
      for (let step = top; step > 0; step >>= 1) {
        const next = position + step;
        if (next <= n && tree[next] <= u) {
          position = next;
          u -= tree[next];
        }
      }
      let chosen = position < n && weight[position] > 0 ? position : -1;
      if (chosen < 0) chosen = nearestWeighted(weight, Math.min(position, n - 1));
      picked.push(chosen);
      drawn[chosen] = 1;
      const w = weight[chosen];
      undo.write(weight, chosen, 0);
      total -= w;
      for (let i = chosen + 1; i <= n; i += i & -i) undo.write(tree, i, tree[i] - w);
    }
  }
}

/** The values a draw overwrote, to put back in reverse order; or whole copies, once it had to rebuild. */
class UndoLog {
  private readonly arrays: Float64Array[] = [];
  private readonly positions: number[] = [];
  private readonly values: number[] = [];
  private saved: { weight: Float64Array; tree: Float64Array } | undefined;

  write(array: Float64Array, position: number, value: number): void {
    if (!this.saved) {
      this.arrays.push(array);
      this.positions.push(position);
      this.values.push(array[position]!);
    }
    array[position] = value;
  }

  saveAll(weight: Float64Array, tree: Float64Array): void {
    if (this.saved) return;
    // The values overwritten so far go back first, so the copies are of the prepared state.
    this.restore(weight, tree);
    this.saved = { weight: weight.slice(), tree: tree.slice() };
  }

  restore(weight: Float64Array, tree: Float64Array): void {
    if (this.saved) {
      weight.set(this.saved.weight);
      tree.set(this.saved.tree);
      return;
    }
    for (let j = this.positions.length - 1; j >= 0; j--) this.arrays[j]![this.positions[j]!] = this.values[j]!;
    this.arrays.length = 0;
    this.positions.length = 0;
    this.values.length = 0;
  }
}

/** The weighted item nearest to a position (rounding drift can land a draw on an emptied slot). */
function nearestWeighted(weight: Float64Array, from: number): number {
  for (let d = 0; d < weight.length; d++) {
    if (from - d >= 0 && weight[from - d] > 0) return from - d;
    if (from + d < weight.length && weight[from + d] > 0) return from + d;
  }
  throw new Error('no weighted item left to draw');
}
