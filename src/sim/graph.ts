/**
 * The environment graph: VirtualHome's nodes (objects, rooms, the character) and labelled edges between them, held in
 * indexes that make the action rules cheap (edges by source and relation, and by target and relation; nodes by id and
 * class). Mutation is in place; a journal opened by `checkpoint()` lets planners try actions and `rollback()` them,
 * and `clone()` gives an independent copy when a branch must live on.
 */
import { CHARACTER_CLASS, type Property, type Relation, ROOM_CATEGORY, type State } from './vocabulary.js';

export interface BoundingBox {
  center: number[];
  size: number[];
}

/** A node as the rest of hearth sees it: everything but its states is fixed once the node exists. */
export interface GraphNode {
  readonly id: number;
  readonly className: string;
  readonly category: string;
  readonly properties: ReadonlySet<Property>;
  readonly states: ReadonlySet<State>;
  readonly prefabName?: string;
  readonly boundingBox?: BoundingBox | null;
  /** Keys of the source JSON that hearth does not interpret, kept so that a saved graph loses nothing. */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** What is needed to create a node. */
export interface NodeSpec {
  id: number;
  className: string;
  category: string;
  properties?: Iterable<Property>;
  states?: Iterable<State>;
  prefabName?: string;
  boundingBox?: BoundingBox | null;
  extra?: Record<string, unknown>;
}

export type Edge = readonly [from: number, relation: Relation, to: number];

class MutableNode implements GraphNode {
  readonly properties: ReadonlySet<Property>;
  states: Set<State>;
  readonly prefabName?: string;
  readonly boundingBox?: BoundingBox | null;
  readonly extra?: Readonly<Record<string, unknown>>;

  constructor(
    readonly id: number,
    readonly className: string,
    readonly category: string,
    properties: ReadonlySet<Property>,
    states: Set<State>,
    prefabName?: string,
    boundingBox?: BoundingBox | null,
    extra?: Readonly<Record<string, unknown>>,
  ) {
    this.properties = properties;
    this.states = states;
    if (prefabName !== undefined) this.prefabName = prefabName;
    if (boundingBox !== undefined) this.boundingBox = boundingBox;
    if (extra !== undefined) this.extra = extra;
  }

  /** A copy that shares the immutable parts and owns its states. */
  copy(): MutableNode {
    return new MutableNode(
      this.id,
      this.className,
      this.category,
      this.properties,
      new Set(this.states),
      this.prefabName,
      this.boundingBox,
      this.extra,
    );
  }
}

type Adjacency = Map<Relation, Set<number>>;

const EMPTY: ReadonlySet<number> = new Set();

/** The set of `index[node][relation]`, created when absent. */
function relationSet(index: Map<number, Adjacency>, node: number, relation: Relation): Set<number> {
  let adjacency = index.get(node);
  if (!adjacency) {
    adjacency = new Map();
    index.set(node, adjacency);
  }
  let set = adjacency.get(relation);
  if (!set) {
    set = new Set();
    adjacency.set(relation, set);
  }
  return set;
}

// Journal entries: what was done, so that rollback can undo it in reverse order.
enum Op {
  AddEdge,
  RemoveEdge,
  AddState,
  RemoveState,
  AddNode,
  SetMemo,
}
type JournalEntry =
  | readonly [Op.AddEdge | Op.RemoveEdge, number, Relation, number]
  | readonly [Op.AddState | Op.RemoveState, number, State]
  | readonly [Op.AddNode, number]
  | readonly [Op.SetMemo, string, unknown];

/** A position in the journal, returned by `checkpoint()`. */
export interface Checkpoint {
  readonly position: number;
  readonly depth: number;
}

export class EnvGraph {
  private readonly nodeMap = new Map<number, MutableNode>();
  private readonly byClass = new Map<string, number[]>();
  private readonly outEdges = new Map<number, Adjacency>();
  private readonly inEdges = new Map<number, Adjacency>();
  private edgeTotal = 0;
  private readonly memos = new Map<string, unknown>();
  private journal: JournalEntry[] = [];
  private openCheckpoints = 0;

