/**
 * Eager best-first search: successors are evaluated when generated. Greedy best-first search orders the open list
 * by h (optionally alternating with a preferred-operator list, as Fast Downward's `eager_greedy`), A* by g + h,
 * weighted A* by g + w*h, the latter two breaking ties by h and reopening states reached more cheaply later.
 */
import type { Heuristic } from '../heuristics/heuristic.js';
import { applyOperator } from '../successor.js';
import { type GroundTask, holds } from '../task.js';
import { AlternationOpenList, BucketOpenList, HeapOpenList, type OpenList } from './open-lists.js';
import {
  Budget,
  CLOSED,
  DEAD_END,
  failure,
  OPEN,
  planCost,
  type SearchLimits,
  SearchNodes,
  type SearchResult,
} from './search-space.js';
import { StateRegistry } from './state-registry.js';
import { SuccessorGenerator } from './successors.js';

export interface EagerSearchOptions extends SearchLimits {
  kind: 'gbfs' | 'astar' | 'wastar';
  /** Weight of h for weighted A* (default 5, as in Fast Downward's lama wA* iterations). */
  weight?: number;
  /** Greedy search only: alternate with a list of states reached by preferred operators. */
  preferred?: boolean;
  /** Extra turns for the preferred list on progress (Fast Downward's eager_greedy default: 0). */
  boost?: number;
  /** Only plans cheaper than this are sought: paths reaching it are cut (the anytime phase's bound). */
  bound?: number;
}

export function eagerSearch(task: GroundTask, heuristic: Heuristic, options: EagerSearchOptions): SearchResult {
  const greedy = options.kind === 'gbfs';
  const weight = options.kind === 'astar' ? 1 : (options.weight ?? 5);
  const reopen = !greedy;
  const usePreferred = greedy && (options.preferred ?? false);
  const boost = options.boost ?? 0;
  const bound = options.bound ?? Number.POSITIVE_INFINITY;
  const budget = new Budget(options);
  const registry = new StateRegistry(task.words);
  const nodes = new SearchNodes();
  const successors = new SuccessorGenerator(task);
  const regular: OpenList = greedy ? new BucketOpenList() : new HeapOpenList();
  const preferredList = new BucketOpenList();
  const alternation = usePreferred ? new AlternationOpenList([regular, preferredList], [false, true]) : undefined;
  const open: OpenList = alternation ?? regular;
  const preferredOf = new Map<number, Int32Array>();
  const preferredOps: number[] = [];
  const isPreferred = new Int32Array(task.operators.length);
  let mark = 0;
  const parentState = new Uint32Array(task.words);
  const child = new Uint32Array(task.words);
  let expanded = 0;
  let generated = 0;
  let evaluated = 0;
  let bestH = Number.POSITIVE_INFINITY;
  const counts = () => ({ expanded, generated, evaluated, initialH });
  const key = (g: number, h: number) => (greedy ? h : g + weight * h);
  const push = (id: number, preferred: boolean) => {
    const g = nodes.g[id];
    const h = nodes.h[id];
    regular.push(key(g, h), h, id, g);
    if (preferred) preferredList.push(key(g, h), h, id, g);
  };

  const init = registry.insert(task.init);
  nodes.ensure(1);
  const initialH = task.goalImpossible
    ? Number.POSITIVE_INFINITY
    : heuristic.evaluate(task.init, usePreferred ? preferredOps : undefined);
  evaluated++;
  if (initialH === Number.POSITIVE_INFINITY) return failure('unsolvable', counts());
  nodes.parent[init] = -1;
  nodes.g[init] = 0;
  nodes.h[init] = initialH;
  nodes.status[init] = OPEN;
  if (usePreferred) preferredOf.set(init, new Int32Array(preferredOps));
  push(init, false);
  bestH = initialH;

  while (open.pop()) {
    const id = open.outA;
    const gAtPush = open.outB;
    if (nodes.status[id] === CLOSED || gAtPush > nodes.g[id]) continue;
    nodes.status[id] = CLOSED;
    registry.copy(id, parentState);
    if (holds(task.goal, parentState)) {
      const plan = nodes.plan(id);
      return { status: 'solved', plan, cost: planCost(task, plan), ...counts() };
    }
    const stop = budget.check(registry.size);
    if (stop) return failure(stop, counts());
    expanded++;
    mark++;
    const preferredHere = preferredOf.get(id);
    if (preferredHere) {
      for (const o of preferredHere) isPreferred[o] = mark;
      preferredOf.delete(id);
    }
    const g = nodes.g[id];
    const ops = successors.applicable(parentState);
    for (let i = 0; i < ops.length; i++) {
      const o = ops[i];
      const op = task.operators[o];
      if (g + op.cost >= bound) continue;
      applyOperator(task, op, parentState, child);
      const before = registry.size;
      const sid = registry.insert(child);
      generated++;
      const newG = g + op.cost;
      if (registry.size > before) {
        nodes.ensure(registry.size);
        preferredOps.length = 0;
        const h = heuristic.evaluate(child, usePreferred ? preferredOps : undefined);
        evaluated++;
        if (h === Number.POSITIVE_INFINITY) {
          nodes.status[sid] = DEAD_END;
          continue;
        }
        nodes.status[sid] = OPEN;
        nodes.parent[sid] = id;
        nodes.op[sid] = o;
        nodes.g[sid] = newG;
        nodes.h[sid] = h;
        if (usePreferred && preferredOps.length > 0) preferredOf.set(sid, new Int32Array(preferredOps));
        push(sid, usePreferred && isPreferred[o] === mark);
        if (h < bestH) {
          bestH = h;
          if (alternation && boost > 0) alternation.boostPreferred(boost);
        }
      } else if (reopen && nodes.status[sid] !== DEAD_END && newG < nodes.g[sid]) {
        nodes.status[sid] = OPEN;
        nodes.parent[sid] = id;
        nodes.op[sid] = o;
        nodes.g[sid] = newG;
        push(sid, false);
      }
    }
  }
  return failure('unsolvable', counts());
}
