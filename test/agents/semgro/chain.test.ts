/**
 * SemGro's level-1 skills and how a chain of them runs on the cottage (robot in livingroom 2; kitchen 1 holds the
 * apple 28 and the bananas 29 on counter 14, kitchen cabinets 15 and 16 closed, the fridge 17 closed; livingroom 2
 * holds the open cabinet 75 and the coffee table 71): the enumeration, the binding rule, the room walks passed over
 * and made later, and the failures' reasons.
 */
import { describe, expect, it } from 'vitest';
import { sceneOfGraph, sceneOfObservation } from '../../../src/agents/semgro/binding.js';
import { runChain } from '../../../src/agents/semgro/chain.js';
import {
  levelOnePrimitives,
  type Primitive,
  parsePrimitive,
  primitiveText,
} from '../../../src/agents/semgro/primitives.js';
import { moveObject, setState } from '../../../src/sim/dynamics/edits.js';
import { observe } from '../../../src/sim/observe.js';
import { loadHome } from '../../../src/sim/scenes/homes.js';
import { executeSkill, roomPairs, VIRTUALHOME_SKILLS } from '../../../src/sim/skill-sets.js';

const chain = (...texts: string[]): Primitive[] =>
  texts.map((t) => {
    const p = parsePrimitive(t);
    if (!p) throw new Error(`not a primitive: ${t}`);
    return p;
  });

function run(texts: string[], edit?: (g: ReturnType<typeof loadHome>['graph']) => void) {
  const graph = loadHome('cottage').graph;
  edit?.(graph);
  return runChain(graph, graph.characterId(), chain(...texts), { adjacent: roomPairs(graph), collectSeen: true });
}

describe('level-1 skills', () => {
  it('reads and writes the paper spelling, and refuses anything else', () => {
    expect(parsePrimitive('put apple kitchentable')).toEqual({ verb: 'put', objects: ['apple', 'kitchentable'] });
    expect(primitiveText({ verb: 'putin', objects: ['apple', 'fridge'] })).toBe('putin apple fridge');
    expect(parsePrimitive('put apple')).toBeUndefined();
    expect(parsePrimitive('eat apple')).toBeUndefined();
  });

  it('offers each behaviour on the classes whose properties allow it', () => {
    const texts = new Set(levelOnePrimitives(loadHome('cottage').graph).map(primitiveText));
    for (const text of [
      'walk kitchen',
      'walk apple',
      'grab apple',
      'open fridge',
      'putin apple fridge',
      'put apple kitchentable',
    ]) {
      expect(texts.has(text), text).toBe(true);
    }
    for (const text of ['grab fridge', 'open apple', 'putin apple kitchentable', 'walk wall']) {
      expect(texts.has(text), text).toBe(false);
    }
  });
});

