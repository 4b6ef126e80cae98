/**
 * Each model-free agent's defining behaviour on the hand-built home of `scenario.ts`: Greedy serves the instruction
 * with the shortest plan first and finishes it; Multiple-Instruction-First takes the skill most instructions need;
 * Max-Staleness-First goes where its oldest information is; the Oracle reaches every goal in the fewest steps (checked
 * against a breadth-first search of its own); Random draws uniformly from the candidates.
 */
import { describe, expect, it } from 'vitest';
import type { Agent } from '../../../src/agents/agent.js';
import type { AgentContext } from '../../../src/agents/context.js';
import {
  GreedyAgent,
  MaxStalenessFirstAgent,
  MultiInstructionFirstAgent,
  OracleAgent,
  RandomAgent,
} from '../../../src/agents/heuristics/index.js';
import { OVERDUE } from '../../../src/agents/heuristics/oracle.js';
import { planningCounters, planSkills } from '../../../src/agents/heuristics/plans.js';
import { runContinualEpisode } from '../../../src/bench/continual/episode.js';
import { EpisodeWorld } from '../../../src/bench/environment.js';
import { and, type Condition, edge, holds, isIn } from '../../../src/sim/conditions.js';
import { moveObject, setState } from '../../../src/sim/dynamics/index.js';
import type { EnvGraph } from '../../../src/sim/graph.js';
import { executeSkill, VIRTUALHOME_SKILLS } from '../../../src/sim/skill-sets.js';
import { Driver, IDS, meaning, ROOMS, scenarioHome, walk } from './scenario.js';

const context = (world?: EpisodeWorld): AgentContext => ({
  seed: 1,
  skills: VIRTUALHOME_SKILLS,
  ...(world && { world: { graph: world.graph } }),
});

const tvOn = meaning('tv', isIn(IDS.tv, 'ON'));
const radioOn = meaning('radio', isIn(IDS.radio, 'ON'));
const computerOn = meaning('computer', isIn(IDS.computer, 'ON'));
const microwaveOpen = meaning('microwave', isIn(IDS.microwave, 'OPEN'));
const bookOnTable = meaning('book', edge(IDS.book, 'ON', IDS.coffeetable));
const mugOnTable = meaning('mug', edge(IDS.mug, 'ON', IDS.coffeetable));

describe('Greedy', () => {
  it('serves the instruction with the shortest plan first and finishes it before the next', async () => {
    const world = new EpisodeWorld(scenarioHome('livingroom'));
    const driver = new Driver(world, new GreedyAgent(context()), [bookOnTable, tvOn]);
    const skills = await driver.steps(6);
    expect(skills.slice(0, 2)).toEqual([walk(IDS.tv), { action: 'switchon', objects: [IDS.tv] }]);
    expect(holds(and(tvOn.execution, bookOnTable.execution), world.graph)).toBe(true);
  });

  it('patrols to find objects it has never seen, then serves them', async () => {
    const world = new EpisodeWorld(scenarioHome('kitchen'));
    const driver = new Driver(world, new GreedyAgent(context()), [computerOn]);
    const [first] = await driver.steps(1);
    expect(first).toEqual(walk(ROOMS.livingroom));
    for (let i = 0; i < 8 && !holds(computerOn.execution, world.graph); i++) await driver.steps(1);
    expect(holds(computerOn.execution, world.graph)).toBe(true);
  });

  it('does not stall on a target whose node it cannot place (here: a mug it holds)', async () => {
    // Cottage, seed 3, medium: the instructions include "all mugs in the microwave"; the resident closes the
    // microwave while the agent holds a mug. A target that waited for that mug to be seen in a room held MSF on a
    // patrol for the rest of the episode (1 event of 6 completed).
    const outcome = await runContinualEpisode({
      agent: 'max-staleness-first',
      home: 'cottage',
      nonstationarity: 'medium',
      instructions: 5,
      steps: 200,
      seed: 3,
    });
    expect(outcome.instructions.map((i) => i.id)).toContain('vh-16');
    expect(outcome.metrics.events).toBeGreaterThan(20);
    expect(outcome.metrics.sr).toBeGreaterThan(0.7);
  });
});

describe('on the ALFRED domain (one hand)', () => {
  // Cottage, seed 4, low: "Make sure all the plates stay in the microwave" among five. Planned as B.1 skills, the
  // agents picked up the second plate with the first in hand, ALFRED refused it, and the same plan came back: 159
  // to 186 refused skills in the episode, half the events left open.
  for (const agent of ['oracle', 'greedy', 'multi-instruction-first', 'max-staleness-first']) {
    it(`${agent}: every skill it takes is one ALFRED runs, and it keeps the home in order`, async () => {
      const outcome = await runContinualEpisode({
        agent,
        home: 'cottage',
        nonstationarity: 'low',
        instructions: 5,
        steps: 200,
        seed: 4,
        domain: 'alfred',
      });
      expect(outcome.instructions.map((i) => i.id)).toContain('al-06');
      expect(outcome.metrics.invalidSteps).toBe(0);
      expect(outcome.metrics.sr).toBeGreaterThan(0.9);
    });
  }
});

