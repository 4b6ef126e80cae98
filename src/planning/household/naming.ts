/**
 * The predicate scheme of the household domain, derived from the simulator's vocabulary, and the names problems
 * give to graph nodes. Every name the compiler, the problem builder and the plan reader use comes from here.
 *
 * - a node state S is the unary fluent `(is_s ?o)`            (`is_closed`, `is_on`, `is_plugged_in`)
 * - a property P is the unary static `(prop_p ?o)`              (`prop_grabbable`, `prop_can_open`)
 * - a relation R is the binary predicate `(r ?a ?b)`            (`on`, `inside`, `close`, `holds_rh`)
 * - a class C a rule names is the unary static `(class_c ?o)`   (`class_water`, `class_couch`)
 * - "the class name contains T" is `(class_contains_t ?o)`      (CUT's knife)
 * - the grab memo is `(grabbed ?o)`, `(grab_origin ?o ?from)` and `(grab_origin_r ?o)` for the relation r it records
 * - types: `room`, and `locatable` (every non-room node) with subtypes `character` (the acting one) and `thing`.
 */
import type { Property, Relation, State } from '../../sim/vocabulary.js';

export const ROOM_TYPE = 'room';
export const LOCATABLE_TYPE = 'locatable';
export const CHARACTER_TYPE = 'character';
export const THING_TYPE = 'thing';

/** Lower case, with anything PDDL would not accept in a name turned into `_`. */
export function sanitize(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9_-]/g, '_');
}

export const statePredicate = (state: State): string => `is_${sanitize(state)}`;
export const propertyPredicate = (property: Property): string => `prop_${sanitize(property)}`;
export const relationPredicate = (relation: Relation): string => sanitize(relation);
export const classPredicate = (className: string): string => `class_${sanitize(className)}`;
export const classContainsPredicate = (text: string): string => `class_contains_${sanitize(text)}`;

export const GRABBED = 'grabbed';
export const GRAB_ORIGIN = 'grab_origin';
export const grabOriginRelationPredicate = (relation: Relation): string => `grab_origin_${sanitize(relation)}`;

/** B.1's walk restriction: rooms joined by a door or door jamb (both directions). */
export const ADJACENT = 'adjacent';
/** B.1's candidate lists leave out walls, floors, doors, windows, rooms and characters. */
export const STRUCTURAL = 'structural';
/** Objects a request forbids as action arguments (DANLI's "exclude the instance and replan"). */
export const EXCLUDED = 'excluded';

/** The PDDL object name of a node: `mug_12`. The id after the last `_` is what plans are read back with. */
export function objectName(id: number, className: string): string {
  const base = sanitize(className);
  return /^[a-z]/.test(base) ? `${base}_${id}` : `o${base}_${id}`;
}

/** The node id of an object name made by `objectName`. */
export function idOfObjectName(name: string): number {
  return Number(name.slice(name.lastIndexOf('_') + 1));
}
