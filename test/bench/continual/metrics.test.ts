import { describe, expect, it } from 'vitest';
import { eventsOf, scoreEvents, scoreTraces } from '../../../src/bench/continual/metrics.js';

/** '.' false, 'x' true, one character per step. */
const bits = (s: string) => [...s].map((c) => c === 'x');
const trace = (instruction: string, query: string, execution: string) => ({
  instruction,
  query: bits(query),
  execution: bits(execution),
});

describe('continual events', () => {
  it('opens on a rising query and closes at the first later execution', () => {
    //                       t: 0123456789
    const t = trace('tv', '..xxxx....', 'x.....xxxx');
    expect(eventsOf(t)).toEqual([{ instruction: 'tv', start: 2, end: 6 }]);
  });

  it('counts a query true at the start as an event from step 0', () => {
    expect(eventsOf(trace('tv', 'xx..', '..xx'))).toEqual([{ instruction: 'tv', start: 0, end: 2 }]);
  });

  it('needs t1 > t0: an execution holding at the start step does not close the event', () => {
    expect(eventsOf(trace('a', '.x..', '.xx.'))).toEqual([{ instruction: 'a', start: 1, end: 2 }]);
  });

  it('keeps an event open while the query flickers, and starts a new one only after a new rise', () => {
    //                     t: 0123456789
    const t = trace('mug', '.x.x..x.x.', '.....x...x');
    expect(eventsOf(t)).toEqual([
      { instruction: 'mug', start: 1, end: 5 },
      { instruction: 'mug', start: 6, end: 9 },
    ]);
  });

  it('does not restart an event for a query that stayed true through the completion', () => {
    expect(eventsOf(trace('b', '.xxxxx', '...x..'))).toEqual([{ instruction: 'b', start: 1, end: 3 }]);
  });

  it('leaves an event open at the end', () => {
    expect(eventsOf(trace('c', '...xx', '.....'))).toEqual([{ instruction: 'c', start: 3 }]);
  });

  it('rejects traces of different lengths', () => {
    expect(() => eventsOf({ instruction: 'd', query: [true], execution: [] })).toThrow(/1 query values but 0/);
  });
});

describe('SR and PS', () => {
  it('scores completed and open events with censoring at T', () => {
    // Events: (2 -> 6) = 4 steps, (1 -> 3) = 2 steps, open from 7 with T = 10 -> 3 steps.
    const score = scoreEvents(
      [
        { instruction: 'a', start: 2, end: 6 },
        { instruction: 'b', start: 1, end: 3 },
        { instruction: 'c', start: 7 },
      ],
      10,
    );
    expect(score).toEqual({
      events: 3,
      completed: 2,
      open: 1,
      sr: 2 / 3,
      ps: 3,
      psCompleted: 3,
      psAtStart: undefined,
      psAfterChanges: 3,
    });
  });

  it('leaves SR and PS undefined without events', () => {
    expect(scoreEvents([], 200)).toEqual({
      events: 0,
      completed: 0,
      open: 0,
      sr: undefined,
      ps: undefined,
      psCompleted: undefined,
      psAtStart: undefined,
      psAfterChanges: undefined,
    });
  });

  it('splits PS between the events open at step 0 and those that began later', () => {
    // Open at start: (0 -> 5) = 5 and (0, open, T = 10) = 10 -> 7.5; later: (3 -> 4) = 1 and (6 -> 9) = 3 -> 2.
    const score = scoreEvents(
      [
        { instruction: 'a', start: 0, end: 5 },
        { instruction: 'b', start: 0 },
        { instruction: 'a', start: 3, end: 4 },
        { instruction: 'c', start: 6, end: 9 },
      ],
      10,
    );
    expect(score).toMatchObject({ ps: 19 / 4, psAtStart: 7.5, psAfterChanges: 2 });
  });

  it('scores several instruction traces of one episode together', () => {
    const score = scoreTraces([trace('tv', '.xx...', '...x..'), trace('mug', 'x.....', '......')], 5);
    // tv: 1 -> 3 (2 steps); mug: open from 0, censored at T = 5 (5 steps).
    expect(score).toMatchObject({ events: 2, completed: 1, sr: 0.5, ps: 3.5, psCompleted: 2 });
  });
});
