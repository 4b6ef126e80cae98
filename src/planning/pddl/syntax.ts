/**
 * Shared pieces of PDDL syntax: checking the shape of S-expressions, typed lists, terms, goal descriptions, effects
 * and numeric expressions. Every error names the file, line and column and what was expected there.
 */
import {
  type Effect,
  type Formula,
  type FunctionDef,
  keyOf,
  type NumExpr,
  type ObjectDef,
  type PredicateDef,
  type Term,
  type TypedName,
} from './ast.js';
import { describeNode, type PddlSource, type SList, type SNode, type SSymbol } from './sexpr.js';
import { OBJECT_TYPE, type TypeHierarchy } from './types.js';

export function expectList(source: PddlSource, node: SNode | undefined, what: string, at: number): SList {
  if (node?.kind === 'list') return node;
  throw source.error(`expected ${what}, found ${describeNode(node)}`, node?.offset ?? at);
}

export function expectSymbol(source: PddlSource, node: SNode | undefined, what: string, at: number): SSymbol {
  if (node?.kind === 'symbol') return node;
  throw source.error(`expected ${what}, found ${describeNode(node)}`, node?.offset ?? at);
}

/** Lower-case head symbol of a list, or '' when the list is empty or starts with a list. */
export function headKey(list: SList): string {
  const head = list.items[0];
  return head?.kind === 'symbol' ? keyOf(head.text) : '';
}

export function isVariable(text: string): boolean {
  return text.startsWith('?');
}

/** End-of-list offset for "found nothing" errors. */
export function endOf(list: SList): number {
  return list.end >= 0 ? list.end : list.offset;
}

/**
 * Parses `a b - t c - (either u v) d`: names followed by an optional `- type`; names without a type are `object`.
 * `variables` says whether every name must be a `?variable` (parameters) or must not be (objects, types).
 */
export function parseTypedList(
  source: PddlSource,
  written: SNode[],
  options: { variables: boolean; types: TypeHierarchy | null; what: string; allowEither?: boolean },
): TypedName[] {
  const result: TypedName[] = [];
  let pending: SSymbol[] = [];
  const items = withoutCommas(source, written);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item.kind === 'symbol' && item.text === '-') {
      const typeNode = items[i + 1];
      if (pending.length === 0) throw source.error(`expected a ${options.what} before '-'`, item.offset);
      const types = parseTypeRef(source, typeNode, options.types, options.allowEither ?? true, item.offset);
      for (const p of pending) result.push({ name: p.text, key: keyOf(p.text), types, offset: p.offset });
      pending = [];
      i++;
      continue;
    }
    const symbol = expectSymbol(source, item, `a ${options.what} name`, item.offset);
    if (options.variables !== isVariable(symbol.text)) {
      throw source.error(
        options.variables
          ? `expected a variable (starting with '?'), found '${symbol.text}'`
          : `expected a ${options.what} name, found the variable '${symbol.text}'`,
        symbol.offset,
      );
    }
    pending.push(symbol);
  }
  for (const p of pending) result.push({ name: p.text, key: keyOf(p.text), types: [OBJECT_TYPE], offset: p.offset });
  return result;
}

/**
 * A comma between the entries of a typed list (ALFWorld's `(exists (?l - location, ?r - receptacle) ...)`) is read
 * as a separator, as its authors meant; Fast Downward's tokenizer keeps it in the name (`location,`, a type with no
 * objects). Commas are split off every symbol of the list; strict mode notes where.
 */
function withoutCommas(source: PddlSource, items: SNode[]): SNode[] {
  if (!items.some((item) => item.kind === 'symbol' && item.text.includes(','))) return items;
  const out: SNode[] = [];
  for (const item of items) {
    if (item.kind !== 'symbol' || !item.text.includes(',')) {
      out.push(item);
      continue;
    }
    source.deviation(
      "',' in a typed list read as a separator (not PDDL; Fast Downward keeps it in the name)",
      item.offset,
    );
    let start = 0;
    for (const part of item.text.split(',')) {
      if (part.length > 0) out.push({ kind: 'symbol', text: part, offset: item.offset + start });
      start += part.length + 1;
    }
  }
  return out;
}

