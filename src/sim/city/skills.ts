/**
 * The city's skills (ExRAP appendix B.3): the vehicle turns left, turns right or goes straight onto a road segment
 * that meets its own, and loads or unloads goods at a building of its segment; each is one step.
 *
 * | skill              | allowed when                                                              | effect                                   |
 * | ------------------ | ------------------------------------------------------------------------- | ---------------------------------------- |
 * | `turnleft R`       | R meets the vehicle's segment and the turn from it onto R is a left turn  | the vehicle is on R                      |
 * | `turnright R`      | the same, a right turn                                                    | the same                                 |
 * | `gostraight R`     | the same, R goes on in the segment's line                                 | the same                                 |
 * | `load G`           | G lies in a building of the vehicle's segment and a load bay is free (2)  | the vehicle carries G                    |
 * | `unload G B`       | the vehicle carries G and B is a building of its segment                  | G lies INSIDE B                          |
 *
 * What the vehicle sees (`inSight`, added to the simulator's rule of what a character sees in its room): the buildings
 * along its segment and along the segments that continue it straight on at either end (a driver sees down its street,
 * not round the corners), with the goods waiting in them, every road of the map, and its own load. It loads only at
 * the buildings of its own segment.
 *
 * The turn from segment S onto segment R is the one a driver makes going along S into the intersection they share
 * and leaving it along R (left, right, or straight on); it depends on the two segments only, so the road graph keeps
 * the homes' two-way room adjacency (docs/city.md says why). The set is made per city: it reads the segments' ends
 * from the city's graph (`segmentOf`), as a driver reads a map, and uses them on whatever graph it runs on (the true
 * city, an agent's belief of it).
 */

import { registerCache } from '../../util/caches.js';
import { moveObject } from '../dynamics/edits.js';
import type { EnvGraph } from '../graph.js';
import type { Observation } from '../observation.js';
import type { Skill } from '../skill.js';
import { neighbours, type SkillOutcome, type SkillSet } from '../skill-sets.js';
import { BUILDINGS, buildingOf, loadsOf, type Segment, segmentOf, sharedEnd } from './world.js';

export const CITY_MOVES = ['turnleft', 'turnright', 'gostraight'] as const;
export type CityMove = (typeof CITY_MOVES)[number];
export const CITY_ACTIONS = [...CITY_MOVES, 'load', 'unload'] as const;

/** The vehicle's load bays. */
export const LOAD_BAYS = 2;

/** The turn from segment `from` onto segment `to` (see the module comment); undefined when they do not meet. */
export function turnBetween(from: Segment, to: Segment): CityMove | undefined {
  const at = sharedEnd(from, to);
  if (!at) return undefined;
  const before = from[0][0] === at[0] && from[0][1] === at[1] ? from[1] : from[0];
  const after = to[0][0] === at[0] && to[0][1] === at[1] ? to[1] : to[0];
  const d1 = [at[0] - before[0], at[1] - before[1]];
  const d2 = [after[0] - at[0], after[1] - at[1]];
  const cross = d1[0] * d2[1] - d1[1] * d2[0];
  if (cross > 0) return 'turnleft';
  if (cross < 0) return 'turnright';
  return d1[0] * d2[0] + d1[1] * d2[1] > 0 ? 'gostraight' : undefined;
}

const MOVE_WORDS: Record<CityMove, string> = {
  turnleft: 'a left turn',
  turnright: 'a right turn',
  gostraight: 'straight on',
};

const label = (graph: EnvGraph, id: number) => `<${graph.node(id)?.className ?? 'node'}> (${id})`;

let SETS = new WeakMap<EnvGraph, SkillSet>();
registerCache('city: skill sets', () => {
  SETS = new WeakMap();
});

