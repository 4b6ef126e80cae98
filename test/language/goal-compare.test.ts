import { describe, expect, it } from 'vitest';
import { readsAsGold } from '../../src/language/goal-compare.js';
import { parseGoal } from '../../src/sim/subgoal-text.js';
import type { SubgoalSpec } from '../../src/sim/subgoals.js';

const goal = (...lines: string[]) => ({
  subgoals: lines.map((line) => {
    const spec = parseGoal(line);
    if (typeof spec === 'string') throw new Error(spec);
    return spec;
  }),
});
const onOrIn = (g: { subgoals: SubgoalSpec[] }) => ({
  subgoals: g.subgoals.map((s) => (s.predicate === 'isPlacedTo' ? { ...s, placeAs: 'ON_OR_INSIDE' as const } : s)),
});

describe('readsAsGold', () => {
  const clean = onOrIn(goal('ladle isClean', 'ladle(isClean) isPlacedTo kitchencounter|bathroomcounter'));

  it('takes a placement carrying its states for the chain of subgoals, a class within the gold list', () => {
    expect(readsAsGold(goal('ladle(isClean) isPlacedTo kitchencounter'), clean)).toBe(true);
    expect(readsAsGold(goal('ladle isClean', 'ladle(isClean) isPlacedTo bathroomcounter'), clean)).toBe(true);
  });

  it('refuses another thing, another place, a state less or more, another count', () => {
    expect(readsAsGold(goal('spoon(isClean) isPlacedTo kitchencounter'), clean)).toBe(false);
    expect(readsAsGold(goal('ladle(isClean) isPlacedTo kitchentable'), clean)).toBe(false);
    expect(readsAsGold(goal('ladle isPlacedTo kitchencounter'), clean)).toBe(false);
    expect(readsAsGold(goal('ladle isClean', 'ladle isPlacedTo kitchencounter'), clean)).toBe(false);
    expect(readsAsGold(goal('ladle(isClean,isHeated) isPlacedTo kitchencounter'), clean)).toBe(false);
    expect(readsAsGold(goal('2 ladle(isClean) isPlacedTo kitchencounter'), clean)).toBe(false);
    expect(readsAsGold(goal('ladle(isClean) isPlacedTo kitchencounter|kitchentable'), clean)).toBe(false);
  });

  it('counts the largest count asked of a thing, and takes cooked food for heated food', () => {
    const heat = goal('2 apple isSliced', '2 apple(isSliced) isHeated', '2 apple(isSliced,isHeated) isPlacedTo fridge');
    expect(readsAsGold(goal('apple isSliced', '2 apple(isSliced,isCooked) isPlacedTo fridge'), heat)).toBe(true);
    expect(
      readsAsGold(goal('mug(isCooked) isPlacedTo fridge'), goal('mug isHeated', 'mug(isHeated) isPlacedTo fridge')),
    ).toBe(false);
  });

  it('asks for the same action goals', () => {
    const reading = { ...goal('candle isPlacedTo toilet'), actionGoals: [{ anyOf: [{ action: 'switchon' }] }] };
    expect(readsAsGold(reading, goal('candle isPlacedTo toilet'))).toBe(false);
    expect(
      readsAsGold({ ...goal('candle isPlacedTo toilet'), actionGoals: [] }, goal('candle isPlacedTo toilet')),
    ).toBe(true);
  });
});
