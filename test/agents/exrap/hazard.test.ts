import { describe, expect, it } from 'vitest';
import { binaryEntropy } from '../../../src/agents/exrap/entropy.js';
import {
  conditionProbability,
  conditionValue,
  type Evidence,
  EvidenceBase,
} from '../../../src/agents/exrap/evidence.js';
import { HazardModel, predicateOf } from '../../../src/agents/exrap/hazard.js';
import type { Quadruple } from '../../../src/memory/quadruple.js';
import { Tekg } from '../../../src/memory/tekg.js';
import { and, edge, exists, forall, held, isIn, not, v } from '../../../src/sim/conditions.js';
import { AGENT, see } from './helpers.js';

describe('hazard model', () => {
  it('names predicates by state pair and placement', () => {
    expect(predicateOf({ relation: 'is', target: 'on' })).toBe('state:off/on');
    expect(predicateOf({ relation: 'is', target: 'off' })).toBe('state:off/on');
    expect(predicateOf({ relation: 'is', target: 'closed' })).toBe('state:closed/open');
    expect(predicateOf({ relation: 'is', target: 'sitting' })).toBe('state:sitting');
    expect(predicateOf({ relation: 'on', target: 'table.3' })).toBe('placement');
    expect(predicateOf({ relation: 'adjacent', target: 'kitchen.2' })).toBeUndefined();
  });

  it('counts exposure between sightings and a change at the midpoint of its interval (posterior means by hand)', () => {
    const tekg = new Tekg();
    const hazard = new HazardModel({ priorRate: 0.02, priorExposure: 50, classPriorExposure: 25 });
    const room = 'livingroom.3';
    hazard.observe(tekg.update(see(0, room, ['tv.10 is on'])), AGENT);
    hazard.observe(tekg.update(see(10, room, ['tv.10 is on'])), AGENT); // 10 steps unchanged
    hazard.observe(tekg.update(see(20, room, ['tv.10 is off'])), AGENT); // changed in (10, 20]: 5 more steps, 1 change
    // pooled: (0.02 * 50 + 1) / (50 + 15) = 2 / 65; class: (2/65 * 25 + 1) / (25 + 15)
    const pooled = 2 / 65;
    expect(hazard.predicateRate('state:off/on')).toBeCloseTo(pooled, 12);
    expect(hazard.rate('tv', 'state:off/on')).toBeCloseTo((pooled * 25 + 1) / 40, 12);
    // a class never seen falls back on the pooled rate
    expect(hazard.rate('radio', 'state:off/on')).toBeCloseTo(pooled, 12);
    expect(hazard.survival({ source: 'tv.10', relation: 'is', target: 'off' }, 7)).toBeCloseTo(
      Math.exp(-7 * ((pooled * 25 + 1) / 40)),
      12,
    );
  });

  it('does not count the changes the agent made itself', () => {
    const tekg = new Tekg();
    const hazard = new HazardModel({ priorRate: 0.02, priorExposure: 50 });
    hazard.observe(tekg.update(see(0, 'livingroom.3', ['tv.10 is off'])), AGENT);
    hazard.observe(tekg.update(see(4, 'livingroom.3', ['tv.10 is on'])), AGENT, new Set(['tv.10']));
    // exposure 2 (midpoint), no change
    expect(hazard.predicateRate('state:off/on')).toBeCloseTo(1 / 52, 12);
  });

  it('a move removes two placements but counts one change', () => {
    const tekg = new Tekg();
    const hazard = new HazardModel({ priorRate: 0.02, priorExposure: 50 });
    hazard.observe(tekg.update(see(0, 'kitchen.2', ['mug.5 on table.6', 'mug.5 inside kitchen.2'])), AGENT);
    hazard.observe(tekg.update(see(2, 'kitchen.2', ['mug.5 on counter.7', 'mug.5 inside kitchen.2'])), AGENT);
    const rec = hazard.records().find((r) => r.className === 'mug');
    expect(rec).toMatchObject({ predicate: 'placement', changes: 1, exposure: 1 });
  });

  it('pools only the instructed classes once poolOver is set: static furniture does not slow a towel down', () => {
    const tekg = new Tekg();
    const hazard = new HazardModel({ priorRate: 0.02, priorExposure: 50, classPriorExposure: 25 });
    hazard.poolOver(['mug', 'towel']);
    const room = 'kitchen.2';
    hazard.observe(tekg.update(see(0, room, ['sofa.8 on floor.9', 'mug.5 on table.6'])), AGENT);
    hazard.observe(tekg.update(see(100, room, ['sofa.8 on floor.9', 'mug.5 on table.6'])), AGENT);
    // pooled over the mug only: (0.02 * 50 + 0) / (50 + 100); the sofa's 100 steps count for the sofa alone
    const pooled = 1 / 150;
    expect(hazard.predicateRate('placement')).toBeCloseTo(pooled, 12);
    expect(hazard.rate('towel', 'placement')).toBeCloseTo(pooled, 12);
    expect(hazard.rate('sofa', 'placement')).toBeCloseTo((pooled * 25) / 125, 12);
    // without the restriction the sofa's exposure enters the pool too
    const all = new HazardModel({ priorRate: 0.02, priorExposure: 50, classPriorExposure: 25 });
    const tekg2 = new Tekg();
    all.observe(tekg2.update(see(0, room, ['sofa.8 on floor.9', 'mug.5 on table.6'])), AGENT);
    all.observe(tekg2.update(see(100, room, ['sofa.8 on floor.9', 'mug.5 on table.6'])), AGENT);
    expect(all.predicateRate('placement')).toBeCloseTo(1 / 250, 12);
  });
});

