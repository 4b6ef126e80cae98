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
import { ConditionGrounder, conditionKey, type GCond, type GNode } from './conditions.js';
import { type InstantiationContext, instantiateActions, instantiateAxioms, opName } from './instantiate.js';
import { ObjectTable } from './objects.js';
import { buildRules, exploreReachable, Joiner, type Rule } from './reachability.js';
import { type CompiledDomain, compileDomain, FormulaCompiler } from './schema.js';
import { freezeConstantAtoms, relevantParts } from './simplify.js';

/** Per-domain grounding data that does not depend on the problem. */
interface DomainGroundingData {
  rules: Rule[];
  maxSlots: number;
}

const domainData = new WeakMap<CompiledDomain, DomainGroundingData>();

function groundingData(cd: CompiledDomain): DomainGroundingData {
  let data = domainData.get(cd);
  if (!data) {
    const maxSlots = Math.max(
      1,
      ...cd.actions.map((a) => a.slotTypes.length),
      ...cd.axioms.map((a) => a.slotTypes.length),
    );
    data = { rules: buildRules(cd), maxSlots };
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
  const warnings = [...domain.warnings, ...problem.warnings];

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
  exploreReachable(data.rules, store, joiner, maxSlots);
  const ctx: InstantiationContext = {
    cd,
    problem,
    objects,
    store,
    grounder,
    joiner,
    binding: new Int32Array(maxSlots).fill(-1),
    functionValues,
    warnings,
  };
  const { ops: instantiated, reachableActions } = instantiateActions(ctx);
  const instantiatedAxioms = instantiateAxioms(ctx);
  ctx.binding.fill(-1);
  const instantiatedGoal = grounder.groundFormula(goalFormula, ctx.binding, goalCompiler.slotTypes);

  const { ops, axioms, goal } = freezeConstantAtoms(
    { ops: instantiated, axioms: instantiatedAxioms, goal: instantiatedGoal },
    store.size,
    (atom) => cd.isDerived[store.pred[atom]],
    (atom) => initAtoms.has(atom),
  );
  const { atoms: relevant, ops: opRelevant, axioms: axiomRelevant } = relevantParts({ ops, axioms, goal }, store.size);

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
