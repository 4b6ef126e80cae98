/**
 * The atoms of the temporal embodied knowledge graph (ExRAP eq. 2): facts (source, relation, target) and the
 * quadruples (source, relation, target, t) that stamp a fact with the step it was last observed at.
 *
 * Entities are named `<class>.<id>` (`tv.142`, `kitchen.11`, `character.1`): readable, and unique per object
 * instance because the id is the simulator's node id. A state is not an entity: `(tv.142, is, off)` has the state's
 * lower-case name as target.
 */
import { InputError } from '../util/errors.js';

/** Relations a TEKG records. `is` links an object to one of its states; the others link two entities. */
export const TEKG_RELATIONS = ['is', 'inside', 'on', 'holds_rh', 'holds_lh', 'close', 'sitting', 'adjacent'] as const;
export type TekgRelation = (typeof TEKG_RELATIONS)[number];

/** Relations that say where an object is (the "one object in two places" case of the update rule). */
export const PLACEMENT_RELATIONS: ReadonlySet<TekgRelation> = new Set(['inside', 'on']);

export interface Fact {
  readonly source: string;
  readonly relation: TekgRelation;
  readonly target: string;
}

export interface Quadruple extends Fact {
  /** The step the fact was (last) observed at. */
  readonly t: number;
}

const relationSet: ReadonlySet<string> = new Set(TEKG_RELATIONS);
export const isTekgRelation = (name: string): name is TekgRelation => relationSet.has(name);

/** Names may hold anything but white space, commas and parentheses, which the text form uses as delimiters. */
const NAME = /^[^\s,()]+$/;
export const isValidName = (name: string): boolean => NAME.test(name);

/** The entity name of a simulator node: `tv.142`. White space inside a class name becomes `_`. */
export function entityName(className: string, id: number): string {
  return `${className.trim().replace(/\s+/g, '_')}.${id}`;
}

/**
 * Where the id of an entity name begins (the index after its last dot, followed by digits only), or -1 for a name
 * without one. Scanned by character: the agents parse names on every step.
 */
function idStart(name: string): number {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return -1;
  for (let i = dot + 1; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
  }
  return dot + 1;
}

/** The class part of an entity name (`tv.142` -> `tv`); a name without an id is returned whole. */
export function entityClass(name: string): string {
  const start = idStart(name);
  return start < 0 ? name : name.slice(0, start - 1);
}

/** The node id in an entity name (`tv.142` -> 142), or undefined for a name without one. */
export function entityId(name: string): number | undefined {
  const start = idStart(name);
  return start < 0 ? undefined : Number(name.slice(start));
}

/** A fact's identity, independent of time: `tv.142 is off`. One current quadruple per key lives in a TEKG. */
export function factKey(fact: Fact): string {
  return `${fact.source} ${fact.relation} ${fact.target}`;
}

/** The linear text form used in prompts: `(tv.142, is, off, 27)`. */
export function quadrupleText(q: Quadruple): string {
  return `(${q.source}, ${q.relation}, ${q.target}, ${q.t})`;
}

/** Several quadruples in text form, one per line unless another separator is given. */
export function formatQuadruples(quadruples: readonly Quadruple[], separator = '\n'): string {
  return quadruples.map(quadrupleText).join(separator);
}

const RELATION_PHRASE: Readonly<Record<TekgRelation, string>> = {
  is: 'is',
  inside: 'inside',
  on: 'on',
  holds_rh: 'holds',
  holds_lh: 'holds',
  close: 'close to',
  sitting: 'sitting on',
  adjacent: 'adjacent to',
};

/**
 * A fact as a short sentence for retrieval indexes (`tv is off`, `mug on coffeetable`, `character holds mug`):
 * classes without ids and no time, so that the text matches directives written in words, and a fact keeps its
 * text (and its place in an index) when it is observed again.
 */
export function factSentence(fact: Fact): string {
  const target = fact.relation === 'is' ? fact.target.replace(/_/g, ' ') : entityClass(fact.target);
  return `${entityClass(fact.source)} ${RELATION_PHRASE[fact.relation]} ${target}`;
}

/** Checks the names and relation of a fact; `where` names its origin in the error. */
export function validateFact(fact: Fact, where = 'fact'): void {
  if (!isTekgRelation(fact.relation)) {
    throw new InputError(`${where}: unknown TEKG relation '${fact.relation}' (known: ${TEKG_RELATIONS.join(', ')})`);
  }
  for (const name of [fact.source, fact.target]) {
    if (typeof name !== 'string' || !isValidName(name)) {
      throw new InputError(`${where}: invalid entity or state name '${String(name)}' (no spaces, commas, parentheses)`);
    }
  }
}

const QUADRUPLE_TEXT = /^\s*\(\s*([^\s,()]+)\s*,\s*([^\s,()]+)\s*,\s*([^\s,()]+)\s*,\s*(-?\d+)\s*\)\s*$/;

/** Parses one quadruple in text form; `location` (file, line) goes into the error for bad text. */
export function parseQuadruple(text: string, location?: { file?: string; line?: number }): Quadruple {
  const m = QUADRUPLE_TEXT.exec(text);
  if (!m) {
    throw new InputError(`not a quadruple '(source, relation, target, t)': '${text.trim()}'`, location);
  }
  const [, source, relation, target, t] = m;
  if (!isTekgRelation(relation)) {
    throw new InputError(`unknown TEKG relation '${relation}' in '${text.trim()}'`, location);
  }
  return { source, relation, target, t: Number(t) };
}

/**
 * What the agent perceives at step t, in TEKG terms (the o_{t+1} of eq. 3). An observation is a complete
 * description of what is in view: every entity in view (`visible`, and every entity a fact names) has all its
 * states and placements among `facts`, so a state or placement it lacks no longer holds.
 */
export interface TekgObservation {
  readonly t: number;
  /** The agent's entity name (the character). */
  readonly agent: string;
  /** The room whose contents are in full view (the agent's room); without it no room gives negative evidence. */
  readonly room?: string;
  /** Entity names that are rooms (rooms are places, never objects in view). */
  readonly rooms?: readonly string[];
  /** Entities in view, beyond those the facts name (an object with no state and no placement, say). */
  readonly visible?: readonly string[];
  readonly facts: readonly Fact[];
}
