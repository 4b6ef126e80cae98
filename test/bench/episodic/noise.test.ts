import { describe, expect, it } from 'vitest';
import type { DanliCounts } from '../../../src/agents/danli/index.js';
import { EpisodeWorld } from '../../../src/bench/environment.js';
import { bindEpisodeTask, runEpisodicEpisode } from '../../../src/bench/episodic/episode.js';
import { episodicGridConfig, expandEpisodicGrid } from '../../../src/bench/episodic/grid.js';
import {
  checkSlip,
  MANIPULATION_SKILLS,
  type SlipModel,
  seededSlips,
  stepWithSlips,
} from '../../../src/bench/episodic/noise.js';
import { graphToJson } from '../../../src/sim/graph-io.js';
import type { Skill } from '../../../src/sim/skill.js';
import { VIRTUALHOME_SKILLS } from '../../../src/sim/skill-sets.js';
import { InputError } from '../../../src/util/errors.js';

/** A slip model that makes the first manipulation skill of a run fail, and nothing else. */
const firstManipulationSlips = (): SlipModel => {
  let fired = false;
  return (_t, skill) => {
    if (fired || !MANIPULATION_SKILLS.has(skill.action)) return false;
    fired = true;
    return true;
  };
};

describe('execution noise (--slip)', () => {
  it('draws per step index from the seed, only for manipulation skills, at about the rate asked', () => {
    const grab: Skill = { action: 'grab', objects: [1] };
    const walk: Skill = { action: 'walk', objects: [1] };
    const a = seededSlips(0.1, 3);
    const b = seededSlips(0.1, 3);
    const draws = Array.from({ length: 5000 }, (_, t) => a(t, grab));
    // The same seed gives the same stream, whichever skill kind asks and in which order.
    expect(Array.from({ length: 5000 }, (_, i) => 4999 - i).map((t) => b(t, { action: 'open', objects: [2] }))).toEqual(
      [...draws].reverse(),
    );
    const rate = draws.filter(Boolean).length / draws.length;
    expect(rate).toBeGreaterThan(0.08);
    expect(rate).toBeLessThan(0.12);
    expect(draws.some((slipped, t) => slipped && a(t, walk))).toBe(false);
    expect(Array.from({ length: 200 }, (_, t) => seededSlips(0.1, 4)(t, grab))).not.toEqual(draws.slice(0, 200));
    expect(Array.from({ length: 200 }, (_, t) => seededSlips(0, 3)(t, grab)).some(Boolean)).toBe(false);
  });

  it('refuses what is not a probability in [0, 1)', () => {
    expect(checkSlip('0.25')).toBe(0.25);
    expect(checkSlip(0)).toBe(0);
    for (const bad of ['1', '-0.1', 'often', Number.NaN]) expect(() => checkSlip(bad)).toThrow(InputError);
    expect(() => checkSlip('2')).toThrow(/--slip: '2' is not a probability/);
  });

  it('a slipped skill fails with no effect; one that fails anyway keeps its own error', () => {
    const bound = bindEpisodeTask('cottage', 'llm-state/open-fridge', 0);
    const env = new EpisodeWorld(bound.start.clone(), VIRTUALHOME_SKILLS);
    const fridge = [...env.graph.idsOfClass('fridge')][0];
    const always: SlipModel = (_t, skill) => MANIPULATION_SKILLS.has(skill.action);
    // Not close to the fridge: the simulator's own refusal, not a slip.
    const far = stepWithSlips(env, { action: 'open', objects: [fridge] }, 0, always);
    expect(far.success).toBe(false);
    expect(far.error).not.toMatch(/slipped/);
    expect(stepWithSlips(env, { action: 'walk', objects: [env.graph.roomOf(fridge)!] }, 1, always).success).toBe(true);
    expect(stepWithSlips(env, { action: 'walk', objects: [fridge] }, 1, always).success).toBe(true);
    const before = JSON.stringify(graphToJson(env.graph));
    const slipped = stepWithSlips(env, { action: 'open', objects: [fridge] }, 2, always);
    expect(slipped).toMatchObject({ success: false, errorKind: 'other' });
    expect(slipped.error).toMatch(/slipped, no effect/);
    expect(env.graph.hasState(fridge, 'OPEN')).toBe(false);
    expect(JSON.stringify(graphToJson(env.graph))).toBe(before);
    expect(stepWithSlips(env, { action: 'open', objects: [fridge] }, 3, () => false).success).toBe(true);
    expect(env.graph.hasState(fridge, 'OPEN')).toBe(true);
  });

  it('a failed manipulation fires DANLI recovery; without replanning the subgoal is given up', async () => {
    const episode = { home: 'cottage', task: 'llm-state/open-fridge', seed: 0 };
    const danli = await runEpisodicEpisode({ ...episode, agent: 'danli' }, { slipModel: firstManipulationSlips });
    const ablated = await runEpisodicEpisode(
      { ...episode, agent: 'danli-no-replanning' },
      { slipModel: firstManipulationSlips },
    );
    for (const run of [danli, ablated]) {
      const failed = run.steps.filter((s) => !s.success);
      expect(failed[0].skill).toMatch(/^\[open\] <fridge>/);
    }
    const counts = (run: typeof danli) => run.agentStats as unknown as DanliCounts;
    expect(counts(danli).replan).toBe(1);
    expect(danli.score.sr).toBe(1);
    // The Oracle met the same failure and still solved the task (L* counts its retry).
    expect(danli.oracleSteps).not.toBeNull();
    expect(counts(ablated).replan + counts(ablated).exclude).toBe(0);
    expect(counts(ablated).subgoalsGivenUp).toBe(1);
    expect(ablated.score.sr).toBe(0);
    expect(ablated.score.gc).toBeLessThan(danli.score.gc);
  });

  it('seeded noise is reproducible and the same for every agent on the same step', async () => {
    const episode = { home: 'flat', task: 'teach/coffee', seed: 1, slip: 0.3 };
    const first = await runEpisodicEpisode({ ...episode, agent: 'danli' });
    const again = await runEpisodicEpisode({ ...episode, agent: 'danli' });
    expect(again.steps).toEqual(first.steps);
    expect(first.steps.some((s) => !s.success)).toBe(true);
    const slips = seededSlips(0.3, 1);
    for (const step of first.steps) {
      const action = step.skill.slice(1, step.skill.indexOf(']'));
      if (MANIPULATION_SKILLS.has(action) && slips(step.t, { action, objects: [] })) expect(step.success).toBe(false);
    }
  });

  it('is a constant of the episodic grid: noise-free runs keep their keys and configuration', () => {
    const grid = { agents: ['danli'], homes: ['cottage'], tasks: ['teach/coffee'], seeds: [0] };
    const plain = expandEpisodicGrid(grid);
    const noisy = expandEpisodicGrid({ ...grid, slip: 0.1 });
    expect(noisy.map((s) => s.key)).toEqual(plain.map((s) => s.key));
    expect(plain[0]).not.toHaveProperty('slip');
    expect(noisy[0]).toMatchObject({ slip: 0.1 });
    expect(episodicGridConfig({ ...grid, slip: 0 })).toEqual(episodicGridConfig(grid));
    expect(episodicGridConfig({ ...grid, slip: 0.1 })).toMatchObject({ slip: 0.1 });
  });
});
