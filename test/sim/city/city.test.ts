import { describe, expect, it } from 'vitest';
import { EpisodeWorld } from '../../../src/bench/environment.js';
import { buildingClass, CITY_COLOURS, goodsClass } from '../../../src/sim/catalog/index.js';
import {
  buildCity,
  builtinCities,
  citySkillSet,
  isCalling,
  isCity,
  type Segment,
  turnBetween,
} from '../../../src/sim/city/index.js';
import type { EnvGraph } from '../../../src/sim/graph.js';
import { loadHome, reachableRooms } from '../../../src/sim/scenes/index.js';
import { executeSkill, roomPairs } from '../../../src/sim/skill-sets.js';

const idOf = (graph: EnvGraph, className: string) => [...graph.idsOfClass(className)][0];

/** A cross of four roads around the intersection (1, 1), a building on the west and the north arm. */
function cross(): EnvGraph {
  const west: Segment = [
    [0, 1],
    [1, 1],
  ];
  const east: Segment = [
    [1, 1],
    [2, 1],
  ];
  const south: Segment = [
    [1, 0],
    [1, 1],
  ];
  const north: Segment = [
    [1, 1],
    [1, 2],
  ];
  // buildings: red on west (0), green on north (3), the rest on east (1): buildCity wants one per colour
  return buildCity({ segments: [west, east, south, north], buildings: [0, 3, 1, 1, 1, 1, 1, 1], start: 0 });
}

describe('the delivery city', () => {
  it('names turns by the two segments: driving east into a crossing, north is left, south right, east straight on', () => {
    const west: Segment = [
      [0, 1],
      [1, 1],
    ];
    expect(
      turnBetween(west, [
        [1, 1],
        [1, 2],
      ]),
    ).toBe('turnleft');
    expect(
      turnBetween(west, [
        [1, 0],
        [1, 1],
      ]),
    ).toBe('turnright');
    expect(
      turnBetween(west, [
        [1, 1],
        [2, 1],
      ]),
    ).toBe('gostraight');
    // from the north arm, driving south into the crossing: west is a right turn
    expect(
      turnBetween(
        [
          [1, 1],
          [1, 2],
        ],
        west,
      ),
    ).toBe('turnright');
    expect(
      turnBetween(west, [
        [5, 5],
        [5, 6],
      ]),
    ).toBeUndefined();
  });

  it('builds the built-in and generated cities: connected roads, one building of each colour, its goods in it', () => {
    for (const spec of [...builtinCities().map((c) => c.name), 'gen-city:0', 'gen-city:41']) {
      const { graph } = loadHome(spec);
      expect(isCity(graph), spec).toBe(true);
      const rooms = graph.rooms();
      expect(reachableRooms(graph, rooms[0]).length, spec).toBe(rooms.length);
      for (const colour of CITY_COLOURS) {
        const building = idOf(graph, buildingClass(colour));
        const goods = idOf(graph, goodsClass(colour));
        expect(graph.hasEdge(goods, 'INSIDE', building), `${spec} ${colour}`).toBe(true);
        expect(isCalling(graph, building)).toBe(true);
      }
      expect(JSON.stringify([...loadHome(spec).graph.nodes()])).toBe(JSON.stringify([...graph.nodes()]));
    }
    expect(() => loadHome('gen-city:x')).toThrow(/gen-city:<seed>/);
  });

  it('offers the turns, loads and unloads of the vehicle road, and shows the buildings along its street', () => {
    const graph = cross();
    const skills = citySkillSet(graph);
    const world = new EpisodeWorld(graph, skills);
    const feedback = world.feedback(0);
    const [west, east, south, north] = graph.rooms();
    const red = idOf(graph, buildingClass('red'));
    const redGoods = idOf(graph, goodsClass('red'));
    const green = idOf(graph, buildingClass('green'));
    const seen = new Set(feedback.observation.nodes.map((n) => n.id));
    expect(seen.has(red) && seen.has(redGoods)).toBe(true);
    expect(seen.has(green) || seen.has(idOf(graph, goodsClass('green')))).toBe(false);
    // along the street: the buildings of the segment straight on (east) are in sight, but loaded only from there
    const blue = idOf(graph, buildingClass('blue'));
    expect(seen.has(blue) && seen.has(idOf(graph, goodsClass('blue')))).toBe(true);
    expect(feedback.candidates).toEqual([
      { action: 'gostraight', objects: [east] },
      { action: 'turnright', objects: [south] },
      { action: 'turnleft', objects: [north] },
      { action: 'load', objects: [redGoods] },
    ]);
    // a turn named wrongly is refused, and changes nothing
    const wrong = world.step({ action: 'turnright', objects: [north] });
    expect(wrong.success).toBe(false);
    expect(wrong.error).toMatch(/is a left turn/);
    expect(graph.roomOf(graph.characterId())).toBe(west);
    expect(world.step({ action: 'load', objects: [redGoods] }).success).toBe(true);
    expect(isCalling(graph, red)).toBe(false);
    expect(world.step({ action: 'turnleft', objects: [north] }).success).toBe(true);
    expect(graph.roomOf(redGoods)).toBe(north);
    expect(world.feedback(2).candidates).toContainEqual({ action: 'unload', objects: [redGoods, green] });
    expect(world.step({ action: 'unload', objects: [redGoods, red] }).error).toMatch(/not on this road/);
    expect(world.step({ action: 'unload', objects: [redGoods, green] }).success).toBe(true);
    expect(graph.hasEdge(redGoods, 'INSIDE', green)).toBe(true);
    expect(isCalling(graph, green)).toBe(true);
  });

  it('carries two loads at most', () => {
    const graph = cross();
    const skills = citySkillSet(graph);
    const adjacent = roomPairs(graph);
    const character = graph.characterId();
    const east = graph.rooms()[1];
    expect(executeSkill(graph, character, { action: 'gostraight', objects: [east] }, skills, adjacent).success).toBe(
      true,
    );
    const onEast = CITY_COLOURS.slice(2).map((c) => idOf(graph, goodsClass(c)));
    for (const goods of onEast.slice(0, 2)) {
      expect(executeSkill(graph, character, { action: 'load', objects: [goods] }, skills, adjacent).success).toBe(true);
    }
    const third = executeSkill(graph, character, { action: 'load', objects: [onEast[2]] }, skills, adjacent);
    expect(third.error).toMatch(/both load bays are full/);
  });
});
