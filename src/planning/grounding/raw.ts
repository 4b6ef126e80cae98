/** The grounded task before fact numbering: operators and axioms over atoms of the grounding's atom store. */
import type { GCond } from './conditions.js';

export interface RawEffect {
  cond: GCond;
  atom: number;
  del: boolean;
}

export interface RawOp {
  schema: number;
  args: Int32Array;
  pre: GCond;
  effects: RawEffect[];
  cost: number;
}

export interface RawAxiom {
  head: number;
  body: GCond;
}
