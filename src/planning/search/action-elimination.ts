/**
 * Greedy action elimination (Nakhost and Müller, 2010): try removing each step of a plan together with every later
 * step that then no longer applies; keep the removal when the rest still reaches the goal. The result is a valid
 * plan that is never costlier, and often shorter, than the input. Deterministic and quadratic in the plan length.
 */
import { applyOperator } from '../successor.js';
import { type GroundTask, holds } from '../task.js';

export function eliminateRedundantActions(task: GroundTask, plan: readonly number[]): number[] {
  let current = [...plan];
  const words = task.words;
  // states[i] is the state before step i of `current`.
  let states = replay(task, current);
  const scratch = new Uint32Array(words);
  const next = new Uint32Array(words);
  for (let i = 0; i < current.length; ) {
    // Simulate the plan without step i, also dropping later steps that became inapplicable.
    scratch.set(states[i]);
    const kept: number[] = [];
    let removedCost = task.operators[current[i]].cost;
    for (let j = i + 1; j < current.length; j++) {
      const op = task.operators[current[j]];
      if (holds(op.pre, scratch)) {
        applyOperator(task, op, scratch, next);
        scratch.set(next);
        kept.push(current[j]);
      } else {
        removedCost += op.cost;
      }
    }
    if (holds(task.goal, scratch) && removedCost >= 0) {
      current = [...current.slice(0, i), ...kept];
      states = replay(task, current);
      continue;
    }
    i++;
  }
  return current;
}

function replay(task: GroundTask, plan: readonly number[]): Uint32Array[] {
  const states: Uint32Array[] = [task.init.slice()];
  for (const o of plan) {
    const next = new Uint32Array(task.words);
    applyOperator(task, task.operators[o], states[states.length - 1], next);
    states.push(next);
  }
  return states;
}
