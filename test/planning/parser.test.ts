import { describe, expect, it } from 'vitest';
import type { Formula } from '../../src/planning/pddl/ast.js';
import { parseDomain } from '../../src/planning/pddl/parse-domain.js';
import { parseProblem } from '../../src/planning/pddl/parse-problem.js';
import { InputError } from '../../src/util/errors.js';

const DOMAIN = `; a domain that uses every supported feature
(define (domain Feat)
  (:requirements :strips :typing :negative-preconditions :equality :disjunctive-preconditions
    :existential-preconditions :universal-preconditions :conditional-effects :action-costs :derived-predicates)
  (:types Room Box - Thing
          Cart - Box
          Cart - Place
          Thing Place)
  (:constants Hall - Room)
  (:predicates (at ?t - Thing ?r - Room) (open ?b - Box) (light ?x - (either Room Box))
               (connected ?a ?b - Room) (lit-all))
  (:functions (distance ?a ?b - Room) (total-cost) - number)
  (:derived (lit-all) (forall (?r - Room) (light ?r)))
  (:action Move
    :parameters (?t - Thing ?from ?to - Room)
    :precondition (and (at ?t ?from) (not (= ?from ?to))
                       (or (connected ?from ?to) (connected ?to ?from))
                       (exists (?b - Box) (open ?b))
                       (imply (light ?from) (light ?to)))
    :effect (and (not (at ?t ?from)) (at ?t ?to)
                 (forall (?b - Box)
                   (when (at ?b ?from)
                     (and (at ?b ?to) (not (at ?b ?from))
                          (forall (?c - Cart) (when (open ?c) (light ?c))))))
                 (increase (total-cost) (distance ?from ?to))))
  (:action Switch :parameters (?r - Room) :precondition (not (light ?r))
    :effect (and (light ?r) (increase (total-cost) 2))))
`;

const PROBLEM = `(define (problem P1) (:domain FEAT)
  (:objects Kitchen Bath - Room b1 - Box c1 - Cart)
  (:init (AT b1 HALL) (connected Hall Kitchen) (= (distance Hall Kitchen) 3) (= (total-cost) 0) (open c1))
  (:goal (and (at b1 Kitchen) (not (light Bath)) (exists (?r - Room) (light ?r))))
  (:metric minimize (total-cost)))
`;

/** Runs `fn`, expects an InputError, and returns it. */
function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }
  throw new Error('expected an InputError');
}

function expectError(fn: () => unknown, message: RegExp, line: number, column: number): void {
  const error = inputError(fn);
  expect(error.message).toMatch(message);
  expect(error.location?.line).toBe(line);
  expect(error.location?.column).toBe(column);
}

