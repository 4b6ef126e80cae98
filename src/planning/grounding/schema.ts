/**
 * Lifted normalisation, done once per domain: formulas to negation normal form over integer variable slots,
 * effects flattened to `forall vars: when cond: literal`, cost expressions resolved to function indices. A parsed
 * domain is compiled on first use and the result cached, so planning many problems on one domain pays this once.
 */

import { registerCache } from '../../util/caches.js';
import { InputError } from '../../util/errors.js';
import type { Domain, Effect, Formula, NumExpr, Term, TypedName } from '../pddl/ast.js';

/** An argument: a variable slot (>= 0) or an object id encoded as `-(id + 1)`. */
export type Arg = number;

export function objectArg(id: number): Arg {
  return -(id + 1);
}

/** Formulas in negation normal form: negation appears only on atoms and equalities. */
export type CFormula =
  | { k: 'true' }
  | { k: 'false' }
  | { k: 'atom'; pred: number; args: Arg[]; neg: boolean }
  | { k: 'eq'; a: Arg; b: Arg; neg: boolean }
  | { k: 'and'; args: CFormula[] }
  | { k: 'or'; args: CFormula[] }
  | { k: 'forall'; vars: number[]; body: CFormula }
  | { k: 'exists'; vars: number[]; body: CFormula };

export type CNumExpr =
  | { k: 'num'; value: number }
  | { k: 'fn'; fn: number; args: Arg[] }
  | { k: 'arith'; op: '+' | '-' | '*' | '/'; args: CNumExpr[] };

/** One literal an action may set: for every binding of `vars` where `cond` holds, add or delete the atom. */
export interface EffectSchema {
  vars: number[];
  cond: CFormula;
  pred: number;
  args: Arg[];
  del: boolean;
}

export interface ActionSchema {
  index: number;
  name: string;
  numParams: number;
  /** Type set of every slot: the parameters first, then quantified variables. */
  slotTypes: number[];
  pre: CFormula;
  effects: EffectSchema[];
  /** Sum of the `(increase (total-cost) ...)` amounts, or null when the action has none (cost 0 under a metric). */
  cost: CNumExpr[] | null;
}

export interface AxiomSchema {
  pred: number;
  numParams: number;
  /** Head arguments as slots (a variable may repeat). */
  headArgs: Arg[];
  slotTypes: number[];
  body: CFormula;
}

export interface CompiledDomain {
  domain: Domain;
  predKeys: string[];
  predNames: string[];
  predArity: number[];
  predIndex: Map<string, number>;
  /** Never changed by an action and not derived: known from the initial state alone. */
  isStatic: boolean[];
  isDerived: boolean[];
  /** Stratum of each derived predicate (0 for others); lower strata are evaluated first. */
  stratum: number[];
  functionKeys: string[];
  functionIndex: Map<string, number>;
  /** Each distinct list of type keys a variable may range over (several for `either`). */
  typeSets: string[][];
  typeSetIds: Map<string, number>;
  actions: ActionSchema[];
  axioms: AxiomSchema[];
}

let compiled = new WeakMap<Domain, CompiledDomain>();
registerCache('grounding: compiled domains', () => {
  compiled = new WeakMap();
});

/** The compiled form of a domain, computed once per domain object. */
export function compileDomain(domain: Domain): CompiledDomain {
  let result = compiled.get(domain);
  if (!result) {
    result = buildCompiledDomain(domain);
    compiled.set(domain, result);
  }
  return result;
}

