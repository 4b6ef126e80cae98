/** Small PDDL domains and problems shared by the planning tests, each small enough to check by hand. */
import { groundTask } from '../../src/planning/grounding/ground.js';
import { parseDomain } from '../../src/planning/pddl/parse-domain.js';
import { parseProblem } from '../../src/planning/pddl/parse-problem.js';
import type { GroundTask } from '../../src/planning/task.js';

export function ground(domainText: string, problemText: string): ReturnType<typeof groundTask> {
  const domain = parseDomain(domainText);
  return groundTask(domain, parseProblem(problemText, domain));
}

export function opNames(task: GroundTask): string[] {
  return task.operators.map((o) => o.name);
}

export function factIndex(task: GroundTask, name: string): number {
  const i = task.factNames.indexOf(name);
  if (i < 0) throw new Error(`no fact ${name} in ${task.factNames.join(', ')}`);
  return i;
}

/** A state of `task` with exactly the named basic facts true. */
export function stateOf(task: GroundTask, names: string[]): Uint32Array {
  const s = new Uint32Array(task.words);
  for (const n of names) {
    const f = factIndex(task, n);
    s[f >>> 5] |= 1 << (f & 31);
  }
  return s;
}

/** Roads between places; a vehicle drives along them and marks places visited. */
export const ROAD_DOMAIN = `(define (domain road)
  (:requirements :typing)
  (:types place vehicle)
  (:predicates (road ?a ?b - place) (at ?v - vehicle ?p - place) (visited ?p - place))
  (:action drive :parameters (?v - vehicle ?a ?b - place)
    :precondition (and (at ?v ?a) (road ?a ?b))
    :effect (and (not (at ?v ?a)) (at ?v ?b) (visited ?b))))`;

export const ROAD_PROBLEM = `(define (problem r1) (:domain road)
  (:objects p1 p2 p3 p4 - place t - vehicle)
  (:init (at t p1) (road p1 p2) (road p2 p3) (road p4 p1))
  (:goal (visited p3)))`;

/**
 * Weighted actions over 0-ary facts, for heuristic values computed by hand:
 *   o0: a -> e (3)   o1: e -> b (1)   o2: e -> c (1)   o3: b, c -> g (1)   o5: a -> g (10)
 * and `waste`, which deletes a (so that a is a fact, and states without it are dead ends).
 */
export const CHAIN_DOMAIN = `(define (domain chain)
  (:requirements :action-costs)
  (:predicates (a) (b) (c) (e) (g))
  (:functions (total-cost))
  (:action o0 :precondition (a) :effect (and (e) (increase (total-cost) 3)))
  (:action o1 :precondition (e) :effect (and (b) (increase (total-cost) 1)))
  (:action o2 :precondition (e) :effect (and (c) (increase (total-cost) 1)))
  (:action o3 :precondition (and (b) (c)) :effect (and (g) (increase (total-cost) 1)))
  (:action o5 :precondition (a) :effect (and (g) (increase (total-cost) 10)))
  (:action waste :precondition (a) :effect (and (not (a)) (increase (total-cost) 2))))`;

export const CHAIN_PROBLEM = `(define (problem c1) (:domain chain)
  (:init (a)) (:goal (g)) (:metric minimize (total-cost)))`;

/** A one-way trap: the goal is reachable in the delete relaxation but not in reality. */
export const TRAP_DOMAIN = `(define (domain trap)
  (:predicates (can-a) (a) (b))
  (:action make-a :precondition (can-a) :effect (and (a) (not (can-a))))
  (:action make-b :precondition (a) :effect (and (b) (not (a)))))`;

export const TRAP_PROBLEM = `(define (problem t1) (:domain trap) (:init (can-a)) (:goal (and (a) (b))))`;

/** Gripper with n balls: a standard small benchmark whose optimum is known in closed form. */
export const GRIPPER_DOMAIN = `(define (domain gripper-strips)
  (:predicates (room ?r) (ball ?b) (gripper ?g) (at-robby ?r) (at ?b ?r) (free ?g) (carry ?o ?g))
  (:action move :parameters (?from ?to)
    :precondition (and (room ?from) (room ?to) (at-robby ?from))
    :effect (and (at-robby ?to) (not (at-robby ?from))))
  (:action pick :parameters (?obj ?room ?gripper)
    :precondition (and (ball ?obj) (room ?room) (gripper ?gripper) (at ?obj ?room) (at-robby ?room) (free ?gripper))
    :effect (and (carry ?obj ?gripper) (not (at ?obj ?room)) (not (free ?gripper))))
  (:action drop :parameters (?obj ?room ?gripper)
    :precondition (and (ball ?obj) (room ?room) (gripper ?gripper) (carry ?obj ?gripper) (at-robby ?room))
    :effect (and (at ?obj ?room) (free ?gripper) (not (carry ?obj ?gripper)))))`;

export function gripperProblem(balls: number): string {
  const names = Array.from({ length: balls }, (_, i) => `ball${i + 1}`);
  return `(define (problem g${balls}) (:domain gripper-strips)
    (:objects rooma roomb left right ${names.join(' ')})
    (:init (room rooma) (room roomb) (gripper left) (gripper right) (at-robby rooma) (free left) (free right)
      ${names.map((b) => `(ball ${b}) (at ${b} rooma)`).join(' ')})
    (:goal (and ${names.map((b) => `(at ${b} roomb)`).join(' ')})))`;
}

/** Optimal gripper plan length: 4 steps per pair of balls (+2 moves between trips), per the known formula. */
export function gripperOptimum(balls: number): number {
  const trips = Math.ceil(balls / 2);
  return balls * 2 + trips + (trips - 1);
}
