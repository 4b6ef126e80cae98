/**
 * Instantiating compiled formulas under a variable binding. `possible` asks only what the static facts and
 * equalities decide (used while exploring reachability); `groundFormula` resolves everything it can and returns a
 * propositional condition over the remaining fluent atoms, with quantifiers expanded over their types.
 */

import { registerCache } from '../../util/caches.js';
import type { CondNode } from '../task.js';
import type { AtomStore } from './atoms.js';
import type { ObjectTable } from './objects.js';
import type { CFormula, CompiledDomain } from './schema.js';

/**
 * A ground condition: a boolean, a literal (`atom * 2`, plus 1 when negated), or a conjunction/disjunction node.
 * Literals name atoms of the grounding's atom store.
 */
export type GCond = boolean | number | GNode;
export interface GNode {
  or: boolean;
  args: GCond[];
  /** Scratch for `evaluate`: the evaluation round and its result (see NodeValues). */
  mark: number;
  /** What fact numbering made of the node (set once, by ground.ts; nodes live for one grounding). */
  converted: boolean | number | CondNode | undefined;
  /** Scratch for walks that visit each shared node once: the number of the last walk that visited it. */
  visited: number;
  /** The node's `conditionKey`, once asked (nodes never change). */
  key: string | undefined;
}

export function literal(atom: number, negated: boolean): number {
  return atom * 2 + (negated ? 1 : 0);
}

export class ConditionGrounder {
  private readonly staticRelevant = new WeakMap<CFormula, boolean>();
  /**
   * Grounded quantifiers by the values of their free variables. A quantified condition usually mentions only some
   * of its action's parameters (the household `put`'s "close to the target, or to something close to it" names the
   * character and the target, not the object put), so its expansion is shared by every binding that agrees on them:
   * without this, grounding a whole home expands the same 400-way disjunction for each of 30,000 operators.
   */
  private readonly expansions = new Map<CFormula, Map<number | string, GCond>>();
  private readonly base: number;

  constructor(
    private readonly cd: CompiledDomain,
    private readonly objects: ObjectTable,
    private readonly store: AtomStore,
  ) {
    this.base = objects.size + 1;
  }

  /** False only when the static facts (or equalities) already make `f` false under `binding`. */
  possible(f: CFormula, binding: Int32Array, slotTypes: number[]): boolean {
    if (!this.hasStaticPart(f)) return f.k !== 'false';
    switch (f.k) {
      case 'true':
        return true;
      case 'false':
        return false;
      case 'atom': {
        const holds = this.store.lookup(f.pred, f.args, binding) >= 0;
        return holds !== f.neg;
      }
      case 'eq':
        return (resolve(f.a, binding) === resolve(f.b, binding)) !== f.neg;
      // Indexed loops: reachability asks this for every binding it tries, and a for-of allocates an iterator in code
      // V8 has not optimized yet (a fresh worker's first episodes).
      case 'and': {
        const args = f.args;
        for (let i = 0; i < args.length; i++) if (!this.possible(args[i], binding, slotTypes)) return false;
        return true;
      }
      case 'or': {
        const args = f.args;
        for (let i = 0; i < args.length; i++) if (this.possible(args[i], binding, slotTypes)) return true;
        return false;
      }
      case 'forall':
        return !this.somePossible(f.vars, 0, f.body, binding, slotTypes, false);
      case 'exists':
        return this.somePossible(f.vars, 0, f.body, binding, slotTypes, true);
    }
  }

  /**
   * Whether some binding of `vars` (from index i, enumerated as `someBinding` does) makes `possible(body)` equal to
   * `wanted`: `someBinding` without a closure per call (reachability asks this for every binding it tries).
   */
  private somePossible(
    vars: number[],
    i: number,
    body: CFormula,
    binding: Int32Array,
    slotTypes: number[],
    wanted: boolean,
  ): boolean {
    if (i === vars.length) return this.possible(body, binding, slotTypes) === wanted;
    const slot = vars[i];
    const saved = binding[slot];
    const list = this.objects.typeMembers(slotTypes[slot]).list;
    let found = false;
    for (let j = 0; j < list.length && !found; j++) {
      binding[slot] = list[j];
      found = this.somePossible(vars, i + 1, body, binding, slotTypes, wanted);
    }
    binding[slot] = saved;
    return found;
  }

