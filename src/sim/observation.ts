/**
 * What an agent perceives at one step: the nodes it can see (by the reference executor's visibility rule, computed
 * by `observe.ts`) and the edges among them. Memories (TEKG, symbolic states) are built from this shape only, never
 * from the true graph, so an agent cannot peek.
 */
import type { Edge } from './graph.js';
import type { Property, State } from './vocabulary.js';

export interface ObservedNode {
  readonly id: number;
  readonly className: string;
  readonly category: string;
  readonly properties: readonly Property[];
  /** States sorted by name. */
  readonly states: readonly State[];
}

export interface Observation {
  readonly characterId: number;
  /** The room the character is in. */
  readonly roomId: number;
  /** Visible nodes, sorted by id (the character, its room and the other rooms included). */
  readonly nodes: readonly ObservedNode[];
  /** Edges whose both ends are visible, sorted by (from, relation, to). */
  readonly edges: readonly Edge[];
}
