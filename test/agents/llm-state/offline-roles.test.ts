/**
 * LLM-State's offline roles on the cottage (robot in livingroom 2; kitchen 1 holds the toaster 23 and the fridge 17
 * with a lemon inside; the bedroom 3 a light 92): the goal-relevance attention, the symbolic fold of the estimator
 * (effects, derived states, explained and unexplained failures, diagnoses, invented attributes, no diagnosis without
 * the summary, recomputation from step 0), and the planner policy (a plan as primitive actions, exploration).
 */
import { describe, expect, it } from 'vitest';
import { GoalRelevanceAttention } from '../../../src/agents/llm-state/attention.js';
import { SymbolicFoldEstimator } from '../../../src/agents/llm-state/estimator.js';
import { PlannerPolicy } from '../../../src/agents/llm-state/policy.js';
import type { RoleInstruction, RoleObservation } from '../../../src/agents/llm-state/roles.js';
import { type Command, formatCommand } from '../../../src/agents/primitives/commands.js';
import { ObjectListing } from '../../../src/agents/primitives/listing.js';
import { PaperNames } from '../../../src/agents/primitives/names.js';
import type { HistoryItem } from '../../../src/agents/primitives/runner.js';
import { EpisodeWorld } from '../../../src/bench/environment.js';
import { readTask } from '../../../src/language/tasks.js';
import { loadHome } from '../../../src/sim/scenes/homes.js';

/** The cottage seen from the living room, then (optionally) from the kitchen at step 1. */
function observed(visitKitchen: boolean): RoleObservation & { world: EpisodeWorld } {
  const world = new EpisodeWorld(loadHome('cottage').graph);
  const names = new PaperNames();
  const listing = new ObjectListing();
  const see = (t: number, skill?: { action: string; objects: number[] }) => {
    const outcome = skill ? world.step(skill) : undefined;
    const feedback = world.feedback(t, skill && outcome ? { skill, outcome } : undefined);
    names.observe(feedback.observation, t);
    listing.observe(feedback.observation, t, feedback.adjacentRooms);
  };
  see(0);
  if (visitKitchen) see(1, { action: 'walk', objects: [1] });
  return { listing, names, t: visitKitchen ? 2 : 1, world };
}

const instruction = (text: string): RoleInstruction => {
  const read = readTask(text);
  if (!read.ok) throw new Error(read.reason);
  return { text, reading: read.reading };
};

const item = (t: number, text: string, success: boolean, ids: number[]): HistoryItem => {
  const [, verb, args] = /^(\w+)\((.*)\)$/.exec(text)!;
  const command = { verb, args: args === '' ? [] : args.split(', ') } as Command;
  return { command, success, t, steps: 1, ids };
};

const estimator = new SymbolicFoldEstimator();
const both = { objects: true, summary: true };

describe('LLM-State offline attention', () => {
  it('adds what the goal makes relevant, once, and only what has been seen', async () => {
    const observation = observed(true);
    const attention = new GoalRelevanceAttention();
    const toast = instruction('Make toast.');
    const first = await attention.select({ observation, instruction: toast, keys: [] });
    expect(first.value).toEqual(expect.arrayContaining(['toaster1', 'breadslice1', 'breadslice2', 'fridge1']));
    expect(first.value).not.toContain('tv1');
    expect(first.value).not.toContain('microwave1'); // toast is made in a toaster
    const again = await attention.select({ observation, instruction: toast, keys: first.value });
    expect(again.value).toEqual([]);
    const light = await attention.select({
      observation,
      instruction: instruction('Switch off the light in bedroom.'),
      keys: [],
    });
    expect(light.value).toEqual(expect.arrayContaining(['bedroom1', 'light1', 'light2']));
  });
});