  // ---- nodes --------------------------------------------------------------------------------------------------

  get nodeCount(): number {
    return this.nodeMap.size;
  }

  get edgeCount(): number {
    return this.edgeTotal;
  }

  /** Nodes in insertion (file) order. */
  nodes(): IterableIterator<GraphNode> {
    return this.nodeMap.values();
  }

  node(id: number): GraphNode | undefined {
    return this.nodeMap.get(id);
  }

  has(id: number): boolean {
    return this.nodeMap.has(id);
  }

  /** The node with this id; throws if there is none (use `node()` where absence is expected). */
  get(id: number): GraphNode {
    const node = this.nodeMap.get(id);
    if (!node) throw new RangeError(`no node with id ${id} in the graph`);
    return node;
  }

  /** Ids of the nodes of a class, in insertion order. */
  idsOfClass(className: string): readonly number[] {
    return this.byClass.get(className) ?? [];
  }

  classNames(): IterableIterator<string> {
    return this.byClass.keys();
  }

  get maxId(): number {
    let max = 0;
    for (const id of this.nodeMap.keys()) if (id > max) max = id;
    return max;
  }

  addNode(spec: NodeSpec): GraphNode {
    if (this.nodeMap.has(spec.id)) throw new RangeError(`node id ${spec.id} is already in the graph`);
    const node = new MutableNode(
      spec.id,
      spec.className,
      spec.category,
      new Set(spec.properties ?? []),
      new Set(spec.states ?? []),
      spec.prefabName,
      spec.boundingBox,
      spec.extra,
    );
    this.insertNode(node);
    if (this.openCheckpoints > 0) this.journal.push([Op.AddNode, node.id]);
    return node;
  }

  private insertNode(node: MutableNode): void {
    this.nodeMap.set(node.id, node);
    const ids = this.byClass.get(node.className);
    if (ids) ids.push(node.id);
    else this.byClass.set(node.className, [node.id]);
  }

  /** Removes a node that has no edges left (only used to undo `addNode`). */
  private deleteNode(id: number): void {
    const node = this.nodeMap.get(id);
    if (!node) return;
    for (const [rel, targets] of this.outEdges.get(id) ?? []) for (const to of [...targets]) this.unlink(id, rel, to);
    for (const [rel, sources] of this.inEdges.get(id) ?? [])
      for (const from of [...sources]) this.unlink(from, rel, id);
    this.nodeMap.delete(id);
    this.outEdges.delete(id);
    this.inEdges.delete(id);
    const ids = this.byClass.get(node.className);
    if (ids) {
      const at = ids.lastIndexOf(id);
      if (at >= 0) ids.splice(at, 1);
      if (ids.length === 0) this.byClass.delete(node.className);
    }
  }

  // ---- states -------------------------------------------------------------------------------------------------

  hasState(id: number, state: State): boolean {
    return this.nodeMap.get(id)?.states.has(state) ?? false;
  }

  hasProperty(id: number, property: Property): boolean {
    return this.nodeMap.get(id)?.properties.has(property) ?? false;
  }

  /** Adds a state; returns false if the node already had it. */
  addState(id: number, state: State): boolean {
    const node = this.mutableNode(id);
    if (node.states.has(state)) return false;
    node.states.add(state);
    if (this.openCheckpoints > 0) this.journal.push([Op.AddState, id, state]);
    return true;
  }

  /** Removes a state; returns false if the node did not have it. */
  removeState(id: number, state: State): boolean {
    const node = this.mutableNode(id);
    if (!node.states.delete(state)) return false;
    if (this.openCheckpoints > 0) this.journal.push([Op.RemoveState, id, state]);
    return true;
  }

  private mutableNode(id: number): MutableNode {
    const node = this.nodeMap.get(id);
    if (!node) throw new RangeError(`no node with id ${id} in the graph`);
    return node;
  }

  // ---- edges --------------------------------------------------------------------------------------------------

  hasEdge(from: number, relation: Relation, to: number): boolean {
    return this.outEdges.get(from)?.get(relation)?.has(to) ?? false;
  }

