/**
 * Random small ADL tasks, cross-checked: the optimal searches agree on the cost, every configuration agrees on
 * solvability, greedy plans are never cheaper than the optimum, and every plan replays in the independent
 * validator with the reported cost. Seeded, so the tasks are the same on every run.
 */
import { describe, expect, it } from 'vitest';
import { parseDomain } from '../../src/planning/pddl/parse-domain.js';
import { parseProblem } from '../../src/planning/pddl/parse-problem.js';
import { plan } from '../../src/planning/plan.js';
import { SEARCH_CONFIGS } from '../../src/planning/search/index.js';
import { validatePlan } from '../../src/planning/validate.js';
import { Rng } from '../../src/util/rng.js';

const OBJECTS = ['o0', 'o1', 'o2'];

/** A random literal; `derived` allows the derived predicates d and r (which effects must not change). */
function literal(rng: Rng, variable: string | null, derived = false): string {
  const arg = variable ?? rng.pick(OBJECTS);
  const roll = rng.int(10);
  const atom =
    roll < 3
      ? `(q${rng.int(2)})`
      : derived && roll === 9
        ? `(${rng.pick(['d', 'r'])} ${arg})`
        : `(p${rng.int(3)} ${arg})`;
  return rng.bool(0.3) ? `(not ${atom})` : atom;
}

function randomTask(rng: Rng): { domain: string; problem: string } {
  const actions: string[] = [];
  for (let a = 0; a < 4; a++) {
    const withParam = rng.bool(0.6);
    const v = withParam ? '?x' : null;
    const pre: string[] = [];
    for (let i = rng.int(3); i >= 0; i--) pre.push(literal(rng, v, true));
    if (rng.bool(0.3)) pre.push(`(or ${literal(rng, v, true)} ${literal(rng, v)})`);
    if (rng.bool(0.2)) pre.push(`(exists (?z) ${literal(rng, '?z', true)})`);
    const eff: string[] = [];
    for (let i = 1 + rng.int(2); i >= 0; i--) eff.push(literal(rng, v));
    if (rng.bool(0.4)) eff.push(`(when ${literal(rng, v, true)} ${literal(rng, v)})`);
    if (rng.bool(0.3)) eff.push(`(forall (?y) (when ${literal(rng, '?y', true)} ${literal(rng, '?y')}))`);
    eff.push(`(increase (total-cost) ${1 + rng.int(5)})`);
    actions.push(
      `(:action a${a} :parameters (${v ?? ''}) :precondition (and ${pre.join(' ')}) :effect (and ${eff.join(' ')}))`,
    );
  }
  const domain = `(define (domain rnd) (:requirements :adl :action-costs) (:constants ${OBJECTS.join(' ')})
    (:predicates (p0 ?x) (p1 ?x) (p2 ?x) (q0) (q1) (d ?x) (r ?x)) (:functions (total-cost))
    (:derived (d ?x) (or (p0 ?x) (and (p1 ?x) (q1))))
    (:derived (r ?x) (or (and (p2 ?x) (not (d ?x))) (exists (?y) (and (p0 ?y) (r ?y)))))
    ${actions.join('\n')})`;
  const init = OBJECTS.flatMap((o) => [0, 1, 2].filter(() => rng.bool(0.3)).map((p) => `(p${p} ${o})`));
  if (rng.bool(0.5)) init.push('(q0)');
  const goal = [literal(rng, null, true), literal(rng, null)];
  const problem = `(define (problem r) (:domain rnd)
    (:init ${init.join(' ')}) (:goal (and ${goal.join(' ')})) (:metric minimize (total-cost)))`;
  return { domain, problem };
}

describe('random ADL tasks', () => {
  const rng = new Rng('planner-random-tasks');
  const tasks = Array.from({ length: 200 }, () => randomTask(rng));

  it('all configurations agree on solvability, optimal ones on cost, and every plan validates', () => {
    let solvable = 0;
    for (const { domain: dText, problem: pText } of tasks) {
      const domain = parseDomain(dText);
      const problem = parseProblem(pText, domain);
      const results = Object.fromEntries(SEARCH_CONFIGS.map((c) => [c, plan(domain, problem, { search: c })]));
      const optimal = results['astar-blind'];
      expect(optimal.status === 'solved' || optimal.status === 'unsolvable').toBe(true);
      if (optimal.solved) solvable++;
      for (const config of SEARCH_CONFIGS) {
        const r = results[config];
        expect(r.status, `${config} on\n${dText}\n${pText}`).toBe(optimal.status);
        if (!r.solved) continue;
        const check = validatePlan(domain, problem, r.plan, { expectedCost: r.cost });
        expect(check.error, `${config} plan ${r.plan.join(' ')}`).toBeUndefined();
        expect(r.cost).toBeGreaterThanOrEqual(optimal.cost);
      }
      expect(results['astar-hmax'].cost).toBe(optimal.cost);
      expect(results['astar-lmcut'].cost).toBe(optimal.cost);
    }
    // The generator must produce both kinds of task for the check to mean anything.
    expect(solvable).toBeGreaterThan(40);
    expect(solvable).toBeLessThan(tasks.length);
  });
});
