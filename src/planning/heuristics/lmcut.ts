/**
 * The landmark-cut heuristic (Helmert and Domshlak 2009), admissible and much closer to h* than h^max: repeatedly
 * compute h^max under the operators' remaining costs, take each relaxed action's most expensive precondition as its
 * supporter, and cut the justification graph between the state and the facts from which the goal is reached at no
 * further cost. Every relaxed plan uses an action of the cut (a disjunctive action landmark); its cheapest remaining
 * cost is added to h and taken off the cost of every operator in the cut. Stops when h^max reaches 0.
 *
 * Operators with conditional effects, and effects several operators share, have several relaxed actions (see
 * RelaxedTask); they all draw on their operator's one remaining cost, so that an operator pays for at most its
 * cost across all landmarks, which keeps the sum admissible. Free rules (axioms, disjunctions, shared effects) cost
 * nothing and are never cut. After each cut h^max is updated incrementally from the charged operators.
 */
import type { GroundTask } from '../task.js';
import { AdaptiveQueue } from './adaptive-queue.js';
import type { Heuristic } from './heuristic.js';
import { RelaxedTask } from './relaxed-task.js';

/** Supporter of actions without preconditions: the artificial initial fact. */
const INIT = -1;

/** The share of facts with stale supporter lists past which a cut builds the lists again (any value gives the same h). */
const STALE_REBUILD = 1 / 8;

export class LandmarkCutHeuristic implements Heuristic {
  readonly name = 'lmcut';
  private readonly r: RelaxedTask;
  /** The remaining cost of each operator in the current evaluation. */
  private readonly remaining: Float64Array;
  /**
   * The remaining cost of each relaxed action: its operator's (kept equal when the operator is charged), or the base
   * cost of a free rule. One load in the inner loops instead of a lookup of the operator and a branch.
   */
  private readonly actionCost: Float64Array;
  /** h^max of each relaxed fact under the remaining costs. */
  private readonly hmax: Float64Array;
  private readonly unsatisfied: Int32Array;
  /** Each reached action's most expensive precondition (INIT for actions without preconditions). */
  private readonly supporter: Int32Array;
  private readonly queue: AdaptiveQueue;
  /** CSR: the relaxed actions achieving each fact, and those of each operator. */
  private readonly achieverStart: Int32Array;
  private readonly achievers: Int32Array;
  private readonly opActionStart: Int32Array;
  private readonly opActions: Int32Array;
  /** Marks by round: facts in the goal zone, facts reached by the forward search, actions in the cut. */
  private readonly zone: Int32Array;
  private readonly visited: Int32Array;
  private readonly cutMark: Int32Array;
  private readonly opMark: Int32Array;
  private mark = 0;
  /**
   * The justification graph's edges: the reached actions each fact is the supporter of (`supportedStart` per fact
   * into `supported`), in increasing action order, the order of the precondition-of lists they are a selection of.
   * Built after the exploration; the updates then change some supporters. An action that leaves a fact stays in its
   * list (readers check the supporter); a fact that gains an action is marked stale (`stale[f] === listsBuilt`) and
   * read from its precondition-of list until the lists are built again. `supportedFill`: scratch for the build.
   */
  private readonly supportedStart: Int32Array;
  private readonly supportedFill: Int32Array;
  private readonly supported: Int32Array;
  private readonly stale: Int32Array;
  private listsBuilt = 0;
  private staleCount = 0;
  private readonly stack: number[] = [];
  private readonly cut: number[] = [];
  private readonly charged: number[] = [];
  /** The relaxed facts of the evaluated state (found once per evaluation; every cut starts from them). */
  private readonly facts: number[] = [];

  constructor(task: GroundTask, relaxed: RelaxedTask = new RelaxedTask(task)) {
    const r = relaxed;
    this.r = r;
    this.remaining = new Float64Array(task.operators.length);
    this.actionCost = new Float64Array(r.numActions);
    this.hmax = new Float64Array(r.size);
    this.unsatisfied = new Int32Array(r.numActions);
    this.supporter = new Int32Array(r.numActions);
    const integral = r.baseCost.every((c) => Number.isInteger(c));
    this.queue = new AdaptiveQueue(integral, r.eff.length + r.size + 16);
    [this.achieverStart, this.achievers] = csr(r.size, r.numActions, (a, visit) => {
      for (let j = r.effStart[a]; j < r.effStart[a + 1]; j++) visit(r.eff[j]);
    });
    [this.opActionStart, this.opActions] = csr(task.operators.length, r.numActions, (a, visit) => {
      if (r.op[a] >= 0) visit(r.op[a]);
    });
    this.supportedStart = new Int32Array(r.size + 1);
    this.supportedFill = new Int32Array(r.size);
    this.supported = new Int32Array(r.numActions);
    this.stale = new Int32Array(r.size);
    this.zone = new Int32Array(r.size);
    this.visited = new Int32Array(r.size);
    this.cutMark = new Int32Array(r.numActions);
    this.opMark = new Int32Array(task.operators.length);
  }

