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

import { registerCache } from '../../util/caches.js';
import { InputError } from '../../util/errors.js';
import { evaluateAxioms } from '../axioms.js';
import type { Domain, Problem } from '../pddl/ast.js';
import {
  type Axiom,
  type Condition,
  type CondNode,
  type EffectGroup,
  type GroundTask,
  NO_FACTS,
  type Operator,
  type SharedEffects,
  setFact,
} from '../task.js';
import { AtomStore } from './atoms.js';
import {
  ConditionGrounder,
  conditionKey,
  evaluate,
  type GCond,
  type GNode,
  keepsOwnKind,
  keptLiterals,
  type NodeValues,
} from './conditions.js';
import { Deadline } from './deadline.js';
import {
  type InstantiationContext,
  instantiateActions,
  instantiateAxioms,
  opName,
  relevantPredicates,
} from './instantiate.js';
import { ObjectTable } from './objects.js';
import type { RawBlock } from './raw.js';
import { actionPred, buildRules, exploreReachable, Joiner, type Rule } from './reachability.js';
import { type CompiledDomain, compileDomain, FormulaCompiler } from './schema.js';
import { freezeConstantAtoms, relevantParts } from './simplify.js';

/** Per-domain grounding data that does not depend on the problem. */
interface DomainGroundingData {
  rules: Rule[];
  maxSlots: number;
}

let domainData = new WeakMap<CompiledDomain, DomainGroundingData>();
registerCache('grounding: per-domain data', () => {
  domainData = new WeakMap();
});

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

/**
 * Blocks of fewer effects are copied into each operator (merged with its own effects of the same condition, as
 * before sharing existed): sharing pays where a block is large (a household walk carries what is held: hundreds of
 * effects) and only changes the task's shape where it is small.
 */
const SHARED_BLOCK_MIN = 32;

export interface GroundOptions {
  /** `performance.now()` time after which grounding stops with a GroundingTimeLimit error. */
  deadline?: number;
}

