/** A small SemGro setting for tests: a database learnt in the cottage for a few classes, and an episode loop. */
import type { StepFeedback } from '../../../src/agents/agent.js';
import type { SemGroAgent } from '../../../src/agents/semgro/agent.js';
import { buildDatabase } from '../../../src/agents/semgro/database/build.js';
import type { SkillDatabase } from '../../../src/agents/semgro/database/database.js';
import { EpisodeWorld } from '../../../src/bench/environment.js';
import { applyPhysics, DerivedStates } from '../../../src/sim/derived-states.js';
import type { EnvGraph } from '../../../src/sim/graph.js';
import { loadHome } from '../../../src/sim/scenes/homes.js';
import { formatSkill } from '../../../src/sim/skill.js';

let cached: SkillDatabase | undefined;

/** Level-2 skills for the apple, the bananas and the mug; a few conjunctions (built once per test file). */
export function cottageDatabase(): SkillDatabase {
  cached ??= buildDatabase(loadHome('cottage').graph, {
    home: 'cottage',
    seed: 1,
    patients: ['apple', 'bananas', 'mug'],
    caps: { level3: 8, level4: 4 },
  });
  return cached;
}

/**
 * Runs the agent on the graph until `done` holds or `limit` steps; the steps as script lines and whether done. With
 * `physics`, the derived-state rules run after each skill that succeeds, as the episodic protocol runs them (a
 * microwave that is on heats what is in it, a knife slices).
 */
export async function runAgent(
  agent: SemGroAgent,
  graph: EnvGraph,
  text: string,
  done: (graph: EnvGraph, derived: DerivedStates) => boolean,
  limit = 30,
  options: { physics?: boolean } = {},
): Promise<{ done: boolean; steps: string[] }> {
  const world = new EpisodeWorld(graph);
  const derived = new DerivedStates();
  let feedback: StepFeedback = world.feedback(0);
  await agent.reset({ protocol: 'episodic', instructions: [{ id: 'task', text }] }, feedback);
  const steps: string[] = [];
  for (let t = 0; t < limit; t++) {
    if (done(graph, derived)) return { done: true, steps };
    const skill = await agent.act();
    const outcome = world.step(skill);
    if (outcome.success && options.physics) applyPhysics(graph, derived, world.characterId);
    steps.push(`${formatSkill(skill, (id) => graph.node(id)?.className)}${outcome.success ? '' : ' FAILED'}`);
    feedback = world.feedback(t + 1, { skill, outcome });
    await agent.observe(feedback);
  }
  return { done: done(graph, derived), steps };
}
