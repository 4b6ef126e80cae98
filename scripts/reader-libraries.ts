/**
 * The measurement behind docs/reader.md's library decision: compromise and wink-nlp (npm) against the goal reader's
 * hand-written normalisation (`src/language/normalize.ts`) for what the issue names them for: contractions,
 * number words, lemmas (the gerund after "would you mind"), sentence splitting. For each, the library does that one
 * step in place of hearth's and the rewording sets are read again; plus load time, time per call and size on disk.
 * Neither library is a dependency of hearth: install them beside it first, without saving:
 *
 *   npm install --no-save compromise wink-nlp wink-eng-lite-web-model && npx tsx scripts/reader-libraries.ts
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { classifyRewording, type ReadOutcome } from '../src/language/goal-compare.js';
import { readGoal } from '../src/language/index.js';
import { sentenceTexts } from '../src/language/normalize.js';

const require = createRequire(import.meta.url);

interface Pair {
  category: string;
  usual: string;
  reworded: string;
}
const pairs: Pair[] = [
  'rewordings.jsonl',
  'rewordings-check.jsonl',
  'rewordings-third.jsonl',
  'rewordings-fourth.jsonl',
  'rewordings-fifth.jsonl',
  'rewordings-sixth.jsonl',
  'rewordings-seventh.jsonl',
].flatMap((file) =>
  readFileSync(new URL(`../test/fixtures/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Pair),
);

const outcome = (text: string): ReadOutcome => {
  const r = readGoal(text);
  return r.ok ? { ok: true, goal: r.goal } : { ok: false, reason: r.reason };
};
/** Same goal as the usual form when the reworded text is first rewritten by `rewrite`. */
function accuracy(rewrite: (text: string) => string): { same: number; different: number; refused: number } {
  const tally = { same: 0, different: 0, refused: 0 };
  for (const p of pairs) {
    const verdict = classifyRewording(outcome(p.usual), outcome(rewrite(p.reworded)));
    if (verdict !== 'usual-unread') tally[verdict]++;
  }
  return tally;
}

function sizeOf(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? sizeOf(path) : statSync(path).size;
  }
  return total;
}
const packageDir = (name: string) => join(process.cwd(), 'node_modules', name);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const t0 = process.cpuUsage();
const nlp = require('compromise');
nlp('warm up');
const compromiseLoad = cpuMs(t0);
const t1 = process.cpuUsage();
const winkNLP = require('wink-nlp');
const model = require('wink-eng-lite-web-model');
const wink = winkNLP(model);
const its = wink.its;
wink.readDoc('warm up');
const winkLoad = cpuMs(t1);

const dialogueFree = (text: string) => !text.includes('<');
/** The whole text after compromise changes one kind of term in place. */
/** The part of a compromise document this script uses. */
interface CompromiseDoc {
  contractions(): { expand(): void };
  numbers(): { toNumber(): void };
  verbs(): { toInfinitive(): void };
  text(): string;
}
const compromise = (change: (doc: CompromiseDoc) => void) => (text: string) => {
  if (!dialogueFree(text)) return text;
  const doc: CompromiseDoc = nlp(text);
  change(doc);
  return doc.text();
};
const compromiseContractions = compromise((doc) => doc.contractions().expand());
const compromiseNumbers = compromise((doc) => doc.numbers().toNumber());
const compromiseInfinitive = compromise((doc) => doc.verbs().toInfinitive());
const winkLemmas = (text: string) =>
  dialogueFree(text)
    ? wink
        .readDoc(text)
        .tokens()
        .out(its.lemma)
        .join(' ')
        .replace(/ ([,.?!])/g, '$1')
    : text;

console.log(`rewording pairs: ${pairs.length} (the three sets)`);
console.log(`hearth's normalisation alone:            ${JSON.stringify(accuracy((t) => t))}`);
console.log(`compromise contractions().expand() first: ${JSON.stringify(accuracy(compromiseContractions))}`);
console.log(`compromise numbers().toNumber() first:    ${JSON.stringify(accuracy(compromiseNumbers))}`);
console.log(`compromise verbs().toInfinitive() first:  ${JSON.stringify(accuracy(compromiseInfinitive))}`);
console.log(`wink-nlp lemmas of every token first:     ${JSON.stringify(accuracy(winkLemmas))}`);

