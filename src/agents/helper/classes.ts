/**
 * The offline class mapper: a class as a program writes it ("CoffeeMachine", "BreadSliced", "coffee_table") to
 * hearth's catalog class, in order:
 *
 * 1. the catalog's names and aliases, written in any case, with or without underscores and spaces (the aliases cover
 *    TEACh's AI2-THOR names: CounterTop -> kitchencounter, SinkBasin -> sink);
 * 2. the lexicon, over the CamelCase or snake_case words ("Bread Sliced", "side table"), read as a class name: its
 *    descriptions count only the nouns naming a thing, and only one class alone may have the most of them (a verb
 *    reading has no place here: "Watch" is no TV, "TableTopDecor" no desk);
 * 3. for a name with a word that is no English word (`isEnglishWord`), the catalog name or alias nearest in
 *    spelling, within `MAX_EDITS` edits per 4 letters: a misspelling ("Tomatoe", "microwav") maps, an unrelated word
 *    does not. A name of English words only is spelt as meant and is another thing, however near it is to a class
 *    name: "Saucer" is no sauce bottle, "Cart" no credit card, "GarbageBag" no garbage can. (The offline hash
 *    embedder was tried for this step and dropped: its hashed word features collide, "potatos" came out nearest
 *    "deodorant".)
 *
 * Otherwise the class is unknown: no class rather than a wrong one. The agent records it and drops the steps of its
 * handle; the LLM mapper (`llm/classes.ts`) asks its model about it.
 */

import { resolvePhrase } from '../../language/lexicon.js';
import { CATALOG, catalogClass, isCityClass } from '../../sim/catalog/index.js';
import { editDistance } from '../../util/edit-distance.js';
import { isEnglishWord } from '../../util/english-words.js';
import type { ClassMapper, RoleAnswer } from './roles.js';

/** Edits allowed per 4 letters of the written name (at least 1). */
export const MAX_EDITS = 1;

let names: { name: string; className: string }[] | undefined;

function catalogNames() {
  // The homes' classes only: the delivery city's share the catalog ("blue goods" is no household object).
  names ??= CATALOG.filter((entry) => !isCityClass(entry.name)).flatMap((entry) =>
    [entry.name, ...entry.aliases].map((name) => ({ name: name.replace(/[\s_]+/g, ''), className: entry.name })),
  );
  return names;
}

/** The words of a written class: CamelCase, snake_case and spaces split, lower case. */
export function classWords(written: string): string[] {
  return written
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-\s]+/g, ' ')
    .trim()
    .toLowerCase()
    .split(' ')
    .filter((w) => w !== '');
}

export type MappedBy = 'catalog' | 'lexicon' | 'spelling';

/** The catalog class a written name means offline, and how it was found; undefined when unknown. */
export function mapClassOffline(written: string): { className: string; by: MappedBy } | undefined {
  const words = classWords(written);
  const household = (entry: { name: string } | undefined) => (entry && !isCityClass(entry.name) ? entry : undefined);
  const direct =
    household(catalogClass(words.join(''))) ??
    household(catalogClass(words.join(' '))) ??
    household(catalogClass(written.toLowerCase()));
  if (direct) return { className: direct.name, by: 'catalog' };
  const phrase = resolvePhrase(words, { classMeant: true });
  if (phrase && !isCityClass(phrase.className)) return { className: phrase.className, by: 'lexicon' };
  if (words.every(isEnglishWord)) return undefined;
  const key = words.join('');
  const allowed = Math.max(1, Math.floor((key.length * MAX_EDITS) / 4));
  let best: { className: string; distance: number } | undefined;
  for (const candidate of catalogNames()) {
    if (Math.abs(candidate.name.length - key.length) > allowed) continue;
    const distance = editDistance(key, candidate.name);
    if (distance <= allowed && (!best || distance < best.distance)) best = { className: candidate.className, distance };
  }
  return best ? { className: best.className, by: 'spelling' } : undefined;
}

export class OfflineClassMapper implements ClassMapper {
  readonly implementation = 'offline';

  async map(written: string): Promise<RoleAnswer<string | undefined>> {
    const mapped = mapClassOffline(written);
    return {
      value: mapped?.className,
      record: {
        role: 'class-mapper',
        implementation: this.implementation,
        notes: { written, by: mapped?.by ?? 'unknown' },
      },
    };
  }
}
