/**
 * From an execution over classes (what the interpreter produces: `forall x in C: x is S`, `forall x in C: exists h
 * in H: x PREP h`) to what can be planned on the agent's believed state: the instances the belief says do not meet
 * the goal yet, and for each a goal over node ids. Conditions of another shape (an LLM interpreter may write any) are
 * planned as they are.
 */
import type { Belief } from '../../memory/belief.js';
import { entityClass, entityId, type Quadruple } from '../../memory/quadruple.js';
import { canonicalClassName, catalogClass } from '../../sim/catalog/index.js';
import { type Condition, edge, holds, isIn, quantifiersOf } from '../../sim/conditions.js';
import type { Relation, State } from '../../sim/vocabulary.js';

/** The shape of a class-level execution, when it has one of the interpreter's two shapes. */
export type ExecutionShape =
  | {
      readonly kind: 'state';
      readonly classes: readonly string[];
      /** The room class the objects are in ("the TV in the bedroom"), when the text names one. */
      readonly room?: string;
      /** The objects the agent found the text means, when it narrowed its reading. */
      readonly only?: readonly number[];
      readonly state: State;
    }
  | {
      readonly kind: 'placement';
      readonly classes: readonly string[];
      /** The objects the agent found the text means, when it narrowed its reading. */
      readonly only?: readonly number[];
      readonly relation: Relation;
      readonly hosts: readonly string[];
      /** The room class the host is in ("the bookshelf in the bedroom"), when the text names one. */
      readonly hostRoom?: string;
    };

export function executionShape(goal: Condition): ExecutionShape | undefined {
  if (goal.kind !== 'forall') return undefined;
  const inner = goal.condition;
  const bound = (ref: unknown) => typeof ref === 'object' && ref !== null && (ref as { var: string }).var === goal.var;
  if (inner.kind === 'state' && bound(inner.node)) {
    return {
      kind: 'state',
      classes: goal.classes,
      state: inner.state,
      ...(goal.room && { room: goal.room }),
      ...(goal.only && { only: goal.only }),
    };
  }
  if (inner.kind === 'exists' && inner.condition.kind === 'edge') {
    const e = inner.condition;
    const host = typeof e.to === 'object' && e.to.var === inner.var;
    if (bound(e.from) && host && goal.room === undefined) {
      return {
        kind: 'placement',
        classes: goal.classes,
        relation: e.relation,
        hosts: inner.classes,
        ...(inner.room && { hostRoom: inner.room }),
        ...(goal.only && { only: goal.only }),
      };
    }
  }
  return undefined;
}

/**
 * Node ids of the belief whose class is one of the classes (names compared through the catalog), sorted; with
 * `room`, only those the belief puts in a room of that class; with `only`, only those nodes; never those in `except`.
 */
export function beliefInstances(
  belief: Belief,
  classes: readonly string[],
  room?: string,
  only?: readonly number[],
  except?: ReadonlySet<number>,
): number[] {
  const wanted = new Set(classes.map((c) => canonicalClassName(c) ?? c));
  const out: number[] = [];
  for (const node of belief.graph.nodes()) {
    if (node.id < 0 || (only !== undefined && !only.includes(node.id)) || except?.has(node.id)) continue;
    const cls = canonicalClassName(node.className) ?? node.className;
    if (wanted.has(cls) && (room === undefined || roomClass(belief, node.id) === room)) out.push(node.id);
  }
  return out.sort((a, b) => a - b);
}

/** The class of the room the belief puts a node in. */
function roomClass(belief: Belief, id: number): string | undefined {
  const room = belief.roomOf(id);
  if (room === undefined) return undefined;
  const className = belief.graph.get(room).className;
  return canonicalClassName(className) ?? className;
}

/** One thing to bring about: an instance and its goal over ids. */
export interface GroundTarget {
  /** The instance the goal is about. */
  readonly node: number;
  readonly goal: Condition;
  /** The belief does not know where it is (its place was contradicted): it must be found first. */
  readonly lost: boolean;
}

export interface Grounding {
  /** Instances that do not meet the goal in the belief, nearest first. */
  readonly targets: readonly GroundTarget[];
  /** No instance of the classes is known: they must be found first. */
  readonly unknown: boolean;
  /** Where to look when `unknown`: the classes not found, and the room class the text names for them. */
  readonly missing?: { readonly classes: readonly string[]; readonly room?: string };
}

/**
 * The execution grounded on the belief: the instances that do not meet it, each with its goal; `host` picks the
 * host of a placement for an instance (see `chooseHost`). `distance` orders targets (room walks from the agent; unknown
 * last). Things in `storedAway` (`ExrapMemory.storedAway`) are not the execution's.
 */
