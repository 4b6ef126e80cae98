/**
 * Conditions over a world state: the one language in which instruction queries ("the TV is off"), execution goals
 * ("the mug is on the coffee table"), episodic goal conditions and resident disturbances are written. They are plain
 * JSON data, so they can be stored, printed, compiled to PDDL goals and evaluated against either the true graph or an
 * agent's belief (anything that implements `StateView`).
 */
import type { Relation, State } from './vocabulary.js';

/** A node: a fixed id, or a variable bound by an enclosing quantifier. */
export type NodeRef = number | { readonly var: string };

export type Condition =
  /** The node has the state. */
  | { readonly kind: 'state'; readonly node: NodeRef; readonly state: State }
  /** The edge `from -relation-> to` exists. */
  | { readonly kind: 'edge'; readonly from: NodeRef; readonly relation: Relation; readonly to: NodeRef }
  /** The character holds the node in either hand. */
  | { readonly kind: 'held'; readonly node: NodeRef }
  | { readonly kind: 'not'; readonly condition: Condition }
  | { readonly kind: 'and'; readonly conditions: readonly Condition[] }
  | { readonly kind: 'or'; readonly conditions: readonly Condition[] }
  /**
   * For some / every node of the classes, with the node bound to `var`. An empty class makes `forall` true. With
   * `room`, only nodes INSIDE a room of that class count ("the bookshelf in the bedroom"): meant for things that stay
   * in their room (furniture, appliances), as the instruction texts use it. With `only`, only those nodes count
   * (an agent that has found out which of several books "the book" is narrows its reading so).
   */
  | {
      readonly kind: 'exists' | 'forall';
      readonly var: string;
      readonly classes: readonly string[];
      readonly room?: string;
      readonly only?: readonly number[];
      readonly condition: Condition;
    };

/** A quantifier of a condition. */
export type Quantifier = Extract<Condition, { kind: 'exists' | 'forall' }>;

/** What a condition needs to know about a state. EnvGraph implements it; so can an agent's belief. */
export interface StateView {
  hasState(id: number, state: State): boolean;
  hasEdge(from: number, relation: Relation, to: number): boolean;
  idsOfClass(className: string): readonly number[];
  characterId(): number;
}

type Bindings = ReadonlyMap<string, number>;

/**
 * The nodes a quantifier ranges over in a state: the instances of its classes, in a room of class `room` when it
 * has one (a node INSIDE a room node of that class), among `only` when it has that, in the order the view gives them.
 */
export function quantifierDomain(
  quantifier: Pick<Quantifier, 'classes' | 'room' | 'only'>,
  view: Pick<StateView, 'idsOfClass' | 'hasEdge'>,
): number[] {
  const out: number[] = [];
  const rooms = quantifier.room === undefined ? undefined : view.idsOfClass(quantifier.room);
  const only = quantifier.only === undefined ? undefined : new Set(quantifier.only);
  for (const className of quantifier.classes) {
    for (const id of view.idsOfClass(className)) {
      if (only && !only.has(id)) continue;
      if (rooms && !rooms.some((room) => view.hasEdge(id, 'INSIDE', room))) continue;
      out.push(id);
    }
  }
  return out;
}

function resolve(ref: NodeRef, bindings: Bindings): number {
  if (typeof ref === 'number') return ref;
  const id = bindings.get(ref.var);
  if (id === undefined) throw new Error(`condition uses unbound variable ?${ref.var}`);
  return id;
}

export function holds(condition: Condition, view: StateView, bindings: Bindings = new Map()): boolean {
  switch (condition.kind) {
    case 'state':
      return view.hasState(resolve(condition.node, bindings), condition.state);
    case 'edge':
      return view.hasEdge(resolve(condition.from, bindings), condition.relation, resolve(condition.to, bindings));
    case 'held': {
      const id = resolve(condition.node, bindings);
      const character = view.characterId();
      return view.hasEdge(character, 'HOLDS_RH', id) || view.hasEdge(character, 'HOLDS_LH', id);
    }
    case 'not':
      return !holds(condition.condition, view, bindings);
    case 'and':
      return condition.conditions.every((c) => holds(c, view, bindings));
    case 'or':
      return condition.conditions.some((c) => holds(c, view, bindings));
    case 'exists':
    case 'forall': {
      const wantAll = condition.kind === 'forall';
      for (const id of quantifierDomain(condition, view)) {
        const inner = new Map(bindings).set(condition.var, id);
        if (holds(condition.condition, view, inner) !== wantAll) return !wantAll;
      }
      return wantAll;
    }
  }
}

