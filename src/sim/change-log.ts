/**
 * A record of the effective changes made to a graph (edges and states that really appeared or disappeared), in
 * order, with step boundaries. A replay keeps one instead of a copy of the start graph: the diff against the start
 * is folded from the log at the end (cost proportional to the changes, not the graph), and earlier states can be
 * queried by walking the log backwards (EAI's temporal-order check).
 */

import { type GraphDiff, type StateChange, sortEdges } from './diff.js';
import type { Edge, EnvGraph } from './graph.js';
import type { Relation, State } from './vocabulary.js';

export enum ChangeKind {
  AddEdge,
  RemoveEdge,
  AddState,
  RemoveState,
}

export type Change =
  | readonly [ChangeKind.AddEdge | ChangeKind.RemoveEdge, number, Relation, number]
  | readonly [ChangeKind.AddState | ChangeKind.RemoveState, number, State];

export class ChangeLog {
  private readonly changes: Change[] = [];
  private readonly stepStarts: number[] = [];

  /** Marks the start of the next step; `changesOfStep(i)` returns what it changed. */
  beginStep(): void {
    this.stepStarts.push(this.changes.length);
  }

  get stepCount(): number {
    return this.stepStarts.length;
  }

  addedEdge(from: number, relation: Relation, to: number): void {
    this.changes.push([ChangeKind.AddEdge, from, relation, to]);
  }

  removedEdge(from: number, relation: Relation, to: number): void {
    this.changes.push([ChangeKind.RemoveEdge, from, relation, to]);
  }

  addedState(id: number, state: State): void {
    this.changes.push([ChangeKind.AddState, id, state]);
  }

  removedState(id: number, state: State): void {
    this.changes.push([ChangeKind.RemoveState, id, state]);
  }

  /**
   * The net difference between the graph as it was when the log started and `graph` now (the graph the log was
   * recorded on): an edge or state touched by the log counts when its first-seen value differs from its value now.
   */
  diff(graph: EnvGraph): GraphDiff {
    const edgeWasThere = new Map<string, { edge: Edge; before: boolean }>();
    const statesBefore = new Map<number, Set<State>>();
    // Walking backwards, undoing each change, leaves each entry holding its value before the first change.
    for (let i = this.changes.length - 1; i >= 0; i--) {
      const c = this.changes[i];
      if (isEdgeChange(c)) {
        edgeWasThere.set(`${c[1]} ${c[2]} ${c[3]}`, {
          edge: [c[1], c[2], c[3]],
          before: c[0] === ChangeKind.RemoveEdge,
        });
      } else {
        let before = statesBefore.get(c[1]);
        if (!before) {
          before = new Set(graph.get(c[1]).states);
          statesBefore.set(c[1], before);
        }
        if (changeSign(c) > 0) before.delete(c[2]);
        else before.add(c[2]);
      }
    }
    const edgesAdded: Edge[] = [];
    const edgesRemoved: Edge[] = [];
    for (const { edge, before } of edgeWasThere.values()) {
      const now = graph.hasEdge(edge[0], edge[1], edge[2]);
      if (now && !before) edgesAdded.push(edge);
      else if (!now && before) edgesRemoved.push(edge);
    }
    const stateChanges: Record<string, StateChange> = {};
    for (const id of [...statesBefore.keys()].sort((a, b) => a - b)) {
      const before = [...statesBefore.get(id)!].sort();
      const after = [...graph.get(id).states].sort();
      if (before.length !== after.length || before.some((s, i) => s !== after[i])) {
        stateChanges[String(id)] = { before, after };
      }
    }
    return { edgesAdded: sortEdges(edgesAdded), edgesRemoved: sortEdges(edgesRemoved), stateChanges };
  }

  /**
   * Calls `visit(k)` for the state before step k, for k from `stepCount - 1` (the current state if the last step
   * changed nothing, as after a failed step) down to 0 (the start), after `undo` has been told every change of the
   * later steps in reverse order. Stops early when `visit` returns true; returns whether it did.
   */
  walkBack(undo: (change: Change) => void, visit: (step: number) => boolean): boolean {
    let position = this.changes.length;
    for (let step = this.stepStarts.length - 1; step >= 0; step--) {
      const start = this.stepStarts[step];
      while (position > start) undo(this.changes[--position]);
      if (visit(step)) return true;
    }
    return false;
  }
}

export function isEdgeChange(
  change: Change,
): change is readonly [ChangeKind.AddEdge | ChangeKind.RemoveEdge, number, Relation, number] {
  return change[0] === ChangeKind.AddEdge || change[0] === ChangeKind.RemoveEdge;
}

/** +1 if the change added its edge or state, -1 if it removed it. */
export function changeSign(change: Change): 1 | -1 {
  return change[0] === ChangeKind.AddEdge || change[0] === ChangeKind.AddState ? 1 : -1;
}