describe('Multiple-Instruction-First', () => {
  /** Seen: the kitchen (radio, microwave), then the living room (tv); the agent stands in the living room. */
  async function scene(agent: Agent) {
    const world = new EpisodeWorld(scenarioHome('kitchen'));
    const driver = new Driver(world, agent, [tvOn, radioOn, microwaveOpen]);
    await driver.force(walk(ROOMS.livingroom));
    return driver;
  }

  it('takes the skill most instructions need (to the kitchen) where Greedy takes the shortest plan (the tv)', async () => {
    const mif = await scene(new MultiInstructionFirstAgent(context()));
    expect(await mif.steps(1)).toEqual([walk(ROOMS.kitchen)]);
    const greedy = await scene(new GreedyAgent(context()));
    expect(await greedy.steps(1)).toEqual([walk(IDS.tv)]);
  });

  it('ends with every instruction served', async () => {
    const driver = await scene(new MultiInstructionFirstAgent(context()));
    for (let i = 0; i < 20; i++) await driver.steps(1);
    expect(holds(and(tvOn.execution, radioOn.execution, microwaveOpen.execution), driver.world.graph)).toBe(true);
  });
});

describe('Max-Staleness-First', () => {
  /** Computer and radio already on. Seen: bedroom (t0), living room, kitchen (t2), back in the living room (t3). */
  async function scene(agent: Agent) {
    const home = scenarioHome('bedroom');
    setState(home, IDS.computer, 'ON');
    setState(home, IDS.radio, 'ON');
    const world = new EpisodeWorld(home);
    const driver = new Driver(world, agent, [radioOn, computerOn]);
    for (const room of [ROOMS.livingroom, ROOMS.kitchen, ROOMS.livingroom]) await driver.force(walk(room));
    return driver;
  }

  it('goes to look at the instruction seen longest ago, where Greedy patrols the room unseen longest', async () => {
    const msf = await scene(new MaxStalenessFirstAgent(context()));
    expect(await msf.steps(1)).toEqual([walk(ROOMS.bedroom)]);
    const greedy = await scene(new GreedyAgent(context()));
    expect(await greedy.steps(1)).toEqual([walk(ROOMS.bathroom)]);
  });

  it('serves what it finds undone on arrival', async () => {
    const driver = await scene(new MaxStalenessFirstAgent(context()));
    setState(driver.world.graph, IDS.computer, 'OFF'); // the resident, unseen
    await driver.steps(1);
    expect(await driver.steps(2)).toEqual([walk(IDS.computer), { action: 'switchon', objects: [IDS.computer] }]);
  });

  it('keeps serving the other instructions when an object vanishes from sight', async () => {
    const home = scenarioHome('livingroom');
    setState(home, IDS.computer, 'ON');
    const world = new EpisodeWorld(home);
    const bookOnSofa = meaning('book', edge(IDS.book, 'ON', IDS.sofa));
    const driver = new Driver(world, new MaxStalenessFirstAgent(context()), [bookOnSofa, computerOn]);
    await driver.force(walk(ROOMS.bedroom)); // the book was checked at t0, the computer (on) at t1
    // Unseen: the book goes into the closed microwave, the computer is switched off behind the agent's back.
    moveObject(world.graph, IDS.book, { relation: 'INSIDE', host: IDS.microwave });
    setState(world.graph, IDS.computer, 'OFF');
    expect(await driver.steps(1)).toEqual([walk(ROOMS.livingroom)]); // to look at the book, its oldest information
    for (let i = 0; i < 20 && !holds(computerOn.execution, world.graph); i++) await driver.steps(1);
    expect(holds(computerOn.execution, world.graph)).toBe(true);
  });
});

/** Shortest number of skills from the graph's state to the goal, by breadth-first search over the candidates. */
function shortestPlanLength(start: EnvGraph, goal: Condition, limit: number): number {
  const world = new EpisodeWorld(start);
  const key = (g: EnvGraph) =>
    JSON.stringify([
      [...g.edges()].map((e) => e.join()).sort(),
      [...g.nodes()].map((n) => [...n.states].sort().join()),
    ]);
  if (holds(goal, start)) return 0;
  let frontier = [start.clone()];
  const seen = new Set([key(start)]);
  // A state is tested when it is made, so the search stops at the first one of the goal's depth (the last layer,
  // the largest, is not made whole).
  for (let depth = 1; depth <= limit; depth++) {
    const next: EnvGraph[] = [];
    for (const g of frontier) {
      const skills = VIRTUALHOME_SKILLS.candidates(new EpisodeWorld(g).observe(), world.adjacent);
      for (const skill of skills) {
        const copy = g.clone();
        if (!executeSkill(copy, IDS.character, skill, VIRTUALHOME_SKILLS, world.adjacent).success) continue;
        if (holds(goal, copy)) return depth;
        const k = key(copy);
        if (seen.has(k)) continue;
        seen.add(k);
        next.push(copy);
      }
    }
    frontier = next;
  }
  return Number.POSITIVE_INFINITY;
}