describe('parseDomain', () => {
  const domain = parseDomain(DOMAIN, { file: 'feat.pddl' });

  it('reads the header and requirements', () => {
    expect(domain.name).toBe('Feat');
    expect(domain.file).toBe('feat.pddl');
    expect(domain.requirements).toContain(':conditional-effects');
    expect(domain.requirements).toContain(':action-costs');
  });

  it('builds a type hierarchy with several parents per type', () => {
    const t = domain.types;
    expect(t.parentsOf('cart').sort()).toEqual(['box', 'place']);
    expect(t.isSubtype('cart', 'thing')).toBe(true);
    expect(t.isSubtype('cart', 'place')).toBe(true);
    expect(t.isSubtype('room', 'thing')).toBe(true);
    expect(t.isSubtype('room', 'box')).toBe(false);
    expect(t.isSubtype('place', 'object')).toBe(true);
    expect(t.displayName('cart')).toBe('Cart');
  });

  it('reads constants, predicates with either-types, and functions', () => {
    expect(domain.constants).toEqual([{ name: 'Hall', key: 'hall', types: ['room'] }]);
    expect(domain.predicates.get('light')?.params[0].types).toEqual(['room', 'box']);
    expect(domain.predicates.get('connected')?.params.map((p) => p.types)).toEqual([['room'], ['room']]);
    expect([...domain.functions.keys()]).toEqual(['distance', 'total-cost']);
  });

  it('reads preconditions with equality, disjunction, quantifiers and implication', () => {
    const move = domain.actions.find((a) => a.key === 'move')!;
    expect(move.name).toBe('Move');
    expect(move.params.map((p) => p.key)).toEqual(['?t', '?from', '?to']);
    const pre = move.precondition as Extract<Formula, { kind: 'and' }>;
    expect(pre.args.map((a) => a.kind)).toEqual(['atom', 'not', 'or', 'exists', 'imply']);
    expect(pre.args[1]).toEqual({
      kind: 'not',
      arg: { kind: 'equals', left: { kind: 'var', key: '?from' }, right: { kind: 'var', key: '?to' } },
    });
  });

  it('reads nested forall/when effects and cost increases with function terms', () => {
    const move = domain.actions.find((a) => a.key === 'move')!;
    const effect = move.effect as Extract<typeof move.effect, { kind: 'and' }>;
    expect(effect.args.map((e) => e.kind)).toEqual(['delete', 'add', 'forall', 'increase-cost']);
    const forall = effect.args[2] as Extract<typeof move.effect, { kind: 'forall' }>;
    expect(forall.body.kind).toBe('when');
    expect(effect.args[3]).toEqual({
      kind: 'increase-cost',
      amount: {
        kind: 'function',
        name: 'distance',
        args: [
          { kind: 'var', key: '?from' },
          { kind: 'var', key: '?to' },
        ],
      },
    });
    const sw = domain.actions.find((a) => a.key === 'switch')!;
    expect(sw.effect).toEqual({
      kind: 'and',
      args: [
        { kind: 'add', predicate: 'light', args: [{ kind: 'var', key: '?r' }] },
        { kind: 'increase-cost', amount: { kind: 'number', value: 2 } },
      ],
    });
  });

  it('accepts declarations in any order (types used before the :types section)', () => {
    const d = parseDomain(`(define (domain late) (:predicates (at ?x - crate)) (:constants c1 - crate)
      (:types crate - box box) (:action a :parameters (?x - box) :effect (at ?x)))`);
    expect(d.predicates.get('at')?.params[0].types).toEqual(['crate']);
    expect(d.constants[0].types).toEqual(['crate']);
    expect(d.types.isSubtype('crate', 'box')).toBe(true);
  });

  it('reads `t - (either a b)` in :types as two parents, and empty precondition and effect lists', () => {
    const d = parseDomain(`(define (domain odd) (:requirements :adl) (:types cup bowl - (either dish vessel) dish)
      (:predicates (p)) (:action noop :precondition () :effect ()))`);
    expect(d.types.parentsOf('cup').sort()).toEqual(['dish', 'vessel']);
    expect(d.types.isSubtype('bowl', 'vessel')).toBe(true);
    expect(d.actions[0].precondition).toEqual({ kind: 'true' });
    expect(d.actions[0].effect).toEqual({ kind: 'and', args: [] });
  });

  it('reads derived rules whose head repeats a variable', () => {
    const d = parseDomain(`(define (domain rep) (:requirements :derived-predicates)
      (:predicates (same ?a ?b) (self ?a)) (:derived (same ?x ?x) (self ?x)))`);
    expect(d.derived[0].params.map((p) => p.key)).toEqual(['?x']);
    expect(d.derived[0].args).toEqual([
      { kind: 'var', key: '?x' },
      { kind: 'var', key: '?x' },
    ]);
  });

  it('reads derived predicates', () => {
    expect(domain.derived).toHaveLength(1);
    expect(domain.derived[0].predicate).toBe('lit-all');
    expect(domain.derived[0].body.kind).toBe('forall');
  });
});

