/**
 * The delete relaxation of a ground task, in flat integer arrays, shared by h^max, h^add and h^FF.
 *
 * Relaxed facts are the task's facts, plus a complement fact `not p` for every basic fact `p` some condition needs
 * false (true initially when `p` is false, made true by operators deleting `p`, as a binary SAS+ variable would be),
 * plus one auxiliary fact per disjunctive condition tree node. Relaxed actions are: one per operator for its
 * unconditional effects, one per conditional effect group (precondition plus effect condition), one per axiom, and
 * one per way of satisfying a disjunction (these last two are free and carry no operator).
 * Negated derived facts are treated as always true, which keeps the relaxation admissible.
 */
import {
  type Condition,
  type CondNode,
  type EffectGroup,
  type GroundTask,
  hasFact,
  type SharedEffects,
} from '../task.js';

export class RelaxedTask {
  /** Number of relaxed facts. */
  readonly size: number;
  readonly numActions: number;
  /** CSR preconditions and effects of relaxed actions. */
  readonly preStart: Int32Array;
  readonly pre: Int32Array;
  readonly effStart: Int32Array;
  readonly eff: Int32Array;
  readonly preCount: Int32Array;
  readonly baseCost: Float64Array;
  /** Operator of each relaxed action, or -1 for axioms and disjunction rules. */
  readonly op: Int32Array;
  /** CSR: the relaxed actions each fact is a precondition of. */
  readonly usedStart: Int32Array;
  readonly usedBy: Int32Array;
  readonly noPre: Int32Array;
  /** Relaxed facts the goal needs. */
  readonly goal: Int32Array;
  /** Basic facts that have a complement, and its relaxed id. */
  readonly negatedFacts: Int32Array;
  readonly complementIds: Int32Array;
  readonly numTaskFacts: number;
  readonly opCost: Float64Array;

