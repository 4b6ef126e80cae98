/**
 * Execution noise of the episodic protocol (`--slip P`): each manipulation skill (grab, put, putin, open, close,
 * switchon, switchoff) that the simulator would carry out fails instead with probability P, with no effect and an
 * error feedback, as DANLI's real failures do ("manipulation failed", no effect observed: paper 004, Figure 7 and
 * section 4.4.2). Walking never slips (DANLI's navigation failures come from its camera and map, which hearth does
 * not simulate).
 *
 * The draws are a pure function of the episode seed and the step index: the draw of step t is
 * `new Rng(seed).fork('slip').fork(t).next()`, so every agent on the same (home, task, seed) meets the same failure
 * stream (a manipulation at step t slips for all of them or for none), whatever it did before, and runs reproduce.
 * P = 0 (the default) draws nothing and leaves every result as it was without noise.
 */
import { formatSkill, type Skill } from '../../sim/skill.js';
import { executeSkill, type SkillOutcome } from '../../sim/skill-sets.js';
import { InputError } from '../../util/errors.js';
import { Rng } from '../../util/rng.js';
import type { EpisodeWorld } from '../environment.js';

/** The skills that may slip: every VirtualHome skill that manipulates an object. */
export const MANIPULATION_SKILLS: ReadonlySet<string> = new Set([
  'grab',
  'put',
  'putin',
  'open',
  'close',
  'switchon',
  'switchoff',
]);

/** Whether the skill taken at step t slips (fails with no effect although the simulator would carry it out). */
export type SlipModel = (t: number, skill: Skill) => boolean;

/** No noise. */
export const NO_SLIPS: SlipModel = () => false;

/** Checks a slip probability (a flag value or a spec field); `where` names it in the error. */
export function checkSlip(p: unknown, where = '--slip'): number {
  const value = typeof p === 'string' && p.trim() !== '' ? Number(p) : p;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value >= 1) {
    throw new InputError(`${where}: '${String(p)}' is not a probability in [0, 1)`);
  }
  return value;
}

/** The seeded slip model of an episode (see the module comment). */
export function seededSlips(p: number, seed: number): SlipModel {
  checkSlip(p, 'slip');
  if (p === 0) return NO_SLIPS;
  const root = new Rng(seed).fork('slip');
  return (t, skill) => MANIPULATION_SKILLS.has(skill.action) && root.fork(t).next() < p;
}

/**
 * Runs a skill in the episode's world under a slip model. A skill drawn to slip is first tried on a copy of the
 * world: if the simulator would carry it out, the world is left exactly as it was (a copy, not the journal's
 * rollback, which would reorder the node's states) and a failure is reported; a skill that fails anyway keeps its
 * own error.
 */
export function stepWithSlips(env: EpisodeWorld, skill: Skill, t: number, slips: SlipModel): SkillOutcome {
  if (!slips(t, skill)) return env.step(skill);
  const trial = executeSkill(env.graph.clone(), env.characterId, skill, env.skills, env.adjacent);
  if (!trial.success) return trial;
  const text = formatSkill(skill, (id) => env.graph.node(id)?.className);
  return {
    success: false,
    error: `${text}: the ${skill.action} slipped, no effect (manipulation failed)`,
    errorKind: 'other',
  };
}
