import { describe, expect, it } from 'vitest';
import { bindEpisodeTask } from '../../../src/bench/episodic/episode.js';
import { TEACH_EDH_TASKS, TEACH_TASKS, TEACH_TFD_TASKS } from '../../../src/bench/episodic/tasks/index.js';
import { readDialogue } from '../../../src/language/dialogue.js';
import type { SubgoalSpec } from '../../../src/sim/subgoals.js';
import { subgoalDone } from '../../../src/sim/subgoals.js';

const key = (s: SubgoalSpec) => `${s.patient.join('|')} ${s.predicate} ${(s.destination ?? []).join('|')}`;
const DIALOGUE_TASKS = [...TEACH_TFD_TASKS, ...TEACH_EDH_TASKS];

describe('TEACh-style dialogues', () => {
  it('says every TEACh-style type as a TfD dialogue, and the two-session ones as EDH', () => {
    expect(TEACH_TFD_TASKS.map((t) => t.id.replace('teach-tfd/', ''))).toEqual(
      TEACH_TASKS.map((t) => t.id.replace('teach/', '')),
    );
    expect(TEACH_EDH_TASKS.length).toBeGreaterThanOrEqual(5);
    expect(TEACH_EDH_TASKS.every((t) => t.edh && t.edh.history.length > 0 && t.edh.goal.length > 0)).toBe(true);
  });

  it('renders dialogues the offline reader reads whole: every goal subgoal asked, every hint true to the home', () => {
    for (const task of DIALOGUE_TASKS) {
      for (const seed of [0, 1]) {
        const bound = bindEpisodeTask('cottage', task.id, seed);
        const label = `${task.id} seed ${seed}: ${bound.text}`;
        expect(bound.text, label).toMatch(/^<Driver> /);
        const reading = readDialogue(bound.text!);
        expect(reading.unread, label).toEqual([]);
        const asked = new Set(reading.goal.subgoals.map(key));
        for (const b of bound.subgoals) expect(asked.has(key(b.spec)), `${label} lacks ${key(b.spec)}`).toBe(true);
        const g = bound.start;
        for (const hint of reading.hints) {
          const there = [...g.nodes()].some(
            (node) =>
              node.className === hint.className &&
              [...g.targets(node.id, 'ON'), ...g.targets(node.id, 'INSIDE')].some(
                (host) => g.get(host).className === hint.host,
              ),
          );
          expect(there, `${label}: hint ${JSON.stringify(hint)}`).toBe(true);
        }
      }
    }
  });

  it('renders the same dialogue for the same seed, and varies it across seeds', () => {
    const texts = new Set<string>();
    for (const seed of [0, 1, 2, 3, 4, 5]) {
      const a = bindEpisodeTask('cottage', 'teach-tfd/remotes-on-sofa', seed).text;
      expect(bindEpisodeTask('cottage', 'teach-tfd/remotes-on-sofa', seed).text).toBe(a);
      texts.add(a!);
    }
    expect(texts.size).toBeGreaterThan(1);
  });

  it('starts EDH after the history: its subgoals hold, the goal is the next session, the dialogue has both', () => {
    for (const task of TEACH_EDH_TASKS) {
      const bound = bindEpisodeTask('cottage', task.id, 3);
      const tfd = bindEpisodeTask('cottage', task.id.replace('teach-edh/', 'teach-tfd/'), 3);
      const world = { graph: bound.start, derived: bound.derived! };
      expect(bound.subgoals.length, task.id).toBeGreaterThan(0);
      expect(bound.subgoals.length, task.id).toBeLessThan(tfd.subgoals.length);
      for (const b of bound.subgoals) expect(subgoalDone(world, b), task.id).toBe(false);
      expect(bound.text, task.id).toMatch(/what next|anything else/);
    }
  });
});
