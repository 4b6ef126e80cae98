/**
 * SemGro's evaluation (issue 27): the domain shifts made to a measured degree on the database of test/agents/semgro
 * (the cottage, three classes), the family's tasks and settings, its metrics, and one episode through the episodic
 * protocol with the family's home, resources and metrics.
 */
import { describe, expect, it } from 'vitest';
import { runEpisodicEpisode } from '../../../src/bench/episodic/episode.js';
import { measureDegree } from '../../../src/bench/episodic/semgro/degree.js';
import { SEMGRO_NONE_TASK_DEFINITIONS, SEMGRO_TASK_DEFINITIONS } from '../../../src/bench/episodic/semgro/family.js';
import {
  execSkillMetric,
  iterationMetrics,
  planMetric,
  shiftedClasses,
} from '../../../src/bench/episodic/semgro/metrics.js';
import { degreeLabel, SEMGRO_SETTINGS } from '../../../src/bench/episodic/semgro/settings.js';
import { generateShift, SHIFT_TYPES } from '../../../src/bench/episodic/semgro/shift.js';
import { INSTRUCTION_TYPES, SEMGRO_TASKS } from '../../../src/bench/episodic/semgro/tasks.js';
import { diffGraphs } from '../../../src/sim/diff.js';
import { loadHome } from '../../../src/sim/scenes/homes.js';
import { InputError } from '../../../src/util/errors.js';
import { cottageDatabase } from '../../agents/semgro/helpers.js';

describe('domain shifts', () => {
  const database = cottageDatabase();
  const home = () => loadHome('cottage').graph;

  it.each(SHIFT_TYPES)(
    '%s: reaches the requested degree within 5 points, measured afresh on the shifted home',
    (type) => {
      const training = home();
      const before = training.clone();
      const shift = generateShift(database, training, { type, degree: 0.3, seed: 3 });
      expect(diffGraphs(before, training)).toEqual({ edgesAdded: [], edgesRemoved: [], stateChanges: {} });
      expect(shift.edits.length).toBeGreaterThan(0);
      expect(Math.abs(shift.measured - 0.3)).toBeLessThanOrEqual(0.05);
      expect(measureDegree(database, training, shift.graph).value).toBe(shift.measured);
      const again = generateShift(database, home(), { type, degree: 0.3, seed: 3 });
      expect(diffGraphs(shift.graph, again.graph)).toEqual({ edgesAdded: [], edgesRemoved: [], stateChanges: {} });
    },
  );

  it('makes the kind of change its type names', () => {
    const ol = generateShift(database, home(), { type: 'ol', degree: 0.2, seed: 1 });
    expect(ol.edits.every((e) => /^moved (ON|INSIDE) /.test(e.change))).toBe(true);
    const pa = generateShift(database, home(), { type: 'pa', degree: 0.2, seed: 1 });
    expect(pa.edits.every((e) => /^(OPEN|CLOSED|ON|OFF|CLEAN|DIRTY)$/.test(e.change))).toBe(true);
    const rs = generateShift(database, home(), { type: 'rs', degree: 0.2, seed: 1 });
    expect(rs.edits.every((e) => /^moved to \w+ \(\d+\)$/.test(e.change))).toBe(true);
  });

  it('leaves the home as it is at degree 0, and refuses a degree or type out of range', () => {
    const none = generateShift(database, home(), { type: 'pa', degree: 0, seed: 1 });
    expect(none.edits).toEqual([]);
    expect(none.measured).toBe(0);
    expect(() => generateShift(database, home(), { type: 'pa', degree: 1.5, seed: 1 })).toThrow(InputError);
    expect(() => generateShift(database, home(), { type: 'xx' as 'pa', degree: 0.2, seed: 1 })).toThrow(/ol, pa, rs/);
  });
});

describe('the semgro family', () => {
  it('has 5 tasks x 4 instruction types on 15 settings (5 per type), and the same 20 on the training home', () => {
    expect(SEMGRO_TASKS.length).toBeGreaterThanOrEqual(5);
    expect(SEMGRO_SETTINGS.map((s) => s.type).filter((t) => t === 'ol')).toHaveLength(5);
    expect(SEMGRO_SETTINGS).toHaveLength(15);
    expect(SEMGRO_TASK_DEFINITIONS).toHaveLength(15 * SEMGRO_TASKS.length * INSTRUCTION_TYPES.length);
    expect(SEMGRO_NONE_TASK_DEFINITIONS).toHaveLength(SEMGRO_TASKS.length * INSTRUCTION_TYPES.length);
    expect(new Set(SEMGRO_TASK_DEFINITIONS.map((t) => t.id)).size).toBe(SEMGRO_TASK_DEFINITIONS.length);
    expect(new Set(SEMGRO_SETTINGS.map((s) => degreeLabel(s.degree)))).toEqual(new Set(['small', 'medium', 'large']));
  });
});

describe("the family's metrics", () => {
  const step = (skill: string, success = true) => ({ skill, success });
  const roles = { patients: new Set(['apple', 'peach']), destinations: new Set(['fridge']) };
  const oracle = [step('[walk] <apple> (1)'), step('[grab] <apple> (1)'), step('[walk] <fridge> (2)')];

  it('Plan: the prefix matching the Oracle by action and role, over the Oracle length', () => {
    const other = [step('[walk] <peach> (5)'), step('[grab] <peach> (5)'), step('[walk] <sink> (3)')];
    expect(planMetric(other, oracle, roles)).toBeCloseTo(2 / 3);
    expect(planMetric([...oracle, step('[open] <fridge> (2)')], oracle, roles)).toBe(1);
    expect(planMetric([step('[walk] <kitchen> (9)'), ...oracle], oracle, roles)).toBe(0);
    expect(planMetric(oracle, null, roles)).toBeNull();
  });

  it('Exec per skill from the agent, per step otherwise; iterations split by the classes the shift changed', () => {
    expect(execSkillMetric([], { skillsRun: 4, skillsOk: 3 })).toBe(0.75);
    expect(execSkillMetric([step('a'), step('b', false)], undefined)).toBe(0.5);
    const shifted = shiftedClasses({
      edits: [{ node: 1, className: 'fridge', change: 'OPEN', classes: ['fridge', 'milk'] }],
    } as never);
    const iterations = [{ object: 'fridge' }, { object: 'apple' }, { object: 'milk' }];
    expect(iterationMetrics({ iterations }, shifted)).toEqual({ itersObs: 1, itersDom: 2 });
    expect(iterationMetrics({ iterations, roles: { judge: 'bypassed' } }, shifted)).toEqual({
      itersObs: null,
      itersDom: null,
    });
  });
});

describe('an episode of the family', () => {
  it('runs in the training home with the database as the agent resource, and reports the family metrics', async () => {
    const outcome = await runEpisodicEpisode({
      agent: 'semgro',
      home: 'cottage',
      task: 'semgro/none/fruits-in-fridge/structured',
      seed: 1,
      maxSteps: 15,
    });
    const metrics = outcome.familyMetrics!;
    expect(Object.keys(metrics).sort()).toEqual(['execSkill', 'itersDom', 'itersObs', 'plan']);
    expect(metrics.plan).toBeGreaterThanOrEqual(0);
    expect(metrics.itersDom).toBe(0); // no shift in the training home
    expect(outcome.oracleSteps).not.toBeNull();
    expect((outcome.agentStats as { skillsRun: number }).skillsRun).toBeGreaterThan(0);
  }, 60_000);
});
