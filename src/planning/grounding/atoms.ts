/**
 * A set of ground atoms with integer ids, indexed by predicate and by (predicate, argument position, object) so
 * that joins during grounding look up candidates instead of scanning.
 */
import type { Arg } from './schema.js';

const EMPTY: number[] = [];

export class AtomStore {
  readonly pred: number[] = [];
  readonly args: Int32Array[] = [];
  readonly byPred: number[][];
  private readonly ids = new Map<number | string, number>();
  private readonly index: (number[] | undefined)[][][];
  /** Keys are numbers when every atom fits in 2^53, else strings. */
  private readonly numericKeys: boolean;
  private readonly base: number;
  private readonly numPreds: number;

  constructor(arities: number[], numObjects: number) {
    this.numPreds = arities.length;
    this.byPred = arities.map(() => []);
    this.index = arities.map((a) => Array.from({ length: a }, () => []));
    this.base = Math.max(1, numObjects);
    const maxArity = Math.max(0, ...arities);
    this.numericKeys = arities.length * this.base ** maxArity < 2 ** 52;
  }

  get size(): number {
    return this.pred.length;
  }

  /** Key of `pred(args)` where each arg is an object id. */
  key(pred: number, args: ArrayLike<number>): number | string {
    if (this.numericKeys) {
      // pred + P * (mixed-radix number of the arguments): injective because pred = key mod P fixes the arity.
      let k = 0;
      for (let i = args.length - 1; i >= 0; i--) k = k * this.base + args[i];
      return pred + this.numPreds * k;
    }
    let s = `${pred}`;
    for (let i = 0; i < args.length; i++) s += `,${args[i]}`;
    return s;
  }

  /** Key of a lifted atom under a binding (every slot it uses must be bound). */
  patternKey(pred: number, pattern: Arg[], binding: Int32Array): number | string {
    if (this.numericKeys) {
      let k = 0;
      for (let i = pattern.length - 1; i >= 0; i--) {
        const a = pattern[i];
        k = k * this.base + (a < 0 ? -a - 1 : binding[a]);
      }
      return pred + this.numPreds * k;
    }
    let s = `${pred}`;
    for (let i = 0; i < pattern.length; i++) {
      const a = pattern[i];
      s += `,${a < 0 ? -a - 1 : binding[a]}`;
    }
    return s;
  }

  idOfKey(key: number | string): number {
    return this.ids.get(key) ?? -1;
  }

  find(pred: number, args: ArrayLike<number>): number {
    return this.ids.get(this.key(pred, args)) ?? -1;
  }

  /** Adds the atom if new; returns its id and whether it was new (as the sign: new ids are returned as-is, old as ~id). */
  add(pred: number, args: Int32Array): number {
    const key = this.key(pred, args);
    const old = this.ids.get(key);
    if (old !== undefined) return ~old;
    const id = this.pred.length;
    this.ids.set(key, id);
    this.pred.push(pred);
    this.args.push(args);
    this.byPred[pred].push(id);
    const idx = this.index[pred];
    for (let p = 0; p < args.length; p++) {
      const byObject = idx[p];
      const o = args[p];
      let list = byObject[o];
      if (!list) {
        list = [];
        byObject[o] = list;
      }
      list.push(id);
    }
    return id;
  }

  /** Atom ids of `pred` whose argument at `position` is `object`. */
  withArg(pred: number, position: number, object: number): number[] {
    return this.index[pred][position][object] ?? EMPTY;
  }
}
