/**
 * Names of skills from templates, the offline stand-in for the paper's summarising prompt. A skill is described by
 * what it does (`SkillMeaning`): a placement, heating (in a microwave or a toaster, on a stove), switching, opening
 * or closing, cleaning in a sink, filling with water or coffee, watering a plant; and ALFRED's and TEACh's states
 * (issue 42): slicing with a knife, cooling in a fridge, boiling in a pot, examining under a lamp. Level 2 names the classes ("put
 * apple in fridge", "open kitchencabinet and put apple in kitchencabinet" when its chain opens the destination first,
 * "heat breadslice in toaster", "clean plate in sink", "fill mug with coffee", "water orchid with mug"); levels 3 and
 * 4 name groups with the lexicon's category words when every patient shares one ("put fruit on kitchentable"), and
 * join the rest ("put apple and cupcake in fridge", "put fruit in kitchencabinet and in fridge").
 */
import { categoryWord } from '../../../language/lexicon.js';

export type SkillMeaning =
  | {
      readonly kind: 'place';
      readonly patients: readonly string[];
      readonly relation: 'ON' | 'INSIDE';
      readonly host: string;
      /** The chain opens the destination before putting (level 2 only). */
      readonly opens?: boolean;
      /**
       * Where the catalog keeps things of the class (its hosts and the containers of its kind), not only where the
       * simulator lets them go: conjunctions of such placements are drawn first (`build.ts`). Not part of the name.
       */
      readonly typical?: boolean;
    }
  | { readonly kind: 'heat'; readonly patients: readonly string[]; readonly appliance: string }
  | { readonly kind: 'switch'; readonly patients: readonly string[]; readonly on: boolean }
  | { readonly kind: 'open'; readonly patients: readonly string[]; readonly open: boolean }
  | { readonly kind: 'clean'; readonly patients: readonly string[] }
  | { readonly kind: 'fill'; readonly patients: readonly string[]; readonly content: 'water' | 'coffee' }
  | { readonly kind: 'water'; readonly patients: readonly string[]; readonly vessel: string }
  | { readonly kind: 'slice'; readonly patients: readonly string[]; readonly tool: string }
  | { readonly kind: 'cool'; readonly patients: readonly string[]; readonly appliance: string }
  | { readonly kind: 'boil'; readonly patients: readonly string[]; readonly vessel: string }
  | { readonly kind: 'examine'; readonly patients: readonly string[]; readonly lamp: string };

/** "a", "a and b", "a, b and c". */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The patients as a phrase: their shared category word when there are several and they share one. */
export function patientPhrase(patients: readonly string[]): string {
  const unique = [...new Set(patients)];
  if (unique.length > 1) {
    const words = new Set(unique.map((p) => categoryWord(p)));
    const [word] = words;
    if (words.size === 1 && word !== undefined) return word;
  }
  return joinWords(unique);
}

const preposition = (relation: 'ON' | 'INSIDE') => (relation === 'ON' ? 'on' : 'in');

/** The text of a skill with this meaning. */
export function skillName(meaning: SkillMeaning): string {
  const what = patientPhrase(meaning.patients);
  switch (meaning.kind) {
    case 'place': {
      const put = `put ${what} ${preposition(meaning.relation)} ${meaning.host}`;
      return meaning.opens ? `open ${meaning.host} and ${put}` : put;
    }
    case 'heat':
      return `heat ${what} ${meaning.appliance === 'stove' ? 'on' : 'in'} ${meaning.appliance}`;
    case 'switch':
      return `switch ${meaning.on ? 'on' : 'off'} ${what}`;
    case 'open':
      return `${meaning.open ? 'open' : 'close'} ${what}`;
    case 'clean':
      return `clean ${what} in sink`;
    case 'fill':
      return `fill ${what} with ${meaning.content}`;
    case 'water':
      return `water ${what} with ${meaning.vessel}`;
    case 'slice':
      return `slice ${what} with ${meaning.tool}`;
    case 'cool':
      return `cool ${what} in ${meaning.appliance}`;
    case 'boil':
      return `boil ${what} in ${meaning.vessel}`;
    case 'examine':
      return `examine ${what} under ${meaning.lamp}`;
  }
}

/**
 * The text of a conjunction of skills: one placement phrase when they place the same things in several places or
 * several things in one place, else the parts joined.
 */
export function conjunctionName(parts: readonly SkillMeaning[]): string {
  const places = parts.filter((p): p is Extract<SkillMeaning, { kind: 'place' }> => p.kind === 'place');
  if (places.length === parts.length) {
    const phrases = places.map((p) => patientPhrase(p.patients));
    const targets = places.map((p) => `${preposition(p.relation)} ${p.host}`);
    if (new Set(phrases).size === 1) return `put ${phrases[0]} ${joinWords([...new Set(targets)])}`;
    if (new Set(targets).size === 1) return `put ${joinWords([...new Set(phrases)])} ${targets[0]}`;
  }
  return joinWords(parts.map((p) => skillName({ ...p, ...(p.kind === 'place' && { opens: false }) })));
}
