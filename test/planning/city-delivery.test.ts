import { describe, expect, it } from 'vitest';
import { planDelivery } from '../../src/planning/city/delivery.js';
import { buildingClass, goodsClass } from '../../src/sim/catalog/index.js';
import { citySkillSet } from '../../src/sim/city/index.js';
import { and, edge, exists, forall, v } from '../../src/sim/conditions.js';
import type { EnvGraph } from '../../src/sim/graph.js';
import { loadHome } from '../../src/sim/scenes/index.js';
import { executeSkill, roomPairs } from '../../src/sim/skill-sets.js';

const idOf = (graph: EnvGraph, className: string) => [...graph.idsOfClass(className)][0];

describe('the city planner', () => {
  it('plans deliveries over the road graph, and the plan runs', () => {
    for (const spec of ['downtown', 'gen-city:5']) {
      const graph = loadHome(spec).graph.clone();
      const skills = citySkillSet(loadHome(spec).graph);
      const goal = and(
        edge(idOf(graph, goodsClass('red')), 'INSIDE', idOf(graph, buildingClass('blue'))),
        edge(idOf(graph, goodsClass('yellow')), 'INSIDE', idOf(graph, buildingClass('purple'))),
        edge(idOf(graph, goodsClass('black')), 'INSIDE', idOf(graph, buildingClass('red'))),
      );
      const plan = planDelivery({ graph, goal, skills, characterId: graph.characterId() });
      expect(plan, spec).toBeDefined();
      expect(plan!.filter((s) => s.action === 'unload').length).toBe(3);
      const adjacent = roomPairs(graph);
      for (const skill of plan!) {
        expect(executeSkill(graph, graph.characterId(), skill, skills, adjacent).success, JSON.stringify(skill)).toBe(
          true,
        );
      }
      expect(planDelivery({ graph, goal, skills, characterId: graph.characterId() })).toEqual([]);
    }
  });

  it("reads the texts' readings (every goods of a class in some building of a class), and refuses other goals", () => {
    const graph = loadHome('harbour').graph.clone();
    const skills = citySkillSet(loadHome('harbour').graph);
    const goal = forall(
      'x',
      [goodsClass('green')],
      exists('h', [buildingClass('white')], edge(v('x'), 'INSIDE', v('h'))),
    );
    const plan = planDelivery({ graph, goal, skills, characterId: graph.characterId() });
    expect(plan?.at(-1)).toEqual({
      action: 'unload',
      objects: [idOf(graph, goodsClass('green')), idOf(graph, buildingClass('white'))],
    });
    const lost = planDelivery({
      graph,
      goal,
      skills,
      characterId: graph.characterId(),
      exclude: [idOf(graph, goodsClass('green'))],
    });
    expect(lost).toBeUndefined();
    expect(
      planDelivery({ graph, goal: { kind: 'state', node: 1, state: 'ON' }, skills, characterId: graph.characterId() }),
    ).toBeUndefined();
  });
});