  /** Targets of the edges `from -relation-> *`, in insertion order. Do not mutate the graph while iterating it. */
  targets(from: number, relation: Relation): ReadonlySet<number> {
    return this.outEdges.get(from)?.get(relation) ?? EMPTY;
  }

  /** Sources of the edges `* -relation-> to`, in insertion order. Do not mutate the graph while iterating it. */
  sources(to: number, relation: Relation): ReadonlySet<number> {
    return this.inEdges.get(to)?.get(relation) ?? EMPTY;
  }

  /** Relations that leave a node, with their targets. */
  outgoing(from: number): ReadonlyMap<Relation, ReadonlySet<number>> {
    return this.outEdges.get(from) ?? new Map();
  }

  /** Relations that enter a node, with their sources. */
  incoming(to: number): ReadonlyMap<Relation, ReadonlySet<number>> {
    return this.inEdges.get(to) ?? new Map();
  }

  /** Adds an edge between existing nodes; returns false if it was already there. */
  addEdge(from: number, relation: Relation, to: number): boolean {
    if (!this.nodeMap.has(from) || !this.nodeMap.has(to)) {
      throw new RangeError(`edge ${from} ${relation} ${to} names a node that is not in the graph`);
    }
    if (!this.link(from, relation, to)) return false;
    if (this.openCheckpoints > 0) this.journal.push([Op.AddEdge, from, relation, to]);
    return true;
  }

  /** Removes an edge; returns false if it was not there. */
  removeEdge(from: number, relation: Relation, to: number): boolean {
    if (!this.unlink(from, relation, to)) return false;
    if (this.openCheckpoints > 0) this.journal.push([Op.RemoveEdge, from, relation, to]);
    return true;
  }

  /** All edges, grouped by source node in insertion order. */
  *edges(): IterableIterator<Edge> {
    for (const [from, adjacency] of this.outEdges) {
      for (const [relation, targets] of adjacency) for (const to of targets) yield [from, relation, to];
    }
  }

  private link(from: number, relation: Relation, to: number): boolean {
    const targets = relationSet(this.outEdges, from, relation);
    if (targets.has(to)) return false;
    targets.add(to);
    relationSet(this.inEdges, to, relation).add(from);
    this.edgeTotal++;
    return true;
  }

  private unlink(from: number, relation: Relation, to: number): boolean {
    const targets = this.outEdges.get(from)?.get(relation);
    if (!targets?.delete(to)) return false;
    this.inEdges.get(to)?.get(relation)?.delete(from);
    this.edgeTotal--;
    return true;
  }

  // ---- memos --------------------------------------------------------------------------------------------------

  /**
   * A value remembered with the graph that is not part of the graph itself: the reference executor keeps such
   * bookkeeping beside its graph (where a grabbed object was taken from). Memos are journalled and cloned like edges,
   * so rollback restores them, but they are not written to graph files. Values must be treated as immutable.
   */
  memo<T>(key: string): T | undefined {
    return this.memos.get(key) as T | undefined;
  }

  /** Sets (or, with `undefined`, deletes) a memo. */
  setMemo(key: string, value: unknown): void {
    const previous = this.memos.get(key);
    if (previous === value) return;
    if (value === undefined) this.memos.delete(key);
    else this.memos.set(key, value);
    if (this.openCheckpoints > 0) this.journal.push([Op.SetMemo, key, previous]);
  }

  /** Deletes every memo whose key starts with `prefix` (journalled like `setMemo`). */
  clearMemos(prefix: string): void {
    const keys = [...this.memos.keys()].filter((key) => key.startsWith(prefix)).sort();
    for (const key of keys) this.setMemo(key, undefined);
  }

  // ---- rooms and the character --------------------------------------------------------------------------------

  isRoom(id: number): boolean {
    return this.nodeMap.get(id)?.category === ROOM_CATEGORY;
  }

  /** Room ids in insertion order. */
  rooms(): number[] {
    const out: number[] = [];
    for (const node of this.nodeMap.values()) if (node.category === ROOM_CATEGORY) out.push(node.id);
    return out;
  }

