/**
 * Physical states that TEACh's tasks hinge on but VirtualHome's vocabulary lacks (cooked, filled with water or
 * coffee, watered), derived after every step from what the graph shows, the way TEACh's simulator applies them:
 *
 * | derived state      | when (checked after each step)                                                           |
 * | ------------------ | ---------------------------------------------------------------------------------------- |
 * | `cooked`           | an EATABLE/DRINKABLE thing INSIDE a toaster that is ON, INSIDE a microwave that is ON and |
 * |                    | CLOSED, or ON/INSIDE a stove that is ON (or ON a frying pan standing ON such a stove)    |
 * | `filledWithWater`  | a grabbable RECIPIENT INSIDE a sink while a faucet of the sink's room is ON               |
 * | `filledWithCoffee` | a grabbable RECIPIENT INSIDE a coffee maker that is ON                                    |
 * | `watered`          | a plant the character is CLOSE to while holding a vessel filled with water (the water is |
 * |                    | spent); B.1's skills have no pour, so reaching the plant with the water is the pouring   |
 *
 * Rinsing is not a derived state: a DIRTY thing INSIDE a sink under a running faucet becomes CLEAN in the graph
 * itself (VirtualHome has CLEAN and DIRTY), so that every observation shows it.
 *
 * States only ever get added (nothing un-cooks), except `filledWithWater`, spent by watering. The same rules serve
 * the true world (the episode applies them) and an agent's belief (DANLI applies them to the effects of its own
 * actions, as its PDDL domain's conditional effects do).
 */
import { setState } from './dynamics/edits.js';
import type { EnvGraph } from './graph.js';

export const DERIVED_STATES = ['cooked', 'filledWithWater', 'filledWithCoffee', 'watered'] as const;
export type DerivedState = (typeof DERIVED_STATES)[number];

/** Classes of the rules (hearth's catalog names). */
export const HEATER_CLASSES = ['toaster', 'microwave', 'stove'] as const;
export const PLANT_CLASSES = ['orchid'] as const;

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
const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** The nodes a heater that is working cooks (see the table above); empty when it is off. */
export function heatedBy(graph: EnvGraph, heater: number): number[] {
  if (!graph.hasState(heater, 'ON')) return [];
  const className = graph.get(heater).className;
  if (className === 'microwave' && graph.hasState(heater, 'OPEN')) return [];
  const out = new Set<number>(graph.sources(heater, 'INSIDE'));
  if (className === 'stove') {
    for (const on of graph.sources(heater, 'ON')) {
      out.add(on);
      if (graph.get(on).className === 'fryingpan') for (const item of graph.sources(on, 'ON')) out.add(item);
    }
  }
  return sorted(out);
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
      for (const id of heatedBy(graph, heater)) if (isFood(graph, id)) add(id, 'cooked');
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
