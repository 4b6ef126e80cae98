/**
 * One source of truth, the other way round: the domain is compiled from the rule table the simulator runs, so a
 * change to a rule changes the domain and the plans. Here SWITCHON's rule also makes the object DIRTY (a made-up
 * rule); the domain follows, and the plan for "the TV is dirty" switches it on, which the (equally changed)
 * simulator confirms.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/sim/actions/rules.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/sim/actions/rules.js')>();
  const switchOn = original.ACTION_RULES.SWITCHON;
  if ('branch' in switchOn) throw new Error('SWITCHON is expected to have one body');
  return {
    ...original,
    ACTION_RULES: {
      ...original.ACTION_RULES,
      SWITCHON: { ...switchOn, effects: [...switchOn.effects, { effect: 'addState', of: 0, state: 'DIRTY' }] },
    },
  };
});

const { householdDomainText, planForGoal } = await import('../../../src/planning/household/index.js');
const { isIn } = await import('../../../src/sim/conditions.js');
const { loadHome } = await import('../../../src/sim/scenes/homes.js');

/** The text of one action schema of a domain. */
function actionText(domain: string, name: string): string {
  const start = domain.indexOf(`(:action ${name}\n`);
  expect(start).toBeGreaterThan(0);
  const next = domain.indexOf('(:action ', start + 1);
  return domain.slice(start, next < 0 ? undefined : next);
}

describe('a changed rule changes the domain', () => {
  it('compiles the new effect into switchon', () => {
    for (const skills of ['virtualhome', 'full'] as const) {
      const text = householdDomainText(skills);
      expect(actionText(text, 'switchon')).toContain('(is_dirty ?x0)');
      expect(actionText(text, 'switchoff')).not.toContain('is_dirty');
    }
  });

  it('plans with it, and the simulator, running the same table, reaches the goal', () => {
    const graph = loadHome('cottage').graph;
    const tv = graph.idsOfClass('tv')[0];
    expect(graph.hasState(tv, 'DIRTY')).toBe(false);
    const result = planForGoal({ state: graph, goal: isIn(tv, 'DIRTY') });
    expect(result.reason).toBeUndefined();
    expect(result.solved).toBe(true);
    expect(result.skills.at(-1)).toEqual({ action: 'switchon', objects: [tv] });
  });
});
