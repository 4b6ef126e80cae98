/**
 * The reader's own split of the people's-words families (docs/reader.md, "How the reader was developed on people's
 * words"): develop on one part, measure the other only at the end of a round, as an honest estimate of the held-out
 * corpora nobody here sees. A text goes to a part by a stable hash of its unit, so that what belongs together stays
 * together: ALFRED's three crowd annotations of one trial (and LLM-Planner's text of a trial) by the trial, a TEACh
 * text by its game. About 70% of the units develop, 30% are held out.
 */
export const PARTS = ['develop', 'held-out'] as const;
export type Part = (typeof PARTS)[number];

/** The share of units, in percent, that develop. */
const DEVELOP_PERCENT = 70;

/** FNV-1a, 32 bits: stable across runs and machines, and enough to spread a few hundred ids. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The unit a text's id belongs to: its ALFRED trial (`trial_T...`), or the id itself (a TEACh game). */
export function splitUnit(id: string): string {
  return id.split('/').find((part) => part.startsWith('trial_')) ?? id;
}

/** The part a text's id falls in. */
export function partOf(id: string): Part {
  return fnv1a(splitUnit(id)) % 100 < DEVELOP_PERCENT ? 'develop' : 'held-out';
}
