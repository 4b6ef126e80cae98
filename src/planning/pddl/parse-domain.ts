/** Parses a PDDL domain file into the lifted model. */
import type {
  ActionDef,
  DerivedDef,
  Domain,
  Effect,
  Formula,
  FunctionDef,
  ObjectDef,
  PredicateDef,
  TypedName,
} from './ast.js';
import { keyOf } from './ast.js';
import { PddlSource, readSExpressions, type SList, type SNode, type SSymbol } from './sexpr.js';
import { endOf, expectList, expectSymbol, FormulaParser, headKey, parseTypedList, Scope } from './syntax.js';
import { OBJECT_TYPE, TypeHierarchy } from './types.js';

/** Requirements hearth's planner handles (some only in the forms the docs list). */
const SUPPORTED_REQUIREMENTS = new Set([
  ':strips',
  ':typing',
  ':negative-preconditions',
  ':disjunctive-preconditions',
  ':equality',
  ':existential-preconditions',
  ':universal-preconditions',
  ':quantified-preconditions',
  ':conditional-effects',
  ':adl',
  ':action-costs',
  ':derived-predicates',
  ':domain-axioms',
  ':negation',
  // Accepted because domains declare them for action costs; other numeric use is rejected where it appears.
  ':fluents',
  ':numeric-fluents',
]);

const UNSUPPORTED_REQUIREMENTS = new Set([
  ':durative-actions',
  ':duration-inequalities',
  ':continuous-effects',
  ':timed-initial-literals',
  ':preferences',
  ':constraints',
  ':object-fluents',
  ':probabilistic-effects',
  ':rewards',
  ':non-deterministic',
]);

export interface ParseOptions {
  /** Name used in error messages (default `<domain>` / `<problem>`). */
  file?: string;
  /**
   * List every deviation from PDDL that is read anyway (a comma in a typed list, an undeclared domain constant,
   * an argument of the wrong type) as a located warning. Without it they are read silently.
   */
  strict?: boolean;
}

export function parseDomain(text: string, options: ParseOptions = {}): Domain {
  const source = new PddlSource(text, options.file ?? '<domain>', options.strict ?? false);
  const top = readSExpressions(source);
  if (top.length === 0) throw source.error("expected '(define (domain <name>) ...)', found an empty file", 0);
  if (top.length > 1) throw source.error('expected a single (define ...) form, found more after it', top[1].offset);
  const define = expectList(source, top[0], "'(define (domain <name>) ...)'", 0);
  if (headKey(define) !== 'define') throw source.error("expected '(define (domain <name>) ...)'", define.offset);
  const nameList = expectList(source, define.items[1], "'(domain <name>)'", define.offset);
  if (headKey(nameList) !== 'domain' || nameList.items.length !== 2) {
    throw source.error(
      headKey(nameList) === 'problem'
        ? "expected a domain, found '(problem ...)': is the domain/problem order swapped?"
        : "expected '(domain <name>)'",
      nameList.offset,
    );
  }
  const name = expectSymbol(source, nameList.items[1], 'a domain name', nameList.offset).text;

  const domain: Domain = {
    name,
    file: source.file,
    requirements: [],
    types: new TypeHierarchy(),
    constants: [],
    predicates: new Map(),
    functions: new Map(),
    actions: [],
    derived: [],
    warnings: source.notes,
  };
  const sections = define.items
    .slice(2)
    .map((s) => expectList(source, s, 'a domain section like (:predicates ...)', s.offset));

  // Declarations first (types before everything that names them, whatever the file order), then actions and
  // derived rules.
  const seen = new Set<string>();
  const typesFirst = [...sections].sort((a, b) => Number(headKey(b) === ':types') - Number(headKey(a) === ':types'));
  for (const section of typesFirst) {
    const key = headKey(section);
    if (key !== ':action' && key !== ':derived') {
      if (seen.has(key)) throw source.error(`section '${key}' appears twice`, section.offset);
      seen.add(key);
    }
    switch (key) {
      case ':requirements':
        parseRequirements(source, section, domain.requirements);
        break;
      case ':types':
        parseTypes(source, section, domain.types);
        break;
      case ':constants':
        break;
      case ':predicates':
        for (const p of section.items.slice(1)) addPredicate(source, domain, p);
        break;
      case ':functions':
        parseFunctions(source, section, domain);
        break;
      case ':action':
      case ':derived':
        break;
      default:
        throw source.error(
          `unsupported domain section '${section.items[0]?.kind === 'symbol' ? section.items[0].text : '?'}'` +
            ' (expected :requirements, :types, :constants, :predicates, :functions, :action or :derived)',
          section.offset,
        );
    }
  }
  const cycle = domain.types.findCycle();
  if (cycle) throw source.error(`the type hierarchy has a cycle: ${cycle.join(' -> ')}`, define.offset);

  const constants = new Map<string, ObjectDef>();
  for (const section of sections) {
    if (headKey(section) !== ':constants') continue;
    const list = parseTypedList(source, section.items.slice(1), {
      variables: false,
      types: domain.types,
      what: 'constant',
    });
    for (const c of list) addObject(constants, c.name, c.key, c.types);
  }
  domain.constants = [...constants.values()];

  // Derived predicates may be declared only through their rule head; register them before parsing bodies.
  for (const section of sections) {
    if (headKey(section) !== ':derived') continue;
    const head = expectList(source, section.items[1], "'(<predicate> ?x ...)' after :derived", section.offset);
    if (!domain.predicates.has(headKey(head))) addPredicate(source, domain, head);
  }

  // A name used as a constant without a declaration is read as an object the problem declares, as Fast Downward
  // read it up to release 24.06 (ALFWorld's alfred.pddl names `SinkBasinType`, which its problems declare).
  const undeclared = (symbol: SSymbol): ObjectDef => {
    source.deviation(
      `'${symbol.text}' is not declared in :constants (read as the problem's object of that name)`,
      symbol.offset,
    );
    return { name: symbol.text, key: keyOf(symbol.text), types: [], undeclared: true };
  };
  const parser = new FormulaParser(
    source,
    domain.predicates,
    domain.functions,
    constants,
    domain.types,
    'constant',
    undeclared,
  );
  for (const section of sections) {
    const key = headKey(section);
    if (key === ':action') domain.actions.push(parseAction(source, section, parser, domain));
    if (key === ':derived') domain.derived.push(parseDerived(source, section, parser, domain));
  }
  domain.constants = [...constants.values()];
  checkDerivedNotInEffects(source, domain, sections);
  return domain;
}

