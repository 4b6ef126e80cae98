/**
 * Physical states that TEACh's and ALFRED's tasks hinge on but VirtualHome's vocabulary lacks, derived after every
 * step from what the graph shows, the way TEACh's simulator and ALFRED's environment apply them:
 *
 * | derived state      | when (checked after each step)                                                           |
 * | ------------------ | ---------------------------------------------------------------------------------------- |
 * | `cooked`           | an EATABLE/DRINKABLE thing a working heater heats (`heatedBy`): INSIDE a toaster that is |
 * |                    | ON, INSIDE a microwave that is ON and CLOSED, or ON/INSIDE a stove that is ON; with what |
 * |                    | lies ON or INSIDE a vessel standing there (a pan or pot on the stove, a bowl in the      |
 * |                    | microwave)                                                                               |
 * | `heated`           | any grabbable thing a working heater heats (ALFRED heats mugs and plates too)            |
 * | `cooled`           | a grabbable thing INSIDE a fridge that is CLOSED while the character is CLOSE to it, or in |
 * |                    | a vessel there (ALFRED: closing the fridge cools what it holds; hearth: closing it, or    |
 * |                    | coming to it closed, so what is taken out of a fridge is cold)                           |
 * | `sliced`           | an EATABLE, CUTTABLE thing the character is CLOSE to while holding a knife (`KNIFE_CLASSES`: |
 * |                    | ALFRED's SliceObject needs a Knife or a ButterKnife in hand; the skill sets have no slice, |
 * |                    | so reaching the food with the knife is the cut, as reaching a plant with water waters it) |
 * | `boiled`           | an EATABLE thing heated while INSIDE a vessel filled with water (TEACh's Boil X: cooked  |
 * |                    | in water, in a pot on a stove or a bowl in a microwave)                                  |
 * | `filledWithWater`  | a grabbable RECIPIENT INSIDE a sink while a faucet of the sink's room is ON               |
 * | `filledWithCoffee` | a grabbable RECIPIENT INSIDE a coffee maker that is ON                                    |
 * | `watered`          | a plant the character is CLOSE to while holding a vessel filled with water (the water is |
 * |                    | spent); B.1's skills have no pour, so reaching the plant with the water is the pouring   |
 *
 * Rinsing is not a derived state: a DIRTY thing INSIDE a sink under a running faucet becomes CLEAN in the graph
 * itself (VirtualHome has CLEAN and DIRTY), so that every observation shows it.
 *
 * A slice is a state of the thing, not a new node: a sliced tomato stands for its slices (docs/alfred.md says why).
 *
 * States only ever get added (nothing un-cooks), except `filledWithWater`, spent by watering. The same rules serve
 * the true world (the episode applies them) and an agent's belief (DANLI applies them to the effects of its own
 * actions, as its PDDL domain's conditional effects do).
 */
import { setState } from './dynamics/edits.js';
import type { EnvGraph } from './graph.js';

export const DERIVED_STATES = [
  'cooked',
  'filledWithWater',
  'filledWithCoffee',
  'watered',
  'sliced',
  'heated',
  'cooled',
  'boiled',
] as const;
export type DerivedState = (typeof DERIVED_STATES)[number];

/** Classes of the rules (hearth's catalog names). */
export const HEATER_CLASSES = ['toaster', 'microwave', 'stove'] as const;
export const PLANT_CLASSES = ['orchid'] as const;
/** What cuts food (ALFRED's Knife and ButterKnife, hearth's chefknife and cutleryknife). */
export const KNIFE_CLASSES = ['chefknife', 'cutleryknife'] as const;
/** What cools what it holds once closed. */
export const COOLER_CLASSES = ['fridge'] as const;
/** Vessels food boils in once filled with water (TEACh: a pot on a stove, a bowl in a microwave). */
export const BOILING_VESSELS = ['cookingpot', 'dishbowl'] as const;

/** Derived states per node id. Iteration is always in id order. */
export class DerivedStates {
  private readonly flags = new Map<number, Set<DerivedState>>();

  has(id: number, state: DerivedState): boolean {
    return this.flags.get(id)?.has(state) ?? false;
  }

  add(id: number, state: DerivedState): boolean {
    let set = this.flags.get(id);
    if (!set) {
      set = new Set();
      this.flags.set(id, set);
    }
    if (set.has(state)) return false;
    set.add(state);
    return true;
  }

  remove(id: number, state: DerivedState): boolean {
    return this.flags.get(id)?.delete(state) ?? false;
  }

  /** Ids with the state, sorted. */
  withState(state: DerivedState): number[] {
    return [...this.flags.entries()]
      .filter(([, set]) => set.has(state))
      .map(([id]) => id)
      .sort((a, b) => a - b);
  }

  clone(): DerivedStates {
    const copy = new DerivedStates();
    for (const [id, set] of this.flags) for (const state of set) copy.add(id, state);
    return copy;
  }

  /** `{ id: [states] }` in id order, states in `DERIVED_STATES` order (for records). */
  toJSON(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const id of [...this.flags.keys()].sort((a, b) => a - b)) {
      const states = DERIVED_STATES.filter((s) => this.flags.get(id)!.has(s));
      if (states.length > 0) out[String(id)] = states;
    }
    return out;
  }
}

/** What one application of the rules changed. */
export interface PhysicsChange {
  readonly added: readonly { id: number; state: DerivedState }[];
  readonly cleaned: readonly number[];
  readonly spent: readonly number[];
}

const hasProperty = (graph: EnvGraph, id: number, property: string) =>
  (graph.get(id).properties as ReadonlySet<string>).has(property);
const isFood = (graph: EnvGraph, id: number) =>
  hasProperty(graph, id, 'EATABLE') || hasProperty(graph, id, 'DRINKABLE');
