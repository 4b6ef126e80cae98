/**
 * The reader's own split of the people's-words families (docs/reader.md, "How the reader was developed on people's
 * words"): develop on one part, measure the other only at the end of a round, as an honest estimate of the held-out
 * corpora nobody here sees. A text goes to a part by a stable hash of its unit, so that what belongs together stays
 * together: ALFRED's three crowd annotations of one trial (and LLM-Planner's text of a trial) by the trial, a TEACh
 * text by its game (the source id's hash before `_`: one game of the file has two sessions). About 70% of the units
 * develop, 30% are held out.
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

/**
 * The salt of TEACh's games: the first of the series `held-out-0:`, `held-out-1:`, ... that puts the nine dialogues read
 * before the split was made (the file's first nine lines, seen while reading the data's format) in the development
 * part; it holds out 47 of the 144 games (40 scored, 7 counted apart).
 */
const TEACH_SALT = 'held-out-25:';

/** The unit a text's id belongs to: its ALFRED trial (`trial_T...`), its TEACh game, or the id itself. */
export function splitUnit(id: string): string {
  const trial = id.split('/').find((part) => part.startsWith('trial_'));
  if (trial) return trial;
  if (id.startsWith('teach-human/')) return `${TEACH_SALT}${(id.split('/').pop() ?? id).split('_')[0]}`;
  return id;
}

/** The part a text's id falls in. */
export function partOf(id: string): Part {
  const unit = splitUnit(id);
  // TEACh's games: held out from the bottom of the hash's range, as the split was first made (the salt's series was
  // searched with it)
  if (unit.startsWith(TEACH_SALT)) return fnv1a(unit) % 100 < 100 - DEVELOP_PERCENT ? 'held-out' : 'develop';
  return fnv1a(unit) % 100 < DEVELOP_PERCENT ? 'develop' : 'held-out';
}
