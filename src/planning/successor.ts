/**
 * A state's successor under a ground operator: the effects that fire, deletes before adds, then the derived facts
 * (axioms.ts). Apart from task.ts, which holds what a ground task is, so that the axiom evaluator can read a task
 * without the two importing each other.
 */
import { evaluateAxioms } from './axioms.js';
import { clearFact, type EffectGroup, type GroundTask, holds, type Operator, setFact } from './task.js';

/**
 * Writes the successor of `state` under `op` into `out` (which must not alias `state`): conditions are evaluated in
 * `state`, deletes are applied before adds (an atom both added and deleted ends up true), then axioms are evaluated.
 */
export function applyOperator(task: GroundTask, op: Operator, state: Uint32Array, out: Uint32Array): void {
  out.set(state);
  const effects = op.effects;
  const n = effects.length;
  if (n === 1 && effects[0].cond === null && op.shared.length === 0) {
    const { add, del } = effects[0];
    for (let i = 0; i < del.length; i++) clearFact(out, del[i]);
    for (let i = 0; i < add.length; i++) setFact(out, add[i]);
  } else {
    firingCount = 0;
    applyDeletes(effects, state, out);
    for (const s of op.shared) applyDeletes(s.groups, state, out);
    firingRead = 0;
    applyAdds(effects, out);
    for (const s of op.shared) applyAdds(s.groups, out);
  }
  evaluateAxioms(task, out);
}

/** Which effect groups of the operator being applied fire, in order (scratch space, reused). */
let firing = new Uint8Array(64);
let firingCount = 0;
let firingRead = 0;

function applyDeletes(groups: readonly EffectGroup[], state: Uint32Array, out: Uint32Array): void {
  if (firing.length < firingCount + groups.length) {
    const grown = new Uint8Array((firingCount + groups.length) * 2);
    grown.set(firing);
    firing = grown;
  }
  for (let g = 0; g < groups.length; g++) {
    const e = groups[g];
    const fires = e.cond === null || holds(e.cond, state);
    firing[firingCount++] = fires ? 1 : 0;
    if (fires) for (let i = 0; i < e.del.length; i++) clearFact(out, e.del[i]);
  }
}

function applyAdds(groups: readonly EffectGroup[], out: Uint32Array): void {
  for (let g = 0; g < groups.length; g++) {
    if (!firing[firingRead++]) continue;
    const add = groups[g].add;
    for (let i = 0; i < add.length; i++) setFact(out, add[i]);
  }
}
