/**
 * Relaxed reachability over the lifted task, as a Datalog fixpoint: every action, add effect and derived-predicate
 * rule becomes a rule whose body is the set of atoms its condition requires to be true (negative literals and
 * disjunctions are ignored, which over-approximates), checked against the static facts. Starting from the initial
 * state, rules fire until nothing new is reached. Actions are recorded as atoms of a pseudo-predicate per schema.
 */
import type { AtomStore } from './atoms.js';
import type { ConditionGrounder } from './conditions.js';
import { Deadline } from './deadline.js';
import type { ObjectTable } from './objects.js';
import type { Arg, CFormula, CompiledDomain } from './schema.js';

export interface LiftedAtom {
  pred: number;
  args: Arg[];
}

export interface Rule {
  body: LiftedAtom[];
  slotTypes: number[];
  /** Slots that must end up bound: enumerated over their type when no body atom binds them. */
  enumerate: number[];
  /** Checked against the static facts once the slots are bound. */
  check: CFormula;
  head: LiftedAtom;
  /** For each body position used as the trigger, the order in which to join the other positions. */
  orders: number[][];
}

/** The atoms a formula needs to be true under every way of satisfying it (the positive conjunctive core). */
export function requiredAtoms(f: CFormula, out: LiftedAtom[] = []): LiftedAtom[] {
  switch (f.k) {
    case 'atom':
      if (!f.neg) out.push({ pred: f.pred, args: f.args });
      break;
    case 'and':
      for (const a of f.args) requiredAtoms(a, out);
      break;
    case 'exists':
      requiredAtoms(f.body, out);
      break;
    default:
      break;
  }
  return out;
}

/** Most alternatives one rule splits into; a condition with more keeps only what all its disjuncts share. */
const MAX_ALTERNATIVES = 16;

/**
 * Ways the positive atoms of a formula can be required: one atom set per way of satisfying its disjunctions (a
 * disjunctive normal form of the positive core, capped at MAX_ALTERNATIVES), so that reachability splits a rule
 * on its disjunctions as Fast Downward's translator splits operators. The household `put` needs "held in the right
 * hand or in the left": one rule each, and only holdable things reach it, where ignoring the disjunction let every
 * thing of the home reach it. Atoms under negation or `forall` are not required, nor, inside a disjunction, atoms
 * naming a variable the disjunct quantifies (joining through it would enumerate every witness of every binding):
 * an over-approximation.
 */
export function requiredAlternatives(f: CFormula, local: ReadonlySet<number> = NONE, inOr = false): LiftedAtom[][] {
  switch (f.k) {
    case 'atom':
      return f.neg || f.args.some((a) => local.has(a)) ? [[]] : [[{ pred: f.pred, args: f.args }]];
    case 'false':
      return [];
    case 'and': {
      let result: LiftedAtom[][] = [[]];
      for (const a of f.args) {
        const alternatives = requiredAlternatives(a, local, inOr);
        if (alternatives.length === 0) return [];
        if (result.length * alternatives.length > MAX_ALTERNATIVES) {
          // Too many ways: keep what every way of this part requires.
          const common = alternatives.reduce((x, y) => x.filter((atom) => y.includes(atom)));
          result = result.map((r) => [...r, ...common]);
        } else {
          result = result.flatMap((r) => alternatives.map((alt) => [...r, ...alt]));
        }
      }
      return result;
    }
    case 'or': {
      const result: LiftedAtom[][] = [];
      for (const a of f.args) {
        const alternatives = requiredAlternatives(a, local, true);
        // A way that requires nothing makes the other ways pointless.
        if (alternatives.some((alt) => alt.length === 0)) return [[]];
        result.push(...alternatives);
      }
      return result.length > MAX_ALTERNATIVES ? [[]] : result;
    }
    case 'exists':
      return requiredAlternatives(f.body, inOr ? new Set([...local, ...f.vars]) : local, inOr);
    default:
      return [[]];
  }
}

const NONE: ReadonlySet<number> = new Set();

