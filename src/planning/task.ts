/**
 * The ground planning task the search works on: facts are integers, a state is a bitset (`Uint32Array`, one bit
 * per fact: the basic facts first, then derived ones), operators carry integer preconditions and effect groups.
 * A condition is a conjunction of positive and negative facts, plus, where quantifiers or disjunctions did not
 * simplify away, a list of and/or trees that must all hold. A state's successor is successor.ts's; its derived facts,
 * axioms.ts's.
 */

/** An and/or node of a condition that grounding could not flatten to literals. */
export interface CondNode {
  or: boolean;
  pos: readonly number[];
  neg: readonly number[];
  kids: CondNode[];
}

export interface Condition {
  pos: readonly number[];
  neg: readonly number[];
  /** Disjunctions (each an `or` node) that must all hold as well. */
  trees: CondNode[];
}

/** Effects sharing a condition; `cond` null means unconditional. */
export interface EffectGroup {
  cond: Condition | null;
  add: readonly number[];
  del: readonly number[];
}

/**
 * Effect groups several operators share (the same object in each): effects that depend on only some of the
 * operators' parameters, such as the household walk's "carry what is held", which depends on the character and its
 * room, not on where it walks. Grounded, stored and relaxed once.
 */
export interface SharedEffects {
  /** Dense id among the task's shared effects. */
  readonly id: number;
  readonly groups: readonly EffectGroup[];
}

export interface Operator {
  /** `(action arg1 arg2)` with names as declared. */
  name: string;
  /** Action schema name and argument object names, as declared. */
  action: string;
  args: string[];
  cost: number;
  pre: Condition;
  /** The operator's own effect groups, unconditional ones first. */
  effects: EffectGroup[];
  /** Effects it shares with other operators; they apply as if listed in `effects`. */
  shared: readonly SharedEffects[];
}

/** A derived-fact rule: `head` holds when `body` does (evaluated stratum by stratum). */
export interface Axiom {
  head: number;
  body: Condition;
  stratum: number;
}

export interface GroundTask {
  /** `(pred a b)` for every fact. */
  factNames: string[];
  /** Facts [0, numBasic) are set by operators; [numBasic, numFacts) are derived by axioms. */
  numBasic: number;
  numFacts: number;
  /** Words per state. */
  words: number;
  operators: Operator[];
  axioms: Axiom[];
  init: Uint32Array;
  goal: Condition;
  /** The goal simplified to false during grounding: no plan exists. */
  goalImpossible: boolean;
  /** True when the problem had no metric, so every operator costs 1. */
  unitCost: boolean;
  warnings: string[];
}

/** The empty fact list (shared; never written to). */
export const NO_FACTS: readonly number[] = Object.freeze([]);

export function emptyCondition(): Condition {
  return { pos: NO_FACTS, neg: NO_FACTS, trees: [] };
}

export function hasFact(state: Uint32Array, fact: number): boolean {
  return (state[fact >>> 5] & (1 << (fact & 31))) !== 0;
}

export function setFact(state: Uint32Array, fact: number): void {
  state[fact >>> 5] |= 1 << (fact & 31);
}

export function clearFact(state: Uint32Array, fact: number): void {
  state[fact >>> 5] &= ~(1 << (fact & 31));
}

function nodeHolds(node: CondNode, state: Uint32Array): boolean {
  if (node.or) {
    const pos = node.pos;
    for (let i = 0; i < pos.length; i++) if (hasFact(state, pos[i])) return true;
    const neg = node.neg;
    for (let i = 0; i < neg.length; i++) if (!hasFact(state, neg[i])) return true;
    for (const kid of node.kids) if (nodeHolds(kid, state)) return true;
    return false;
  }
  const pos = node.pos;
  for (let i = 0; i < pos.length; i++) if (!hasFact(state, pos[i])) return false;
  const neg = node.neg;
  for (let i = 0; i < neg.length; i++) if (hasFact(state, neg[i])) return false;
  for (const kid of node.kids) if (!nodeHolds(kid, state)) return false;
  return true;
}

export function holds(cond: Condition, state: Uint32Array): boolean {
  const pos = cond.pos;
  for (let i = 0; i < pos.length; i++) {
    const f = pos[i];
    if ((state[f >>> 5] & (1 << (f & 31))) === 0) return false;
  }
  const neg = cond.neg;
  for (let i = 0; i < neg.length; i++) {
    const f = neg[i];
    if ((state[f >>> 5] & (1 << (f & 31))) !== 0) return false;
  }
  const trees = cond.trees;
  for (let i = 0; i < trees.length; i++) if (!nodeHolds(trees[i], state)) return false;
  return true;
}

/** The facts of a state, as names (for messages and tests). */
export function describeState(task: GroundTask, state: Uint32Array): string[] {
  const names: string[] = [];
  for (let f = 0; f < task.numFacts; f++) if (hasFact(state, f)) names.push(task.factNames[f]);
  return names;
}
