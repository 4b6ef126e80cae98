/**
 * Instantiating the reachable bindings: preconditions and effect conditions simplified by static facts, equalities
 * and unreachable atoms (quantifiers expanded), effects enumerated by joining their conditions against the
 * reachable atoms, costs evaluated from the static function values.
 */
import { InputError } from '../../util/errors.js';
import type { Problem } from '../pddl/ast.js';
import type { AtomStore } from './atoms.js';
import type { ConditionGrounder } from './conditions.js';
import type { ObjectTable } from './objects.js';
import type { RawAxiom, RawEffect, RawOp } from './raw.js';
import { actionPred, type Joiner, joinOrder, type LiftedAtom, requiredAtoms } from './reachability.js';
import type { Arg, CNumExpr, CompiledDomain } from './schema.js';

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
}

/** For each action and effect: the atoms to join to enumerate the effect's bindings, and the join order. */
type EffectJoins = { body: LiftedAtom[]; order: number[]; dedupe: boolean }[][];

const effectJoinsByDomain = new WeakMap<CompiledDomain, EffectJoins>();

function effectJoins(cd: CompiledDomain): EffectJoins {
  let joins = effectJoinsByDomain.get(cd);
  if (!joins) {
    joins = cd.actions.map((action) => {
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
    effectJoinsByDomain.set(cd, joins);
  }
  return joins;
}

/** Ground operators for every reachable action binding (those whose precondition is not false). */
export function instantiateActions(ctx: InstantiationContext): { ops: RawOp[]; reachableActions: number } {
  const { cd, problem, objects, store, grounder, joiner, binding, functionValues } = ctx;
  const joins = effectJoins(cd);
  let reachableActions = 0;
  const ops: RawOp[] = [];
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
        const join = joins[ai][ei];
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
    ctx.warnings.push(`dropped ${count} instance(s) of action '${name}' whose cost uses an undefined function value`);
  }

  return { ops, reachableActions };
}

/** Ground rules for every reachable derived atom, one per disjunct of its body. */
export function instantiateAxioms(ctx: InstantiationContext): RawAxiom[] {
  const { cd, store, grounder, binding } = ctx;
  const axioms: RawAxiom[] = [];
  for (const ax of cd.axioms) {
    for (const id of store.byPred[ax.pred]) {
      if (!bindHead(ax.headArgs, store.args[id], binding)) continue;
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