  evaluate(state: Uint32Array): number {
    this.remaining.set(this.r.opCost);
    // An operator's relaxed actions cost what it costs (RelaxedTask), free rules their base cost (0).
    this.actionCost.set(this.r.baseCost);
    this.r.stateFacts(state, this.facts);
    if (this.explore() === Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
    this.groupBySupporter();
    let h = 0;
    for (;;) {
      const goalCost = this.goalCost();
      if (goalCost <= 0) return h;
      h += this.cutAndCharge();
      this.update();
    }
  }

  private goalCost(): number {
    let c = 0;
    for (const g of this.r.goal) if (this.hmax[g] > c) c = this.hmax[g];
    return c;
  }

  /** h^max from the state's facts under the remaining costs, every reachable fact settled; Infinity if a goal is not. */
  private explore(): number {
    const r = this.r;
    const hmax = this.hmax;
    const queue = this.queue;
    const unsatisfied = this.unsatisfied;
    const supporter = this.supporter;
    const usedStart = r.usedStart;
    const usedBy = r.usedBy;
    hmax.fill(Number.POSITIVE_INFINITY);
    unsatisfied.set(r.preCount);
    supporter.fill(INIT);
    queue.clear();
    const facts = this.facts;
    for (let i = 0; i < facts.length; i++) this.lower(facts[i], 0);
    for (let i = 0; i < r.noPre.length; i++) this.fire(r.noPre[i], 0);
    while (queue.size > 0) {
      const f = queue.pop();
      const c = queue.poppedKey;
      if (c > hmax[f]) continue;
      for (let j = usedStart[f], end = usedStart[f + 1]; j < end; j++) {
        const a = usedBy[j];
        // Preconditions settle in order of cost: the last one is the most expensive, the action's supporter.
        if (--unsatisfied[a] === 0) {
          supporter[a] = f;
          this.fire(a, c);
        }
      }
    }
    return this.goalCost();
  }

  /**
   * After a cut is charged, h^max can only fall, and only downstream of the charged operators' actions: propagate
   * the lower values from there (Fast Downward's incremental second exploration), re-choosing supporters.
   *
   * The actions a popped fact supports are read from the supporter lists unless the fact is stale, then from its
   * precondition-of list as FD does: either way the same actions in the same (increasing) order.
   */
  private update(): void {
    const r = this.r;
    const hmax = this.hmax;
    const queue = this.queue;
    const supporter = this.supporter;
    const usedStart = r.usedStart;
    const usedBy = r.usedBy;
    const preStart = r.preStart;
    const pre = r.pre;
    const supportedStart = this.supportedStart;
    const supported = this.supported;
    const stale = this.stale;
    const built = this.listsBuilt;
    queue.clear();
    for (const o of this.charged) {
      for (let j = this.opActionStart[o]; j < this.opActionStart[o + 1]; j++) {
        const a = this.opActions[j];
        if (this.unsatisfied[a] !== 0) continue;
        const s = supporter[a];
        this.fire(a, s === INIT ? 0 : hmax[s]);
      }
    }
    while (queue.size > 0) {
      const f = queue.pop();
      const c = queue.poppedKey;
      if (c > hmax[f]) continue;
      const fromLists = stale[f] !== built;
      const list = fromLists ? supported : usedBy;
      const end = fromLists ? supportedStart[f + 1] : usedStart[f + 1];
      for (let j = fromLists ? supportedStart[f] : usedStart[f]; j < end; j++) {
        const a = list[j];
        // Only an action whose supporter fell can have a cheaper most expensive precondition. (Only reached actions
        // have a supporter that is a fact: the others keep INIT.)
        if (supporter[a] !== f) continue;
        let best = -1;
        let worst = -1;
        for (let k = preStart[a], stop = preStart[a + 1]; k < stop; k++) {
          const p = pre[k];
          if (hmax[p] > worst) {
            worst = hmax[p];
            best = p;
          }
        }
        if (best !== f && stale[best] !== built) {
          stale[best] = built;
          this.staleCount++;
        }
        supporter[a] = best;
        this.fire(a, worst);
      }
    }
  }

  private lower(f: number, value: number): void {
    if (value < this.hmax[f]) {
      this.hmax[f] = value;
      this.queue.push(value, f);
    }
  }

  private fire(a: number, preCost: number): void {
    const r = this.r;
    const value = preCost + this.actionCost[a];
    for (let k = r.effStart[a], stop = r.effStart[a + 1]; k < stop; k++) this.lower(r.eff[k], value);
  }

  /** The forward search reaches action `a`: its effects outside the goal zone are reached, and it is cut if any is in. */
  private reach(a: number, mark: number): void {
    const r = this.r;
    const eff = r.eff;
    const zone = this.zone;
    const visited = this.visited;
    let crosses = false;
    for (let k = r.effStart[a], stop = r.effStart[a + 1]; k < stop; k++) {
      const e = eff[k];
      if (zone[e] === mark) crosses = true;
      else if (visited[e] !== mark) {
        visited[e] = mark;
        this.stack.push(e);
      }
    }
    if (crosses && this.cutMark[a] !== mark) {
      this.cutMark[a] = mark;
      this.cut.push(a);
    }
  }

  /**
   * Fills `supported`: a counting sort of the reached actions by supporter, after which no fact is stale. Two passes
   * over the actions, where the precondition-of lists of the visited facts hold every action several times over.
   */
  private groupBySupporter(): void {
    this.listsBuilt++;
    this.staleCount = 0;
    const supporter = this.supporter;
    const start = this.supportedStart;
    const fill = this.supportedFill;
    const n = supporter.length;
    const size = fill.length;
    start.fill(0);
    // A fact is the supporter of reached actions only (see update); the others keep INIT.
    for (let a = 0; a < n; a++) {
      const s = supporter[a];
      if (s >= 0) start[s + 1]++;
    }
    for (let f = 0; f < size; f++) {
      start[f + 1] += start[f];
      fill[f] = start[f];
    }
    const supported = this.supported;
    for (let a = 0; a < n; a++) {
      const s = supporter[a];
      if (s >= 0) supported[fill[s]++] = a;
    }
  }

  /** Finds a cut of the justification graph, charges it to its operators, and returns its cost. */
  private cutAndCharge(): number {
    const r = this.r;
    const hmax = this.hmax;
    const supporter = this.supporter;
    const unsatisfied = this.unsatisfied;
    const actionCost = this.actionCost;
    const achieverStart = this.achieverStart;
    const achievers = this.achievers;
    const mark = ++this.mark;
    const zone = this.zone;
    const visited = this.visited;
    const stack = this.stack;
    // The goal zone: facts that reach the goal through actions of no remaining cost, starting from the most
    // expensive goal fact (the supporter of the artificial goal action).
    let top = r.goal[0];
    for (const g of r.goal) if (hmax[g] > hmax[top]) top = g;
    zone[top] = mark;
    stack.push(top);
    while (stack.length > 0) {
      const f = stack.pop()!;
      for (let j = achieverStart[f], end = achieverStart[f + 1]; j < end; j++) {
        const a = achievers[j];
        if (unsatisfied[a] !== 0 || actionCost[a] > 0) continue;
        const s = supporter[a];
        if (s !== INIT && zone[s] !== mark) {
          zone[s] = mark;
          stack.push(s);
        }
      }
    }
    // Forward from the state, never entering the goal zone: a reached action with an effect in the zone is cut. An
    // action is reached through its supporter (as FD: the precondition-of lists filtered by supporter; here the
    // supporter lists of the facts that are not stale, the same actions in the same order), the actions without
    // preconditions through the artificial initial fact. Once many lists are stale, building them again is cheaper.
    if (this.staleCount > STALE_REBUILD * r.size) this.groupBySupporter();
    const supportedStart = this.supportedStart;
    const supported = this.supported;
    const stale = this.stale;
    const built = this.listsBuilt;
    const usedStart = r.usedStart;
    const usedBy = r.usedBy;
    this.cut.length = 0;
    const facts = this.facts;
    for (let i = 0; i < facts.length; i++) {
      const f = facts[i];
      if (visited[f] !== mark) {
        visited[f] = mark;
        stack.push(f);
      }
    }
    for (let i = 0; i < r.noPre.length; i++) this.reach(r.noPre[i], mark);
    while (stack.length > 0) {
      const f = stack.pop()!;
      const fromLists = stale[f] !== built;
      const list = fromLists ? supported : usedBy;
      const end = fromLists ? supportedStart[f + 1] : usedStart[f + 1];
      for (let j = fromLists ? supportedStart[f] : usedStart[f]; j < end; j++) {
        if (supporter[list[j]] === f) this.reach(list[j], mark);
      }
    }
    const cut = this.cut;
    let m = Number.POSITIVE_INFINITY;
    for (const a of cut) m = Math.min(m, actionCost[a]);
    if (cut.length === 0 || !(m > 0)) throw new Error('internal: LM-cut found no cut of positive cost');
    this.charged.length = 0;
    for (const a of cut) {
      const o = r.op[a];
      if (o >= 0 && this.opMark[o] !== mark) {
        this.opMark[o] = mark;
        this.remaining[o] -= m;
        const left = this.remaining[o];
        for (let j = this.opActionStart[o], end = this.opActionStart[o + 1]; j < end; j++) {
          actionCost[this.opActions[j]] = left;
        }
        this.charged.push(o);
      }
    }
    return m;
  }
}

/** CSR lists: for each of `n` keys, the items `0..count-1` that `keysOf` files under it. */
function csr(
  n: number,
  count: number,
  keysOf: (item: number, visit: (key: number) => void) => void,
): [Int32Array, Int32Array] {
  const start = new Int32Array(n + 1);
  for (let i = 0; i < count; i++) keysOf(i, (k) => start[k + 1]++);
  for (let k = 0; k < n; k++) start[k + 1] += start[k];
  const items = new Int32Array(start[n]);
  const fill = start.slice(0, n);
  for (let i = 0; i < count; i++) keysOf(i, (k) => (items[fill[k]++] = i));
  return [start, items];
}
