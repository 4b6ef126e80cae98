/**
 * Instantiating the reachable bindings: preconditions and effect conditions simplified by static facts, equalities
 * and unreachable atoms (quantifiers expanded), effects enumerated by joining their conditions against the
 * reachable atoms, costs evaluated from the static function values.
 */

import { registerCache } from '../../util/caches.js';
import { InputError } from '../../util/errors.js';
import type { Problem } from '../pddl/ast.js';
import type { AtomStore } from './atoms.js';
import { type ConditionGrounder, freeSlots } from './conditions.js';
import type { Deadline } from './deadline.js';
import type { ObjectTable } from './objects.js';
import { emptyBlock, type RawAxiom, type RawBlock, type RawOp } from './raw.js';
import { actionPred, type Joiner, joinOrder, type LiftedAtom, requiredAtoms } from './reachability.js';
import { type Arg, type CFormula, type CNumExpr, type CompiledDomain, forEachAtom } from './schema.js';

export interface InstantiationContext {
  cd: CompiledDomain;
  problem: Problem;
  objects: ObjectTable;
  store: AtomStore;
  grounder: ConditionGrounder;
  joiner: Joiner;
  /** Scratch binding with a slot for every variable of every schema. */
  binding: Int32Array;
  /** Static function values by `${function}:${args}`. */
  functionValues: Map<string, number>;
  warnings: string[];
  /** Stops grounding when the time limit passes. */
  deadline: Deadline;
  /** 1 for predicates the goal can depend on (relevantPredicates); effects on the others are not grounded. */
  relevantPreds: Uint8Array;
}

/**
 * The predicates the goal can depend on, lifted: the goal's, and those in the preconditions and effect conditions
 * of effects on a relevant predicate (and in the bodies of relevant derived predicates), to a fixpoint. Effects on
 * other predicates (the household walk's `facing`, grab's memo when no goal needs it) are left ungrounded: the
 * relevance pass after grounding would drop them anyway, at the price of grounding them first.
 */
export function relevantPredicates(cd: CompiledDomain, goal: CFormula): Uint8Array {
  const relevant = new Uint8Array(cd.predKeys.length);
  const mark = (f: CFormula) =>
    forEachAtom(f, (pred) => {
      relevant[pred] = 1;
    });
  mark(goal);
  for (let changed = true; changed; ) {
    changed = false;
    const before = relevant.reduce((a, b) => a + b, 0);
    for (const action of cd.actions) {
      let any = false;
      for (const e of action.effects) {
        if (relevant[e.pred]) {
          any = true;
          mark(e.cond);
        }
      }
      if (any) mark(action.pre);
    }
    for (const ax of cd.axioms) if (relevant[ax.pred]) mark(ax.body);
    changed = relevant.reduce((a, b) => a + b, 0) !== before;
  }
  return relevant;
}

/** For each action and effect: the atoms to join to enumerate the effect's bindings, and the join order. */
type EffectJoin = { body: LiftedAtom[]; order: number[]; dedupe: boolean };

/**
 * An action's effects grouped by the parameters they depend on (`params`, ascending slots). A cluster that depends
 * on fewer than all parameters is `shared`: its ground effects are kept by the values of `params` and reused.
 */
interface EffectCluster {
  effects: number[];
  params: Int32Array;
  shared: boolean;
}

interface ActionEffects {
  joins: EffectJoin[];
  clusters: EffectCluster[];
}

let effectPlansByDomain = new WeakMap<CompiledDomain, Map<string, ActionEffects[]>>();
registerCache('grounding: effect plans', () => {
  effectPlansByDomain = new WeakMap();
});