describe('LLM-State offline estimator', () => {
  it('knows only what the robot did: effects, places, cooking', () => {
    const observation = observed(true);
    const history = [
      item(2, 'move(breadslice1)', true, [37]),
      item(3, 'pickup(breadslice1)', true, [37]),
      item(4, 'move(toaster1)', true, [23]),
      item(5, 'placein(breadslice1, toaster1)', true, [37, 23]),
      item(6, 'switchon(toaster1)', true, [23]),
    ];
    const keys = ['toaster1', 'breadslice1', 'fridge1', 'kitchen1'];
    const { value } = estimator.estimateSync({ keys, history, observation, parts: both });
    expect(value.objects?.get('toaster1')).toEqual(expect.arrayContaining(['on']));
    expect(value.objects?.get('breadslice1')).toEqual(['in_toaster1', 'cooked']);
    // The fridge was never opened nor seen into: nothing is said of its door.
    expect(value.objects?.get('fridge1')).toEqual([]);
    expect(value.objects?.get('kitchen1')).toEqual(['robot_inside']);
    expect(value.summary?.text).toBe(
      'The robot moved to breadslice1, picked up breadslice1, moved to toaster1, put breadslice1 in toaster1 and switched on toaster1.',
    );
    // The summary states direct effects, not what follows from them: the toast is cooked in the entries only.
    expect(value.summary?.notes).toContainEqual({ object: 'toaster1', attribute: 'on' });
    expect(value.summary?.notes?.some((n) => n.attribute === 'cooked')).toBe(false);
  });

  it('explains a failure the model predicts, and diagnoses an unknown state after two unexplained failures', () => {
    const observation = observed(true);
    const keys = ['toaster1', 'breadslice1'];
    const explained = estimator.estimateSync({
      keys,
      history: [item(2, 'pickup(breadslice1)', false, [37])],
      observation,
      parts: both,
    });
    expect(explained.value.summary?.text).toMatch(
      /tried to pick up breadslice1 but failed: .*is not close to <breadslice> \(37\)/,
    );
    const once = [item(2, 'move(toaster1)', true, [23]), item(3, 'switchon(toaster1)', false, [23])];
    const unexplained = estimator.estimateSync({ keys, history: once, observation, parts: both });
    expect(unexplained.value.objects?.get('toaster1')).toEqual(['on_kitchencounter1']);
    expect(unexplained.value.summary?.text).toMatch(/failed, for no known reason/);
    const twice = [...once, item(4, 'switchon(toaster1)', false, [23])];
    const diagnosed = estimator.estimateSync({ keys, history: twice, observation, parts: both });
    expect(diagnosed.value.objects?.get('toaster1')).toEqual(['on_kitchencounter1', 'on']);
    expect(diagnosed.value.summary?.text).toMatch(/so toaster1 must already be on\.$/);
    expect(diagnosed.record.notes).toMatchObject({ diagnosed: 1, unexplained: 1 });
    // Without the summary there is no reasoning about failures: nothing is concluded.
    const plain = estimator.estimateSync({
      keys,
      history: twice,
      observation,
      parts: { objects: true, summary: false },
    });
    expect(plain.value.objects?.get('toaster1')).toEqual(['on_kitchencounter1']);
    expect(plain.value.summary).toBeUndefined();
  });

  it('invents an attribute when nothing unknown is left to blame, and forgets it after a success', () => {
    const observation = observed(true);
    const keys = ['breadslice1'];
    const failures = [
      item(2, 'move(breadslice1)', true, [37]),
      item(3, 'pickup(breadslice1)', false, [37]),
      item(4, 'pickup(breadslice1)', false, [37]),
    ];
    const invented = estimator.estimateSync({ keys, history: failures, observation, parts: both });
    expect(invented.value.objects?.get('breadslice1')).toContain('cannot_pickup');
    const later = estimator.estimateSync({
      keys,
      history: [...failures, item(5, 'pickup(breadslice1)', true, [37])],
      observation,
      parts: both,
    });
    expect(later.value.objects?.get('breadslice1')).toEqual(['in_hand']);
  });

  it('is recomputed from step 0: the same history gives the same state, whatever came before', () => {
    const observation = observed(true);
    const history = [item(2, 'move(toaster1)', true, [23]), item(3, 'switchon(toaster1)', false, [23])];
    const a = estimator.estimateSync({ keys: ['toaster1'], history, observation, parts: both });
    estimator.estimateSync({ keys: ['toaster1'], history: [...history, history[1]], observation, parts: both });
    const b = estimator.estimateSync({ keys: ['toaster1'], history, observation, parts: both });
    expect(b.value.objects).toEqual(a.value.objects);
    expect(b.value.summary).toEqual(a.value.summary);
  });
});

describe('LLM-State offline policy', () => {
  it('plans with the household planner and writes the plan as primitive actions', async () => {
    const observation = observed(true);
    const policy = new PlannerPolicy();
    const plan = await policy.plan({
      observation,
      instruction: instruction('Make toast.'),
      history: [],
      keys: [],
      state: { objects: new Map(), summary: { text: '' } },
    });
    const text = plan.value.map(formatCommand);
    expect(text).toContain('switchon(toaster1)');
    expect(text.some((c) => /^placein\(breadslice\d, toaster1\)$/.test(c))).toBe(true);
    expect(text[0]).toMatch(/^move\(/);
    expect(policy.counts.plannerCalls).toBe(1);
  });

  it('takes what the state says: a light known off needs nothing; one never seen needs a search', async () => {
    const observation = observed(false);
    const policy = new PlannerPolicy();
    const lights = instruction('Switch off the light in livingroom.');
    const known = await policy.plan({
      observation,
      instruction: lights,
      history: [],
      keys: [],
      state: { objects: new Map([['light1', ['off']]]) },
    });
    expect(known.value).toEqual([]);
    const unknown = await policy.plan({ observation, instruction: lights, history: [], keys: [] });
    expect(unknown.value.map(formatCommand)).toEqual(['move(light1)', 'switchoff(light1)']);
    // The lemon lies in the closed fridge of a kitchen not yet seen: go and look.
    const lemon = await policy.plan({
      observation,
      instruction: instruction('Put the lemon on the kitchen table.'),
      history: [],
      keys: [],
    });
    expect(lemon.value.map(formatCommand)).toEqual(['move(kitchen1)']);
    const inKitchen = observed(true);
    const search = await new PlannerPolicy().plan({
      observation: inKitchen,
      instruction: instruction('Put the lemon on the kitchen table.'),
      history: [],
      keys: [],
    });
    expect(search.value.map(formatCommand)).toEqual(['move(fridge1)', 'open(fridge1)']);
  });
});