const still = { survival: () => 1 };

function evidence(facts: Quadruple[], extra: Partial<Evidence> = {}): Evidence {
  return { facts, removed: [], agentFacts: [], agent: AGENT, rooms: new Set(['kitchen.2', 'livingroom.3']), ...extra };
}
const q = (source: string, relation: Quadruple['relation'], target: string, t: number): Quadruple => ({
  source,
  relation,
  target,
  t,
});

describe('reading a condition from evidence', () => {
  it('an atom decays from its observed value toward 1/2 with the survival', () => {
    const half = { survival: (_f: unknown, age: number) => 0.5 ** (age / 10) };
    const offNow = conditionProbability(
      exists('t', 'tv', isIn(v('t'), 'OFF')),
      evidence([q('tv.1', 'is', 'off', 10)]),
      10,
      half,
    );
    expect(offNow.p).toBe(1);
    const offOld = conditionProbability(
      exists('t', 'tv', isIn(v('t'), 'OFF')),
      evidence([q('tv.1', 'is', 'off', 10)]),
      20,
      half,
    );
    expect(offOld.p).toBeCloseTo(0.5 + 0.5 * 0.5, 12);
    const onOld = conditionProbability(
      exists('t', 'tv', isIn(v('t'), 'OFF')),
      evidence([q('tv.1', 'is', 'on', 10)]),
      20,
      half,
    );
    expect(onOld.p).toBeCloseTo(0.5 - 0.5 * 0.5, 12);
    expect(onOld.support).toEqual(['(tv.1, is, on, 10)']);
    expect(onOld.newest).toBe(10);
  });

  it('without evidence a quantifier is the uninformed 1/2', () => {
    const r = conditionProbability(
      exists('t', 'tv', isIn(v('t'), 'OFF')),
      evidence([q('mug.2', 'on', 'table.3', 0)]),
      0,
      still,
    );
    expect(r.p).toBe(0.5);
    expect(r.support).toEqual([]);
  });

  it('placements: elsewhere contradicts, the room does not contradict a piece of furniture, removal is evidence', () => {
    const onTable = exists('m', 'mug', exists('c', 'coffeetable', edge(v('m'), 'ON', v('c'))));
    const seen = evidence([
      q('mug.2', 'on', 'kitchentable.4', 3),
      q('mug.2', 'inside', 'kitchen.2', 3),
      q('coffeetable.9', 'inside', 'livingroom.3', 1),
    ]);
    expect(conditionProbability(onTable, seen, 3, still).p).toBe(0);
    const onlyRoom = evidence([q('mug.2', 'inside', 'kitchen.2', 3), q('coffeetable.9', 'inside', 'livingroom.3', 1)]);
    expect(conditionProbability(onTable, onlyRoom, 3, still).p).toBe(0.5);
    const gone = evidence([q('coffeetable.9', 'inside', 'livingroom.3', 1)], {
      removed: [{ quadruple: q('mug.2', 'on', 'coffeetable.9', 2), at: 5 }],
    });
    const r = conditionProbability(onTable, gone, 5, still);
    expect(r.p).toBe(0);
    // the coffee table the quantifier ranged over is read too
    expect(r.support).toEqual([
      '(coffeetable.9, inside, livingroom.3, 1)',
      'removed (mug.2, on, coffeetable.9, 2) at 5',
    ]);
    // "the mug should always be on the coffee table": the query is the negation
    expect(conditionProbability(not(onTable), gone, 5, still).p).toBe(1);
  });

  it('a host first seen after its object is new evidence: the query is read again, not left at its prior', () => {
    // "take the goods from the green building to the white building": the goods seen at step 10 in the green
    // building, the white building first at step 12. Its fact is part of what the reading read, and it is from now.
    const half = { survival: (_f: unknown, age: number) => 0.5 ** (age / 10) };
    const query = not(forall('x', 'greengoods', exists('h', 'whitebuilding', edge(v('x'), 'INSIDE', v('h')))));
    const before = conditionProbability(
      query,
      evidence([q('greengoods.82', 'inside', 'greenbuilding.74', 10)]),
      11,
      half,
    );
    expect(before.p).toBe(0.5);
    expect(before.newest).toBe(10);
    const seen = evidence([
      q('greengoods.82', 'inside', 'greenbuilding.74', 10),
      q('whitebuilding.77', 'inside', 'road.4', 12),
    ]);
    const after = conditionProbability(query, seen, 12, half);
    expect(after.newest).toBe(12);
    expect(after.support).toContain('(whitebuilding.77, inside, road.4, 12)');
    // the goods elsewhere two steps ago: not in the white building with P 1 - (1/2 - 1/2 * 0.5 ** 0.2)
    expect(after.p).toBeCloseTo(1 - (0.5 - 0.5 * 0.5 ** 0.2), 12);
  });

  it('held objects come from the agent facts and are certain', () => {
    const facts = evidence([], { agentFacts: [q(AGENT, 'holds_rh', 'mug.2', 4)] });
    expect(conditionProbability(exists('m', 'mug', held(v('m'))), facts, 9, still).p).toBe(1);
  });

  it('combines atoms as independent events', () => {
    const half = { survival: () => 0 };
    const facts = evidence([q('tv.1', 'is', 'off', 0), q('tv.2', 'is', 'off', 0)]);
    // every atom decays fully to 1/2: exists over two = 1 - 1/4, forall = 1/4, and of two = 1/4
    expect(conditionProbability(exists('t', 'tv', isIn(v('t'), 'OFF')), facts, 5, half).p).toBeCloseTo(0.75, 12);
    expect(conditionProbability(forall('t', 'tv', isIn(v('t'), 'OFF')), facts, 5, half).p).toBeCloseTo(0.25, 12);
    expect(conditionProbability(and(isIn(1, 'OFF'), isIn(2, 'OFF')), facts, 5, half).p).toBeCloseTo(0.25, 12);
    expect(binaryEntropy(0.5)).toBe(1);
  });

  it('a variable bound again inside its own scope is back to the outer binding after it', () => {
    // "some mug on coffee table 9, and some tv off" with both quantifiers over ?x: the placement after the inner
    // quantifier reads the mug, not a tv.
    const facts = evidence([
      q('mug.2', 'on', 'coffeetable.9', 4),
      q('coffeetable.9', 'inside', 'livingroom.3', 1),
      q('tv.1', 'is', 'off', 4),
    ]);
    const condition = exists('x', 'mug', and(exists('x', 'tv', isIn(v('x'), 'OFF')), edge(v('x'), 'ON', 9)));
    expect(conditionProbability(condition, facts, 4, still).p).toBe(1);
  });

  it('reads the same P without the support as with it (the refinement responses)', () => {
    const half = { survival: (_f: unknown, age: number) => 0.5 ** (age / 10) };
    const facts = evidence(
      [
        q('mug.2', 'on', 'kitchentable.4', 3),
        q('coffeetable.9', 'inside', 'livingroom.3', 1),
        q('tv.1', 'is', 'on', 2),
      ],
      { removed: [{ quadruple: q('mug.5', 'on', 'coffeetable.9', 2), at: 6 }] },
    );
    const conditions = [
      exists('m', 'mug', exists('c', 'coffeetable', edge(v('m'), 'ON', v('c')))),
      forall('m', 'mug', not(edge(v('m'), 'ON', 9))),
      and(isIn(1, 'ON'), exists('m', 'mug', held(v('m')))),
    ];
    const base = new EvidenceBase(facts);
    for (const condition of conditions) {
      const read = conditionProbability(condition, facts, 12, half);
      expect(read.support.length).toBeGreaterThan(0);
      expect(conditionValue(condition, facts.facts, base, 12, half)).toBe(read.p);
    }
  });
});
