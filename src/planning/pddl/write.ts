/**
 * Writing lifted domains and problems back as PDDL text: for problems built in code (`defineProblem`, the household
 * planner), to inspect them or to hand them to another planner. Names are written as declared; the text parses
 * back to an equal problem. Domains are written with their effects flattened to `(forall (...) (when ... literal))`,
 * the normal form Fast Downward's translator requires (it refuses a `forall` nested inside a `when`).
 */
import type { Domain, Effect, Formula, NumExpr, Problem, Term, TypedName } from './ast.js';

/** Writes formulas and terms with names as declared. */
class Writer {
  private readonly objectNames = new Map<string, string>();

  constructor(
    private readonly domain: Domain,
    problem?: Problem,
  ) {
    for (const c of domain.constants) this.objectNames.set(c.key, c.name);
    for (const o of problem?.objects ?? []) this.objectNames.set(o.key, o.name);
  }

  name(key: string): string {
    return this.objectNames.get(key) ?? key;
  }

  typeName(t: string): string {
    return this.domain.types.displayName(t);
  }

  predicate(key: string): string {
    return this.domain.predicates.get(key)?.name ?? key;
  }

  term(t: Term): string {
    return t.kind === 'var' ? t.key : this.name(t.key);
  }

  typed(params: TypedName[]): string {
    return params
      .map((p) => {
        const types = p.types.map((t) => this.typeName(t));
        return `${p.name} - ${types.length === 1 ? types[0] : `(either ${types.join(' ')})`}`;
      })
      .join(' ');
  }

  formula(f: Formula): string {
    switch (f.kind) {
      case 'true':
        return '(and)';
      case 'false':
        return '(or)';
      case 'atom':
        return `(${[this.predicate(f.predicate), ...f.args.map((a) => this.term(a))].join(' ')})`;
      case 'equals':
        return `(= ${this.term(f.left)} ${this.term(f.right)})`;
      case 'not':
        return `(not ${this.formula(f.arg)})`;
      case 'and':
      case 'or':
        // `(and)` with no argument, as `true` is written: the text a formula writes reads back to that text.
        return `(${[f.kind, ...f.args.map((a) => this.formula(a))].join(' ')})`;
      case 'imply':
        return `(imply ${this.formula(f.left)} ${this.formula(f.right)})`;
      case 'exists':
      case 'forall':
        return `(${f.kind} (${this.typed(f.params)}) ${this.formula(f.body)})`;
    }
  }

  numExpr(n: NumExpr): string {
    switch (n.kind) {
      case 'number':
        return `${n.value}`;
      case 'function': {
        const fn = this.domain.functions.get(n.name)?.name ?? n.name;
        return `(${[fn, ...n.args.map((a) => this.term(a))].join(' ')})`;
      }
      case 'arith':
        return `(${n.op} ${n.args.map((a) => this.numExpr(a)).join(' ')})`;
    }
  }

  /** The effect as a list of `(forall (...) (when ... literal))` parts (quantifier and condition only where needed). */
  flatEffects(e: Effect, params: TypedName[] = [], conds: Formula[] = [], out: string[] = []): string[] {
    switch (e.kind) {
      case 'and':
        for (const a of e.args) this.flatEffects(a, params, conds, out);
        return out;
      case 'forall':
        return this.flatEffects(e.body, [...params, ...e.params], conds, out);
      case 'when':
        return this.flatEffects(e.body, params, [...conds, e.condition], out);
      case 'increase-cost':
        out.push(`(increase (total-cost) ${this.numExpr(e.amount)})`);
        return out;
      case 'add':
      case 'delete': {
        const atom = `(${[this.predicate(e.predicate), ...e.args.map((a) => this.term(a))].join(' ')})`;
        let text = e.kind === 'add' ? atom : `(not ${atom})`;
        if (conds.length > 0) {
          const cond = conds.length === 1 ? this.formula(conds[0]) : this.formula({ kind: 'and', args: conds });
          text = `(when ${cond} ${text})`;
        }
        if (params.length > 0) text = `(forall (${this.typed(params)}) ${text})`;
        out.push(text);
        return out;
      }
    }
  }
}

export function domainText(domain: Domain): string {
  const w = new Writer(domain);
  const lines = [`(define (domain ${domain.name})`];
  if (domain.requirements.length > 0) lines.push(`  (:requirements ${domain.requirements.join(' ')})`);
  const types = domain.types
    .keys()
    .filter((t) => t !== 'object')
    .map(
      (t) =>
        `${w.typeName(t)} - ${
          domain.types.parentsOf(t).length === 1
            ? w.typeName(domain.types.parentsOf(t)[0])
            : `(either ${domain.types
                .parentsOf(t)
                .map((p) => w.typeName(p))
                .join(' ')})`
        }`,
    );
  if (types.length > 0) lines.push(`  (:types ${types.join(' ')})`);
  const declared = domain.constants.filter((c) => !c.undeclared);
  if (declared.length > 0) {
    lines.push(
      `  (:constants ${declared.map((c) => c.types.map((t) => `${c.name} - ${w.typeName(t)}`).join(' ')).join(' ')})`,
    );
  }
  lines.push('  (:predicates');
  for (const p of domain.predicates.values())
    lines.push(`    (${[p.name, w.typed(p.params)].filter((x) => x).join(' ')})`);
  lines.push('  )');
  if (domain.functions.size > 0 || domain.requirements.includes(':action-costs')) {
    const fns = [...domain.functions.values()]
      .filter((f) => f.key !== 'total-cost')
      .map((f) => `(${[f.name, w.typed(f.params)].filter((x) => x).join(' ')})`);
    lines.push(`  (:functions ${fns.join(' ')} (total-cost) - number)`);
  }
  for (const d of domain.derived) {
    const head = `(${[w.predicate(d.predicate), ...d.args.map((a) => w.term(a))].join(' ')})`;
    lines.push(`  (:derived ${head}`, `    ${w.formula(d.body)})`);
  }
  for (const a of domain.actions) {
    lines.push(`  (:action ${a.name}`, `    :parameters (${w.typed(a.params)})`);
    lines.push(`    :precondition ${w.formula(a.precondition)}`);
    lines.push(`    :effect (and\n      ${w.flatEffects(a.effect).join('\n      ')}))`);
  }
  lines.push(')');
  return `${lines.join('\n')}\n`;
}

export function problemText(domain: Domain, problem: Problem): string {
  const w = new Writer(domain, problem);
  const lines = [`(define (problem ${problem.name})`, `  (:domain ${domain.name})`, '  (:objects'];
  for (const o of problem.objects) {
    // An object of several types is declared once per type (the declarations merge).
    for (const t of o.types) lines.push(`    ${o.name} - ${w.typeName(t)}`);
  }
  lines.push('  )', '  (:init');
  for (const atom of problem.init) {
    lines.push(`    (${[w.predicate(atom.predicate), ...atom.args.map((a) => w.name(a))].join(' ')})`);
  }
  for (const fv of problem.functionValues) {
    const fn = domain.functions.get(fv.function)?.name ?? fv.function;
    lines.push(`    (= (${[fn, ...fv.args.map((a) => w.name(a))].join(' ')}) ${fv.value})`);
  }
  lines.push('  )', `  (:goal ${w.formula(problem.goal)})`);
  if (problem.minimizeCost) lines.push('  (:metric minimize (total-cost))');
  lines.push(')');
  return `${lines.join('\n')}\n`;
}
