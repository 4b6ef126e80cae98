/**
 * SemGro on tasks of several goals and on texts no reader reads (issue 36): the shared reader's goal served one subgoal
 * at a time as a skill-like query (`goal-chain.ts`, `task-reading.ts`), in the cottage, with a database learnt there.
 */
import { describe, expect, it } from 'vitest';
import { SemGroAgent } from '../../../src/agents/semgro/agent.js';
import { SEMGRO_VARIANTS } from '../../../src/agents/semgro/config.js';
import { buildDatabase } from '../../../src/agents/semgro/database/build.js';
import { GoalChain } from '../../../src/agents/semgro/goal-chain.js';
import { subgoalQuery } from '../../../src/agents/semgro/goal-query.js';
import { offlineRoles } from '../../../src/agents/semgro/offline.js';
import { readTask } from '../../../src/agents/semgro/task-reading.js';
import { EpisodeWorld } from '../../../src/bench/environment.js';
import type { DerivedStates } from '../../../src/sim/derived-states.js';
import { moveObject, setState } from '../../../src/sim/dynamics/edits.js';
import type { EnvGraph } from '../../../src/sim/graph.js';
import { loadHome } from '../../../src/sim/scenes/homes.js';
import { parseGoal } from '../../../src/sim/subgoal-text.js';
import type { SubgoalSpec } from '../../../src/sim/subgoals.js';
import { runAgent } from './helpers.js';

const semgro = SEMGRO_VARIANTS.find((v) => v.name === 'semgro')!.config;
const brief = (text: string) => ({ protocol: 'episodic', instructions: [{ id: 'task', text }] });
const goal = (line: string) => parseGoal(line) as SubgoalSpec;

/** An episode as the episodic protocol runs it: one skill per step, the derived-state rules after each success. */
const episode = (
  agent: SemGroAgent,
  graph: EnvGraph,
  text: string,
  done: (graph: EnvGraph, derived: DerivedStates) => boolean,
  limit: number,
) => runAgent(agent, graph, text, done, limit, { physics: true });

describe('subgoals as skill-like queries', () => {
  it("names the level-2 skill that reaches the subgoal, in the database's templates", () => {
    expect(subgoalQuery(goal('breadslice isCooked'))).toBe('heat breadslice');
    expect(subgoalQuery({ ...goal('breadslice isCooked'), using: ['toaster'] })).toBe('heat breadslice in toaster');
    expect(subgoalQuery(goal('2 breadslice(isCooked) isPlacedTo plate(isClean)'))).toBe('put breadslice on plate');
    expect(subgoalQuery(goal('mug isPlacedTo kitchencabinet'))).toBe('put mug in kitchencabinet');
    expect(subgoalQuery(goal('mug(isClean) isFilledWithCoffee'))).toBe('fill mug with coffee');
    expect(subgoalQuery(goal('plate isClean'))).toBe('clean plate in sink');
    expect(subgoalQuery(goal('all light isToggledOff'))).toBe('switch off light');
    expect(subgoalQuery(goal('fridge isOpen'))).toBe('open fridge');
  });
});

describe('how SemGro takes the text', () => {
  it('follows a goal chain where the reader reads several things, the paper path (the text itself) otherwise', () => {
    const several = readTask(brief('Make a plate of toast.'));
    expect(several.understanding).toMatchObject({ read: true, reader: 'offline reader' });
    expect(several.chain?.queries).toEqual([
      'clean plate in sink',
      'heat breadslice in toaster',
      'put breadslice on plate',
    ]);
    // One thing: the instruction, the reader's query beside it.
    expect(readTask(brief('Open the fridge.'))).toMatchObject({ instruction: 'Open the fridge. open fridge' });
    expect(readTask(brief('Open the fridge.')).chain).toBeUndefined();
    // Any of 23 foods: a query listing them all would draw the retriever anywhere; the text goes alone.
    expect(readTask(brief('Warm up the food.'))).toMatchObject({ instruction: 'Warm up the food.' });
    expect(readTask(brief('Warm up the food.')).understanding.read).toBe(true);
    // A dialogue is no instruction: the query stands in for it.
    expect(readTask(brief('<Commander> Please open the fridge. <Driver> Sure.')).instruction).toBe('open fridge');
    // Not read: the text as it is, reported as not read.
    const unread = readTask(brief('Tidy up a bit.'));
    expect(unread.instruction).toBe('Tidy up a bit.');
    expect(unread.understanding.read).toBe(false);
    expect(unread.understanding.reason).toMatch(/Tidy up/);
    expect(unread.chain).toBeUndefined();
  });

  it('reports a dialogue no reader reads as not read, and acts on it without an error', async () => {
    const database = buildDatabase(loadHome('cottage').graph, {
      home: 'cottage',
      seed: 1,
      patients: ['apple'],
      caps: { level3: 2, level4: 1 },
    });
    const agent = new SemGroAgent('semgro', database, offlineRoles(0, semgro), semgro, 0);
    const text = '<Commander> Hello there. <Driver> What should I do? <Commander> The weather is nice today.';
    const run = await episode(agent, loadHome('cottage').graph, text, () => false, 3);
    expect(agent.reading()).toMatchObject({ read: false, reader: 'offline reader' });
    expect(agent.reading()?.reason).toMatch(/weather/);
    expect(run.steps).toHaveLength(3);
  });
});

