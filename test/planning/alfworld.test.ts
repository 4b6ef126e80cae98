/**
 * Household PDDL as users have it: an ALFWorld-style fixture of our own (test/planning/fixtures/alfworld-style),
 * which takes the liberties ALFWorld's alfred.pddl takes, and ALFWorld's own files when they are on this machine.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDomain } from '../../src/planning/pddl/parse-domain.js';
import { parseProblem } from '../../src/planning/pddl/parse-problem.js';
import { plan, planFromFiles } from '../../src/planning/plan.js';
import type { SearchConfig } from '../../src/planning/search/index.js';
import { validatePlan } from '../../src/planning/validate.js';
import { projectRoot } from '../helpers/shared-data.js';

const FIXTURE = join(projectRoot, 'test', 'planning', 'fixtures', 'alfworld-style');
const DOMAIN = join(FIXTURE, 'domain.pddl');

/**
 * Each task type with its optimal cost, from Fast Downward 24.06 (A* with h^max and with the blind heuristic) on a
 * copy of the files without the commas, which its reader would otherwise keep in type names; null: no plan.
 */
const TASKS: [string, number | null][] = [
  ['pick_and_place_simple-mug-cabinet', 12],
  ['pick_heat_then_place-apple-countertop', 14],
  ['pick_cool_then_place-mug-desk', 23],
  ['pick_clean_then_place-plate-countertop', 17],
  ['pick_two_obj_and_place-apple-fridge', 9],
  ['look_at_obj_in_light-book-desklamp', 4],
  ['look_at_obj_in_light-book-unswitchable', null],
];

function solve(task: string, search: SearchConfig) {
  const path = join(FIXTURE, `${task}.pddl`);
  const result = planFromFiles(DOMAIN, path, { search });
  const domain = parseDomain(readFileSync(DOMAIN, 'utf8'));
  const problem = parseProblem(readFileSync(path, 'utf8'), domain);
  return { result, check: validatePlan(domain, problem, result.plan, { expectedCost: result.cost }) };
}

describe('an ALFWorld-style domain of our own (commas, undeclared constants, action costs)', () => {
  it('the fixture holds every task type', () => {
    const files = readdirSync(FIXTURE).filter((f) => f !== 'domain.pddl');
    expect(files.sort()).toEqual(TASKS.map(([t]) => `${t}.pddl`).sort());
  });

  for (const [task, optimal] of TASKS) {
    it(`${task}: ${optimal === null ? 'no plan' : `solved, optimal cost ${optimal}`}`, () => {
      const quick = solve(task, 'lazy-gbfs-ff');
      const best = solve(task, 'astar-hmax');
      if (optimal === null) {
        expect(quick.result.status).toBe('unsolvable');
        expect(best.result.status).toBe('unsolvable');
        return;
      }
      for (const { result, check } of [quick, best]) {
        expect(result.solved).toBe(true);
        expect(check).toMatchObject({ valid: true, goalReached: true, cost: result.cost });
      }
      expect(best.result.cost).toBe(optimal);
      expect(quick.result.cost).toBeGreaterThanOrEqual(optimal);
    });
  }

  it('reads the comma-separated quantifier as two typed variables (Place needs it)', () => {
    const { result } = solve('pick_and_place_simple-mug-cabinet', 'astar-hmax');
    expect(result.plan.some((step) => step.startsWith('(Place agent1 pantry mug1 cabinet1'))).toBe(true);
  });

  it('--strict lists the deviations with file and line; the default reads them silently', () => {
    const problem = join(FIXTURE, 'pick_heat_then_place-apple-countertop.pddl');
    expect(planFromFiles(DOMAIN, problem).warnings).toEqual([]);
    const warnings = planFromFiles(DOMAIN, problem, { strict: true }).warnings;
    const where = (w: string) => w.slice(0, w.indexOf(': ')).split('/').pop();
    expect(warnings.map((w) => [where(w), w.slice(w.indexOf(': ') + 2)])).toEqual([
      [
        'domain.pddl:43:24',
        "argument 1 of 'seen' is of type location, where 'seen' declares receptacle (read as written, unchecked)",
      ],
      ['domain.pddl:68:21', "',' in a typed list read as a separator (not PDDL; Fast Downward keeps it in the name)"],
      [
        'domain.pddl:73:52',
        "'SinkBasinType' is not declared in :constants (read as the problem's object of that name)",
      ],
      [
        'domain.pddl:78:52',
        "'MicrowaveType' is not declared in :constants (read as the problem's object of that name)",
      ],
      ['domain.pddl:83:53', "'FridgeType' is not declared in :constants (read as the problem's object of that name)"],
      [
        'pick_heat_then_place-apple-countertop.pddl:40:19',
        "',' in a typed list read as a separator (not PDDL; Fast Downward keeps it in the name)",
      ],
    ]);
    expect(warnings[0].startsWith(`${DOMAIN}:`)).toBe(true);
  });
});

/**
 * ALFWorld's data as shipped (`alfworld-download`: logic/alfred.pddl and json_2.1.1/<split>/<task>/<trial>/
 * initial_state.pddl), found through $HEARTH_ALFWORLD_DATA. One trial of each task type in valid_seen; the full set
 * (706 problems) is `npm run perf:pddl -- --alfworld`.
 */
const ALFWORLD = process.env.HEARTH_ALFWORLD_DATA ? resolve(process.env.HEARTH_ALFWORLD_DATA) : undefined;
const alfworldMissing = !ALFWORLD
  ? 'set HEARTH_ALFWORLD_DATA to an ALFWorld data folder (logic/alfred.pddl, json_2.1.1/)'
  : !existsSync(join(ALFWORLD, 'logic', 'alfred.pddl'))
    ? `no logic/alfred.pddl under ${ALFWORLD}`
    : undefined;
if (alfworldMissing) process.stderr.write(`[hearth tests] ALFWorld's own PDDL: skipped: ${alfworldMissing}\n`);

(alfworldMissing ? describe.skip : describe)(
  `ALFWorld's own PDDL files${alfworldMissing ? ` [skipped: ${alfworldMissing}]` : ''}`,
  () => {
    const root = join(ALFWORLD ?? '', 'json_2.1.1', 'valid_seen');
    const firstTrials = () =>
      readdirSync(root)
        .sort()
        .filter((task, i, all) => i === 0 || task.split('-')[0] !== all[i - 1].split('-')[0])
        .map((task) => join(root, task, readdirSync(join(root, task)).sort()[0], 'initial_state.pddl'));

    it('plans each task type with a valid plan, and finds no plan where the domain has no action for the goal', () => {
      const domainText = readFileSync(join(ALFWORLD ?? '', 'logic', 'alfred.pddl'), 'utf8');
      const trials = firstTrials();
      expect(trials.length).toBe(7);
      for (const path of trials) {
        const domain = parseDomain(domainText);
        const problem = parseProblem(readFileSync(path, 'utf8'), domain);
        const result = plan(domain, problem);
        // alfred.pddl comments out every action that puts into a movable receptacle.
        if (path.includes('pick_and_place_with_movable_recep')) {
          expect(result.status, path).toBe('unsolvable');
          continue;
        }
        expect(result.solved, path).toBe(true);
        expect(validatePlan(domain, problem, result.plan, { expectedCost: result.cost }), path).toMatchObject({
          valid: true,
          goalReached: true,
        });
      }
    });
  },
);