  /** The condition `f` under `binding`, simplified by static facts, equalities and unreached atoms. */
  groundFormula(f: CFormula, binding: Int32Array, slotTypes: number[]): GCond {
    switch (f.k) {
      case 'true':
        return true;
      case 'false':
        return false;
      case 'atom': {
        const id = this.store.lookup(f.pred, f.args, binding);
        // An atom never reached is false in every reachable state.
        if (id < 0) return f.neg;
        if (this.cd.isStatic[f.pred]) return !f.neg;
        return literal(id, f.neg);
      }
      case 'eq':
        return (resolve(f.a, binding) === resolve(f.b, binding)) !== f.neg;
      case 'and':
      case 'or': {
        const isOr = f.k === 'or';
        const parts: GCond[] = [];
        const args = f.args;
        for (let i = 0; i < args.length; i++) {
          const g = this.groundFormula(args[i], binding, slotTypes);
          if (g === isOr) return isOr;
          parts.push(g);
        }
        return isOr ? mkOr(parts) : mkAnd(parts);
      }
      case 'forall':
      case 'exists': {
        const key = this.bindingKey(freeSlots(f), binding);
        let known = this.expansions.get(f);
        if (!known) {
          known = new Map();
          this.expansions.set(f, known);
        }
        const hit = known.get(key);
        if (hit !== undefined) return hit;
        const result = this.expand(f, binding, slotTypes);
        known.set(key, result);
        return result;
      }
    }
  }

  /** A key for the values `binding` gives `slots` (a number while it fits in 2^52). */
  private bindingKey(slots: Int32Array, binding: Int32Array): number | string {
    if (this.base ** slots.length < 2 ** 52) {
      let k = 0;
      for (let i = 0; i < slots.length; i++) k = k * this.base + binding[slots[i]] + 1;
      return k;
    }
    let k = '';
    for (let i = 0; i < slots.length; i++) k += `${binding[slots[i]]},`;
    return k;
  }

  private expand(f: Extract<CFormula, { k: 'forall' | 'exists' }>, binding: Int32Array, slotTypes: number[]): GCond {
    const isOr = f.k === 'exists';
    const parts: GCond[] = [];
    let decided = false;
    this.someBinding(f.vars, 0, binding, slotTypes, () => {
      const g = this.groundFormula(f.body, binding, slotTypes);
      if (g === isOr) {
        decided = true;
        return true;
      }
      parts.push(g);
      return false;
    });
    if (decided) return isOr;
    return isOr ? mkOr(parts) : mkAnd(parts);
  }

  /**
   * Enumerates the objects of the quantified `vars` (from index i) into `binding`; stops and returns true as soon as
   * `visit` does. The slots are restored to unbound afterwards.
   */
  someBinding(vars: number[], i: number, binding: Int32Array, slotTypes: number[], visit: () => boolean): boolean {
    if (i === vars.length) return visit();
    const slot = vars[i];
    const saved = binding[slot];
    const list = this.objects.typeMembers(slotTypes[slot]).list;
    let found = false;
    for (let j = 0; j < list.length && !found; j++) {
      binding[slot] = list[j];
      found = this.someBinding(vars, i + 1, binding, slotTypes, visit);
    }
    binding[slot] = saved;
    return found;
  }

  private hasStaticPart(f: CFormula): boolean {
    let v = this.staticRelevant.get(f);
    if (v === undefined) {
      switch (f.k) {
        case 'true':
          v = false;
          break;
        case 'false':
        case 'eq':
          v = true;
          break;
        case 'atom':
          v = this.cd.isStatic[f.pred];
          break;
        case 'and':
        case 'or':
          v = f.args.some((a) => this.hasStaticPart(a));
          break;
        case 'forall':
        case 'exists':
          v = this.hasStaticPart(f.body);
          break;
      }
      this.staticRelevant.set(f, v);
    }
    return v;
  }
}

let freeSlotCache = new WeakMap<CFormula, Int32Array>();
registerCache('grounding: free slots of formulas', () => {
  freeSlotCache = new WeakMap();
});

/** The variable slots a formula uses without binding them itself, ascending. */
export function freeSlots(f: CFormula): Int32Array {
  let cached = freeSlotCache.get(f);
  if (!cached) {
    const slots = new Set<number>();
    collectFree(f, new Set(), slots);
    cached = Int32Array.from([...slots].sort((a, b) => a - b));
    freeSlotCache.set(f, cached);
  }
  return cached;
}

function collectFree(f: CFormula, bound: Set<number>, out: Set<number>): void {
  const use = (a: number) => {
    if (a >= 0 && !bound.has(a)) out.add(a);
  };
  switch (f.k) {
    case 'atom':
      f.args.forEach(use);
      return;
    case 'eq':
      use(f.a);
      use(f.b);
      return;
    case 'and':
    case 'or':
      for (const a of f.args) collectFree(a, bound, out);
      return;
    case 'forall':
    case 'exists':
      collectFree(f.body, new Set([...bound, ...f.vars]), out);
      return;
    default:
      return;
  }
}