/** `t` or `(either t1 t2 ...)`; checks the types exist when a hierarchy is given. */
function parseTypeRef(
  source: PddlSource,
  node: SNode | undefined,
  types: TypeHierarchy | null,
  allowEither: boolean,
  at: number,
): string[] {
  if (node?.kind === 'list') {
    if (!allowEither || headKey(node) !== 'either') {
      throw source.error(`expected a type name${allowEither ? " or '(either ...)'" : ''} after '-'`, node.offset);
    }
    if (node.items.length < 2) throw source.error("expected at least one type in '(either ...)'", node.offset);
    return node.items.slice(1).map((t) => checkType(source, expectSymbol(source, t, 'a type name', t.offset), types));
  }
  return [checkType(source, expectSymbol(source, node, "a type name after '-'", at), types)];
}

function checkType(source: PddlSource, symbol: SSymbol, types: TypeHierarchy | null): string {
  const key = keyOf(symbol.text);
  if (types && !types.has(key)) {
    throw source.error(`unknown type '${symbol.text}' (declare it in :types)`, symbol.offset);
  }
  return key;
}

/** A variable scope: quantifiers and parameters push frames. */
export class Scope {
  private readonly vars = new Map<string, TypedName>();
  constructor(private readonly parent?: Scope) {}

  static of(params: TypedName[], parent?: Scope): Scope {
    const scope = new Scope(parent);
    for (const p of params) scope.vars.set(p.key, p);
    return scope;
  }

  lookup(key: string): TypedName | undefined {
    return this.vars.get(key) ?? this.parent?.lookup(key);
  }
}

const NUMERIC_EFFECTS = new Set(['assign', 'decrease', 'scale-up', 'scale-down']);
const COMPARISONS = new Set(['<', '>', '<=', '>=']);

/** Parses goal descriptions, effects and cost expressions against known predicates, functions and objects. */
export class FormulaParser {
  constructor(
    private readonly source: PddlSource,
    private readonly predicates: Map<string, PredicateDef>,
    private readonly functions: Map<string, FunctionDef>,
    private readonly objects: Map<string, ObjectDef>,
    private readonly types: TypeHierarchy,
    /** 'constant' in a domain (only :constants may be named), 'object' in a problem. */
    private readonly objectWord: 'constant' | 'object',
    /**
     * Called for a name that is neither declared nor a variable; returns the object it stands for (added to
     * `objects`), or undefined to make it an error. Domains use it for constants their problems declare.
     */
    private readonly undeclared?: (symbol: SSymbol) => ObjectDef | undefined,
  ) {}

  params(list: SNode | undefined, at: number): TypedName[] {
    const node = expectList(this.source, list, "a parameter list '(?x - type ...)'", at);
    const params = parseTypedList(this.source, node.items, { variables: true, types: this.types, what: 'variable' });
    const seen = new Set<string>();
    for (let i = 0; i < params.length; i++) {
      if (seen.has(params[i].key)) {
        throw this.source.error(`variable '${params[i].name}' is declared twice in this list`, node.offset);
      }
      seen.add(params[i].key);
    }
    return params;
  }

  term(node: SNode | undefined, scope: Scope, at: number): Term {
    const symbol = expectSymbol(this.source, node, 'a variable or an object name', at);
    const key = keyOf(symbol.text);
    if (isVariable(symbol.text)) {
      if (!scope.lookup(key)) throw this.source.error(`undeclared variable '${symbol.text}'`, symbol.offset);
      return { kind: 'var', key };
    }
    if (!this.objects.has(key)) {
      const implicit = this.undeclared?.(symbol);
      if (!implicit) throw this.source.error(`unknown ${this.objectWord} '${symbol.text}'`, symbol.offset);
      this.objects.set(key, implicit);
    }
    return { kind: 'object', key };
  }

