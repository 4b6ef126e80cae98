/**
 * Grounding: from a lifted domain and problem to the integer task the search runs on.
 *
 * 1. Relaxed reachability over the lifted task (reachability.ts) finds the reachable atoms and action bindings.
 * 2. Each reachable action is instantiated: its precondition and effect conditions are simplified by the static
 *    facts and by unreachable atoms (quantifiers expanded over their types), effects are enumerated by joining their
 *    conditions against the reachable atoms, and its cost is evaluated from the static function values.
 * 3. Atoms no operator can change are replaced by their initial value, repeatedly, dropping what becomes impossible.
 * 4. A backward relevance pass keeps only operators that can affect an atom the goal depends on.
 * 5. Atoms get dense fact ids; conditions become literal lists plus and/or trees.
 */
import { InputError } from '../../util/errors.js';
import type { Domain, Problem } from '../pddl/ast.js';
import {
  type Axiom,
  type Condition,
  type CondNode,
  type EffectGroup,
  EMPTY_INT32,
  evaluateAxioms,
  type GroundTask,
  type Operator,
  setFact,
} from '../task.js';
import { AtomStore } from './atoms.js';
import { ConditionGrounder, conditionKey, forEachLiteral, type GCond, type GNode, substitute } from './conditions.js';
import { ObjectTable } from './objects.js';
import {
  actionPred,
  buildRules,
  exploreReachable,
  Joiner,
  joinOrder,
  type LiftedAtom,
  type Rule,
  requiredAtoms,
} from './reachability.js';
import { type CNumExpr, type CompiledDomain, compileDomain, FormulaCompiler } from './schema.js';

interface RawEffect {
  cond: GCond;
  atom: number;
  del: boolean;
}

interface RawOp {
  schema: number;
  args: Int32Array;
  pre: GCond;
  effects: RawEffect[];
  cost: number;
}

interface RawAxiom {
  head: number;
  body: GCond;
}

/** Per-domain grounding data that does not depend on the problem. */
interface DomainGroundingData {
  rules: Rule[];
  /** For each action and effect: the atoms to join to enumerate the effect's bindings, and the join order. */
  effectJoins: { body: LiftedAtom[]; order: number[]; dedupe: boolean }[][];
  maxSlots: number;
}

const domainData = new WeakMap<CompiledDomain, DomainGroundingData>();

function groundingData(cd: CompiledDomain): DomainGroundingData {
  let data = domainData.get(cd);
  if (!data) {
    const effectJoins = cd.actions.map((action) => {
      const params = new Set(Array.from({ length: action.numParams }, (_, i) => i));
      return action.effects.map((e) => {
        // A delete only matters for atoms that are reachable, so the deleted atom joins too.
        const body = requiredAtoms(e.cond);
        if (e.del) body.push({ pred: e.pred, args: e.args });
        // Slots bound only by atoms inside the condition's existentials can repeat a binding of the effect's own
        // variables; only then must emitted bindings be de-duplicated.
        const own = new Set([...params, ...e.vars]);
        const dedupe = body.some((a) => a.args.some((x) => x >= 0 && !own.has(x)));
        return {
          body,
          order: joinOrder(
            body,
            body.map((_, i) => i),
            params,
          ),
          dedupe,
        };
      });
    });
    const maxSlots = Math.max(
      1,
      ...cd.actions.map((a) => a.slotTypes.length),
      ...cd.axioms.map((a) => a.slotTypes.length),
    );
    data = { rules: buildRules(cd), effectJoins, maxSlots };
    domainData.set(cd, data);
  }
  return data;
}

export interface GroundingStats {
  reachableAtoms: number;
  reachableActions: number;
  operators: number;
  facts: number;
  axioms: number;
}