function resolve(a: number, binding: Int32Array): number {
  return a < 0 ? -a - 1 : binding[a];
}

/** Conjunction with flattening, constant folding, duplicate and contradiction removal. */
export function mkAnd(parts: GCond[]): GCond {
  return combine(parts, false);
}

export function mkOr(parts: GCond[]): GCond {
  return combine(parts, true);
}

/**
 * What `combine` collects into, made once: combining is never nested (collecting calls no combine), and grounding
 * combines for every binding it instantiates. Only the literal list leaves with the result (as its arguments).
 */
const scratch: Collected = { lits: [], seen: undefined, nodes: [], kept: undefined };

function combine(parts: GCond[], isOr: boolean): GCond {
  const into = scratch;
  into.lits = [];
  into.seen = undefined;
  into.nodes.length = 0;
  into.kept = undefined;
  if (!collect(parts, isOr, into)) return isOr;
  if (into.kept && contradicts(into)) return isOr;
  const args: GCond[] = sortNumbers(into.lits);
  const nodes = into.nodes;
  for (let i = 0; i < nodes.length; i++) args.push(nodes[i]);
  if (args.length === 0) return !isOr;
  if (args.length === 1) return args[0];
  return { or: isOr, args, mark: 0, converted: undefined, visited: 0, key: undefined };
}

/** Sorts distinct integers ascending in place (insertion sort: the lists are short; no comparator call per pair). */
function sortNumbers(list: number[]): number[] {
  if (list.length > 32) return list.sort((a, b) => a - b);
  for (let i = 1; i < list.length; i++) {
    const v = list[i];
    let j = i - 1;
    while (j >= 0 && list[j] > v) {
      list[j + 1] = list[j];
      j--;
    }
    list[j + 1] = v;
  }
  return list;
}

interface Collected {
  lits: number[];
  /** The literals as a set, once there are many. */
  seen: Set<number> | undefined;
  nodes: GNode[];
  /** The nodes of the same kind kept whole (see FLATTEN_MAX). */
  kept: GNode[] | undefined;
}

/**
 * Nodes of the same kind with more arguments than this are kept as one shared child instead of being copied into
 * their parent. A quantifier's expansion is made once per binding of its free variables and used by many
 * conditions (grab's "not on anything" under each of 400 bindings of what it was close to): copying its literals
 * into each of them made a whole home's grounding hold millions of copies. Fact numbering merges such children
 * into their parents as before, so the task is the same.
 */
const FLATTEN_MAX = 8;

/** Gathers the literals and other nodes of `parts`, flattening small nodes of the same kind; false when decided. */
function collect(parts: readonly GCond[], isOr: boolean, into: Collected): boolean {
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (typeof p === 'boolean') {
      if (p === isOr) return false;
    } else if (typeof p === 'number') {
      if (hasLiteral(into, p ^ 1)) return false;
      if (!hasLiteral(into, p)) {
        into.lits.push(p);
        into.seen?.add(p);
        if (!into.seen && into.lits.length > 16) into.seen = new Set(into.lits);
      }
    } else if (p.or === isOr && p.args.length <= FLATTEN_MAX) {
      if (!collect(p.args, isOr, into)) return false;
    } else {
      if (p.or === isOr) {
        into.kept ??= [];
        into.kept.push(p);
      }
      into.nodes.push(p);
    }
  }
  return true;
}

/**
 * Whether the literals of the kept nodes contradict the collected ones or each other (a literal and its negation
 * under one conjunction, or one disjunction): flattening them, as before, would have found it.
 */
function contradicts(into: Collected): boolean {
  const kept = into.kept!;
  for (let i = 0; i < kept.length; i++) {
    const set = literalSet(kept[i]);
    for (const lit of into.lits) if (set.has(lit ^ 1)) return true;
    for (let j = 0; j < i; j++) for (const lit of literalSet(kept[j])) if (set.has(lit ^ 1)) return true;
  }
  return false;
}

let literalSets = new WeakMap<GNode, Set<number>>();
registerCache('grounding: literal sets of nodes', () => {
  literalSets = new WeakMap();
});

/** `keptLiterals` of a node as a set, made once per node. */
function literalSet(node: GNode): Set<number> {
  let set = literalSets.get(node);
  if (!set) {
    set = new Set(keptLiterals(node));
    literalSets.set(node, set);
  }
  return set;
}

/**
 * Appends to `into` the literals of a node and of its children of its own kind (kept whole: FLATTEN_MAX), at any
 * depth: what flattening would have gathered.
 */
export function keptLiterals(node: GNode, into: number[] = []): number[] {
  for (const a of node.args) {
    if (typeof a === 'number') into.push(a);
    else if (typeof a === 'object' && a.or === node.or) keptLiterals(a, into);
  }
  return into;
}

