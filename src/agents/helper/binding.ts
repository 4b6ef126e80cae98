/**
 * Which instance a program's handle stands for. A handle binds when a call first needs it, to the instance of its
 * class the object memory knows that fits best, in this order:
 *
 * - for the object a block's goal is about: one for which the goal does not hold yet (the toast not yet toasted);
 * - the goal's qualifiers and the handle's attributes: a clean plate for `attributes=["clean"]`, a cooked slice for
 *   `breadslice(isCooked) isPlacedTo ...`;
 * - the landmark: on or in an instance of the landmark's class, or at least in its room;
 * - in hand, then in the robot's room, then the lowest id.
 *
 * Two handles of one program never bind the same instance, and an instance a handle gave up on (its second failure)
 * is excluded for it.
 */
import type { SubgoalSpec } from '../../sim/subgoals.js';
import { predicateHolds } from '../../sim/subgoals.js';
import { ATTRIBUTES } from './api.js';
import type { HandleDecl } from './program.js';
import type { HelperView } from './view.js';

export interface Binding {
  readonly decl: HandleDecl;
  /** The catalog class (undefined: a class the mapper could not map; the handle's calls are skipped). */
  readonly className: string | undefined;
  /**
   * Every class the handle may bind, the first one `className`: a class written as alternatives, `"apple|orange"`
   * (a goal over any of several classes: "three pieces of fruit"), binds an instance of any of them.
   */
  readonly classes: readonly string[];
  id?: number;
  /** Instances this handle gave up on. */
  readonly excluded: Set<number>;
  /** Searched for and not found: the handle's calls are skipped. */
  notFound?: boolean;
}

/** The known instances of the goal's destination classes that satisfy its destination qualifiers. */
function destinations(view: HelperView, goal: SubgoalSpec): number[] {
  return (goal.destination ?? [])
    .flatMap((c) => view.instances(c))
    .filter((d) => (goal.destinationQualifiers ?? []).every((q) => view.holds(d, q)));
}

/** Whether the goal already holds of the instance, as far as the memory knows. */
export function goalSatisfiedBy(view: HelperView, goal: SubgoalSpec, id: number): boolean {
  if (!view.knows(id)) return false;
  if (!(goal.qualifiers ?? []).every((q) => view.holds(id, q))) return false;
  return predicateHolds(view.world, id, goal.predicate, destinations(view, goal), goal.placeAs);
}

/** Whether an instance lies on or in an instance of the class, or in a room with one (2, 1, 0). */
function nearLandmark(view: HelperView, id: number, landmark: string): number {
  const graph = view.belief.graph;
  const hosts = [...graph.targets(id, 'ON'), ...graph.targets(id, 'INSIDE')];
  if (hosts.some((h) => view.className(h) === landmark)) return 2;
  const room = view.roomOf(id);
  return view.instances(landmark).some((l) => view.roomOf(l) === room) ? 1 : 0;
}

/** The instance a handle binds to now, or undefined when the memory knows none it may take. */
export function chooseInstance(
  view: HelperView,
  binding: Binding,
  goal: SubgoalSpec | undefined,
  taken: ReadonlySet<number>,
  landmarkClass?: string,
): number | undefined {
  const classes = binding.classes;
  if (classes.length === 0) return undefined;
  const candidates = classes
    .flatMap((c) => view.instances(c))
    .filter((id) => !binding.excluded.has(id) && !taken.has(id))
    .filter((id) => view.roomOf(id) !== undefined || view.isHeld(id));
  if (candidates.length === 0) return undefined;
  const isPatient = goal?.patient.some((c) => classes.includes(c)) ?? false;
  const isDestination = goal?.destination?.some((c) => classes.includes(c)) ?? false;
  const wanted = binding.decl.attributes.map((a) => ATTRIBUTES[a]).filter((p) => p !== undefined);
  const score = (id: number): number => {
    let s = 0;
    if (goal && isPatient) {
      if (goalSatisfiedBy(view, goal, id)) s -= 100;
      for (const q of goal.qualifiers ?? []) if (view.holds(id, q)) s += 5;
    }
    if (goal && isDestination) for (const q of goal.destinationQualifiers ?? []) if (view.holds(id, q)) s += 5;
    for (const p of wanted) if (view.holds(id, p)) s += 5;
    if (landmarkClass) s += nearLandmark(view, id, landmarkClass);
    if (view.isHeld(id)) s += 2;
    else if (view.roomOf(id) === view.room) s += 1;
    return s;
  };
  return candidates.map((id) => ({ id, s: score(id) })).sort((a, b) => b.s - a.s || a.id - b.id)[0].id;
}
