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
 * from one table): the weights and their Fenwick tree are built once, and each draw works on a scratch copy that it
 * puts back as it found it (the drawn items' weights and the tree entries above them: O(k log n), not a copy of n),
 * which gives the same draws as `sampleSoftmax` without n exponentials or new arrays per draw.
 */
export class SoftmaxSampler {
  private readonly n: number;
  private readonly top: number;
  /** Weights and tree before any draw (empty at temperature 0). */
  private readonly weight: Float64Array;
  private readonly tree: Float64Array;
  private readonly total: number;
  /** Scratch copies of `weight` and `tree` and the drawn flags, equal to the prepared state between draws. */
  private work: { weight: Float64Array; tree: Float64Array; drawn: Uint8Array } | undefined;

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
    this.total = size === 0 ? 0 : this.build(new Uint8Array(size), this.weight, this.tree);
  }

  /**
   * Weights relative to the best score not yet drawn (so the best weighs 1), and the Fenwick tree over them, into
   * `weight` and `tree`; returns their total.
   */
  private build(drawn: Uint8Array, weight: Float64Array, tree: Float64Array): number {
    const { n, scores, temperature } = this;
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
    this.work ??= { weight: this.weight.slice(), tree: this.tree.slice(), drawn: new Uint8Array(n) };
    const picked: number[] = [];
    let rebuilt = true; // should a draw throw, the whole scratch state is put back
    try {
      rebuilt = this.drawInto(picked, count, rng);
    } finally {
      this.restore(picked, rebuilt);
    }
    // Only items with no weight at all (score -Infinity or NaN) are left: best first.
    if (picked.length < count) picked.push(...topK(scores, count - picked.length, drawnFlags(n, picked)));
    return picked;
  }

  /** Sequential draws into `picked` on the scratch state; whether the tree had to be rebuilt. */
  private drawInto(picked: number[], count: number, rng: Rng): boolean {
    const { n, top } = this;
    const { weight, tree, drawn } = this.work!;
    let total = this.total;
    let builtTotal = total;
    let rebuilt = false;
    while (picked.length < count) {
      // After many removals the running total loses precision; start again from the items left.
      if (total < builtTotal * 1e-9) {
        rebuilt = true;
        total = this.build(drawn, weight, tree);
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
      weight[chosen] = 0;
      total -= w;
      for (let i = chosen + 1; i <= n; i += i & -i) tree[i] -= w;
    }
    return rebuilt;
  }

  /** Puts the scratch state back to the prepared one: what the drawn items touched, or all of it after a rebuild. */
  private restore(picked: readonly number[], rebuilt: boolean): void {
    const { weight, tree, drawn } = this.work!;
    if (rebuilt) {
      weight.set(this.weight);
      tree.set(this.tree);
      drawn.fill(0);
      return;
    }
    const n = this.n;
    for (const chosen of picked) {
      drawn[chosen] = 0;
      weight[chosen] = this.weight[chosen]!;
      for (let i = chosen + 1; i <= n; i += i & -i) tree[i] = this.tree[i]!;
    }
  }
}

function drawnFlags(n: number, picked: readonly number[]): Uint8Array {
  const drawn = new Uint8Array(n);
  for (const i of picked) drawn[i] = 1;
  return drawn;
}

/** The weighted item nearest to a position (rounding drift can land a draw on an emptied slot). */
function nearestWeighted(weight: Float64Array, from: number): number {
  for (let d = 0; d < weight.length; d++) {
    if (from - d >= 0 && weight[from - d] > 0) return from - d;
    if (from + d < weight.length && weight[from + d] > 0) return from + d;
  }
  throw new Error('no weighted item left to draw');
}
