/**
 * The ExRAP agent (Algorithm 1 over the offline roles) on the hand-built home of the heuristics' tests, driven from
 * instruction texts only, and on a built-in home through the continual protocol.
 */
import { describe, expect, it } from 'vitest';
import { createExrapAgent, EXRAP_CONFIGS, type ExrapAgent } from '../../../src/agents/exrap/agent.js';
import type { BayesianQueryEvaluator } from '../../../src/agents/exrap/evaluator.js';
import type { PlanExploitationPlanner } from '../../../src/agents/exrap/exploitation.js';
import { getAgent } from '../../../src/agents/registry.js';
import { runContinualEpisode } from '../../../src/bench/continual/episode.js';
import { EpisodeWorld } from '../../../src/bench/environment.js';
import { holds, isIn } from '../../../src/sim/conditions.js';
import { setState } from '../../../src/sim/dynamics/index.js';
import type { Skill } from '../../../src/sim/skill.js';
import { VIRTUALHOME_SKILLS } from '../../../src/sim/skill-sets.js';
import { InputError } from '../../../src/util/errors.js';
import { IDS, ROOMS, scenarioHome, walk } from '../heuristics/scenario.js';

const TV = 'If the TV has been left off, switch it on.';
const COMPUTER = 'If the computer has been left off, switch it on.';

/** An ExRAP agent in the scenario home, given instruction texts; `run` takes n of its skills (each must succeed). */
async function start(id: 'exrap' | 'exrap-tc' | 'exrap-exp', room: keyof typeof ROOMS, texts: string[]) {
  const world = new EpisodeWorld(scenarioHome(room));
  const agent = createExrapAgent({ seed: 3, skills: VIRTUALHOME_SKILLS }, id);
  const instructions = texts.map((text, i) => ({ id: `i${i + 1}`, text }));
  await agent.reset({ protocol: 'continual', instructions }, world.feedback(0));
  let t = 0;
  const taken: Skill[] = [];
  const run = async (n: number, until?: () => boolean): Promise<Skill[]> => {
    const out: Skill[] = [];
    for (let i = 0; i < n && !until?.(); i++) {
      const skill = await agent.act();
      const outcome = world.step(skill);
      if (!outcome.success) throw new Error(`${JSON.stringify(skill)} failed: ${outcome.error}`);
      t++;
      out.push(skill);
      taken.push(skill);
      await agent.observe(world.feedback(t, { skill, outcome }));
    }
    return out;
  };
  /** A skill the agent did not choose (to set a scene), told to it as its own. */
  const force = async (skill: Skill): Promise<void> => {
    const outcome = world.step(skill);
    if (!outcome.success) throw new Error(`${JSON.stringify(skill)} failed: ${outcome.error}`);
    t++;
    await agent.observe(world.feedback(t, { skill, outcome }));
  };
  return { world, agent, run, force, taken };
}

const tvOn = isIn(IDS.tv, 'ON');
const computerOn = isIn(IDS.computer, 'ON');

