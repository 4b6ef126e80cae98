/**
 * HELPER's LLM Locator (paper 001, common-sense object search): the class to find, the dialogue, what the dialogue
 * says about where things are and the program's landmark go to the model (`prompts/helper/locator.txt`), which names
 * up to 3 places, one per line. Each line is read to a catalog class with the offline mapper (`classes.ts`), after
 * list marks, "search near the", "in the" and the like are taken off; a line that names no catalog class, or the
 * class searched for itself, is rejected with its reason. The classes are returned in the model's order (the search
 * takes them in that order, then searches at random); no class at all leaves the random search alone.
 */
import type { LanguageModel } from '../../../llm/language-model.js';
import { mapClassOffline } from '../classes.js';
import type { RejectedLine } from '../program.js';
import type { LocateInput, Locator, RoleAnswer, RoleRecord } from '../roles.js';
import { askOnce, HelperLlmRole, spoken } from './common.js';

/** Places asked for (the paper's search visits 3). */
export const LOCATOR_PLACES = 3;
const MAX_TOKENS = 64;

/** Words a place line may start with before the place's name ("search near the", "inside a", "on top of the"). */
const LEADING = new Set([
  'search',
  'look',
  'check',
  'try',
  'in',
  'inside',
  'into',
  'on',
  'onto',
  'at',
  'near',
  'by',
  'under',
  'beside',
  'behind',
  'around',
  'next',
  'to',
  'top',
  'of',
  'the',
  'a',
  'an',
]);

const RELATION = { IN: 'is in the', ON: 'is on the', NEAR: 'is near the' } as const;

export class LlmLocator extends HelperLlmRole implements Locator {
  readonly implementation = 'llm';

  constructor(llm: LanguageModel, seed: number) {
    super(llm, seed, 2);
  }

  prompt(input: LocateInput): string {
    const hints = input.hints.map((h) => `- the ${spoken(h.className)} ${RELATION[h.relation]} ${spoken(h.host)}`);
    if (input.landmark) hints.push(`- the program says to look near the ${spoken(input.landmark)}`);
    return this.prompts.render('locator', {
      object: `a ${spoken(input.className)}`,
      dialogue: input.dialogue,
      hints: hints.length > 0 ? hints.join('\n') : '(nothing)',
    });
  }

  async locate(input: LocateInput): Promise<RoleAnswer<string[]>> {
    const asked = await askOnce(this.llm, this.prompt(input), { maxTokens: MAX_TOKENS, seed: this.nextSeed() });
    if ('overflow' in asked) {
      return { value: [], record: { role: 'locator', implementation: 'llm', invalid: asked.overflow } };
    }
    const { places, rejected } = readPlaces(asked.text, input.className);
    const record: RoleRecord = {
      role: 'locator',
      implementation: 'llm',
      output: asked.text,
      ...(rejected.length > 0 && { rejected }),
      ...(places.length === 0 && { invalid: 'no place of the catalog in the answer' }),
      notes: { className: input.className, places },
    };
    return { value: places, record };
  }
}

/** The catalog classes of an answer's lines, at most `LOCATOR_PLACES`, and the lines rejected. */
export function readPlaces(text: string, searched: string): { places: string[]; rejected: RejectedLine[] } {
  const places: string[] = [];
  const rejected: RejectedLine[] = [];
  for (const [i, raw] of text.replace(/\r\n/g, '\n').split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || /:$/.test(line) || line.startsWith('```')) continue; // blank, a heading, a fence
    const reject = (reason: string) => rejected.push({ line: i + 1, text: line, reason });
    if (places.length >= LOCATOR_PLACES) {
      reject(`more than ${LOCATOR_PLACES} places`);
      continue;
    }
    const words = line
      .replace(/^(?:[-*•]\s*|\d+[.)]\s*)/, '')
      .replace(/\([^)]*\)/g, ' ')
      .replace(/[.!?,;:"'`]+/g, ' ')
      .trim()
      .split(/\s+/);
    while (words.length > 1 && LEADING.has(words[0].toLowerCase())) words.shift();
    const mapped = words[0] === '' ? undefined : mapClassOffline(words.join(' '));
    if (!mapped) reject('not an object class of the catalog');
    else if (mapped.className === searched) reject('the class searched for itself');
    else if (!places.includes(mapped.className)) places.push(mapped.className);
  }
  return { places, rejected };
}