/** Adds an object (constant or problem object); a repeated declaration adds its types. */
export function addObject(objects: Map<string, ObjectDef>, name: string, key: string, types: string[]): void {
  const existing = objects.get(key);
  if (!existing) {
    objects.set(key, { name, key, types: [...types] });
    return;
  }
  for (const t of types) if (!existing.types.includes(t)) existing.types.push(t);
  if (existing.types.length > 1 && existing.types.includes(OBJECT_TYPE)) {
    existing.types = existing.types.filter((t) => t !== OBJECT_TYPE);
  }
}

function parseRequirements(source: PddlSource, section: SList, out: string[]): void {
  for (const item of section.items.slice(1)) {
    const symbol = expectSymbol(source, item, 'a requirement like :strips', section.offset);
    const key = keyOf(symbol.text);
    if (UNSUPPORTED_REQUIREMENTS.has(key)) {
      throw source.error(`requirement '${symbol.text}' is not supported by hearth's planner`, symbol.offset);
    }
    if (!SUPPORTED_REQUIREMENTS.has(key)) {
      throw source.error(`unknown requirement '${symbol.text}'`, symbol.offset);
    }
    out.push(key);
  }
}

function parseTypes(source: PddlSource, section: SList, types: TypeHierarchy): void {
  // `t - (either a b)` is read as t having both parents (as for a type listed under several parents).
  const list = parseTypedList(source, section.items.slice(1), { variables: false, types: null, what: 'type' });
  // The typed list keeps only the parents' keys; recover their spelling as first written.
  const spelling = new Map<string, string>();
  const collect = (items: SNode[]) => {
    for (const item of items) {
      if (item.kind === 'list') collect(item.items);
      else if (!spelling.has(keyOf(item.text))) spelling.set(keyOf(item.text), item.text);
    }
  };
  collect(section.items);
  for (const t of list) {
    if (t.key === OBJECT_TYPE) continue;
    for (const parent of t.types) types.declare(t.key, t.name, parent, spelling.get(parent));
  }
}

function addPredicate(source: PddlSource, domain: Domain, node: SNode): void {
  const list = expectList(source, node, "a predicate declaration '(name ?x - type ...)'", node.offset);
  const head = expectSymbol(source, list.items[0], 'a predicate name', list.offset);
  const key = keyOf(head.text);
  if (key === '=' || key === 'and' || key === 'or' || key === 'not') {
    throw source.error(`'${head.text}' cannot be declared as a predicate`, head.offset);
  }
  const params = parseTypedList(source, list.items.slice(1), {
    variables: true,
    types: domain.types,
    what: 'variable',
  });
  const existing = domain.predicates.get(key);
  if (existing) {
    if (existing.params.length !== params.length) {
      throw source.error(
        `predicate '${head.text}' is declared twice with different arities (${existing.params.length} and ${params.length})`,
        list.offset,
      );
    }
    return;
  }
  const def: PredicateDef = { name: head.text, key, params };
  domain.predicates.set(key, def);
}

