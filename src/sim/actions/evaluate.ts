/**
 * The interpreter of the rule language (`descriptors.ts`): evaluates conditions on an EnvGraph, resolves the
 * subjects of a step, and applies effects in place, optionally recording every effective change in a ChangeLog.
 *
 * Where the reference takes "the first" node of a Python set (the room of a node, the place a grabbed object came
 * from), the choice follows CPython's set iteration order (`python-set-order.ts`); everywhere else a rule acts on
 * whole sets, where order cannot matter.
 */

import { registerCache } from '../../util/caches.js';
import type { ChangeLog } from '../change-log.js';
import type { EnvGraph } from '../graph.js';
import type { Relation, State } from '../vocabulary.js';
import type { Effect, MissingSpec, RuleBody, RuleCondition, Subject, TargetsOf } from './descriptors.js';
import { firstInPythonSetOrder } from './python-set-order.js';

/** Where a grabbed object came from (the reference's executor_data[(GRAB, id)]). */
export interface GrabOrigin {
  readonly origin: number;
  readonly relation: Relation;
}

const grabKey = (id: number): string => `grab:${id}`;

export function grabOrigin(graph: EnvGraph, id: number): GrabOrigin | undefined {
  return graph.memo<GrabOrigin>(grabKey(id));
}

/** Forgets every grab origin, as a reference executor rebuilt from the graph's JSON does. */
export function forgetGrabOrigins(graph: EnvGraph): void {
  graph.clearMemos('grab:');
}

/**
 * The room of a node as the reference finds it: the node itself if it is a room; if it is INSIDE several nodes,
 * the first room among them (none: no room); if INSIDE exactly one, follow the chain of first INSIDE targets until
 * a room. The reference loops forever on an INSIDE cycle along that chain; here a cycle means no room.
 */
export function roomOf(graph: EnvGraph, id: number): number | undefined {
  if (graph.isRoom(id)) return id;
  let inside = graph.targets(id, 'INSIDE');
  if (inside.size > 1) return firstInPythonSetOrder(inside, (n) => graph.isRoom(n));
  const seen = new Set<number>([id]);
  while (inside.size > 0) {
    const next = firstInPythonSetOrder(inside, () => true)!;
    if (graph.isRoom(next)) return next;
    if (seen.has(next)) return undefined;
    seen.add(next);
    inside = graph.targets(next, 'INSIDE');
  }
  return undefined;
}

/** The node ids a step is about, fixed before its first effect. */
export interface StepContext {
  readonly graph: EnvGraph;
  readonly char: number;
  /** Ids of the script line's objects (all nodes of the graph). */
  readonly objects: readonly number[];
  readonly charRoom: number | undefined;
  readonly room0: number | undefined;
  /** Grab memo of object 0 before the step. */
  readonly origin: GrabOrigin | undefined;
}

export function stepContext(graph: EnvGraph, char: number, objects: readonly number[]): StepContext {
  return {
    graph,
    char,
    objects,
    charRoom: roomOf(graph, char),
    room0: objects.length > 0 ? roomOf(graph, objects[0]) : undefined,
    origin: objects.length > 0 ? grabOrigin(graph, objects[0]) : undefined,
  };
}

export function resolve(ctx: StepContext, subject: Subject): number | undefined {
  switch (subject) {
    case 0:
    case 1:
      return ctx.objects[subject];
    case 'char':
      return ctx.char;
    case 'charRoom':
      return ctx.charRoom;
    case 'room0':
      return ctx.room0;
    case 'origin':
      return ctx.origin?.origin;
  }
}

// ---- conditions -----------------------------------------------------------------------------------------------

/** The reference's loose closeness: a CLOSE edge, or a CLOSE edge to something that is close to it or bears it. */
export function isCloseTo(graph: EnvGraph, char: number, node: number): boolean {
  if (graph.hasEdge(char, 'CLOSE', node)) return true;
  for (const near of graph.targets(char, 'CLOSE')) {
    if (graph.hasEdge(near, 'CLOSE', node) || graph.hasEdge(node, 'ON', near)) return true;
  }
  return false;
}

export function isFacing(graph: EnvGraph, char: number, node: number): boolean {
  if (graph.hasEdge(char, 'FACING', node)) return true;
  for (const faced of graph.targets(char, 'FACING')) if (graph.hasEdge(faced, 'FACING', node)) return true;
  return false;
}

