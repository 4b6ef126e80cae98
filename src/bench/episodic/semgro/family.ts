/**
 * The `semgro` task family (paper 003, section 4): 5 tasks x 4 instruction types on the 15 shifted settings of a
 * training home (300 tasks: `semgro/<setting>/<task>/<instruction type>`, e.g. `semgro/ol-2/fruits-on-table/structured`),
 * and `semgro-none`, the same 20 on the training home itself (Table 3's None). The home a run names is the training
 * home (`--homes`; the family's `gen:2718` when none is named): each task is bound in its setting of that home
 * (`settings.ts`, made once and cached: `training.ts`), and its agents are given the skill database learnt there, and
 * the LLM baselines in-context examples drawn from it (`resources.ts`). Metrics beyond the protocol's: `metrics.ts`.
 */

import type { EnvGraph } from '../../../sim/graph.js';
import { registerCache } from '../../../util/caches.js';
import { Rng } from '../../../util/rng.js';
import { bindTask, type FamilyRun, type TaskDefinition } from '../task.js';
import { execSkillMetric, iterationMetrics, planMetric, shiftedClasses } from './metrics.js';
import {
  NONE_SETTING,
  prepareTrainingHome,
  SEMGRO_SETTINGS,
  SEMGRO_TRAINING_HOME,
  type SemGroSetting,
} from './settings.js';
import { INSTRUCTION_TYPES, SEMGRO_TASKS } from './tasks.js';
import { semgroTraining } from './training.js';

export const SEMGRO_FAMILY = 'semgro';
export const SEMGRO_NONE_FAMILY = 'semgro-none';
/** The families that train SemGro in their own home. */
export const SEMGRO_FAMILIES: readonly string[] = [SEMGRO_FAMILY, SEMGRO_NONE_FAMILY];

/** The training homes checked so far (with the family's things), per home name. */
const CHECKED = new Map<string, EnvGraph>();
registerCache('semgro: checked training homes', () => CHECKED.clear());

/**
 * Whether a home can host a task of the family, without making its database or shifts (seconds): the task binds in
 * the training home (a shift moves things and flips states, but never takes a class away).
 */
function check(definition: TaskDefinition, home: EnvGraph, name: string): void {
  let graph = CHECKED.get(name);
  if (!graph) {
    graph = prepareTrainingHome(home, name);
    CHECKED.set(name, graph);
  }
  bindTask(definition, graph, new Rng(0).fork('task'), name);
}

function metrics(run: FamilyRun, setting: SemGroSetting): Record<string, number | null> {
  const patients = new Set(run.bound.definition.subgoals.flatMap((s) => s.patient));
  const destinations = new Set(run.bound.definition.subgoals.flatMap((s) => s.destination ?? s.using ?? []));
  const stats = run.agentStats as Parameters<typeof execSkillMetric>[1];
  // The shift is already made (the task was bound through `prepare`), so this looks it up.
  const shift =
    setting.type === 'none' ? undefined : semgroTraining(run.home).shift({ ...setting, type: setting.type });
  return {
    plan: planMetric(run.agent, run.oracle, { patients, destinations }),
    execSkill: execSkillMetric(run.agent, stats),
    ...iterationMetrics(stats, shiftedClasses(shift)),
  };
}

function definitionsOf(family: string, settings: readonly SemGroSetting[]): TaskDefinition[] {
  return settings.flatMap((setting) =>
    SEMGRO_TASKS.flatMap((task) =>
      INSTRUCTION_TYPES.map((type): TaskDefinition => {
        const definition: TaskDefinition = {
          id: `${SEMGRO_FAMILY}/${setting.id}/${task.id}/${type}`,
          family: family as TaskDefinition['family'],
          text: task.instructions[type],
          stepLimit: task.stepLimit,
          subgoals: task.subgoals,
          source: `paper 003, Table 9 (${task.summary}); ${type} instruction; setting ${setting.id}`,
          home: SEMGRO_TRAINING_HOME,
          prepare: (home, name) => ({ graph: semgroTraining(name, home).settingHome(setting) }),
          check: (home, name) => check(definition, home, name),
          metrics: (run) => metrics(run, setting),
        };
        return definition;
      }),
    ),
  );
}

export const SEMGRO_TASK_DEFINITIONS: readonly TaskDefinition[] = definitionsOf(SEMGRO_FAMILY, SEMGRO_SETTINGS);
export const SEMGRO_NONE_TASK_DEFINITIONS: readonly TaskDefinition[] = definitionsOf(SEMGRO_NONE_FAMILY, [
  NONE_SETTING,
]);
