/**
 * A plan validator that replays a plan on the lifted domain and problem, independently of grounding: states are
 * sets of ground atoms, quantifiers range over the objects of their types, conditional effects are evaluated in
 * the state before the step, deletes are applied before adds, derived predicates are recomputed after each step,
 * and the cost is summed from the actions' `(increase (total-cost) ...)` effects (1 per step without a metric).
 */

import { compileDomain } from './grounding/schema.js';
import type { DerivedDef, Domain, Effect, Formula, NumExpr, Problem, Term, TypedName } from './pddl/ast.js';
import { keyOf } from './pddl/ast.js';

export interface PlanStepInput {
  action: string;
  args: string[];
}

export interface ValidationResult {
  valid: boolean;
  /** Cost of the executed prefix (of the whole plan when valid). */
  cost: number;
  /** Number of steps executed successfully. */
  executed: number;
  goalReached: boolean;
  /** What went wrong, naming the step (1-based) where it did. */
  error?: string;
}

export interface ValidateOptions {
  /** When given, the plan's cost must equal it (within 1e-9). */
  expectedCost?: number;
}

type Env = Map<string, string>;

export function validatePlan(
  domain: Domain,
  problem: Problem,
  plan: readonly (string | PlanStepInput)[],
  options: ValidateOptions = {},
): ValidationResult {
  const v = new Replayer(domain, problem);
  let cost = 0;
  for (let i = 0; i < plan.length; i++) {
    const stepText = typeof plan[i] === 'string' ? (plan[i] as string) : formatStep(plan[i] as PlanStepInput);
    const fail = (message: string): ValidationResult => ({
      valid: false,
      cost,
      executed: i,
      goalReached: false,
      error: `step ${i + 1} ${stepText}: ${message}`,
    });
    const step = typeof plan[i] === 'string' ? parseStep(plan[i] as string) : (plan[i] as PlanStepInput);
    if (!step) return fail('is not of the form (action arg ...)');
    const action = domain.actions.find((a) => a.key === keyOf(step.action));
    if (!action) return fail(`unknown action '${step.action}'`);
    if (step.args.length !== action.params.length) {
      return fail(`'${action.name}' takes ${action.params.length} argument(s), got ${step.args.length}`);
    }
    const env: Env = new Map();
    for (let j = 0; j < step.args.length; j++) {
      const arg = keyOf(step.args[j]);
      if (!v.objects.has(arg)) return fail(`unknown object '${step.args[j]}'`);
      if (!v.hasType(arg, action.params[j].types)) {
        return fail(`'${step.args[j]}' is not of type ${action.params[j].types.join(' or ')}`);
      }
      env.set(action.params[j].key, arg);
    }
    if (!v.holds(action.precondition, env)) return fail('precondition does not hold');
    const adds = new Set<string>();
    const dels = new Set<string>();
    let stepCost = problem.minimizeCost ? 0 : 1;
    try {
      v.collectEffects(action.effect, env, adds, dels, (amount) => {
        if (problem.minimizeCost) stepCost += amount;
      });
    } catch (error) {
      return fail((error as Error).message);
    }
    for (const a of dels) v.state.delete(a);
    for (const a of adds) v.state.add(a);
    v.updateDerived();
    cost += stepCost;
  }
  const goalReached = v.holds(problem.goal, new Map());
  if (!goalReached)
    return { valid: false, cost, executed: plan.length, goalReached, error: 'the goal does not hold after the plan' };
  if (options.expectedCost !== undefined && Math.abs(options.expectedCost - cost) > 1e-9) {
    return {
      valid: false,
      cost,
      executed: plan.length,
      goalReached,
      error: `the plan costs ${cost}, not the claimed ${options.expectedCost}`,
    };
  }
  return { valid: true, cost, executed: plan.length, goalReached };
}

function formatStep(step: PlanStepInput): string {
  return `(${[step.action, ...step.args].join(' ')})`;
}

/** `(name a b)` or `name a b` to a step; undefined when malformed. */
export function parseStep(text: string): PlanStepInput | undefined {
  const trimmed = text.trim();
  const inner = trimmed.startsWith('(') ? (trimmed.endsWith(')') ? trimmed.slice(1, -1) : undefined) : trimmed;
  if (inner === undefined) return undefined;
  const parts = inner
    .trim()
    .split(/\s+/)
    .filter((p) => p.length > 0);
  if (parts.length === 0 || parts.some((p) => p.includes('(') || p.includes(')'))) return undefined;
  return { action: parts[0], args: parts.slice(1) };
}

/** Lifted state and formula evaluation for one problem. */
class Replayer {
  readonly objects = new Map<string, string[]>();
  readonly state = new Set<string>();
  private readonly functionValues = new Map<string, number>();
  private readonly byType = new Map<string, string[]>();
  private readonly derivedStrata: DerivedDef[][];
  private readonly derivedPredicates: Set<string>;

