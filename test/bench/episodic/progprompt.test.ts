import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEpisodicEpisode } from '../../../src/bench/episodic/episode.js';
import { expandEpisodicGrid, selectTasks } from '../../../src/bench/episodic/grid.js';
import {
  loadProgPromptTasks,
  progpromptDefinitions,
  progpromptTasks,
  replayProgPromptGold,
  subgoalsOfFacts,
} from '../../../src/bench/episodic/progprompt.js';
import { InputError } from '../../../src/util/errors.js';
import { FULL_GRIDS } from '../../helpers/full-grids.js';
import { scratchDir } from '../../helpers/scratch.js';
import { describeWithShared, sharedPath } from '../../helpers/shared-data.js';

describe('ProgPrompt goal facts as subgoals', () => {
  it('keeps placements, holding and states, and drops proximity and where the character ends', () => {
    const { subgoals, dropped } = subgoalsOfFacts(
      [
        'character CLOSE tv',
        'character HOLDS_RH chicken',
        'character INSIDE kitchen',
        'plum INSIDE garbagecan',
        'plum INSIDE kitchen',
        'tv FACING character',
      ],
      ['chicken HEATED', 'tv ON', 'tv SITTING'],
      (c) => c === 'kitchen',
    );
    expect(subgoals).toEqual([
      { patient: ['chicken'], predicate: 'isCooked' },
      { patient: ['tv'], predicate: 'isToggledOn' },
      { patient: ['plum'], predicate: 'isPlacedTo', destination: ['garbagecan'] },
      { patient: ['chicken'], predicate: 'isPickedUp' },
    ]);
    expect(dropped).toEqual([
      'character CLOSE tv (proximity)',
      'character INSIDE kitchen (where the character ends)',
      'plum INSIDE kitchen (no subgoal form)',
      'tv FACING character (proximity)',
      'tv SITTING (no subgoal form)',
    ]);
  });

  it('says where the data is expected when the folder is missing', () => {
    expect(() => progpromptTasks('/no/such/progprompt')).toThrow(/progprompt family needs ProgPrompt's data at/);
  });

  it('names the file and line of a malformed entry', () => {
    const dir = scratchDir('progprompt');
    mkdirSync(join(dir, 'new_env'));
    mkdirSync(join(dir, 'final_states'));
    const graph = JSON.stringify({ nodes: [], edges: [] });
    for (const env of ['env1', 'env2']) {
      writeFileSync(join(dir, 'final_states', `initial_states_${env}.json`), `${graph}\n${graph}\n`);
      writeFileSync(join(dir, 'final_states', `final_states_${env}.json`), `${graph}\n${graph}\n`);
    }
    writeFileSync(join(dir, 'new_env', 'env1_annotated.json'), '{"watch tv": {"0: 000000": []}}\n{"bad": 3}\n');
    const error = (() => {
      try {
        loadProgPromptTasks(dir);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(/env1_annotated\.json:2: a task line must be/);
    expect((error as InputError).location?.line).toBe(2);
  });
});

interface ReferenceReplay {
  env: string;
  task: string;
  exec_steps_ok: number;
  goal_conds_total: number;
  goal_conds_satisfied: number;
}

describeWithShared(
  [['progprompt', 'golden', 'progprompt_newenv_replay_eai_executor.json']],
  "ProgPrompt's new-environment tasks",
  () => {
    const dir = sharedPath('progprompt');
    const reference = (
      JSON.parse(readFileSync(join(dir, 'golden', 'progprompt_newenv_replay_eai_executor.json'), 'utf8')) as {
        tasks: ReferenceReplay[];
      }
    ).tasks;

    it('loads the 20 tasks with their gold programs and goal facts', () => {
      const tasks = loadProgPromptTasks(dir);
      expect(tasks).toHaveLength(20);
      expect(new Set(tasks.map((t) => t.id)).size).toBe(20);
      const tv = tasks.find((t) => t.id === 'progprompt/env1/watch-tv')!;
      expect(tv.goal.states).toEqual(['tv ON']);
      expect(tv.subgoals).toEqual([{ patient: ['tv'], predicate: 'isToggledOn' }]);
      // Unity's graphs lack BETWEEN edges; the loader joins the rooms through their doors.
      expect(tv.start.targets(146, 'BETWEEN').size).toBe(2);
    });

    it("agrees with the reference executor's replay on every task: steps executed and ProgPrompt's goal recall", () => {
      const tasks = loadProgPromptTasks(dir);
      expect(reference).toHaveLength(tasks.length);
      for (const task of tasks) {
        const ref = reference.find((r) => r.env === task.env && r.task === task.text)!;
        const replay = replayProgPromptGold(task);
        expect({ id: task.id, steps: replay.executedSteps, ...replay.recall }).toMatchObject({
          id: task.id,
          steps: ref.exec_steps_ok,
          satisfied: ref.goal_conds_satisfied,
          total: ref.goal_conds_total,
        });
      }
    });

    it('scores SR 1.0 with the episodic goal checker on every gold replay of the family', () => {
      const tasks = loadProgPromptTasks(dir);
      const family = tasks.filter((t) => t.subgoals.length > 0);
      // Both "make toast" tasks: the gold final state differs from the start in proximity only.
      expect(tasks.filter((t) => t.subgoals.length === 0).map((t) => t.id)).toEqual([
        'progprompt/env1/make-toast',
        'progprompt/env2/make-toast',
      ]);
      expect(family).toHaveLength(18);
      const failed = family
        .map((task) => ({ task, replay: replayProgPromptGold(task) }))
        .filter(({ replay }) => replay.score?.sr !== 1 || replay.score.exec !== 1)
        .map(({ task, replay }) => `${task.id}: ${JSON.stringify(replay.conditions)}`);
      expect(failed).toEqual([]);
    });

    it('is selectable as a family and runs in its own environments whatever the homes', () => {
      const ids = selectTasks(['progprompt'], []);
      expect(ids).toEqual(progpromptDefinitions(dir).map((t) => t.id));
      const specs = expandEpisodicGrid({ agents: ['oracle'], homes: ['cottage', 'flat'], tasks: ids, seeds: [0] });
      expect(specs).toHaveLength(18);
      expect(new Set(specs.map((s) => s.home))).toEqual(new Set(['progprompt-env1', 'progprompt-env2']));
      expect(specs.every((s) => s.family === 'progprompt')).toBe(true);
    });

    // The gold replays above show every task can be done; the Oracle's plans are a sweep of the planner over the
    // family, about a minute on a loaded 2-core machine: npm test plans every third task (both environments, 6 of
    // 18), `npm run test:full-grids` every task (docs/testing.md).
    it('the Oracle solves every task of the family (every third in npm test)', { timeout: 300_000 }, async () => {
      const all = selectTasks(['progprompt'], []);
      const ids = FULL_GRIDS ? all : all.filter((_, i) => i % 3 === 0);
      expect(new Set(ids.map((id) => id.split('/')[1]))).toEqual(new Set(['env1', 'env2']));
      const unsolved: string[] = [];
      for (const id of ids) {
        const outcome = await runEpisodicEpisode({ agent: 'oracle', home: 'cottage', task: id, seed: 1 });
        if (outcome.score.sr !== 1) unsolved.push(id);
      }
      expect(unsolved).toEqual([]);
    });
  },
);