/** The hand a grab would use: the right if free, else the left, else none. */
export function freeHandOf(graph: EnvGraph, char: number): 'HOLDS_RH' | 'HOLDS_LH' | undefined {
  if (graph.targets(char, 'HOLDS_RH').size === 0) return 'HOLDS_RH';
  if (graph.targets(char, 'HOLDS_LH').size === 0) return 'HOLDS_LH';
  return undefined;
}

/** Nodes the character holds, left hand first (the reference's order). */
export function heldBy(graph: EnvGraph, char: number): number[] {
  return [...graph.targets(char, 'HOLDS_LH'), ...graph.targets(char, 'HOLDS_RH')];
}

export function evaluate(ctx: StepContext, condition: RuleCondition): boolean {
  const g = ctx.graph;
  switch (condition.test) {
    case 'property': {
      const id = resolve(ctx, condition.of);
      if (id === undefined) return false;
      if (condition.anyOf.some((p) => g.hasProperty(id, p))) return true;
      return condition.orClass?.includes(g.get(id).className) ?? false;
    }
    case 'class': {
      const id = resolve(ctx, condition.of);
      return id !== undefined && condition.anyOf.includes(g.get(id).className);
    }
    case 'state': {
      const id = resolve(ctx, condition.of);
      return id !== undefined && g.hasState(id, condition.state);
    }
    case 'edge': {
      const from = resolve(ctx, condition.from);
      const to = resolve(ctx, condition.to);
      return from !== undefined && to !== undefined && g.hasEdge(from, condition.relation, to);
    }
    case 'close': {
      const to = resolve(ctx, condition.to);
      return to !== undefined && isCloseTo(g, ctx.char, to);
    }
    case 'facing': {
      const to = resolve(ctx, condition.to);
      return to !== undefined && isFacing(g, ctx.char, to);
    }
    case 'holds': {
      const what = resolve(ctx, condition.what);
      return what !== undefined && (g.hasEdge(ctx.char, 'HOLDS_RH', what) || g.hasEdge(ctx.char, 'HOLDS_LH', what));
    }
    case 'holdsAnything':
      return g.targets(ctx.char, 'HOLDS_RH').size > 0 || g.targets(ctx.char, 'HOLDS_LH').size > 0;
    case 'holdsClassContaining':
      return heldBy(g, ctx.char).some((id) => g.get(id).className.includes(condition.text));
    case 'freeHand':
      return freeHandOf(g, ctx.char) !== undefined;
    case 'insideClosed': {
      const id = resolve(ctx, condition.of);
      if (id === undefined) return false;
      for (const box of g.targets(id, 'INSIDE')) if (g.hasState(box, 'CLOSED') && !g.isRoom(box)) return true;
      return false;
    }
    case 'grabbed': {
      const id = resolve(ctx, condition.of);
      return id !== undefined && grabOrigin(g, id) !== undefined;
    }
    case 'full': {
      const id = resolve(ctx, condition.of);
      if (id === undefined) return false;
      const capacity = condition.capacity[g.get(id).className] ?? condition.otherwise;
      return g.sources(id, 'ON').size >= capacity;
    }
    case 'bearsAnything': {
      const id = resolve(ctx, condition.of);
      return id !== undefined && g.sources(id, 'ON').size > 0;
    }
    case 'bearsProperty': {
      const id = resolve(ctx, condition.of);
      if (id === undefined) return false;
      for (const thing of g.sources(id, 'ON')) if (g.hasProperty(thing, condition.property)) return true;
      return false;
    }
    case 'inRoom':
      return resolve(ctx, condition.of) !== undefined;
    case 'same': {
      const a = resolve(ctx, condition.a);
      return a !== undefined && a === resolve(ctx, condition.b);
    }
    case 'originRelation':
      return ctx.origin?.relation === condition.relation;
    case 'not':
      return !evaluate(ctx, condition.condition);
    case 'any':
      return condition.conditions.some((c) => evaluate(ctx, c));
    case 'all':
      return condition.conditions.every((c) => evaluate(ctx, c));
  }
}

// ---- missing preconditions (EAI's temporal-order checker) -----------------------------------------------------

/** A resolved missing precondition: an edge pattern or a node state, possibly negated. */
export type MissingAtom =
  | { readonly negate: boolean; readonly from: number; readonly relation: string; readonly to: number }
  | { readonly negate: boolean; readonly id: number; readonly state: State };

