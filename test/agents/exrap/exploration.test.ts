import { describe, expect, it } from 'vitest';
import { binaryEntropy } from '../../../src/agents/exrap/entropy.js';
import {
  distanceNormaliser,
  InformationExplorationPlanner,
  queryTargets,
} from '../../../src/agents/exrap/exploration.js';
import { integrate, PAPER_WEIGHTS } from '../../../src/agents/exrap/integration.js';
import type { QueryEvaluation } from '../../../src/agents/exrap/roles.js';
import type { Quadruple } from '../../../src/memory/quadruple.js';
import type { Skill } from '../../../src/sim/skill.js';
import { ALFRED_SKILLS, type SkillSet, VIRTUALHOME_SKILLS } from '../../../src/sim/skill-sets.js';
import { newMemory, see, stepOf, tvInterpretation } from './helpers.js';

const quad = (source: string, relation: Quadruple['relation'], target: string, t: number): Quadruple => ({
  source,
  relation,
  target,
  t,
});

describe('InformationExplorationPlanner (eq. 11)', () => {
  // The same example in ALFRED's skills: a goto moves the agent as a walk does (before, only a skill named walk did,
  // so an ALFRED agent saw no value in going anywhere and never looked for what it had not seen).
  for (const [skills, walk] of [
    [VIRTUALHOME_SKILLS, 'walk'],
    [ALFRED_SKILLS, 'goto'],
  ] as const) {
    it(`matches a hand-computed example (${skills.name} skills)`, () => {
      handComputedExample(skills, walk);
    });
  }

  it('is zero everywhere when every query is certain', () => {
    const memory = newMemory();
    memory.ingest(see(0, 'livingroom.3', ['tv.10 is off', 'tv.10 inside livingroom.3']));
    const interpretation = tvInterpretation();
    const sure: QueryEvaluation = {
      query: interpretation.queries[0],
      p: 1,
      entropy: 0,
      prior: 1,
      reused: false,
      retrieved: [quad('tv.10', 'is', 'off', 0)],
    };
    const values = new InformationExplorationPlanner().values(
      stepOf(memory, interpretation, 1),
      [sure],
      [{ action: 'walk', objects: [2] }],
    );
    expect([...values]).toEqual([0]);
  });
});

describe('target groups of a query', () => {
  it('share the query entropy by the age of their evidence, so the stale instance draws the agent', () => {
    // Two TVs: one in the bedroom seen at step 0, one in the kitchen seen at step 9; the agent stands in the living
    // room between them at step 10, both one room away.
    const memory = newMemory();
    memory.ingest(see(0, 'bedroom.4', ['tv.10 is off', 'tv.10 inside bedroom.4']));
    memory.ingest(see(9, 'kitchen.2', ['tv.11 is off', 'tv.11 inside kitchen.2']));
    memory.ingest(see(10, 'livingroom.3', []));
    const interpretation = tvInterpretation();
    const evaluation: QueryEvaluation = {
      query: interpretation.queries[0],
      p: 0.7,
      entropy: binaryEntropy(0.7),
      prior: 0.7,
      reused: false,
      retrieved: [
        quad('tv.10', 'is', 'off', 0),
        quad('tv.11', 'is', 'off', 9),
        quad('tv.11', 'inside', 'kitchen.2', 9),
      ],
    };
    expect(queryTargets(evaluation, memory)).toEqual([
      { entities: ['tv.10'], weight: expect.closeTo(10 / 11, 12) },
      { entities: ['tv.11'], weight: expect.closeTo(1 / 11, 12) },
    ]);
    const walkKitchen: Skill = { action: 'walk', objects: [2] };
    const walkBedroom: Skill = { action: 'walk', objects: [4] };
    const [kitchen, bedroom] = new InformationExplorationPlanner().values(
      stepOf(memory, interpretation, 10),
      [evaluation],
      [walkKitchen, walkBedroom],
    );
    expect(bedroom).toBeGreaterThan(kitchen);
  });
});

describe('integration (eq. 12)', () => {
  it('weighs exploitation 0.01 (in percent) and exploration 1.0', () => {
    // 0.01 * 100 * 0.1 + 0.1 = 0.2 against 0.3: exploration wins
    const choice = integrate([0.1, 0, 0], [0.1, 0.3, 0.105], PAPER_WEIGHTS);
    expect([...choice.scores]).toEqual([0.2, 0.3, 0.105].map((x) => expect.closeTo(x, 12)));
    expect(choice.index).toBe(1);
    // a sure next step (v_R = 1) outweighs any difference in exploration value on [0, 1)
    expect(integrate([1, 0, 0], [0.1, 0.9, 0.105], PAPER_WEIGHTS).index).toBe(0);
    // without the percent scale the paper's weights leave exploitation a tie-break
    expect(integrate([1, 0, 0], [0.1, 0.2, 0.105], PAPER_WEIGHTS, 1).index).toBe(1);
  });

  it('breaks ties by exploitation value, then by candidate order', () => {
    // 0.3 against 0.005 + 0.295: equal scores, the higher exploitation value wins
    expect(integrate([0, 0.005], [0.3, 0.295], PAPER_WEIGHTS).index).toBe(1);
    expect(integrate([0, 0, 0], [0.2, 0.2, 0.2]).index).toBe(0);
    expect(integrate([0, 1, 1], undefined).index).toBe(1);
  });
});

/** Eq. 11 by hand on three rooms, the candidates named as the skill set names them. */
function handComputedExample(skills: SkillSet, walk: string): void {
  // kitchen.2 - livingroom.3 - bedroom.4; the TV was seen in the living room at step 0, the agent is in the kitchen.
  const memory = newMemory();
  memory.ingest(see(0, 'livingroom.3', ['tv.10 is off', 'tv.10 inside livingroom.3']));
  memory.ingest(see(1, 'kitchen.2', ['fridge.20 is closed', 'fridge.20 inside kitchen.2']));
  const interpretation = tvInterpretation();
  const [query] = interpretation.queries;
  const h = binaryEntropy(0.8);
  const uncertain: QueryEvaluation = {
    query,
    p: 0.8,
    entropy: h,
    prior: 0.8,
    reused: true,
    retrieved: [quad('tv.10', 'is', 'off', 0), quad('tv.10', 'inside', 'livingroom.3', 0)],
  };
  const sure: QueryEvaluation = { ...uncertain, p: 1, entropy: 0, prior: 1 };
  const candidates: Skill[] = [
    { action: walk, objects: [3] },
    { action: walk, objects: [20] },
    { action: 'open', objects: [20] },
    { action: walk, objects: [4] },
  ];
  // N = room diameter (2) + 4
  expect(distanceNormaliser(memory)).toBe(6);
  // The query is about tv.10 (out of view: seen at step 0): d = 1 + hops from the nearest link, c = (1 - d/6)^2.
  // standing in the kitchen: kitchen -> livingroom -> tv.10 is 2 hops, d = 3, c = 1/4 (no skill scores less)
  // walk livingroom: links {livingroom}: d = 2, c = 4/9
  // walk fridge: links {kitchen, fridge}: d = 3, 1/4; open fridge: 1/4; walk bedroom: bedroom -> livingroom -> tv.10,
  //   d = 3, 1/4
  // two queries, one sure: divided by |Q| = 2
  const values = new InformationExplorationPlanner().values(
    { ...stepOf(memory, interpretation, 2), skills },
    [uncertain, sure],
    candidates,
  );
  expect([...values].map((x) => x / h)).toEqual([2 / 9, 1 / 8, 1 / 8, 1 / 8].map((x) => expect.closeTo(x, 12)));
}
