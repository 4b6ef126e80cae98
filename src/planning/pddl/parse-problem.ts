/** Parses a PDDL problem file against its (already parsed) domain. */
import type { Domain, FunctionValue, GroundAtom, ObjectDef, Problem } from './ast.js';
import { keyOf } from './ast.js';
import { addObject, type ParseOptions } from './parse-domain.js';
import { PddlSource, readSExpressions, type SList, type SNode } from './sexpr.js';
import { expectList, expectSymbol, FormulaParser, headKey, parseTypedList, Scope } from './syntax.js';

export interface ProblemParseOptions extends ParseOptions {
  /**
   * Drop init facts (and function values) that name undeclared predicates, functions or objects instead of failing;
   * each drop is listed in `problem.warnings`. DANLI's generated problems need this for `isVisible`.
   */
  lenient?: boolean;
}

export function parseProblem(text: string, domain: Domain, options: ProblemParseOptions = {}): Problem {
  const source = new PddlSource(text, options.file ?? '<problem>', options.strict ?? false);
  const top = readSExpressions(source);
  if (top.length === 0) throw source.error("expected '(define (problem <name>) ...)', found an empty file", 0);
  if (top.length > 1) throw source.error('expected a single (define ...) form, found more after it', top[1].offset);
  const define = expectList(source, top[0], "'(define (problem <name>) ...)'", 0);
  if (headKey(define) !== 'define') throw source.error("expected '(define (problem <name>) ...)'", define.offset);
  const nameList = expectList(source, define.items[1], "'(problem <name>)'", define.offset);
  if (headKey(nameList) !== 'problem' || nameList.items.length !== 2) {
    throw source.error(
      headKey(nameList) === 'domain'
        ? "expected a problem, found '(domain ...)': is the domain/problem order swapped?"
        : "expected '(problem <name>)'",
      nameList.offset,
    );
  }
  const problem: Problem = {
    name: expectSymbol(source, nameList.items[1], 'a problem name', nameList.offset).text,
    file: source.file,
    domainName: '',
    objects: [],
    init: [],
    functionValues: [],
    goal: { kind: 'true' },
    minimizeCost: false,
    warnings: [],
  };
  const sections = define.items
    .slice(2)
    .map((s) => expectList(source, s, 'a problem section like (:init ...)', s.offset));
  const byKey = new Map<string, SList>();
  for (const section of sections) {
    const key = headKey(section);
    if (byKey.has(key)) throw source.error(`section '${key}' appears twice`, section.offset);
    byKey.set(key, section);
    if (![':domain', ':requirements', ':objects', ':init', ':goal', ':metric'].includes(key)) {
      throw source.error(
        `unsupported problem section '${section.items[0]?.kind === 'symbol' ? section.items[0].text : '?'}'` +
          ' (expected :domain, :requirements, :objects, :init, :goal or :metric)',
        section.offset,
      );
    }
  }

  const domainSection = byKey.get(':domain');
  if (!domainSection) throw source.error("expected a '(:domain <name>)' section", define.offset);
  problem.domainName = expectSymbol(source, domainSection.items[1], 'the domain name', domainSection.offset).text;
  if (keyOf(problem.domainName) !== keyOf(domain.name)) {
    problem.warnings.push(`problem names domain '${problem.domainName}' but is solved with domain '${domain.name}'`);
  }

  const declared = new Map<string, ObjectDef>();
  const objectsSection = byKey.get(':objects');
  if (objectsSection) {
    const list = parseTypedList(source, objectsSection.items.slice(1), {
      variables: false,
      types: domain.types,
      what: 'object',
    });
    for (const o of list) {
      // ALFWorld's problems declare the agent's starting location twice; Fast Downward 24.06 stops there.
      if (declared.has(o.key)) {
        source.deviation(`'${o.name}' is declared twice (read as one object of both types)`, o.offset ?? 0);
      }
      addObject(declared, o.name, o.key, o.types);
    }
  }
  problem.objects = [...declared.values()];
  for (const c of domain.constants) {
    if (c.undeclared && !declared.has(c.key)) {
      problem.warnings.push(
        `the domain names '${c.name}' without declaring it in :constants, and the problem does not declare it either: no variable ranges over it`,
      );
    }
  }
  const objects = new Map<string, ObjectDef>();
  for (const c of domain.constants) objects.set(c.key, c);
  for (const o of problem.objects) objects.set(o.key, o);

  const lenient = options.lenient ?? false;
  const dropped = new Map<string, number>();
  const drop = (reason: string) => dropped.set(reason, (dropped.get(reason) ?? 0) + 1);
  const initSection = byKey.get(':init');
  for (const item of initSection ? initSection.items.slice(1) : []) {
    readInitItem(source, item, domain, objects, problem, lenient ? drop : undefined);
  }
  for (const [reason, count] of dropped) problem.warnings.push(`dropped ${count} init fact(s) ${reason}`);

  const parser = new FormulaParser(source, domain.predicates, domain.functions, objects, domain.types, 'object');
  const goalSection = byKey.get(':goal');
  if (!goalSection) throw source.error("expected a '(:goal <condition>)' section", define.offset);
  if (goalSection.items.length !== 2) throw source.error("expected '(:goal <condition>)'", goalSection.offset);
  problem.goal = parser.formula(goalSection.items[1], Scope.of([]), goalSection.offset);

  const metric = byKey.get(':metric');
  if (metric) {
    const direction = expectSymbol(source, metric.items[1], "'minimize'", metric.offset);
    const target = metric.items[2];
    if (keyOf(direction.text) !== 'minimize') {
      throw source.error(`only 'minimize' metrics are supported, found '${direction.text}'`, direction.offset);
    }
    if (
      target?.kind !== 'list' ||
      headKey(target) !== 'total-cost' ||
      target.items.length !== 1 ||
      metric.items.length !== 3
    ) {
      throw source.error("only the metric '(:metric minimize (total-cost))' is supported", metric.offset);
    }
    problem.minimizeCost = true;
  }
  problem.warnings.push(...source.notes);
  return problem;
}

