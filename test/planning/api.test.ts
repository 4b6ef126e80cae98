import { describe, expect, it } from 'vitest';
import {
  and,
  atom,
  defineProblem,
  exists,
  groundTask,
  not,
  parseDomain,
  plan,
  search,
  validatePlan,
} from '../../src/planning/index.js';
import { InputError } from '../../src/util/errors.js';
import { GRIPPER_DOMAIN } from './fixtures.js';

const KITCHEN = parseDomain(`(define (domain kitchen) (:requirements :typing :action-costs :negative-preconditions)
  (:types place item - object mug - item)
  (:predicates (at ?p - place) (on ?i - item ?p - place) (holding ?i - item) (hand-free) (clean ?m - mug))
  (:functions (distance ?a ?b - place) (total-cost))
  (:action go :parameters (?a ?b - place) :precondition (and (at ?a) (not (at ?b)))
    :effect (and (not (at ?a)) (at ?b) (increase (total-cost) (distance ?a ?b))))
  (:action take :parameters (?i - item ?p - place) :precondition (and (at ?p) (on ?i ?p) (hand-free))
    :effect (and (holding ?i) (not (on ?i ?p)) (not (hand-free)) (increase (total-cost) 1)))
  (:action put :parameters (?i - item ?p - place) :precondition (and (at ?p) (holding ?i))
    :effect (and (on ?i ?p) (hand-free) (not (holding ?i)) (increase (total-cost) 1)))
  (:action wash :parameters (?m - mug) :precondition (and (holding ?m) (at sink))
    :effect (and (clean ?m) (increase (total-cost) 2)))
  (:constants sink - place))`);

/** Distances between the given places (and the sink): 4 to or from the sink, 2 otherwise. */
function distances(...places: string[]) {
  const all = [...places, 'sink'];
  const out: { function: string; args: string[]; value: number }[] = [];
  for (const a of all) {
    for (const b of all)
      if (a !== b) out.push({ function: 'distance', args: [a, b], value: a === 'sink' || b === 'sink' ? 4 : 2 });
  }
  return out;
}

