import { describe, expect, it } from 'vitest';
import { GroundingTimeLimit } from '../../src/planning/grounding/deadline.js';
import { groundTask } from '../../src/planning/grounding/ground.js';
import { parseDomain } from '../../src/planning/pddl/parse-domain.js';
import { parseProblem } from '../../src/planning/pddl/parse-problem.js';
import { plan } from '../../src/planning/plan.js';
import { search } from '../../src/planning/search/index.js';
import { applyOperator } from '../../src/planning/successor.js';
import { describeState, holds } from '../../src/planning/task.js';
import { validatePlan } from '../../src/planning/validate.js';
import { factIndex, ground, opNames, ROAD_DOMAIN, ROAD_PROBLEM, stateOf } from './fixtures.js';

describe('grounding', () => {
  it('keeps only relaxed-reachable operators and prunes static and irrelevant facts', () => {
    const task = ground(ROAD_DOMAIN, ROAD_PROBLEM);
    // 16 typed bindings of drive, but only p1->p2 and p2->p3 are reachable from t at p1 (p4->p1 never is).
    expect(opNames(task)).toEqual(['(drive t p1 p2)', '(drive t p2 p3)']);
    expect(task.stats.reachableActions).toBe(2);
    // `road` is static and disappears; (visited p2) and (at t p3) matter to no goal or precondition.
    expect([...task.factNames].sort()).toEqual(['(at t p1)', '(at t p2)', '(visited p3)']);
    expect(describeState(task, task.init)).toEqual(['(at t p1)']);
    expect(task.unitCost).toBe(true);
    expect(task.operators.map((o) => o.cost)).toEqual([1, 1]);
  });

  it('keeps conditional effects as conditional effect groups instead of splitting operators', () => {
    const task = ground(
      `(define (domain briefcase) (:requirements :typing :conditional-effects :negative-preconditions)
        (:types portable location)
        (:predicates (at ?y - portable ?x - location) (in ?x - portable) (is-at ?x - location))
        (:action move :parameters (?m ?l - location) :precondition (is-at ?m)
          :effect (and (is-at ?l) (not (is-at ?m))
                       (forall (?x - portable) (when (in ?x) (and (at ?x ?l) (not (at ?x ?m)))))))
        (:action put-in :parameters (?x - portable ?l - location)
          :precondition (and (not (in ?x)) (at ?x ?l) (is-at ?l)) :effect (in ?x)))`,
      `(define (problem b1) (:domain briefcase) (:objects home office - location doc - portable)
        (:init (is-at home) (at doc home)) (:goal (at doc office)))`,
    );
    const move = task.operators.find((o) => o.name === '(move home office)')!;
    expect(move.effects).toHaveLength(2);
    const [plain, conditional] = move.effects;
    expect(plain.cond).toBeNull();
    expect([...plain.add].map((f) => task.factNames[f])).toEqual(['(is-at office)']);
    expect([...plain.del].map((f) => task.factNames[f])).toEqual(['(is-at home)']);
    expect([...conditional.cond!.pos].map((f) => task.factNames[f])).toEqual(['(in doc)']);
    expect([...conditional.add].map((f) => task.factNames[f])).toEqual(['(at doc office)']);
    expect([...conditional.del].map((f) => task.factNames[f])).toEqual(['(at doc home)']);
    // (move home home) adds and deletes (is-at home), and (at doc home) when (in doc): adds win, so nothing is
    // deleted, and adding (is-at home), which the precondition requires, changes nothing either.
    const stay = task.operators.find((o) => o.name === '(move home home)')!;
    expect(stay.effects.map((e) => [e.cond === null, e.add.length, e.del.length])).toEqual([[false, 1, 0]]);
    const putIn = task.operators.find((o) => o.name === '(put-in doc home)')!;
    expect([...putIn.pre.neg].map((f) => task.factNames[f])).toEqual(['(in doc)']);
  });

  it('evaluates conditions in the state before the step and applies deletes before adds', () => {
    const task = ground(
      `(define (domain flip) (:requirements :conditional-effects :negative-preconditions)
        (:predicates (on) (done))
        (:action flip :effect (and (when (on) (not (on))) (when (not (on)) (on)) (done))))`,
      '(define (problem f) (:domain flip) (:goal (and (done) (on))))',
    );
    const flip = task.operators[0];
    const after = new Uint32Array(task.words);
    applyOperator(task, flip, task.init, after);
    expect(describeState(task, after).sort()).toEqual(['(done)', '(on)']);
    const again = new Uint32Array(task.words);
    applyOperator(task, flip, after, again);
    expect(describeState(task, again)).toEqual(['(done)']);
  });

  it('compiles disjunctions and quantifiers over fluents into condition trees', () => {
    const task = ground(
      `(define (domain lamps) (:requirements :adl)
        (:types lamp)
        (:constants l3 - lamp)
        (:predicates (lit ?l - lamp) (red ?l - lamp) (party))
        (:action light :parameters (?l - lamp) :precondition (not (lit ?l)) :effect (lit ?l))
        (:action start :precondition (and (exists (?l - lamp) (and (red ?l) (lit ?l)))
                                          (or (forall (?l - lamp) (red ?l)) (lit l3)))
          :effect (party)))`,
      `(define (problem l) (:domain lamps) (:objects l1 l2 - lamp) (:init (red l1) (red l2)) (:goal (party)))`,
    );
    const start = task.operators.find((o) => o.name === '(start)')!;
    // exists over red lamps: (lit l1) or (lit l2) once the static (red ?l) is resolved;
    // l3 is not red, so the forall is false and the disjunction is just (lit l3).
    expect(start.pre.trees).toHaveLength(1);
    expect([...start.pre.pos].map((f) => task.factNames[f])).toEqual(['(lit l3)']);
    const orNode = start.pre.trees[0];
    expect(orNode.or).toBe(true);
    expect([...orNode.pos].map((f) => task.factNames[f]).sort()).toEqual(['(lit l1)', '(lit l2)']);
    expect(holds(start.pre, stateOf(task, ['(lit l2)', '(lit l3)']))).toBe(true);
    expect(holds(start.pre, stateOf(task, ['(lit l3)']))).toBe(false);
    expect(holds(start.pre, stateOf(task, ['(lit l1)']))).toBe(false);
  });

  it('resolves equality, either-types and types with several parents', () => {
    const task = ground(
      `(define (domain zoo) (:requirements :typing :equality)
        (:types cat dog - animal robocat - cat robocat - machine)
        (:predicates (fed ?a - animal) (charged ?m - machine) (greeted ?x ?y - (either animal machine)))
        (:action feed :parameters (?a - animal) :effect (fed ?a))
        (:action charge :parameters (?m - machine) :effect (charged ?m))
        (:action greet :parameters (?x ?y - (either animal machine)) :precondition (not (= ?x ?y))
          :effect (greeted ?x ?y)))`,
      `(define (problem z) (:domain zoo) (:objects tom - cat rex - dog r2 - robocat)
        (:goal (and (fed r2) (charged r2) (greeted tom r2) (greeted r2 tom))))`,
    );
    expect(opNames(task)).toEqual(['(charge r2)', '(feed r2)', '(greet r2 tom)', '(greet tom r2)']);
  });

  it('replaces atoms no operator changes by their initial value', () => {
    const task = ground(
      `(define (domain fixed) (:requirements :negative-preconditions)
        (:predicates (power) (broken) (on) (never))
        (:action fix :precondition (never) :effect (not (broken)))
        (:action switch :precondition (and (power) (not (broken))) :effect (on)))`,
      '(define (problem f) (:domain fixed) (:init (power)) (:goal (on)))',
    );
    // (power) is true and never deleted, (broken) is false and never added ((fix) can never apply).
    expect(opNames(task)).toEqual(['(switch)']);
    expect(task.operators[0].pre.pos).toHaveLength(0);
    expect(task.operators[0].pre.neg).toHaveLength(0);
  });

  it('evaluates costs from numbers, static function terms and arithmetic, or 1 each without a metric', () => {
    const domain = `(define (domain paid) (:requirements :typing :action-costs)
      (:types spot) (:predicates (at ?s - spot) (seen ?s - spot))
      (:functions (distance ?a ?b - spot) (total-cost))
      (:action go :parameters (?a ?b - spot) :precondition (at ?a)
        :effect (and (not (at ?a)) (at ?b) (seen ?b) (increase (total-cost) (+ 1 (* 2 (distance ?a ?b)))))))`;
    const problem = (metric: string) => `(define (problem q) (:domain paid) (:objects s1 s2 s3 - spot)
      (:init (at s1) (= (distance s1 s2) 4) (= (distance s2 s1) 4) (= (distance s2 s3) 1))
      (:goal (seen s3)) ${metric})`;
    const costed = ground(domain, problem('(:metric minimize (total-cost))'));
    const costs = Object.fromEntries(costed.operators.map((o) => [o.name, o.cost]));
    expect(costs['(go s1 s2)']).toBe(9);
    expect(costs['(go s2 s3)']).toBe(3);
    // Bindings whose cost uses an undefined value are dropped, with a warning.
    expect(costs['(go s1 s3)']).toBeUndefined();
    expect(
      costed.warnings.some((w) => /dropped \d+ instance\(s\) of action 'go'.*undefined function value/.test(w)),
    ).toBe(true);
    const unit = ground(domain, problem(''));
    expect(new Set(unit.operators.map((o) => o.cost))).toEqual(new Set([1]));
    expect(unit.operators.some((o) => o.name === '(go s1 s3)')).toBe(true);
  });

  it('grounds derived predicates into stratified axioms and evaluates them in the initial state', () => {
    const task = ground(
      `(define (domain tower) (:requirements :derived-predicates :negative-preconditions)
        (:predicates (on ?x ?y) (above ?x ?y) (top ?x) (clear ?x) (marked ?x))
        (:derived (above ?x ?y) (or (on ?x ?y) (exists (?z) (and (on ?x ?z) (above ?z ?y)))))
        (:derived (top ?x) (not (exists (?y) (above ?y ?x))))
        (:action unstack :parameters (?x ?y) :precondition (and (on ?x ?y) (top ?x))
          :effect (not (on ?x ?y)))
        (:action mark :parameters (?x) :precondition (top ?x) :effect (marked ?x)))`,
      `(define (problem t) (:domain tower) (:objects a b c) (:init (on a b) (on b c)) (:goal (marked c)))`,
    );
    expect(task.numFacts).toBeGreaterThan(task.numBasic);
    const aboveAC = factIndex(task, '(above a c)');
    expect(aboveAC).toBeGreaterThanOrEqual(task.numBasic);
    const init = describeState(task, task.init);
    expect(init).toContain('(above a c)');
    expect(init).toContain('(top a)');
    expect(init).not.toContain('(top c)');
    const topStratum = task.axioms.find((a) => task.factNames[a.head] === '(top c)')!.stratum;
    const aboveStratum = task.axioms.find((a) => task.factNames[a.head] === '(above a c)')!.stratum;
    expect(topStratum).toBeGreaterThan(aboveStratum);
    // After (unstack a b) only b sits above c: above is recomputed, and with it top.
    const unstack = task.operators.find((o) => o.name === '(unstack a b)')!;
    const next = new Uint32Array(task.words);
    applyOperator(task, unstack, task.init, next);
    const after = describeState(task, next);
    expect(after.filter((f) => f.startsWith('(above')).sort()).toEqual(['(above b c)']);
    expect(after.filter((f) => f.startsWith('(top')).sort()).toEqual(['(top a)', '(top b)']);
    const plan = search(task, { search: 'astar-hmax' });
    expect(plan.plan.map((o) => task.operators[o].name)).toEqual(['(unstack a b)', '(unstack b c)', '(mark c)']);
  });

  it('derives only matching atoms from a rule head that repeats a variable', () => {
    const task = ground(
      `(define (domain rep) (:requirements :derived-predicates)
        (:predicates (same ?a ?b) (self ?a) (done))
        (:derived (same ?x ?x) (self ?x))
        (:action finish :parameters (?a ?b) :precondition (same ?a ?b) :effect (done))
        (:action mark :parameters (?a) :effect (self ?a)))`,
      '(define (problem r) (:domain rep) (:objects u v) (:goal (done)))',
    );
    expect(task.factNames.filter((f) => f.startsWith('(same')).sort()).toEqual(['(same u u)', '(same v v)']);
    expect(
      opNames(task)
        .filter((n) => n.startsWith('(finish'))
        .sort(),
    ).toEqual(['(finish u u)', '(finish v v)']);
    expect(search(task, { search: 'astar-hmax' }).plan.map((o) => task.operators[o].name)).toEqual([
      '(mark u)',
      '(finish u u)',
    ]);
  });

  it('flags goals that grounding already proves impossible', () => {
    const task = ground(
      `(define (domain static) (:predicates (road ?a ?b) (at ?a))
        (:action go :parameters (?a ?b) :precondition (and (at ?a) (road ?a ?b)) :effect (and (at ?b) (not (at ?a)))))`,
      '(define (problem s) (:domain static) (:objects x y) (:init (at x)) (:goal (road y x)))',
    );
    expect(task.goalImpossible).toBe(true);
  });

  it('stops after reachability when the relaxed task never reaches the goal, with a task every search reads', () => {
    const task = ground(
      `(define (domain static) (:predicates (road ?a ?b) (at ?a))
        (:action go :parameters (?a ?b) :precondition (and (at ?a) (road ?a ?b)) :effect (and (at ?b) (not (at ?a)))))`,
      '(define (problem s) (:domain static) (:objects x y z) (:init (at x) (road x y)) (:goal (at z)))',
    );
    expect(task).toMatchObject({ goalImpossible: true, operators: [], numFacts: 0 });
    // (go x y) is reachable and counted, though never instantiated.
    expect(task.stats).toMatchObject({ reachableAtoms: 4, reachableActions: 1, operators: 0 });
    for (const config of ['lazy-gbfs-ff', 'astar-lmcut', 'astar-blind'] as const) {
      expect(search(task, { search: config }).status).toBe('unsolvable');
    }
  });

  it('keeps a large quantifier expansion whole while grounding and still finds contradictions and flat conditions', () => {
    // "nothing is anywhere" expands to twelve literals: each finish keeps it as one shared child instead of a copy.
    const objects = Array.from({ length: 12 }, (_, i) => `o${i + 1}`);
    const task = ground(
      `(define (domain spread) (:predicates (mark ?x) (at ?x) (done))
        (:action put :parameters (?x) :precondition (mark ?x) :effect (and (at ?x) (not (mark ?x))))
        (:action finish :parameters (?x) :precondition (and (mark ?x) (not (exists (?y) (at ?y)))) :effect (done))
        (:action clash :parameters (?x) :precondition (and (at ?x) (not (exists (?y) (at ?y)))) :effect (done)))`,
      `(define (problem s) (:domain spread) (:objects ${objects.join(' ')})
        (:init ${objects.map((o) => `(mark ${o})`).join(' ')}) (:goal (done)))`,
    );
    // (at x) and "nothing is at any place" contradict: no clash operator is left.
    expect(opNames(task).filter((n) => n.startsWith('(clash'))).toEqual([]);
    // The shared child is merged into the precondition: one flat conjunction, its literals in fact order.
    const finish = task.operators.find((o) => o.name === '(finish o3)')!;
    expect(finish.pre.trees).toEqual([]);
    expect(finish.pre.pos).toEqual([factIndex(task, '(mark o3)')]);
    expect(finish.pre.neg).toEqual(objects.map((o) => factIndex(task, `(at ${o})`)).sort((a, b) => a - b));
    expect(search(task, { search: 'lazy-gbfs-ff' }).plan.map((o) => task.operators[o].name)).toEqual(['(finish o1)']);
  });

  it('sorts operators by name so that results do not depend on grounding order', () => {
    const task = ground(ROAD_DOMAIN, ROAD_PROBLEM.replace('(road p1 p2) (road p2 p3)', '(road p2 p3) (road p1 p2)'));
    expect(opNames(task)).toEqual(['(drive t p1 p2)', '(drive t p2 p3)']);
  });

  it('grounds effects that depend on some parameters once, shares them, and applies them as written', () => {
    // Carrying: every move of the cart carries what is loaded. The carry effects depend on the destination (and
    // the origin for the deletes), not on both: with 40 items they are shared by the moves into (out of) a place.
    const items = Array.from({ length: 40 }, (_, i) => `i${i}`);
    const domainText = `(define (domain cart) (:requirements :typing :conditional-effects :universal-preconditions)
      (:types place item)
      (:predicates (cart ?p - place) (loaded ?x - item) (at ?x - item ?p - place) (road ?a ?b - place))
      (:action move :parameters (?a ?b - place) :precondition (and (cart ?a) (road ?a ?b))
        :effect (and (not (cart ?a)) (cart ?b)
          (forall (?x - item) (when (loaded ?x) (at ?x ?b)))
          (forall (?x - item) (when (loaded ?x) (not (at ?x ?a))))))
      (:action load :parameters (?x - item ?p - place) :precondition (and (cart ?p) (at ?x ?p))
        :effect (loaded ?x)))`;
    const roads = ['a b', 'b a', 'b c', 'c b', 'a c', 'c a'].map((r) => `(road ${r})`).join(' ');
    const problemText = `(define (problem c) (:domain cart) (:objects a b c - place ${items.join(' ')} - item)
      (:init (cart a) ${roads} ${items.map((x) => `(at ${x} a)`).join(' ')})
      (:goal (forall (?x - item) (at ?x c))))`;
    const task = ground(domainText, problemText);
    const moves = task.operators.filter((o) => o.action === 'move');
    expect(moves).toHaveLength(6);
    for (const move of moves) {
      // Each block: the cart's own move (unconditional) and the 40 items' conditional groups.
      expect(move.effects).toEqual([]);
      expect(move.shared.map((s) => s.groups.length)).toEqual([41, 41]);
      expect(move.shared.map((s) => s.groups[0].cond)).toEqual([null, null]);
    }
    // Into each place and out of each place: six blocks, each the same object in the two moves that use it.
    const into = (place: string) => moves.filter((m) => m.args[1] === place).map((m) => m.shared);
    expect(new Set(moves.flatMap((m) => m.shared.map((s) => s.id))).size).toBe(6);
    for (const place of ['a', 'b', 'c']) {
      const [first, second] = into(place);
      expect(first.some((s) => second.includes(s))).toBe(true);
    }
    const domain = parseDomain(domainText);
    const problem = parseProblem(problemText, domain);
    for (const config of ['lazy-gbfs-ff', 'gbfs-ff'] as const) {
      const result = plan(domain, problem, { search: config });
      expect(result.solved).toBe(true);
      expect(validatePlan(domain, problem, result.plan)).toMatchObject({ valid: true, goalReached: true });
      expect(result.length).toBe(41); // load 40, move to c
    }
  });

  it('stops grounding at the time limit', () => {
    const domain = parseDomain(ROAD_DOMAIN);
    const problem = parseProblem(ROAD_PROBLEM, domain);
    expect(() => groundTask(domain, problem, { deadline: performance.now() - 1 })).not.toThrow(); // few calls
    const big = parseProblem(
      `(define (problem big) (:domain road) (:objects ${Array.from({ length: 400 }, (_, i) => `p${i}`).join(' ')} - place t - vehicle)
        (:init (at t p0) ${Array.from({ length: 399 }, (_, i) => `(road p${i} p${i + 1})`).join(' ')}) (:goal (visited p399)))`,
      domain,
    );
    expect(() => groundTask(domain, big, { deadline: performance.now() - 1 })).toThrow(GroundingTimeLimit);
    expect(plan(domain, big, { timeLimitMs: 0 })).toMatchObject({ solved: false, status: 'time-limit' });
    expect(plan(domain, big, { timeLimitMs: 60_000 })).toMatchObject({ solved: true, length: 399 });
  });
});
