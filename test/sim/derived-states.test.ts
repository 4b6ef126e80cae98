import { describe, expect, it } from 'vitest';
import { applyPhysics, DerivedStates } from '../../src/sim/derived-states.js';
import { setState } from '../../src/sim/dynamics/edits.js';
import { EnvGraph } from '../../src/sim/graph.js';

/** A kitchen with a toaster, a microwave, a sink and faucet, a coffee maker, a plant; bread, milk, a mug. */
function kitchen(): EnvGraph {
  const g = new EnvGraph();
  const node = (id: number, className: string, properties: string[] = [], states: string[] = [], category = 'Props') =>
    g.addNode({ id, className, category, properties, states } as never);
  node(1, 'kitchen', [], [], 'Rooms');
  node(2, 'character', [], [], 'Characters');
  node(3, 'toaster', ['CONTAINERS', 'HAS_SWITCH'], ['OFF']);
  node(4, 'microwave', ['CONTAINERS', 'HAS_SWITCH', 'CAN_OPEN'], ['OFF', 'OPEN']);
  node(5, 'sink', ['CONTAINERS', 'RECIPIENT']);
  node(6, 'faucet', ['HAS_SWITCH'], ['OFF']);
  node(7, 'coffeemaker', ['CONTAINERS', 'HAS_SWITCH', 'RECIPIENT'], ['OFF']);
  node(8, 'breadslice', ['GRABBABLE', 'EATABLE']);
  node(9, 'milk', ['GRABBABLE', 'DRINKABLE']);
  node(10, 'mug', ['GRABBABLE', 'RECIPIENT'], ['DIRTY']);
  node(11, 'orchid', ['GRABBABLE']);
  for (let id = 2; id <= 11; id++) g.addEdge(id, 'INSIDE', 1);
  return g;
}