  constructor(task: GroundTask) {
    const numBasic = task.numBasic;
    this.numTaskFacts = task.numFacts;
    this.opCost = Float64Array.from(task.operators, (o) => o.cost);
    // Pass 1: which basic facts some condition needs false.
    const negated = new Uint8Array(numBasic);
    const noteNodes = (nodes: CondNode[]) => {
      for (const n of nodes) {
        for (const f of n.neg) if (f < numBasic) negated[f] = 1;
        noteNodes(n.kids);
      }
    };
    const noteCondition = (c: Condition) => {
      for (const f of c.neg) if (f < numBasic) negated[f] = 1;
      if (c.trees.length > 0) noteNodes(c.trees);
    };
    const sharedEffects = new Map<number, SharedEffects>();
    for (const op of task.operators) {
      noteCondition(op.pre);
      for (const e of op.effects) if (e.cond) noteCondition(e.cond);
      for (const s of op.shared) sharedEffects.set(s.id, s);
    }
    for (const s of sharedEffects.values()) for (const e of s.groups) if (e.cond) noteCondition(e.cond);
    for (const ax of task.axioms) noteCondition(ax.body);
    noteCondition(task.goal);
    const complement = new Int32Array(numBasic).fill(-1);
    let size = task.numFacts;
    const negatedFacts: number[] = [];
    const complementIds: number[] = [];
    for (let f = 0; f < numBasic; f++) {
      if (negated[f]) {
        complement[f] = size++;
        negatedFacts.push(f);
        complementIds.push(complement[f]);
      }
    }

    // Pass 2: relaxed actions, written straight into CSR arrays.
    const preStart = [0];
    const pre: number[] = [];
    const effStart = [0];
    const eff: number[] = [];
    const baseCost: number[] = [];
    const opOf: number[] = [];
    let seen = new Int32Array(size + 64);
    // `stamp` marks the action being written; `counter` hands out fresh stamps and never repeats one.
    let stamp = 0;
    let counter = 0;
    const addFact = (f: number) => {
      if (f >= seen.length) {
        const grown = new Int32Array(Math.max(f + 1, seen.length * 2));
        grown.set(seen);
        seen = grown;
      }
      if (seen[f] !== stamp) {
        seen[f] = stamp;
        pre.push(f);
      }
    };
    const auxByKey = new Map<number, number>();
    const nodeIds = new NodeIds();
    // Pushes the relaxed literals of a conjunction onto `pre` (deduplicated within the current action).
    const pushLiterals = (pos: readonly number[], neg: readonly number[], nodes: CondNode[]) => {
      for (let i = 0; i < pos.length; i++) addFact(pos[i]);
      for (let i = 0; i < neg.length; i++) if (neg[i] < numBasic) addFact(complement[neg[i]]);
      for (let i = 0; i < nodes.length; i++) addFact(aux(nodes[i]));
    };
    const finish = (effects: number[], cost: number, op: number) => {
      preStart.push(pre.length);
      for (const f of effects) eff.push(f);
      effStart.push(eff.length);
      baseCost.push(cost);
      opOf.push(op);
    };
    // An `or` node becomes a fact reached by any of its disjuncts (rules built before the caller's action resumes,
    // so the caller's partially written preconditions are set aside meanwhile).
    const aux = (node: CondNode): number => {
      const key = nodeIds.of(node);
      const known = auxByKey.get(key);
      if (known !== undefined) return known;
      const fact = size++;
      auxByKey.set(key, fact);
      const saved = pre.splice(preStart[preStart.length - 1]);
      const savedStamp = stamp;
      for (const f of node.pos) {
        stamp = ++counter;
        addFact(f);
        finish([fact], 0, -1);
      }
      for (const f of node.neg) {
        stamp = ++counter;
        if (f < numBasic) addFact(complement[f]);
        finish([fact], 0, -1);
      }
      for (const kid of node.kids) {
        stamp = ++counter;
        pushLiterals(kid.pos, kid.neg, kid.kids);
        finish([fact], 0, -1);
      }
      stamp = savedStamp;
      for (const f of saved) pre.push(f);
      return fact;
    };
    const effects: number[] = [];
    const complements = (g: EffectGroup) => {
      effects.length = 0;
      for (const f of g.add) effects.push(f);
      for (const f of g.del) if (f < numBasic && complement[f] >= 0) effects.push(complement[f]);
    };
    // Effects several operators share are relaxed once: each of those operators reaches an auxiliary fact of the
    // shared effects, and free rules give each group's effects from that fact and the group's condition.
    const sharedFact = new Map<number, number>();
    for (const s of sharedEffects.values()) sharedFact.set(s.id, size++);
    task.operators.forEach((op, o) => {
      const unconditional = op.effects.length > 0 && op.effects[0].cond === null;
      // Every relaxed action of the operator starts with the relaxed facts of its precondition: found for the first
      // (which makes the disjunction rules it needs), copied for the others, the same facts in the same order.
      let opPre: number[] | undefined;
      const pushPrecondition = () => {
        if (opPre === undefined) {
          pushLiterals(op.pre.pos, op.pre.neg, op.pre.trees);
          opPre = pre.slice(preStart[preStart.length - 1]);
          return;
        }
        for (let i = 0; i < opPre.length; i++) {
          seen[opPre[i]] = stamp;
          pre.push(opPre[i]);
        }
      };
      for (const e of op.effects) {
        complements(e);
        // The operator's auxiliary facts join its unconditional effects.
        if (e.cond === null) for (const s of op.shared) effects.push(sharedFact.get(s.id)!);
        if (effects.length === 0) continue;
        stamp = ++counter;
        pushPrecondition();
        if (e.cond) pushLiterals(e.cond.pos, e.cond.neg, e.cond.trees);
        finish(effects, op.cost, o);
      }
      if (!unconditional && op.shared.length > 0) {
        effects.length = 0;
        for (const s of op.shared) effects.push(sharedFact.get(s.id)!);
        stamp = ++counter;
        pushPrecondition();
        finish(effects, op.cost, o);
      }
    });
    for (const s of sharedEffects.values()) {
      for (const g of s.groups) {
        complements(g);
        if (effects.length === 0) continue;
        stamp = ++counter;
        addFact(sharedFact.get(s.id)!);
        if (g.cond) pushLiterals(g.cond.pos, g.cond.neg, g.cond.trees);
        finish(effects, 0, -1);
      }
    }
    for (const ax of task.axioms) {
      stamp = ++counter;
      pushLiterals(ax.body.pos, ax.body.neg, ax.body.trees);
      finish([ax.head], 0, -1);
    }
    // The goal is collected like an action's preconditions, then taken out.
    // (Writing it may add disjunction rules first; its literals then start after the last rule.)
    stamp = ++counter;
    pushLiterals(task.goal.pos, task.goal.neg, task.goal.trees);
    this.goal = new Int32Array(pre.splice(preStart[preStart.length - 1]));

    this.size = size;
    this.numActions = baseCost.length;
    this.preStart = new Int32Array(preStart);
    this.effStart = new Int32Array(effStart);
    this.pre = new Int32Array(pre);
    this.eff = new Int32Array(eff);
    this.baseCost = Float64Array.from(baseCost);
    this.op = new Int32Array(opOf);
    this.preCount = new Int32Array(this.numActions);
    const noPre: number[] = [];
    for (let a = 0; a < this.numActions; a++) {
      this.preCount[a] = preStart[a + 1] - preStart[a];
      if (this.preCount[a] === 0) noPre.push(a);
    }
    this.noPre = new Int32Array(noPre);
    const counts = new Int32Array(size + 1);
    for (const f of this.pre) counts[f + 1]++;
    for (let f = 0; f < size; f++) counts[f + 1] += counts[f];
    this.usedStart = counts.slice();
    this.usedBy = new Int32Array(this.pre.length);
    const fill = counts.slice();
    for (let a = 0; a < this.numActions; a++) {
      for (let j = preStart[a]; j < preStart[a + 1]; j++) this.usedBy[fill[this.pre[j]]++] = a;
    }
    this.negatedFacts = new Int32Array(negatedFacts);
    this.complementIds = new Int32Array(complementIds);
  }

