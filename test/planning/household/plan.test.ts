/**
 * planForGoal end to end: every solved plan is replayed here (through the benchmark's EpisodeWorld for the
 * 'virtualhome' and 'alfred' skills, through the simulator for 'full') and must reach the goal; what cannot be planned comes back
 * as solved: false with a reason.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type HouseholdPlanRequest, planForGoal, relevantObjects } from '../../../src/planning/household/index.js';
import {
  and,
  type Condition,
  edge,
  exists,
  forall,
  held,
  holds,
  isIn,
  not,
  or,
  v,
} from '../../../src/sim/conditions.js';
import type { EnvGraph } from '../../../src/sim/graph.js';
import { graphToJson } from '../../../src/sim/graph-io.js';
import { loadHome } from '../../../src/sim/scenes/homes.js';
import { replay } from './helpers.js';

let cottage: EnvGraph;
const id = (className: string, index = 0) => cottage.idsOfClass(className)[index];

beforeAll(() => {
  cottage = loadHome('cottage').graph;
});

/** Plans, checks the state was not touched, replays the plan and checks the goal holds after it. */
function solve(request: HouseholdPlanRequest) {
  const before = JSON.stringify(graphToJson(request.state));
  const result = planForGoal(request);
  expect(JSON.stringify(graphToJson(request.state))).toBe(before);
  expect(result.reason).toBeUndefined();
  expect(result.solved).toBe(true);
  expect(result.cost).toBe(result.skills.length);
  expect(holds(request.goal, request.state)).toBe(false);
  const { graph, error } = replay(request.state, result.skills, request.skills ?? 'virtualhome');
  expect(error).toBeUndefined();
  expect(holds(request.goal, graph)).toBe(true);
  return result;
}

describe('goals of every kind on a built-in home', () => {
  const goals: [string, () => Condition][] = [
    ['state', () => isIn(id('tv'), 'ON')],
    ['state in another room', () => isIn(id('computer'), 'ON')],
    ['edge ON', () => edge(id('remotecontrol'), 'ON', id('sofa'))],
    ['edge from a closed container', () => edge(id('mug', 1), 'ON', id('kitchentable'))],
    ['edge INSIDE', () => edge(id('apple'), 'INSIDE', id('fridge'))],
    ['held', () => held(id('book'))],
    ['not', () => not(isIn(id('fridge'), 'CLOSED'))],
    ['and', () => and(isIn(id('tv'), 'ON'), edge(id('mug'), 'ON', id('coffeetable')))],
    ['or', () => or(isIn(id('computer'), 'ON'), isIn(id('radio'), 'ON'))],
    ['exists', () => exists('m', 'mug', edge(v('m'), 'ON', id('coffeetable')))],
    ['forall', () => forall('l', 'light', isIn(v('l'), 'OFF'))],
  ];
  for (const [kind, goal] of goals) {
    it(`${kind}: the plan runs through the benchmark's skills and reaches the goal`, () => {
      solve({ state: cottage, goal: goal() });
    });
  }

  it('or: takes the cheaper alternative', () => {
    // The radio is in the character's room, the computer is not.
    const result = solve({ state: cottage, goal: or(isIn(id('computer'), 'ON'), isIn(id('radio'), 'ON')) });
    expect(result.skills.at(-1)).toEqual({ action: 'switchon', objects: [id('radio')] });
  });

  it('a goal that already holds needs no skill', () => {
    const result = planForGoal({ state: cottage, goal: isIn(id('tv'), 'OFF') });
    expect(result).toMatchObject({ solved: true, skills: [], cost: 0 });
  });
});

