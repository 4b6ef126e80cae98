/**
 * The lifted PDDL model: domains and problems as parsed, before grounding. Names are kept twice: `name` as first
 * written (for plans and messages) and `key`, its lower-case form, because PDDL is case-insensitive.
 */
import type { TypeHierarchy } from './types.js';

/** Lower-case key of a PDDL name. */
export function keyOf(name: string): string {
  return name.toLowerCase();
}

/** A variable or an object in a typed list: `?x - (either a b)` has `types: ['a', 'b']` (keys). */
export interface TypedName {
  name: string;
  key: string;
  types: string[];
  /** Where it is written (parsed text only). */
  offset?: number;
}

export type Term = { kind: 'var'; key: string } | { kind: 'object'; key: string };

export type Formula =
  | { kind: 'true' }
  | { kind: 'false' }
  | { kind: 'atom'; predicate: string; args: Term[] }
  | { kind: 'equals'; left: Term; right: Term }
  | { kind: 'not'; arg: Formula }
  | { kind: 'and'; args: Formula[] }
  | { kind: 'or'; args: Formula[] }
  | { kind: 'imply'; left: Formula; right: Formula }
  | { kind: 'exists'; params: TypedName[]; body: Formula }
  | { kind: 'forall'; params: TypedName[]; body: Formula };

/** A numeric expression: only static functions (set in `:init`) and constants, as action costs need. */
export type NumExpr =
  | { kind: 'number'; value: number }
  | { kind: 'function'; name: string; args: Term[] }
  | { kind: 'arith'; op: '+' | '-' | '*' | '/'; args: NumExpr[] };

export type Effect =
  | { kind: 'and'; args: Effect[] }
  | { kind: 'add'; predicate: string; args: Term[] }
  | { kind: 'delete'; predicate: string; args: Term[] }
  | { kind: 'forall'; params: TypedName[]; body: Effect }
  | { kind: 'when'; condition: Formula; body: Effect }
  | { kind: 'increase-cost'; amount: NumExpr };

export interface PredicateDef {
  name: string;
  key: string;
  params: TypedName[];
}

export interface FunctionDef {
  name: string;
  key: string;
  params: TypedName[];
}

export interface ActionDef {
  name: string;
  key: string;
  params: TypedName[];
  precondition: Formula;
  effect: Effect;
}

/**
 * A derived predicate rule `(:derived (p ?x ?y) body)`. `params` are its distinct variables; `args` the head's
 * arguments, which may repeat a variable (`(p ?x ?x)` derives only atoms with equal arguments).
 */
export interface DerivedDef {
  predicate: string;
  params: TypedName[];
  args: Term[];
  body: Formula;
}

export interface ObjectDef {
  name: string;
  key: string;
  types: string[];
  /**
   * A name a domain uses without declaring it in :constants (ALFWorld's `SinkBasinType`): it takes its types from
   * the problem's object of that name, and has none (no variable ranges over it) when the problem lacks one.
   */
  undeclared?: boolean;
}

export interface Domain {
  name: string;
  file: string;
  requirements: string[];
  types: TypeHierarchy;
  constants: ObjectDef[];
  predicates: Map<string, PredicateDef>;
  functions: Map<string, FunctionDef>;
  actions: ActionDef[];
  derived: DerivedDef[];
  /** Deviations read anyway, located (strict parsing only); grounding passes them on with the problem's. */
  warnings: string[];
}

export interface GroundAtom {
  predicate: string;
  args: string[];
}

export interface FunctionValue {
  function: string;
  args: string[];
  value: number;
}

export interface Problem {
  name: string;
  file: string;
  domainName: string;
  /** The problem's own objects (the domain's constants are added by grounding). */
  objects: ObjectDef[];
  init: GroundAtom[];
  functionValues: FunctionValue[];
  goal: Formula;
  /** True when the problem asks to minimise total-cost; without it every action costs 1. */
  minimizeCost: boolean;
  /** What lenient parsing dropped, and other non-fatal remarks. */
  warnings: string[];
}
