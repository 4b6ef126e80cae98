import { describe, expect, it } from 'vitest';
import { holdersOf, moveObject, placesOf, setState } from '../../../src/sim/dynamics/index.js';
import { executeStep } from '../../../src/sim/executor.js';
import type { EnvGraph } from '../../../src/sim/graph.js';
import { observe } from '../../../src/sim/observe.js';
import { checkHome, loadHome } from '../../../src/sim/scenes/index.js';
import { Rng } from '../../../src/util/rng.js';

const byClass = (graph: EnvGraph, name: string) => graph.idsOfClass(name)[0];

describe('setState', () => {
  it('sets a state and removes its opposite', () => {
    const home = loadHome('cottage').graph;
    const tv = byClass(home, 'tv');
    expect(home.hasState(tv, 'OFF')).toBe(true);
    expect(setState(home, tv, 'ON')).toBe(true);
    expect(home.hasState(tv, 'ON')).toBe(true);
    expect(home.hasState(tv, 'OFF')).toBe(false);
    expect(setState(home, tv, 'ON')).toBe(false);
  });
});

describe('moveObject', () => {
  it('moves an object to another room as PUTBACK would leave it, visible from there and gone from here', () => {
    const home = loadHome('cottage').graph;
    const apple = byClass(home, 'apple');
    const desk = byClass(home, 'desk');
    const kitchen = home.roomOf(apple)!;
    const bedroom = home.roomOf(desk)!;
    moveObject(home, apple, { relation: 'ON', host: desk });
    expect(placesOf(home, apple)).toEqual([{ relation: 'ON', host: desk }]);
    expect([...home.targets(apple, 'INSIDE')]).toEqual([bedroom]);
    expect([...home.targets(apple, 'CLOSE')]).toEqual([desk]);
    expect([...home.sources(apple, 'CLOSE')]).toEqual([desk]);
    expect(checkHome(home)).toEqual([]);
    expect(kitchen).not.toBe(bedroom);
    // The character can now walk to it from the bedroom and grab it: the rules accept the new state.
    const character = home.characterId();
    for (const line of [`[WALK] <bedroom> (${bedroom})`, `[WALK] <apple> (${apple})`, `[GRAB] <apple> (${apple})`]) {
      expect(executeStep(home, line).ok, line).toBe(true);
    }
    expect(holdersOf(home, apple)).toEqual([character]);
  });

  it('makes a character standing at the new host close to the object, and refuses held objects', () => {
    const home = loadHome('cottage').graph;
    const coffeetable = byClass(home, 'coffeetable');
    const mug = byClass(home, 'mug');
    expect(executeStep(home, `[WALK] <coffeetable> (${coffeetable})`).ok).toBe(true);
    const character = home.characterId();
    moveObject(home, mug, { relation: 'ON', host: coffeetable });
    expect(home.hasEdge(character, 'CLOSE', mug)).toBe(true);
    expect(observe(home, character).nodes.some((n) => n.id === mug)).toBe(true);
    expect(executeStep(home, `[GRAB] <mug> (${mug})`).ok).toBe(true);
    expect(() => moveObject(home, mug, { relation: 'ON', host: coffeetable })).toThrow(/holds it/);
  });

  it('keeps a generated home valid under many random moves', () => {
    const home = loadHome('gen:21').graph;
    const rng = new Rng(5);
    const movable = [...home.nodes()].filter((n) => n.properties.has('GRABBABLE')).map((n) => n.id);
    const surfaces = [...home.nodes()]
      .filter((n) => n.properties.has('SURFACES') && !n.properties.has('GRABBABLE') && home.roomOf(n.id) !== undefined)
      .map((n) => n.id);
    for (let i = 0; i < 300; i++) moveObject(home, rng.pick(movable), { relation: 'ON', host: rng.pick(surfaces) });
    expect(checkHome(home)).toEqual([]);
  });
});
