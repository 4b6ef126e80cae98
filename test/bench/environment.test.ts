import { describe, expect, it } from 'vitest';
import type { Skill } from '../../src/agents/agent.js';
import { EpisodeWorld, neighbours } from '../../src/bench/environment.js';
import { held, holds } from '../../src/sim/conditions.js';
import { loadHome } from '../../src/sim/scenes/index.js';

describe('EpisodeWorld with the VirtualHome skills', () => {
  it('offers walks to adjacent rooms and objects of the current room, from the observation alone', () => {
    const world = new EpisodeWorld(loadHome('cottage').graph);
    const fb = world.feedback(0);
    const room = fb.observation.roomId;
    const walks = fb.candidates.filter((s) => s.action === 'walk').map((s) => s.objects[0]);
    for (const next of neighbours(room, fb.adjacentRooms)) expect(walks).toContain(next);
    for (const id of walks) {
      if (world.graph.isRoom(id)) continue;
      expect(world.graph.roomOf(id)).toBe(room);
    }
    expect(fb.lastSkill).toBeUndefined();
  });

  it('refuses walks to far rooms and to objects of other rooms, with an affordance error', () => {
    const world = new EpisodeWorld(loadHome('family-house').graph);
    const here = world.graph.roomOf(world.characterId)!;
    const far = world.graph.rooms().find((r) => r !== here && !neighbours(here, world.adjacent).includes(r));
    expect(far).toBeDefined();
    const outcome = world.step({ action: 'walk', objects: [far!] });
    expect(outcome).toMatchObject({ success: false, errorKind: 'affordance' });
    expect(outcome.error).toMatch(/is not adjacent to/);
    const elsewhere = [...world.graph.nodes()].find(
      (n) => !world.graph.isRoom(n.id) && world.graph.roomOf(n.id) !== here,
    );
    expect(world.step({ action: 'walk', objects: [elsewhere!.id] }).error).toMatch(/not in the current room/);
    expect(world.step({ action: 'fly', objects: [here] })).toMatchObject({ success: false, errorKind: 'other' });
    expect(world.step({ action: 'grab', objects: [99999] })).toMatchObject({ errorKind: 'unseen_object' });
  });

  it('walks, grabs and reports the outcome in the next feedback', () => {
    const world = new EpisodeWorld(loadHome('cottage').graph);
    const fb = world.feedback(0);
    const grabbable = fb.candidates.find((s) => s.action === 'grab');
    expect(grabbable).toBeDefined();
    const target = grabbable!.objects[0];
    const walk: Skill = { action: 'walk', objects: [target] };
    expect(world.step(walk)).toEqual({ success: true });
    const grab: Skill = { action: 'grab', objects: [target] };
    const outcome = world.step(grab);
    expect(outcome).toEqual({ success: true });
    expect(holds(held(target), world.graph)).toBe(true);
    const next = world.feedback(2, { skill: grab, outcome });
    expect(next).toMatchObject({ t: 2, success: true, lastSkill: grab });
    expect(next.candidates.some((s) => s.action === 'put' && s.objects[0] === target)).toBe(true);
  });
});
