import { describe, expect, it } from 'vitest';
import { bindEpisodeTask } from '../../../src/bench/episodic/episode.js';
import { TEACH_TASKS } from '../../../src/bench/episodic/tasks/index.js';
import { simulatedUser } from '../../../src/bench/episodic/user.js';
import { readFeedback } from '../../../src/language/feedback.js';
import { DerivedStates } from '../../../src/sim/derived-states.js';

const key = (s: { patient: readonly string[]; predicate: string; destination?: readonly string[] }) =>
  `${s.patient[0]} ${s.predicate} ${s.destination?.[0] ?? ''}`;

describe('the simulated user (HELPER feedback)', () => {
  it('says every unmet subgoal of every TEACh-style task in words the feedback reader reads back', () => {
    for (const task of TEACH_TASKS) {
      const bound = bindEpisodeTask('cottage', task.id, 1);
      const user = simulatedUser(bound, { graph: bound.start, derived: new DerivedStates() });
      const answer = user.ask('Is the task completed to your satisfaction? Did I miss anything?');
      expect(answer, task.id).toMatch(/^No, not yet\. /);
      const reading = readFeedback(answer);
      expect(reading.unread, task.id).toEqual([]);
      const unmet = bound.subgoals.filter((b) => !b.spec.means).map((b) => key(b.spec));
      expect(reading.subgoals.map(key), task.id).toEqual(unmet);
      expect(user.asked).toBe(1);
    }
  });

  it('says yes when the goal holds', () => {
    const bound = bindEpisodeTask('cottage', 'teach/table-lamps-on', 0);
    const graph = bound.start.clone();
    for (const lamp of bound.subgoals[0].patients) {
      graph.removeState(lamp, 'OFF');
      graph.addState(lamp, 'ON');
    }
    expect(simulatedUser(bound, { graph, derived: new DerivedStates() }).ask('done?')).toBe('Yes, the task is done.');
  });
});
