/**
 * The two parts a reader developer splits a people's family into (`hearth read --family teach-human --part ...`): a
 * development part, read text by text while the reader is built, and a self-held-out part, measured only as figures
 * at the end of each round, never shown text by text, as an honest estimate of the held-out splits nobody here sees
 * (docs/reader.md, "How the development texts are split").
 *
 * The split is by a stable hash (FNV-1a) of what must stay together, so that no text of the held-out part shares a
 * source with a development text: for TEACh the game (the source id's hash before `_`, of which one game has two
 * sessions). About 30% is held out.
 */
import { hashString } from '../../../util/rng.js';

export const PARTS = ['develop', 'held-out'] as const;
export type Part = (typeof PARTS)[number];

/** The share of sources held out, in percent. */
const HELD_OUT_PERCENT = 30;

/**
 * The hash's salt. The first of the series `held-out-0`, `held-out-1`, ... that puts the nine TEACh dialogues read
 * before the split was made (the file's first nine lines, seen while reading the data's format) in the development
 * part: it holds out 47 of the 144 games.
 */
const TEACH_SALT = 'held-out-25:';

/** The TEACh game a text belongs to: `teach-human/0196f21923a77e88_288f` -> `0196f21923a77e88`. */
export const teachGameOf = (id: string) => (id.split('/').pop() ?? id).split('_')[0];

/** Which part a TEACh text is in. */
export function teachPart(id: string): Part {
  return hashString(`${TEACH_SALT}${teachGameOf(id)}`) % 100 < HELD_OUT_PERCENT ? 'held-out' : 'develop';
}