/** `relation: 'HOLDS'` matches both hands; `to: -1` (EAI's wildcard) any node. */
export function resolveMissing(ctx: StepContext, specs: readonly MissingSpec[]): MissingAtom[] {
  const out: MissingAtom[] = [];
  for (const spec of specs) {
    const negate = spec.negate ?? false;
    if ('edge' in spec) {
      const [from, relation, to] = spec.edge;
      const fromId = resolve(ctx, from);
      const toId = to === 'anything' ? -1 : resolve(ctx, to);
      if (fromId !== undefined && toId !== undefined) out.push({ negate, from: fromId, relation, to: toId });
    } else {
      const id = resolve(ctx, spec.state[0]);
      if (id !== undefined) out.push({ negate, id, state: spec.state[1] });
    }
  }
  return out;
}

/** EAI's wording of a missing precondition: `CLOSE(65, 413)`, `not SITTING(65)`. */
export function describeMissing(atom: MissingAtom): string {
  const text = 'state' in atom ? `${atom.state}(${atom.id})` : `${atom.relation}(${atom.from}, ${atom.to})`;
  return atom.negate ? `not ${text}` : text;
}

// ---- effects --------------------------------------------------------------------------------------------------

/** What effects need from before the step, beyond the subjects. */
export interface PreStep {
  readonly freeHand: Relation | undefined;
  /** GRAB's origin candidate of object 0 (only computed for rules with `noteOrigin`). */
  readonly grabOrigin: GrabOrigin | undefined;
  /** Nodes held before the step (only for `walkTo`). */
  readonly held: readonly number[];
}

export function preStep(ctx: StepContext, body: RuleBody): PreStep {
  let grab: GrabOrigin | undefined;
  let held: number[] = [];
  for (const effect of body.effects) {
    if (effect.effect === 'noteOrigin') grab = originCandidate(ctx.graph, resolve(ctx, effect.of)!);
    if (effect.effect === 'walkTo') held = heldBy(ctx.graph, ctx.char);
  }
  return { freeHand: freeHandOf(ctx.graph, ctx.char), grabOrigin: grab, held };
}

/** The first non-room node among the node's ON, then INSIDE, then CLOSE targets, in the reference's set order. */
function originCandidate(graph: EnvGraph, id: number): GrabOrigin | undefined {
  for (const relation of ['ON', 'INSIDE', 'CLOSE'] as const) {
    const origin = firstInPythonSetOrder(graph.targets(id, relation), (n) => !graph.isRoom(n));
    if (origin !== undefined) return { origin, relation };
  }
  return undefined;
}

/** Applies effects in order. Every effect is total: the preconditions have already been checked. */
export function applyEffects(ctx: StepContext, pre: PreStep, effects: readonly Effect[], log?: ChangeLog): void {
  const m = new Mutator(ctx.graph, log);
  for (const effect of effects) {
    if (effect.when && !evaluate(ctx, effect.when)) continue;
    applyEffect(ctx, pre, effect, m);
  }
}

/** A subject that the preconditions have guaranteed to exist. */
function at(ctx: StepContext, subject: Subject): number {
  return resolve(ctx, subject)!;
}

function applyEffect(ctx: StepContext, pre: PreStep, effect: Effect, m: Mutator): void {
  switch (effect.effect) {
    case 'addEdge': {
      const from = at(ctx, effect.from);
      for (const to of targetsOf(ctx, effect.to)) m.link(from, effect.relation, to, effect.reverse);
      return;
    }
    case 'addOriginEdge':
      m.link(at(ctx, effect.from), ctx.origin!.relation, ctx.origin!.origin);
      return;
    case 'removeEdges': {
      const from = at(ctx, effect.from);
      for (const relation of effect.relations) {
        if (effect.to === 'anything') m.unlinkAll(from, relation, effect.reverse);
        else m.unlink(from, relation, at(ctx, effect.to), effect.reverse);
      }
      return;
    }
    case 'addState':
      m.addState(at(ctx, effect.of), effect.state);
      return;
    case 'removeState':
      m.removeState(at(ctx, effect.of), effect.state);
      return;
    case 'hold':
      m.link(ctx.char, pre.freeHand!, at(ctx, effect.what));
      return;
    case 'noteOrigin':
      if (pre.grabOrigin) {
        m.link(ctx.char, 'CLOSE', pre.grabOrigin.origin, true);
        m.setMemo(grabKey(at(ctx, effect.of)), pre.grabOrigin);
      }
      return;
    case 'forgetOrigin':
      m.setMemo(grabKey(at(ctx, effect.of)), undefined);
      return;
    case 'walkTo':
      walkTo(ctx, pre, at(ctx, effect.to), m);
      return;
  }
}

