import { describe, expect, it } from 'vitest';
import { roomOf } from '../../src/sim/actions/evaluate.js';
import { observe } from '../../src/sim/observe.js';
import { home, ID, run } from './fixtures.js';

const ids = (g: ReturnType<typeof home>) => observe(g, ID.char).nodes.map((n) => n.id);

describe('observe', () => {
  it("sees the character's room without what closed containers hide, every room, and nothing elsewhere", () => {
    const g = home();
    const obs = observe(g, ID.char);
    expect(obs.roomId).toBe(ID.kitchen);
    const seen = obs.nodes.map((n) => n.id);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    for (const id of [ID.char, ID.fridge, ID.mug, ID.plate, ID.apple, ID.kitchen, ID.living, ID.bedroom]) {
      expect(seen).toContain(id);
    }
    expect(seen).not.toContain(ID.milk); // inside the closed fridge
    expect(seen).not.toContain(ID.tv); // another room
    for (const [from, , to] of obs.edges) expect(seen.includes(from) && seen.includes(to)).toBe(true);
    expect(obs.edges).toContainEqual([ID.mug, 'ON', ID.counter]);
  });

  it('sees inside a container once it is open, and what it holds wherever it is', () => {
    const g = home();
    run(g, '[WALK] <fridge> (11)', '[OPEN] <fridge> (11)');
    expect(ids(g)).toContain(ID.milk);
    run(g, '[WALK] <mug> (14)', '[GRAB] <mug> (14)', '[WALK] <bedroom> (30)');
    const seen = ids(g);
    expect(seen).toContain(ID.mug); // held; still INSIDE the kitchen (reference quirk)
    expect(seen).toContain(ID.bed);
    expect(seen).not.toContain(ID.shirt); // in the closed closet
    expect(observe(g, ID.char).nodes.find((n) => n.id === ID.plate)).toBeUndefined();
  });

  it('terminates on INSIDE cycles (which loop the reference forever)', () => {
    const g = home();
    g.addNode({ id: 50, className: 'box', category: 'Props', properties: ['CONTAINERS'], states: ['OPEN'] });
    g.addNode({ id: 51, className: 'crate', category: 'Props', properties: ['CONTAINERS'], states: ['OPEN'] });
    g.addEdge(50, 'INSIDE', ID.kitchen);
    g.addEdge(50, 'INSIDE', 51);
    g.addEdge(51, 'INSIDE', 50);
    const seen = ids(g);
    expect(seen).toContain(50);
    expect(seen).toContain(51);
    // The crate's only container is the box, whose first INSIDE target (CPython set order of {10, 51}) is the kitchen.
    expect(roomOf(g, 51)).toBe(ID.kitchen);
    // A chain of single INSIDE edges that cycles without reaching a room has no room.
    g.addNode({ id: 52, className: 'box', category: 'Props' });
    g.addNode({ id: 53, className: 'box', category: 'Props' });
    g.addEdge(52, 'INSIDE', 53);
    g.addEdge(53, 'INSIDE', 52);
    expect(roomOf(g, 52)).toBeUndefined();
    expect(ids(g)).not.toContain(52);
  });
});
