/**
 * Which classes a subgoal predicate can hold for, from the catalog's states and properties: a light can be switched
 * on, a plate washed, a tomato sliced, a mug heated. The reader asks it before it names a goal; the data families ask
 * it to keep only the classes a goal can be met for (TEACh's "clean all the tableware" asks nothing of a bottle,
 * which cannot be dirty).
 */
import { catalogClass } from './catalog/index.js';
import { ANY_THING, type Predicate } from './subgoals.js';

/** Whether a class (catalog name or alias; `*` any grabbable thing) can take a predicate. */
export function classTakes(className: string, predicate: Predicate): boolean {
  if (className === ANY_THING)
    return predicate === 'isPlacedTo' || predicate === 'isPickedUp' || predicate === 'isTakenFrom';
  const entry = catalogClass(className);
  if (!entry) return false;
  const has = (property: string) => (entry.properties as readonly string[]).includes(property);
  switch (predicate) {
    case 'isToggledOn':
    case 'isToggledOff':
      return entry.states.includes('ON');
    case 'isOpen':
    case 'isClosed':
      return entry.states.includes('OPEN');
    case 'isPlacedTo':
    case 'isPickedUp':
    case 'isTakenFrom':
    case 'isHeated':
    case 'isCooled':
    case 'isExaminedUnder':
      return has('GRABBABLE');
    case 'isClean':
      return entry.states.includes('CLEAN');
    case 'isCooked':
      return has('EATABLE') || has('DRINKABLE');
    case 'isSliced':
      return has('EATABLE') && has('CUTTABLE');
    case 'isBoiled':
      return has('EATABLE');
    case 'isWatered':
      return entry.name === 'orchid';
    case 'isFilledWithCoffee':
    case 'isFilledWithWater':
      return has('GRABBABLE');
  }
}
