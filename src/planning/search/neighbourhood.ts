/**
 * Plan neighbourhood graph search (after Nakhost and Müller, ICAPS 2010): the states a plan passes through and the
 * `limit` states nearest to them (breadth-first from all of them at once) form a graph; the cheapest path from the
 * initial state to a goal state inside that graph (uniform-cost search, successors outside the graph skipped) is
 * a plan no costlier than the given one, often much cheaper when the plan took detours a few steps from a shortcut.
 */
import { applyOperator } from '../successor.js';
import { type GroundTask, holds } from '../task.js';
import { HeapOpenList } from './open-lists.js';
import { SearchNodes } from './search-space.js';
import { StateRegistry } from './state-registry.js';
import { SuccessorGenerator } from './successors.js';

export interface NeighbourhoodResult {
  /** The cheapest plan in the neighbourhood (the given plan when nothing is cheaper). */
  plan: number[];
  cost: number;
  /** States in the neighbourhood graph. */
  states: number;
}

/** Searches the neighbourhood of `plan` (which must reach the goal); undefined if the deadline passed first. */
export function neighbourhoodSearch(
  task: GroundTask,
  plan: readonly number[],
  limit: number,
  deadline: number,
  successors: SuccessorGenerator = new SuccessorGenerator(task),
): NeighbourhoodResult | undefined {
  const registry = new StateRegistry(task.words);
  const state = new Uint32Array(task.words);
  const child = new Uint32Array(task.words);
  // The plan's states, then breadth-first around all of them (ids in insertion order are the FIFO queue).
  state.set(task.init);
  registry.insert(state);
  for (const o of plan) {
    applyOperator(task, task.operators[o], state, child);
    state.set(child);
    registry.insert(state);
  }
  for (let next = 0; next < registry.size && registry.size < limit; next++) {
    if ((next & 255) === 0 && performance.now() > deadline) return undefined;
    registry.copy(next, state);
    const ops = successors.applicable(state);
    for (let i = 0; i < ops.length && registry.size < limit; i++) {
      applyOperator(task, task.operators[ops[i]], state, child);
      registry.insert(child);
    }
  }
  // Uniform-cost search from the initial state (id 0) inside the graph.
  const nodes = new SearchNodes();
  nodes.ensure(registry.size);
  nodes.g.fill(Number.POSITIVE_INFINITY);
  nodes.parent[0] = -1;
  nodes.g[0] = 0;
  const open = new HeapOpenList();
  open.push(0, 0, 0, 0);
  let popped = 0;
  while (open.pop()) {
    const id = open.outA;
    const g = open.outB;
    if (g > nodes.g[id]) continue;
    if ((++popped & 255) === 0 && performance.now() > deadline) return undefined;
    registry.copy(id, state);
    if (holds(task.goal, state)) {
      const found = nodes.plan(id);
      return { plan: found, cost: g, states: registry.size };
    }
    const ops = successors.applicable(state);
    for (let i = 0; i < ops.length; i++) {
      const op = task.operators[ops[i]];
      applyOperator(task, op, state, child);
      const sid = registry.find(child);
      if (sid < 0 || g + op.cost >= nodes.g[sid]) continue;
      nodes.g[sid] = g + op.cost;
      nodes.parent[sid] = id;
      nodes.op[sid] = ops[i];
      open.push(g + op.cost, 0, sid, g + op.cost);
    }
  }
  throw new Error('internal: the plan neighbourhood holds no path to the goal');
}
