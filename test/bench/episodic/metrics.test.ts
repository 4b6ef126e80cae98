import { describe, expect, it } from 'vitest';
import { actionGoalsMet, pathWeight, type StepOutcome, scoreEpisode } from '../../../src/bench/episodic/metrics.js';
import type { ActionGoal } from '../../../src/bench/episodic/task.js';

const ok = (action: string, targetClass?: string): StepOutcome => ({ action, targetClass, success: true });
const fail = (action: string, errorKind?: string): StepOutcome => ({ action, success: false, errorKind });

describe('episodic metrics', () => {
  it('scores SR, GC, PLW, AS and Exec on a hand-built trace', () => {
    const steps = [ok('walk'), fail('grab', 'missing_step'), ok('walk'), ok('grab'), fail('put', 'affordance')];
    const score = scoreEpisode([true, false, true, true], steps, 4);
    expect(score.sr).toBe(0);
    expect(score.gc).toBe(0.75);
    expect(score.steps).toBe(5);
    expect(score.exec).toBe(3 / 5);
    // L = 5 > L* = 4: weight 4/5.
    expect(score.plwSr).toBe(0);
    expect(score.plwGc).toBeCloseTo(0.75 * 0.8, 12);
    expect(score.errMissingStep).toBe(1);
    expect(score.errAffordance).toBe(1);
    expect(score.errUnseenObject + score.errAdditionalStep + score.errWrongOrder + score.errOther).toBe(0);
  });

  it('gives full PLW credit to an episode no longer than the Oracle', () => {
    const score = scoreEpisode([true, true], [ok('walk'), ok('grab')], 3);
    expect(score.sr).toBe(1);
    expect(score.plwSr).toBe(1);
    expect(score.plwGc).toBe(1);
  });

  it('leaves PLW undefined without the Oracle step count, and Exec undefined without steps', () => {
    const score = scoreEpisode([false], [], null);
    expect(score.plwSr).toBeNull();
    expect(score.exec).toBeNull();
    expect(score.sr).toBe(0);
  });

  it('files failures of unknown kind under other', () => {
    const score = scoreEpisode([true], [fail('walk'), fail('walk', 'no-such-kind'), fail('grab', 'unseen_object')], 1);
    expect(score.errOther).toBe(2);
    expect(score.errUnseenObject).toBe(1);
  });

  it('weights path length as L* / max(L, L*)', () => {
    expect(pathWeight(10, 5)).toBe(0.5);
    expect(pathWeight(3, 5)).toBe(1);
    expect(pathWeight(0, 0)).toBe(1);
  });

  it('meets ordered action goals only in order, with successful steps and matching targets', () => {
    const goals: ActionGoal[] = [
      { anyOf: [{ action: 'putin', classes: ['toaster'] }] },
      {
        anyOf: [
          { action: 'switchon', classes: ['toaster'] },
          { action: 'switchon', classes: ['oven'] },
        ],
      },
    ];
    expect(actionGoalsMet(goals, [ok('switchon', 'toaster'), ok('putin', 'toaster')])).toBe(1);
    expect(actionGoalsMet(goals, [ok('putin', 'toaster'), ok('switchon', 'oven')])).toBe(2);
    expect(actionGoalsMet(goals, [ok('putin', 'microwave'), ok('switchon', 'toaster')])).toBe(0);
    expect(actionGoalsMet(goals, [ok('putin', 'toaster'), { ...ok('switchon', 'toaster'), success: false }])).toBe(1);
  });
});
