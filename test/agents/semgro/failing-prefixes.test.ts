/**
 * The build's memory of conjunctions that do not run (`FailingPrefixes` in database/build.ts): a conjunction is not
 * run when it begins with the parts an earlier run failed within. What it skips must fail when run.
 */
import { describe, expect, it } from 'vitest';
import { type ChainRun, runChain, WENT_ROUND } from '../../../src/agents/semgro/chain.js';
import { FailingPrefixes } from '../../../src/agents/semgro/database/build.js';
import { type Primitive, parsePrimitive } from '../../../src/agents/semgro/primitives.js';
import { loadHome } from '../../../src/sim/scenes/homes.js';
import { roomPairs } from '../../../src/sim/skill-sets.js';

const failedAt = (index: number, text = 'refused'): ChainRun => ({
  ok: false,
  steps: [],
  rooms: [],
  seen: [],
  failed: { index, failure: { kind: 'unreachable', object: 'fridge', text } },
});

const chain = (...texts: string[]): Primitive[] => texts.map((t) => parsePrimitive(t)!);

describe('conjunctions known not to run', () => {
  // Parts of three primitives, a walk last in each.
  const part = chain('walk apple', 'grab apple', 'walk fridge');

  it('are those that begin with the parts a run failed within, up to the primitive after a failed walk', () => {
    const failing = new FailingPrefixes();
    failing.note([1, 2, 3], [part, part, part], failedAt(4)); // within the second part
    expect(failing.fails([1, 2, 9])).toBe(true);
    expect(failing.fails([1, 9, 2])).toBe(false);
    expect(failing.fails([2, 1, 3])).toBe(false);
    // A walk that fails last in the first part may have looked at the second part's first primitive.
    failing.note([5, 6], [part, part], failedAt(2));
    expect(failing.fails([5, 7])).toBe(false);
    expect(failing.fails([5, 6, 7])).toBe(true);
    failing.note([8, 9], [part, part], failedAt(1)); // a grab: no look ahead
    expect(failing.fails([8, 1])).toBe(true);
    expect(failing.fails([8, 1, 2])).toBe(true);
    // A failure in the last part marks the whole conjunction, which longer ones may begin with.
    failing.note([10, 11], [part, part], failedAt(4));
    expect(failing.fails([10, 11, 12])).toBe(true);
    expect(failing.fails([10, 12])).toBe(false);
    // A run that went round marks nothing: its limit of steps depends on the whole chain's length.
    failing.note([13, 14], [part, part], failedAt(1, WENT_ROUND));
    expect(failing.fails([13, 15])).toBe(false);
  });

  it('fail when run: what a failed first part marks fails with any part after it', () => {
    const graph = loadHome('cottage').graph;
    const character = graph.characterId();
    const options = { adjacent: roomPairs(graph) };
    const check = (primitives: Primitive[]) => graph.tryChanges((g) => runChain(g, character, primitives, options));
    // The fridge is closed in the cottage: a placement planned with it open fails there, at its put.
    const intoFridge = chain('walk kitchen', 'walk apple', 'grab apple', 'walk fridge', 'putin apple fridge');
    const onTable = chain(
      'walk kitchen',
      'walk bananas',
      'grab bananas',
      'walk kitchentable',
      'put bananas kitchentable',
    );
    expect(check(onTable).ok).toBe(true);
    const run = check(intoFridge);
    expect(run.failed?.index).toBe(4);
    const failing = new FailingPrefixes();
    failing.note([1, 2], [intoFridge, onTable], run);
    expect(failing.fails([1, 3])).toBe(true);
    expect(failing.fails([3, 1])).toBe(false);
    expect(check([...intoFridge, ...onTable]).ok).toBe(false);
    expect(check([...intoFridge, ...onTable, ...onTable]).ok).toBe(false);
  });
});