export function groundExecution(
  goal: Condition,
  belief: Belief,
  host: (shape: Extract<ExecutionShape, { kind: 'placement' }>, node: number) => number | undefined,
  distance: (node: number) => number,
  storedAway?: ReadonlySet<number>,
): Grounding {
  const shape = executionShape(goal);
  if (!shape) {
    return holds(goal, belief)
      ? { targets: [], unknown: false }
      : { targets: [{ node: -1, goal, lost: false }], unknown: false };
  }
  const room = shape.kind === 'state' ? shape.room : undefined;
  const instances = beliefInstances(belief, shape.classes, room, shape.only, storedAway);
  if (instances.length === 0) {
    return { targets: [], unknown: true, missing: { classes: shape.classes, ...(room && { room }) } };
  }
  const targets: GroundTarget[] = [];
  if (shape.kind === 'state') {
    for (const node of instances) {
      if (!belief.hasState(node, shape.state))
        targets.push({ node, goal: isIn(node, shape.state), lost: belief.isLost(node) });
    }
  } else {
    const hosts = beliefInstances(belief, shape.hosts, shape.hostRoom);
    for (const node of instances) {
      if (hosts.includes(node)) continue;
      if (hosts.some((h) => belief.hasEdge(node, shape.relation, h))) continue;
      const chosen = host(shape, node);
      if (chosen === undefined) {
        const missing = { classes: shape.hosts, ...(shape.hostRoom && { room: shape.hostRoom }) };
        return { targets: [], unknown: true, missing };
      }
      targets.push({ node, goal: edge(node, shape.relation, chosen), lost: belief.isLost(node) });
    }
  }
  targets.sort((a, b) => distance(a.node) - distance(b.node) || a.node - b.node);
  return { targets, unknown: false };
}

/**
 * The host a placement goes to when the home has several: one in the room the text names, if it names one; else one
 * in a room where the catalog finds the object's class (plates to the kitchen sink, towels to the bathroom's), else
 * the first by id (commonsense an LLM would bring, where the text does not say).
 */
export function chooseHost(
  belief: Belief,
  objectClasses: readonly string[],
  hostClasses: readonly string[],
  hostRoom?: string,
): number | undefined {
  const hosts = beliefInstances(belief, hostClasses, hostRoom);
  if (hosts.length <= 1) return hosts[0];
  const rooms = new Set<string>(objectClasses.flatMap((c) => catalogClass(c)?.rooms ?? []));
  const typical = hosts.filter((h) => {
    const room = belief.roomOf(h);
    return room !== undefined && rooms.has(canonicalClassName(belief.graph.get(room).className) ?? '');
  });
  return (typical.length > 0 && typical.length < hosts.length ? typical : hosts)[0];
}

/**
 * Which facts state what some execution wants (a fact of its goal: the book on a sofa, the TV on), for the hazard
 * model to learn from (`HazardModel.learnOnly`): the facts whose loss makes an instruction's query true again.
 * Executions of another shape count every fact about their classes. `roomClassOf` gives the class of an entity's room.
 */
export function goalFacts(
  executions: readonly { readonly goal: Condition }[],
  roomClassOf: (entity: string) => string | undefined,
): (fact: Pick<Quadruple, 'source' | 'relation' | 'target'>) => boolean {
  const shapes = executions.map((e) => ({
    shape: executionShape(e.goal),
    named: quantifiersOf(e.goal).flatMap((q) => q.classes.map((name) => canonicalClassName(name) ?? name)),
  }));
  // Called for every fact of every observation: the class of an entity name is looked up once.
  const classes = new Map<string, string>();
  const classOf = (entity: string) => {
    let name = classes.get(entity);
    if (name === undefined) {
      name = canonicalClassName(entityClass(entity)) ?? entityClass(entity);
      classes.set(entity, name);
    }
    return name;
  };
  const among = (entity: string, classes: readonly string[], only?: readonly number[]) =>
    classes.includes(classOf(entity)) && (only === undefined || only.includes(entityId(entity) ?? Number.NaN));
  return (fact) =>
    shapes.some(({ shape, named }) => {
      if (!shape) return named.includes(classOf(fact.source));
      if (!among(fact.source, shape.classes, shape.only)) return false;
      if (shape.kind === 'state') {
        return (
          fact.relation === 'is' &&
          fact.target === shape.state.toLowerCase() &&
          (shape.room === undefined || roomClassOf(fact.source) === shape.room)
        );
      }
      return (
        fact.relation === shape.relation.toLowerCase() &&
        among(fact.target, shape.hosts) &&
        (shape.hostRoom === undefined || roomClassOf(fact.target) === shape.hostRoom)
      );
    });
}
