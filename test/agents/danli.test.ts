import { describe, expect, it } from 'vitest';
import type { StepFeedback, TaskBrief } from '../../src/agents/agent.js';
import { DANLI_DEFAULT, DanliAgent, MAX_SUBGOAL_FAILURES } from '../../src/agents/danli/index.js';
import { idleSkill } from '../../src/agents/heuristics/common.js';
import { agentsWithoutLlm, getAgent, referenceAgents } from '../../src/agents/registry.js';
import { EpisodeWorld } from '../../src/bench/environment.js';
import { bindEpisodeTask, runEpisodicEpisode } from '../../src/bench/episodic/episode.js';
import { taskById } from '../../src/bench/episodic/tasks/index.js';
import type { Skill } from '../../src/sim/skill.js';
import { VIRTUALHOME_SKILLS } from '../../src/sim/skill-sets.js';

/** A DANLI agent on a bound task, stepped by hand so that tests can feed it failures. */
function setUp(taskId: string, config = DANLI_DEFAULT) {
  const bound = bindEpisodeTask('cottage', taskId, 0);
  const graph = bound.start.clone();
  const world = new EpisodeWorld(graph, VIRTUALHOME_SKILLS);
  const agent = new DanliAgent({ seed: 0, skills: VIRTUALHOME_SKILLS }, config);
  const task: TaskBrief = {
    protocol: 'episodic',
    instructions: [{ id: taskId, text: taskById(taskId).text }],
    goal: { subgoals: taskById(taskId).subgoals },
  };
  agent.reset(task, world.feedback(0));
  return { agent, world, graph };
}

const failure = (t: number, base: StepFeedback, skill: Skill, error: string): StepFeedback => ({
  ...base,
  t,
  lastSkill: skill,
  success: false,
  error,
  errorKind: 'missing_step',
});

