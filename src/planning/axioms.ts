/**
 * Evaluation of derived facts in a state, stratum by stratum. Within a stratum, a rule's literals other than
 * positive derived facts of the same stratum are checked once; those derived facts are then counted down as they
 * become true (as Fast Downward's axiom evaluator does), so a stratum costs time linear in its rules. Rules whose
 * disjunctive parts mention same-stratum derived facts are re-checked until nothing changes.
 */

import { registerCache } from '../util/caches.js';
import { type Condition, type CondNode, clearFact, type GroundTask, hasFact, holds, setFact } from './task.js';

interface Stratum {
  /** Rule indices of the stratum. */
  rules: number[];
  /** Rules with a same-stratum derived fact inside an and/or tree: evaluated naively. */
  complex: number[];
}

interface AxiomPlan {
  strata: Stratum[];
  /** Per rule: its condition without the same-stratum positive derived facts (checked once per stratum). */
  outer: Condition[];
  /** Per rule: how many same-stratum positive derived facts it waits for. */
  waitCount: Int32Array;
  /** 1 for rules evaluated naively (see Stratum.complex). */
  isComplex: Uint8Array;
  /** CSR: for each derived fact, the rules waiting for it. */
  waitersStart: Int32Array;
  waiters: Int32Array;
  remaining: Int32Array;
  queue: Int32Array;
}

let plans = new WeakMap<GroundTask, AxiomPlan>();
registerCache('planning: axiom plans', () => {
  plans = new WeakMap();
});

function planFor(task: GroundTask): AxiomPlan {
  let plan = plans.get(task);
  if (plan) return plan;
  const axioms = task.axioms;
  const stratumOfFact = new Int32Array(task.numFacts).fill(-1);
  for (const ax of axioms) stratumOfFact[ax.head] = ax.stratum;
  const strata: Stratum[] = [];
  const outer: Condition[] = [];
  const waitCount = new Int32Array(axioms.length);
  const isComplex = new Uint8Array(axioms.length);
  const waitLists: number[][] = Array.from({ length: task.numFacts }, () => []);
  const mentions = (nodes: CondNode[], stratum: number): boolean =>
    nodes.some(
      (n) =>
        [...n.pos].some((f) => stratumOfFact[f] === stratum) ||
        [...n.neg].some((f) => stratumOfFact[f] === stratum) ||
        mentions(n.kids, stratum),
    );
  axioms.forEach((ax, i) => {
    let stratum = strata[strata.length - 1];
    if (strata.length === 0 || axioms[stratum.rules[0]].stratum !== ax.stratum) {
      stratum = { rules: [], complex: [] };
      strata.push(stratum);
    }
    stratum.rules.push(i);
    const same = [...ax.body.pos].filter((f) => stratumOfFact[f] === ax.stratum);
    outer.push({
      pos: ax.body.pos.filter((f) => stratumOfFact[f] !== ax.stratum),
      neg: ax.body.neg,
      trees: ax.body.trees,
    });
    waitCount[i] = same.length;
    for (const f of same) waitLists[f].push(i);
    if (mentions(ax.body.trees, ax.stratum)) {
      stratum.complex.push(i);
      isComplex[i] = 1;
    }
  });
  const waitersStart = new Int32Array(task.numFacts + 1);
  for (let f = 0; f < task.numFacts; f++) waitersStart[f + 1] = waitersStart[f] + waitLists[f].length;
  plan = {
    strata,
    outer,
    waitCount,
    isComplex,
    waitersStart,
    waiters: new Int32Array(waitLists.flat()),
    remaining: new Int32Array(axioms.length),
    queue: new Int32Array(Math.max(1, task.numFacts)),
  };
  plans.set(task, plan);
  return plan;
}

/** Recomputes the derived facts of `state` in place from its basic facts. */
export function evaluateAxioms(task: GroundTask, state: Uint32Array): void {
  if (task.axioms.length === 0) return;
  const plan = planFor(task);
  const axioms = task.axioms;
  for (let f = task.numBasic; f < task.numFacts; f++) clearFact(state, f);
  const { outer, waitCount, isComplex, waitersStart, waiters, remaining, queue } = plan;
  for (const stratum of plan.strata) {
    let head = 0;
    let tail = 0;
    const fire = (rule: number) => {
      const h = axioms[rule].head;
      if (!hasFact(state, h)) {
        setFact(state, h);
        queue[tail++] = h;
      }
    };
    for (const rule of stratum.rules) {
      // Rules failing their outer literals never fire in this stratum: park them with an unreachable count.
      if (isComplex[rule] || !holds(outer[rule], state)) {
        remaining[rule] = -1;
        continue;
      }
      remaining[rule] = waitCount[rule];
      if (remaining[rule] === 0) fire(rule);
    }
    for (;;) {
      while (head < tail) {
        const f = queue[head++];
        for (let j = waitersStart[f]; j < waitersStart[f + 1]; j++) {
          const rule = waiters[j];
          if (remaining[rule] > 0 && --remaining[rule] === 0) fire(rule);
        }
      }
      let changed = false;
      for (const rule of stratum.complex) {
        if (!hasFact(state, axioms[rule].head) && holds(axioms[rule].body, state)) {
          fire(rule);
          changed = true;
        }
      }
      if (!changed) break;
    }
  }
}