  constructor(
    private readonly domain: Domain,
    problem: Problem,
  ) {
    for (const o of [...domain.constants, ...problem.objects]) {
      const types = this.objects.get(o.key) ?? [];
      for (const t of o.types) if (!types.includes(t)) types.push(t);
      this.objects.set(o.key, types);
    }
    for (const atom of problem.init) this.state.add(atomKey(atom.predicate, atom.args));
    for (const fv of problem.functionValues) this.functionValues.set(atomKey(fv.function, fv.args), fv.value);
    this.derivedPredicates = new Set(domain.derived.map((d) => d.predicate));
    const cd = compileDomain(domain);
    const strata = new Map<number, DerivedDef[]>();
    for (const d of domain.derived) {
      const s = cd.stratum[cd.predIndex.get(d.predicate)!];
      if (!strata.has(s)) strata.set(s, []);
      strata.get(s)!.push(d);
    }
    this.derivedStrata = [...strata.keys()].sort((a, b) => a - b).map((s) => strata.get(s)!);
    this.updateDerived();
  }

  hasType(object: string, types: string[]): boolean {
    const own = this.objects.get(object) ?? [];
    return own.some((t) => types.some((wanted) => this.domain.types.isSubtype(t, wanted)));
  }

  private ofTypes(types: string[]): string[] {
    const key = types.join('|');
    let list = this.byType.get(key);
    if (!list) {
      list = [...this.objects.keys()].filter((o) => this.hasType(o, types));
      this.byType.set(key, list);
    }
    return list;
  }

  /** Calls `visit` for every assignment of `params` (added to a copy of `env`); stops when it returns true. */
  private someAssignment(params: TypedName[], env: Env, visit: (env: Env) => boolean, i = 0): boolean {
    if (i === params.length) return visit(env);
    for (const o of this.ofTypes(params[i].types)) {
      const next = new Map(env);
      next.set(params[i].key, o);
      if (this.someAssignment(params, next, visit, i + 1)) return true;
    }
    return false;
  }

  private term(t: Term, env: Env): string {
    return t.kind === 'var' ? env.get(t.key)! : t.key;
  }

  holds(f: Formula, env: Env): boolean {
    switch (f.kind) {
      case 'true':
        return true;
      case 'false':
        return false;
      case 'atom':
        return this.state.has(
          atomKey(
            f.predicate,
            f.args.map((a) => this.term(a, env)),
          ),
        );
      case 'equals':
        return this.term(f.left, env) === this.term(f.right, env);
      case 'not':
        return !this.holds(f.arg, env);
      case 'and':
        return f.args.every((a) => this.holds(a, env));
      case 'or':
        return f.args.some((a) => this.holds(a, env));
      case 'imply':
        return !this.holds(f.left, env) || this.holds(f.right, env);
      case 'exists':
        return this.someAssignment(f.params, env, (e) => this.holds(f.body, e));
      case 'forall':
        return !this.someAssignment(f.params, env, (e) => !this.holds(f.body, e));
    }
  }

  collectEffects(e: Effect, env: Env, adds: Set<string>, dels: Set<string>, addCost: (amount: number) => void): void {
    switch (e.kind) {
      case 'and':
        for (const a of e.args) this.collectEffects(a, env, adds, dels, addCost);
        return;
      case 'add':
        adds.add(
          atomKey(
            e.predicate,
            e.args.map((a) => this.term(a, env)),
          ),
        );
        return;
      case 'delete':
        dels.add(
          atomKey(
            e.predicate,
            e.args.map((a) => this.term(a, env)),
          ),
        );
        return;
      case 'forall':
        this.someAssignment(e.params, env, (inner) => {
          this.collectEffects(e.body, inner, adds, dels, addCost);
          return false;
        });
        return;
      case 'when':
        if (this.holds(e.condition, env)) this.collectEffects(e.body, env, adds, dels, addCost);
        return;
      case 'increase-cost':
        addCost(this.number(e.amount, env));
        return;
    }
  }

  private number(n: NumExpr, env: Env): number {
    switch (n.kind) {
      case 'number':
        return n.value;
      case 'function': {
        const args = n.args.map((a) => this.term(a, env));
        const value = this.functionValues.get(atomKey(n.name, args));
        if (value === undefined) throw new Error(`the cost uses (${[n.name, ...args].join(' ')}), which has no value`);
        return value;
      }
      case 'arith': {
        const values = n.args.map((a) => this.number(a, env));
        if (values.length === 1) return n.op === '-' ? -values[0] : values[0];
        return values.reduce((x, y) => (n.op === '+' ? x + y : n.op === '-' ? x - y : n.op === '*' ? x * y : x / y));
      }
    }
  }

  /** Recomputes derived atoms from scratch, stratum by stratum, each to a fixpoint. */
  updateDerived(): void {
    if (this.derivedPredicates.size === 0) return;
    for (const a of [...this.state]) if (this.derivedPredicates.has(a.split(' ')[0])) this.state.delete(a);
    for (const rules of this.derivedStrata) {
      let changed = true;
      while (changed) {
        changed = false;
        for (const rule of rules) {
          this.someAssignment(rule.params, new Map(), (env) => {
            const key = atomKey(
              rule.predicate,
              rule.params.map((p) => env.get(p.key)!),
            );
            if (!this.state.has(key) && this.holds(rule.body, env)) {
              this.state.add(key);
              changed = true;
            }
            return false;
          });
        }
      }
    }
  }
}

function atomKey(predicate: string, args: string[]): string {
  return args.length === 0 ? predicate : `${predicate} ${args.join(' ')}`;
}