/** The skill set of a city (cached per city graph; `city` is read for its road map only). */
export function citySkillSet(city: EnvGraph): SkillSet {
  const cached = SETS.get(city);
  if (cached) return cached;
  const segments = new Map<number, Segment>();
  for (const room of city.rooms()) {
    const segment = segmentOf(city, room);
    if (segment) segments.set(room, segment);
  }
  const turn = (from: number, to: number): CityMove | undefined => {
    const a = segments.get(from);
    const b = segments.get(to);
    return a && b ? turnBetween(a, b) : undefined;
  };

  const set: SkillSet = {
    name: 'city',
    actions: CITY_ACTIONS,
    forms: {
      turnleft: ['road'],
      turnright: ['road'],
      gostraight: ['road'],
      load: ['goods'],
      unload: ['loaded goods', 'building'],
    },
    moves: CITY_MOVES,
    candidates(observation: Observation, adjacent) {
      const skills: Skill[] = [];
      const here = observation.roomId;
      for (const road of neighbours(here, adjacent)) {
        const action = turn(here, road);
        if (action) skills.push({ action, objects: [road] });
      }
      const held = new Set<number>();
      const insideOf = new Map<number, number[]>();
      for (const [from, relation, to] of observation.edges) {
        if (from === observation.characterId && (relation === 'HOLDS_RH' || relation === 'HOLDS_LH')) held.add(to);
        if (relation === 'INSIDE') insideOf.set(from, [...(insideOf.get(from) ?? []), to]);
      }
      const buildings = observation.nodes.filter(
        (n) => n.category === BUILDINGS && (insideOf.get(n.id) ?? []).includes(here),
      );
      const alongside = new Set(buildings.map((b) => b.id));
      const isBuilding = (id: number) => alongside.has(id);
      if (held.size < LOAD_BAYS) {
        for (const node of observation.nodes) {
          if (held.has(node.id) || !node.properties.includes('GRABBABLE')) continue;
          if ((insideOf.get(node.id) ?? []).some(isBuilding)) skills.push({ action: 'load', objects: [node.id] });
        }
      }
      for (const goods of [...held].sort((a, b) => a - b)) {
        for (const building of buildings) skills.push({ action: 'unload', objects: [goods, building.id] });
      }
      return skills;
    },
    refusal(world, characterId, skill, adjacent) {
      const here = world.roomOf(characterId);
      if (here === undefined) return 'the vehicle is on no road';
      const [target, host] = skill.objects;
      if ((CITY_MOVES as readonly string[]).includes(skill.action)) {
        if (!segments.has(target)) return `${label(world, target)} is not a road of this city`;
        if (target === here) return `already on ${label(world, target)}`;
        if (!neighbours(here, adjacent).includes(target)) {
          return `${label(world, target)} does not meet ${label(world, here)}`;
        }
        const actual = turn(here, target);
        if (actual !== skill.action) {
          return `${label(world, target)} is ${actual ? MOVE_WORDS[actual] : 'no turn'} from ${label(world, here)}`;
        }
        return undefined;
      }
      if (skill.action === 'load') {
        if (target === undefined || !world.get(target).properties.has('GRABBABLE')) return 'nothing to load';
        if (loadsOf(world, characterId).includes(target)) return `${label(world, target)} is loaded already`;
        const building = buildingOf(world, target);
        if (building === undefined) return `${label(world, target)} is not at a building`;
        if (world.roomOf(building) !== here) return `${label(world, building)} is not on this road`;
        if (loadsOf(world, characterId).length >= LOAD_BAYS) return 'both load bays are full';
        return undefined;
      }
      if (skill.action === 'unload') {
        if (target === undefined || !loadsOf(world, characterId).includes(target)) {
          return `${target === undefined ? 'nothing' : label(world, target)} is not loaded`;
        }
        if (host === undefined || world.node(host)?.category !== BUILDINGS) return 'goods are unloaded at a building';
        if (world.roomOf(host) !== here) return `${label(world, host)} is not on this road`;
        return undefined;
      }
      return undefined;
    },
    simulatorAction(skill) {
      // Not used: `execute` runs every city skill by the city's own rules.
      return skill.action.toUpperCase();
    },
    fromVirtualHome(skill, from) {
      switch (skill.action) {
        case 'walk': {
          const action = from === undefined ? undefined : turn(from, skill.objects[0]);
          return action && { action, objects: skill.objects };
        }
        case 'grab':
          return { action: 'load', objects: skill.objects };
        case 'put':
        case 'putin':
          return { action: 'unload', objects: skill.objects };
        default:
          return undefined;
      }
    },
    inSight(world, characterId) {
      // Along the street: the buildings of the segments that continue the vehicle's in a straight line.
      const here = world.roomOf(characterId);
      if (here === undefined) return [];
      const out: number[] = [];
      for (const road of segments.keys()) {
        if (road === here || turn(here, road) !== 'gostraight') continue;
        for (const node of world.sources(road, 'INSIDE')) {
          if (world.node(node)?.category === BUILDINGS) out.push(node);
        }
      }
      return out.sort((a, b) => a - b);
    },
    execute(world, characterId, skill): SkillOutcome {
      const [target, host] = skill.objects;
      if ((CITY_MOVES as readonly string[]).includes(skill.action)) {
        // As WALK into a room, except that what the vehicle carries goes with it into the new road.
        const loads = loadsOf(world, characterId);
        for (const node of [characterId, ...loads]) {
          for (const relation of ['INSIDE', 'CLOSE', 'FACING'] as const) {
            for (const to of [...world.targets(node, relation)]) world.removeEdge(node, relation, to);
            for (const from of [...world.sources(node, relation)]) world.removeEdge(from, relation, node);
          }
          world.addEdge(node, 'INSIDE', target);
        }
        for (const load of loads) {
          world.addEdge(characterId, 'CLOSE', load);
          world.addEdge(load, 'CLOSE', characterId);
        }
        return { success: true };
      }
      if (skill.action === 'load') {
        // As GRAB leaves a thing: off its host, in a bay, close to the vehicle and in the vehicle's road.
        for (const relation of ['ON', 'INSIDE', 'CLOSE'] as const) {
          for (const to of [...world.targets(target, relation)]) world.removeEdge(target, relation, to);
        }
        for (const from of [...world.sources(target, 'CLOSE')]) world.removeEdge(from, 'CLOSE', target);
        const bay = world.targets(characterId, 'HOLDS_RH').size === 0 ? 'HOLDS_RH' : 'HOLDS_LH';
        world.addEdge(characterId, bay, target);
        world.addEdge(characterId, 'CLOSE', target);
        world.addEdge(target, 'CLOSE', characterId);
        world.addEdge(target, 'INSIDE', world.roomOf(characterId)!);
        return { success: true };
      }
      for (const bay of ['HOLDS_RH', 'HOLDS_LH'] as const) world.removeEdge(characterId, bay, target);
      moveObject(world, target, { relation: 'INSIDE', host });
      return { success: true };
    },
  };
  SETS.set(city, set);
  return set;
}
