import { describe, expect, it } from 'vitest';
import { edge, holds, isIn, not } from '../../../src/sim/conditions.js';
import {
  NONSTATIONARITY_PERIODS,
  Resident,
  type ResidentChange,
  type ResidentTask,
} from '../../../src/sim/dynamics/index.js';
import { executeStep } from '../../../src/sim/executor.js';
import type { EnvGraph } from '../../../src/sim/graph.js';
import { loadHome } from '../../../src/sim/scenes/index.js';
import { Rng } from '../../../src/util/rng.js';

const first = (graph: EnvGraph, name: string) => graph.idsOfClass(name)[0];

/** Three tasks on the cottage: TV on, radio on, the mug on the coffee table. All hold at the start of `setup`. */
function setup() {
  const home = loadHome('cottage').graph;
  const tv = first(home, 'tv');
  const radio = first(home, 'radio');
  const mug = first(home, 'mug');
  const table = first(home, 'coffeetable');
  home.removeState(tv, 'OFF');
  home.addState(tv, 'ON');
  home.removeState(radio, 'OFF');
  home.addState(radio, 'ON');
  const tasks: ResidentTask[] = [
    { id: 'tv', query: isIn(tv, 'OFF'), disturbance: { kind: 'state', node: tv, state: 'OFF' } },
    { id: 'radio', query: isIn(radio, 'OFF'), disturbance: { kind: 'state', node: radio, state: 'OFF' } },
    {
      id: 'mug',
      query: not(edge(mug, 'ON', table)),
      disturbance: {
        kind: 'relocate',
        objects: [mug],
        goal: { relation: 'ON', host: table },
        places: [
          { relation: 'ON', host: table },
          { relation: 'ON', host: first(home, 'kitchencounter') },
          { relation: 'ON', host: first(home, 'desk') },
        ],
      },
    },
  ];
  const counter = first(home, 'kitchencounter');
  // Put the mug on the table by the rules: walk, grab, walk rooms, put.
  const livingroom = home.roomOf(table)!;
  const kitchen = home.roomOf(counter)!;
  for (const line of [
    `[WALK] <kitchen> (${kitchen})`,
    `[WALK] <mug> (${mug})`,
    `[GRAB] <mug> (${mug})`,
    `[WALK] <livingroom> (${livingroom})`,
    `[WALK] <coffeetable> (${table})`,
    `[PUTBACK] <mug> (${mug}) <coffeetable> (${table})`,
  ]) {
    expect(executeStep(home, line).ok, line).toBe(true);
  }
  return { home, tasks, tv, radio, mug, table };
}

describe('the resident', () => {
  it('acts only after every k-th step and makes the drawn query true', () => {
    const { home, tasks } = setup();
    const resident = new Resident(tasks, NONSTATIONARITY_PERIODS.medium, new Rng(1));
    const changes: Array<[number, ResidentChange]> = [];
    for (let step = 1; step <= 18; step++) {
      const change = resident.afterStep(home, step);
      if (change) {
        changes.push([step, change]);
        expect(holds(tasks.find((t) => t.id === change.instruction)!.query, home)).toBe(true);
      }
    }
    expect(changes.map(([step]) => step)).toEqual([6, 12, 18]);
    // Three eligible tasks at first, each disturbance removes one from the eligible set.
    expect(new Set(changes.map(([, c]) => c.instruction)).size).toBe(3);
    expect(resident.eligible(home)).toEqual([]);
    expect(resident.afterStep(home, 24)).toBeUndefined();
  });

  it('leaves the instructions it is told to spare alone', () => {
    const { home, tasks } = setup();
    const resident = new Resident(tasks, 1, new Rng(5));
    expect(resident.eligible(home, new Set(['tv', 'mug'])).map((t) => t.id)).toEqual(['radio']);
    for (let step = 1; step <= 2; step++) {
      expect(resident.afterStep(home, step, new Set(['tv', 'mug']))?.instruction).toBe(
        step === 1 ? 'radio' : undefined,
      );
    }
  });

  it('draws the same changes for the same seed and other ones for other seeds', () => {
    const run = (seed: number) => {
      const { home, tasks } = setup();
      const resident = new Resident(tasks, 4, new Rng(seed));
      const out: string[] = [];
      for (let step = 1; step <= 12; step++) {
        const change = resident.afterStep(home, step);
        if (change) out.push(JSON.stringify(change));
      }
      return out.join('|');
    };
    expect(run(3)).toBe(run(3));
    const distinct = new Set([0, 1, 2, 3, 4, 5, 6, 7].map(run));
    expect(distinct.size).toBeGreaterThan(1);
  });

  it('never touches what the agent holds', () => {
    const { home, tasks, radio, table } = setup();
    const character = home.characterId();
    for (const line of [`[WALK] <radio> (${radio})`, `[GRAB] <radio> (${radio})`]) {
      expect(executeStep(home, line).ok, line).toBe(true);
    }
    // The radio is on (its query is false) but held: of the three tasks only the TV and the mug may be disturbed.
    const resident = new Resident(tasks, 1, new Rng(2));
    expect(resident.eligible(home).map((t) => t.id)).toEqual(['tv', 'mug']);
    for (let step = 1; step <= 5; step++) resident.afterStep(home, step);
    expect(home.hasState(radio, 'ON')).toBe(true);
    expect(home.hasEdge(character, 'HOLDS_RH', radio)).toBe(true);
    expect(home.hasEdge(first(home, 'mug'), 'ON', table)).toBe(false);
  });

  it('moves the object to a place other than the goal', () => {
    for (let seed = 0; seed < 10; seed++) {
      const { home, tasks, mug, table } = setup();
      const resident = new Resident([tasks[2]], 8, new Rng(seed));
      const change = resident.afterStep(home, 8);
      expect(change?.kind).toBe('move');
      expect(home.hasEdge(mug, 'ON', table)).toBe(false);
      if (change?.kind === 'move') expect(change.place.host).not.toBe(table);
    }
  });
});
