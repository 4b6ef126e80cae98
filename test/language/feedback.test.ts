import { describe, expect, it } from 'vitest';
import { readFeedback } from '../../src/language/feedback.js';

describe('readFeedback', () => {
  it('reads "done", and each "needs to be" sentence as a subgoal', () => {
    expect(readFeedback('Yes, the task is done.')).toEqual({ done: true, subgoals: [], unread: [] });
    const r = readFeedback(
      'No, not yet. The clean mug needs to be filled with coffee. 2 more plates need to be clean. ' +
        'The cooked bread slice needs to be on the clean plate. One more remote control needs to be on the sofa. ' +
        'The orchid needs to be watered. The table lamp needs to be turned on.',
    );
    expect(r.done).toBe(false);
    expect(r.unread).toEqual([]);
    expect(r.subgoals).toEqual([
      { patient: ['mug'], qualifiers: ['isClean'], predicate: 'isFilledWithCoffee' },
      { patient: ['plate'], count: 2, predicate: 'isClean' },
      {
        patient: ['breadslice'],
        qualifiers: ['isCooked'],
        predicate: 'isPlacedTo',
        destination: ['plate'],
        destinationQualifiers: ['isClean'],
      },
      { patient: ['remotecontrol'], predicate: 'isPlacedTo', destination: ['sofa'] },
      { patient: ['orchid'], predicate: 'isWatered' },
      { patient: ['tablelamp'], predicate: 'isToggledOn' },
    ]);
  });

  it('keeps what it cannot read', () => {
    expect(readFeedback('The mug needs to be happy.').unread).toEqual(['The mug needs to be happy.']);
  });
});
