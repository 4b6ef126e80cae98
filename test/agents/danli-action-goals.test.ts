import { describe, expect, it } from 'vitest';
import type { TaskBrief } from '../../src/agents/agent.js';
import { DANLI_DEFAULT, DanliAgent, structuredGoalPredictor } from '../../src/agents/danli/index.js';
import { EpisodeWorld } from '../../src/bench/environment.js';
import { bindEpisodeTask } from '../../src/bench/episodic/episode.js';
import { type ActionGoal, type ActionStep, actionGoalsMet } from '../../src/sim/action-goals.js';
import { VIRTUALHOME_SKILLS } from '../../src/sim/skill-sets.js';

/**
 * Runs DANLI given the goal (the structured-goal predictor of `danli-meanings`) on the cottage, by hand; the steps as
 * the metrics see them (from the true world).
 */
function run(goal: TaskBrief['goal'], limit: number): ActionStep[] {
  const graph = bindEpisodeTask('cottage', 'llm-state/book-on-desk', 0).start.clone();
  const world = new EpisodeWorld(graph, VIRTUALHOME_SKILLS);
  const agent = new DanliAgent(
    { seed: 0, skills: VIRTUALHOME_SKILLS },
    DANLI_DEFAULT,
    'danli',
    structuredGoalPredictor,
  );
  agent.reset({ protocol: 'episodic', instructions: [{ id: 'action-goals', text: 'Act.' }], goal }, world.feedback(0));
  const steps: ActionStep[] = [];
  for (let t = 1; t <= limit; t++) {
    const skill = agent.act();
    const outcome = world.step(skill);
    const target = skill.objects[skill.objects.length - 1];
    steps.push({
      action: skill.action,
      ...(target !== undefined && graph.has(target) && { targetClass: graph.get(target).className }),
      success: outcome.success,
    });
    agent.observe(world.feedback(t, { skill, outcome }));
  }
  return steps;
}

describe('DANLI and action goals', () => {
  // The cottage's character starts in the living room (a TV, OFF); the mugs are in the kitchen, unseen at first.
  const goals: ActionGoal[] = [
    { anyOf: [{ action: 'grab', classes: ['mug'] }] },
    { anyOf: [{ action: 'switchon', classes: ['tv'] }] },
  ];

  it('takes the ordered action goals of a task without subgoals, searching for what it has not seen', () => {
    const steps = run({ subgoals: [], actionGoals: goals }, 40);
    expect(actionGoalsMet(goals, steps)).toBe(2);
    // Then it idles: no grab or switch after the TV went on.
    const tvOn = steps.findIndex((s) => s.action === 'switchon' && s.targetClass === 'tv' && s.success);
    expect(steps.slice(tvOn + 1).every((s) => s.action === 'walk')).toBe(true);
  });

  it('takes none without them (the structured goal gives none)', () => {
    const steps = run({ subgoals: [] }, 10);
    expect(actionGoalsMet(goals, steps)).toBe(0);
    expect(steps.every((s) => s.action === 'walk')).toBe(true);
  });
});
