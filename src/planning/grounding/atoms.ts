/**
 * A set of ground atoms with integer ids, indexed by predicate and by (predicate, argument position, object) so
 * that joins during grounding look up candidates instead of scanning.
 */
import type { Arg } from './schema.js';

const EMPTY: number[] = [];
/** The largest table of ids kept per predicate (entries of 4 bytes): 4 MB, a binary predicate over 1,024 objects. */
const DENSE_MAX = 1 << 20;
/** The entries of all of a store's tables together: 32 MB. */
const DENSE_BUDGET = 1 << 23;

export class AtomStore {
  readonly pred: number[] = [];
  /** Arguments of atom `id`: `argValues[argStart[id] + i]` (one flat list: no object per atom). */
  readonly argStart: number[] = [];
  readonly argValues: number[] = [];
  readonly byPred: number[][];
  /**
   * Atom ids by predicate, keyed by the arguments as a mixed-radix number (a small integer for the arities of
   * most predicates, which V8 hashes without allocating), or as a string where that number would not fit 2^52.
   */
  private readonly ids: Map<number | string, number>[];
  /**
   * For predicates of at most two arguments over few enough objects: the ids in a table indexed by the key itself
   * (-1 where absent). Whole-home grounding looks binary atoms up millions of times (every binding of a quantified
   * `close ?char ?v`), and a map of 50,000 entries cost a cache miss or two each.
   */
  private readonly dense: (Int32Array | undefined)[];
  private readonly numeric: boolean[];
  private denseEntries = 0;
  private readonly index: (number[] | undefined)[][][];
  private readonly base: number;

  constructor(
    readonly arities: readonly number[],
    numObjects: number,
  ) {
    this.byPred = arities.map(() => []);
    this.index = arities.map((a) => Array.from({ length: a }, () => []));
    this.base = Math.max(1, numObjects);
    this.ids = arities.map(() => new Map());
    this.numeric = arities.map((a) => this.base ** a < 2 ** 52);
    this.dense = arities.map(() => undefined);
  }

  get size(): number {
    return this.pred.length;
  }

  /** Key of `pred(args)` where each arg is an object id: the `n` arguments at `args[start]`. */
  private key(pred: number, args: ArrayLike<number>, start = 0, n = args.length): number | string {
    if (this.numeric[pred]) {
      let k = 0;
      for (let i = n - 1; i >= 0; i--) k = k * this.base + args[start + i];
      return k;
    }
    let s = '';
    for (let i = 0; i < n; i++) s += `${args[start + i]},`;
    return s;
  }

  /** Id of a lifted atom under a binding (every slot it uses must be bound), or -1 when it is not stored. */
  lookup(pred: number, pattern: Arg[], binding: Int32Array): number {
    let k: number | string;
    if (this.numeric[pred]) {
      k = 0;
      for (let i = pattern.length - 1; i >= 0; i--) {
        const a = pattern[i];
        k = k * this.base + (a < 0 ? -a - 1 : binding[a]);
      }
    } else {
      k = '';
      for (let i = 0; i < pattern.length; i++) {
        const a = pattern[i];
        k += `${a < 0 ? -a - 1 : binding[a]},`;
      }
    }
    const dense = this.dense[pred];
    if (dense) return dense[k as number];
    return this.ids[pred].get(k) ?? -1;
  }

  find(pred: number, args: ArrayLike<number>): number {
    const k = this.key(pred, args);
    const dense = this.dense[pred];
    if (dense) return dense[k as number];
    return this.ids[pred].get(k) ?? -1;
  }

  /** Adds the atom if new; returns its id and whether it was new (as the sign: new ids are returned as-is, old as ~id). */
  add(pred: number, args: ArrayLike<number>): number {
    return this.addFrom(pred, args, 0, args.length);
  }

  /** `add` of the `n` arguments at `args[start]` (reachability keeps new atoms' arguments back to back in one list). */
  addFrom(pred: number, args: ArrayLike<number>, start: number, n: number): number {
    const key = this.key(pred, args, start, n);
    const dense = this.byPred[pred].length === 0 ? this.newTable(pred) : this.dense[pred];
    const old = dense ? dense[key as number] : (this.ids[pred].get(key) ?? -1);
    if (old >= 0) return ~old;
    const id = this.pred.length;
    if (dense) dense[key as number] = id;
    else this.ids[pred].set(key, id);
    this.pred.push(pred);
    this.argStart.push(this.argValues.length);
    for (let p = 0; p < n; p++) this.argValues.push(args[start + p]);
    this.byPred[pred].push(id);
    const idx = this.index[pred];
    for (let p = 0; p < n; p++) {
      const byObject = idx[p];
      const o = args[start + p];
      let list = byObject[o];
      if (!list) {
        list = [];
        byObject[o] = list;
      }
      list.push(id);
    }
    return id;
  }

  /**
   * The table of ids of a predicate that gets its first atom, where it may have one (at most two arguments, at most
   * DENSE_MAX entries, and DENSE_BUDGET entries over all predicates: a domain of many binary predicates over
   * thousands of objects keeps maps); whether it has one is settled here, once.
   */
  private newTable(pred: number): Int32Array | undefined {
    const size = this.base ** this.arities[pred];
    if (this.arities[pred] > 2 || size > DENSE_MAX || this.denseEntries + size > DENSE_BUDGET) return undefined;
    this.denseEntries += size;
    const table = new Int32Array(size).fill(-1);
    this.dense[pred] = table;
    return table;
  }

  /** A copy of the arguments of atom `id`. */
  argsOf(id: number): Int32Array {
    const start = this.argStart[id];
    const n = id + 1 < this.argStart.length ? this.argStart[id + 1] - start : this.argValues.length - start;
    const out = new Int32Array(n);
    for (let i = 0; i < n; i++) out[i] = this.argValues[start + i];
    return out;
  }

  /** Atom ids of `pred` whose argument at `position` is `object`. */
  withArg(pred: number, position: number, object: number): number[] {
    return this.index[pred][position][object] ?? EMPTY;
  }
}
