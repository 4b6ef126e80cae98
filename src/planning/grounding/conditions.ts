/**
 * Instantiating compiled formulas under a variable binding. `possible` asks only what the static facts and
 * equalities decide (used while exploring reachability); `groundFormula` resolves everything it can and returns a
 * propositional condition over the remaining fluent atoms, with quantifiers expanded over their types.
 */
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
}

export function literal(atom: number, negated: boolean): number {
  return atom * 2 + (negated ? 1 : 0);
}

export class ConditionGrounder {
  private readonly staticRelevant = new WeakMap<CFormula, boolean>();

  constructor(
    private readonly cd: CompiledDomain,
    private readonly objects: ObjectTable,
    private readonly store: AtomStore,
  ) {}

  /** False only when the static facts (or equalities) already make `f` false under `binding`. */
  possible(f: CFormula, binding: Int32Array, slotTypes: number[]): boolean {
    if (!this.hasStaticPart(f)) return f.k !== 'false';
    switch (f.k) {
      case 'true':
        return true;
      case 'false':
        return false;
      case 'atom': {
        const holds = this.store.idOfKey(this.store.patternKey(f.pred, f.args, binding)) >= 0;
        return holds !== f.neg;
      }
      case 'eq':
        return (resolve(f.a, binding) === resolve(f.b, binding)) !== f.neg;
      case 'and':
        for (const a of f.args) if (!this.possible(a, binding, slotTypes)) return false;
        return true;
      case 'or':
        for (const a of f.args) if (this.possible(a, binding, slotTypes)) return true;
        return false;
      case 'forall':
        return !this.someBinding(f.vars, 0, binding, slotTypes, () => !this.possible(f.body, binding, slotTypes));
      case 'exists':
        return this.someBinding(f.vars, 0, binding, slotTypes, () => this.possible(f.body, binding, slotTypes));
    }
  }

  /** The condition `f` under `binding`, simplified by static facts, equalities and unreached atoms. */
  groundFormula(f: CFormula, binding: Int32Array, slotTypes: number[]): GCond {
    switch (f.k) {
      case 'true':
        return true;
      case 'false':
        return false;
      case 'atom': {
        const id = this.store.idOfKey(this.store.patternKey(f.pred, f.args, binding));
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
        for (const a of f.args) {
          const g = this.groundFormula(a, binding, slotTypes);
          if (g === isOr) return isOr;
          parts.push(g);
        }
        return isOr ? mkOr(parts) : mkAnd(parts);
      }
      case 'forall':
      case 'exists': {
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
    }
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

function combine(parts: GCond[], isOr: boolean): GCond {
  const lits = new Set<number>();
  const nodes: GNode[] = [];
  const stack = [...parts];
  while (stack.length > 0) {
    const p = stack.pop()!;
    if (typeof p === 'boolean') {
      if (p === isOr) return isOr;
      continue;
    }
    if (typeof p === 'number') {
      if (lits.has(p ^ 1)) return isOr;
      lits.add(p);
      continue;
    }
    if (p.or === isOr) stack.push(...p.args);
    else nodes.push(p);
  }
  const args: GCond[] = [...lits].sort((a, b) => a - b);
  nodes.reverse();
  args.push(...nodes);
  if (args.length === 0) return !isOr;
  if (args.length === 1) return args[0];
  return { or: isOr, args };
}

/**
 * Replaces literals by `value(lit)` where it returns a boolean, and simplifies. Returns `c` itself when nothing
 * changed, so that unaffected conditions cost no allocation.
 */
export function substitute(c: GCond, value: (lit: number) => boolean | undefined): GCond {
  if (typeof c === 'boolean') return c;
  if (typeof c === 'number') return value(c) ?? c;
  let changed: GCond[] | undefined;
  for (let i = 0; i < c.args.length; i++) {
    const a = c.args[i];
    const s = substitute(a, value);
    if (s === a && !changed) continue;
    if (s === c.or) return c.or;
    if (!changed) changed = c.args.slice(0, i);
    changed.push(s);
  }
  return changed ? combine(changed, c.or) : c;
}

/** Calls `visit` on every literal of a condition. */
export function forEachLiteral(c: GCond, visit: (lit: number) => void): void {
  if (typeof c === 'boolean') return;
  if (typeof c === 'number') {
    visit(c);
    return;
  }
  for (const a of c.args) forEachLiteral(a, visit);
}

/** A canonical string for grouping equal conditions. */
export function conditionKey(c: GCond): string {
  if (typeof c === 'boolean') return c ? 'T' : 'F';
  if (typeof c === 'number') return `${c}`;
  return `${c.or ? '|' : '&'}(${c.args.map(conditionKey).join(' ')})`;
}
