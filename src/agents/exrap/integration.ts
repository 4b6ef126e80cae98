/**
 * Eq. 12 of ExRAP: the skill maximising w_R * v_R(z) + w_T * v_T(z), with Table A.4's weights (w_R = 0.01 for
 * exploitation, w_T = 1.0 for exploration). Both offline values are on [0, 1] (docs/exrap.md: why that makes the
 * paper's weights meaningful offline). Ties (within 1e-12) go to the higher exploitation value, then to the earlier
 * candidate: candidates come in the skill set's deterministic order, so the choice is reproducible.
 */

export interface IntegrationWeights {
  readonly exploitation: number;
  readonly exploration: number;
}

/** Table A.4. */
export const PAPER_WEIGHTS: IntegrationWeights = { exploitation: 0.01, exploration: 1.0 };

const TIE = 1e-12;

export interface IntegratedChoice {
  /** Index of the chosen candidate. */
  readonly index: number;
  /** w_R * v_R + w_T * v_T per candidate. */
  readonly scores: Float64Array;
}

export function integrate(
  exploitation: ArrayLike<number>,
  exploration: ArrayLike<number> | undefined,
  weights: IntegrationWeights = PAPER_WEIGHTS,
): IntegratedChoice {
  const n = exploitation.length;
  if (exploration && exploration.length !== n) {
    throw new RangeError(`integration: ${n} exploitation values but ${exploration.length} exploration values`);
  }
  if (n === 0) throw new RangeError('integration: no candidate skill');
  const scores = new Float64Array(n);
  let best = 0;
  for (let i = 0; i < n; i++) {
    scores[i] = weights.exploitation * exploitation[i] + (exploration ? weights.exploration * exploration[i] : 0);
    if (i === 0) continue;
    const diff = scores[i] - scores[best];
    if (diff > TIE || (Math.abs(diff) <= TIE && exploitation[i] > exploitation[best] + TIE)) best = i;
  }
  return { index: best, scores };
}
