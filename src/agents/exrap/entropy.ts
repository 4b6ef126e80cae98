/**
 * Binary probabilities as ExRAP's query responses use them: "Yes: p, No: 1 - p". Entropy is in bits, so a response
 * of 50% carries one bit of uncertainty and a sure one none (eq. 6, 10, 11).
 */

/** The uninformed response: what the evaluator answers with no evidence (maximum entropy). */
export const UNINFORMED = 0.5;

/** Entropy of a yes/no response in bits: 0 for p in {0, 1}, 1 for p = 0.5. */
export function binaryEntropy(p: number): number {
  if (!(p > 0 && p < 1)) return 0;
  const q = 1 - p;
  return -(p * Math.log2(p) + q * Math.log2(q));
}

/** Clamps to [0, 1] (sums of rounded products can leave it by an ulp). */
export const clamp01 = (x: number): number => (x < 0 ? 0 : Math.min(x, 1));
