/**
 * SayCan's oracle affordance checks a skill's preconditions without running its effects (`EpisodeWorld.wouldSucceed`,
 * `skillWouldSucceed`): it must say what running the skill and undoing it says, for every candidate of every step,
 * and leave the world as it was.
 */
import { describe, expect, it } from 'vitest';
import { homeGraph } from '../../src/bench/continual/episode.js';
import { ALFRED_SKILLS, EpisodeWorld, type SkillSet, VIRTUALHOME_SKILLS } from '../../src/bench/environment.js';
import type { EnvGraph } from '../../src/sim/graph.js';

/** The world's state as text: every node's states and every edge. */
function snapshot(graph: EnvGraph): string {
  const lines: string[] = [];
  for (const node of graph.nodes()) {
    lines.push(`${node.id} ${[...node.states].sort().join(',')}`);
    for (const [relation, targets] of graph.outgoing(node.id))
      lines.push(`${node.id} ${relation} ${[...targets].sort()}`);
  }
  return lines.join('\n');
}

describe.each([
  ['virtualhome', VIRTUALHOME_SKILLS],
  ['alfred', ALFRED_SKILLS],
] as [string, SkillSet][])('wouldSucceed on %s skills', (_name, skills) => {
  it('agrees with running each candidate and undoing it, and changes nothing', () => {
    const world = new EpisodeWorld(homeGraph('gen:7').clone(), skills);
    const verdicts = { yes: 0, no: 0 };
    for (let t = 0; t < 25; t++) {
      const { candidates } = world.feedback(t);
      const before = snapshot(world.graph);
      const checked = candidates.map((skill) => world.wouldSucceed(skill));
      expect(snapshot(world.graph)).toBe(before);
      const tried = candidates.map((skill) => world.graph.tryChanges(() => world.step(skill).success));
      expect(checked).toEqual(tried);
      for (const ok of checked) verdicts[ok ? 'yes' : 'no']++;
      // Move on with a skill that succeeds (a different one each step), so that later steps see other states.
      const affordable = candidates.filter((_, i) => checked[i]);
      expect(world.step(affordable[(t * 7) % affordable.length]).success).toBe(true);
    }
    expect(verdicts.yes).toBeGreaterThan(25);
    expect(verdicts.no).toBeGreaterThan(25);
  });
});