// gerunds after framing: the base form each gives
const gerunds = [
  'putting',
  'placing',
  'switching',
  'turning',
  'storing',
  'heating',
  'grabbing',
  'setting',
  'shutting',
  'microwaving',
  'toasting',
  'watering',
  'rinsing',
  'stashing',
  'emptying',
];
const { baseOfGerund } = await import('../src/language/normalize.js');
const right = (f: (g: string) => string | undefined) =>
  gerunds.filter(
    (g) =>
      f(g) ===
      g
        .replace(/ing$/, '')
        .replace(/(.)\1$/, '$1')
        .replace(/^(plac|stor|microwav|rins)$/, '$1e')
        .replace(/^empty$/, 'empty')
        .replace(/^emptyi$/, 'empty'),
  ).length;
const compromiseBase = (g: string) => compromiseInfinitive(`would you mind ${g} it`).split(' ').at(-2);
const winkBase = (g: string) => wink.readDoc(`would you mind ${g} it`).tokens().out(its.lemma).at(-2);
console.log(
  `\ngerund -> base form, of ${gerunds.length}: hearth ${right(baseOfGerund)}, compromise ${right(compromiseBase)}, wink-nlp ${right(winkBase)}`,
);
console.log(`  compromise: ${gerunds.map(compromiseBase).join(' ')}`);
console.log(`  wink-nlp:   ${gerunds.map(winkBase).join(' ')}`);

// contractions and number words, side by side
const { tokens } = await import('../src/language/normalize.js');
const samples = [
  "I'd like a sandwich",
  "Let's put the apple away",
  "Close it, won't you",
  "I can't find the mug",
  "It's in the fridge",
  "Don't forget to water the plant",
  "I'm hungry",
  "They're on the desk",
  "I'd rather have coffee",
  "What's in the fridge",
  'Put a couple of apples in the fridge',
  'Make three slices of toast',
  'Put both mugs in the sink',
];
console.log('\ncontractions and number words (hearth | compromise contractions + numbers):');
for (const text of samples) {
  console.log(
    `  ${text.padEnd(40)} ${tokens(text).join(' ').padEnd(44)} | ${compromiseNumbers(compromiseContractions(text))}`,
  );
}

// sentence splitting on the multi-sentence texts
const multi = pairs.map((p) => p.reworded).filter((t) => dialogueFree(t) && /[.?!]\s+\S/.test(t.trim()));
const agree = (f: (t: string) => string[]) =>
  multi.filter((t) => JSON.stringify(f(t).map((s) => s.trim())) === JSON.stringify(sentenceTexts(t))).length;
console.log(
  `\nsentence splits equal to hearth's on ${multi.length} multi-sentence texts: compromise ${agree((t) => nlp(t).sentences().out('array'))}, wink-nlp ${agree((t) => wink.readDoc(t).sentences().out())}`,
);

// cost
const texts = pairs.map((p) => p.reworded).filter(dialogueFree);
const per = (f: (t: string) => unknown) => {
  for (const t of texts) f(t);
  const start = process.cpuUsage();
  for (let i = 0; i < 3; i++) for (const t of texts) f(t);
  return (cpuMs(start) / (3 * texts.length)).toFixed(3);
};
console.log(
  `\nload (CPU time, first call included): compromise ${compromiseLoad.toFixed(0)} ms, wink-nlp with its English model ${winkLoad.toFixed(0)} ms`,
);
console.log(
  `per text (CPU time): hearth's readGoal (whole reading) ${per(readGoal)} ms; compromise parse + contractions ${per(compromiseContractions)} ms; wink-nlp readDoc + lemmas ${per(winkLemmas)} ms`,
);
console.log(
  `size on disk: compromise ${mib(sizeOf(packageDir('compromise')))} (+ its dependencies), wink-nlp ${mib(sizeOf(packageDir('wink-nlp')))} + model ${mib(sizeOf(packageDir('wink-eng-lite-web-model')))}`,
);
