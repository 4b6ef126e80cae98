/**
 * Pure helpers that turn log-probabilities or sampled answers into the numbers agents use: normalised option
 * probabilities, P(yes)/P(no), and the mapping of a free-text sample to one of a fixed list of options.
 */

/** log(sum(exp(x))) without overflow; -Infinity for an empty list or all -Infinity. */
export function logSumExp(values: readonly number[]): number {
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) if (v > max) max = v;
  if (max === Number.NEGATIVE_INFINITY) return max;
  let sum = 0;
  for (const v of values) sum += Math.exp(v - max);
  return max + Math.log(sum);
}

/** Probabilities proportional to exp(logLikelihood); uniform when every value is -Infinity. */
export function softmax(logLikelihoods: readonly number[]): number[] {
  const total = logSumExp(logLikelihoods);
  if (total === Number.NEGATIVE_INFINITY) return logLikelihoods.map(() => 1 / logLikelihoods.length);
  return logLikelihoods.map((v) => Math.exp(v - total));
}

/** Lower case, trimmed, without SentencePiece/BPE space markers or surrounding punctuation. */
export function normalizeToken(token: string): string {
  return token
    .replace(/[\u2581\u0120]/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
}

export type YesNo = 'yes' | 'no';

/** 'yes' or 'no' when a single token spells that word, else undefined. */
export function yesNoOfToken(token: string): YesNo | undefined {
  const word = normalizeToken(token);
  return word === 'yes' || word === 'no' ? word : undefined;
}

/** The first standalone "yes" or "no" in a sampled answer ("No, the TV is off." -> 'no'), else undefined. */
export function parseYesNoAnswer(text: string): YesNo | undefined {
  const match = /\b(yes|no)\b/i.exec(text);
  return match ? (match[1].toLowerCase() as YesNo) : undefined;
}

/** Continuations whose probabilities add up to P(yes) and P(no) when scoring them after a prompt. */
export const YES_CONTINUATIONS = ['yes', 'Yes', ' yes', ' Yes'] as const;
export const NO_CONTINUATIONS = ['no', 'No', ' no', ' No'] as const;

/** P(yes) and P(no) from unnormalised masses; undefined when both are zero (the answer gave no evidence). */
export function normalizeYesNo(yesMass: number, noMass: number): { pYes: number; pNo: number } | undefined {
  const total = yesMass + noMass;
  if (!(total > 0) || !Number.isFinite(total)) return undefined;
  return { pYes: yesMass / total, pNo: noMass / total };
}

/** Normal form for comparing a generated line with an option: lower case, no list marker, single spaces. */
export function normalizeOptionText(text: string): string {
  return text
    .toLowerCase()
    .replace(/^\s*(?:[-*\u2022]|\d+[.)]|step \d+:?)\s*/, '')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Index of the option a sampled answer names: the longest option whose normal form equals the answer's first
 * non-empty line, starts it, or occurs in it as whole words. -1 when none does.
 */
export function matchOption(answer: string, normalizedOptions: readonly string[]): number {
  const firstLine = answer.split('\n').find((line) => line.trim() !== '') ?? '';
  const said = ` ${normalizeOptionText(firstLine)} `;
  let best = -1;
  let bestLength = 0;
  for (let i = 0; i < normalizedOptions.length; i++) {
    const option = normalizedOptions[i];
    if (option === '' || option.length <= bestLength) continue;
    if (said.includes(` ${option} `)) {
      best = i;
      bestLength = option.length;
    }
  }
  return best;
}

/**
 * Option probabilities estimated from sample counts with additive smoothing `alpha` (so that unsampled options
 * keep a finite log-likelihood); uniform when no sample named an option.
 */
export function probabilitiesFromCounts(counts: readonly number[], alpha: number): number[] {
  let matched = 0;
  for (const c of counts) matched += c;
  const denominator = matched + alpha * counts.length;
  if (!(denominator > 0)) return counts.map(() => 1 / counts.length);
  return counts.map((c) => (c + alpha) / denominator);
}