describe('Oracle', () => {
  it('reaches every execution at once in the fewest skills, then idles without undoing anything', async () => {
    const world = new EpisodeWorld(scenarioHome('livingroom'));
    const goal = and(tvOn.execution, mugOnTable.execution);
    const optimal = shortestPlanLength(world.graph, goal, 9);
    expect(optimal).toBe(8);
    const driver = new Driver(world, new OracleAgent(context(world)), [tvOn, mugOnTable]);
    await driver.steps(optimal);
    expect(holds(goal, world.graph)).toBe(true);
    await driver.steps(3);
    expect(holds(goal, world.graph)).toBe(true);
  });

  it('re-plans when the world changes under it', async () => {
    const world = new EpisodeWorld(scenarioHome('livingroom'));
    const driver = new Driver(world, new OracleAgent(context(world)), [tvOn, radioOn]);
    await driver.steps(2); // the tv first: it is in this room
    expect(holds(tvOn.execution, world.graph)).toBe(true);
    setState(world.graph, IDS.tv, 'OFF');
    for (let i = 0; i < 8 && !holds(and(tvOn.execution, radioOn.execution), world.graph); i++) await driver.steps(1);
    expect(holds(and(tvOn.execution, radioOn.execution), world.graph)).toBe(true);
  });
});

describe('Oracle under a resident that keeps breaking the near instructions', () => {
  it('serves the shortest repair first, but not for ever: one pending for OVERDUE steps comes first', async () => {
    const world = new EpisodeWorld(scenarioHome('livingroom'));
    const towelOnTable = meaning('towel', edge(IDS.towel, 'ON', IDS.coffeetable));
    const driver = new Driver(world, new OracleAgent(context(world)), [tvOn, bookOnTable, towelOnTable]);
    const near = [tvOn, bookOnTable];
    const g = world.graph;
    let heldBefore = near.map(() => false);
    let towelServedAt: number | undefined;
    for (let t = 0; t < OVERDUE + 30 && towelServedAt === undefined; t++) {
      // A near execution that has held for a whole step is undone: the living room never stays in order.
      const held = near.map((m) => holds(m.execution, g));
      if (held[0] && heldBefore[0]) setState(g, IDS.tv, 'OFF');
      if (held[1] && heldBefore[1]) moveObject(g, IDS.book, { relation: 'ON', host: IDS.sofa });
      heldBefore = near.map((m) => holds(m.execution, g));
      await driver.steps(1);
      if (holds(towelOnTable.execution, g)) towelServedAt = driver.t;
    }
    expect(towelServedAt).toBeDefined();
    expect(towelServedAt!).toBeGreaterThan(OVERDUE);
  });
});

describe('planSkills', () => {
  it('answers a problem it has solved from its cache, with the same plan, and searches again for a new one', () => {
    const home = scenarioHome('livingroom');
    const goal = and(tvOn.execution, radioOn.execution);
    const before = { ...planningCounters };
    const first = planSkills(home, goal, VIRTUALHOME_SKILLS, { characterId: IDS.character });
    // The same home built again: the same problem (a graph a plan was tried on may list its edges in another order,
    // which makes another problem for the cache; the search may break ties by that order).
    const second = planSkills(scenarioHome('livingroom'), goal, VIRTUALHOME_SKILLS, { characterId: IDS.character });
    expect(first).toBeDefined();
    expect(second).toEqual(first);
    expect(planningCounters.searches - before.searches).toBe(1);
    expect(planningCounters.cached - before.cached).toBe(1);
    setState(home, IDS.tv, 'ON'); // another initial state: another problem
    const third = planSkills(home, goal, VIRTUALHOME_SKILLS, { characterId: IDS.character });
    expect(planningCounters.searches - before.searches).toBe(2);
    expect(third!.length).toBeLessThan(first!.length);
  });
});

describe('Random', () => {
  it('draws from the candidates only, uniformly, the same for the same seed', async () => {
    const draws = (seed: number) => {
      const world = new EpisodeWorld(scenarioHome('livingroom'));
      const agent = new RandomAgent({ seed, skills: VIRTUALHOME_SKILLS });
      const feedback = world.feedback(0);
      agent.reset({ protocol: 'continual', instructions: [] }, feedback);
      return { candidates: feedback.candidates, picks: Array.from({ length: 3000 }, () => agent.act()) };
    };
    const { candidates, picks } = draws(7);
    const keys = candidates.map((s) => JSON.stringify(s));
    const counts = new Map(keys.map((k) => [k, 0]));
    for (const pick of picks) {
      const k = JSON.stringify(pick);
      expect(counts.has(k)).toBe(true);
      counts.set(k, counts.get(k)! + 1);
    }
    const expected = picks.length / keys.length;
    for (const [k, n] of counts) expect(Math.abs(n - expected), k).toBeLessThan(expected * 0.35);
    expect(draws(7).picks).toEqual(picks);
    expect(draws(8).picks).not.toEqual(picks);
  });
});
