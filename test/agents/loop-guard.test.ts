import { describe, expect, it } from 'vitest';
import {
  LoopGuard,
  observationFingerprint,
  repeatedCycles,
  trailingCycle,
  trailingRepeats,
} from '../../src/agents/loop-guard.js';
import type { Observation } from '../../src/sim/observation.js';

const seq = (text: string) => text.split(' ');

describe('cycles in a sequence', () => {
  it('counts the turns of the cycle the sequence ends with', () => {
    expect(trailingRepeats(seq('x A B A B A B'), 2)).toBe(3);
    expect(trailingRepeats(seq('A B A'), 2)).toBe(1);
    expect(trailingRepeats(seq('A B C A B C A B'), 3)).toBe(2); // C A B, twice
    expect(trailingRepeats(seq('A B C A B D'), 3)).toBe(1);
    expect(trailingRepeats(seq('A'), 2)).toBe(0);
    expect(trailingCycle(seq('x A B C A B C'))).toEqual({ start: 1, length: 3, repeats: 2 });
    expect(trailingCycle(seq('A B C D'))).toBeUndefined();
    // The shortest cycle wins a tie; a longer one is reported only when it turns more often.
    expect(trailingCycle(seq('A B A B A B A B'))).toEqual({ start: 0, length: 2, repeats: 4 });
  });

  it('finds every run of a cycle repeated more than a number of times, wherever it is', () => {
    const walk = seq('k l k l k l k l k l k l');
    expect(repeatedCycles(walk, 5)).toEqual([{ start: 0, length: 2, repeats: 6 }]);
    expect(repeatedCycles(walk.slice(1), 5)).toEqual([]);
    const microwave = ['w', ...Array.from({ length: 6 }, () => seq('open open close')).flat(), 'x', 'y'];
    expect(repeatedCycles(microwave, 5)).toEqual([{ start: 1, length: 3, repeats: 6 }]);
    // A run of one step repeated is a cycle of two (AA) taken half as often.
    expect(repeatedCycles(seq('A A A A A A A A A A A A'), 5)).toEqual([{ start: 0, length: 2, repeats: 6 }]);
    expect(repeatedCycles(seq('A B C D E F'), 0, { minLength: 2, maxLength: 2 })).toEqual([]);
  });
});

const observation = (roomId: number, states: string[] = []): Observation => ({
  characterId: 1,
  roomId,
  nodes: [
    { id: 1, className: 'character', category: 'Characters', properties: [], states: [] },
    { id: 5, className: 'microwave', category: 'Appliances', properties: [], states: states as never },
  ],
  edges: [[1, 'INSIDE', roomId]],
});

describe('the loop guard', () => {
  it('reports a cycle taken three times while the observation repeats, then forgets it when cleared', () => {
    const guard = new LoopGuard();
    const kitchen = observationFingerprint(observation(2));
    const hall = observationFingerprint(observation(3));
    for (let turn = 0; turn < 2; turn++) {
      guard.record('[walk] <hall> (3)', hall);
      guard.record('[walk] <kitchen> (2)', kitchen);
    }
    expect(guard.loop()).toBeUndefined();
    guard.record('[walk] <hall> (3)', hall);
    guard.record('[walk] <kitchen> (2)', kitchen);
    expect(guard.loop()).toEqual({ steps: ['[walk] <hall> (3)', '[walk] <kitchen> (2)'], repeats: 3 });
    guard.clear();
    expect(guard.loop()).toBeUndefined();
  });

  it('is no loop while what the agent sees changes', () => {
    const guard = new LoopGuard();
    const states = [
      ['OFF', 'CLOSED'],
      ['OFF', 'OPEN'],
    ];
    for (let turn = 0; turn < 6; turn++) {
      // The same two steps, but the room they lead to shows something new each time.
      guard.record('[walk] <hall> (3)', observationFingerprint(observation(3, [`${turn}` as string])));
      guard.record('[walk] <kitchen> (2)', observationFingerprint(observation(2, states[turn % 2])));
    }
    expect(guard.loop()).toBeUndefined();
  });

  it('tells observations apart by room, states and relations', () => {
    const base = observationFingerprint(observation(2, ['CLOSED']));
    expect(observationFingerprint(observation(2, ['CLOSED']))).toBe(base);
    expect(observationFingerprint(observation(2, ['OPEN']))).not.toBe(base);
    expect(observationFingerprint(observation(3, ['CLOSED']))).not.toBe(base);
    const holding = {
      ...observation(2, ['CLOSED']),
      edges: [
        [1, 'INSIDE', 2],
        [1, 'HOLDS_RH', 5],
      ] as const,
    };
    expect(observationFingerprint(holding as unknown as Observation)).not.toBe(base);
  });

  it('refuses bounds that cannot find a loop', () => {
    expect(() => new LoopGuard({ repeats: 1 })).toThrow(RangeError);
    expect(() => new LoopGuard({ minLength: 3, maxLength: 2 })).toThrow(RangeError);
  });
});
