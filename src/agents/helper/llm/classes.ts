/**
 * HELPER's LLM class mapper (paper 001: an unknown class is mapped to the nearest known one): the offline mapper
 * first (the catalog's names and aliases, the lexicon, spelling; `../classes.ts`), with no call when it maps; when it
 * does not, the model is asked which catalog class is the same kind of thing or the nearest
 * (`prompts/helper/classes.txt`), given the catalog's object classes as candidates: all of them while the list is
 * short (`MAX_CANDIDATE_CHARACTERS`), else the `NEAREST_CANDIDATES` nearest in spelling. The first line of the answer
 * is read against the catalog; "none" leaves the class unknown (its steps are dropped), and so does a line that
 * names no catalog class (rejected with its reason). Every asked mapping is recorded with the model's words.
 */
import type { LanguageModel } from '../../../llm/language-model.js';
import { CATALOG, isCityClass } from '../../../sim/catalog/index.js';
import { editDistance } from '../../../util/edit-distance.js';
import { classWords, mapClassOffline } from '../classes.js';
import type { ClassMapper, RoleAnswer, RoleRecord } from '../roles.js';
import { askOnce, HelperLlmRole } from './common.js';

/** The candidate list is the whole catalog while it is at most this long (about 350 tokens today). */
export const MAX_CANDIDATE_CHARACTERS = 2000;
/** Otherwise, the candidates nearest in spelling. */
export const NEAREST_CANDIDATES = 40;
const MAX_TOKENS = 16;

/** Catalog classes a program may name (rooms, the robot and the building's structure left out). */
const OBJECT_CLASSES = CATALOG.filter(
  (c) => !['room', 'structure', 'agent'].includes(c.kind) && !isCityClass(c.name),
).map((c) => c.name);

/** The names the model chooses among for a written class. */
export function candidateNames(written: string): string[] {
  if (OBJECT_CLASSES.join(', ').length <= MAX_CANDIDATE_CHARACTERS) return [...OBJECT_CLASSES];
  const key = classWords(written).join('');
  return OBJECT_CLASSES.map((name, index) => ({ name, index, distance: editDistance(key, name.replace(/_/g, '')) }))
    .sort((a, b) => a.distance - b.distance || a.index - b.index)
    .slice(0, NEAREST_CANDIDATES)
    .map((c) => c.name);
}

export class LlmClassMapper extends HelperLlmRole implements ClassMapper {
  readonly implementation = 'llm';

  constructor(llm: LanguageModel, seed: number) {
    super(llm, seed, 3);
  }

  prompt(written: string): string {
    return this.prompts.render('classes', { written, candidates: candidateNames(written).join(', ') });
  }

  async map(written: string): Promise<RoleAnswer<string | undefined>> {
    const offline = mapClassOffline(written);
    if (offline) {
      return {
        value: offline.className,
        record: { role: 'class-mapper', implementation: 'offline', notes: { written, by: offline.by } },
      };
    }
    const asked = await askOnce(this.llm, this.prompt(written), { maxTokens: MAX_TOKENS, seed: this.nextSeed() });
    if ('overflow' in asked) {
      return {
        value: undefined,
        record: { role: 'class-mapper', implementation: 'llm', invalid: asked.overflow, notes: { written } },
      };
    }
    const read = readClassAnswer(asked.text);
    const record: RoleRecord = {
      role: 'class-mapper',
      implementation: 'llm',
      output: asked.text,
      ...('reason' in read && { rejected: [{ line: 1, text: read.text, reason: read.reason }] }),
      notes: { written, by: 'llm', mapped: 'className' in read ? (read.className ?? 'none') : 'unknown' },
    };
    return { value: 'className' in read ? read.className : undefined, record };
  }
}

/** The class an answer names (undefined for "none"), or why it names none. */
export function readClassAnswer(text: string): { className: string | undefined } | { text: string; reason: string } {
  const line = text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !l.startsWith('```'));
  if (line === undefined) return { text: '', reason: 'the answer is empty' };
  const name = line
    .replace(/^(?:[-*•]\s*|\d+[.)]\s*|class\s*:\s*)/i, '')
    .replace(/[.!?,;:"'`]+/g, ' ')
    .trim();
  if (/^none\b/i.test(name)) return { className: undefined };
  const mapped = name === '' ? undefined : mapClassOffline(name);
  return mapped ? { className: mapped.className } : { text: line, reason: 'not a class of the catalog' };
}