describe('building problems in code', () => {
  it('plans from objects, init tuples and goal literals without any PDDL text', () => {
    const problem = defineProblem(KITCHEN, {
      objects: { table: 'place', shelf: 'place', cup: 'mug' },
      init: [['at', 'table'], ['on', 'cup', 'table'], ['hand-free']],
      functions: distances('table', 'shelf'),
      goal: [
        ['on', 'cup', 'shelf'],
        ['clean', 'cup'],
      ],
    });
    expect(problem.minimizeCost).toBe(true);
    const result = plan(KITCHEN, problem, { search: 'astar-hmax' });
    expect(result.solved).toBe(true);
    // take (1), go table->sink (4), wash (2), go sink->shelf (4), put (1).
    expect(result.cost).toBe(12);
    expect(result.plan).toEqual([
      '(take cup table)',
      '(go table sink)',
      '(wash cup)',
      '(go sink shelf)',
      '(put cup shelf)',
    ]);
    expect(result.steps[0]).toEqual({ action: 'take', args: ['cup', 'table'] });
    expect(validatePlan(KITCHEN, problem, result.plan, { expectedCost: 12 }).valid).toBe(true);
  });

  it('reuses one parsed domain for many problems, with formula builders and negative goals', () => {
    for (const [start, target] of [
      ['table', 'shelf'],
      ['shelf', 'table'],
    ]) {
      const problem = defineProblem(KITCHEN, {
        objects: [
          { name: 'table', type: 'place' },
          { name: 'shelf', type: 'place' },
          { name: 'cup', type: 'mug' },
        ],
        init: [['at', start], ['on', 'cup', start], ['hand-free']],
        functions: distances('table', 'shelf'),
        goal: and(
          exists([['?p', 'place']], atom('on', 'cup', '?p')),
          not(atom('on', 'cup', start)),
          atom('at', target),
        ),
      });
      const result = plan(KITCHEN, problem);
      expect(result.solved).toBe(true);
      expect(validatePlan(KITCHEN, problem, result.plan, { expectedCost: result.cost }).valid).toBe(true);
    }
  });

  it('accepts a PDDL goal string and grounds once for several searches', () => {
    const problem = defineProblem(KITCHEN, {
      objects: { table: 'place', cup: 'mug' },
      init: [['at', 'table'], ['on', 'cup', 'table'], ['hand-free']],
      functions: distances('table'),
      goal: '(and (clean cup) (on cup sink))',
    });
    const task = groundTask(KITCHEN, problem);
    const optimal = search(task, { search: 'astar-hmax' });
    const greedy = search(task, { search: 'lazy-gbfs-ff' });
    expect(optimal.cost).toBe(8);
    expect(greedy.cost).toBeGreaterThanOrEqual(8);
  });

  it('uses unit costs when the domain has no action costs', () => {
    const gripper = parseDomain(GRIPPER_DOMAIN);
    const problem = defineProblem(gripper, {
      objects: ['a', 'b', 'l', 'x'].map((name) => ({ name })),
      init: [
        ['room', 'a'],
        ['room', 'b'],
        ['gripper', 'l'],
        ['ball', 'x'],
        ['at', 'x', 'a'],
        ['at-robby', 'a'],
        ['free', 'l'],
      ],
      goal: [['at', 'x', 'b']],
    });
    expect(problem.minimizeCost).toBe(false);
    expect(plan(gripper, problem).cost).toBe(3);
  });

  it('rejects unknown predicates, objects, types, arities and unbound variables with InputError', () => {
    const base = {
      objects: { table: 'place' },
      init: [['at', 'table']] as string[][],
      goal: [['at', 'table']] as string[][],
    };
    const fails = (spec: Partial<Parameters<typeof defineProblem>[1]>, message: RegExp) => {
      expect(() => defineProblem(KITCHEN, { ...base, ...spec })).toThrow(InputError);
      expect(() => defineProblem(KITCHEN, { ...base, ...spec })).toThrow(message);
    };
    fails({ init: [['isVisible', 'table']] }, /unknown predicate 'isVisible'/);
    fails({ init: [['at', 'attic']] }, /unknown object 'attic'/);
    fails({ init: [['at', 'table', 'table']] }, /takes 1 argument\(s\)/);
    fails({ objects: { table: 'room' } }, /unknown type 'room'/);
    fails({ goal: [['at', 'attic']] }, /unknown object 'attic'/);
    fails({ goal: atom('at', '?p') }, /unbound variable \?p/);
    fails({ goal: [['dirty', 'table']] }, /unknown predicate 'dirty'/);
    fails({ functions: [{ function: 'speed', args: [], value: 1 }] }, /unknown function 'speed'/);
    fails(
      { functions: [{ function: 'distance', args: ['table'], value: 1 }] },
      /function 'distance' takes 2 argument\(s\)/,
    );
    fails({ goal: '(at table) (at table)' }, /<goal>:1:1: expected exactly one goal condition/);
    fails({ goal: '(at attic)' }, /<goal>:1:5: unknown object 'attic'/);
    const derived = parseDomain(`(define (domain dd) (:requirements :derived-predicates)
      (:predicates (p) (q)) (:derived (q) (p)) (:action a :effect (p)))`);
    expect(() => defineProblem(derived, { objects: {}, init: [['q']], goal: [['q']] })).toThrow(
      /derived predicate and cannot be set/,
    );
  });

  it('in lenient mode drops init atoms with unknown predicates or objects and lists them', () => {
    const problem = defineProblem(KITCHEN, {
      objects: { table: 'place' },
      init: [
        ['at', 'table'],
        ['isVisible', 'table'],
        ['on', 'ghost', 'table'],
      ],
      goal: [['at', 'table']],
      lenient: true,
    });
    expect(problem.init).toEqual([{ predicate: 'at', args: ['table'] }]);
    expect(problem.warnings).toEqual([
      "dropped 1 init fact(s) with undeclared predicate 'isVisible'",
      "dropped 1 init fact(s) naming undeclared object 'ghost'",
    ]);
  });
});
