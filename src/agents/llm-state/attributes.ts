/**
 * The attribute words an offline role reads from a state, whoever wrote it (the offline estimator, or a model: the
 * paper's state is open-vocabulary, `"in_kitchen1 | contains_breadslice1"`). What is read:
 *
 * | attribute (case, spaces, `is_` ignored)                    | means                                        |
 * | ---------------------------------------------------------- | -------------------------------------------- |
 * | open, opened; closed, shut; on, switched_on, turned_on;    | that state (`not_open` is closed, ...)       |
 * | off, switched_off, turned_off; clean; dirty                |                                              |
 * | cooked, toasted                                            | the derived state `cooked`                   |
 * | heated, hot, warm                                          | `heated` (and `cooked`, of food: `world.ts`)  |
 * | sliced, cut; cooled, chilled, cold; boiled                 | `sliced`, `cooled`, `boiled` (ALFRED, TEACh)  |
 * | filled_with_water, has_water; filled_with_coffee, ...      | the derived states of water and coffee       |
 * | watered                                                    | `watered`                                    |
 * | cannot_<verb>                                              | an action that failed on it for no known cause |
 *
 * Anything else (places such as `in_hand` or `on_desk1`, which the observation shows anyway, and words no rule
 * knows) is not read.
 */
import type { DerivedState } from '../../sim/derived-states.js';
import { OPPOSITE_STATE, type State } from '../../sim/vocabulary.js';

export type ReadAttribute =
  | { readonly kind: 'state'; readonly state: State }
  | { readonly kind: 'derived'; readonly state: DerivedState }
  | { readonly kind: 'cannot'; readonly verb: string };

const STATES: Readonly<Record<string, State>> = {
  open: 'OPEN',
  opened: 'OPEN',
  closed: 'CLOSED',
  shut: 'CLOSED',
  on: 'ON',
  switched_on: 'ON',
  switchedon: 'ON',
  turned_on: 'ON',
  off: 'OFF',
  switched_off: 'OFF',
  switchedoff: 'OFF',
  turned_off: 'OFF',
  clean: 'CLEAN',
  dirty: 'DIRTY',
};

const DERIVED: Readonly<Record<string, DerivedState>> = {
  cooked: 'cooked',
  toasted: 'cooked',
  // heated is heated (a mug, a plate); the planning world takes heated food as cooked (`world.ts`)
  heated: 'heated',
  hot: 'heated',
  warm: 'heated',
  // ALFRED's states (issue 42): the estimator writes them, and the policy must see them done
  sliced: 'sliced',
  cut: 'sliced',
  cooled: 'cooled',
  chilled: 'cooled',
  cold: 'cooled',
  boiled: 'boiled',
  filled_with_water: 'filledWithWater',
  has_water: 'filledWithWater',
  filled_with_coffee: 'filledWithCoffee',
  has_coffee: 'filledWithCoffee',
  contains_coffee: 'filledWithCoffee',
  watered: 'watered',
};

/** One attribute as a fact the offline roles use, or undefined. */
export function readAttribute(text: string): ReadAttribute | undefined {
  const word = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/^is_/, '');
  const cannot = /^cannot_([a-z_]+)$/.exec(word);
  if (cannot) return { kind: 'cannot', verb: cannot[1].replace(/_/g, '') };
  const negated = /^not_(.+)$/.exec(word);
  if (negated) {
    const state = STATES[negated[1]];
    const opposite = state && OPPOSITE_STATE[state];
    return opposite ? { kind: 'state', state: opposite } : undefined;
  }
  const state = STATES[word];
  if (state) return { kind: 'state', state };
  const derived = DERIVED[word];
  return derived ? { kind: 'derived', state: derived } : undefined;
}