  /** A goal description. `()` is the empty conjunction. */
  formula(node: SNode | undefined, scope: Scope, at: number): Formula {
    const list = expectList(this.source, node, 'a condition in parentheses', at);
    if (list.items.length === 0) return { kind: 'true' };
    const head = list.items[0];
    if (head.kind !== 'symbol') throw this.source.error('expected a predicate or connective name', head.offset);
    const key = keyOf(head.text);
    const rest = list.items.slice(1);
    switch (key) {
      case 'and':
        return { kind: 'and', args: rest.map((a) => this.formula(a, scope, a.offset)) };
      case 'or':
        return { kind: 'or', args: rest.map((a) => this.formula(a, scope, a.offset)) };
      case 'not':
        this.arity(list, 1, "'(not <condition>)'");
        return { kind: 'not', arg: this.formula(rest[0], scope, list.offset) };
      case 'imply':
        this.arity(list, 2, "'(imply <condition> <condition>)'");
        return {
          kind: 'imply',
          left: this.formula(rest[0], scope, list.offset),
          right: this.formula(rest[1], scope, list.offset),
        };
      case 'exists':
      case 'forall': {
        this.arity(list, 2, `'(${key} (?x - type ...) <condition>)'`);
        const params = this.params(rest[0], list.offset);
        const body = this.formula(rest[1], Scope.of(params, scope), list.offset);
        return { kind: key, params, body };
      }
      case '=': {
        this.arity(list, 2, "'(= <term> <term>)'");
        if (rest[0].kind === 'list' || rest[1].kind === 'list') {
          throw this.source.error('numeric comparisons are not supported (only object equality)', list.offset);
        }
        return {
          kind: 'equals',
          left: this.term(rest[0], scope, list.offset),
          right: this.term(rest[1], scope, list.offset),
        };
      }
      default:
        if (COMPARISONS.has(key)) {
          throw this.source.error(`numeric comparison '${head.text}' is not supported`, head.offset);
        }
        return { kind: 'atom', ...this.atom(list, scope) };
    }
  }

  /** `(p t1 ... tn)` for a declared predicate with matching arity. */
  atom(list: SList, scope: Scope): { predicate: string; args: Term[] } {
    const head = expectSymbol(this.source, list.items[0], 'a predicate name', list.offset);
    const key = keyOf(head.text);
    const def = this.predicates.get(key);
    if (!def) throw this.source.error(`unknown predicate '${head.text}' (declare it in :predicates)`, head.offset);
    const args = list.items.slice(1).map((a) => this.term(a, scope, a.offset));
    if (args.length !== def.params.length) {
      throw this.source.error(
        `predicate '${def.name}' takes ${def.params.length} argument(s), found ${args.length}`,
        list.offset,
      );
    }
    if (this.source.strict) this.checkArgumentTypes(def, args, scope, list);
    return { predicate: key, args };
  }

  /**
   * Strict mode: notes arguments whose types cannot meet the predicate's (ALFWorld's `(checked ?l)` names a
   * location where `checked` declares a receptacle). Such atoms are read as written: neither hearth nor Fast
   * Downward type-checks atoms, which only ever hold for the arguments some effect or init fact gives them.
   */
  private checkArgumentTypes(def: PredicateDef, args: Term[], scope: Scope, list: SList): void {
    args.forEach((arg, i) => {
      const types = arg.kind === 'var' ? scope.lookup(arg.key)?.types : this.objects.get(arg.key)?.types;
      const declared = def.params[i].types;
      if (!types || types.length === 0 || this.types.canMeet(types, declared)) return;
      const show = (ts: string[]) => ts.map((t) => this.types.displayName(t)).join(' or ');
      this.source.deviation(
        `argument ${i + 1} of '${def.name}' is of type ${show(types)}, where '${def.name}' declares ${show(declared)} (read as written, unchecked)`,
        list.items[i + 1].offset,
      );
    });
  }