  /** The relaxed facts true in `state` (its task facts, and the complements of negated facts it lacks), into `out`. */
  stateFacts(state: Uint32Array, out: number[]): number[] {
    out.length = 0;
    for (let w = 0; w < state.length; w++) {
      let bits = state[w];
      while (bits !== 0) {
        const low = bits & -bits;
        const f = (w << 5) + 31 - Math.clz32(low);
        bits ^= low;
        if (f < this.numTaskFacts) out.push(f);
      }
    }
    for (let i = 0; i < this.negatedFacts.length; i++) {
      if (!hasFact(state, this.negatedFacts[i])) out.push(this.complementIds[i]);
    }
    return out;
  }
}

/**
 * Hash-consing of condition nodes: equal trees get one id, computed from a node's own literals and its children's
 * ids (so keys stay short however deep the tree). Grounding shares subtrees between operators; equal subtrees that
 * are not shared still get one auxiliary fact.
 */
class NodeIds {
  private readonly byNode = new Map<CondNode, number>();
  private readonly byKey = new Map<string, number>();

  of(node: CondNode): number {
    let id = this.byNode.get(node);
    if (id === undefined) {
      const kids = node.kids.map((k) => this.of(k)).join(',');
      const key = `${node.or ? '|' : '&'}${node.pos.join(',')};${node.neg.join(',')};${kids}`;
      id = this.byKey.get(key);
      if (id === undefined) {
        id = this.byKey.size;
        this.byKey.set(key, id);
      }
      this.byNode.set(node, id);
    }
    return id;
  }
}
