/**
 * The families of people's words (issue 42): ALFRED's crowd texts and TEACh's dialogues read in place, their gold as
 * ALFRED and TEACh score the task, the class mapping, the reading report, and the Oracle on a sample of one task
 * per type. Skipped with a message without ../shared/data.
 */
import { describe, expect, it } from 'vitest';
import { runEpisodicEpisode } from '../../../src/bench/episodic/episode.js';
import { episodicGridConfig, selectTasks } from '../../../src/bench/episodic/grid.js';
import {
  ALFRED_TYPES,
  alfredDefinitions,
  alfredGoal,
  alfredTexts,
  parseAlfredTaskName,
} from '../../../src/bench/episodic/people/alfred.js';
import { mapType } from '../../../src/bench/episodic/people/classes.js';
import { readFamily, reasonKind } from '../../../src/bench/episodic/people/reading.js';
import {
  loadTeachDefinitions,
  parseTeachTaskCall,
  teachGoal,
  usedParameters,
} from '../../../src/bench/episodic/people/teach-definitions.js';
import { teachHumanDefinitions, teachHumanGames } from '../../../src/bench/episodic/people/teach-human.js';
import { bindTask } from '../../../src/bench/episodic/task.js';
import { taskById } from '../../../src/bench/episodic/tasks/index.js';
import { generateHome } from '../../../src/sim/scenes/generate.js';
import { formatGoal } from '../../../src/sim/subgoal-text.js';
import { InputError } from '../../../src/util/errors.js';
import { Rng } from '../../../src/util/rng.js';
import { describeWithShared, sharedPath } from '../../helpers/shared-data.js';

const lines = (subgoals: readonly Parameters<typeof formatGoal>[0][]) => subgoals.map(formatGoal);
const gold = (name: string) => lines(alfredGoal(parseAlfredTaskName(name)));

describe('ALFRED and TEACh types as hearth classes', () => {
  it("tells apart what ALFRED's gold tells apart", () => {
    const one = (type: string) => mapType(type, 'test').classes[0];
    expect(one('Ladle')).not.toBe(one('Spoon'));
    expect(one('Knife')).not.toBe(one('ButterKnife'));
    expect(one('Cup')).not.toBe(one('Mug'));
    expect(one('Pen')).not.toBe(one('Pencil'));
    expect(one('Statue')).not.toBe(one('Vase'));
    expect(one('SaltShaker')).not.toBe(one('PepperShaker'));
    expect(one('Drawer')).not.toBe(one('Cabinet'));
    expect(['Safe', 'CD', 'Watch', 'Cart', 'Plunger', 'TissueBox'].map(one)).toEqual([
      'safe',
      'cd',
      'watch',
      'cart',
      'plunger',
      'tissuebox',
    ]);
  });

  it('maps slices, types of several classes and custom classes; refuses a type it does not know', () => {
    expect(mapType('TomatoSliced', 'test')).toEqual({ classes: ['tomato'], sliced: true });
    expect(mapType('BreadSliced', 'test')).toEqual({ classes: ['breadslice'], sliced: false });
    expect(mapType('Cabinet', 'test').classes).toEqual(['kitchencabinet', 'cabinet', 'bathroomcabinet']);
    expect(mapType('Drinkware', 'test').classes).toContain('mug');
    expect(() => mapType('Spaceship', 'test')).toThrow(InputError);
  });

  it("writes each ALFRED type's gold as ALFRED scores it, a slice a state carried by every later subgoal", () => {
    expect(gold('pick_and_place_simple-Cloth-None-BathtubBasin-405')).toEqual(['rag isPlacedTo bathtub']);
    expect(gold('pick_two_obj_and_place-KeyChain-None-Sofa-202')).toEqual(['2 keys isPlacedTo sofa']);
    expect(gold('pick_clean_then_place_in_recep-Ladle-None-CounterTop-8')).toEqual([
      'ladle isClean',
      'ladle(isClean) isPlacedTo kitchencounter|bathroomcounter',
    ]);
    expect(gold('pick_heat_then_place_in_recep-AppleSliced-None-Fridge-26')).toEqual([
      'apple isSliced',
      'apple(isSliced) isHeated',
      'apple(isSliced,isHeated) isPlacedTo fridge',
    ]);
    expect(gold('pick_cool_then_place_in_recep-Mug-None-CoffeeMachine-16')).toEqual([
      'mug isCooled',
      'mug(isCooled) isPlacedTo coffeemaker',
    ]);
    expect(gold('pick_and_place_with_movable_recep-TomatoSliced-Pan-Fridge-11')).toEqual([
      'tomato isSliced',
      'fryingpan isPlacedTo fridge',
      'tomato(isSliced) isPlacedTo fryingpan',
    ]);
    expect(gold('look_at_obj_in_light-CD-None-DeskLamp-308')).toEqual(['cd isExaminedUnder tablelamp']);
    expect(alfredGoal(parseAlfredTaskName('pick_and_place_simple-Book-None-Sofa-201'))[0].placeAs).toBe('ON_OR_INSIDE');
    expect(() => parseAlfredTaskName('pick_up-Book-None-Sofa-201')).toThrow(InputError);
  });
});