/** The effect joins and clusters of every action, for one set of relevant predicates (cached per domain). */
function effectPlans(cd: CompiledDomain, relevantPreds: Uint8Array): ActionEffects[] {
  let byRelevance = effectPlansByDomain.get(cd);
  if (!byRelevance) {
    byRelevance = new Map();
    effectPlansByDomain.set(cd, byRelevance);
  }
  const relevanceKey = relevantPreds.join('');
  let plans = byRelevance.get(relevanceKey);
  if (!plans) {
    plans = cd.actions.map((action) => {
      const params = new Set(Array.from({ length: action.numParams }, (_, i) => i));
      const joins = action.effects.map((e) => {
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
      const byParams = new Map<string, EffectCluster>();
      action.effects.forEach((e, ei) => {
        if (!relevantPreds[e.pred]) return;
        const used = new Set<number>();
        for (const slot of freeSlots(e.cond)) if (slot < action.numParams) used.add(slot);
        for (const a of e.args) if (a >= 0 && a < action.numParams) used.add(a);
        const slots = Int32Array.from([...used].sort((a, b) => a - b));
        const key = slots.join(',');
        let cluster = byParams.get(key);
        if (!cluster) {
          cluster = { effects: [], params: slots, shared: slots.length < action.numParams };
          byParams.set(key, cluster);
        }
        cluster.effects.push(ei);
      });
      return { joins, clusters: [...byParams.values()] };
    });
    byRelevance.set(relevanceKey, plans);
  }
  return plans;
}

/** Ground operators for every reachable action binding (those whose precondition is not false). */
export function instantiateActions(ctx: InstantiationContext): { ops: RawOp[]; reachableActions: number } {
  const { cd, problem, objects, store, grounder, binding, functionValues } = ctx;
  const plans = effectPlans(cd, ctx.relevantPreds);
  let reachableActions = 0;
  const ops: RawOp[] = [];
  const undefinedCosts = new Map<string, number>();
  const base = objects.size + 1;
  cd.actions.forEach((action, ai) => {
    const instances = store.byPred[actionPred(cd, ai)];
    reachableActions += instances.length;
    const { clusters } = plans[ai];
    // An action without effects on relevant predicates cannot matter.
    if (clusters.length === 0) return;
    const sharedBlocks = clusters.map(() => new Map<number | string, RawBlock | null>());
    for (const id of instances) {
      ctx.deadline.check();
      const args = store.argsOf(id);
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
      const blocks: RawBlock[] = [];
      clusters.forEach((cluster, ci) => {
        let block: RawBlock | null | undefined;
        let key: number | string = 0;
        if (cluster.shared) {
          key = clusterKey(cluster.params, args, base);
          block = sharedBlocks[ci].get(key);
        }
        if (block === undefined) {
          block = groundCluster(ctx, ai, cluster, plans[ai].joins);
          if (cluster.shared) sharedBlocks[ci].set(key, block);
        }
        if (block) blocks.push(block);
      });
      if (blocks.length > 0) ops.push({ schema: ai, args, pre, blocks, cost });
    }
  });
  for (const [name, count] of undefinedCosts) {
    ctx.warnings.push(`dropped ${count} instance(s) of action '${name}' whose cost uses an undefined function value`);
  }

  return { ops, reachableActions };
}

function clusterKey(params: Int32Array, args: Int32Array, base: number): number | string {
  if (base ** params.length < 2 ** 52) {
    let k = 0;
    for (let i = 0; i < params.length; i++) k = k * base + args[params[i]];
    return k;
  }
  let k = '';
  for (let i = 0; i < params.length; i++) k += `${args[params[i]]},`;
  return k;
}

/**
 * The ground effects of one cluster under `ctx.binding` (the action's parameters bound); null when none. `joins`: the
 * action's effect joins (`effectPlans`, looked up once per grounding: its key is a string of every predicate).
 */
function groundCluster(
  ctx: InstantiationContext,
  ai: number,
  cluster: EffectCluster,
  joins: readonly EffectJoin[],
): RawBlock | null {
  const { cd, store, grounder, joiner, binding } = ctx;
  const action = cd.actions[ai];
  const block = emptyBlock();
  for (const ei of cluster.effects) {
    const e = action.effects[ei];
    const join = joins[ei];
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
      let atom = store.lookup(e.pred, e.args, b);
      if (atom < 0) {
        if (e.del) return;
        const atomArgs = new Int32Array(e.args.length);
        for (let i = 0; i < atomArgs.length; i++) {
          const a = e.args[i];
          atomArgs[i] = a < 0 ? -a - 1 : b[a];
        }
        atom = store.add(e.pred, atomArgs);
      }
      block.atom.push(atom);
      block.del.push(e.del);
      block.cond.push(cond);
    });
  }
  return block.atom.length > 0 ? block : null;
}

/** Ground rules for every reachable derived atom, one per disjunct of its body. */
export function instantiateAxioms(ctx: InstantiationContext): RawAxiom[] {
  const { cd, store, grounder, binding } = ctx;
  const axioms: RawAxiom[] = [];
  for (const ax of cd.axioms) {
    if (!ctx.relevantPreds[ax.pred]) continue;
    for (const id of store.byPred[ax.pred]) {
      if (!bindHead(ax.headArgs, store.argsOf(id), binding)) continue;
      const body = grounder.groundFormula(ax.body, binding, ax.slotTypes);
      if (body === false) continue;
      // One rule per disjunct (an existential grounds to one): rules with conjunctive bodies evaluate by counting.
      if (typeof body === 'object' && body.or) for (const part of body.args) axioms.push({ head: id, body: part });
      else axioms.push({ head: id, body });
    }
  }
  return axioms;
}

/** Binds the head's slots to an atom's arguments; false when a repeated variable or a constant does not match. */
function bindHead(head: Arg[], args: Int32Array, binding: Int32Array): boolean {
  binding.fill(-1);
  for (let i = 0; i < head.length; i++) {
    const a = head[i];
    if (a < 0) {
      if (-a - 1 !== args[i]) return false;
    } else if (binding[a] >= 0 && binding[a] !== args[i]) {
      return false;
    } else {
      binding[a] = args[i];
    }
  }
  return true;
}

export function opName(action: string, args: ArrayLike<number>, objects: ObjectTable): string {
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
