import { describe, expect, it } from 'vitest';
import { BlindHeuristic } from '../../src/planning/heuristics/blind.js';
import { FFHeuristic } from '../../src/planning/heuristics/ff.js';
import { AdditiveHeuristic, MaxHeuristic } from '../../src/planning/heuristics/hmax-hadd.js';
import { LandmarkCutHeuristic } from '../../src/planning/heuristics/lmcut.js';
import { CHAIN_DOMAIN, CHAIN_PROBLEM, ground, stateOf, TRAP_DOMAIN, TRAP_PROBLEM } from './fixtures.js';

describe('relaxation heuristics on hand-checked tasks', () => {
  // Chain task (see fixtures): o0: a->e (3), o1: e->b (1), o2: e->c (1), o3: b,c->g (1), o5: a->g (10); init {a}.
  const task = ground(CHAIN_DOMAIN, CHAIN_PROBLEM);
  const name = (o: number) => task.operators[o].name;

  it('h^max: e=3, b=c=4, g=min(max(4,4)+1, 0+10)=5', () => {
    expect(new MaxHeuristic(task).evaluate(task.init)).toBe(5);
  });

  it('h^add: e=3, b=c=4, g=min(4+4+1, 0+10)=9', () => {
    expect(new AdditiveHeuristic(task).evaluate(task.init)).toBe(9);
  });

  it('h^FF: the relaxed plan {o0, o1, o2, o3} counts the shared o0 once: 3+1+1+1=6', () => {
    const preferred: number[] = [];
    expect(new FFHeuristic(task).evaluate(task.init, preferred)).toBe(6);
    // Only o0 of the relaxed plan is applicable in the state: it is the preferred operator.
    expect(preferred.map(name)).toEqual(['(o0)']);
  });

  it('values from an intermediate state {a, e, b}: h^max 2, h^add 2, h^FF 2', () => {
    // c = 0+1 = 1 (via o2), g = max(0, 1) + 1 = 2 (h^max) or 0 + 1 + 1 = 2 (h^add); relaxed plan {o2, o3}.
    const s = stateOf(task, ['(a)', '(e)', '(b)']);
    expect(new MaxHeuristic(task).evaluate(s)).toBe(2);
    expect(new AdditiveHeuristic(task).evaluate(s)).toBe(2);
    const preferred: number[] = [];
    expect(new FFHeuristic(task).evaluate(s, preferred)).toBe(2);
    expect(preferred.map(name)).toEqual(['(o2)']);
  });

  it('is 0 in goal states, and blind is the cheapest operator cost elsewhere', () => {
    const goal = stateOf(task, ['(g)']);
    expect(new MaxHeuristic(task).evaluate(goal)).toBe(0);
    expect(new AdditiveHeuristic(task).evaluate(goal)).toBe(0);
    expect(new FFHeuristic(task).evaluate(goal)).toBe(0);
    expect(new BlindHeuristic(task).evaluate(goal)).toBe(0);
    expect(new BlindHeuristic(task).evaluate(task.init)).toBe(1);
  });

  it('LM-cut: four cuts reach h* = 6 where h^max is 5, one evaluator reused across states', () => {
    // Cuts from {a}: {o3, o5} (1), then the o3 supporter's achiever with o5 (1), the other one with o5 (1; o3's
    // supporter moves from the charged side to the other, a supporter the incremental update re-chooses), then
    // {o0, o5} (3): 1 + 1 + 1 + 3, the optimal plan o0 o1 o2 o3.
    const lmcut = new LandmarkCutHeuristic(task);
    expect(lmcut.evaluate(task.init)).toBe(6);
    // From {a, e, b}: cuts {o3, o5} (1) and {o2, o5} (1): 2, h*.
    expect(lmcut.evaluate(stateOf(task, ['(a)', '(e)', '(b)']))).toBe(2);
    expect(lmcut.evaluate(stateOf(task, ['(g)']))).toBe(0);
    expect(lmcut.evaluate(stateOf(task, []))).toBe(Number.POSITIVE_INFINITY);
    // The buffers it keeps between evaluations leave nothing behind: the first value again.
    expect(lmcut.evaluate(task.init)).toBe(6);
  });

  it('reports dead ends as Infinity', () => {
    const empty = stateOf(task, []);
    expect(new MaxHeuristic(task).evaluate(empty)).toBe(Number.POSITIVE_INFINITY);
    expect(new AdditiveHeuristic(task).evaluate(empty)).toBe(Number.POSITIVE_INFINITY);
    expect(new FFHeuristic(task).evaluate(empty)).toBe(Number.POSITIVE_INFINITY);
  });

  it('counts reaching a negative condition: (not (a)) needs make-b, which deletes a', () => {
    // Goal (b) and (not (can-a)) after the trap; from {can-a}: make-a (1) gives a, make-b (1) gives b and not-a.
    const trap = ground(TRAP_DOMAIN, TRAP_PROBLEM.replace('(:goal (and (a) (b)))', '(:goal (and (b) (not (a))))'));
    // not-a is true initially (a is false), b needs make-a then make-b: h^max = 2, h^add = 2, h^FF = 2.
    expect(new MaxHeuristic(trap).evaluate(trap.init)).toBe(2);
    expect(new AdditiveHeuristic(trap).evaluate(trap.init)).toBe(2);
    expect(new FFHeuristic(trap).evaluate(trap.init)).toBe(2);
    // From {a}: not-a needs make-b (1), b needs make-b (1): both 1.
    const s = stateOf(trap, ['(a)']);
    expect(new MaxHeuristic(trap).evaluate(s)).toBe(1);
    expect(new AdditiveHeuristic(trap).evaluate(s)).toBe(2);
    expect(new FFHeuristic(trap).evaluate(s)).toBe(1);
  });

  it('adds effect conditions to the cost of conditional effects', () => {
    const t = ground(
      `(define (domain cond) (:requirements :conditional-effects :action-costs)
        (:predicates (key) (door) (prize)) (:functions (total-cost))
        (:action get-key :effect (and (key) (increase (total-cost) 4)))
        (:action open :effect (and (door) (when (key) (prize)) (increase (total-cost) 1))))`,
      '(define (problem c) (:domain cond) (:goal (prize)) (:metric minimize (total-cost)))',
    );
    // prize via open's conditional effect: cost(open) + cost(key) = 1 + 4.
    expect(new MaxHeuristic(t).evaluate(t.init)).toBe(5);
    expect(new AdditiveHeuristic(t).evaluate(t.init)).toBe(5);
    expect(new FFHeuristic(t).evaluate(t.init)).toBe(5);
  });

  it('treats a disjunctive precondition as reachable by its cheapest disjunct', () => {
    const t = ground(
      `(define (domain either) (:requirements :disjunctive-preconditions :action-costs)
        (:predicates (p) (q) (g)) (:functions (total-cost))
        (:action make-p :effect (and (p) (increase (total-cost) 7)))
        (:action make-q :effect (and (q) (increase (total-cost) 2)))
        (:action finish :precondition (or (p) (q)) :effect (and (g) (increase (total-cost) 1))))`,
      '(define (problem e) (:domain either) (:goal (g)) (:metric minimize (total-cost)))',
    );
    expect(new MaxHeuristic(t).evaluate(t.init)).toBe(3);
    expect(new AdditiveHeuristic(t).evaluate(t.init)).toBe(3);
    const preferred: number[] = [];
    expect(new FFHeuristic(t).evaluate(t.init, preferred)).toBe(3);
    expect(preferred.map((o) => t.operators[o].name)).toEqual(['(make-q)']);
    // Once q holds, finish is applicable through the disjunction and is preferred.
    const s = stateOf(t, ['(q)']);
    const preferredThen: number[] = [];
    expect(new FFHeuristic(t).evaluate(s, preferredThen)).toBe(1);
    expect(preferredThen.map((o) => t.operators[o].name)).toEqual(['(finish)']);
  });

  it('handles a disjunctive goal together with other goal literals', () => {
    const t = ground(
      `(define (domain either) (:requirements :disjunctive-preconditions :action-costs)
        (:predicates (p) (q) (r)) (:functions (total-cost))
        (:action make-p :effect (and (p) (increase (total-cost) 7)))
        (:action make-q :effect (and (q) (increase (total-cost) 2)))
        (:action make-r :effect (and (r) (increase (total-cost) 1))))`,
      '(define (problem e) (:domain either) (:goal (and (r) (or (p) (q)))) (:metric minimize (total-cost)))',
    );
    expect(t.goal.trees).toHaveLength(1);
    // r costs 1, the disjunction min(7, 2) = 2: h^max = 2, h^add = h^FF = 3.
    expect(new MaxHeuristic(t).evaluate(t.init)).toBe(2);
    expect(new AdditiveHeuristic(t).evaluate(t.init)).toBe(3);
    expect(new FFHeuristic(t).evaluate(t.init)).toBe(3);
  });
});
