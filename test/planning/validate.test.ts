import { describe, expect, it } from 'vitest';
import { parseDomain } from '../../src/planning/pddl/parse-domain.js';
import { parseProblem } from '../../src/planning/pddl/parse-problem.js';
import { parseStep, validatePlan } from '../../src/planning/validate.js';
import { GRIPPER_DOMAIN, gripperProblem } from './fixtures.js';

const gripper = parseDomain(GRIPPER_DOMAIN);
const twoBalls = parseProblem(gripperProblem(2), gripper);
const GOOD = [
  '(pick ball1 rooma left)',
  '(pick ball2 rooma right)',
  '(move rooma roomb)',
  '(drop ball1 roomb left)',
  '(drop ball2 roomb right)',
];

describe('validatePlan', () => {
  it('accepts a correct plan and reports its cost (1 per step without a metric)', () => {
    expect(validatePlan(gripper, twoBalls, GOOD)).toEqual({ valid: true, cost: 5, executed: 5, goalReached: true });
    expect(
      validatePlan(
        gripper,
        twoBalls,
        GOOD.map((s) => s.toUpperCase()),
      ),
    ).toMatchObject({ valid: true });
    expect(
      validatePlan(
        gripper,
        twoBalls,
        GOOD.map((s) => parseStep(s)!),
      ),
    ).toMatchObject({ valid: true });
  });

  it('catches a step whose precondition does not hold, naming the step', () => {
    const bad = ['(pick ball1 rooma left)', '(pick ball2 rooma left)', ...GOOD.slice(2)];
    const result = validatePlan(gripper, twoBalls, bad);
    expect(result.valid).toBe(false);
    expect(result.executed).toBe(1);
    expect(result.error).toBe('step 2 (pick ball2 rooma left): precondition does not hold');
  });

  it('catches plans that do not reach the goal', () => {
    const result = validatePlan(gripper, twoBalls, GOOD.slice(0, 4));
    expect(result).toMatchObject({ valid: false, goalReached: false, executed: 4 });
    expect(result.error).toMatch(/goal does not hold/);
  });

  it('catches unknown actions and objects, wrong arities, malformed steps and a wrong claimed cost', () => {
    expect(validatePlan(gripper, twoBalls, ['(fly rooma)']).error).toMatch(/step 1 .*unknown action 'fly'/);
    expect(validatePlan(gripper, twoBalls, ['(move rooma)']).error).toMatch(/'move' takes 2 argument\(s\), got 1/);
    expect(validatePlan(gripper, twoBalls, ['(move rooma attic)']).error).toMatch(/unknown object 'attic'/);
    expect(validatePlan(gripper, twoBalls, ['(move (rooma) roomb)']).error).toMatch(/not of the form/);
    expect(validatePlan(gripper, twoBalls, GOOD, { expectedCost: 4 }).error).toMatch(/costs 5, not the claimed 4/);
  });

  it('checks argument types against typed parameters', () => {
    const domain = parseDomain(`(define (domain t) (:requirements :typing) (:types ball room)
      (:predicates (at ?b - ball ?r - room)) (:action put :parameters (?b - ball ?r - room) :effect (at ?b ?r)))`);
    const problem = parseProblem(
      '(define (problem p) (:domain t) (:objects b - ball r - room) (:goal (at b r)))',
      domain,
    );
    expect(validatePlan(domain, problem, ['(put b r)']).valid).toBe(true);
    expect(validatePlan(domain, problem, ['(put r b)']).error).toMatch(/'r' is not of type ball/);
  });

  it('applies conditional effects from the state before the step, deletes before adds, and sums costs', () => {
    const domain =
      parseDomain(`(define (domain flip) (:requirements :conditional-effects :negative-preconditions :action-costs)
      (:predicates (on) (here ?x) (done)) (:functions (total-cost) (price ?x))
      (:action flip :effect (and (when (on) (not (on))) (when (not (on)) (on)) (increase (total-cost) 2)))
      (:action stay :parameters (?x) :precondition (here ?x)
        :effect (and (not (here ?x)) (here ?x) (done) (increase (total-cost) (price ?x)))))`);
    const problem = parseProblem(
      `(define (problem p) (:domain flip) (:objects a) (:init (here a) (= (price a) 5))
        (:goal (and (on) (here a) (done))) (:metric minimize (total-cost)))`,
      domain,
    );
    expect(validatePlan(domain, problem, ['(flip)', '(stay a)'])).toEqual({
      valid: true,
      cost: 7,
      executed: 2,
      goalReached: true,
    });
    // Two flips turn it off again.
    expect(validatePlan(domain, problem, ['(flip)', '(flip)', '(stay a)']).valid).toBe(false);
  });

  it('evaluates derived predicates after every step', () => {
    const domain = parseDomain(`(define (domain d) (:requirements :derived-predicates :negative-preconditions)
      (:predicates (on ?x ?y) (clear ?x) (holding ?x))
      (:derived (clear ?x) (and (not (holding ?x)) (not (exists (?y) (on ?y ?x)))))
      (:action take :parameters (?x ?y) :precondition (and (on ?x ?y) (clear ?x)) :effect (and (holding ?x) (not (on ?x ?y)))))`);
    const problem = parseProblem(
      '(define (problem p) (:domain d) (:objects a b c) (:init (on a b) (on b c)) (:goal (clear c)))',
      domain,
    );
    expect(validatePlan(domain, problem, ['(take b c)']).error).toMatch(/step 1 .*precondition/);
    expect(validatePlan(domain, problem, ['(take a b)', '(take b c)']).valid).toBe(true);
  });
});