describe('a task of several kinds of goal', () => {
  it('makes a plate of toast in the cottage: a plate cleaned, a slice toasted, the slice on the clean plate', async () => {
    const graph = loadHome('cottage').graph;
    const database = buildDatabase(graph.clone(), {
      home: 'cottage',
      seed: 1,
      patients: ['breadslice', 'plate'],
      caps: { level3: 4, level4: 2 },
    });
    const agent = new SemGroAgent('semgro', database, offlineRoles(0, semgro), semgro, 0);
    const served = (g: EnvGraph, derived: DerivedStates) =>
      g
        .idsOfClass('breadslice')
        .some(
          (slice) =>
            derived.has(slice, 'cooked') &&
            g.idsOfClass('plate').some((plate) => g.hasEdge(slice, 'ON', plate) && g.hasState(plate, 'CLEAN')),
        );
    const run = await episode(agent, graph, 'Make a plate of toast.', served, 50);
    expect(run.done, run.steps.join('\n')).toBe(true);
    // The slice went into the toaster, which was switched on, before it went onto the plate.
    const toasted = run.steps.findIndex((s) => s.startsWith('[switchon] <toaster>'));
    const served_ = run.steps.findIndex((s) => /^\[put\] <breadslice> \(\d+\) <plate>/.test(s));
    expect(toasted).toBeGreaterThanOrEqual(0);
    expect(served_).toBeGreaterThan(toasted);
    expect(agent.reading()).toMatchObject({ read: true });
  });
});

describe('a subgoal about things of several classes', () => {
  it('asks for one class at a time: all the fruit in the kitchen cabinet, the apple then the bananas', async () => {
    const graph = loadHome('cottage').graph;
    const database = buildDatabase(graph.clone(), {
      home: 'cottage',
      seed: 1,
      patients: ['apple', 'bananas', 'mug'],
      caps: { level3: 8, level4: 4 },
    });
    const agent = new SemGroAgent('semgro', database, offlineRoles(0, semgro), semgro, 0);
    // The subgoal's own query names the category ("put fruit in kitchencabinet"), which level 2 has no skill for.
    expect(readTask(brief('Put the fruit in the kitchen cabinet.')).chain?.queries).toEqual([
      'put fruit in kitchencabinet',
    ]);
    const stored = (g: EnvGraph) => [28, 29].every((id) => g.hasEdge(id, 'INSIDE', 15) || g.hasEdge(id, 'INSIDE', 16));
    const run = await episode(agent, graph, 'Put the fruit in the kitchen cabinet.', stored, 30);
    expect(run.done, run.steps.join('\n')).toBe(true);
    // One thing after the other, each put away before the next is taken.
    const puts = run.steps.filter((s) => s.startsWith('[putin]')).map((s) => s.split(' ')[1]);
    expect(puts).toEqual(expect.arrayContaining(['<apple>', '<bananas>']));
    expect(run.steps.some((s) => s.endsWith('FAILED'))).toBe(false);
  });
});

describe('a numbered subgoal', () => {
  it('counts the things the agent brings to it, not those it found there (the deed of "put two things in")', () => {
    const graph = loadHome('cottage').graph;
    setState(graph, 17, 'OPEN');
    moveObject(graph, 28, { relation: 'INSIDE', host: 17 });
    const mug = graph.idsOfClass('mug')[0];
    const world = new EpisodeWorld(graph);
    const chain = new GoalChain([goal('2 apple|bananas|mug isPlacedTo fridge')]);
    // The robot in the kitchen, the fridge open: the apple is in it already.
    world.step({ action: 'walk', objects: [1] });
    chain.update(world.feedback(1));
    expect(chain.instruction()).toBeDefined();
    expect(chain.focus().avoid.has(28)).toBe(true);
    moveObject(graph, 29, { relation: 'INSIDE', host: 17 });
    chain.update(world.feedback(2));
    // Two fruits in the fridge, one put there: not done yet.
    expect(chain.instruction()).toBeDefined();
    moveObject(graph, mug, { relation: 'INSIDE', host: 17 });
    chain.update(world.feedback(3));
    expect(chain.instruction()).toBeUndefined();
  });
});

describe('examples as they apply where the agent stands', () => {
  it("fetches a wanted thing in view from where it lies, not from where the example's training home had it", async () => {
    // The database learnt with the fruit in the closed kitchen cabinet 15; here the fruit lies on the counter.
    const training = loadHome('cottage').graph;
    moveObject(training, 28, { relation: 'INSIDE', host: 15 });
    moveObject(training, 29, { relation: 'INSIDE', host: 15 });
    const database = buildDatabase(training, {
      home: 'cottage',
      seed: 1,
      patients: ['apple', 'bananas'],
      caps: { level3: 4, level4: 2 },
    });
    expect(database.planTexts(database.entries.find((e) => e.text === 'put apple in fridge')!.id)).toContain(
      'open kitchencabinet',
    );
    const agent = new SemGroAgent('semgro', database, offlineRoles(0, semgro), semgro, 0);
    const graph = loadHome('cottage').graph;
    const inFridge = (g: EnvGraph) => g.hasEdge(28, 'INSIDE', 17) && g.hasEdge(29, 'INSIDE', 17);
    const run = await episode(agent, graph, 'Grab two fruits and put them in the fridge.', inFridge, 30);
    expect(run.done, run.steps.join('\n')).toBe(true);
    expect(run.steps.some((s) => s.includes('<kitchencabinet>'))).toBe(false);
  });
});