describe('DANLI', () => {
  it('is registered with its ablations reading the text, and the reference given the structured goal', () => {
    for (const name of ['danli', 'danli-last-subgoal', 'danli-no-pruning', 'danli-no-replanning']) {
      const definition = getAgent(name);
      expect(definition.privileges).toEqual([]);
      expect(definition.protocols).toEqual(['episodic']);
    }
    expect(getAgent('danli-meanings').privileges).toEqual(['meanings']);
    expect(referenceAgents()['danli-meanings']).toEqual(['meanings']);
    expect(referenceAgents().danli).toBeUndefined();
    // The default episodic run: what runs episodic tasks, without the slow unpruned ablation; no continual heuristic.
    expect(agentsWithoutLlm('episodic')).toEqual([
      'oracle',
      'random',
      'danli',
      'danli-meanings',
      'danli-last-subgoal',
      'danli-no-replanning',
      'llm-state',
      'helper',
    ]);
    expect(agentsWithoutLlm('continual')).not.toContain('danli');
  });

  it('reads its subgoals from the text, a dialogue too, and reports the reading; the reference reads none', async () => {
    const dialogue = await runEpisodicEpisode({ agent: 'danli', home: 'cottage', task: 'teach-tfd/coffee', seed: 0 });
    expect(dialogue.reading).toMatchObject({ read: true, reader: 'offline reader' });
    expect(dialogue.reading?.goal).toMatchObject({ subgoals: ['mug isClean', 'mug(isClean) isFilledWithCoffee'] });
    expect(dialogue.score.sr).toBe(1);
    const reference = await runEpisodicEpisode({
      agent: 'danli-meanings',
      home: 'cottage',
      task: 'teach-tfd/coffee',
      seed: 0,
    });
    expect(reference.reading).toBeUndefined();
    expect(reference.score.sr).toBe(1);
  });

  it('a text it cannot read: reported as not read with the reason, and it idles (no error, no guess)', () => {
    const bound = bindEpisodeTask('cottage', 'llm-state/open-fridge', 0);
    const world = new EpisodeWorld(bound.start.clone(), VIRTUALHOME_SKILLS);
    const agent = new DanliAgent({ seed: 0, skills: VIRTUALHOME_SKILLS }, DANLI_DEFAULT);
    let feedback = world.feedback(0);
    agent.reset({ protocol: 'episodic', instructions: [{ id: 'x', text: 'Browse internet' }] }, feedback);
    expect(agent.reading()).toMatchObject({ read: false, reader: 'offline reader' });
    expect(agent.reading()?.reason).toMatch(/Browse internet/);
    for (let t = 0; t < 5; t++) {
      const skill = agent.act();
      expect(skill).toEqual(idleSkill(feedback, VIRTUALHOME_SKILLS));
      feedback = world.feedback(t + 1, { skill, outcome: world.step(skill) });
      agent.observe(feedback);
    }
    expect(agent.counts.plannerCalls).toBe(0);
  });

  it('searches for what it has not seen and makes toast (dummy instances, then a plan)', async () => {
    const outcome = await runEpisodicEpisode({
      agent: 'danli',
      home: 'cottage',
      task: 'llm-state/make-toast',
      seed: 0,
    });
    expect(outcome.score.sr).toBe(1);
    const stats = outcome.agentStats as { dummyPlans: number; searchSteps: number; plannerCalls: number };
    // It starts in the living room: the bread and the toaster are unseen, so its first plan uses dummies.
    expect(stats.dummyPlans).toBeGreaterThan(0);
    expect(stats.searchSteps).toBeGreaterThan(0);
  });

  it('learns cooked from the effects of its own actions', async () => {
    const { agent, world } = setUp('llm-state/make-toast');
    let feedback = world.feedback(0);
    for (let t = 0; t < 30; t++) {
      const skill = agent.act();
      const outcome = world.step(skill);
      feedback = world.feedback(t + 1, { skill, outcome });
      agent.observe(feedback);
      if (skill.action === 'switchon') break;
    }
    const state = (agent as unknown as { state: { derived: { withState(s: string): number[] } } }).state;
    const cooked = state.derived.withState('cooked');
    expect(cooked.length).toBe(1);
    expect(world.graph.get(cooked[0]).className).toBe('breadslice');
  });

  it('replans after a failure, excludes the instance when the same action fails again', () => {
    const { agent, world } = setUp('llm-state/book-on-desk');
    const base = world.feedback(0);
    const skill: Skill = { action: 'grab', objects: [base.observation.characterId + 1000] };
    agent.observe(failure(1, base, skill, 'grab failed'));
    expect(agent.counts.replan).toBe(1);
    agent.observe(failure(2, base, skill, 'grab failed'));
    expect(agent.counts.exclude).toBe(1);
    const near = base.candidates.find((s) => s.action === 'walk' && !world.graph.isRoom(s.objects[0]))!.objects[0];
    agent.observe(failure(3, base, { action: 'grab', objects: [near] }, `<char0> is not close to <x> (${near})`));
    expect(agent.counts.moveCloser).toBe(1);
    // The plan now walks to the object first, then retries.
    expect(agent.act()).toEqual({ action: 'walk', objects: [near] });
  });

  it('excludes an instance only when the belief knows another of its class; the only one is tried again', () => {
    const { agent, world } = setUp('llm-state/book-on-desk');
    const base = world.feedback(0);
    // What the agent has seen so far is its whole belief: instances counted among the observed nodes.
    const seen = base.observation.nodes.filter((n) => n.category !== 'Rooms' && n.className !== 'character');
    const count = (className: string) => seen.filter((n) => n.className === className).length;
    const only = seen.find((n) => count(n.className) === 1)?.id;
    const several = seen.find((n) => count(n.className) > 1)?.id;
    expect(only).toBeDefined();
    expect(several).toBeDefined();
    const twice = (id: number, t: number) => {
      const skill: Skill = { action: 'open', objects: [id] };
      agent.observe(failure(t, base, skill, 'open failed'));
      agent.observe(failure(t + 1, base, skill, 'open failed'));
    };
    twice(only!, 1);
    expect(agent.counts.exclude).toBe(0);
    expect(agent.counts.replan).toBe(2);
    twice(several!, 3);
    expect(agent.counts.exclude).toBe(1);
  });

  it('gives a subgoal up after five failures', () => {
    const { agent, world } = setUp('llm-state/toothbrush-facecream-cabinet');
    const base = world.feedback(0);
    for (let i = 0; i < MAX_SUBGOAL_FAILURES; i++) {
      agent.observe(failure(i + 1, base, { action: 'open', objects: [900 + i] }, 'failed'));
    }
    agent.act();
    expect(agent.counts.subgoalsGivenUp).toBe(1);
  });

  it('without replanning, a failed action ends its subgoal', () => {
    const { agent, world } = setUp('llm-state/toothbrush-facecream-cabinet', { ...DANLI_DEFAULT, replan: false });
    agent.observe(failure(1, world.feedback(0), { action: 'open', objects: [900] }, 'failed'));
    agent.act();
    expect(agent.counts.subgoalsGivenUp).toBe(1);
    expect(agent.counts.replan + agent.counts.exclude).toBe(0);
  });

  it('working on the last subgoal only cannot serve a toast it never made', async () => {
    const full = await runEpisodicEpisode({ agent: 'danli', home: 'cottage', task: 'teach/plate-of-toast', seed: 0 });
    const last = await runEpisodicEpisode({
      agent: 'danli-last-subgoal',
      home: 'cottage',
      task: 'teach/plate-of-toast',
      seed: 0,
    });
    expect(full.score.sr).toBe(1);
    expect(last.score.sr).toBe(0);
    expect(last.score.gc).toBeLessThan(full.score.gc);
  });

  it('takes a done subgoal up again when a later plan undid it (the toast left off the plate carried to the table)', async () => {
    // Read from the text, the toast goes on the plate before the plate goes on the table: the plan for the plate takes
    // the toast off to carry the plate, and the monitor moves on once the plate is there.
    const outcome = await runEpisodicEpisode({ agent: 'danli', home: 'flat', task: 'teach-tfd/breakfast', seed: 0 });
    expect((outcome.agentStats as { subgoalsReopened: number }).subgoalsReopened).toBe(1);
    expect(outcome.score.sr).toBe(1);
  });

  it('a planner call over the budget is a time-out (no plan); repeats on no new objects are not run', () => {
    const stepThrough = (planBudget: number) => {
      const { agent, world } = setUp('llm-state/open-fridge', { ...DANLI_DEFAULT, planBudget });
      for (let t = 0; t < 12; t++) {
        const skill = agent.act();
        const outcome = world.step(skill);
        agent.observe(world.feedback(t + 1, { skill, outcome }));
      }
      const fridge = [...world.graph.idsOfClass('fridge')][0];
      return { agent, opened: world.graph.hasState(fridge, 'OPEN') };
    };
    const within = stepThrough(DANLI_DEFAULT.planBudget);
    expect(within.opened).toBe(true);
    expect(within.agent.counts.planTimeouts).toBe(0);
    // A budget below every problem's size: every call times out, nothing gets planned.
    const over = stepThrough(1);
    expect(over.opened).toBe(false);
    const { counts, planWork } = over.agent;
    expect(counts.planTimeouts).toBe(counts.plannerCalls);
    expect(counts.planFailures).toBe(counts.plannerCalls);
    expect(planWork.filter((w) => !w.repeated).every((w) => w.operators > 1)).toBe(true);
    // The same goal on the same known objects is not planned again; a new room seen (more objects) is.
    expect(planWork.some((w) => w.repeated)).toBe(true);
    expect(planWork.filter((w) => !w.repeated).length).toBeGreaterThan(1);
  });

  it('is reproducible: same seed, same steps', async () => {
    const run = () => runEpisodicEpisode({ agent: 'danli', home: 'flat', task: 'teach/remotes-on-sofa', seed: 2 });
    const [a, b] = [await run(), await run()];
    expect(b.steps).toEqual(a.steps);
    expect(b.score).toEqual(a.score);
  });
});