/** A join order for `body` starting from the slots in `bound`: most-bound atom first. */
export function joinOrder(body: LiftedAtom[], positions: number[], bound: Set<number>): number[] {
  const known = new Set(bound);
  const left = [...positions];
  const order: number[] = [];
  while (left.length > 0) {
    let best = 0;
    let bestScore = -1;
    for (let i = 0; i < left.length; i++) {
      const atom = body[left[i]];
      let boundArgs = 0;
      for (const a of atom.args) if (a < 0 || known.has(a)) boundArgs++;
      const score = atom.args.length === 0 ? 1e9 : boundArgs * 1000 - (atom.args.length - boundArgs);
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    const next = left.splice(best, 1)[0];
    order.push(next);
    for (const a of body[next].args) if (a >= 0) known.add(a);
  }
  return order;
}

export function makeRule(
  body: LiftedAtom[],
  slotTypes: number[],
  enumerate: number[],
  check: CFormula,
  head: LiftedAtom,
): Rule {
  const positions = body.map((_, i) => i);
  const orders = positions.map((i) =>
    joinOrder(
      body,
      positions.filter((j) => j !== i),
      new Set(body[i].args.filter((a) => a >= 0)),
    ),
  );
  return { body, slotTypes, enumerate, check, head, orders };
}

/**
 * Finds every binding of a rule's slots that matches the body atoms (in `order`) against the store, extends it
 * over the unbound `enumerate` slots, passes the static check, and calls `emit`. The binding is restored after.
 */
export class Joiner {
  /**
   * The slots bound since each mark, as a stack (`top` entries of `undo`): a typed array, not a list that pushes and
   * pops, whose backing store V8 shrinks and grows again as the joins go up and down.
   */
  private undo = new Int32Array(64);
  private top = 0;

  constructor(
    private readonly store: AtomStore,
    private readonly objects: ObjectTable,
    private readonly grounder: ConditionGrounder,
  ) {}

  /** Binds the slots of `atom` to the arguments of store atom `id`; false (and nothing bound) on mismatch. */
  unify(atom: LiftedAtom, id: number, binding: Int32Array, slotTypes: number[]): boolean {
    const values = this.store.argValues;
    const start = this.store.argStart[id];
    const mark = this.top;
    const args = atom.args;
    for (let p = 0; p < args.length; p++) {
      const a = args[p];
      const v = values[start + p];
      if (a < 0) {
        if (-a - 1 !== v) return this.rollback(mark, binding);
      } else if (binding[a] >= 0) {
        if (binding[a] !== v) return this.rollback(mark, binding);
      } else {
        if (!this.objects.typeMembers(slotTypes[a]).has[v]) return this.rollback(mark, binding);
        binding[a] = v;
        if (this.top === this.undo.length) {
          const grown = new Int32Array(this.undo.length * 2);
          grown.set(this.undo);
          this.undo = grown;
        }
        this.undo[this.top++] = a;
      }
    }
    return true;
  }

  /** Undoes bindings made since `mark`; always returns false. */
  rollback(mark: number, binding: Int32Array): false {
    while (this.top > mark) binding[this.undo[--this.top]] = -1;
    return false;
  }

  get mark(): number {
    return this.top;
  }

  join(
    body: LiftedAtom[],
    order: number[],
    k: number,
    binding: Int32Array,
    slotTypes: number[],
    enumerate: number[],
    check: CFormula,
    emit: (binding: Int32Array) => void,
  ): void {
    if (k === order.length) {
      this.enumerateRest(enumerate, 0, binding, slotTypes, check, emit);
      return;
    }
    const atom = body[order[k]];
    const candidates = this.candidates(atom, binding);
    for (let c = 0; c < candidates.length; c++) {
      const mark = this.top;
      if (!this.unify(atom, candidates[c], binding, slotTypes)) continue;
      this.join(body, order, k + 1, binding, slotTypes, enumerate, check, emit);
      this.rollback(mark, binding);
    }
  }

  private candidates(atom: LiftedAtom, binding: Int32Array): number[] {
    let best: number[] | undefined;
    const args = atom.args;
    for (let p = 0; p < args.length; p++) {
      const a = args[p];
      const v = a < 0 ? -a - 1 : binding[a];
      if (v < 0) continue;
      const list = this.store.withArg(atom.pred, p, v);
      if (!best || list.length < best.length) best = list;
      if (list.length === 0) break;
    }
    return best ?? this.store.byPred[atom.pred];
  }

  private enumerateRest(
    enumerate: number[],
    i: number,
    binding: Int32Array,
    slotTypes: number[],
    check: CFormula,
    emit: (binding: Int32Array) => void,
  ): void {
    if (i === enumerate.length) {
      if (this.grounder.possible(check, binding, slotTypes)) emit(binding);
      return;
    }
    const slot = enumerate[i];
    if (binding[slot] >= 0) {
      this.enumerateRest(enumerate, i + 1, binding, slotTypes, check, emit);
      return;
    }
    const list = this.objects.typeMembers(slotTypes[slot]).list;
    for (let j = 0; j < list.length; j++) {
      binding[slot] = list[j];
      this.enumerateRest(enumerate, i + 1, binding, slotTypes, check, emit);
    }
    binding[slot] = -1;
  }
}

/** Pseudo-predicate id of action schema `i` in the reachability store. */
export function actionPred(cd: CompiledDomain, i: number): number {
  return cd.predKeys.length + i;
}

/** Builds the rules of the relaxed lifted task. */
export function buildRules(cd: CompiledDomain): Rule[] {
  const rules: Rule[] = [];
  cd.actions.forEach((action, i) => {
    const params = Array.from({ length: action.numParams }, (_, j) => j);
    const head = { pred: actionPred(cd, i), args: params };
    for (const body of requiredAlternatives(action.pre)) {
      rules.push(makeRule(body, action.slotTypes, params, action.pre, head));
    }
    for (const e of action.effects) {
      if (e.del) continue;
      for (const body of requiredAlternatives(e.cond)) {
        rules.push(makeRule([head, ...body], action.slotTypes, e.vars, e.cond, { pred: e.pred, args: e.args }));
      }
    }
  });
  for (const ax of cd.axioms) {
    const params = Array.from({ length: ax.numParams }, (_, j) => j);
    for (const body of requiredAlternatives(ax.body)) {
      rules.push(makeRule(body, ax.slotTypes, params, ax.body, { pred: ax.pred, args: ax.headArgs }));
    }
  }
  return rules;
}

/** Runs the fixpoint; the store starts with the initial atoms and ends with every relaxed-reachable atom. */
export function exploreReachable(
  rules: Rule[],
  store: AtomStore,
  joiner: Joiner,
  maxSlots: number,
  deadline: Deadline = new Deadline(),
): void {
  const triggers: { rule: Rule; pos: number }[][] = Array.from({ length: store.byPred.length }, () => []);
  for (const rule of rules) {
    rule.body.forEach((atom, pos) => {
      triggers[atom.pred].push({ rule, pos });
    });
  }
  const binding = new Int32Array(maxSlots).fill(-1);
  // Heads found while a trigger's joins run, added after them: predicate, then its arguments, back to back (the
  // first `pending` and `pendingArgCount` entries; the lists keep their length between flushes, so that V8 does not
  // shrink and grow them again for every atom).
  const pendingPred: number[] = [];
  const pendingArgs: number[] = [];
  let pending = 0;
  let pendingArgCount = 0;
  const arities = store.arities;
  const emitter = (rule: Rule) => (b: Int32Array) => {
    // Most heads are derived again and again: look them up before allocating.
    if (store.lookup(rule.head.pred, rule.head.args, b) >= 0) return;
    pendingPred[pending++] = rule.head.pred;
    const args = rule.head.args;
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      pendingArgs[pendingArgCount++] = a < 0 ? -a - 1 : b[a];
    }
  };
  const emitters = new Map(rules.map((r) => [r, emitter(r)]));
  let cursor = 0;
  const flush = () => {
    let at = 0;
    for (let i = 0; i < pending; i++) {
      const n = arities[pendingPred[i]];
      store.addFrom(pendingPred[i], pendingArgs, at, n);
      at += n;
    }
    pending = 0;
    pendingArgCount = 0;
  };
  for (const rule of rules) {
    if (rule.body.length === 0) {
      joiner.join(rule.body, [], 0, binding, rule.slotTypes, rule.enumerate, rule.check, emitters.get(rule)!);
    }
  }
  flush();
  while (cursor < store.size) {
    deadline.check();
    const id = cursor++;
    const triggered = triggers[store.pred[id]];
    for (let t = 0; t < triggered.length; t++) {
      const { rule, pos } = triggered[t];
      const mark = joiner.mark;
      if (!joiner.unify(rule.body[pos], id, binding, rule.slotTypes)) continue;
      joiner.join(
        rule.body,
        rule.orders[pos],
        0,
        binding,
        rule.slotTypes,
        rule.enumerate,
        rule.check,
        emitters.get(rule)!,
      );
      joiner.rollback(mark, binding);
    }
    flush();
  }
}
