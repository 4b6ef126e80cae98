/**
 * The SemGro family's metrics beyond the protocol's SR, GC and Exec (paper 003, section 4):
 *
 * - `plan` (Plan): the longest prefix of the agent's steps that matches the Oracle's steps on the same bound task,
 *   over the Oracle's length (capped at 1). Steps are compared by their action and the role of their objects: a
 *   thing that may serve as a patient of the task (any of the fruits) is "a patient", one that may serve as its
 *   destination "the destination", anything else its class. So putting the peach first where the Oracle put the
 *   apple first still matches; walking to the wrong room does not. Every step the agent took counts, failed ones
 *   included (a plan is judged as planned, whether or not it ran).
 * - `execSkill` (Exec per semantic skill): the share of the skills the agent chose and ran whose whole chain ran
 *   (SemGro's agents report them); for agents that choose one primitive skill at a time, the share of steps that
 *   succeeded. `exec` (the protocol's) is the share per primitive step.
 * - `itersObs`, `itersDom` (Table 3): the critic's iterations (rejections, and chains that failed part-way) per
 *   episode, split by cause: "from the domain shift" when the class at fault is one the setting's shift changed
 *   (moved, its state flipped, or moved with furniture), "from the observation" otherwise (what the task's binding
 *   or the agent's own doing left, what is out of view). Table 3's "Obs. & Dom." row is their sum. Agents without a
 *   critic (the fixed-level ablations bypass it) have none: null.
 */
import type { Shift } from './shift.js';

/** A step as the run records it: `[putin] <apple> (59) <fridge> (18)`. */
export interface RunStep {
  readonly skill: string;
  readonly success: boolean;
}

/** The action and the object classes of a recorded step. */
export function stepParts(skill: string): { action: string; classes: string[] } {
  const action = /^\[([^\]]+)\]/.exec(skill)?.[1] ?? skill;
  const classes = [...skill.matchAll(/<([^>]+)>/g)].map((m) => m[1]);
  return { action, classes };
}

/** Plan (see the module comment). `patients` and `destinations` are the classes of the task's roles. */
export function planMetric(
  agent: readonly RunStep[],
  oracle: readonly RunStep[] | null,
  roles: { readonly patients: ReadonlySet<string>; readonly destinations: ReadonlySet<string> },
): number | null {
  if (!oracle || oracle.length === 0) return null;
  const key = (step: RunStep) => {
    const { action, classes } = stepParts(step.skill);
    const named = classes.map((c) =>
      roles.patients.has(c) ? '<patient>' : roles.destinations.has(c) ? '<destination>' : c,
    );
    return `${action} ${named.join(' ')}`;
  };
  let prefix = 0;
  while (prefix < agent.length && prefix < oracle.length && key(agent[prefix]) === key(oracle[prefix])) prefix++;
  return prefix / oracle.length;
}

interface SemGroStats {
  readonly roles?: { readonly judge?: string };
  readonly skillsRun?: number;
  readonly skillsOk?: number;
  readonly iterations?: readonly { readonly object: string }[];
}

/** Exec per semantic skill (see the module comment). */
export function execSkillMetric(agent: readonly RunStep[], stats: SemGroStats | undefined): number | null {
  if (stats?.skillsRun !== undefined) return stats.skillsRun === 0 ? null : (stats.skillsOk ?? 0) / stats.skillsRun;
  return agent.length === 0 ? null : agent.filter((s) => s.success).length / agent.length;
}

/** The classes a shift changed. */
export function shiftedClasses(shift: Shift | undefined): Set<string> {
  return new Set((shift?.edits ?? []).flatMap((e) => e.classes));
}

/** Iterations per episode by cause; null for agents without a critic (other agents, the fixed-level ablations). */
export function iterationMetrics(
  stats: SemGroStats | undefined,
  shifted: ReadonlySet<string>,
): { itersObs: number | null; itersDom: number | null } {
  if (!stats?.iterations || stats.roles?.judge === 'bypassed') return { itersObs: null, itersDom: null };
  const dom = stats.iterations.filter((i) => shifted.has(i.object)).length;
  return { itersObs: stats.iterations.length - dom, itersDom: dom };
}