describe('parseProblem', () => {
  const domain = parseDomain(DOMAIN);
  const problem = parseProblem(PROBLEM, domain, { file: 'p1.pddl' });

  it('reads objects, init atoms case-insensitively, function values, goal and metric', () => {
    expect(problem.name).toBe('P1');
    expect(problem.objects.map((o) => [o.name, o.types])).toEqual([
      ['Kitchen', ['room']],
      ['Bath', ['room']],
      ['b1', ['box']],
      ['c1', ['cart']],
    ]);
    expect(problem.init).toEqual([
      { predicate: 'at', args: ['b1', 'hall'] },
      { predicate: 'connected', args: ['hall', 'kitchen'] },
      { predicate: 'open', args: ['c1'] },
    ]);
    expect(problem.functionValues).toEqual([{ function: 'distance', args: ['hall', 'kitchen'], value: 3 }]);
    expect(problem.goal.kind).toBe('and');
    expect(problem.minimizeCost).toBe(true);
    expect(problem.warnings).toEqual([]);
  });

  it('without a metric, asks for unit costs', () => {
    const p = parseProblem('(define (problem q) (:domain feat) (:objects) (:init) (:goal (and)))', domain);
    expect(p.minimizeCost).toBe(false);
    expect(p.goal).toEqual({ kind: 'and', args: [] });
  });

  it('in lenient mode drops init facts with undeclared predicates or objects and says so', () => {
    const text = `(define (problem q) (:domain feat) (:objects r - Room)
      (:init (isVisible r) (isVisible r) (at ghost r) (light r) (= (weight r) 2)) (:goal (light r)))`;
    const p = parseProblem(text, domain, { lenient: true });
    expect(p.init).toEqual([{ predicate: 'light', args: ['r'] }]);
    expect(p.warnings).toEqual([
      "dropped 2 init fact(s) with undeclared predicate 'isVisible'",
      "dropped 1 init fact(s) naming undeclared object 'ghost'",
      "dropped 1 init fact(s) with undeclared function 'weight'",
    ]);
  });

  it('warns when the problem names another domain', () => {
    const p = parseProblem('(define (problem q) (:domain other) (:goal (and)))', domain);
    expect(p.warnings[0]).toMatch(/names domain 'other'/);
  });
});

describe('deviations from PDDL read as Fast Downward reads them (docs/planner.md)', () => {
  const text = `(define (domain dev)
  (:requirements :typing)
  (:types place box rtype)
  (:predicates (at ?b - box ?p - place) (kind ?b - box ?t - rtype) (seen ?b - box))
  (:action look :parameters (?p - place) :effect (seen ?p))
  (:action fetch
    :parameters (?b - box)
    :precondition (exists (?p - place, ?q - place,?r - place) (and (at ?b ?p) (at ?b ?q) (at ?b ?r)))
    :effect (kind ?b CrateType)))`;

  it('reads commas in typed lists as separators, undeclared constants as objects, mistyped arguments as written', () => {
    const domain = parseDomain(text);
    const fetch = domain.actions[1];
    expect(fetch.precondition).toMatchObject({
      kind: 'exists',
      params: [
        { key: '?p', types: ['place'] },
        { key: '?q', types: ['place'] },
        { key: '?r', types: ['place'] },
      ],
    });
    expect(fetch.effect).toEqual({
      kind: 'add',
      predicate: 'kind',
      args: [
        { kind: 'var', key: '?b' },
        { kind: 'object', key: 'cratetype' },
      ],
    });
    expect(domain.constants).toEqual([{ name: 'CrateType', key: 'cratetype', types: [], undeclared: true }]);
    expect(domain.warnings).toEqual([]);
  });

  it('in strict mode lists each deviation with file, line and column', () => {
    const domain = parseDomain(text, { file: 'dev.pddl', strict: true });
    expect(domain.warnings).toEqual([
      "dev.pddl:8:51: a '?' inside a name starts a new variable (no space before it)",
      "dev.pddl:5:56: argument 1 of 'seen' is of type place, where 'seen' declares box (read as written, unchecked)",
      "dev.pddl:8:33: ',' in a typed list read as a separator (not PDDL; Fast Downward keeps it in the name)",
      "dev.pddl:9:22: 'CrateType' is not declared in :constants (read as the problem's object of that name)",
    ]);
    const problem = parseProblem(
      '(define (problem q) (:domain dev) (:objects b1 - box p1 - place p1 - place) (:init (seen p1)) (:goal (kind b1 CrateType)))',
      domain,
      { file: 'q.pddl', strict: true },
    );
    expect(problem.warnings).toEqual([
      "the domain names 'CrateType' without declaring it in :constants, and the problem does not declare it either: no variable ranges over it",
      "q.pddl:1:65: 'p1' is declared twice (read as one object of both types)",
      "q.pddl:1:90: argument 1 of 'seen' is of type place, where 'seen' declares box (init facts are not type-checked)",
    ]);
  });

  it("takes an undeclared constant's type from the problem", () => {
    const domain = parseDomain(text);
    const problem = parseProblem(
      '(define (problem q) (:domain dev) (:objects b1 - box CrateType - rtype) (:init) (:goal (kind b1 cratetype)))',
      domain,
    );
    expect(problem.objects.find((o) => o.key === 'cratetype')?.types).toEqual(['rtype']);
    expect(problem.warnings).toEqual([]);
  });
});

