/** Reading SemGro's model answers, and the pieces its prompts are written from. */
import type { Example } from '../roles.js';

/** "1. a 2. b 3. c" (the paper's way of writing skill steps on one line). */
export const numbered = (steps: readonly string[]): string => steps.map((s, i) => `${i + 1}. ${s}`).join(' ');

/** The examples as the prompts show them: "Task: ..." and "Skill steps: 1. ... 2. ...". */
export function exampleLines(examples: readonly Example[]): string {
  return examples.map((e) => `Task: ${e.text}\nSkill steps: ${numbered(e.plan)}`).join('\n\n');
}

/**
 * The first non-empty line of an answer without list marks, quotes or a final full stop ("1. Walk Apple." -> "walk
 * apple"); lower case and single spaces unless `keepCase`.
 */
export function firstLine(text: string, options: { keepCase?: boolean } = {}): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  let out = line
    .trim()
    .replace(/^(\d+[.)]|[-*•])\s*/, '')
    .replace(/^["'`]+|["'`]+$/g, '')
    .replace(/[.;,]+$/, '')
    .trim();
  if (!options.keepCase) out = out.toLowerCase().replace(/\s+/g, ' ');
  return out;
}

/** "executable: True" / "executable: False" and the feedback line; undefined when there is no verdict. */
export function parseVerdict(text: string): { executable: boolean; feedback: string } | undefined {
  const verdict = /executable\s*[:=]\s*(true|false|yes|no)\b/i.exec(text);
  if (!verdict) return undefined;
  const feedback = /feedback\s*[:=]\s*(.*)/i.exec(text)?.[1]?.trim() ?? '';
  return { executable: /^(true|yes)$/i.test(verdict[1]), feedback };
}
