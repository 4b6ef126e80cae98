/**
 * What the goal reader's clauses are about, and the subgoals they make: a `Thing` is one or more catalog classes (a
 * category noun covers several), how many of them (a number or `all`), the conditions they must meet too, the room
 * they must be in, the hosts they must start on. `unary` and `placed` make the episodic tasks' subgoals of them.
 */
import type { Predicate, SubgoalSpec } from '../sim/subgoals.js';

export interface Thing {
  /** The classes (one, or a category's). */
  readonly classes: readonly string[];
  readonly count: number | 'all';
  readonly qualifiers?: readonly Predicate[];
  readonly room?: string;
  readonly startOn?: readonly string[];
  /** How the text said it, for notes ("some fruit"). */
  readonly said?: string;
  /** The category word, for a category noun ("fruit"). */
  readonly category?: string;
  /** The quantity was not said ("some fruit", "an assortment of fruit"): the clause decides it, with a note. */
  readonly vague?: boolean;
  /** Other classes the words are as often said of ("the lamp": a desk lamp too; `NounPhrase.alsoMeans`). */
  readonly alsoMeans?: readonly string[];
}

export const thingSpec = (
  thing: Thing,
): Pick<SubgoalSpec, 'patient' | 'count' | 'qualifiers' | 'room' | 'startOn'> => ({
  patient: [...thing.classes],
  ...(thing.qualifiers?.length && { qualifiers: thing.qualifiers }),
  ...(thing.count !== 1 && { count: thing.count }),
  ...(thing.room !== undefined && { room: thing.room }),
  ...(thing.startOn && { startOn: thing.startOn }),
});

export const unary = (thing: Thing, predicate: Predicate, extra: Partial<SubgoalSpec> = {}): SubgoalSpec => {
  // "slice the sliced tomato": the state asked is no qualifier of itself
  const qualifiers = thing.qualifiers?.filter((q) => q !== predicate);
  return { ...thingSpec({ ...thing, qualifiers }), predicate, ...extra };
};

export const placed = (thing: Thing, host: string, hostQualifiers?: readonly Predicate[]): SubgoalSpec => ({
  ...thingSpec(thing),
  predicate: 'isPlacedTo',
  destination: [host],
  ...(hostQualifiers && { destinationQualifiers: hostQualifiers }),
});

export const one = (className: string, qualifiers?: readonly Predicate[]): Thing => ({
  classes: [className],
  count: 1,
  ...(qualifiers && { qualifiers }),
});
