import { describe, expect, it } from 'vitest';
import { episodicGridConfig, expandEpisodicGrid, selectTasks } from '../../../src/bench/episodic/grid.js';
import { tasksOfFamily } from '../../../src/bench/episodic/tasks/index.js';
import { InputError } from '../../../src/util/errors.js';

describe('episodic grid', () => {
  it('selects whole families and single tasks without repeats', () => {
    const simple = tasksOfFamily('llm-state-simple').map((t) => t.id);
    expect(selectTasks(['llm-state-simple'], ['teach/coffee', simple[0]])).toEqual([...simple, 'teach/coffee']);
    expect(() => selectTasks(['no-such-family'], [])).toThrow(InputError);
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

  it("runs a family's tasks in its own home when the run names none, in the homes named otherwise", () => {
    const grid = {
      agents: ['semgro'],
      homes: ['cottage'],
      tasks: ['teach/coffee', 'semgro/ol-1/fruits-in-fridge/structured'],
      seeds: [0],
    };
    const homeOf = (specs: ReturnType<typeof expandEpisodicGrid>) =>
      Object.fromEntries(specs.map((s) => [String(s.task), s.home]));
    expect(homeOf(expandEpisodicGrid({ ...grid, defaultHomes: true }))).toEqual({
      'teach/coffee': 'cottage',
      'semgro/ol-1/fruits-in-fridge/structured': 'gen:2718',
    });
    expect(homeOf(expandEpisodicGrid(grid))).toEqual({
      'teach/coffee': 'cottage',
      'semgro/ol-1/fruits-in-fridge/structured': 'cottage',
    });
    expect(expandEpisodicGrid({ ...grid, defaultHomes: true })[1]).toMatchObject({ family: 'semgro' });
  });
});
