/**
 * What a people's-words task needs of a home and how many steps it gets, read off its gold subgoals the same way for
 * ALFRED's and TEACh's tasks:
 *
 * - `requirementsFor`: the patients (as many as the subgoal counts; one for `all`), the destinations and the
 *   instruments each predicate's recipe uses (`recipeInstruments`: a knife to slice, a sink and a faucet to rinse, a
 *   fridge to cool, a pot and a stove to boil), each as the first class of its list with the others counting too, so
 *   a home that has any of them is left as it is;
 * - `stepLimitFor`: three times a generous plan length (docs/alfred.md, "Step limits").
 */
import type { RoomType } from '../../../sim/catalog/index.js';
import { recipeInstruments, type SubgoalSpec } from '../../../sim/subgoals.js';
import type { ObjectRequirement } from '../task.js';

const countOf = (spec: SubgoalSpec) => (typeof spec.count === 'number' ? spec.count : 1);

/** The objects the subgoals need (merged per class, the largest count kept); `room`: where missing pieces go. */
export function requirementsFor(subgoals: readonly SubgoalSpec[], room?: RoomType): ObjectRequirement[] {
  const needs = new Map<string, ObjectRequirement>();
  const need = (classes: readonly string[], count: number) => {
    const [className, ...countsAlso] = classes;
    if (className === undefined || className === '*') return;
    const known = needs.get(className);
    if (known && known.count >= count) return;
    needs.set(className, {
      className,
      count,
      ...(countsAlso.length > 0 && { countsAlso }),
      ...(room !== undefined && { room }),
    });
  };
  for (const spec of subgoals) {
    need(spec.patient, countOf(spec));
    if (spec.destination) need(spec.destination, 1);
    for (const predicate of [spec.predicate, ...(spec.qualifiers ?? [])]) {
      for (const group of recipeInstruments({ ...spec, predicate })) need(group, 1);
    }
    for (const predicate of spec.destinationQualifiers ?? []) {
      for (const group of recipeInstruments({ patient: spec.destination ?? [], predicate })) need(group, 1);
    }
  }
  return [...needs.values()];
}

/** Skills a plan spends on one patient of a predicate, generously (walks, grabs, doors, switches). */
const STEPS: Readonly<Record<SubgoalSpec['predicate'], number>> = {
  isToggledOn: 3,
  isToggledOff: 3,
  isOpen: 3,
  isClosed: 3,
  isPickedUp: 4,
  isPlacedTo: 7,
  isTakenFrom: 6,
  isClean: 8,
  isCooked: 9,
  isHeated: 9,
  isCooled: 7,
  isSliced: 6,
  isBoiled: 16,
  isFilledWithWater: 7,
  isFilledWithCoffee: 8,
  isWatered: 12,
  isExaminedUnder: 7,
};

/** Three times the steps the subgoals take by `STEPS` (`all` counted as three patients), at least 30. */
export function stepLimitFor(subgoals: readonly SubgoalSpec[]): number {
  let steps = 0;
  for (const spec of subgoals) {
    if (spec.means) continue;
    steps += STEPS[spec.predicate] * (spec.count === 'all' ? 3 : countOf(spec));
  }
  return Math.max(30, 3 * steps);
}