const isVessel = (graph: EnvGraph, id: number) =>
  hasProperty(graph, id, 'RECIPIENT') && hasProperty(graph, id, 'GRABBABLE');
const isGrabbable = (graph: EnvGraph, id: number) => hasProperty(graph, id, 'GRABBABLE');
const isSliceable = (graph: EnvGraph, id: number) =>
  hasProperty(graph, id, 'EATABLE') && hasProperty(graph, id, 'CUTTABLE');
const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** What lies ON or INSIDE a node. */
const contents = (graph: EnvGraph, id: number) => [...graph.sources(id, 'INSIDE'), ...graph.sources(id, 'ON')];

/**
 * What a container or surface holds, with what lies in the vessels it holds (a pot on the stove and the potato in
 * it, a bowl in the microwave and the egg in it): one level down, as a pot holds food and nothing holds a pot.
 */
function heldWithVessels(graph: EnvGraph, direct: Iterable<number>): Set<number> {
  const out = new Set<number>();
  for (const id of direct) {
    out.add(id);
    if (!isVessel(graph, id) && !hasProperty(graph, id, 'SURFACES')) continue;
    if (!hasProperty(graph, id, 'GRABBABLE')) continue;
    for (const item of contents(graph, id)) out.add(item);
  }
  return out;
}

/** The nodes a heater that is working heats (see the table above); empty when it is off. */
export function heatedBy(graph: EnvGraph, heater: number): number[] {
  if (!graph.hasState(heater, 'ON')) return [];
  const className = graph.get(heater).className;
  if (className === 'microwave' && graph.hasState(heater, 'OPEN')) return [];
  const direct = className === 'stove' ? contents(graph, heater) : graph.sources(heater, 'INSIDE');
  return sorted(heldWithVessels(graph, direct));
}

/** The nodes a cooler that is closed cools (see the table above). */
export function cooledBy(graph: EnvGraph, cooler: number): number[] {
  if (!graph.hasState(cooler, 'CLOSED')) return [];
  return sorted(heldWithVessels(graph, graph.sources(cooler, 'INSIDE')));
}

/** The vessel filled with water a node lies in, if any (what makes heating it boiling). */
function inWater(graph: EnvGraph, derived: DerivedStates, id: number): boolean {
  return [...graph.targets(id, 'INSIDE')].some((v) => derived.has(v, 'filledWithWater'));
}

/** Whether some faucet of the sink's room runs. */
export function waterRuns(graph: EnvGraph, sink: number): boolean {
  const room = graph.roomOf(sink);
  return graph.idsOfClass('faucet').some((f) => graph.roomOf(f) === room && graph.hasState(f, 'ON'));
}

/**
 * Applies the rules once to the graph (rinsing) and the derived states (the rest), for the character's position.
 * Deterministic: nodes are visited in id order.
 */
export function applyPhysics(graph: EnvGraph, derived: DerivedStates, characterId: number): PhysicsChange {
  const added: { id: number; state: DerivedState }[] = [];
  const cleaned: number[] = [];
  const spent: number[] = [];
  const add = (id: number, state: DerivedState) => {
    if (derived.add(id, state)) added.push({ id, state });
  };
  for (const className of HEATER_CLASSES) {
    for (const heater of sorted(graph.idsOfClass(className))) {
      for (const id of heatedBy(graph, heater)) {
        if (!isGrabbable(graph, id)) continue;
        add(id, 'heated');
        if (!isFood(graph, id)) continue;
        add(id, 'cooked');
        if (hasProperty(graph, id, 'EATABLE') && inWater(graph, derived, id)) add(id, 'boiled');
      }
    }
  }
  for (const className of COOLER_CLASSES) {
    for (const cooler of sorted(graph.idsOfClass(className))) {
      if (!graph.has(characterId) || !graph.hasEdge(characterId, 'CLOSE', cooler)) continue;
      for (const id of cooledBy(graph, cooler)) if (isGrabbable(graph, id)) add(id, 'cooled');
    }
  }
  for (const sink of sorted(graph.idsOfClass('sink'))) {
    if (!waterRuns(graph, sink)) continue;
    for (const id of sorted(graph.sources(sink, 'INSIDE'))) {
      if (graph.hasState(id, 'DIRTY')) {
        setState(graph, id, 'CLEAN');
        cleaned.push(id);
      }
      if (isVessel(graph, id)) add(id, 'filledWithWater');
    }
  }
  for (const maker of sorted(graph.idsOfClass('coffeemaker'))) {
    if (!graph.hasState(maker, 'ON')) continue;
    for (const id of sorted(graph.sources(maker, 'INSIDE'))) if (isVessel(graph, id)) add(id, 'filledWithCoffee');
  }
  if (graph.has(characterId)) {
    const held = sorted([...graph.targets(characterId, 'HOLDS_RH'), ...graph.targets(characterId, 'HOLDS_LH')]);
    const knives = new Set<string>(KNIFE_CLASSES);
    if (held.some((id) => knives.has(graph.get(id).className))) {
      for (const id of sorted(graph.targets(characterId, 'CLOSE'))) {
        if (graph.has(id) && isSliceable(graph, id)) add(id, 'sliced');
      }
    }
    const water = held.find((id) => derived.has(id, 'filledWithWater'));
    if (water !== undefined) {
      for (const className of PLANT_CLASSES) {
        const plant = sorted(graph.idsOfClass(className)).find(
          (p) => graph.hasEdge(characterId, 'CLOSE', p) && !derived.has(p, 'watered'),
        );
        if (plant !== undefined) {
          add(plant, 'watered');
          derived.remove(water, 'filledWithWater');
          spent.push(water);
          break;
        }
      }
    }
  }
  return { added, cleaned, spent };
}
