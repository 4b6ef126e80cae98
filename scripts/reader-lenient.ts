/**
 * The measurement behind docs/reader.md's robustness decision (round four): should the goal reader let words it does
 * not know pass where they look like filler, rather than refuse the sentence? The alternative measured here ("lenient")
 * reads a text the reader refuses again with a comma- or dash-separated part at the start or end of a sentence set
 * aside, where that part names nothing the catalog knows (no thing, room or dish), holds no number and no word of a
 * closed list of function words that can change a goal (negation, exception, condition, alternative, quantifier,
 * place, order). That is the most a reader can check of a word it does not know: its position and its company.
 *
 * It is run on three sets: every rewording set (it changes no reading the reader makes, by construction: it only reads
 * texts the reader refuses), filler it has not seen (interjections, vocatives, thanks not in the reader's lists:
 * reading them is the gain), and parts that change the goal in words no goal holds (a state, a manner that matters, a
 * time: reading them without it is a loss, a goal that asks for less than was said).
 *
 *   npx tsx scripts/reader-lenient.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { classifyRewording, type ReadOutcome } from '../src/language/goal-compare.js';
import { readGoal } from '../src/language/index.js';
import { normalizeSentence, sentenceTexts } from '../src/language/normalize.js';
import { resolveNoun } from '../src/language/nouns.js';

/** Words that can change a goal wherever they stand: a part holding one is never set aside. */
const FUNCTION_WORDS = new Set(
  (
    'not no never except but only unless if when until before after or instead otherwise either neither nor without ' +
    'half most all every each both some any none first last then again twice more less too also other another same ' +
    'different one ones it them this that these those there here in on into onto under over behind beside next near ' +
    'inside outside upstairs downstairs off out up down away back left right top bottom front'
  ).split(' '),
);
const DISHES = /\b(?:sandwich|sandwiches|salad|salads|breakfast|toast|coffee)\b/i;

/** Whether a part of a sentence may be set aside by the lenient rule. */
function fillerLike(part: string): boolean {
  const words = normalizeSentence(part).tokens.filter((w) => w !== ',');
  if (words.length === 0 || words.length > 4 || DISHES.test(part)) return false;
  for (let i = 0; i < words.length; i++) {
    if (FUNCTION_WORDS.has(words[i]) || /^\d+$/.test(words[i])) return false;
    for (let j = i + 1; j <= Math.min(words.length, i + 3); j++) if (resolveNoun(words.slice(i, j))) return false;
  }
  return true;
}

/** The text with filler-like edge parts of its sentences set aside, where the reader refuses it. */
function lenient(text: string): ReadOutcome {
  const strict = readGoal(text);
  if (strict.ok) return { ok: true, goal: strict.goal };
  const sentences = sentenceTexts(text).map((sentence) => {
    const parts = sentence.split(/\s*,\s*|\s+[-–—]+\s+/);
    if (parts.length < 2) return sentence;
    const end = /[.!?;]$/.test(parts.at(-1)!) ? parts.at(-1)!.slice(-1) : '';
    const trimmed = [...parts];
    if (fillerLike(trimmed[0])) trimmed.shift();
    if (trimmed.length > 1 && fillerLike(trimmed.at(-1)!.replace(/[.!?;]$/, ''))) trimmed.pop();
    const joined = trimmed.join(', ');
    return /[.!?;]$/.test(joined) ? joined : `${joined}${end}`;
  });
  const again = readGoal(sentences.join(' '));
  return again.ok ? { ok: true, goal: again.goal } : { ok: false, reason: again.reason };
}

const strictOutcome = (text: string): ReadOutcome => {
  const r = readGoal(text);
  return r.ok ? { ok: true, goal: r.goal } : { ok: false, reason: r.reason };
};

