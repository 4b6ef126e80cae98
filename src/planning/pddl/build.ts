/**
 * Building problems (and goals) in code, without PDDL text: the path the rest of hearth uses to plan many times
 * per episode on one parsed domain. Everything is checked against the domain as the parser would check it.
 */
import { InputError } from '../../util/errors.js';
import type { Domain, Formula, FunctionValue, GroundAtom, ObjectDef, Problem, Term, TypedName } from './ast.js';
import { keyOf } from './ast.js';
import { PddlSource, readSExpressions } from './sexpr.js';
import { FormulaParser, Scope } from './syntax.js';
import { OBJECT_TYPE } from './types.js';

/** `['on', 'a', 'b']`: a predicate and its arguments; in goals arguments may be `?variables` bound by quantifiers. */
export type AtomTuple = readonly string[];

/** A goal literal: an atom, or `{ not: atom }`. */
export type GoalLiteral = AtomTuple | { not: AtomTuple };

export interface ProblemSpec {
  name?: string;
  /** Object name to type (or types), or a list of `{ name, type }`. The domain's constants are always there. */
  objects: Record<string, string | readonly string[]> | readonly { name: string; type?: string | readonly string[] }[];
  /** True atoms of the initial state. */
  init: readonly AtomTuple[];
  /** Values of static numeric functions, e.g. `{ function: 'distance', args: ['a', 'b'], value: 4 }`. */
  functions?: readonly { function: string; args: readonly string[]; value: number }[];
  /** A conjunction of literals, a formula built with the helpers below, or a PDDL goal string. */
  goal: readonly GoalLiteral[] | Formula | string;
  /** Minimise total-cost (default: true when the domain declares :action-costs, else unit costs). */
  minimizeCost?: boolean;
  /** Drop init atoms and function values naming unknown predicates, functions or objects (listed in warnings). */
  lenient?: boolean;
}

const SPEC = '<problem spec>';

export function defineProblem(domain: Domain, spec: ProblemSpec): Problem {
  const objects = new Map<string, ObjectDef>();
  const list = Array.isArray(spec.objects)
    ? (spec.objects as readonly { name: string; type?: string | readonly string[] }[]).map(
        (o) => [o.name, o.type ?? OBJECT_TYPE] as const,
      )
    : Object.entries(spec.objects as Record<string, string | readonly string[]>);
  for (const [name, type] of list) {
    const types = (typeof type === 'string' ? [type] : [...type]).map(keyOf);
    for (const t of types) {
      if (!domain.types.has(t)) throw new InputError(`object '${name}' has the unknown type '${t}'`, { file: SPEC });
    }
    const key = keyOf(name);
    const existing = objects.get(key);
    if (existing) for (const t of types) existing.types.includes(t) || existing.types.push(t);
    else objects.set(key, { name, key, types });
  }
  const known = new Map<string, ObjectDef>();
  for (const c of domain.constants) known.set(c.key, c);
  for (const o of objects.values()) known.set(o.key, o);

  const warnings: string[] = [];
  const dropped = new Map<string, number>();
  const drop = (reason: string) => dropped.set(reason, (dropped.get(reason) ?? 0) + 1);
  const init: GroundAtom[] = [];
  for (const tuple of spec.init) {
    const predicate = keyOf(tuple[0] ?? '');
    const def = domain.predicates.get(predicate);
    if (!def) {
      if (spec.lenient) {
        drop(`with undeclared predicate '${tuple[0]}'`);
        continue;
      }
      throw new InputError(`init atom (${tuple.join(' ')}) uses the unknown predicate '${tuple[0]}'`, { file: SPEC });
    }
    if (domain.derived.some((d) => d.predicate === predicate)) {
      throw new InputError(`'${def.name}' is a derived predicate and cannot be set in the initial state`, {
        file: SPEC,
      });
    }
    const args = tuple.slice(1).map(keyOf);
    if (args.length !== def.params.length) {
      throw new InputError(`predicate '${def.name}' takes ${def.params.length} argument(s), got (${tuple.join(' ')})`, {
        file: SPEC,
      });
    }
    const unknown = tuple.slice(1).find((a) => !known.has(keyOf(a)));
    if (unknown !== undefined) {
      if (spec.lenient) {
        drop(`naming undeclared object '${unknown}'`);
        continue;
      }
      throw new InputError(`init atom (${tuple.join(' ')}) names the unknown object '${unknown}'`, { file: SPEC });
    }
    init.push({ predicate, args });
  }
  const functionValues: FunctionValue[] = [];
  for (const fv of spec.functions ?? []) {
    const fn = keyOf(fv.function);
    const def = domain.functions.get(fn);
    const unknown = fv.args.find((a) => !known.has(keyOf(a)));
    if (!def || unknown !== undefined) {
      if (spec.lenient) {
        drop(def ? `naming undeclared object '${unknown}'` : `with undeclared function '${fv.function}'`);
        continue;
      }
      throw new InputError(
        def ? `function value names the unknown object '${unknown}'` : `unknown function '${fv.function}'`,
        { file: SPEC },
      );
    }
    if (fv.args.length !== def.params.length) {
      throw new InputError(`function '${def.name}' takes ${def.params.length} argument(s)`, { file: SPEC });
    }
    functionValues.push({ function: fn, args: fv.args.map(keyOf), value: fv.value });
  }
  for (const [reason, count] of dropped) warnings.push(`dropped ${count} init fact(s) ${reason}`);

  let goal: Formula;
  if (typeof spec.goal === 'string') goal = parseGoal(domain, known, spec.goal);
  else if (Array.isArray(spec.goal)) goal = and(...(spec.goal as readonly GoalLiteral[]).map(literalFormula));
  else goal = spec.goal as Formula;
  checkFormula(domain, known, goal, new Set());

  return {
    name: spec.name ?? 'problem',
    file: SPEC,
    domainName: domain.name,
    objects: [...objects.values()],
    init,
    functionValues,
    goal,
    minimizeCost: spec.minimizeCost ?? domain.requirements.includes(':action-costs'),
    warnings,
  };
}