describe('parser errors name file, line, column and what was expected', () => {
  const domain = parseDomain(DOMAIN);
  const d = (body: string) => `(define (domain x)\n${body})`;
  const p = (body: string) => `(define (problem q) (:domain feat)\n${body})`;

  it('unbalanced parentheses', () => {
    expectError(
      () => parseDomain('(define (domain x)\n  (:predicates (p))'),
      /expected '\)' to close the list opened at line 1, column 1/,
      2,
      20,
    );
    expectError(() => parseDomain('(define (domain x)))'), /unexpected '\)'/, 1, 20);
  });

  it('empty files and wrong top-level forms', () => {
    expectError(() => parseDomain('  ; nothing\n'), /found an empty file/, 1, 1);
    expectError(() => parseDomain('(domain x)'), /expected '\(define \(domain <name>\) \.\.\.\)'/, 1, 1);
    expectError(() => parseDomain('(define (problem x))'), /domain\/problem order swapped/, 1, 9);
    expectError(() => parseProblem('(define (domain x))', domain), /domain\/problem order swapped/, 1, 9);
    expectError(() => parseDomain('(define (domain x)) (extra)'), /found more after it/, 1, 21);
  });

  it('unknown sections and requirements', () => {
    expectError(() => parseDomain(d('(:durative-action a)')), /unsupported domain section ':durative-action'/, 2, 1);
    expectError(() => parseDomain(d('(:requirements :strips :bogus)')), /unknown requirement ':bogus'/, 2, 24);
    expectError(
      () => parseDomain(d('(:requirements :durative-actions)')),
      /':durative-actions' is not supported/,
      2,
      16,
    );
    expectError(
      () => parseDomain(d('(:predicates (p)) (:predicates (q))')),
      /section ':predicates' appears twice/,
      2,
      19,
    );
  });

  it('type errors', () => {
    expectError(
      () => parseDomain(d('(:predicates (p ?x - Nope))')),
      /unknown type 'Nope' \(declare it in :types\)/,
      2,
      22,
    );
    expectError(() => parseDomain(d('(:types a - b b - a)')), /type hierarchy has a cycle/, 1, 1);
    expectError(() => parseDomain(d('(:types a -)')), /expected a type name after '-', found nothing/, 2, 11);
  });

  /** Expects a domain whose second line is `body` to fail at the first occurrence of `token` in that line. */
  const failsAt = (body: string, token: string, message: RegExp, nth = 0) => {
    let column = -1;
    for (let i = 0; i <= nth; i++) column = body.indexOf(token, column + 1);
    expect(column).toBeGreaterThanOrEqual(0);
    expectError(() => parseDomain(d(body)), message, 2, column + 1);
  };

  it('undeclared variables, predicates, constants and wrong arities in actions', () => {
    const pre = (condition: string) =>
      `(:predicates (p ?x)) (:action a :parameters (?x) :precondition ${condition} :effect (p ?x))`;
    failsAt(pre('(p ?y)'), '?y', /undeclared variable '\?y'/);
    failsAt(pre('(q ?x)'), 'q ?x', /unknown predicate 'q' \(declare it in :predicates\)/);
    failsAt(pre('(p ?x ?x)'), '(p ?x ?x)', /predicate 'p' takes 1 argument\(s\), found 2/);
    failsAt(
      '(:predicates (p ?x)) (:action a :parameters (x) :effect (p ?x))',
      'x) :effect',
      /expected a variable \(starting with '\?'\), found 'x'/,
    );
    failsAt('(:predicates (p)) (:action a :effect (p)) (:action A :effect (p))', 'A', /action 'A' is defined twice/);
    failsAt(
      '(:predicates (p)) (:action a :precondition (p) :effect (p) :observe (p))',
      ':observe',
      /unexpected ':observe' in action 'a'/,
    );
    failsAt(
      '(:predicates (p ?x)) (:action a :parameters (?x ?x) :effect (p ?x))',
      '(?x ?x)',
      /variable '\?x' is declared twice/,
    );
  });

  it('numeric features beyond action costs', () => {
    const fn = '(:predicates (p)) (:functions (fuel) - number (total-cost))';
    failsAt(`${fn} (:action a :precondition (< (fuel) 3) :effect (p))`, '<', /numeric comparison '<' is not supported/);
    failsAt(`${fn} (:action a :effect (decrease (fuel) 1))`, 'decrease', /numeric effect 'decrease' is not supported/);
    failsAt(
      `${fn} (:action a :effect (increase (fuel) 1))`,
      '(fuel) 1',
      /only \(increase \(total-cost\) <amount>\) is supported/,
    );
    failsAt(
      `${fn} (:action a :effect (when (p) (increase (total-cost) 1)))`,
      '(increase',
      /cost increases inside when\/forall are not supported/,
    );
    failsAt(`${fn} (:action a :effect (increase (total-cost) (speed)))`, 'speed', /unknown function 'speed'/);
    failsAt('(:functions (f) - object)', 'object', /only numeric functions are supported/);
  });

  it('derived predicates must not be changed by actions', () => {
    failsAt(
      '(:predicates (p) (q)) (:derived (q) (p)) (:action a :effect (q))',
      '(:action',
      /action 'a' changes the derived predicate 'q'/,
    );
  });

  it('malformed declarations, actions and derived rules', () => {
    failsAt('(:predicates (and ?x))', 'and', /'and' cannot be declared as a predicate/);
    failsAt('(:predicates (p ?x) (p ?x ?y))', '(p ?x ?y)', /declared twice with different arities \(1 and 2\)/);
    failsAt('(:functions total-cost)', 'total-cost', /expected a function declaration/);
    failsAt(
      '(:predicates (p)) (:action a :effect (p) :effect (p))',
      ':effect (p))',
      /':effect' appears twice in action 'a'/,
    );
    failsAt('(:predicates (p)) (:action a :effect)', ')', /expected a value after ':effect'/, 2);
    failsAt(
      '(:predicates (p)) (:action a :effect (p) :parameters (?x))',
      ':parameters',
      /:parameters must come before/,
    );
    failsAt(
      '(:predicates (p ?x)) (:derived (p ?x))',
      '(:derived',
      /expected '\(:derived \(<predicate> \?x \.\.\.\) <condition>\)'/,
    );
    failsAt(
      '(:predicates (p ?x) (q)) (:derived (p ?x ?y) (q))',
      '(p ?x ?y)',
      /derived predicate 'p' takes 1 argument\(s\), the rule head has 2/,
    );
    failsAt('(:types - t)', '-', /expected a type before '-'/);
    failsAt('(:predicates (p ?x - (either)))', '(either)', /expected at least one type in '\(either \.\.\.\)'/);
  });

  it('malformed conditions, effects and cost expressions', () => {
    const act = (pre: string, eff = '(p)') =>
      `(:predicates (p) (q ?x)) (:functions (total-cost) (d ?x)) (:action a :parameters (?x) :precondition ${pre} :effect ${eff})`;
    failsAt(act('((p))'), '(p)) :effect', /expected a predicate or connective name/);
    failsAt(act('(not (p) (p))'), '(not (p) (p))', /expected '\(not <condition>\)'/);
    failsAt(act('(imply (p))'), '(imply', /expected '\(imply <condition> <condition>\)'/);
    failsAt(act('(exists ?y (p))'), '?y', /expected a parameter list/);
    failsAt(act('(= (d ?x) 3)'), '(= (d', /numeric comparisons are not supported/);
    failsAt(act('p'), 'p :effect', /expected a condition in parentheses, found 'p'/);
    failsAt(act('(p)', '((p))'), '(p)))', /expected a predicate name or effect keyword/);
    failsAt(act('(p)', '(not p)'), 'p))', /expected an atom to delete, found 'p'/);
    failsAt(act('(p)', '(increase (total-cost) x1)'), 'x1', /expected a number, found 'x1'/);
    failsAt(act('(p)', '(increase (total-cost) (+))'), '(+)', /expected operands after '\+'/);
    failsAt(
      act('(p)', '(increase (total-cost) (total-cost))'),
      '(total-cost)))',
      /cannot be used inside a cost expression/,
    );
    failsAt(act('(p)', '(increase (total-cost) (d))'), '(d))', /function 'd' takes 1 argument\(s\), found 0/);
  });

  it('problem sections: unknown or repeated sections, bad numbers and goal forms', () => {
    expectError(
      () => parseProblem(p('(:goal (and)) (:situation s)'), domain),
      /unsupported problem section ':situation'/,
      2,
      15,
    );
    expectError(() => parseProblem(p('(:init) (:init) (:goal (and))'), domain), /section ':init' appears twice/, 2, 9);
    expectError(
      () => parseProblem(p('(:init (= (distance Hall Hall) far)) (:goal (and))'), domain),
      /expected a number, found 'far'/,
      2,
      32,
    );
    expectError(() => parseProblem(p('(:goal (and) (and))'), domain), /expected '\(:goal <condition>\)'/, 2, 1);
  });

  it('problem errors: unknown predicates, objects, arities, metrics and missing sections', () => {
    expectError(
      () => parseProblem(p('(:init (isVisible Hall)) (:goal (and))'), domain),
      /unknown predicate 'isVisible'.*--lenient/,
      2,
      9,
    );
    expectError(
      () => parseProblem(p('(:init (light ghost)) (:goal (and))'), domain),
      /unknown object 'ghost'.*--lenient/,
      2,
      15,
    );
    expectError(
      () => parseProblem(p('(:init (light Hall Hall)) (:goal (and))'), domain),
      /takes 1 argument\(s\), found 2/,
      2,
      8,
    );
    expectError(
      () => parseProblem(p('(:goal (light ghost))'), domain, { lenient: true }),
      /unknown object 'ghost'/,
      2,
      15,
    );
    expectError(() => parseProblem(p('(:goal (dark Hall))'), domain), /unknown predicate 'dark'/, 2, 9);
    expectError(() => parseProblem(p('(:init)'), domain), /expected a '\(:goal <condition>\)' section/, 1, 1);
    expectError(
      () => parseProblem('(define (problem q) (:goal (and)))', domain),
      /expected a '\(:domain <name>\)' section/,
      1,
      1,
    );
    expectError(
      () => parseProblem(p('(:goal (and)) (:metric maximize (total-cost))'), domain),
      /only 'minimize' metrics are supported, found 'maximize'/,
      2,
      24,
    );
    expectError(
      () => parseProblem(p('(:goal (and)) (:metric minimize (total-time))'), domain),
      /only the metric '\(:metric minimize \(total-cost\)\)' is supported/,
      2,
      15,
    );
    expectError(
      () => parseProblem(p('(:init (at 10 (light Hall))) (:goal (and))'), domain),
      /timed initial literals/,
      2,
      8,
    );
    expectError(
      () => parseProblem(p('(:init (lit-all)) (:goal (and))'), domain),
      /derived predicate and cannot be set/,
      2,
      8,
    );
    expectError(() => parseProblem(p('(:objects k - Cellar) (:goal (and))'), domain), /unknown type 'Cellar'/, 2, 15);
    expectError(
      () => parseProblem(p('(:init (= (distance Hall) 3)) (:goal (and))'), domain),
      /takes 2 argument\(s\), found 1/,
      2,
      11,
    );
  });

  it('errors carry the file name', () => {
    const error = inputError(() => parseDomain('(define', { file: 'broken.pddl' }));
    expect(error.location?.file).toBe('broken.pddl');
    expect(error.message.startsWith('broken.pddl:1:8: ')).toBe(true);
  });
});
