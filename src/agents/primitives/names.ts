/**
 * Object names as LLM-State's prompts write them (paper 002, appendix A): the class and an ordinal per class, in the
 * order the agent first saw them (`lightswitch1`, `lightswitch2`, `bedroom1`). Unlike the `mug.31` entity names of
 * hearth's other prompts, they carry no node id, so a model can name an object it has not seen ("lightswitch3,
 * assuming there is one"), which then fails as any unknown target does.
 *
 * Names are given per observation in id order, so they are a pure function of what the agent saw, in what order.
 */
import type { Observation } from '../../sim/observation.js';
import { normalizeName } from '../prompting/object-names.js';

/** How a name in model output was read: exactly, or as a bare class taken to mean one instance. */
export type NameMatch = { readonly id: number; readonly by: 'name' | 'class' } | undefined;

export class PaperNames {
  private readonly byId = new Map<number, string>();
  private readonly byName = new Map<string, number>();
  private readonly byClass = new Map<string, number[]>();
  private readonly lastSeen = new Map<number, number>();
  private readonly roomOfId = new Map<number, number>();
  private currentRoom: number | undefined;

  /** Names what the observation shows for the first time (the character excluded); remembers where things were. */
  observe(observation: Observation, t: number): void {
    this.currentRoom = observation.roomId;
    for (const node of observation.nodes) {
      if (node.id === observation.characterId) continue;
      this.lastSeen.set(node.id, t);
      this.roomOfId.set(node.id, node.category === 'Rooms' ? node.id : observation.roomId);
      if (this.byId.has(node.id)) continue;
      const key = normalizeName(node.className);
      const ids = this.byClass.get(key) ?? [];
      this.byClass.set(key, ids);
      ids.push(node.id);
      const name = `${key}${ids.length}`;
      this.byId.set(node.id, name);
      this.byName.set(name, node.id);
    }
  }

  /** `lightswitch1`; `object<id>` for a node never seen (never shown to a model). */
  name(id: number): string {
    return this.byId.get(id) ?? `object${id}`;
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  /**
   * The node a name in model output means: a name given (`lightswitch1`, any case, spaces or underscores, `light
   * switch 1`); or a bare class (`fridge`), read as its instance in the current room, else the one seen last, else the
   * first named. Undefined for anything else (an object the agent has not seen).
   */
  resolve(text: string): NameMatch {
    const key = normalizeName(text);
    const exact = this.byName.get(key);
    if (exact !== undefined) return { id: exact, by: 'name' };
    const ids = this.byClass.get(key) ?? this.byClass.get(key.replace(/s$/, ''));
    if (!ids || ids.length === 0) return undefined;
    const here = this.currentRoom;
    const ranked = [...ids].sort(
      (a, b) =>
        Number(this.roomOfId.get(b) === here) - Number(this.roomOfId.get(a) === here) ||
        (this.lastSeen.get(b) ?? -1) - (this.lastSeen.get(a) ?? -1) ||
        ids.indexOf(a) - ids.indexOf(b),
    );
    return { id: ranked[0], by: 'class' };
  }
}
