/**
 * Simplifying the instantiated task: atoms no operator can change are replaced by their initial value (repeatedly,
 * since operators that become impossible freeze more atoms), and a backward relevance pass finds what can influence
 * the goal.
 */
import { forEachLiteral, type GCond, substitute } from './conditions.js';
import type { RawAxiom, RawEffect, RawOp } from './raw.js';

export interface SimplifiedTask {
  ops: RawOp[];
  axioms: RawAxiom[];
  goal: GCond;
}

/**
 * Substitutes constant atoms until nothing changes. `isDerived(atom)` tells derived atoms (constant false only when no
 * rule derives them); `isInit(atom)` gives the initial value of the others.
 */
export function freezeConstantAtoms(
  task: SimplifiedTask,
  atomCount: number,
  isDerived: (atom: number) => boolean,
  isInit: (atom: number) => boolean,
): SimplifiedTask {
  let { ops, axioms, goal } = task;
  for (;;) {
    const added = new Uint8Array(atomCount);
    const deleted = new Uint8Array(atomCount);
    const derivable = new Uint8Array(atomCount);
    for (const op of ops) for (const e of op.effects) (e.del ? deleted : added)[e.atom] = 1;
    for (const ax of axioms) derivable[ax.head] = 1;
    const constant = (atom: number): boolean | undefined => {
      if (isDerived(atom)) return derivable[atom] ? undefined : false;
      if (isInit(atom)) return deleted[atom] ? undefined : true;
      return added[atom] ? undefined : false;
    };
    let changed = false;
    const value = (lit: number): boolean | undefined => {
      const v = constant(lit >> 1);
      if (v === undefined) return undefined;
      changed = true;
      return v !== ((lit & 1) === 1);
    };
    const nextOps: RawOp[] = [];
    for (const op of ops) {
      const pre = substitute(op.pre, value);
      if (pre === false) continue;
      let effects: RawEffect[] | undefined;
      for (let i = 0; i < op.effects.length; i++) {
        const e = op.effects[i];
        let keep: RawEffect | undefined = e;
        if (constant(e.atom) !== undefined) {
          changed = true;
          keep = undefined;
        } else {
          const cond = substitute(e.cond, value);
          if (cond === false) keep = undefined;
          else if (cond !== e.cond) keep = { cond, atom: e.atom, del: e.del };
        }
        if (keep !== e && !effects) effects = op.effects.slice(0, i);
        if (effects && keep) effects.push(keep);
      }
      effects ??= op.effects;
      if (effects.length === 0) continue;
      nextOps.push(pre === op.pre && effects === op.effects ? op : { ...op, pre, effects });
    }
    const nextAxioms: RawAxiom[] = [];
    for (const ax of axioms) {
      const body = substitute(ax.body, value);
      if (body !== false) nextAxioms.push({ head: ax.head, body });
    }
    goal = substitute(goal, value);
    if (nextOps.length !== ops.length || nextAxioms.length !== axioms.length) changed = true;
    ops = nextOps;
    axioms = nextAxioms;
    if (!changed) break;
  }

  return { ops, axioms, goal };
}

export interface Relevance {
  /** 1 for atoms the goal depends on. */
  atoms: Uint8Array;
  ops: Uint8Array;
  axioms: Uint8Array;
}

/** What can influence the goal: its atoms, operators affecting them, and (transitively) what those need. */
export function relevantParts(task: SimplifiedTask, atomCount: number): Relevance {
  const { ops, axioms, goal } = task;
  const relevant = new Uint8Array(atomCount);
  const queue: number[] = [];
  const mark = (lit: number) => {
    const atom = lit >> 1;
    if (!relevant[atom]) {
      relevant[atom] = 1;
      queue.push(atom);
    }
  };
  forEachLiteral(goal, mark);
  const effectsOf = new Map<number, { op: number; effect: number }[]>();
  ops.forEach((op, oi) => {
    op.effects.forEach((e, ei) => {
      pushTo(effectsOf, e.atom, { op: oi, effect: ei });
    });
  });
  const axiomsOf = new Map<number, number[]>();
  axioms.forEach((ax, i) => {
    pushTo(axiomsOf, ax.head, i);
  });
  const opRelevant = new Uint8Array(ops.length);
  const axiomRelevant = new Uint8Array(axioms.length);
  while (queue.length > 0) {
    const atom = queue.pop()!;
    for (const { op, effect } of effectsOf.get(atom) ?? []) {
      forEachLiteral(ops[op].effects[effect].cond, mark);
      if (!opRelevant[op]) {
        opRelevant[op] = 1;
        forEachLiteral(ops[op].pre, mark);
      }
    }
    for (const i of axiomsOf.get(atom) ?? []) {
      if (!axiomRelevant[i]) {
        axiomRelevant[i] = 1;
        forEachLiteral(axioms[i].body, mark);
      }
    }
  }

  return { atoms: relevant, ops: opRelevant, axioms: axiomRelevant };
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
