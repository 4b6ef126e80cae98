/** `stepsUntilHeld`: how soon a plan made for several goals serves one of them. */
import { describe, expect, it } from 'vitest';
import { stepsUntilHeld } from '../../../src/agents/heuristics/plans.js';
import { and, type Condition, edge, isIn, not } from '../../../src/sim/conditions.js';
import type { Skill } from '../../../src/sim/skill.js';
import { type RoomPairs, VIRTUALHOME_SKILLS } from '../../../src/sim/skill-sets.js';
import { IDS, ROOMS, scenarioHome, walk } from './scenario.js';

describe('stepsUntilHeld', () => {
  const home = scenarioHome('kitchen');
  const adjacent: RoomPairs = [
    [ROOMS.kitchen, ROOMS.livingroom],
    [ROOMS.livingroom, ROOMS.bedroom],
    [ROOMS.livingroom, ROOMS.bathroom],
  ];
  const plan: Skill[] = [
    walk(IDS.microwave),
    { action: 'open', objects: [IDS.microwave] },
    walk(IDS.mug),
    { action: 'grab', objects: [IDS.mug] },
    walk(IDS.microwave),
    { action: 'putin', objects: [IDS.mug, IDS.microwave] },
    { action: 'close', objects: [IDS.microwave] },
  ];
  const setting = { graph: home, characterId: IDS.character, skills: VIRTUALHOME_SKILLS, adjacent };
  const steps = (goal: Condition, skills = plan) => stepsUntilHeld(skills, goal, setting);

  it('counts the skills after which the goal holds to the end of the plan', () => {
    expect(steps(edge(IDS.mug, 'INSIDE', IDS.microwave))).toBe(6);
    expect(steps(and(edge(IDS.mug, 'INSIDE', IDS.microwave), isIn(IDS.microwave, 'CLOSED')))).toBe(7);
    // holds at the start and throughout: 0
    expect(steps(isIn(IDS.tv, 'OFF'))).toBe(0);
  });

  it('counts from the last time the goal became true: open after 2 skills, closed again at the end', () => {
    expect(steps(isIn(IDS.microwave, 'OPEN'), plan.slice(0, 6))).toBe(2);
    // closed at the start, opened, closed again by the last skill: it holds for good only after the 7th
    expect(steps(isIn(IDS.microwave, 'CLOSED'))).toBe(7);
    expect(steps(not(edge(IDS.mug, 'ON', IDS.counter)))).toBe(4);
  });

  it('is the whole plan when the goal never holds at its end, or a skill fails, and leaves the graph as it was', () => {
    expect(steps(isIn(IDS.microwave, 'OPEN'))).toBe(7);
    expect(steps(isIn(IDS.microwave, 'OPEN'), [{ action: 'open', objects: [IDS.microwave] }, ...plan])).toBe(1 + 7);
    expect(home.hasState(IDS.microwave, 'CLOSED')).toBe(true);
    expect(home.hasEdge(IDS.mug, 'ON', IDS.counter)).toBe(true);
    expect(home.roomOf(IDS.character)).toBe(ROOMS.kitchen);
  });
});
