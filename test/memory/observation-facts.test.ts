import { describe, expect, it } from 'vitest';
import { tekgObservation } from '../../src/memory/observation-facts.js';
import { entityClass, entityId, entityName, factKey, factSentence } from '../../src/memory/quadruple.js';
import { Tekg } from '../../src/memory/tekg.js';
import type { Observation, ObservedNode } from '../../src/sim/observation.js';
import type { State } from '../../src/sim/vocabulary.js';
import { InputError } from '../../src/util/errors.js';

function node(id: number, className: string, category: string, states: State[] = []): ObservedNode {
  return { id, className, category, properties: [], states };
}

/** The agent in the kitchen, holding a cup, near a table with a mug; a closed fridge; the TV is on. */
function kitchenView(): Observation {
  return {
    characterId: 1,
    roomId: 10,
    nodes: [
      node(1, 'character', 'Characters', ['SITTING']),
      node(10, 'kitchen', 'Rooms'),
      node(11, 'livingroom', 'Rooms'),
      node(20, 'floor', 'Floors'),
      node(21, 'wall', 'Walls'),
      node(30, 'kitchentable', 'Furniture'),
      node(31, 'mug', 'Props', ['DIRTY']),
      node(32, 'fridge', 'Appliances', ['CLOSED', 'OFF']),
      node(33, 'tv', 'Electronics', ['ON', 'PLUGGED_IN']),
      node(34, 'cup', 'Props'),
      node(35, 'chair', 'Furniture'),
    ],
    edges: [
      [1, 'CLOSE', 30],
      [1, 'CLOSE', 10],
      [1, 'FACING', 33],
      [1, 'HOLDS_RH', 34],
      [1, 'INSIDE', 10],
      [1, 'SITTING', 35],
      [30, 'CLOSE', 1],
      [30, 'CLOSE', 31],
      [30, 'INSIDE', 10],
      [30, 'ON', 20],
      [31, 'CLOSE', 30],
      [31, 'INSIDE', 10],
      [31, 'ON', 30],
      [32, 'INSIDE', 10],
      [32, 'ON', 20],
      [33, 'FACING', 30],
      [33, 'INSIDE', 10],
      [33, 'ON', 21],
      [34, 'INSIDE', 10],
      [35, 'INSIDE', 10],
    ],
  };
}

describe('entity names', () => {
  it('are class.id, unique per instance, and give both parts back', () => {
    expect(entityName('tv', 142)).toBe('tv.142');
    expect(entityName('coffee table', 7)).toBe('coffee_table.7');
    expect(entityClass('tv.142')).toBe('tv');
    expect(entityId('tv.142')).toBe(142);
    expect(entityClass('off')).toBe('off');
    expect(entityId('off')).toBeUndefined();
    // Only a dot followed by digits alone starts an id.
    expect(entityClass('kitchen_table.12')).toBe('kitchen_table');
    expect(entityClass('v1.2a')).toBe('v1.2a');
    expect(entityId('v1.2a')).toBeUndefined();
    expect(entityClass('.5')).toBe('.5');
    expect(entityId('tv.')).toBeUndefined();
    expect(entityClass('a.b.3')).toBe('a.b');
  });

  it('give facts a sentence without ids for retrieval', () => {
    expect(factSentence({ source: 'tv.142', relation: 'is', target: 'plugged_in' })).toBe('tv is plugged in');
    expect(factSentence({ source: 'character.1', relation: 'holds_lh', target: 'mug.5' })).toBe('character holds mug');
    expect(factSentence({ source: 'kitchen.2', relation: 'adjacent', target: 'bedroom.4' })).toBe(
      'kitchen adjacent to bedroom',
    );
  });
});

describe('from a simulator observation to TEKG facts', () => {
  it('records states, placements and the agent, and leaves out structure and object-object proximity', () => {
    const o = tekgObservation(kitchenView(), 12, { roomAdjacency: [[11, 10]] });
    expect(o.t).toBe(12);
    expect(o.agent).toBe('character.1');
    expect(o.room).toBe('kitchen.10');
    expect(o.rooms).toEqual(['kitchen.10', 'livingroom.11']);
    expect(o.visible).toEqual(['character.1', 'kitchentable.30', 'mug.31', 'fridge.32', 'tv.33', 'cup.34', 'chair.35']);
    expect(o.facts.map(factKey).sort()).toEqual(
      [
        'character.1 inside kitchen.10',
        'character.1 is sitting',
        'character.1 close kitchentable.30',
        'character.1 holds_rh cup.34',
        'character.1 sitting chair.35',
        'kitchentable.30 inside kitchen.10',
        'mug.31 is dirty',
        'mug.31 inside kitchen.10',
        'mug.31 on kitchentable.30',
        'fridge.32 is closed',
        'fridge.32 is off',
        'fridge.32 inside kitchen.10',
        'tv.33 is on',
        'tv.33 is plugged_in',
        'tv.33 inside kitchen.10',
        'cup.34 inside kitchen.10',
        'chair.35 inside kitchen.10',
        'kitchen.10 adjacent livingroom.11',
      ].sort(),
    );
  });

  it('feeds a TEKG directly', () => {
    const tekg = new Tekg();
    tekg.observe(kitchenView(), 0);
    expect(tekg.agent).toBe('character.1');
    expect(tekg.latest('tv.33', 'is')?.t).toBe(0);
    expect(tekg.query({ source: 'mug.31', relation: 'on' }).map(factKey)).toEqual(['mug.31 on kitchentable.30']);
  });

  it('rejects an observation whose room is not a visible room', () => {
    const view = { ...kitchenView(), roomId: 30 };
    expect(() => tekgObservation(view, 0)).toThrow(InputError);
    expect(() => tekgObservation(kitchenView(), 0, { roomAdjacency: [[10, 31]] })).toThrow(/not a visible room/);
  });
});
