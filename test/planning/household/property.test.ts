/**
 * Property test over generated homes and random goals: every plan planForGoal calls solved runs (replayed here
 * through the benchmark's skills or the simulator) and reaches its goal; the goals the continual instructions use
 * (switch, open/close, put on or in furniture) are always solved with the 'virtualhome' skills.
 */
import { describe, expect, it } from 'vitest';
import { type HouseholdSkillSet, planForGoal } from '../../../src/planning/household/index.js';
import { holds } from '../../../src/sim/conditions.js';
import { loadHome } from '../../../src/sim/scenes/homes.js';
import { Rng } from '../../../src/util/rng.js';
import { replay } from './helpers.js';
import { mixedGoal, oracleGoal } from './random-goals.js';

const HOMES = Array.from({ length: 10 }, (_, i) => `gen:${21 + i}`);

describe('random goals on generated homes', () => {
  for (const spec of HOMES) {
    it(`${spec}: Oracle goals are solved, every solved plan reaches its goal`, () => {
      const graph = loadHome(spec).graph;
      const rng = new Rng(`household-property:${spec}`);
      const failures: string[] = [];
      let solvedMixed = 0;
      for (let i = 0; i < 24; i++) {
        const oracle = i < 14;
        const { kind, goal } = oracle ? oracleGoal(graph, rng) : mixedGoal(graph, rng);
        const skills: HouseholdSkillSet = !oracle && rng.bool(0.3) ? 'full' : 'virtualhome';
        const result = planForGoal({ state: graph, goal, skills, verify: false });
        const label = `${kind} ${JSON.stringify(goal)} (${skills})`;
        if (!result.solved) {
          if (oracle) failures.push(`${label}: unsolved: ${result.reason}`);
          continue;
        }
        if (!oracle) solvedMixed++;
        const { graph: after, error } = replay(graph, result.skills, skills);
        if (error) failures.push(`${label}: ${error}`);
        else if (!holds(goal, after)) failures.push(`${label}: the goal does not hold after the plan`);
      }
      expect(failures).toEqual([]);
      expect(solvedMixed).toBeGreaterThan(0);
    });
  }
});