describe('skill sets', () => {
  it("'full' plans with actions the B.1 skills lack, 'virtualhome' says it cannot", () => {
    // Pruning keeps what the goal names: the sofa.
    const goal = exists('s', 'sofa', edge(cottage.characterId(), 'ON', v('s')));
    const full = solve({ state: cottage, goal, skills: 'full' });
    // Sitting or lying on the sofa: neither is a B.1 skill.
    expect(full.skills.at(-1)?.action).toMatch(/^(sit|lie)$/);
    const restricted = planForGoal({ state: cottage, goal });
    expect(restricted.solved).toBe(false);
    expect(restricted.reason).toMatch(/no sequence of 'virtualhome' skills/);
  });

  it("'full' names actions by their script names (put is putback) and may walk anywhere in one step", () => {
    const goal = edge(id('book'), 'ON', id('nightstand'));
    const vh = solve({ state: cottage, goal });
    const full = solve({ state: cottage, goal, skills: 'full' });
    expect(vh.skills.map((s) => s.action)).toContain('put');
    expect(full.skills.map((s) => s.action)).toContain('putback');
    expect(full.skills.map((s) => s.action)).not.toContain('put');
    // B.1 walks room by room; the full WALK goes straight to the object.
    expect(full.cost).toBeLessThan(vh.cost);
  });
});

describe("'alfred': ALFRED's skills (B.2) planned under their restrictions", () => {
  it('carries one thing at a time where the B.1 plan takes two in two hands', () => {
    const goal = and(edge(id('book'), 'ON', id('sofa')), edge(id('book', 1), 'ON', id('sofa')));
    const twoHands = solve({ state: cottage, goal });
    expect(twoHands.skills.map((s) => s.action).join(' ')).toContain('grab grab');
    // ALFRED does not offer the second pickup: what the benchmark's ALFRED agents ran into when planned as B.1.
    expect(replay(cottage, twoHands.skills, 'alfred').error).toMatch(/step \d+ pickup\(\d+\) is not among the offered/);
    const oneHand = solve({ state: cottage, goal, skills: 'alfred' });
    expect(oneHand.skills.map((s) => s.action).join(' ')).not.toContain('grab grab');
  });

  it("plans put only where ALFRED's put lands on the receptacle, and putin only where it lands inside", () => {
    // A bookshelf has a surface and does not open: ALFRED's put leaves a plate on it, never in it.
    const inShelf = edge(id('plate'), 'INSIDE', id('bookshelf'));
    expect(solve({ state: cottage, goal: inShelf }).skills.at(-1)?.action).toBe('putin');
    expect(planForGoal({ state: cottage, goal: inShelf, skills: 'alfred' })).toMatchObject({ solved: false });
    expect(
      solve({ state: cottage, goal: edge(id('plate'), 'ON', id('bookshelf')), skills: 'alfred' }).skills.at(-1)?.action,
    ).toBe('put');
    // A cabinet opens: ALFRED's put leaves the plate inside, so the plan says putin, and on top is out of reach.
    const inCabinet = solve({ state: cottage, goal: edge(id('plate'), 'INSIDE', id('cabinet')), skills: 'alfred' });
    expect(inCabinet.skills.at(-1)?.action).toBe('putin');
    const onCabinet = edge(id('plate'), 'ON', id('cabinet'));
    expect(solve({ state: cottage, goal: onCabinet }).skills.at(-1)?.action).toBe('put');
    expect(planForGoal({ state: cottage, goal: onCabinet, skills: 'alfred' })).toMatchObject({ solved: false });
  });
});

describe('exclusion and hypothetical objects', () => {
  it('an excluded instance is never named; the plan uses another', () => {
    const goal = exists('m', 'mug', edge(v('m'), 'ON', id('coffeetable')));
    const free = solve({ state: cottage, goal });
    const used = free.skills.find((s) => s.action === 'grab')!.objects[0];
    const result = solve({ state: cottage, goal, exclude: [used] });
    expect(result.skills.flatMap((s) => s.objects)).not.toContain(used);
  });

  it('excluding the only way makes the goal unreachable, with a reason', () => {
    const result = planForGoal({ state: cottage, goal: isIn(id('tv'), 'ON'), exclude: [id('tv')] });
    expect(result.solved).toBe(false);
    expect(result.reason).toMatch(/no sequence/);
  });

  it('plans through a hypothetical object (a dummy instance of an unseen class)', () => {
    const dummy = 100_000;
    const request: HouseholdPlanRequest = {
      state: cottage,
      goal: edge(dummy, 'ON', id('kitchentable')),
      extraObjects: [
        { id: dummy, className: 'cup', properties: ['GRABBABLE'], room: id('bedroom'), on: id('nightstand') },
      ],
    };
    const result = planForGoal(request);
    expect(result.solved).toBe(true);
    expect(result.skills).toContainEqual({ action: 'grab', objects: [dummy] });
    expect(cottage.has(dummy)).toBe(false);
    // Without the dummy the goal names an object the state lacks: unsolved, not a throw.
    const without = planForGoal({ ...request, extraObjects: [] });
    expect(without.solved).toBe(false);
    expect(without.reason).toMatch(/lacks/);
  });

  it('a hypothetical object that clashes with a node is an input error', () => {
    expect(() =>
      planForGoal({
        state: cottage,
        goal: isIn(id('tv'), 'ON'),
        extraObjects: [{ id: id('tv'), className: 'tv' }],
      }),
    ).toThrow(/already a node/);
  });
});

