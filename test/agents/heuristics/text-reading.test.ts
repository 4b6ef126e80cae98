/**
 * The `-text` heuristics: the same agents, given the instruction texts instead of the benchmark's meanings, read
 * them with the offline grammar (conditions over classes) and must find what the texts speak of.
 */
import { describe, expect, it } from 'vitest';
import type { TaskBrief } from '../../../src/agents/agent.js';
import { GreedyAgent, MaxStalenessFirstAgent } from '../../../src/agents/heuristics/index.js';
import { agentsWithoutLlm, getAgent } from '../../../src/agents/registry.js';
import { EpisodeWorld } from '../../../src/bench/environment.js';
import { requireCatalogClass } from '../../../src/sim/catalog/index.js';
import { moveObject } from '../../../src/sim/dynamics/index.js';
import { VIRTUALHOME_SKILLS } from '../../../src/sim/skill-sets.js';
import { Driver, IDS, ROOMS, scenarioHome, walk } from './scenario.js';

const context = { seed: 1, skills: VIRTUALHOME_SKILLS };
const texts = (...instructions: [string, string][]): TaskBrief => ({
  protocol: 'continual',
  instructions: instructions.map(([id, text]) => ({ id, text })),
});

describe('heuristics reading the texts', () => {
  it('are registered without privileges, run by default in the continual protocol, and take the name of their reading', () => {
    const defaults = agentsWithoutLlm('continual');
    for (const kind of ['greedy', 'multi-instruction-first', 'max-staleness-first']) {
      const definition = getAgent(`${kind}-text`);
      expect(definition.privileges).toEqual([]);
      expect(definition.optIn).toBeUndefined();
      expect(defaults).toContain(`${kind}-text`);
      expect(definition.create(context).name).toBe(`${kind}-text`);
      expect(getAgent(kind).privileges).toEqual(['meanings']);
      expect(defaults).toContain(kind);
    }
    // The episodic protocol's defaults are its own: the heuristics run standing instructions only.
    expect(agentsWithoutLlm('episodic').filter((name) => name.endsWith('-text'))).toEqual([]);
  });

  it('look for a thing of a class they have not seen, then serve it (Greedy)', async () => {
    const world = new EpisodeWorld(scenarioHome('kitchen'));
    const agent = new GreedyAgent(context, 'texts');
    const driver = new Driver(world, agent, texts(['computer', 'If the computer has been left off, switch it on.']));
    expect(await driver.steps(1)).toEqual([walk(ROOMS.livingroom)]);
    for (let i = 0; i < 8 && !world.graph.hasState(IDS.computer, 'ON'); i++) await driver.steps(1);
    expect(world.graph.hasState(IDS.computer, 'ON')).toBe(true);
  });

  it('read "the book" as every book, so the one meant is among those placed', async () => {
    const home = scenarioHome('livingroom');
    const entry = requireCatalogClass('book');
    home.addNode({ id: 60, className: 'book', category: entry.category, properties: entry.properties, states: [] });
    home.addEdge(60, 'INSIDE', ROOMS.livingroom);
    moveObject(home, 60, { relation: 'ON', host: IDS.sofa });
    const world = new EpisodeWorld(home);
    const driver = new Driver(
      world,
      new GreedyAgent(context, 'texts'),
      texts(['book', 'If the book is not on the coffee table, put it there.']),
    );
    for (let i = 0; i < 10; i++) await driver.steps(1);
    for (const book of [IDS.book, 60]) expect(world.graph.hasEdge(book, 'ON', IDS.coffeetable)).toBe(true);
  });

  it('go looking for an instruction whose class is unseen instead of pacing between two known rooms (MSF)', async () => {
    // Cottage, seed 8: with "the stalest node" of an unseen class standing in for nothing, MSF walked to and fro
    // between the kitchen and the living room for the rest of the episode and never found the computer.
    const world = new EpisodeWorld(scenarioHome('kitchen'));
    const driver = new Driver(
      world,
      new MaxStalenessFirstAgent(context, 'texts'),
      texts(
        ['radio', 'If the radio has been left off, switch it on.'],
        ['tv', 'If the TV has been left off, switch it on.'],
        ['computer', 'If the computer has been left off, switch it on.'],
      ),
    );
    for (let i = 0; i < 20 && !world.graph.hasState(IDS.computer, 'ON'); i++) await driver.steps(1);
    expect(world.graph.hasState(IDS.computer, 'ON')).toBe(true);
    expect(world.graph.hasState(IDS.radio, 'ON') && world.graph.hasState(IDS.tv, 'ON')).toBe(true);
  });
});
