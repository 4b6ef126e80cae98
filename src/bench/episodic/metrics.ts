/**
 * Episodic metrics (PROTOCOLS.md section 2; DANLI 4.1; LLM-State Table I; EAI's error categories):
 *
 * - SR: 1 when every goal condition holds when the episode ends (goal reached, or the step limit), else 0;
 * - GC: the fraction of goal conditions that hold then;
 * - PLW-SR, PLW-GC: the metric times L* / max(L, L*), L the agent's steps and L* the Oracle's (DANLI's formula);
 * - AS: the agent's steps L (averaged over episodes by the report);
 * - Exec: executed (successful) skills / attempted skills;
 * - per EAI category, the count of failed steps: missing step, affordance, unseen object, additional step (the
 *   effect already held), wrong temporal order, other.
 */
import type { ErrorKind } from '../../sim/actions/descriptors.js';
import type { EnvGraph } from '../../sim/graph.js';
import type { Skill } from '../../sim/skill.js';

/** One step as the metrics see it. */
export interface StepOutcome {
  readonly action: string;
  /** Class of the skill's target (its last object), for action goals. */
  readonly targetClass?: string;
  readonly success: boolean;
  readonly errorKind?: string;
}

/** A skill taken on `graph` and its outcome, as the metrics and the goal conditions see it. */
export function stepOutcome(
  graph: EnvGraph,
  skill: Skill,
  outcome: { readonly success: boolean; readonly errorKind?: string },
): StepOutcome {
  const target = skill.objects[skill.objects.length - 1];
  return {
    action: skill.action,
    ...(target !== undefined && graph.has(target) && { targetClass: graph.get(target).className }),
    success: outcome.success,
    ...(outcome.errorKind !== undefined && { errorKind: outcome.errorKind }),
  };
}

export { actionGoalsMet } from '../../sim/action-goals.js';

/** EAI's categories, as the metric names carry them. */
export const ERROR_METRICS: Readonly<Record<ErrorKind, string>> = {
  missing_step: 'errMissingStep',
  affordance: 'errAffordance',
  unseen_object: 'errUnseenObject',
  additional_step: 'errAdditionalStep',
  wrong_order: 'errWrongOrder',
  other: 'errOther',
};

export interface EpisodicScore {
  sr: number;
  gc: number;
  plwSr: number | null;
  plwGc: number | null;
  steps: number;
  exec: number | null;
  conditions: number;
  conditionsMet: number;
  errMissingStep: number;
  errAffordance: number;
  errUnseenObject: number;
  errAdditionalStep: number;
  errWrongOrder: number;
  errOther: number;
}

/** The path-length weight L* / max(L, L*) (1 when both are 0). */
export function pathWeight(steps: number, oracleSteps: number): number {
  const longest = Math.max(steps, oracleSteps);
  return longest === 0 ? 1 : oracleSteps / longest;
}

/**
 * Scores an episode from the goal conditions' final truth values, its steps and the Oracle's step count (null when
 * unknown: PLW is then null).
 */
export function scoreEpisode(
  conditions: readonly boolean[],
  steps: readonly StepOutcome[],
  oracleSteps: number | null,
): EpisodicScore {
  if (conditions.length === 0) throw new Error('an episodic task needs at least one goal condition');
  const met = conditions.filter(Boolean).length;
  const sr = met === conditions.length ? 1 : 0;
  const gc = met / conditions.length;
  const L = steps.length;
  const weight = oracleSteps === null ? null : pathWeight(L, oracleSteps);
  const errors: Record<string, number> = Object.fromEntries(Object.values(ERROR_METRICS).map((k) => [k, 0]));
  for (const step of steps) {
    if (step.success) continue;
    const key = ERROR_METRICS[(step.errorKind ?? 'other') as ErrorKind] ?? ERROR_METRICS.other;
    errors[key]++;
  }
  return {
    sr,
    gc,
    plwSr: weight === null ? null : sr * weight,
    plwGc: weight === null ? null : gc * weight,
    steps: L,
    exec: L === 0 ? null : steps.filter((s) => s.success).length / L,
    conditions: conditions.length,
    conditionsMet: met,
    errMissingStep: errors.errMissingStep,
    errAffordance: errors.errAffordance,
    errUnseenObject: errors.errUnseenObject,
    errAdditionalStep: errors.errAdditionalStep,
    errWrongOrder: errors.errWrongOrder,
    errOther: errors.errOther,
  };
}
