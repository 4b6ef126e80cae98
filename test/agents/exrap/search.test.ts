import { describe, expect, it } from 'vitest';
import { searchRoom } from '../../../src/agents/exrap/search.js';
import { Belief } from '../../../src/memory/belief.js';
import type { Observation, ObservedNode } from '../../../src/sim/observation.js';

/**
 * A street of five roads in a row, 10 - 11 - 12 - 13 - 14 (ids), the vehicle (1) on road 10. The green building (30)
 * stands on road 14; the green goods (40) were last seen at step 5 elsewhere and are lost.
 */
const ROADS = [10, 11, 12, 13, 14];
const PAIRS = ROADS.slice(1).map((road, i) => [ROADS[i], road] as const);
const node = (id: number, className: string, category: string): ObservedNode => ({
  id,
  className,
  category,
  properties: [],
  states: [],
});

/** The vehicle standing on `road` at step t, seeing that road's buildings. */
function standOn(belief: Belief, road: number, t: number, buildings: readonly ObservedNode[] = []): void {
  const observation: Observation = {
    characterId: 1,
    roomId: road,
    nodes: [node(1, 'character', 'Characters'), ...ROADS.map((r) => node(r, 'road', 'Rooms')), ...buildings],
    edges: [[1, 'INSIDE', road], ...buildings.map((b) => [b.id, 'INSIDE', road] as const)],
  };
  belief.update(observation, t, PAIRS);
}

const search = (belief: Belief, lastSeen: number, t: number) =>
  searchRoom({ belief, classes: ['greengoods'], lastSeen, room: 10, adjacent: PAIRS, t });

describe('searchRoom', () => {
  it('looks for a lost thing where its places are, not in rooms already seen without one', () => {
    const belief = new Belief();
    standOn(belief, 14, 0, [node(30, 'greenbuilding', 'Buildings')]);
    standOn(belief, 13, 1);
    standOn(belief, 12, 2);
    standOn(belief, 11, 3);
    standOn(belief, 10, 4);
    // Every road was last in view before the goods were last seen (step 5): any could hold them by recency alone.
    // Roads 11-13 were seen with no building in them, so the goods, kept only in the green building, cannot be
    // there; the search heads for road 14 although road 11 is nearer.
    expect(search(belief, 5, 8)).toBe(14);
  });

  it('goes back to a place seen since when no room not in view since can hold the thing', () => {
    const belief = new Belief();
    standOn(belief, 13, 1);
    standOn(belief, 12, 2);
    standOn(belief, 11, 3);
    standOn(belief, 14, 6, [node(30, 'greenbuilding', 'Buildings')]);
    standOn(belief, 10, 7);
    // The goods were not at the green building at step 6, after they were last seen (5); roads 11-13, the only
    // roads not in view since, have no place for them. The green building is looked at again (the goods may have
    // come back since), not a road that cannot hold them.
    expect(search(belief, 5, 8)).toBe(14);
  });

  it('counts a road never seen as one place, since it may hold buildings not yet known', () => {
    const belief = new Belief();
    standOn(belief, 14, 0, [node(30, 'greenbuilding', 'Buildings')]);
    standOn(belief, 10, 4);
    // Road 11, never stood on: one unknown place one road away, against the green building's one place four away.
    expect(search(belief, 5, 8)).toBe(11);
  });

  it('weighs every room alike when no room to look in has a known place for the thing', () => {
    const belief = new Belief();
    standOn(belief, 13, 1);
    standOn(belief, 12, 2);
    standOn(belief, 11, 3);
    standOn(belief, 10, 4);
    // No green building known: the nearest road not in view since the goods were last seen.
    expect(search(belief, 5, 8)).toBe(11);
  });
});