function parseFunctions(source: PddlSource, section: SList, domain: Domain): void {
  const items = section.items.slice(1);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item.kind === 'symbol') {
      if (item.text !== '-')
        throw source.error(`expected a function declaration '(name ?x ...)', found '${item.text}'`, item.offset);
      const type = expectSymbol(source, items[i + 1], "'number' after '-'", item.offset);
      if (keyOf(type.text) !== 'number') {
        throw source.error(`only numeric functions are supported, found type '${type.text}'`, type.offset);
      }
      i++;
      continue;
    }
    const head = expectSymbol(source, item.items[0], 'a function name', item.offset);
    const params = parseTypedList(source, item.items.slice(1), {
      variables: true,
      types: domain.types,
      what: 'variable',
    });
    const def: FunctionDef = { name: head.text, key: keyOf(head.text), params };
    domain.functions.set(def.key, def);
  }
}

function parseAction(source: PddlSource, section: SList, parser: FormulaParser, domain: Domain): ActionDef {
  const nameSymbol = expectSymbol(source, section.items[1], 'an action name after :action', section.offset);
  const key = keyOf(nameSymbol.text);
  if (domain.actions.some((a) => a.key === key)) {
    throw source.error(`action '${nameSymbol.text}' is defined twice`, nameSymbol.offset);
  }
  let params: ActionDef['params'] = [];
  let precondition: Formula = { kind: 'true' };
  let effect: Effect = { kind: 'and', args: [] };
  let scope = Scope.of([]);
  const items = section.items;
  const seen = new Set<string>();
  for (let i = 2; i < items.length; i += 2) {
    const keyword = expectSymbol(source, items[i], 'one of :parameters, :precondition, :effect', items[i].offset);
    const k = keyOf(keyword.text);
    if (seen.has(k))
      throw source.error(`'${keyword.text}' appears twice in action '${nameSymbol.text}'`, keyword.offset);
    seen.add(k);
    const value = items[i + 1];
    if (value === undefined) throw source.error(`expected a value after '${keyword.text}'`, endOf(section));
    switch (k) {
      case ':parameters':
        if (seen.has(':precondition') || seen.has(':effect')) {
          throw source.error(':parameters must come before :precondition and :effect', keyword.offset);
        }
        params = parser.params(value, keyword.offset);
        scope = Scope.of(params);
        break;
      case ':precondition':
        precondition = parser.formula(value, scope, keyword.offset);
        break;
      case ':effect':
        effect = parser.effect(value, scope, keyword.offset);
        break;
      default:
        throw source.error(
          `unexpected '${keyword.text}' in action '${nameSymbol.text}' (expected :parameters, :precondition or :effect)`,
          keyword.offset,
        );
    }
  }
  return { name: nameSymbol.text, key, params, precondition, effect };
}

function parseDerived(source: PddlSource, section: SList, parser: FormulaParser, domain: Domain): DerivedDef {
  if (section.items.length !== 3) {
    throw source.error("expected '(:derived (<predicate> ?x ...) <condition>)'", section.offset);
  }
  const head = expectList(source, section.items[1], "'(<predicate> ?x ...)'", section.offset);
  const predicate = keyOf(expectSymbol(source, head.items[0], 'a predicate name', head.offset).text);
  const occurrences = parseTypedList(source, head.items.slice(1), {
    variables: true,
    types: domain.types,
    what: 'variable',
  });
  // A head may repeat a variable; its distinct variables are the rule's parameters.
  const params: TypedName[] = [];
  for (const v of occurrences) {
    const seen = params.find((p) => p.key === v.key);
    if (!seen) params.push(v);
    else if (seen.types.join() !== v.types.join()) {
      throw source.error(`variable '${v.name}' is given two different types in this rule head`, head.offset);
    }
  }
  const def = domain.predicates.get(predicate)!;
  if (def.params.length !== occurrences.length) {
    throw source.error(
      `derived predicate '${def.name}' takes ${def.params.length} argument(s), the rule head has ${occurrences.length}`,
      head.offset,
    );
  }
  const body = parser.formula(section.items[2], Scope.of(params), section.offset);
  return { predicate, params, args: occurrences.map((v) => ({ kind: 'var', key: v.key })), body };
}

function checkDerivedNotInEffects(source: PddlSource, domain: Domain, sections: SList[]): void {
  const derived = new Set(domain.derived.map((d) => d.predicate));
  if (derived.size === 0) return;
  const visit = (effect: Effect, action: ActionDef): void => {
    if (effect.kind === 'and') {
      for (const e of effect.args) visit(e, action);
    } else if (effect.kind === 'forall' || effect.kind === 'when') visit(effect.body, action);
    else if ((effect.kind === 'add' || effect.kind === 'delete') && derived.has(effect.predicate)) {
      const section = sections.find(
        (s) => headKey(s) === ':action' && s.items[1]?.kind === 'symbol' && keyOf(s.items[1].text) === action.key,
      );
      throw source.error(
        `action '${action.name}' changes the derived predicate '${domain.predicates.get(effect.predicate)!.name}'`,
        section?.offset ?? 0,
      );
    }
  };
  for (const action of domain.actions) visit(action.effect, action);
}