export function groundTask(
  domain: Domain,
  problem: Problem,
  options: GroundOptions = {},
): GroundTask & { stats: GroundingStats } {
  const deadline = new Deadline(options.deadline);
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
  exploreReachable(data.rules, store, joiner, maxSlots, deadline);

  // A goal that even the relaxed task never reaches (an atom of it never derived) needs no operators: on a whole
  // home, instantiating them is two thirds of grounding.
  const relaxedGoal = grounder.groundFormula(goalFormula, new Int32Array(maxSlots).fill(-1), goalCompiler.slotTypes);
  if (relaxedGoal === false) {
    let reachableActions = 0;
    for (let i = 0; i < cd.actions.length; i++) reachableActions += store.byPred[actionPred(cd, i)].length;
    return unreachableGoalTask(problem, warnings, { reachableAtoms: store.size, reachableActions });
  }

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
    deadline,
    relevantPreds: relevantPredicates(cd, goalFormula),
  };
  const { ops: instantiated, reachableActions } = instantiateActions(ctx);
  const instantiatedAxioms = instantiateAxioms(ctx);
  ctx.binding.fill(-1);
  const instantiatedGoal = grounder.groundFormula(goalFormula, ctx.binding, goalCompiler.slotTypes);

  const frozen = freezeConstantAtoms(
    { ops: instantiated, axioms: instantiatedAxioms, goal: instantiatedGoal },
    store.size,
    (atom) => cd.isDerived[store.pred[atom]],
    (atom) => initAtoms.has(atom),
  );
  const { ops, axioms, goal, values } = frozen;
  const goalValue = evaluate(goal, values);
  const { atoms: relevant, ops: opRelevant, axioms: axiomRelevant } = relevantParts(frozen, store.size);

  // Dense fact ids: basic facts first, derived after, each in atom order.
  const factOf = new Int32Array(store.size).fill(-1);
  const factNames: string[] = [];
  const atomName = (atom: number) => {
    const pred = store.pred[atom];
    const args = [...store.argsOf(atom)].map((o) => objects.names[o]);
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
  const converter = new ConditionConverter(factOf, values, factNames.length);
  const convert = (c: GCond) => converter.condition(c);
  const grouping = { relevant, factOf, values };

  // Blocks of effects several relevant operators share are numbered once, and shared as they are.
  const uses = new Map<RawBlock, number>();
  ops.forEach((op, oi) => {
    if (opRelevant[oi]) for (const b of op.blocks) uses.set(b, (uses.get(b) ?? 0) + 1);
  });
  const sharedEffects = new Map<RawBlock, { shared: SharedEffects; deletes: Set<number> } | null>();
  const sharedOf = (block: RawBlock) => {
    let known = sharedEffects.get(block);
    if (known === undefined) {
      const groups: EffectGroup[] = [];
      for (const g of groupEffects([block], grouping).values()) {
        const cond = g.cond === true ? null : convert(g.cond);
        groups.push({ cond, add: g.add, del: g.del });
      }
      groups.sort((a, b) => (a.cond === null ? 0 : 1) - (b.cond === null ? 0 : 1));
      known =
        groups.length === 0
          ? null
          : { shared: { id: sharedEffects.size, groups }, deletes: new Set(groups.flatMap((g) => [...g.del])) };
      sharedEffects.set(block, known);
    }
    return known;
  };

  const operators: Operator[] = [];
  const marks = new FactMarks(factNames.length);
  ops.forEach((op, oi) => {
    if (!opRelevant[oi]) return;
    deadline.check();
    const own: RawBlock[] = [];
    const shared: SharedEffects[] = [];
    const sharedDeletes: Set<number>[] = [];
    for (const b of op.blocks) {
      if (uses.get(b)! === 1 || b.atom.length < SHARED_BLOCK_MIN) {
        own.push(b);
        continue;
      }
      const known = sharedOf(b);
      if (!known) continue;
      shared.push(known.shared);
      sharedDeletes.push(known.deletes);
    }
    const groups = groupEffects(own, grouping);
    const pre = convert(op.pre);
    // Effects that cannot change the state are dropped (adding what the condition requires true, deleting what
    // it requires false), and so are operators left without effects, as Fast Downward's translator does. (An add
    // stays when shared effects may delete the fact: an add wins over a delete only if it is applied.) Sets of facts
    // are marks in tables over the facts (`FactMarks`): no set is made per operator.
    const forOp = marks.next();
    for (const f of pre.pos) if (!sharedDeletes.some((d) => d.has(f))) marks.requiredTrue[f] = forOp;
    for (const f of pre.neg) marks.requiredFalse[f] = forOp;
    for (const f of groups.get('T')?.add ?? NO_FACTS) marks.unconditionalAdd[f] = forOp;
    const effects: EffectGroup[] = [];
    for (const g of groups.values()) {
      const cond = g.cond === true ? null : convert(g.cond);
      const group = marks.next();
      for (const f of g.add) marks.groupAdd[f] = group;
      // Each fact once, in the order of its first effect.
      const add: number[] = [];
      for (const f of g.add) {
        if (marks.seenAdd[f] === group) continue;
        marks.seenAdd[f] = group;
        if (marks.requiredTrue[f] !== forOp && !cond?.pos.includes(f)) add.push(f);
      }
      const del: number[] = [];
      for (const f of g.del) {
        if (marks.seenDel[f] === group) continue;
        marks.seenDel[f] = group;
        if (marks.unconditionalAdd[f] === forOp || marks.groupAdd[f] === group || marks.requiredFalse[f] === forOp)
          continue;
        if (!cond?.neg.includes(f)) del.push(f);
      }
      if (add.length === 0 && del.length === 0) continue;
      effects.push({ cond, add, del });
    }
    if (effects.length === 0 && shared.length === 0) return;
    // Unconditional effects first: applying them needs no condition check.
    effects.sort((a, b) => (a.cond === null ? 0 : 1) - (b.cond === null ? 0 : 1));
    const action = cd.actions[op.schema];
    operators.push({
      name: opName(action.name, op.args, objects),
      action: action.name,
      args: Array.from(op.args, (o) => objects.names[o]),
      cost: op.cost,
      pre,
      effects,
      shared,
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
    goal: goalValue === false ? convert(true) : convert(goal),
    goalImpossible: goalValue === false,
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

/** The task of a goal that no reachable state satisfies: no facts, no operators, `goalImpossible`. */
function unreachableGoalTask(
  problem: Problem,
  warnings: GroundTask['warnings'],
  reached: Pick<GroundingStats, 'reachableAtoms' | 'reachableActions'>,
): GroundTask & { stats: GroundingStats } {
  return {
    factNames: [],
    numBasic: 0,
    numFacts: 0,
    words: 1,
    operators: [],
    axioms: [],
    init: new Uint32Array(1),
    goal: { pos: NO_FACTS, neg: NO_FACTS, trees: [] },
    goalImpossible: true,
    unitCost: !problem.minimizeCost,
    warnings,
    stats: { ...reached, operators: 0, facts: 0, axioms: 0 },
  };
}

/**
 * Sets of facts for the operator being built, as marks: a fact is in a set while its entry holds the current mark
 * (`next()`), so that emptying every set is one increment.
 */
class FactMarks {
  readonly requiredTrue: Int32Array;
  readonly requiredFalse: Int32Array;
  readonly unconditionalAdd: Int32Array;
  readonly groupAdd: Int32Array;
  readonly seenAdd: Int32Array;
  readonly seenDel: Int32Array;
  private mark = 0;

  constructor(numFacts: number) {
    this.requiredTrue = new Int32Array(numFacts);
    this.requiredFalse = new Int32Array(numFacts);
    this.unconditionalAdd = new Int32Array(numFacts);
    this.groupAdd = new Int32Array(numFacts);
    this.seenAdd = new Int32Array(numFacts);
    this.seenDel = new Int32Array(numFacts);
  }

  next(): number {
    return ++this.mark;
  }
}

/**
 * Effects on relevant atoms grouped by their condition ('T' for unconditional, and for conditions the fixed atoms
 * make true), in order of first appearance; effects whose condition cannot hold are left out.
 */
function groupEffects(
  blocks: readonly RawBlock[],
  how: { relevant: Uint8Array; factOf: Int32Array; values: NodeValues },
): Map<number | string, { cond: GCond; add: number[]; del: number[] }> {
  const groups = new Map<number | string, { cond: GCond; add: number[]; del: number[] }>();
  for (const b of blocks) {
    for (let i = 0; i < b.atom.length; i++) {
      const atom = b.atom[i];
      if (!how.relevant[atom]) continue;
      const cond = b.cond[i];
      const v = evaluate(cond, how.values);
      if (v === false) continue;
      // A literal condition is its own key (no string to build for each of a walk's thousands of effects).
      const key = v === true ? 'T' : typeof cond === 'number' ? cond : conditionKey(cond);
      let g = groups.get(key);
      if (!g) {
        g = { cond: v === true ? true : cond, add: [], del: [] };
        groups.set(key, g);
      }
      (b.del[i] ? g.del : g.add).push(how.factOf[atom]);
    }
  }
  return groups;
}

/**
 * Ground conditions over atoms to the task's literal lists and trees over fact ids, with the fixed atoms' values
 * applied: decided parts drop out, nested nodes of the same kind merge, one-element nodes collapse. Shared subtrees
 * (quantifier expansions) stay shared: each node is converted once.
 */
class ConditionConverter {
  /** `stamp` where a literal (fact * 2 + negated) is already in the node being built. */
  private readonly inNode: Int32Array;
  private stamp = 0;
  private readonly pos: number[] = [];
  private readonly neg: number[] = [];
  /** Scratch: the literals of a node and its kept children of its kind. */
  private readonly literals: number[] = [];

  constructor(
    private readonly factOf: Int32Array,
    private readonly values: NodeValues,
    numFacts: number,
  ) {
    this.inNode = new Int32Array(numFacts * 2);
  }

  condition(c: GCond): Condition {
    const r = typeof c === 'object' ? this.node(c) : typeof c === 'number' ? (this.values.value(c) ?? c) : c;
    if (r === true) return { pos: NO_FACTS, neg: NO_FACTS, trees: [] };
    if (r === false) throw new Error('internal: a false condition survived grounding');
    if (typeof r === 'number') {
      const f = [this.factOf[r >> 1]];
      return r & 1 ? { pos: NO_FACTS, neg: f, trees: [] } : { pos: f, neg: NO_FACTS, trees: [] };
    }
    return r.or ? { pos: NO_FACTS, neg: NO_FACTS, trees: [r] } : { pos: r.pos, neg: r.neg, trees: r.kids };
  }

  /** true, false, a literal (atom * 2 + negated), or a node over fact ids. */
  private node(node: GNode): boolean | number | CondNode {
    if (node.converted !== undefined) return node.converted;
    const decided = evaluate(node, this.values);
    let result: boolean | number | CondNode;
    if (decided !== undefined) {
      result = decided;
    } else {
      // Children first (converting them uses the scratch lists and the stamp), then this node's own literals.
      this.convertChildren(node);
      const stamp = ++this.stamp;
      this.pos.length = 0;
      this.neg.length = 0;
      const built: Built = { kids: [], single: undefined };
      if (keepsOwnKind(node)) {
        // Children of its own kind that grounding kept whole (conditions.ts, FLATTEN_MAX) are merged as grounding
        // once copied them: all the literals sorted and unique, then the other nodes in order; the task's
        // conditions are then what they were, literal for literal.
        const literals = this.literals;
        literals.length = 0;
        keptLiterals(node, literals).sort((a, b) => a - b);
        for (let i = 0; i < literals.length; i++) {
          if (i === 0 || literals[i] !== literals[i - 1]) this.take(literals[i], node.or, stamp, built);
        }
        this.takeNodes(node, stamp, built);
      } else {
        const args = node.args;
        for (let i = 0; i < args.length; i++) this.take(args[i], node.or, stamp, built);
      }
      const { kids, single } = built;
      const size = this.pos.length + this.neg.length + kids.length;
      if (size === 1 && kids.length === 1) result = kids[0];
      else if (size === 1 && single !== undefined) result = single;
      else result = { or: node.or, pos: this.pos.slice(), neg: this.neg.slice(), kids };
    }
    node.converted = result;
    return result;
  }

  /** Converts the nodes under `node`, looking inside its kept children of its own kind. */
  private convertChildren(node: GNode): void {
    for (const a of node.args) {
      if (typeof a !== 'object') continue;
      if (a.or === node.or) this.convertChildren(a);
      else this.node(a);
    }
  }

  /** Takes the nodes (not the literals) under `node` in order, looking inside its kept children of its own kind. */
  private takeNodes(node: GNode, stamp: number, built: Built): void {
    for (const a of node.args) {
      if (typeof a !== 'object') continue;
      if (a.or === node.or) this.takeNodes(a, stamp, built);
      else this.take(a, node.or, stamp, built);
    }
  }

  /** Adds one argument of a node of kind `or` being built: a literal, or a converted child. */
  private take(a: GCond, or: boolean, stamp: number, built: Built): void {
    const r = typeof a === 'object' ? a.converted! : typeof a === 'number' ? (this.values.value(a) ?? a) : a;
    if (typeof r === 'boolean') return; // neutral: the node itself is undecided
    if (typeof r === 'number') {
      built.single = r;
      this.literal(this.factOf[r >> 1], (r & 1) === 1, stamp);
    } else if (r.or === or) {
      for (let j = 0; j < r.pos.length; j++) this.literal(r.pos[j], false, stamp);
      for (let j = 0; j < r.neg.length; j++) this.literal(r.neg[j], true, stamp);
      for (const k of r.kids) built.kids.push(k);
    } else {
      built.kids.push(r);
    }
  }

  private literal(fact: number, negated: boolean, stamp: number): void {
    const slot = fact * 2 + (negated ? 1 : 0);
    if (this.inNode[slot] === stamp) return;
    this.inNode[slot] = stamp;
    (negated ? this.neg : this.pos).push(fact);
  }
}

/** The kids and the last literal of a condition node being converted. */
interface Built {
  kids: CondNode[];
  single: number | undefined;
}