function literalFormula(l: GoalLiteral): Formula {
  if (isTuple(l)) return tupleAtom(l);
  return not(tupleAtom(l.not));
}

function isTuple(l: GoalLiteral): l is AtomTuple {
  return Array.isArray(l);
}

function tupleAtom(t: AtomTuple): Formula {
  return atom(t[0] ?? '', ...t.slice(1));
}

function parseGoal(domain: Domain, objects: Map<string, ObjectDef>, text: string): Formula {
  const source = new PddlSource(text, '<goal>');
  const nodes = readSExpressions(source);
  if (nodes.length !== 1) throw source.error('expected exactly one goal condition', 0);
  const parser = new FormulaParser(source, domain.predicates, domain.functions, objects, domain.types, 'object');
  return parser.formula(nodes[0], Scope.of([]), 0);
}

/** Checks predicates, arities, objects, types and variable scoping of an in-code formula. */
function checkFormula(domain: Domain, objects: Map<string, ObjectDef>, f: Formula, bound: Set<string>): void {
  const fail = (message: string): never => {
    throw new InputError(message, { file: SPEC });
  };
  const checkTerm = (t: Term) => {
    if (t.kind === 'var' && !bound.has(t.key)) fail(`the goal uses the unbound variable ${t.key}`);
    if (t.kind === 'object' && !objects.has(t.key)) fail(`the goal names the unknown object '${t.key}'`);
  };
  switch (f.kind) {
    case 'true':
    case 'false':
      return;
    case 'atom': {
      const def = domain.predicates.get(f.predicate);
      if (!def) {
        fail(`the goal uses the unknown predicate '${f.predicate}'`);
        return;
      }
      if (def.params.length !== f.args.length) {
        fail(`predicate '${def.name}' takes ${def.params.length} argument(s), the goal gives ${f.args.length}`);
      }
      f.args.forEach(checkTerm);
      return;
    }
    case 'equals':
      checkTerm(f.left);
      checkTerm(f.right);
      return;
    case 'not':
      checkFormula(domain, objects, f.arg, bound);
      return;
    case 'and':
    case 'or':
      for (const a of f.args) checkFormula(domain, objects, a, bound);
      return;
    case 'imply':
      checkFormula(domain, objects, f.left, bound);
      checkFormula(domain, objects, f.right, bound);
      return;
    case 'exists':
    case 'forall': {
      for (const p of f.params)
        for (const t of p.types) if (!domain.types.has(t)) fail(`unknown type '${t}' in the goal`);
      checkFormula(domain, objects, f.body, new Set([...bound, ...f.params.map((p) => p.key)]));
      return;
    }
  }
}

function term(text: string): Term {
  return text.startsWith('?') ? { kind: 'var', key: keyOf(text) } : { kind: 'object', key: keyOf(text) };
}

/** `atom('on', 'a', '?x')`. */
export function atom(predicate: string, ...args: string[]): Formula {
  return { kind: 'atom', predicate: keyOf(predicate), args: args.map(term) };
}

export function not(arg: Formula): Formula {
  return { kind: 'not', arg };
}

export function and(...args: Formula[]): Formula {
  return { kind: 'and', args };
}

export function or(...args: Formula[]): Formula {
  return { kind: 'or', args };
}

export function equals(left: string, right: string): Formula {
  return { kind: 'equals', left: term(left), right: term(right) };
}

/** `exists([['?x', 'Potato']], atom('isCooked', '?x'))`. */
export function exists(params: readonly (readonly [string, string?])[], body: Formula): Formula {
  return { kind: 'exists', params: params.map(typedVar), body };
}

export function forall(params: readonly (readonly [string, string?])[], body: Formula): Formula {
  return { kind: 'forall', params: params.map(typedVar), body };
}

function typedVar([name, type]: readonly [string, string?]): TypedName {
  const full = name.startsWith('?') ? name : `?${name}`;
  return { name: full, key: keyOf(full), types: [keyOf(type ?? OBJECT_TYPE)] };
}
