import { describe, expect, it } from 'vitest';
import { Belief } from '../../src/memory/belief.js';
import { edge, holds, isIn } from '../../src/sim/conditions.js';
import { moveObject, setState } from '../../src/sim/dynamics/index.js';
import { executeStep } from '../../src/sim/executor.js';
import type { EnvGraph } from '../../src/sim/graph.js';
import { observe } from '../../src/sim/observe.js';
import { loadHome, roomAdjacency } from '../../src/sim/scenes/index.js';
import { roomPairs } from '../../src/sim/skill-sets.js';

const first = (graph: EnvGraph, name: string) => graph.idsOfClass(name)[0];

/** The cottage, a belief fed from its character's observations, and a step counter. */
function world() {
  const home = loadHome('cottage').graph;
  const character = home.characterId();
  const pairs = roomPairs(home);
  const belief = new Belief();
  let t = 0;
  const look = () => belief.update(observe(home, character), t++, pairs);
  const run = (...lines: string[]) => {
    for (const line of lines) {
      expect(executeStep(home, line).ok, line).toBe(true);
      look();
    }
  };
  look();
  return { home, character, belief, look, run, now: () => t - 1 };
}

describe('Belief', () => {
  it('starts with what the first observation shows: its room, every room, the adjacency', () => {
    const { home, belief, character } = world();
    const livingroom = home.roomOf(character)!;
    const tv = first(home, 'tv');
    const apple = first(home, 'apple');
    expect(belief.characterId()).toBe(character);
    expect(belief.knows(tv)).toBe(true);
    expect(belief.roomOf(tv)).toBe(livingroom);
    expect(belief.knows(apple)).toBe(false);
    expect(belief.graph.rooms().sort()).toEqual(home.rooms().sort());
    const believed = [...roomAdjacency(belief.graph)].map(([room, links]) => [room, links.map((l) => l.room)] as const);
    const truth = [...roomAdjacency(home)].map(
      ([room, links]) => [room, [...new Set(links.map((l) => l.room))]] as const,
    );
    expect(new Map(believed)).toEqual(new Map(truth));
    expect(holds(isIn(tv, 'OFF'), belief)).toBe(true);
    expect(belief.lastSeen(tv)).toBe(0);
    expect(belief.roomSeen(livingroom)).toBe(0);
  });

  it('updates states and places of what is in view, and keeps stale beliefs about what is not', () => {
    const { home, belief, run, look, character } = world();
    const tv = first(home, 'tv');
    const kitchen = home.roomOf(first(home, 'apple'))!;
    const livingroom = home.roomOf(character)!;
    run(`[WALK] <tv> (${tv})`, `[SWITCHON] <tv> (${tv})`);
    expect(holds(isIn(tv, 'ON'), belief)).toBe(true);
    expect(holds(isIn(tv, 'OFF'), belief)).toBe(false);
    run(`[WALK] <kitchen> (${kitchen})`);
    // Someone switches the TV off while the agent is in the kitchen: the belief does not know.
    setState(home, tv, 'OFF');
    look();
    expect(holds(isIn(tv, 'ON'), belief)).toBe(true);
    expect(belief.lastSeen(tv)).toBe(2);
    expect(belief.roomSeen(livingroom)).toBe(2);
    run(`[WALK] <livingroom> (${livingroom})`);
    expect(holds(isIn(tv, 'OFF'), belief)).toBe(true);
  });

  it('loses the place of an object that is not where it was believed, while its room is in view', () => {
    const { home, belief, look, character, run } = world();
    const book = first(home, 'book');
    const remote = first(home, 'remotecontrol');
    const desk = first(home, 'desk');
    const livingroom = home.roomOf(character)!;
    expect(belief.roomOf(remote)).toBe(livingroom);
    moveObject(home, remote, { relation: 'ON', host: desk });
    const update = look();
    expect(update.lost).toEqual([remote]);
    expect(belief.isLost(remote)).toBe(true);
    expect(belief.knows(remote)).toBe(true);
    expect(belief.lostNodes()).toEqual([remote]);
    // Seen again in the bedroom: it has a place again.
    const bedroom = home.roomOf(desk)!;
    run(`[WALK] <bedroom> (${bedroom})`);
    expect(belief.isLost(remote)).toBe(false);
    expect(holds(edge(remote, 'ON', desk), belief)).toBe(true);
    expect(belief.isLost(book)).toBe(false);
  });

  it('does not count what is hidden in a closed container as missing, and checks it through the container', () => {
    const { home, belief, run } = world();
    const closet = first(home, 'closet');
    const toy = first(home, 'toy');
    const bedroom = home.roomOf(closet)!;
    run(`[WALK] <bedroom> (${bedroom})`, `[WALK] <closet> (${closet})`, `[OPEN] <closet> (${closet})`);
    expect(holds(edge(toy, 'INSIDE', closet), belief)).toBe(true);
    run(`[CLOSE] <closet> (${closet})`);
    expect(belief.hiddenIn(toy)).toBe(closet);
    expect(belief.isLost(toy)).toBe(false);
    expect(belief.lastSeen(toy)).toBe(3);
    expect(belief.checkedAt(toy)).toBe(4);
  });

  it('follows what the agent holds from room to room', () => {
    const { home, belief, run, character } = world();
    const remote = first(home, 'remotecontrol');
    const kitchen = home.roomOf(first(home, 'apple'))!;
    run(`[WALK] <remotecontrol> (${remote})`, `[GRAB] <remotecontrol> (${remote})`, `[WALK] <kitchen> (${kitchen})`);
    expect(belief.hasEdge(character, 'HOLDS_RH', remote)).toBe(true);
    expect(belief.isLost(remote)).toBe(false);
    expect(belief.lastSeen(remote)).toBe(3);
  });

  it('refuses observations older than itself', () => {
    const { belief, home, character } = world();
    expect(() => belief.update(observe(home, character), -1)).toThrow(/older/);
  });
});
