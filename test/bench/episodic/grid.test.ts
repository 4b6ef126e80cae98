import { describe, expect, it } from 'vitest';
import { episodicGridConfig, expandEpisodicGrid, selectTasks } from '../../../src/bench/episodic/grid.js';
import { tasksOfFamily } from '../../../src/bench/episodic/tasks/index.js';
import { InputError } from '../../../src/util/errors.js';

describe('episodic grid', () => {
  it('selects whole families and single tasks without repeats', () => {
    const simple = tasksOfFamily('llm-state-simple').map((t) => t.id);
    expect(selectTasks(['llm-state-simple'], ['teach/coffee', simple[0]])).toEqual([...simple, 'teach/coffee']);
    expect(() => selectTasks(['alfred'], [])).toThrow(InputError);
    expect(() => selectTasks([], ['teach/no-such'])).toThrow(InputError);
    expect(() => selectTasks([], [])).toThrow(/no task selected/);
  });

  it('expands agents x homes x tasks x seeds with the family on each spec and unique keys', () => {
    const grid = {
      agents: ['oracle', 'danli'],
      homes: ['cottage'],
      tasks: ['teach/coffee', 'llm-state/open-fridge'],
      seeds: [0, 1],
    };
    const specs = expandEpisodicGrid(grid);
    expect(specs).toHaveLength(8);
    expect(new Set(specs.map((s) => s.key)).size).toBe(8);
    expect(specs[0]).toMatchObject({
      agent: 'oracle',
      home: 'cottage',
      task: 'teach/coffee',
      family: 'teach',
      seed: 0,
    });
    expect(specs[2]).toMatchObject({ task: 'llm-state/open-fridge', family: 'llm-state-simple' });
    expect(episodicGridConfig(grid)).toMatchObject({ protocol: 'episodic', tasks: grid.tasks });
  });
});
