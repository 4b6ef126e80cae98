/**
 * Simplifying the instantiated task: atoms no operator can change are replaced by their initial value (repeatedly,
 * since operators that become impossible freeze more atoms), and a backward relevance pass finds what can influence
 * the goal.
 */
import { evaluate, forEachOpenLiteral, type GCond, type LiteralValue, NodeValues, newWalk } from './conditions.js';
import { emptyBlock, type RawAxiom, type RawBlock, type RawOp } from './raw.js';

export interface SimplifiedTask {
  ops: RawOp[];
  axioms: RawAxiom[];
  goal: GCond;
}

/** The task once atoms no operator can change are fixed: what is left, and the fixed literals' values. */
export interface FrozenTask extends SimplifiedTask {
  /** The values of literals whose atom is fixed (undefined for atoms some operator or axiom can still change). */
  values: NodeValues;
}

/**
 * Finds the atoms no operator can change, repeatedly (an operator whose precondition they make false can change
 * nothing, which may fix more atoms), and drops the operators, effects and axioms they make impossible. Conditions
 * are not rewritten: the fixed values are returned with the task and applied where conditions are read
 * (relevance, numbering), which costs one pass instead of one rewrite per round. `isDerived(atom)` tells derived
 * atoms (fixed false only when no rule derives them); `isInit(atom)` gives the initial value of the others.
 */
export function freezeConstantAtoms(
  task: SimplifiedTask,
  atomCount: number,
  isDerived: (atom: number) => boolean,
  isInit: (atom: number) => boolean,
): FrozenTask {
  let { ops, axioms } = task;
  // 0: may change; 1: fixed false; 2: fixed true.
  const fixed = new Uint8Array(atomCount);
  const value: LiteralValue = (lit) => {
    const f = fixed[lit >> 1];
    return f === 0 ? undefined : (f === 2) !== ((lit & 1) === 1);
  };
  let values = new NodeValues(value);
  for (;;) {
    const added = new Uint8Array(atomCount);
    const deleted = new Uint8Array(atomCount);
    const derivable = new Uint8Array(atomCount);
    const blocks = new Set<RawBlock>();
    for (const op of ops) for (const b of op.blocks) blocks.add(b);
    for (const b of blocks) {
      for (let i = 0; i < b.atom.length; i++) {
        if (evaluate(b.cond[i], values) !== false) (b.del[i] ? deleted : added)[b.atom[i]] = 1;
      }
    }
    for (const ax of axioms) derivable[ax.head] = 1;
    let changed = false;
    for (let atom = 0; atom < atomCount; atom++) {
      if (fixed[atom] !== 0) continue;
      let v = 0;
      if (isDerived(atom)) v = derivable[atom] ? 0 : 1;
      else if (isInit(atom)) v = deleted[atom] ? 0 : 2;
      else v = added[atom] ? 0 : 1;
      if (v !== 0) {
        fixed[atom] = v;
        changed = true;
      }
    }
    if (!changed) break;
    values = new NodeValues(value);
    ops = ops.filter((op) => evaluate(op.pre, values) !== false);
    axioms = axioms.filter((ax) => evaluate(ax.body, values) !== false);
  }
  // Effects on fixed atoms, or whose condition cannot hold, go; a block that loses some is copied once.
  const kept = new Map<RawBlock, RawBlock | null>();
  const keep = (block: RawBlock): RawBlock | null => {
    let k = kept.get(block);
    if (k === undefined) {
      const left = emptyBlock();
      for (let i = 0; i < block.atom.length; i++) {
        if (fixed[block.atom[i]] !== 0 || evaluate(block.cond[i], values) === false) continue;
        left.atom.push(block.atom[i]);
        left.del.push(block.del[i]);
        left.cond.push(block.cond[i]);
      }
      k = left.atom.length === block.atom.length ? block : left.atom.length > 0 ? left : null;
      kept.set(block, k);
    }
    return k;
  };
  const nextOps: RawOp[] = [];
  for (const op of ops) {
    const blocks = op.blocks.map(keep).filter((b): b is RawBlock => b !== null);
    if (blocks.length > 0) nextOps.push({ ...op, blocks });
  }
  return { ops: nextOps, axioms, goal: task.goal, values };
}

export interface Relevance {
  /** 1 for atoms the goal depends on. */
  atoms: Uint8Array;
  ops: Uint8Array;
  axioms: Uint8Array;
}

/** What can influence the goal: its atoms, operators affecting them, and (transitively) what those need. */
export function relevantParts(task: FrozenTask, atomCount: number): Relevance {
  const { ops, axioms, goal, values } = task;
  const relevant = new Uint8Array(atomCount);
  const queue: number[] = [];
  const walk = newWalk();
  const mark = (lit: number) => {
    const atom = lit >> 1;
    if (!relevant[atom]) {
      relevant[atom] = 1;
      queue.push(atom);
    }
  };
  const visit = (c: GCond) => forEachOpenLiteral(c, values, mark, walk);
  visit(goal);
  // Effects by the atom they change (CSR over atoms: block id and effect index), and the operators of each block.
  const blockList: RawBlock[] = [];
  const blockIds = new Map<RawBlock, number>();
  const opsOfBlock: number[][] = [];
  ops.forEach((op, oi) => {
    for (const b of op.blocks) {
      let id = blockIds.get(b);
      if (id === undefined) {
        id = blockList.length;
        blockIds.set(b, id);
        blockList.push(b);
        opsOfBlock.push([]);
      }
      opsOfBlock[id].push(oi);
    }
  });
  const start = new Int32Array(atomCount + 1);
  for (const b of blockList) for (const atom of b.atom) start[atom + 1]++;
  for (let a = 0; a < atomCount; a++) start[a + 1] += start[a];
  const fill = start.slice(0, atomCount);
  const effectBlock = new Int32Array(start[atomCount]);
  const effectIndex = new Int32Array(start[atomCount]);
  blockList.forEach((b, id) => {
    for (let i = 0; i < b.atom.length; i++) {
      const slot = fill[b.atom[i]]++;
      effectBlock[slot] = id;
      effectIndex[slot] = i;
    }
  });
  const axiomsOf = new Map<number, number[]>();
  axioms.forEach((ax, i) => {
    pushTo(axiomsOf, ax.head, i);
  });
  const opRelevant = new Uint8Array(ops.length);
  const blockRelevant = new Uint8Array(opsOfBlock.length);
  const axiomRelevant = new Uint8Array(axioms.length);
  while (queue.length > 0) {
    const atom = queue.pop()!;
    for (let j = start[atom]; j < start[atom + 1]; j++) {
      const id = effectBlock[j];
      visit(blockList[id].cond[effectIndex[j]]);
      if (blockRelevant[id]) continue;
      blockRelevant[id] = 1;
      for (const op of opsOfBlock[id]) {
        if (!opRelevant[op]) {
          opRelevant[op] = 1;
          visit(ops[op].pre);
        }
      }
    }
    for (const i of axiomsOf.get(atom) ?? []) {
      if (!axiomRelevant[i]) {
        axiomRelevant[i] = 1;
        visit(axioms[i].body);
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