export function groundTask(domain: Domain, problem: Problem): GroundTask & { stats: GroundingStats } {
  const cd = compileDomain(domain);
  const data = groundingData(cd);
  const objects = new ObjectTable(cd, problem);
  const warnings = [...problem.warnings];

  const goalCompiler = new FormulaCompiler(cd, (key) => {
    const id = objects.idOf.get(key);
    if (id === undefined) throw new InputError(`the goal names the unknown object '${key}'`, { file: problem.file });
    return id;
  });
  const goalFormula = goalCompiler.formula(problem.goal, new Map(), false);

  const arities = [...cd.predArity, ...cd.actions.map((a) => a.numParams)];
  const store = new AtomStore(arities, objects.size);
  const initAtoms = new Set<number>();
  for (const atom of problem.init) {
    const pred = cd.predIndex.get(atom.predicate);
    if (pred === undefined)
      throw new InputError(`unknown predicate '${atom.predicate}' in the initial state`, { file: problem.file });
    const args = new Int32Array(atom.args.length);
    for (let i = 0; i < args.length; i++) {
      const id = objects.idOf.get(atom.args[i]);
      if (id === undefined)
        throw new InputError(`unknown object '${atom.args[i]}' in the initial state`, { file: problem.file });
      args[i] = id;
    }
    const id = store.add(pred, args);
    initAtoms.add(id < 0 ? ~id : id);
  }
  const functionValues = new Map<string, number>();
  for (const fv of problem.functionValues) {
    const fn = cd.functionIndex.get(fv.function)!;
    functionValues.set(`${fn}:${fv.args.map((a) => objects.idOf.get(a)!).join(',')}`, fv.value);
  }

  const grounder = new ConditionGrounder(cd, objects, store);
  const joiner = new Joiner(store, objects, grounder);
  const maxSlots = Math.max(data.maxSlots, goalCompiler.slotTypes.length);
  exploreReachable(cd, data.rules, store, joiner, maxSlots);
  let reachableActions = 0;

  // Instantiate actions.
  const binding = new Int32Array(maxSlots).fill(-1);
  let ops: RawOp[] = [];
  const undefinedCosts = new Map<string, number>();
  cd.actions.forEach((action, ai) => {
    const instances = store.byPred[actionPred(cd, ai)];
    reachableActions += instances.length;
    for (const id of instances) {
      const args = store.args[id];
      binding.fill(-1);
      for (let i = 0; i < args.length; i++) binding[i] = args[i];
      const pre = grounder.groundFormula(action.pre, binding, action.slotTypes);
      if (pre === false) continue;
      let cost = 1;
      if (problem.minimizeCost) {
        cost = 0;
        for (const expr of action.cost ?? []) cost += evaluateCost(expr, binding, functionValues);
        if (Number.isNaN(cost)) {
          undefinedCosts.set(action.name, (undefinedCosts.get(action.name) ?? 0) + 1);
          continue;
        }
        if (cost < 0) {
          throw new InputError(`action ${opName(action.name, args, objects)} has a negative cost (${cost})`, {
            file: problem.file,
          });
        }
      }
      const effects: RawEffect[] = [];
      action.effects.forEach((e, ei) => {
        const join = data.effectJoins[ai][ei];
        const seen = join.dedupe ? new Set<string>() : undefined;
        joiner.join(join.body, join.order, 0, binding, action.slotTypes, e.vars, e.cond, (b) => {
          if (seen) {
            let key = '';
            for (const v of e.vars) key += `${b[v]},`;
            if (seen.has(key)) return;
            seen.add(key);
          }
          const cond = grounder.groundFormula(e.cond, b, action.slotTypes);
          if (cond === false) return;
          const atomArgs = new Int32Array(e.args.length);
          for (let i = 0; i < atomArgs.length; i++) {
            const a = e.args[i];
            atomArgs[i] = a < 0 ? -a - 1 : b[a];
          }
          let atom = store.find(e.pred, atomArgs);
          if (atom < 0) {
            if (e.del) return;
            atom = store.add(e.pred, atomArgs);
          }
          effects.push({ cond, atom, del: e.del });
        });
      });
      if (effects.length > 0) ops.push({ schema: ai, args, pre, effects, cost });
    }
  });
  for (const [name, count] of undefinedCosts) {
    warnings.push(`dropped ${count} instance(s) of action '${name}' whose cost uses an undefined function value`);
  }

  let axioms: RawAxiom[] = [];
  for (const ax of cd.axioms) {
    for (const id of store.byPred[ax.pred]) {
      const args = store.args[id];
      binding.fill(-1);
      for (let i = 0; i < args.length; i++) binding[i] = args[i];
      const body = grounder.groundFormula(ax.body, binding, ax.slotTypes);
      if (body === false) continue;
      // One rule per disjunct (an existential grounds to one): rules with conjunctive bodies evaluate by counting.
      if (typeof body === 'object' && body.or) for (const part of body.args) axioms.push({ head: id, body: part });
      else axioms.push({ head: id, body });
    }
  }
  binding.fill(-1);
  let goal = grounder.groundFormula(goalFormula, binding, goalCompiler.slotTypes);

  // Replace atoms that no operator can change by their initial value, until nothing more simplifies.
  const isInit = (atom: number) => initAtoms.has(atom);
  for (;;) {
    const added = new Uint8Array(store.size);
    const deleted = new Uint8Array(store.size);
    const derivable = new Uint8Array(store.size);
    for (const op of ops) for (const e of op.effects) (e.del ? deleted : added)[e.atom] = 1;
    for (const ax of axioms) derivable[ax.head] = 1;
    const constant = (atom: number): boolean | undefined => {
      if (cd.isDerived[store.pred[atom]]) return derivable[atom] ? undefined : false;
      if (isInit(atom)) return deleted[atom] ? undefined : true;
      return added[atom] ? undefined : false;
    };
    let changed = false;
    const value = (lit: number): boolean | undefined => {
      const v = constant(lit >> 1);
      if (v === undefined) return undefined;
      changed = true;
      return v !== ((lit & 1) === 1);
    };
    const nextOps: RawOp[] = [];
    for (const op of ops) {
      const pre = substitute(op.pre, value);
      if (pre === false) continue;
      let effects: RawEffect[] | undefined;
      for (let i = 0; i < op.effects.length; i++) {
        const e = op.effects[i];
        let keep: RawEffect | undefined = e;
        if (constant(e.atom) !== undefined) {
          changed = true;
          keep = undefined;
        } else {
          const cond = substitute(e.cond, value);
          if (cond === false) keep = undefined;
          else if (cond !== e.cond) keep = { cond, atom: e.atom, del: e.del };
        }
        if (keep !== e && !effects) effects = op.effects.slice(0, i);
        if (effects && keep) effects.push(keep);
      }
      effects ??= op.effects;
      if (effects.length === 0) continue;
      nextOps.push(pre === op.pre && effects === op.effects ? op : { ...op, pre, effects });
    }
    const nextAxioms: RawAxiom[] = [];
    for (const ax of axioms) {
      const body = substitute(ax.body, value);
      if (body !== false) nextAxioms.push({ head: ax.head, body });
    }
    goal = substitute(goal, value);
    if (nextOps.length !== ops.length || nextAxioms.length !== axioms.length) changed = true;
    ops = nextOps;
    axioms = nextAxioms;
    if (!changed) break;
  }

  // Backward relevance: keep what can influence the goal.
  const relevant = new Uint8Array(store.size);
  const queue: number[] = [];
  const mark = (lit: number) => {
    const atom = lit >> 1;
    if (!relevant[atom]) {
      relevant[atom] = 1;
      queue.push(atom);
    }
  };
  forEachLiteral(goal, mark);
  const effectsOf = new Map<number, { op: number; effect: number }[]>();
  ops.forEach((op, oi) => {
    op.effects.forEach((e, ei) => {
      pushTo(effectsOf, e.atom, { op: oi, effect: ei });
    });
  });
  const axiomsOf = new Map<number, number[]>();
  axioms.forEach((ax, i) => {
    pushTo(axiomsOf, ax.head, i);
  });
  const opRelevant = new Uint8Array(ops.length);
  const axiomRelevant = new Uint8Array(axioms.length);
  while (queue.length > 0) {
    const atom = queue.pop()!;
    for (const { op, effect } of effectsOf.get(atom) ?? []) {
      forEachLiteral(ops[op].effects[effect].cond, mark);
      if (!opRelevant[op]) {
        opRelevant[op] = 1;
        forEachLiteral(ops[op].pre, mark);
      }
    }
    for (const i of axiomsOf.get(atom) ?? []) {
      if (!axiomRelevant[i]) {
        axiomRelevant[i] = 1;
        forEachLiteral(axioms[i].body, mark);
      }
    }
  }

  // Dense fact ids: basic facts first, derived after, each in atom order.
  const factOf = new Int32Array(store.size).fill(-1);
  const factNames: string[] = [];
  const atomName = (atom: number) => {
    const pred = store.pred[atom];
    const args = [...store.args[atom]].map((o) => objects.names[o]);
    return `(${[cd.predNames[pred], ...args].join(' ')})`;
  };
  for (let atom = 0; atom < store.size; atom++) {
    if (relevant[atom] && !cd.isDerived[store.pred[atom]]) {
      factOf[atom] = factNames.length;
      factNames.push(atomName(atom));
    }
  }
  const numBasic = factNames.length;
  for (let atom = 0; atom < store.size; atom++) {
    if (relevant[atom] && cd.isDerived[store.pred[atom]]) {
      factOf[atom] = factNames.length;
      factNames.push(atomName(atom));
    }
  }
  const convert = (c: GCond) => toCondition(c, factOf);

  const operators: Operator[] = [];
  ops.forEach((op, oi) => {
    if (!opRelevant[oi]) return;
    const groups = new Map<string, { cond: GCond; add: number[]; del: number[] }>();
    for (const e of op.effects) {
      if (!relevant[e.atom]) continue;
      const key = conditionKey(e.cond);
      let g = groups.get(key);
      if (!g) {
        g = { cond: e.cond, add: [], del: [] };
        groups.set(key, g);
      }
      (e.del ? g.del : g.add).push(factOf[e.atom]);
    }
    const unconditionalAdds = new Set(groups.get('T')?.add ?? []);
    const pre = convert(op.pre);
    // Effects that cannot change the state are dropped (adding what the condition requires true, deleting what
    // it requires false), and so are operators left without effects, as Fast Downward's translator does.
    const requiredTrue = new Set(pre.pos);
    const requiredFalse = new Set(pre.neg);
    const effects: EffectGroup[] = [];
    for (const g of groups.values()) {
      const cond = g.cond === true ? null : convert(g.cond);
      const add = [...new Set(g.add)].filter((f) => !requiredTrue.has(f) && !cond?.pos.includes(f));
      const del = [...new Set(g.del)].filter(
        (f) => !unconditionalAdds.has(f) && !g.add.includes(f) && !requiredFalse.has(f) && !cond?.neg.includes(f),
      );
      if (add.length === 0 && del.length === 0) continue;
      effects.push({ cond, add: Int32Array.from(add), del: Int32Array.from(del) });
    }
    if (effects.length === 0) return;
    // Unconditional effects first: applying them needs no condition check.
    effects.sort((a, b) => (a.cond === null ? 0 : 1) - (b.cond === null ? 0 : 1));
    const action = cd.actions[op.schema];
    operators.push({
      name: opName(action.name, op.args, objects),
      action: action.name,
      args: [...op.args].map((o) => objects.names[o]),
      cost: op.cost,
      pre,
      effects,
    });
  });

  // Name order (case-folded, as Fast Downward lists its operators): plans and tie-breaking then do not depend on
  // the order in which grounding happened to find the actions.
  const sortKeys = new Map(operators.map((o) => [o, o.name.toLowerCase()]));
  operators.sort((a, b) => {
    const ka = sortKeys.get(a)!;
    const kb = sortKeys.get(b)!;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });

  const groundAxioms: Axiom[] = [];
  axioms.forEach((ax, i) => {
    if (axiomRelevant[i]) {
      groundAxioms.push({ head: factOf[ax.head], body: convert(ax.body), stratum: cd.stratum[store.pred[ax.head]] });
    }
  });
  groundAxioms.sort((a, b) => a.stratum - b.stratum);

  const words = Math.max(1, Math.ceil(factNames.length / 32));
  const init = new Uint32Array(words);
  for (const atom of initAtoms) if (factOf[atom] >= 0 && factOf[atom] < numBasic) setFact(init, factOf[atom]);
  const task: GroundTask & { stats: GroundingStats } = {
    factNames,
    numBasic,
    numFacts: factNames.length,
    words,
    operators,
    axioms: groundAxioms,
    init,
    goal: goal === false ? convert(true) : convert(goal),
    goalImpossible: goal === false,
    unitCost: !problem.minimizeCost,
    warnings,
    stats: {
      reachableAtoms: store.size,
      reachableActions,
      operators: operators.length,
      facts: factNames.length,
      axioms: groundAxioms.length,
    },
  };
  evaluateAxioms(task, task.init);
  return task;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function opName(action: string, args: ArrayLike<number>, objects: ObjectTable): string {
  const parts = [action];
  for (let i = 0; i < args.length; i++) parts.push(objects.names[args[i]]);
  return `(${parts.join(' ')})`;
}

/** Evaluates a cost expression; NaN when it uses a function value the problem does not define. */
function evaluateCost(expr: CNumExpr, binding: Int32Array, values: Map<string, number>): number {
  switch (expr.k) {
    case 'num':
      return expr.value;
    case 'fn': {
      const args = expr.args.map((a) => (a < 0 ? -a - 1 : binding[a]));
      return values.get(`${expr.fn}:${args.join(',')}`) ?? Number.NaN;
    }
    case 'arith': {
      const vals = expr.args.map((a) => evaluateCost(a, binding, values));
      if (vals.length === 1) return expr.op === '-' ? -vals[0] : vals[0];
      const op = expr.op;
      return vals.reduce((x, y) => (op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : x / y));
    }
  }
}

/** Converts a ground condition over atoms to the task's literal lists and trees over fact ids. */
function toCondition(c: GCond, factOf: Int32Array): Condition {
  if (c === true) return { pos: EMPTY_INT32, neg: EMPTY_INT32, trees: [] };
  if (c === false) throw new Error('internal: a false condition survived grounding');
  const top: GNode = typeof c === 'number' ? { or: false, args: [c] } : c.or ? { or: false, args: [c] } : c;
  const node = toNode(top, factOf);
  return { pos: node.pos, neg: node.neg, trees: node.kids };
}

function toNode(node: GNode, factOf: Int32Array): CondNode {
  const pos: number[] = [];
  const neg: number[] = [];
  const kids: CondNode[] = [];
  for (const a of node.args) {
    if (typeof a === 'number') (a & 1 ? neg : pos).push(factOf[a >> 1]);
    else if (typeof a !== 'boolean') kids.push(toNode(a, factOf));
  }
  return { or: node.or, pos: Int32Array.from(pos), neg: Int32Array.from(neg), kids };
}