describeWithShared(
  [
    ['alfred', 'valid_seen_turk.tsv'],
    ['teach', 'dialogues_dev.tsv'],
  ],
  "the families of people's words",
  () => {
    it('reads 797 crowd texts and 100 task_instr of ALFRED, every type, each with its gold', () => {
      const texts = alfredTexts();
      expect(texts.filter((t) => t.split === 'valid_seen')).toHaveLength(797);
      expect(texts.filter((t) => t.split === 'llm_planner')).toHaveLength(100);
      expect(new Set(texts.map((t) => t.name.type))).toEqual(new Set(ALFRED_TYPES));
      const first = texts[0];
      expect(first.text).toBe('Place a clean ladle on a counter.');
      expect(lines(first.subgoals)).toEqual([
        'ladle isClean',
        'ladle(isClean) isPlacedTo kitchencounter|bathroomcounter',
      ]);
      expect(alfredDefinitions()).toHaveLength(897);
      expect(taskById(first.id).family).toBe('alfred');
    });

    it("turns TEACh's 144 games into goals by one converter; Salad and Breakfast counted apart", () => {
      const games = teachHumanGames();
      expect(games).toHaveLength(144);
      const apart = games.filter((g) => !g.subgoals).map((g) => g.type);
      expect(apart.filter((t) => t === 'Salad')).toHaveLength(10);
      expect(apart.filter((t) => t === 'Breakfast')).toHaveLength(8);
      expect(apart).toHaveLength(18);
      expect(teachHumanDefinitions()).toHaveLength(126);
      const of = (type: string) => lines(games.find((g) => g.gold === type)!.subgoals!);
      expect(of('Sandwich()')).toEqual([
        'plate isClean',
        '2 breadslice isCooked',
        '2 breadslice(isCooked) isPlacedTo plate(isClean)',
      ]);
      expect(of('N Cooked Slices Of X In Y(N=3,X=Potato,Y=Bowl)')).toEqual([
        'dishbowl isClean',
        '3 potato isSliced',
        '3 potato(isSliced) isCooked',
        '3 potato(isSliced,isCooked) isPlacedTo dishbowl(isClean)',
      ]);
      expect(of('Boil X(X=Potato)')).toEqual(['potato isBoiled']);
      expect(of('Water Plant()')).toEqual(['orchid isWatered']);
      expect(of('Coffee()')).toEqual(['mug isClean', 'mug(isClean) isFilledWithCoffee']);
      // a custom class expands; a condition a class cannot fail keeps the classes it can (a bottle is never dirty)
      expect(of('Put All X In One Y(X=RemoteControl,Y=Tables)')[0]).toMatch(
        /^all remotecontrol isPlacedTo coffeetable\|desk/,
      );
      expect(of('Clean All X(X=Drinkware)')).toEqual(['all waterglass|mug isClean']);
    });

    it("fills a definition's parameters from the letters of the game's task name", () => {
      const definitions = loadTeachDefinitions(sharedPath('teach', 'task_definitions'));
      expect(usedParameters(definitions.get('N Slices Of X In Y')!)).toEqual([0, 1, 3]);
      expect(usedParameters(definitions.get('Put All X On Y')!)).toEqual([0, 2]);
      const call = parseTeachTaskCall('N Slices Of X In Y(N=2,X=Lettuce,Y=Bowl)', 'test');
      const goal = teachGoal(definitions, call, 'test');
      expect(lines(goal.subgoals!)).toContain('2 lettuce(isSliced) isPlacedTo dishbowl(isClean)');
      expect(() => teachGoal(definitions, parseTeachTaskCall('Boil X(Z=Potato)', 'test'), 'test')).toThrow(
        /no parameter Z/,
      );
    });

    it('binds in a generated home that lacks what a task needs, adding it (a drawer in the bathroom)', () => {
      const drawerTask = alfredDefinitions().find((d) =>
        d.source.includes('pick_and_place_simple-SoapBar-None-Drawer'),
      )!;
      const home = generateHome(4242);
      expect(home.idsOfClass('drawer')).toHaveLength(0);
      const bound = bindTask(drawerTask, home, new Rng(1).fork('task'), 'gen:4242');
      const drawers = bound.start.idsOfClass('drawer');
      expect(drawers).toHaveLength(1);
      expect(bound.start.get(bound.start.roomOf(drawers[0])!).className).toBe('bathroom');
    });

    it('records the families’ versions in the run configuration', () => {
      const tasks = selectTasks([], [alfredTexts()[0].id, teachHumanDefinitions()[0].id]);
      const config = episodicGridConfig({ agents: ['oracle'], homes: ['cottage'], tasks, seeds: [0] });
      expect(config.familyVersions).toEqual({ alfred: 1, 'teach-human': 1 });
    });

    it('reports per type how the reader reads the texts against their gold', () => {
      const report = readFamily('alfred', { type: 'pick_clean_then_place_in_recep' });
      const row = report.rows[0];
      expect(row.type).toBe('pick_clean_then_place_in_recep');
      expect(row.texts).toBe(121);
      expect(row.read).toBe((row.asGold ?? 0) + (row.asOther ?? 0));
      expect(row.read + row.refused).toBe(row.texts);
      // "Place a clean ladle on a counter." reads as its gold: a kitchen counter is one of ALFRED's counter tops
      expect(report.texts.find((t) => t.text === 'Place a clean ladle on a counter.')?.outcome).toBe('gold');
      expect(report.cpuUsPerText).toBeGreaterThan(0);
      const teach = readFamily('teach-human', { type: 'Salad' });
      expect(teach.rows[0]).toMatchObject({ type: 'Salad (counted apart)', texts: 10, asGold: null, asOther: null });
      expect(reasonKind('"Put it there." is no: stopped at "red cloth from"')).toBe('… is no: stopped at "red …"');
    });
  },
);

