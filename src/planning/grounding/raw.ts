/** The grounded task before fact numbering: operators and axioms over atoms of the grounding's atom store. */
import type { GCond } from './conditions.js';

/**
 * Effects of one operator that depend on some of its parameters only. The same block object is shared by every
 * operator whose binding agrees on those parameters (the household walk's "carry what is held" depends on the
 * character and its room, not on where it walks to), so it is grounded, simplified and numbered once. Effect `i`
 * adds (or, where `del[i]`, deletes) atom `atom[i]` when `cond[i]` holds; stored by column, since a whole home has
 * hundreds of thousands of them.
 */
export interface RawBlock {
  atom: number[];
  del: boolean[];
  cond: GCond[];
}

export function emptyBlock(): RawBlock {
  return { atom: [], del: [], cond: [] };
}

export interface RawOp {
  schema: number;
  args: Int32Array;
  pre: GCond;
  blocks: RawBlock[];
  cost: number;
}

export interface RawAxiom {
  head: number;
  body: GCond;
}