  /**
   * The room a node is in: the node itself for a room, else the first room reached by following INSIDE edges
   * (VirtualHome graphs give every object a direct INSIDE edge to its room). Cycles are guarded against.
   */
  roomOf(id: number): number | undefined {
    if (this.isRoom(id)) return id;
    const direct = this.outEdges.get(id)?.get('INSIDE');
    if (!direct) return undefined;
    for (const to of direct) if (this.isRoom(to)) return to;
    const seen = new Set<number>([id]);
    const frontier = [...direct];
    while (frontier.length > 0) {
      const next = frontier.shift()!;
      if (seen.has(next)) continue;
      seen.add(next);
      if (this.isRoom(next)) return next;
      for (const to of this.targets(next, 'INSIDE')) if (!seen.has(to)) frontier.push(to);
    }
    return undefined;
  }

  /** Ids of the characters, lowest id first (the reference executor's character order). */
  characters(): number[] {
    return [...this.idsOfClass(CHARACTER_CLASS)].sort((a, b) => a - b);
  }

  /** The first character's id; throws if the graph has none. */
  characterId(index = 0): number {
    const chars = this.characters();
    if (index >= chars.length) throw new RangeError(`the graph has ${chars.length} character(s), not ${index + 1}`);
    return chars[index];
  }

  // ---- journal and copies -------------------------------------------------------------------------------------

  /**
   * Starts recording changes. `rollback(cp)` undoes everything since, `release(cp)` keeps the changes. Checkpoints
   * nest; recording costs one array push per change and stops when the outermost checkpoint is closed.
   */
  checkpoint(): Checkpoint {
    this.openCheckpoints++;
    return { position: this.journal.length, depth: this.openCheckpoints };
  }

  rollback(cp: Checkpoint): void {
    this.assertInnermost(cp);
    const journal = this.journal;
    while (journal.length > cp.position) {
      const entry = journal.pop()!;
      switch (entry[0]) {
        case Op.AddEdge:
          this.unlink(entry[1], entry[2], entry[3]);
          break;
        case Op.RemoveEdge:
          this.link(entry[1], entry[2], entry[3]);
          break;
        case Op.AddState:
          this.mutableNode(entry[1]).states.delete(entry[2]);
          break;
        case Op.RemoveState:
          this.mutableNode(entry[1]).states.add(entry[2]);
          break;
        case Op.AddNode:
          this.deleteNode(entry[1]);
          break;
        case Op.SetMemo:
          if (entry[2] === undefined) this.memos.delete(entry[1]);
          else this.memos.set(entry[1], entry[2]);
          break;
      }
    }
    this.close();
  }

  release(cp: Checkpoint): void {
    this.assertInnermost(cp);
    this.close();
  }

  private assertInnermost(cp: Checkpoint): void {
    if (cp.depth !== this.openCheckpoints || cp.position > this.journal.length) {
      throw new Error('checkpoints must be rolled back or released innermost first');
    }
  }

  private close(): void {
    this.openCheckpoints--;
    if (this.openCheckpoints === 0) this.journal = [];
  }

  /** Runs `fn` on this graph and undoes whatever it changed, returning its result. */
  tryChanges<T>(fn: (graph: EnvGraph) => T): T {
    const cp = this.checkpoint();
    try {
      return fn(this);
    } finally {
      this.rollback(cp);
    }
  }

  /** An independent copy (node states and edges are copied; immutable node parts are shared). */
  clone(): EnvGraph {
    const copy = new EnvGraph();
    for (const node of this.nodeMap.values()) copy.insertNode(node.copy());
    for (const [from, adjacency] of this.outEdges) {
      const out: Adjacency = new Map();
      for (const [relation, targets] of adjacency) out.set(relation, new Set(targets));
      copy.outEdges.set(from, out);
    }
    for (const [to, adjacency] of this.inEdges) {
      const inc: Adjacency = new Map();
      for (const [relation, sources] of adjacency) inc.set(relation, new Set(sources));
      copy.inEdges.set(to, inc);
    }
    copy.edgeTotal = this.edgeTotal;
    for (const [key, value] of this.memos) copy.memos.set(key, value);
    return copy;
  }
}