/** Filler the reader's lists do not hold, around requests it reads (reading them is the gain). */
const UNSEEN_FILLER: readonly [usual: string, reworded: string][] = [
  ['Put the apple in the fridge.', 'Put the apple in the fridge, bless you.'],
  ['Turn off the tv.', 'Gadzooks, turn off the TV.'],
  ['Open the fridge.', 'Cor, open the fridge.'],
  ['Make a sandwich.', 'Strewth, make a sandwich.'],
  ['Put the milk in the fridge.', 'Put the milk in the fridge, old chap.'],
  ['Make coffee.', 'Comrade, make me a coffee.'],
  ['Water the plant.', 'Yo, water the plant.'],
  ['Close the microwave.', 'Aight, close the microwave.'],
  ['Turn on the radio.', 'Turn on the radio, innit.'],
  ['Put the book on the desk.', 'Put the book on the desk, ta very much.'],
  ['Turn off all table lamps.', 'Turn off all the table lamps, captain.'],
  ['Clean the mug.', 'Wash the mug, lol.'],
  ['Put the mug in the sink.', 'Bruv, put the mug in the sink.'],
  ['Turn on the tv.', 'Righto, turn the TV on.'],
  ['Make toast.', 'Make toast, my liege.'],
  ['Open the microwave.', 'Open the microwave, ya know.'],
];

/** A part that changes the goal in words no goal holds (reading the rest is a loss: refusing is right). */
const CHANGED_GOAL: readonly string[] = [
  'Put the apple in the fridge, unwashed.',
  'Put the shirt in the closet, folded.',
  'Put the plates in the kitchen cabinet, stacked.',
  'Heat the milk, lukewarm.',
  'Make toast, lightly.',
  'Make a coffee, decaf.',
  'Make a coffee, black.',
  'Make a sandwich, vegetarian.',
  'Put the wine in the fridge, unopened.',
  'Put the chicken in the fridge, wrapped.',
  'Open the window, slightly.',
  'Turn the TV on, muted.',
  'Put the apples in the fridge, separately.',
  'Put the books on the bookshelf, alphabetically.',
  'Put the remote control on the sofa, tomorrow.',
  'Water the plant, sparingly.',
  'Turn on the radio, loudly.',
  'Put the towel in the bathroom cabinet, dry.',
  'Wash the plate, twice.',
  'Put the cupcake on a plate, sliced.',
  'Tomorrow, put the remote control on the sofa.',
  'Alternatively, put the apple on the kitchen table.',
  'Separately, put the apples in the fridge.',
  'Unopened, the wine goes in the fridge.',
];

const tally = () => ({ same: 0, different: 0, refused: 0 });
const sets = readdirSync(new URL('../test/fixtures/', import.meta.url)).filter((f) => /^rewordings.*\.jsonl$/.test(f));
const all = { strict: tally(), lenient: tally() };
for (const file of sets) {
  for (const line of readFileSync(new URL(`../test/fixtures/${file}`, import.meta.url), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const pair = JSON.parse(line) as { usual: string; reworded: string };
    const usual = strictOutcome(pair.usual);
    for (const [name, read] of [
      ['strict', strictOutcome],
      ['lenient', lenient],
    ] as const) {
      const verdict = classifyRewording(usual, read(pair.reworded));
      if (verdict !== 'usual-unread') all[name][verdict]++;
    }
  }
}
const filler = { strict: tally(), lenient: tally() };
for (const [usual, reworded] of UNSEEN_FILLER) {
  const u = strictOutcome(usual);
  for (const [name, read] of [
    ['strict', strictOutcome],
    ['lenient', lenient],
  ] as const) {
    const verdict = classifyRewording(u, read(reworded));
    if (verdict !== 'usual-unread') filler[name][verdict]++;
  }
}
const changed = { strict: 0, lenient: 0 };
const misread: string[] = [];
for (const text of CHANGED_GOAL) {
  if (strictOutcome(text).ok) changed.strict++;
  if (lenient(text).ok) {
    changed.lenient++;
    misread.push(text);
  }
}
const row = (t: { same: number; different: number; refused: number }) => `${t.same} / ${t.different} / ${t.refused}`;
console.log(`every rewording set (${sets.length} files), same / different / refused:`);
console.log(`  strict  ${row(all.strict)}\n  lenient ${row(all.lenient)}`);
console.log(`filler the reader's lists do not hold (${UNSEEN_FILLER.length} pairs), same / different / refused:`);
console.log(`  strict  ${row(filler.strict)}\n  lenient ${row(filler.lenient)}`);
console.log(
  `parts that change the goal in words no goal holds (${CHANGED_GOAL.length} texts), read (a goal short of it):`,
);
console.log(`  strict  ${changed.strict}\n  lenient ${changed.lenient}`);
for (const text of misread) console.log(`    ${text}`);