describe('ExRAP agent', () => {
  it('serves an instruction read from its text: the TV seen off is switched on at once', async () => {
    const { world, agent, run } = await start('exrap', 'livingroom', [TV]);
    const [first] = agent.state.interpretation.queries;
    expect(agent.lastDecision).toBeUndefined();
    const skills = await run(2);
    expect(skills).toEqual([walk(IDS.tv), { action: 'switchon', objects: [IDS.tv] }]);
    expect(holds(tvOn, world.graph)).toBe(true);
    expect(first.instructionText).toBe(TV);
  });

  it('goes looking for what it has never seen (the computer in the bedroom) and serves it', async () => {
    const { world, run } = await start('exrap', 'kitchen', [COMPUTER]);
    const [first] = await run(1);
    expect(first).toEqual(walk(ROOMS.livingroom));
    await run(10, () => holds(computerOn, world.graph));
    expect(holds(computerOn, world.graph)).toBe(true);
  });

  it('comes back to check on an instruction as its information ages, and serves the disturbance it finds', async () => {
    const { world, run, force } = await start('exrap', 'livingroom', [TV, COMPUTER]);
    await run(20, () => holds(tvOn, world.graph) && holds(computerOn, world.graph));
    expect(holds(tvOn, world.graph) && holds(computerOn, world.graph)).toBe(true);
    // The agent is taken to the bathroom (away from both), then the TV is switched off behind its back.
    for (const room of [ROOMS.livingroom, ROOMS.bathroom]) {
      if (world.graph.roomOf(IDS.character) !== room) await force(walk(room));
    }
    setState(world.graph, IDS.tv, 'OFF');
    const skills = await run(40, () => holds(tvOn, world.graph));
    expect(holds(tvOn, world.graph)).toBe(true);
    // it went back to look (nothing told it): the last skills walk to the TV and switch it on
    expect(skills.slice(-2)).toEqual([walk(IDS.tv), { action: 'switchon', objects: [IDS.tv] }]);
  });

  it('is reproducible: the same seed gives the same trajectory on a built-in home', async () => {
    const episode = {
      agent: 'exrap',
      home: 'cottage',
      nonstationarity: 'high' as const,
      instructions: 3,
      steps: 40,
      seed: 5,
    };
    const a = await runContinualEpisode(episode);
    const b = await runContinualEpisode(episode);
    expect(a.steps.map((s) => s.skill)).toEqual(b.steps.map((s) => s.skill));
    expect(a.metrics).toEqual(b.metrics);
    // it acts: some instruction's event is completed in 40 steps of a changing home
    expect(a.metrics.completed).toBeGreaterThan(0);
  });

  it('names the instruction it cannot interpret', async () => {
    const world = new EpisodeWorld(scenarioHome('kitchen'));
    const agent = createExrapAgent({ seed: 1, skills: VIRTUALHOME_SKILLS }, 'exrap');
    const task = {
      protocol: 'continual',
      instructions: [
        { id: 'ok', text: TV },
        { id: 'odd', text: 'Sing me a song about the moon.' },
      ],
    };
    await expect(agent.reset(task, world.feedback(0))).rejects.toThrow(InputError);
    await expect(agent.reset(task, world.feedback(0))).rejects.toThrow(/'odd'/);
  });
});

describe('ExRAP ablations (agent ids)', () => {
  it('are registered without privileges or a model', () => {
    for (const id of ['exrap', 'exrap-tc', 'exrap-exp']) {
      const definition = getAgent(id);
      expect(definition.privileges).toEqual([]);
      expect(definition.needsLlm).toBe(false);
      expect(definition.create({ seed: 0, skills: VIRTUALHOME_SKILLS }).name).toBe(id);
    }
  });

  it('ExRAP-TC evaluates without temporal consistency; ExRAP-EXP has no exploration planner and finds queries', () => {
    const context = { seed: 0, skills: VIRTUALHOME_SKILLS };
    const full = createExrapAgent(context, 'exrap') as ExrapAgent;
    const tc = createExrapAgent(context, 'exrap-tc');
    const exp = createExrapAgent(context, 'exrap-exp');
    expect((full.evaluator as BayesianQueryEvaluator).temporalConsistency).toBe(true);
    expect((tc.evaluator as BayesianQueryEvaluator).temporalConsistency).toBe(false);
    expect(tc.exploration).toBeDefined();
    expect(exp.exploration).toBeUndefined();
    expect((exp.exploitation as PlanExploitationPlanner).findQueries).toBe(true);
    expect((full.exploitation as PlanExploitationPlanner).findQueries).toBe(false);
    expect(Object.keys(EXRAP_CONFIGS).sort()).toEqual(['exrap', 'exrap-exp', 'exrap-tc']);
  });

  it('ExRAP-EXP finds the objects of a query it has never seen by its "Find" command', async () => {
    const { world, run } = await start('exrap-exp', 'kitchen', [COMPUTER]);
    await run(12, () => holds(computerOn, world.graph));
    expect(holds(computerOn, world.graph)).toBe(true);
  });
});