/** Whether a node holds a child of its own kind, kept whole instead of flattened (FLATTEN_MAX). */
export function keepsOwnKind(node: GNode): boolean {
  return node.args.some((a) => typeof a === 'object' && a.or === node.or);
}

function hasLiteral(into: Collected, lit: number): boolean {
  return into.seen ? into.seen.has(lit) : into.lits.includes(lit);
}

/**
 * Replaces literals by `value(lit)` where it returns a boolean, and simplifies. Returns `c` itself when nothing
 * changed, so that unaffected conditions cost no allocation. Conditions share subtrees (quantifier expansions);
 * `memo` (one per `value`) makes each shared node cost once.
 */
export function substitute(c: GCond, value: (lit: number) => boolean | undefined, memo?: Map<GNode, GCond>): GCond {
  if (typeof c === 'boolean') return c;
  if (typeof c === 'number') return value(c) ?? c;
  const known = memo?.get(c);
  if (known !== undefined) return known;
  let changed: GCond[] | undefined;
  let result: GCond = c;
  for (let i = 0; i < c.args.length; i++) {
    const a = c.args[i];
    const s = substitute(a, value, memo);
    if (s === a && !changed) continue;
    if (s === c.or) {
      result = c.or;
      changed = undefined;
      break;
    }
    if (!changed) changed = c.args.slice(0, i);
    changed.push(s);
  }
  if (changed) result = combine(changed, c.or);
  memo?.set(c, result);
  return result;
}

/** A literal's fixed truth value, or undefined when it can change. */
export type LiteralValue = (lit: number) => boolean | undefined;

let rounds = 0;

/**
 * Node results of `evaluate` under one `value`, kept on the nodes themselves (conditions share nodes, and a map
 * lookup per node was most of the cost): a node's `mark` is `round * 4 + result + 1` (result 0 false, 1 true,
 * 2 undecided) while it belongs to this round (a later round's mark is not read as this one's).
 */
export class NodeValues {
  readonly round = ++rounds;

  constructor(readonly value: LiteralValue) {}
}

/** Three-valued evaluation under fixed literal values: true or false when they decide `c`, else undefined. */
export function evaluate(c: GCond, values: NodeValues): boolean | undefined {
  if (typeof c === 'boolean') return c;
  if (typeof c === 'number') return values.value(c);
  const base = values.round * 4;
  if (c.mark - base > 0 && c.mark - base < 4)
    return c.mark === base + 1 ? false : c.mark === base + 2 ? true : undefined;
  let result: boolean | undefined = !c.or;
  const args = c.args;
  for (let i = 0; i < args.length; i++) {
    const v = evaluate(args[i], values);
    if (v === c.or) {
      result = c.or;
      break;
    }
    if (v === undefined) result = undefined;
  }
  c.mark = base + (result === undefined ? 3 : result ? 2 : 1);
  return result;
}

let walks = 0;

/** A number for one walk over conditions that visits each shared node once (see `forEachOpenLiteral`). */
export function newWalk(): number {
  return ++walks;
}

/**
 * Calls `visit` on every literal that still matters once the fixed literals are known: fixed literals, and
 * subtrees the fixed literals decide, are skipped (as if substituted first). Nodes already visited in `walk` (a
 * number from `newWalk`, kept on the nodes instead of a set of nodes) are not visited again.
 */
export function forEachOpenLiteral(c: GCond, values: NodeValues, visit: (lit: number) => void, walk: number): void {
  if (typeof c === 'boolean') return;
  if (typeof c === 'number') {
    if (values.value(c) === undefined) visit(c);
    return;
  }
  if (c.visited === walk || evaluate(c, values) !== undefined) return;
  c.visited = walk;
  const args = c.args;
  for (let i = 0; i < args.length; i++) forEachOpenLiteral(args[i], values, visit, walk);
}

/** Calls `visit` on every literal of a condition; shared nodes in `seen` are not visited again. */
export function forEachLiteral(c: GCond, visit: (lit: number) => void, seen?: Set<GNode>): void {
  if (typeof c === 'boolean') return;
  if (typeof c === 'number') {
    visit(c);
    return;
  }
  if (seen) {
    if (seen.has(c)) return;
    seen.add(c);
  }
  for (const a of c.args) forEachLiteral(a, visit, seen);
}

/** A canonical string for grouping equal conditions (nodes never change, so each node's key is kept on it). */
export function conditionKey(c: GCond): string {
  if (typeof c === 'boolean') return c ? 'T' : 'F';
  if (typeof c === 'number') return `${c}`;
  if (c.key === undefined) c.key = `${c.or ? '|' : '&'}(${c.args.map(conditionKey).join(' ')})`;
  return c.key;
}