/**
 * Walks a condition through negation and connectives: `fixed` gets each node id an atom names, `quantifier` each
 * quantifier, outermost first (before what it quantifies).
 */
export function walkCondition(
  condition: Condition,
  visitor: { readonly fixed?: (id: number) => void; readonly quantifier?: (q: Quantifier) => void },
): void {
  const ref = (r: NodeRef) => {
    if (typeof r === 'number') visitor.fixed?.(r);
  };
  const visit = (c: Condition): void => {
    switch (c.kind) {
      case 'state':
      case 'held':
        ref(c.node);
        break;
      case 'edge':
        ref(c.from);
        ref(c.to);
        break;
      case 'not':
        visit(c.condition);
        break;
      case 'and':
      case 'or':
        c.conditions.forEach(visit);
        break;
      case 'exists':
      case 'forall':
        visitor.quantifier?.(c);
        visit(c.condition);
        break;
    }
  };
  visit(condition);
}

/** The quantifiers of a condition, outermost first (through negation and connectives). */
export function quantifiersOf(condition: Condition): Quantifier[] {
  const out: Quantifier[] = [];
  walkCondition(condition, { quantifier: (q) => out.push(q) });
  return out;
}

/** Ids of the nodes a condition mentions, fixed ids and every node a quantifier ranges over, sorted. */
export function mentionedNodes(condition: Condition, view: Pick<StateView, 'idsOfClass' | 'hasEdge'>): number[] {
  const ids = new Set<number>();
  walkCondition(condition, {
    fixed: (id) => ids.add(id),
    quantifier: (q) => {
      for (const id of quantifierDomain(q, view)) ids.add(id);
    },
  });
  return [...ids].sort((a, b) => a - b);
}

// ---- constructors, so that definitions read like sentences ---------------------------------------------------

export const v = (name: string): NodeRef => ({ var: name });
export const isIn = (node: NodeRef, state: State): Condition => ({ kind: 'state', node, state });
export const edge = (from: NodeRef, relation: Relation, to: NodeRef): Condition => ({
  kind: 'edge',
  from,
  relation,
  to,
});
export const held = (node: NodeRef): Condition => ({ kind: 'held', node });
export const not = (condition: Condition): Condition => ({ kind: 'not', condition });
export const and = (...conditions: Condition[]): Condition => ({ kind: 'and', conditions });
export const or = (...conditions: Condition[]): Condition => ({ kind: 'or', conditions });
const quantifier = (
  kind: Quantifier['kind'],
  variable: string,
  classes: string | string[],
  condition: Condition,
  room: string | undefined,
): Condition => ({
  kind,
  var: variable,
  classes: typeof classes === 'string' ? [classes] : classes,
  ...(room === undefined ? {} : { room }),
  condition,
});
/** Some node of the classes (in a room of class `room`, when given) meets the condition. */
export const exists = (variable: string, classes: string | string[], condition: Condition, room?: string) =>
  quantifier('exists', variable, classes, condition, room);
/** Every node of the classes (in a room of class `room`, when given) meets the condition. */
export const forall = (variable: string, classes: string | string[], condition: Condition, room?: string) =>
  quantifier('forall', variable, classes, condition, room);

/** A readable form, e.g. `state(142) is OFF and not (17 ON 33)`. Names come from `label` when given. */
export function describeCondition(condition: Condition, label: (id: number) => string = String): string {
  const ref = (r: NodeRef) => (typeof r === 'number' ? label(r) : `?${r.var}`);
  switch (condition.kind) {
    case 'state':
      return `${ref(condition.node)} is ${condition.state.toLowerCase()}`;
    case 'edge':
      return `${ref(condition.from)} ${condition.relation.toLowerCase()} ${ref(condition.to)}`;
    case 'held':
      return `${ref(condition.node)} is held`;
    case 'not':
      return `not (${describeCondition(condition.condition, label)})`;
    case 'and':
    case 'or':
      return condition.conditions.map((c) => `(${describeCondition(c, label)})`).join(` ${condition.kind} `);
    case 'exists':
    case 'forall':
      return `${condition.kind} ?${condition.var} in ${condition.classes.join('|')}${quantifierNote(condition, label)}: ${describeCondition(condition.condition, label)}`;
  }
}

/** " (in a bedroom)", " (only 12, 14)" or both, for `describeCondition`. */
function quantifierNote(quantifier: Quantifier, label: (id: number) => string): string {
  const notes: string[] = [];
  if (quantifier.room !== undefined) notes.push(`in a ${quantifier.room}`);
  if (quantifier.only !== undefined) notes.push(`only ${quantifier.only.map(label).join(', ')}`);
  return notes.length === 0 ? '' : ` (${notes.join('; ')})`;
}
