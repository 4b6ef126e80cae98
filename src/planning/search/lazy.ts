/**
 * Lazy greedy best-first search with deferred evaluation and preferred operators, after Fast Downward's
 * `lazy_greedy([h], preferred=[h])`: successors enter the open lists keyed by their parent's heuristic value and
 * are only generated and evaluated when popped. With preferred operators, two lists alternate: all successors, and
 * only those reached by a preferred operator; whenever a new best heuristic value is found, the preferred list is
 * boosted (it gets `boost` extra turns). No reopening: the first path found to a state is kept.
 */
import type { Heuristic } from '../heuristics/heuristic.js';
import { applyOperator } from '../successor.js';
import { type GroundTask, holds } from '../task.js';
import { AlternationOpenList, BucketOpenList, type OpenList } from './open-lists.js';
import {
  Budget,
  CLOSED,
  DEAD_END,
  failure,
  NEW,
  planCost,
  type SearchLimits,
  SearchNodes,
  type SearchResult,
} from './search-space.js';
import { StateRegistry } from './state-registry.js';
import { SuccessorGenerator } from './successors.js';

export interface LazySearchOptions extends SearchLimits {
  /** Use the heuristic's preferred operators (default true). */
  preferred?: boolean;
  /** Extra turns for the preferred list on progress (Fast Downward's default for lazy_greedy: 1000). */
  boost?: number;
}

export function lazyGreedySearch(
  task: GroundTask,
  heuristic: Heuristic,
  options: LazySearchOptions = {},
): SearchResult {
  const usePreferred = options.preferred ?? true;
  const boost = options.boost ?? 1000;
  const budget = new Budget(options);
  const registry = new StateRegistry(task.words);
  const nodes = new SearchNodes();
  const successors = new SuccessorGenerator(task);
  const regular = new BucketOpenList();
  const preferredList = new BucketOpenList();
  const alternation = usePreferred ? new AlternationOpenList([regular, preferredList], [false, true]) : undefined;
  const open: OpenList = alternation ?? regular;
  const preferredOps: number[] = [];
  const isPreferred = new Int32Array(task.operators.length);
  let mark = 0;
  const buffer = new Uint32Array(task.words);
  const next = new Uint32Array(task.words);
  let expanded = 0;
  let generated = 0;
  let evaluated = 0;
  let initialH = Number.POSITIVE_INFINITY;
  let bestH = Number.POSITIVE_INFINITY;
  const counts = () => ({ expanded, generated, evaluated, initialH });
  if (task.goalImpossible) return failure('unsolvable', counts());

  let current = registry.insert(task.init);
  nodes.ensure(1);
  nodes.parent[current] = -1;
  nodes.g[current] = 0;
  for (;;) {
    if (nodes.status[current] === NEW) {
      const state = registry.get(current);
      preferredOps.length = 0;
      const h = heuristic.evaluate(state, usePreferred ? preferredOps : undefined);
      evaluated++;
      if (current === 0) initialH = h;
      if (h === Number.POSITIVE_INFINITY) {
        nodes.status[current] = DEAD_END;
      } else {
        nodes.status[current] = CLOSED;
        nodes.h[current] = h;
        if (holds(task.goal, state)) {
          const plan = nodes.plan(current);
          return { status: 'solved', plan, cost: planCost(task, plan), ...counts() };
        }
        if (h < bestH) {
          if (bestH !== Number.POSITIVE_INFINITY && alternation) alternation.boostPreferred(boost);
          bestH = h;
        }
        mark++;
        for (const o of preferredOps) isPreferred[o] = mark;
        const ops = successors.applicable(state);
        generated += ops.length;
        for (let i = 0; i < ops.length; i++) {
          const o = ops[i];
          regular.push(h, 0, current, o);
          if (usePreferred && isPreferred[o] === mark) preferredList.push(h, 0, current, o);
        }
        expanded++;
      }
    }
    const stop = budget.check(registry.size);
    if (stop) return failure(stop, counts());
    // Fetch the next state: the successor of the best (parent, operator) entry.
    if (!open.pop()) return failure('unsolvable', counts());
    const parent = open.outA;
    const op = task.operators[open.outB];
    registry.copy(parent, buffer);
    applyOperator(task, op, buffer, next);
    const before = registry.size;
    current = registry.insert(next);
    if (registry.size > before) {
      nodes.ensure(registry.size);
      nodes.status[current] = NEW;
      nodes.parent[current] = parent;
      nodes.op[current] = open.outB;
      nodes.g[current] = nodes.g[parent] + op.cost;
    }
  }
}
