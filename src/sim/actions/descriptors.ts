/**
 * The language the action rules are written in (`rules.ts`). A rule is data: a list of preconditions, each a typed
 * condition with the error it raises, and a list of effects. `evaluate.ts` interprets them on an EnvGraph; a planner
 * compiles them to PDDL. Every kind below says what it means in graph terms, so both readings agree.
 *
 * Subjects name the nodes a rule talks about. All of them are fixed before the first effect is applied (the
 * reference executor computes them from the state before the step).
 */
import type { Property, Relation, State } from '../vocabulary.js';

/**
 * - `0`, `1`: the first and second object of the script line.
 * - `'char'`: the acting character.
 * - `'charRoom'`: the room the character is in before the step.
 * - `'room0'`: the room of object 0 before the step.
 * - `'origin'`: where object 0 was grabbed from (the grab memo, see `noteOrigin`); only PUTOBJBACK uses it.
 */
export type Subject = 0 | 1 | 'char' | 'charRoom' | 'room0' | 'origin';

/**
 * How EAI classifies a failed step. EAI's codes: 0 'time' = wrong_order, 1 'missing' = missing_step, 2 'afford' =
 * affordance, 3 'unseen' = unseen_object, 4 'satisfied' = additional_step (the effect already holds), 5 'other'.
 * `wrong_order` is never raised by a rule: the replay gives it to a missing_step failure whose missing precondition
 * held in an earlier state (EAI's TemporalOrderChecker).
 */