// The Oracle on one task of each type of each family (the full grid is in docs/alfred.md).
describeWithShared(
  [
    ['alfred', 'valid_seen_turk.tsv'],
    ['teach', 'dialogues_dev.tsv'],
  ],
  'the Oracle on a sample of each type',
  () => {
    it('solves one task of every ALFRED and TEACh type in a generated home', { timeout: 60_000 }, async () => {
      const sample = [
        ...ALFRED_TYPES.map(
          (type) =>
            alfredTexts().find(
              (t) =>
                t.name.type === type &&
                t.name.object.endsWith('Sliced') ===
                  (type !== 'look_at_obj_in_light' && type !== 'pick_two_obj_and_place'),
            )?.id ?? alfredTexts().find((t) => t.name.type === type)!.id,
        ),
        ...['Boil X', 'N Cooked Slices Of X In Y', 'Coffee', 'Water Plant', 'Put All X In One Y'].map(
          (type) => teachHumanGames().find((g) => g.type === type && g.subgoals)!.id,
        ),
      ];
      const failures: string[] = [];
      for (const task of sample) {
        const outcome = await runEpisodicEpisode({ agent: 'oracle', home: 'gen:7', task, seed: 1 });
        if (outcome.score.sr !== 1)
          failures.push(`${task}: ${outcome.conditions.filter((c) => !c.met).map((c) => c.label)}`);
        expect(outcome.score.steps).toBeLessThanOrEqual(outcome.stepLimit);
      }
      expect(failures).toEqual([]);
    });
  },
);
