/**
 * ExRAP's decision at one step as a trace record (src/util/decisions.ts), for the dashboard's episode viewer: each
 * query's P(q | G_t), entropy, refined prior and the memory facts retrieved for it; the pending executions; and the
 * best-scored allowed skills with their exploitation value v_R, exploration value v_T and eq. 12's score, and the
 * skill taken (the best one, or an idle walk when nothing was worth a step).
 */
import { quadrupleText } from '../../memory/quadruple.js';
import type { Observation } from '../../sim/observation.js';
import { formatSkill, type Skill } from '../../sim/skill.js';
import type { QueryEvaluation } from './roles.js';

/** What the agent decided at a step (kept for tests, traces and the decision benchmark). */
export interface ExrapDecision {
  readonly t: number;
  readonly evaluations: readonly QueryEvaluation[];
  readonly pending: readonly string[];
  readonly exploitation: Float64Array;
  readonly exploration: Float64Array | undefined;
  readonly scores: Float64Array;
  readonly skill: Skill;
}

/** The best-scored skills kept per step (with the chosen one): enough to see why, without every allowed skill. */
const KEPT_SKILLS = 12;

/** Values are kept to 6 decimals, as reports keep metrics. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

export function exrapDecisionRecord(
  decision: ExrapDecision,
  candidates: readonly Skill[],
  observation: Observation,
): { readonly [field: string]: unknown } {
  const classes = new Map(observation.nodes.map((node) => [node.id, node.className]));
  const name = (skill: Skill) => formatSkill(skill, (id) => classes.get(id));
  return {
    queries: decision.evaluations.map((evaluation) => ({
      id: evaluation.query.id,
      instruction: evaluation.query.instruction,
      text: evaluation.query.instructionText,
      p: round(evaluation.p),
      entropy: round(evaluation.entropy),
      prior: round(evaluation.prior),
      reused: evaluation.reused,
      retrieved: evaluation.retrieved.map(quadrupleText),
    })),
    pending: [...decision.pending],
    allowed: candidates.length,
    skills: bestIndices(decision.scores, KEPT_SKILLS).map((i) => ({
      skill: name(candidates[i]),
      vR: round(decision.exploitation[i]),
      vT: decision.exploration ? round(decision.exploration[i]) : null,
      score: round(decision.scores[i]),
    })),
    chosen: name(decision.skill),
  };
}

/** Indices of the `k` highest scores, best first (ties in candidate order). */
function bestIndices(scores: Float64Array, k: number): number[] {
  const order = Array.from(scores, (_, i) => i);
  order.sort((a, b) => scores[b] - scores[a] || a - b);
  return order.slice(0, k);
}