export const ERROR_KINDS = [
  'wrong_order',
  'missing_step',
  'affordance',
  'unseen_object',
  'additional_step',
  'other',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** A yes/no question a rule asks about the graph before the step (about its subjects; goals and queries use `../conditions.ts`). */
export type RuleCondition =
  /** `of` has one of the properties, or its class is one of `orClass`. */
  | {
      readonly test: 'property';
      readonly of: Subject;
      readonly anyOf: readonly Property[];
      readonly orClass?: readonly string[];
    }
  /** The class name of `of` is one of `anyOf`. */
  | { readonly test: 'class'; readonly of: Subject; readonly anyOf: readonly string[] }
  /** `of` has the state. */
  | { readonly test: 'state'; readonly of: Subject; readonly state: State }
  /** The edge `from -relation-> to` exists. */
  | { readonly test: 'edge'; readonly from: Subject; readonly relation: Relation; readonly to: Subject }
  /**
   * The character is close to `to` by the reference's loose rule: it has a CLOSE edge to `to`, or a CLOSE edge to
   * some node c with `c CLOSE to` or `to ON c`.
   */
  | { readonly test: 'close'; readonly to: Subject }
  /** The character faces `to`: a FACING edge to it, or to some node f with `f FACING to`. */
  | { readonly test: 'facing'; readonly to: Subject }
  /** The character holds `what` in either hand (HOLDS_RH or HOLDS_LH). */
  | { readonly test: 'holds'; readonly what: Subject }
  /** The character holds something. */
  | { readonly test: 'holdsAnything' }
  /** The character holds a node whose class name contains `text` (CUT asks for a knife). */
  | { readonly test: 'holdsClassContaining'; readonly text: string }
  /** The character has a free hand: no HOLDS_RH edge, or no HOLDS_LH edge. */
  | { readonly test: 'freeHand' }
  /** `of` is INSIDE a node that is not a room and has the state CLOSED. */
  | { readonly test: 'insideClosed'; readonly of: Subject }
  /** A grab memo exists for `of`: it was grabbed from a known place and not put down since. */
  | { readonly test: 'grabbed'; readonly of: Subject }
  /** At least `capacity[class of 'of']` (else `otherwise`) nodes are ON `of`. */
  | {
      readonly test: 'full';
      readonly of: Subject;
      readonly capacity: Readonly<Record<string, number>>;
      readonly otherwise: number;
    }
  /** Some node is ON `of`. */
  | { readonly test: 'bearsAnything'; readonly of: Subject }
  /** Some node ON `of` has the property. */
  | { readonly test: 'bearsProperty'; readonly of: Subject; readonly property: Property }
  /** `of` is in a room by the reference's room lookup (see `roomOf` in evaluate.ts). */
  | { readonly test: 'inRoom'; readonly of: Subject }
  /** `a` and `b` are the same node (rooms compare by id). */
  | { readonly test: 'same'; readonly a: Subject; readonly b: Subject }
  /** The relation recorded in the grab memo of object 0 is `relation`. */
  | { readonly test: 'originRelation'; readonly relation: Relation }
  | { readonly test: 'not'; readonly condition: RuleCondition }
  | { readonly test: 'any'; readonly conditions: readonly RuleCondition[] }
  | { readonly test: 'all'; readonly conditions: readonly RuleCondition[] };

/**
 * A precondition EAI's temporal-order checker looks for in earlier states when the step fails with missing_step.
 * `relation: 'HOLDS'` matches HOLDS_RH and HOLDS_LH; `'anything'` matches any node.
 */
export type MissingSpec =
  | {
      readonly negate?: boolean;
      readonly edge: readonly [Subject, 'CLOSE' | 'FACING' | 'ON' | 'HOLDS', Subject | 'anything'];
    }
  | { readonly negate?: boolean; readonly state: readonly [Subject, State] };

/** A condition the step needs, and what the reference reports when it does not hold. */
export interface Precondition {
  readonly require: RuleCondition;
  readonly kind: ErrorKind;
  /**
   * The reference's message. `{char}`, `{0}`, `{1}`, `{charRoom}`, `{room0}`, `{origin}` stand for the node,
   * printed as `<class_name> (id)`; the executor appends ` when executing "<line> [index]"`.
   */
  readonly message: string;
  /** What EAI's temporal-order checker searches earlier states for (missing_step only). */
  readonly missing?: readonly MissingSpec[];
  /** How several `missing` entries combine ('and': all, 'or': any; absent: the first alone, as in EAI). */
  readonly connective?: 'and' | 'or';
  /** false: the reference records the message but the step still succeeds (PLUGOUT's "still on"). */
  readonly blocking?: false;
}

/** A set of nodes computed when an effect is applied: the targets of `of`'s `relation` edges (SIT's FACING). */
export interface TargetsOf {
  readonly targetsOf: Subject;
  readonly relation: Relation;
}

/** A change to the graph. Effects apply in order; each sees the graph as the effects before it left it. */
export type Effect = (
  | /** Adds `from -relation-> to` (to every node of a TargetsOf set), and `to -relation-> from` when `reverse`. */
  {
      readonly effect: 'addEdge';
      readonly from: Subject;
      readonly relation: Relation;
      readonly to: Subject | TargetsOf;
      readonly reverse?: boolean;
    }
  /** Adds `0 -r-> origin` where r is the relation in object 0's grab memo (PUTOBJBACK). */
  | { readonly effect: 'addOriginEdge'; readonly from: Subject }
  /**
   * Removes every edge `from -r-> to` for r in `relations` (`to: 'anything'`: to any node), and with `reverse` also
   * `to -r-> from`.
   */
  | {
      readonly effect: 'removeEdges';
      readonly from: Subject;
      readonly relations: readonly Relation[];
      readonly to: Subject | 'anything';
      readonly reverse?: boolean;
    }
  | { readonly effect: 'addState'; readonly of: Subject; readonly state: State }
  | { readonly effect: 'removeState'; readonly of: Subject; readonly state: State }
  /** The character takes `what` in its first free hand before the step: HOLDS_RH if free, else HOLDS_LH. */
  | { readonly effect: 'hold'; readonly what: Subject }
  /**
   * GRAB's bookkeeping. Before the step, the origin of `of` is the first non-room node among its ON targets, then
   * INSIDE targets, then CLOSE targets (each in the reference's set order). If there is one, the character becomes
   * CLOSE to it (both ways) and the grab memo of `of` records (origin, relation); "already grabbed" and PUTOBJBACK
   * read it.
   */
  | { readonly effect: 'noteOrigin'; readonly of: Subject }
  /** Deletes the grab memo of `of` (it was put down). */
  | { readonly effect: 'forgetOrigin'; readonly of: Subject }
  /**
   * WALK's compound move to `to`, in the reference's order:
   * 1. remove the character's INSIDE, CLOSE and FACING edges, both ways;
   * 2. character INSIDE room0;
   * 3. unless `to` is that room: character CLOSE (both ways) to the non-room nodes `to` is INSIDE, to every
   *    BODY_PART node, and to `to`;
   * 4. each node held before the step loses its INSIDE, CLOSE and FACING edges (both ways), then becomes CLOSE to the
   *    character (both ways) and INSIDE charRoom (the room the walk started from, a quirk both forks keep);
   * 5. if `to` is CAN_OPEN: character CLOSE (both ways) to every node INSIDE `to`;
   * 6. character CLOSE (both ways) to every node `to` is ON.
   */
  | { readonly effect: 'walkTo'; readonly to: Subject }
) & {
  /** Apply only when this holds (evaluated before the step, like the preconditions). */
  readonly when?: RuleCondition;
};

export interface RuleBody {
  /** Checked in order; the first that fails is the step's error. */
  readonly pre: readonly Precondition[];
  readonly effects: readonly Effect[];
}

/** A rule: one body, or a choice between two (FIND acts like WALK when the object is not near). */
export type ActionRule = { readonly summary: string } & (
  | RuleBody
  | {
      /** `apply` when the condition holds before the step, else `otherwise`. */
      readonly branch: { readonly when: RuleCondition; readonly apply: RuleBody; readonly otherwise: RuleBody };
    }
);

// ---- constructors for the common preconditions, so the table reads like the reference's checks ---------------

export function close(to: Subject): Precondition {
  return {
    require: { test: 'close', to },
    kind: 'missing_step',
    message: `{char} is not close to {${to}}`,
    missing: [{ edge: ['char', 'CLOSE', to] }],
  };
}

export function holding(what: Subject): Precondition {
  return {
    require: { test: 'holds', what },
    kind: 'missing_step',
    message: `{char} is not holding {${what}}`,
    missing: [{ edge: ['char', 'HOLDS', what] }],
  };
}

export function freeHand(): Precondition {
  return {
    require: { test: 'freeHand' },
    kind: 'missing_step',
    message: '{char} does not have a free hand',
    missing: [{ negate: true, edge: ['char', 'HOLDS', 'anything'] }],
    connective: 'or',
  };
}

export function facing(to: Subject): Precondition {
  return {
    require: { test: 'facing', to },
    kind: 'missing_step',
    message: `{char} does not face {${to}}`,
    missing: [{ edge: ['char', 'FACING', to] }],
  };
}

/** Not INSIDE a closed container. (The reference names the object itself as what must be OPEN; kept.) */
export function notInsideClosed(of: Subject): Precondition {
  return {
    require: { test: 'not', condition: { test: 'insideClosed', of } },
    kind: 'missing_step',
    message: `{${of}} is inside other closed thing`,
    missing: [{ state: [of, 'OPEN'] }],
  };
}

/** An affordance: `of` has one of the properties (or one of the classes). */
export function affords(
  of: Subject,
  anyOf: readonly Property[],
  message: string,
  orClass?: readonly string[],
): Precondition {
  return { require: { test: 'property', of, anyOf, ...(orClass ? { orClass } : {}) }, kind: 'affordance', message };
}

/** `of` must have `state`, else the step would change nothing (additional_step). */
export function inState(of: Subject, state: State, message: string): Precondition {
  return { require: { test: 'state', of, state }, kind: 'additional_step', message };
}

/** A room the reference needs (it crashes where there is none; hearth fails the step with kind 'other'). */
export function inRoom(of: Subject): Precondition {
  return { require: { test: 'inRoom', of }, kind: 'other', message: `{${of}} is not in any room` };
}
