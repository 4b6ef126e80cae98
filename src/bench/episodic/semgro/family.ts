/**
 * The `semgro` task family (paper 003, section 4): 5 tasks x 4 instruction types on the 15 shifted settings of a
 * training home (300 tasks: `semgro/<setting>/<task>/<instruction type>`, e.g. `semgro/ol-2/fruits-on-table/structured`),
 * and `semgro-none`, the same 20 on the training home itself (Table 3's None). The home a run names is the training
 * home (`--homes`; the family's `gen:2718` when none is named): each task is bound in its setting of that home
 * (`settings.ts`), and its agents are given the skill database learnt there, and the LLM baselines in-context
 * examples drawn from it (`semgroDemonstrations`). Metrics beyond the protocol's: `metrics.ts`.
 */

import type { DemonstrationLibrary } from '../../../agents/demonstrations/library.js';
import { semgroDemonstrations } from '../../../agents/semgro/demonstrations.js';
import type { EnvGraph } from '../../../sim/graph.js';
import type { FamilyRun, PreparedHome, TaskDefinition } from '../task.js';
import { execSkillMetric, iterationMetrics, planMetric, shiftedClasses } from './metrics.js';
import {
  NONE_SETTING,
  SEMGRO_SETTINGS,
  SEMGRO_TRAINING_HOME,
  type SemGroSetting,
  settingHome,
  trainedHome,
  trainingOf,
} from './settings.js';
import { INSTRUCTION_TYPES, SEMGRO_TASKS } from './tasks.js';

export const SEMGRO_FAMILY = 'semgro';
export const SEMGRO_NONE_FAMILY = 'semgro-none';

const LIBRARIES = new Map<string, DemonstrationLibrary>();

/** The home of a setting with what the family gives its agents. */
function prepare(home: EnvGraph, name: string, setting: SemGroSetting): PreparedHome {
  const training = trainingOf(home, name);
  let demonstrations = LIBRARIES.get(name);
  if (!demonstrations) {
    demonstrations = semgroDemonstrations(training.database, training.graph, name);
    LIBRARIES.set(name, demonstrations);
  }
  return {
    graph: settingHome(training, setting).graph,
    resources: { skillDatabase: training.database, demonstrations },
  };
}

function metrics(run: FamilyRun, setting: SemGroSetting): Record<string, number | null> {
  const patients = new Set(run.bound.definition.subgoals.flatMap((s) => s.patient));
  const destinations = new Set(run.bound.definition.subgoals.flatMap((s) => s.destination ?? s.using ?? []));
  const stats = run.agentStats as Parameters<typeof execSkillMetric>[1];
  // The shift is already made (the task was bound through `prepare`), so this looks it up.
  const shift = setting.type === 'none' ? undefined : trainedHome(run.home)?.shifts.get(setting.id);
  return {
    plan: planMetric(run.agent, run.oracle, { patients, destinations }),
    execSkill: execSkillMetric(run.agent, stats),
    ...iterationMetrics(stats, shiftedClasses(shift)),
  };
}

function definitionsOf(family: string, settings: readonly SemGroSetting[]): TaskDefinition[] {
  return settings.flatMap((setting) =>
    SEMGRO_TASKS.flatMap((task) =>
      INSTRUCTION_TYPES.map(
        (type): TaskDefinition => ({
          id: `${SEMGRO_FAMILY}/${setting.id}/${task.id}/${type}`,
          family: family as TaskDefinition['family'],
          text: task.instructions[type],
          stepLimit: task.stepLimit,
          subgoals: task.subgoals,
          source: `paper 003, Table 9 (${task.summary}); ${type} instruction; setting ${setting.id}`,
          home: SEMGRO_TRAINING_HOME,
          prepare: (home, name) => prepare(home, name, setting),
          metrics: (run) => metrics(run, setting),
        }),
      ),
    ),
  );
}

export const SEMGRO_TASK_DEFINITIONS: readonly TaskDefinition[] = definitionsOf(SEMGRO_FAMILY, SEMGRO_SETTINGS);
export const SEMGRO_NONE_TASK_DEFINITIONS: readonly TaskDefinition[] = definitionsOf(SEMGRO_NONE_FAMILY, [
  NONE_SETTING,
]);