function readInitItem(
  source: PddlSource,
  item: SNode,
  domain: Domain,
  objects: Map<string, ObjectDef>,
  problem: Problem,
  drop: ((reason: string) => void) | undefined,
): void {
  const list = expectList(source, item, 'an init fact in parentheses', item.offset);
  const head = expectSymbol(source, list.items[0], 'a predicate name or =', list.offset);
  const key = keyOf(head.text);
  if (key === 'not') return; // Closed world: negative init facts say nothing new.
  if (key === 'at' && list.items[1]?.kind === 'symbol' && !Number.isNaN(Number(list.items[1].text))) {
    throw source.error('timed initial literals are not supported', list.offset);
  }
  if (key === '=') {
    const fn = expectList(source, list.items[1], "a function term '(f a b)' after '='", list.offset);
    const value = expectSymbol(source, list.items[2], 'a number', list.offset);
    const fnKey = headKey(fn);
    const amount = Number(value.text);
    if (!Number.isFinite(amount)) throw source.error(`expected a number, found '${value.text}'`, value.offset);
    if (fnKey === 'total-cost') return;
    const def = domain.functions.get(fnKey);
    const fnHead = expectSymbol(source, fn.items[0], 'a function name', fn.offset);
    if (!def) {
      if (drop) {
        drop(`with undeclared function '${fnHead.text}'`);
        return;
      }
      throw source.error(`unknown function '${fnHead.text}' (declare it in :functions)`, fnHead.offset);
    }
    const args = readObjectArgs(source, fn, objects, drop);
    if (!args) return;
    if (args.length !== def.params.length) {
      throw source.error(
        `function '${def.name}' takes ${def.params.length} argument(s), found ${args.length}`,
        fn.offset,
      );
    }
    const fv: FunctionValue = { function: fnKey, args, value: amount };
    problem.functionValues.push(fv);
    return;
  }
  const def = domain.predicates.get(key);
  if (!def) {
    if (drop) {
      drop(`with undeclared predicate '${head.text}'`);
      return;
    }
    throw source.error(
      `unknown predicate '${head.text}' (declare it in :predicates, or use --lenient to drop it)`,
      head.offset,
    );
  }
  if (domain.derived.some((d) => d.predicate === key)) {
    throw source.error(`'${def.name}' is a derived predicate and cannot be set in :init`, list.offset);
  }
  const args = readObjectArgs(source, list, objects, drop);
  if (!args) return;
  if (args.length !== def.params.length) {
    throw source.error(
      `predicate '${def.name}' takes ${def.params.length} argument(s), found ${args.length}`,
      list.offset,
    );
  }
  if (source.strict) {
    args.forEach((arg, i) => {
      const types = objects.get(arg)!.types;
      if (types.length > 0 && !domain.types.canMeet(types, def.params[i].types)) {
        source.deviation(
          `argument ${i + 1} of '${def.name}' is of type ${types.join(' or ')}, where '${def.name}' declares ${def.params[i].types.join(' or ')} (init facts are not type-checked)`,
          list.items[i + 1].offset,
        );
      }
    });
  }
  const atom: GroundAtom = { predicate: key, args };
  problem.init.push(atom);
}

/** Object keys of `(head a b ...)`, or undefined when lenient mode dropped the fact for an unknown object. */
function readObjectArgs(
  source: PddlSource,
  list: SList,
  objects: Map<string, ObjectDef>,
  drop: ((reason: string) => void) | undefined,
): string[] | undefined {
  const args: string[] = [];
  for (const a of list.items.slice(1)) {
    const symbol = expectSymbol(source, a, 'an object name', list.offset);
    const key = keyOf(symbol.text);
    if (!objects.has(key)) {
      if (drop) {
        drop(`naming undeclared object '${symbol.text}'`);
        return undefined;
      }
      throw source.error(
        `unknown object '${symbol.text}' (declare it in :objects, or use --lenient to drop it)`,
        symbol.offset,
      );
    }
    args.push(key);
  }
  return args;
}