function targetsOf(ctx: StepContext, to: Subject | TargetsOf): readonly number[] {
  if (typeof to === 'object') return [...ctx.graph.targets(resolve(ctx, to.targetsOf)!, to.relation)];
  return [resolve(ctx, to)!];
}

let BODY_PARTS = new WeakMap<EnvGraph, { count: number; ids: number[] }>();
registerCache('sim: body parts of graphs', () => {
  BODY_PARTS = new WeakMap();
});

/** Nodes with the BODY_PART property (cached per graph; nodes are only ever added). */
function bodyParts(graph: EnvGraph): readonly number[] {
  const cached = BODY_PARTS.get(graph);
  if (cached && cached.count === graph.nodeCount) return cached.ids;
  const ids: number[] = [];
  for (const node of graph.nodes()) if (node.properties.has('BODY_PART')) ids.push(node.id);
  BODY_PARTS.set(graph, { count: graph.nodeCount, ids });
  return ids;
}

/** WALK's compound effect; the steps are numbered as in the `walkTo` documentation in descriptors.ts. */
function walkTo(ctx: StepContext, pre: PreStep, target: number, m: Mutator): void {
  const g = ctx.graph;
  const char = ctx.char;
  const room = ctx.room0!;
  for (const relation of ['INSIDE', 'CLOSE', 'FACING'] as const) m.unlinkAll(char, relation, true); // 1
  m.link(char, 'INSIDE', room); // 2
  if (room !== target) {
    // 3
    for (const box of [...g.targets(target, 'INSIDE')]) if (!g.isRoom(box)) m.link(char, 'CLOSE', box, true);
    for (const part of bodyParts(g)) m.link(char, 'CLOSE', part, true);
    m.link(char, 'CLOSE', target, true);
  }
  for (const held of pre.held) for (const r of ['INSIDE', 'CLOSE', 'FACING'] as const) m.unlinkAll(held, r, true); // 4
  for (const held of pre.held) {
    m.link(char, 'CLOSE', held, true);
    m.link(held, 'INSIDE', ctx.charRoom!);
  }
  if (g.hasProperty(target, 'CAN_OPEN')) {
    for (const content of [...g.sources(target, 'INSIDE')]) m.link(char, 'CLOSE', content, true); // 5
  }
  for (const support of [...g.targets(target, 'ON')]) m.link(char, 'CLOSE', support, true); // 6
}

/** Graph mutations that also go to the change log (only the ones that changed something). */
class Mutator {
  constructor(
    private readonly graph: EnvGraph,
    private readonly log: ChangeLog | undefined,
  ) {}

  link(from: number, relation: Relation, to: number, reverse = false): void {
    if (this.graph.addEdge(from, relation, to)) this.log?.addedEdge(from, relation, to);
    if (reverse && this.graph.addEdge(to, relation, from)) this.log?.addedEdge(to, relation, from);
  }

  unlink(from: number, relation: Relation, to: number, reverse = false): void {
    if (this.graph.removeEdge(from, relation, to)) this.log?.removedEdge(from, relation, to);
    if (reverse && this.graph.removeEdge(to, relation, from)) this.log?.removedEdge(to, relation, from);
  }

  /** Removes `from -relation-> *`, and with `reverse` also `* -relation-> from`. */
  unlinkAll(from: number, relation: Relation, reverse = false): void {
    const targets = this.graph.targets(from, relation);
    if (targets.size > 0) for (const to of [...targets]) this.unlink(from, relation, to);
    if (!reverse) return;
    const sources = this.graph.sources(from, relation);
    if (sources.size > 0) for (const source of [...sources]) this.unlink(source, relation, from);
  }

  addState(id: number, state: State): void {
    if (this.graph.addState(id, state)) this.log?.addedState(id, state);
  }

  removeState(id: number, state: State): void {
    if (this.graph.removeState(id, state)) this.log?.removedState(id, state);
  }

  setMemo(key: string, value: unknown): void {
    this.graph.setMemo(key, value);
  }
}
