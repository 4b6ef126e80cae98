/**
 * Eq. 12 of ExRAP: the skill maximising w_R * v_R(z) + w_T * v_T(z), with Table A.4's weights (w_R = 0.01 for
 * exploitation, w_T = 1.0 for exploration). The roles answer on [0, 1]: v_T is the mean over queries of an entropy
 * in bits times a closeness, v_R a distribution over the candidate skills. The paper's weights only make sense if
 * the LLM's exploitation value is on a scale about 100 times the exploration value's (with both on [0, 1],
 * w_R = 0.01 would leave exploitation a tie-break and the agent would never act), so the exploitation value enters
 * in percent: w_R * 100 * v_R is again on [0, 1] (`EXPLOITATION_SCALE`, docs/exrap.md). Ties (within 1e-12) go to the higher exploitation value, then to the earlier
 * candidate: candidates come in the skill set's deterministic order, so the choice is reproducible.
 */

export interface IntegrationWeights {
  readonly exploitation: number;
  readonly exploration: number;
}

/** Table A.4. */
export const PAPER_WEIGHTS: IntegrationWeights = { exploitation: 0.01, exploration: 1.0 };

/** The exploitation value is read in percent (see the module comment). */
export const EXPLOITATION_SCALE = 100;

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
  exploitationScale = EXPLOITATION_SCALE,
): IntegratedChoice {
  const n = exploitation.length;
  if (exploration && exploration.length !== n) {
    throw new RangeError(`integration: ${n} exploitation values but ${exploration.length} exploration values`);
  }
  if (n === 0) throw new RangeError('integration: no candidate skill');
  const scores = new Float64Array(n);
  let best = 0;
  for (let i = 0; i < n; i++) {
    scores[i] =
      weights.exploitation * exploitationScale * exploitation[i] +
      (exploration ? weights.exploration * exploration[i] : 0);
    if (i === 0) continue;
    const diff = scores[i] - scores[best];
    if (diff > TIE || (Math.abs(diff) <= TIE && exploitation[i] > exploitation[best] + TIE)) best = i;
  }
  return { index: best, scores };
}