  /** An effect; `conditional` is true inside `when`/`forall`, where cost increases are not allowed. */
  effect(node: SNode | undefined, scope: Scope, at: number, conditional = false): Effect {
    const list = expectList(this.source, node, 'an effect in parentheses', at);
    if (list.items.length === 0) return { kind: 'and', args: [] };
    const head = list.items[0];
    if (head.kind !== 'symbol') throw this.source.error('expected a predicate name or effect keyword', head.offset);
    const key = keyOf(head.text);
    const rest = list.items.slice(1);
    switch (key) {
      case 'and':
        return { kind: 'and', args: rest.map((a) => this.effect(a, scope, a.offset, conditional)) };
      case 'not': {
        this.arity(list, 1, "'(not <atom>)'");
        const inner = expectList(this.source, rest[0], 'an atom to delete', list.offset);
        const atom = this.atom(inner, scope);
        return { kind: 'delete', ...atom };
      }
      case 'forall': {
        this.arity(list, 2, "'(forall (?x - type ...) <effect>)'");
        const params = this.params(rest[0], list.offset);
        return { kind: 'forall', params, body: this.effect(rest[1], Scope.of(params, scope), list.offset, true) };
      }
      case 'when': {
        this.arity(list, 2, "'(when <condition> <effect>)'");
        return {
          kind: 'when',
          condition: this.formula(rest[0], scope, list.offset),
          body: this.effect(rest[1], scope, list.offset, true),
        };
      }
      case 'increase': {
        this.arity(list, 2, "'(increase (total-cost) <amount>)'");
        const target = expectList(this.source, rest[0], "'(total-cost)'", list.offset);
        if (headKey(target) !== 'total-cost' || target.items.length !== 1) {
          throw this.source.error(
            'only (increase (total-cost) <amount>) is supported among numeric effects',
            target.offset,
          );
        }
        if (conditional) {
          throw this.source.error('cost increases inside when/forall are not supported', list.offset);
        }
        return { kind: 'increase-cost', amount: this.numExpr(rest[1], scope, list.offset) };
      }
      default:
        if (NUMERIC_EFFECTS.has(key)) {
          throw this.source.error(
            `numeric effect '${head.text}' is not supported (only (increase (total-cost) <amount>))`,
            head.offset,
          );
        }
        return { kind: 'add', ...this.atom(list, scope) };
    }
  }

  /** A number, a static function term, or arithmetic over them. */
  numExpr(node: SNode | undefined, scope: Scope, at: number): NumExpr {
    if (node?.kind === 'symbol') {
      const value = Number(node.text);
      if (!Number.isFinite(value)) throw this.source.error(`expected a number, found '${node.text}'`, node.offset);
      return { kind: 'number', value };
    }
    const list = expectList(this.source, node, 'a number or a function term', at);
    const head = expectSymbol(this.source, list.items[0], 'a function name or arithmetic operator', list.offset);
    const key = keyOf(head.text);
    if (key === '+' || key === '-' || key === '*' || key === '/') {
      if (list.items.length < 2) throw this.source.error(`expected operands after '${head.text}'`, list.offset);
      return { kind: 'arith', op: key, args: list.items.slice(1).map((a) => this.numExpr(a, scope, a.offset)) };
    }
    if (key === 'total-cost') {
      throw this.source.error('(total-cost) cannot be used inside a cost expression', list.offset);
    }
    const def = this.functions.get(key);
    if (!def) throw this.source.error(`unknown function '${head.text}' (declare it in :functions)`, head.offset);
    const args = list.items.slice(1).map((a) => this.term(a, scope, a.offset));
    if (args.length !== def.params.length) {
      throw this.source.error(
        `function '${def.name}' takes ${def.params.length} argument(s), found ${args.length}`,
        list.offset,
      );
    }
    return { kind: 'function', name: key, args };
  }

  private arity(list: SList, n: number, form: string): void {
    if (list.items.length - 1 !== n) throw this.source.error(`expected ${form}`, list.offset);
  }
}