describe('a chain run open loop', () => {
  it('walks room by room, binds each class to what is in view, and ends where it should', () => {
    const out = run(['walk kitchen', 'walk apple', 'grab apple', 'walk fridge', 'open fridge', 'putin apple fridge']);
    expect(out.ok).toBe(true);
    expect(out.steps.map((s) => `${s.action} ${s.objects.join(' ')}`)).toEqual([
      'walk 1',
      'walk 28',
      'grab 28',
      'walk 17',
      'open 17',
      'putin 28 17',
    ]);
    expect(out.rooms[0]).toBe(2);
    expect(out.seen).toContain('fridge');
  });

  it('fails where a thing is not in view, naming it', () => {
    const out = run(['walk kitchen', 'walk apple', 'grab apple'], (g) =>
      moveObject(g, 28, { relation: 'INSIDE', host: 17 }),
    );
    expect(out.ok).toBe(false);
    expect(out.failed).toMatchObject({ index: 1, failure: { kind: 'not-visible', object: 'apple' } });
  });

  it('explains a refused step from the state it failed in (a closed container, a state already there)', () => {
    const closed = run(['walk kitchen', 'walk apple', 'grab apple', 'walk fridge', 'putin apple fridge']);
    expect(closed.failed?.failure).toMatchObject({ kind: 'closed', object: 'fridge' });
    const open = run(['walk kitchen', 'walk fridge', 'open fridge'], (g) => setState(g, 17, 'OPEN'));
    expect(open.failed?.failure).toMatchObject({ kind: 'already-open', object: 'fridge' });
  });

  it('passes over a walk to a room when the next thing is already in view, and makes it when it is not', () => {
    // The apple moved to the livingroom's cabinet: the walk to the kitchen is passed over, the apple taken here.
    const here = run(['walk kitchen', 'walk apple', 'grab apple'], (g) =>
      moveObject(g, 28, { relation: 'INSIDE', host: 75 }),
    );
    expect(here.ok).toBe(true);
    expect(here.steps.map((s) => s.action)).toEqual(['walk', 'grab']);
    // Then the kitchen's table is not in view here: the passed-over walk is made, and the chain goes on there.
    const later = run(
      ['walk kitchen', 'walk apple', 'grab apple', 'walk kitchentable', 'put apple kitchentable'],
      (g) => moveObject(g, 28, { relation: 'INSIDE', host: 75 }),
    );
    expect(later.ok).toBe(true);
    expect(later.steps.map((s) => `${s.action} ${s.objects.join(' ')}`)).toEqual([
      'walk 28',
      'grab 28',
      'walk 1',
      'walk 27',
      'put 28 27',
    ]);
  });

  it('does not take again a thing it has put somewhere', () => {
    const graph = loadHome('cottage').graph;
    const settled = new Set<number>();
    const options = { adjacent: roomPairs(graph), settled };
    const place = chain('walk kitchen', 'walk mug', 'grab mug', 'walk kitchentable', 'put mug kitchentable');
    expect(runChain(graph, graph.characterId(), place, options).ok).toBe(true);
    expect(runChain(graph, graph.characterId(), place, options).ok).toBe(true);
    expect(settled).toEqual(new Set([46, 48]));
    // Both visible mugs are on the table now; the third is in a closed cabinet.
    expect(runChain(graph, graph.characterId(), place, options).failed?.failure.kind).toBe('not-visible');
  });
});

describe("a graph's scene", () => {
  it('shows, class by class, what an observation of the graph shows: closed containers hide, held things go along', () => {
    const graph = loadHome('cottage').graph;
    const character = graph.characterId();
    const adjacent = roomPairs(graph);
    const classes = [...graph.classNames()];
    const byId = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
    const visibleCounts: number[] = [];
    const agree = () => {
      const scene = sceneOfGraph(graph, character);
      const told = sceneOfObservation(observe(graph, character));
      for (const className of classes) {
        expect(byId(scene.visible(className)), className).toEqual(byId(told.visible(className)));
      }
      expect(scene.held).toEqual(told.held);
      visibleCounts.push(classes.reduce((n, c) => n + scene.visible(c).length, 0));
    };
    agree(); // in the living room
    // To the kitchen, the apple (28) into the fridge (17) and the fridge shut, then the apple taken out and carried off.
    const steps: [string, number[]][] = [
      ['walk', [1]],
      ['walk', [28]],
      ['grab', [28]],
      ['walk', [17]],
      ['open', [17]],
      ['putin', [28, 17]],
      ['close', [17]],
      ['open', [17]],
      ['grab', [28]],
      ['walk', [2]],
    ];
    for (const [action, objects] of steps) {
      expect(executeSkill(graph, character, { action, objects }, VIRTUALHOME_SKILLS, adjacent).success).toBe(true);
      agree();
    }
    // The apple was in view, then shut away with the fridge closed, then in hand in the living room.
    const apple = () => sceneOfGraph(graph, character).visible('apple');
    expect(apple()).toEqual([28]);
    expect(new Set(visibleCounts).size).toBeGreaterThan(2);
  });
});
