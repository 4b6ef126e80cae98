/**
 * The compiled domains: they compile without leaving a rule out for want of a translation, their text parses
 * again, and their skills are the skill sets' (the benchmark's VirtualHome skills; every state-changing action).
 */
import { describe, expect, it } from 'vitest';
import { VIRTUALHOME_SKILLS } from '../../../src/bench/environment.js';
import {
  HOUSEHOLD_SKILL_SETS,
  householdDomainInfo,
  householdDomainText,
  householdProblem,
} from '../../../src/planning/household/index.js';
import { parseDomain } from '../../../src/planning/index.js';
import { EXECUTABLE_ACTIONS } from '../../../src/sim/actions/names.js';
import { ACTION_RULES } from '../../../src/sim/actions/rules.js';
import { isIn } from '../../../src/sim/conditions.js';
import { loadHome } from '../../../src/sim/scenes/homes.js';

describe('the household domains', () => {
  for (const skills of HOUSEHOLD_SKILL_SETS) {
    it(`'${skills}' compiles every rule it takes and its text parses again`, () => {
      const info = householdDomainInfo(skills);
      expect(info.notCompiled).toEqual([]);
      const again = parseDomain(householdDomainText(skills), { file: 'again.pddl' });
      expect(again.actions.map((a) => a.name).sort()).toEqual([...info.actions.keys()].sort());
      expect([...again.predicates.keys()].sort()).toEqual([...info.domain.predicates.keys()].sort());
      expect(again.predicates.size).toBeGreaterThan(40);
    });
  }

  it("'virtualhome' has exactly the benchmark's skills", () => {
    const skills = new Set([...householdDomainInfo('virtualhome').actions.values()].map((a) => a.skill));
    expect([...skills].sort()).toEqual([...VIRTUALHOME_SKILLS.actions].sort());
  });

  it("'full' has every action with effects, once per rule body, and says why the rest are left out", () => {
    const info = householdDomainInfo('full');
    const skills = new Set([...info.actions.values()].map((a) => a.skill.toUpperCase()));
    const omitted = new Set(info.omitted.map((line) => line.slice(0, line.indexOf(':')).toUpperCase()));
    for (const action of EXECUTABLE_ACTIONS) {
      const rule = ACTION_RULES[action];
      const hasEffects = 'branch' in rule || rule.effects.length > 0;
      if (skills.has(action)) expect(hasEffects).toBe(true);
      else expect(omitted.has(action)).toBe(true);
    }
    expect(info.omitted).toContain('run: the rule body of walk');
  });

  it('the problem of a request is the PDDL planForGoal solves', () => {
    const graph = loadHome('cottage').graph;
    const tv = graph.idsOfClass('tv')[0];
    const problem = householdProblem({ state: graph, goal: isIn(tv, 'ON') });
    expect(problem.objects.map((o) => o.name)).toContain(`tv_${tv}`);
    expect(problem.goal).toEqual({ kind: 'atom', predicate: 'is_on', args: [{ kind: 'object', key: `tv_${tv}` }] });
    expect(problem.init).toContainEqual({ predicate: 'is_off', args: [`tv_${tv}`] });
  });
});
