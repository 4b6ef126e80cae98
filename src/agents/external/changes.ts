/**
 * Version 2 of the agent protocol sends what changed (protocol.ts, docs/agent-protocol.md "Version 2"): a step's
 * nodes, edges and candidates as changes against what the program has been shown in the episode. These keep, for one
 * episode, what the program knows, and give the changes to the next message; the program rebuilds the lists.
 *
 * Most of a step's version-1 line was the same as the last one's (on cottage: 82 candidates, 126 edges and 43 nodes,
 * 5.8 KB, of which a skill changes a few entries): writing and parsing it was most of the protocol's cost per step.
 */
import { sortEdges } from '../../sim/diff.js';
import type { Edge } from '../../sim/graph.js';
import type { Skill } from '../../sim/skill.js';
import { RELATIONS } from '../../sim/vocabulary.js';
import type { EdgeChanges, SkillCall } from './protocol.js';

interface NodeStates {
  readonly id: number;
  readonly states: readonly string[];
}

const sameStates = (a: readonly string[], b: readonly string[]) =>
  a === b || (a.length === b.length && a.every((state, i) => state === b[i]));

const relationIndex = new Map<string, number>(RELATIONS.map((relation, i) => [relation, i]));
const ID_LIMIT = 2 ** 24;

/**
 * An edge as a key: a number when its ids and relation allow (every home's do; a string built per edge and step was
 * most of the time these take), else a string. The two kinds never equal each other.
 */
function edgeKey(edge: Edge): number | string {
  const [from, relation, to] = edge;
  const r = relationIndex.get(relation);
  return r !== undefined && from < ID_LIMIT && to < ID_LIMIT && from >= 0 && to >= 0
    ? (from * RELATIONS.length + r) * ID_LIMIT + to
    : `${from} ${relation} ${to}`;
}

/**
 * What the program knows of a list of nodes and edges (the observation's, or the true state's), and the changes that
 * bring it to the next message's. The program keeps every node's states and every edge it has been shown in the
 * episode, whether still in view or not, and which nodes are in view now; the list is the nodes in view, with their
 * known states, and the known edges between two of them. So a room the agent comes back to costs only what changed
 * there since it last saw it (an agent going back and forth between two rooms would otherwise be sent each room whole
 * at every step).
 */
export class ViewChanges {
  /** The states last shown of every node shown in the episode. */
  private readonly states = new Map<number, readonly string[]>();
  /** The nodes in view in the last message. */
  private inView = new Set<number>();
  /** Every edge shown in the episode and not dropped since, with the last call that found it true. */
  private readonly edges = new Map<number | string, { readonly edge: Edge; call: number }>();
  private calls = 0;

  /**
   * Against what the program knows: the nodes in view whose states it does not know (new, or changed since it was
   * last shown), the ids of those back in view as it last saw them and of those that left view; the edges between
   * nodes in view that it does not know, and the known ones between nodes in view that no longer hold. Each list in
   * the order the inputs give (nodes by id, edges sorted), `drop`s sorted.
   */
  next<N extends NodeStates>(
    nodes: readonly N[],
    edges: readonly Edge[],
  ): { nodes: { set: N[]; show: number[]; drop: number[] }; edges: EdgeChanges } {
    const inView = new Set<number>();
    const set: N[] = [];
    const show: number[] = [];
    for (const node of nodes) {
      inView.add(node.id);
      const known = this.states.get(node.id);
      if (known === undefined || !sameStates(known, node.states)) {
        set.push(node);
        this.states.set(node.id, node.states);
      } else if (!this.inView.has(node.id)) {
        show.push(node.id);
      }
    }
    const drop: number[] = [];
    for (const id of this.inView) if (!inView.has(id)) drop.push(id);
    this.inView = inView;

    const call = ++this.calls;
    const add: Edge[] = [];
    for (const edge of edges) {
      const key = edgeKey(edge);
      const known = this.edges.get(key);
      if (known) known.call = call;
      else {
        add.push(edge);
        this.edges.set(key, { edge, call });
      }
    }
    const gone: Edge[] = [];
    for (const [key, { edge, call: seen }] of this.edges) {
      if (seen !== call && inView.has(edge[0]) && inView.has(edge[2])) {
        gone.push(edge);
        this.edges.delete(key);
      }
    }
    return {
      nodes: { set, show, drop: drop.sort((a, b) => a - b) },
      edges: { add, drop: sortEdges(gone) } as EdgeChanges,
    };
  }
}

/** A trie of skill calls (the action, then each object): a call's id without building a key for it. */
interface CallTrie {
  id?: number;
  readonly next: Map<number, CallTrie>;
}

/** The candidates of an episode by id: each distinct call gets the next id the first time it is offered. */
export class CandidateIds {
  private readonly byAction = new Map<string, CallTrie>();
  private readonly calls: Skill[] = [];
  /** The ids of the last call's candidates. */
  private offered: readonly number[] = [];

  /** The candidates' ids, in order, and the calls never offered before (which take the next ids, in order). */
  next(candidates: readonly Skill[]): { candidates: number[]; newCandidates: SkillCall[] } {
    const ids: number[] = [];
    const added: SkillCall[] = [];
    for (const skill of candidates) {
      let trie: CallTrie | undefined = this.byAction.get(skill.action);
      if (!trie) {
        trie = { next: new Map() };
        this.byAction.set(skill.action, trie);
      }
      for (const object of skill.objects) {
        let next: CallTrie | undefined = trie.next.get(object);
        if (!next) {
          next = { next: new Map() };
          trie.next.set(object, next);
        }
        trie = next;
      }
      if (trie.id === undefined) {
        trie.id = this.calls.length;
        this.calls.push(skill);
        added.push({ skill: skill.action, args: skill.objects as number[] });
      }
      ids.push(trie.id);
    }
    this.offered = ids;
    return { candidates: ids, newCandidates: added };
  }

  /** The call of a candidate id the last message offered, or undefined. */
  offeredCall(id: number): Skill | undefined {
    return this.offered.includes(id) ? this.calls[id] : undefined;
  }

  /** How many candidates the last message offered. */
  get offeredCount(): number {
    return this.offered.length;
  }
}
