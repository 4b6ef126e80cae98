/**
 * What changed between two graphs over the same nodes: edges added and removed, and node state changes. This is
 * the form the reference executor's replays are recorded in, so conformance is a comparison of two diffs.
 */
import type { Edge, EnvGraph } from './graph.js';
import type { Relation, State } from './vocabulary.js';

export interface StateChange {
  before: State[];
  after: State[];
}

export interface GraphDiff {
  edgesAdded: Edge[];
  edgesRemoved: Edge[];
  /** By node id (as a string key, the JSON form). */
  stateChanges: Record<string, StateChange>;
}

/** Edges sorted by (from, relation, to): a canonical order for output and comparison. */
export function sortEdges(edges: Edge[]): Edge[] {
  return edges.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) || a[2] - b[2]);
}

export function diffGraphs(before: EnvGraph, after: EnvGraph): GraphDiff {
  return {
    edgesAdded: sortEdges(missingEdges(after, before)),
    edgesRemoved: sortEdges(missingEdges(before, after)),
    stateChanges: stateChanges(before, after),
  };
}

/** Edges of `a` that `b` lacks. */
function missingEdges(a: EnvGraph, b: EnvGraph): Edge[] {
  const out: Edge[] = [];
  for (const edge of a.edges()) if (!b.hasEdge(edge[0], edge[1] as Relation, edge[2])) out.push(edge);
  return out;
}

function stateChanges(before: EnvGraph, after: EnvGraph): Record<string, StateChange> {
  const changes: Record<string, StateChange> = {};
  const ids = new Set<number>();
  for (const node of before.nodes()) ids.add(node.id);
  for (const node of after.nodes()) ids.add(node.id);
  for (const id of [...ids].sort((a, b) => a - b)) {
    const was = before.node(id)?.states ?? new Set<State>();
    const now = after.node(id)?.states ?? new Set<State>();
    if (was.size === now.size && [...was].every((s) => now.has(s))) continue;
    changes[String(id)] = { before: [...was].sort(), after: [...now].sort() };
  }
  return changes;
}