describe('derived states', () => {
  it('cooks what is inside a toaster that is on, and only then', () => {
    const g = kitchen();
    const derived = new DerivedStates();
    g.addEdge(8, 'INSIDE', 3);
    applyPhysics(g, derived, 2);
    expect(derived.has(8, 'cooked')).toBe(false);
    setState(g, 3, 'ON');
    const change = applyPhysics(g, derived, 2);
    expect(derived.has(8, 'cooked')).toBe(true);
    expect(change.added).toEqual([
      { id: 8, state: 'heated' },
      { id: 8, state: 'cooked' },
    ]);
    // Nothing un-cooks, and a second pass adds nothing.
    setState(g, 3, 'OFF');
    expect(applyPhysics(g, derived, 2).added).toEqual([]);
    expect(derived.has(8, 'cooked')).toBe(true);
  });

  it('heats in a microwave only when it is closed', () => {
    const g = kitchen();
    const derived = new DerivedStates();
    g.addEdge(9, 'INSIDE', 4);
    g.addState(4, 'ON');
    applyPhysics(g, derived, 2);
    expect(derived.has(9, 'cooked')).toBe(false);
    setState(g, 4, 'CLOSED');
    applyPhysics(g, derived, 2);
    expect(derived.has(9, 'cooked')).toBe(true);
  });

  it('rinses and fills a vessel in a sink under a running faucet', () => {
    const g = kitchen();
    const derived = new DerivedStates();
    g.addEdge(10, 'INSIDE', 5);
    applyPhysics(g, derived, 2);
    expect(g.hasState(10, 'DIRTY')).toBe(true);
    setState(g, 6, 'ON');
    const change = applyPhysics(g, derived, 2);
    expect(g.hasState(10, 'CLEAN')).toBe(true);
    expect(g.hasState(10, 'DIRTY')).toBe(false);
    expect(change.cleaned).toEqual([10]);
    expect(derived.has(10, 'filledWithWater')).toBe(true);
  });

  it('fills a mug with coffee in a running coffee maker', () => {
    const g = kitchen();
    const derived = new DerivedStates();
    g.addEdge(10, 'INSIDE', 7);
    setState(g, 7, 'ON');
    applyPhysics(g, derived, 2);
    expect(derived.has(10, 'filledWithCoffee')).toBe(true);
  });

  it('waters a plant the character reaches with water in hand, spending the water', () => {
    const g = kitchen();
    const derived = new DerivedStates();
    derived.add(10, 'filledWithWater');
    g.addEdge(2, 'HOLDS_RH', 10);
    applyPhysics(g, derived, 2);
    expect(derived.has(11, 'watered')).toBe(false);
    g.addEdge(2, 'CLOSE', 11);
    const change = applyPhysics(g, derived, 2);
    expect(derived.has(11, 'watered')).toBe(true);
    expect(derived.has(10, 'filledWithWater')).toBe(false);
    expect(change.spent).toEqual([10]);
    expect(derived.toJSON()).toEqual({ '11': ['watered'] });
  });

  // ALFRED's and TEACh's states (issue 42)
  const more = (g: EnvGraph) => {
    const node = (id: number, className: string, properties: string[], states: string[] = []) =>
      g.addNode({ id, className, category: 'Props', properties, states } as never);
    node(12, 'fridge', ['CONTAINERS', 'CAN_OPEN'], ['CLOSED']);
    node(13, 'stove', ['CONTAINERS', 'HAS_SWITCH', 'SURFACES'], ['OFF']);
    node(14, 'chefknife', ['GRABBABLE']);
    node(15, 'tomato', ['GRABBABLE', 'EATABLE', 'CUTTABLE']);
    node(16, 'cookingpot', ['GRABBABLE', 'RECIPIENT', 'CONTAINERS']);
    node(17, 'potato', ['GRABBABLE', 'EATABLE', 'CUTTABLE']);
    node(18, 'book', ['GRABBABLE', 'CUTTABLE']);
    for (let id = 12; id <= 18; id++) g.addEdge(id, 'INSIDE', 1);
    return g;
  };

  it('slices food the character reaches with a knife in hand, never a book, never without the knife', () => {
    const g = more(kitchen());
    const derived = new DerivedStates();
    g.addEdge(2, 'CLOSE', 15);
    g.addEdge(2, 'CLOSE', 18);
    applyPhysics(g, derived, 2);
    expect(derived.has(15, 'sliced')).toBe(false);
    g.addEdge(2, 'HOLDS_RH', 14);
    applyPhysics(g, derived, 2);
    expect(derived.has(15, 'sliced')).toBe(true);
    expect(derived.has(18, 'sliced')).toBe(false);
  });

  it('heats what is no food (a mug in the microwave) without cooking it', () => {
    const g = kitchen();
    const derived = new DerivedStates();
    g.addEdge(10, 'INSIDE', 4);
    setState(g, 4, 'CLOSED');
    setState(g, 4, 'ON');
    applyPhysics(g, derived, 2);
    expect(derived.has(10, 'heated')).toBe(true);
    expect(derived.has(10, 'cooked')).toBe(false);
  });

  it('cools what a closed fridge holds once the character is at it', () => {
    const g = more(kitchen());
    const derived = new DerivedStates();
    g.addEdge(15, 'INSIDE', 12);
    applyPhysics(g, derived, 2);
    expect(derived.has(15, 'cooled')).toBe(false);
    g.addEdge(2, 'CLOSE', 12);
    setState(g, 12, 'OPEN');
    applyPhysics(g, derived, 2);
    expect(derived.has(15, 'cooled')).toBe(false);
    setState(g, 12, 'CLOSED');
    applyPhysics(g, derived, 2);
    expect(derived.has(15, 'cooled')).toBe(true);
  });

  it('boils food in a pot of water on a stove that is on, and only in water', () => {
    const g = more(kitchen());
    const derived = new DerivedStates();
    g.addEdge(16, 'ON', 13);
    g.addEdge(17, 'INSIDE', 16);
    setState(g, 13, 'ON');
    applyPhysics(g, derived, 2);
    expect(derived.has(17, 'cooked')).toBe(true);
    expect(derived.has(17, 'boiled')).toBe(false);
    const water = new DerivedStates();
    water.add(16, 'filledWithWater');
    applyPhysics(g, water, 2);
    expect(water.has(17, 'boiled')).toBe(true);
    expect(water.has(16, 'boiled')).toBe(false);
  });
});