describe('unreachable goals and limits', () => {
  it('returns solved: false with a reason, never throws', () => {
    const cases: [Condition, RegExp][] = [
      [isIn(id('apple'), 'ON'), /no sequence/], // no switch
      [and(isIn(id('tv'), 'ON'), isIn(id('tv'), 'OFF')), /no sequence/],
      [edge(id('tv'), 'INSIDE', id('fridge')), /no sequence/], // not grabbable
      [isIn(999_999, 'ON'), /lacks/],
    ];
    for (const [goal, reason] of cases) {
      const result = planForGoal({ state: cottage, goal });
      expect(result.solved).toBe(false);
      expect(result.skills).toEqual([]);
      expect(result.reason).toMatch(reason);
    }
  });

  it('a state limit stops the search with a reason', () => {
    const goal = forall('l', 'light', isIn(v('l'), 'OFF'));
    const result = planForGoal({ state: cottage, goal, maxStates: 3 });
    expect(result.solved).toBe(false);
    expect(result.reason).toMatch(/state limit \(3\)/);
  });
});

describe('search and pruning', () => {
  const goals = (): Condition[] => [
    and(isIn(id('tv'), 'ON'), edge(id('mug'), 'ON', id('coffeetable'))),
    forall('l', 'light', isIn(v('l'), 'OFF')),
    edge(id('mug', 1), 'ON', id('kitchentable')),
    and(held(id('book')), isIn(id('computer'), 'ON')),
  ];

  it('A* with h_max finds plans no longer than lazy greedy search', () => {
    for (const goal of goals()) {
      const greedy = solve({ state: cottage, goal });
      const optimal = solve({ state: cottage, goal, search: 'astar-hmax' });
      expect(optimal.cost).toBeLessThanOrEqual(greedy.cost);
    }
  });

  it('pruning keeps a few objects of a generated home, and its plans stay valid', () => {
    // (Planning over a whole home takes tens of seconds to ground: perf/household.ts measures it.)
    for (const spec of ['gen:5', 'gen:6', 'gen:7']) {
      const home = loadHome(spec).graph;
      const tv = home.idsOfClass('tv')[0];
      const table = home.idsOfClass('kitchentable')[0];
      const mug = home.idsOfClass('mug').find((m) => !home.hasEdge(m, 'ON', table))!;
      const nodes = [...home.nodes()].length;
      for (const goal of [isIn(tv, home.hasState(tv, 'ON') ? 'OFF' : 'ON'), edge(mug, 'ON', table)]) {
        const pruned = solve({ state: home, goal });
        expect(pruned.stats.objects).toBeLessThan(nodes / 4);
      }
    }
  });

  it('keeps what lies on a seat (SIT and LIE count it), so that a plan does not sit on a full one', () => {
    const sofa = id('sofa');
    const occupants = [...cottage.sources(sofa, 'ON')];
    expect(occupants.length).toBeGreaterThan(0);
    const kept = relevantObjects(cottage, cottage.characterId(), edge(cottage.characterId(), 'ON', sofa));
    expect(kept).toEqual(expect.arrayContaining(occupants));
  });

  it('keep adds objects to the pruned problem', () => {
    const goal = isIn(id('tv'), 'ON');
    const base = planForGoal({ state: cottage, goal });
    const kept = planForGoal({ state: cottage, goal, keep: [id('apple'), id('fridge')] });
    expect(kept.stats.objects).toBeGreaterThan(base.stats.objects);
    expect(kept.solved).toBe(true);
  });
});
