import { describe, expect, it } from 'vitest';
import { parseDomain } from '../../src/planning/pddl/parse-domain.js';
import { parseProblem } from '../../src/planning/pddl/parse-problem.js';
import { plan } from '../../src/planning/plan.js';
import { eliminateRedundantActions } from '../../src/planning/search/action-elimination.js';
import { improvePlan } from '../../src/planning/search/anytime.js';
import { SEARCH_CONFIGS, search } from '../../src/planning/search/index.js';
import { neighbourhoodSearch } from '../../src/planning/search/neighbourhood.js';
import { validatePlan } from '../../src/planning/validate.js';
import {
  CHAIN_DOMAIN,
  CHAIN_PROBLEM,
  GRIPPER_DOMAIN,
  gripperOptimum,
  gripperProblem,
  ground,
  TRAP_DOMAIN,
  TRAP_PROBLEM,
} from './fixtures.js';

/** A weighted road map: s-a 1, a-t 5, s-b 2, b-t 2; the cheapest route s->b->t costs 4. */
const MAP_DOMAIN = `(define (domain map) (:requirements :typing :action-costs)
  (:types node) (:predicates (at ?n - node) (edge ?a ?b - node))
  (:functions (len ?a ?b - node) (total-cost))
  (:action go :parameters (?a ?b - node) :precondition (and (at ?a) (edge ?a ?b))
    :effect (and (not (at ?a)) (at ?b) (increase (total-cost) (len ?a ?b)))))`;
const MAP_PROBLEM = `(define (problem m) (:domain map) (:objects s a b t - node)
  (:init (at s) (edge s a) (edge a t) (edge s b) (edge b t)
    (= (len s a) 1) (= (len a t) 5) (= (len s b) 2) (= (len b t) 2))
  (:goal (at t)) (:metric minimize (total-cost)))`;