function buildCompiledDomain(domain: Domain): CompiledDomain {
  const predKeys = [...domain.predicates.keys()];
  const predIndex = new Map(predKeys.map((k, i) => [k, i]));
  const functionKeys = [...domain.functions.keys()];
  const cd: CompiledDomain = {
    domain,
    predKeys,
    predNames: predKeys.map((k) => domain.predicates.get(k)!.name),
    predArity: predKeys.map((k) => domain.predicates.get(k)!.params.length),
    predIndex,
    isStatic: [],
    isDerived: predKeys.map(() => false),
    stratum: predKeys.map(() => 0),
    functionKeys,
    functionIndex: new Map(functionKeys.map((k, i) => [k, i])),
    typeSets: [],
    typeSetIds: new Map(),
    actions: [],
    axioms: [],
  };
  const constants = new Map(domain.constants.map((c, i) => [c.key, i]));
  const objectId = (key: string): number => {
    const id = constants.get(key);
    if (id === undefined) throw new InputError(`unknown constant '${key}'`, { file: domain.file });
    return id;
  };
  const compiler = (): FormulaCompiler => new FormulaCompiler(cd, objectId);

  for (const d of domain.derived) cd.isDerived[predIndex.get(d.predicate)!] = true;
  const affected = new Set<number>();
  domain.actions.forEach((action, index) => {
    const c = compiler();
    const env = c.bind(action.params, new Map());
    const pre = c.formula(action.precondition, env, false);
    const effects: EffectSchema[] = [];
    const cost: CNumExpr[] = [];
    c.effect(action.effect, env, [], [], effects, cost);
    for (const e of effects) affected.add(e.pred);
    cd.actions.push({
      index,
      name: action.name,
      numParams: action.params.length,
      slotTypes: c.slotTypes,
      pre,
      effects,
      cost: cost.length > 0 ? cost : null,
    });
  });
  for (const d of domain.derived) {
    const c = compiler();
    const env = c.bind(d.params, new Map());
    cd.axioms.push({
      pred: predIndex.get(d.predicate)!,
      numParams: d.params.length,
      headArgs: d.args.map((a) => c.arg(a, env)),
      slotTypes: c.slotTypes,
      body: c.formula(d.body, env, false),
    });
  }
  cd.isStatic = predKeys.map((_, i) => !affected.has(i) && !cd.isDerived[i]);
  cd.stratum = stratify(cd);
  return cd;
}

/** Compiles the formulas of one schema, allocating its variable slots. */
export class FormulaCompiler {
  readonly slotTypes: number[] = [];

  constructor(
    private readonly cd: CompiledDomain,
    private readonly objectId: (key: string) => number,
  ) {}

  /** Allocates slots for `params` and returns the environment extended with them. */
  bind(params: TypedName[], env: Map<string, number>): Map<string, number> {
    const next = new Map(env);
    for (const p of params) {
      next.set(p.key, this.slotTypes.length);
      this.slotTypes.push(this.typeSet(p.types));
    }
    return next;
  }

  private typeSet(types: string[]): number {
    const sorted = [...new Set(types)].sort();
    const key = sorted.join('|');
    let id = this.cd.typeSetIds.get(key);
    if (id === undefined) {
      id = this.cd.typeSets.length;
      this.cd.typeSets.push(sorted);
      this.cd.typeSetIds.set(key, id);
    }
    return id;
  }

  arg(t: Term, env: Map<string, number>): Arg {
    if (t.kind === 'var') {
      const slot = env.get(t.key);
      if (slot === undefined) throw new Error(`unbound variable ?${t.key}`);
      return slot;
    }
    return objectArg(this.objectId(t.key));
  }

  /** NNF of `f`, or of its negation when `negated`. */
  formula(f: Formula, env: Map<string, number>, negated: boolean): CFormula {
    switch (f.kind) {
      case 'true':
        return negated ? FALSE : TRUE;
      case 'false':
        return negated ? TRUE : FALSE;
      case 'atom':
        return {
          k: 'atom',
          pred: this.cd.predIndex.get(f.predicate)!,
          args: f.args.map((a) => this.arg(a, env)),
          neg: negated,
        };
      case 'equals':
        return { k: 'eq', a: this.arg(f.left, env), b: this.arg(f.right, env), neg: negated };
      case 'not':
        return this.formula(f.arg, env, !negated);
      case 'and':
      case 'or': {
        const args = f.args.map((a) => this.formula(a, env, negated));
        return (f.kind === 'and') !== negated ? and(args) : or(args);
      }
      case 'imply': {
        // a -> b  ==  (not a) or b;  not (a -> b)  ==  a and (not b)
        const left = this.formula(f.left, env, !negated);
        const right = this.formula(f.right, env, negated);
        return negated ? and([left, right]) : or([left, right]);
      }
      case 'exists':
      case 'forall': {
        const inner = this.bind(f.params, env);
        const vars = f.params.map((p) => inner.get(p.key)!);
        const body = this.formula(f.body, inner, negated);
        if (body.k === 'true' || body.k === 'false') return body;
        return (f.kind === 'forall') !== negated ? { k: 'forall', vars, body } : { k: 'exists', vars, body };
      }
    }
  }

