/**
 * The offline Locator (paper 001's Locator role without a model): the host classes to search near for a class the
 * robot has not seen, most likely first:
 *
 * 1. where the dialogue says it is ("the mug is in the cabinet"), and the program's landmark for it;
 * 2. the catalog's places for the class: the containers it is kept in before the surfaces it stands on, because a
 *    thing on a surface is seen from the room and a thing not seen yet is inside something, or in a room not
 *    visited (the search walks there for surfaces; `search.ts`);
 * 3. for a class kept in no host (furniture, lamps), the class itself: the search walks to the rooms not seen yet
 *    where the catalog keeps it.
 *
 * All of them are returned, most likely first: the search takes the first three it has not searched yet
 * (`search.ts`). The LLM Locator (`llm/`) answers the same question from the dialogue and the model's common sense.
 */
import { catalogClass, placementsOf } from '../../sim/catalog/index.js';
import type { LocateInput, Locator, RoleAnswer } from './roles.js';

export function offlineCategories(input: LocateInput): string[] {
  const hinted = input.hints.filter((h) => h.className === input.className).map((h) => h.host);
  const entry = catalogClass(input.className);
  const places = entry ? placementsOf(entry) : [];
  const inside = places.filter((p) => p.relation === 'INSIDE').map((p) => p.host);
  const on = places.filter((p) => p.relation === 'ON').map((p) => p.host);
  // A class the catalog keeps in no host stands in a room (a desk, a lamp): its own class is the category, which the
  // search looks for in the rooms not seen yet where the catalog keeps it (`search.ts`), instead of at random.
  const itself = places.length === 0 && (entry?.rooms?.length ?? 0) > 0 ? [input.className] : [];
  const ordered = [...hinted, ...(input.landmark ? [input.landmark] : []), ...inside, ...on, ...itself];
  return [...new Set(ordered)];
}

export class OfflineLocator implements Locator {
  readonly implementation = 'offline';

  async locate(input: LocateInput): Promise<RoleAnswer<string[]>> {
    return {
      value: offlineCategories(input),
      record: { role: 'locator', implementation: this.implementation },
    };
  }
}