describe('search', () => {
  it.each(SEARCH_CONFIGS)('%s solves gripper with a valid plan', (config) => {
    const domain = parseDomain(GRIPPER_DOMAIN);
    const problem = parseProblem(gripperProblem(4), domain);
    const result = plan(domain, problem, { search: config });
    expect(result.solved).toBe(true);
    const check = validatePlan(domain, problem, result.plan, { expectedCost: result.cost });
    expect(check).toMatchObject({ valid: true, goalReached: true });
    if (config === 'astar-hmax' || config === 'astar-blind') expect(result.length).toBe(gripperOptimum(4));
    expect(result.length).toBeGreaterThanOrEqual(gripperOptimum(4));
  });

  it('A* finds the cheapest route by action cost, not the shortest', () => {
    const task = ground(MAP_DOMAIN, MAP_PROBLEM);
    for (const config of ['astar-hmax', 'astar-blind', 'astar-hadd'] as const) {
      const result = search(task, { search: config });
      expect(result.status).toBe('solved');
      expect(result.cost).toBe(4);
      expect(result.plan.map((o) => task.operators[o].name)).toEqual(['(go s b)', '(go b t)']);
    }
  });

  it('A* with h^max is optimal on the chain task (6 via o0..o3, not 10 via o5)', () => {
    const task = ground(CHAIN_DOMAIN, CHAIN_PROBLEM);
    const result = search(task, { search: 'astar-hmax' });
    expect(result.cost).toBe(6);
    expect(result.plan).toHaveLength(4);
  });

  it('returns the empty plan when the goal already holds', () => {
    const task = ground(CHAIN_DOMAIN, CHAIN_PROBLEM.replace('(:init (a))', '(:init (a) (g))'));
    for (const config of SEARCH_CONFIGS) {
      const result = search(task, { search: config });
      expect(result).toMatchObject({ status: 'solved', plan: [], cost: 0 });
    }
  });

  it('unit costs apply when the problem has no metric', () => {
    const task = ground(CHAIN_DOMAIN, CHAIN_PROBLEM.replace('(:metric minimize (total-cost))', ''));
    const result = search(task, { search: 'astar-hmax' });
    expect(result.cost).toBe(1);
    expect(result.plan.map((o) => task.operators[o].name)).toEqual(['(o5)']);
  });

  it.each(SEARCH_CONFIGS)('%s proves a relaxed-solvable but unsolvable task unsolvable', (config) => {
    const task = ground(TRAP_DOMAIN, TRAP_PROBLEM);
    const result = search(task, { search: config });
    expect(result.status).toBe('unsolvable');
    expect(result.plan).toEqual([]);
    // The space is {can-a}, {a}, {b}: every search sees it all before giving up.
    expect(result.expanded).toBeGreaterThanOrEqual(2);
  });

  it('reports unsolvable at once when the goal is relaxed-unreachable or impossible', () => {
    const unreachable = ground(TRAP_DOMAIN, TRAP_PROBLEM.replace('(:init (can-a))', '(:init)'));
    for (const config of SEARCH_CONFIGS) {
      const result = search(unreachable, { search: config });
      expect(result.status).toBe('unsolvable');
    }
  });

  it('stops at the state limit and at the time limit', () => {
    const task = ground(GRIPPER_DOMAIN, gripperProblem(6));
    expect(search(task, { search: 'astar-blind', maxStates: 20 }).status).toBe('state-limit');
    expect(search(task, { search: 'lazy-gbfs-ff', maxStates: 5 }).status).toBe('state-limit');
    expect(search(task, { search: 'astar-blind', timeLimitMs: 0 }).status).toBe('time-limit');
  });

  it('is deterministic: the same task gives the same plan and counts', () => {
    const task = ground(GRIPPER_DOMAIN, gripperProblem(6));
    const a = search(task);
    const b = search(ground(GRIPPER_DOMAIN, gripperProblem(6)));
    expect(b).toEqual(a);
  });

  it('greedy action elimination removes steps that do not help', () => {
    const task = ground(GRIPPER_DOMAIN, gripperProblem(2));
    const optimal = search(task, { search: 'astar-hmax' });
    expect(optimal.plan).toHaveLength(gripperOptimum(2));
    const op = (name: string) => task.operators.findIndex((o) => o.name === name);
    // A detour at the start, and a pointless pick/drop in the middle.
    const padded = [
      op('(move rooma roomb)'),
      op('(move roomb rooma)'),
      ...optimal.plan.slice(0, 2),
      op('(drop ball1 rooma left)'),
      op('(pick ball1 rooma left)'),
      ...optimal.plan.slice(2),
    ];
    expect(padded.every((o) => o >= 0)).toBe(true);
    const cleaned = eliminateRedundantActions(task, padded);
    expect(cleaned).toHaveLength(gripperOptimum(2));
    const domain = parseDomain(GRIPPER_DOMAIN);
    const names = cleaned.map((o) => task.operators[o].name);
    expect(validatePlan(domain, parseProblem(gripperProblem(2), domain), names).valid).toBe(true);
    // Nothing to remove from an optimal plan.
    expect(eliminateRedundantActions(task, optimal.plan)).toEqual(optimal.plan);
  });

  it('plan neighbourhood search finds the cheaper route next to a plan, and the optimum when it covers the space', () => {
    const map = ground(MAP_DOMAIN, MAP_PROBLEM);
    const via = (names: string[]) => names.map((n) => map.operators.findIndex((o) => o.name === n));
    const far = neighbourhoodSearch(map, via(['(go s a)', '(go a t)']), 1000, Number.POSITIVE_INFINITY)!;
    expect(far.cost).toBe(4);
    expect(far.plan.map((o) => map.operators[o].name)).toEqual(['(go s b)', '(go b t)']);
    // Gripper with 6 balls: the greedy plan is longer than the optimum; a neighbourhood holding every state is
    // searched exhaustively, so its plan is optimal, and improvePlan keeps it.
    const task = ground(GRIPPER_DOMAIN, gripperProblem(6));
    const first = search(task, { search: 'gbfs-ff' });
    expect(first.cost).toBeGreaterThan(gripperOptimum(6));
    const whole = neighbourhoodSearch(task, first.plan, 1_000_000, Number.POSITIVE_INFINITY)!;
    expect(whole.states).toBeLessThan(1_000_000);
    expect(whole.cost).toBe(gripperOptimum(6));
    const improved = improvePlan(task, first.plan, { deadline: performance.now() + 10_000 });
    expect(improved.cost).toBe(gripperOptimum(6));
    expect(improved.improvements).toBeGreaterThan(0);
    const domain = parseDomain(GRIPPER_DOMAIN);
    const names = improved.plan.map((o) => task.operators[o].name);
    expect(validatePlan(domain, parseProblem(gripperProblem(6), domain), names).valid).toBe(true);
  });
});