  effect(
    e: Effect,
    env: Map<string, number>,
    vars: number[],
    conds: CFormula[],
    out: EffectSchema[],
    cost: CNumExpr[],
  ): void {
    switch (e.kind) {
      case 'and':
        for (const a of e.args) this.effect(a, env, vars, conds, out, cost);
        return;
      case 'add':
      case 'delete':
        out.push({
          vars,
          cond: and(conds),
          pred: this.cd.predIndex.get(e.predicate)!,
          args: e.args.map((a) => this.arg(a, env)),
          del: e.kind === 'delete',
        });
        return;
      case 'forall': {
        const inner = this.bind(e.params, env);
        this.effect(e.body, inner, [...vars, ...e.params.map((p) => inner.get(p.key)!)], conds, out, cost);
        return;
      }
      case 'when':
        this.effect(e.body, env, vars, [...conds, this.formula(e.condition, env, false)], out, cost);
        return;
      case 'increase-cost':
        cost.push(this.numExpr(e.amount, env));
        return;
    }
  }

  numExpr(n: NumExpr, env: Map<string, number>): CNumExpr {
    switch (n.kind) {
      case 'number':
        return { k: 'num', value: n.value };
      case 'function':
        return { k: 'fn', fn: this.cd.functionIndex.get(n.name)!, args: n.args.map((a) => this.arg(a, env)) };
      case 'arith':
        return { k: 'arith', op: n.op, args: n.args.map((a) => this.numExpr(a, env)) };
    }
  }
}

export const TRUE: CFormula = { k: 'true' };
export const FALSE: CFormula = { k: 'false' };

export function and(args: CFormula[]): CFormula {
  const flat: CFormula[] = [];
  for (const a of args) {
    if (a.k === 'false') return FALSE;
    if (a.k === 'true') continue;
    if (a.k === 'and') flat.push(...a.args);
    else flat.push(a);
  }
  if (flat.length === 0) return TRUE;
  return flat.length === 1 ? flat[0] : { k: 'and', args: flat };
}

export function or(args: CFormula[]): CFormula {
  const flat: CFormula[] = [];
  for (const a of args) {
    if (a.k === 'true') return TRUE;
    if (a.k === 'false') continue;
    if (a.k === 'or') flat.push(...a.args);
    else flat.push(a);
  }
  if (flat.length === 0) return FALSE;
  return flat.length === 1 ? flat[0] : { k: 'or', args: flat };
}

/** Calls `visit(pred, negated)` for every atom of a formula. */
export function forEachAtom(f: CFormula, visit: (pred: number, neg: boolean) => void): void {
  switch (f.k) {
    case 'atom':
      visit(f.pred, f.neg);
      return;
    case 'and':
    case 'or':
      for (const a of f.args) forEachAtom(a, visit);
      return;
    case 'forall':
    case 'exists':
      forEachAtom(f.body, visit);
      return;
    default:
      return;
  }
}

/**
 * Strata of derived predicates: a rule's head sits at least as high as every derived predicate its body uses, and
 * strictly higher than those it uses negated. Fails when negation runs through a cycle.
 */
function stratify(cd: CompiledDomain): number[] {
  const stratum = cd.predKeys.map(() => 0);
  const derivedCount = cd.isDerived.filter(Boolean).length;
  for (let round = 0; ; round++) {
    let changed = false;
    for (const ax of cd.axioms) {
      forEachAtom(ax.body, (pred, neg) => {
        if (!cd.isDerived[pred]) return;
        const need = stratum[pred] + (neg ? 1 : 0);
        if (stratum[ax.pred] < need) {
          stratum[ax.pred] = need;
          changed = true;
        }
      });
    }
    if (!changed) return stratum;
    if (round > derivedCount + 1) {
      throw new InputError('derived predicates depend on their own negation (no stratification exists)', {
        file: cd.domain.file,
      });
    }
  }
}
