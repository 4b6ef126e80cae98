/**
 * What an agent knows about the names of things: every node it has seen, by id, with its class, the room it was
 * last seen in and when. Prompts name objects as TEKG entities (`mug.31`, `kitchen.10`: the class and the node id,
 * so that two mugs never share a name), and model output is read back through `resolve`, which also accepts a bare
 * class (`mug`) and picks the instance the agent is most likely to mean.
 */
import { entityName } from '../../memory/quadruple.js';
import type { Observation } from '../../sim/observation.js';

export interface KnownObject {
  readonly id: number;
  readonly className: string;
  readonly category: string;
  /** Room the object was in when last seen (its own id for a room). */
  room: number;
  /** Step it was last seen at. */
  seenAt: number;
}

/** Categories that are not things to act on (left out of object lists). */
export const STRUCTURE_CATEGORIES: ReadonlySet<string> = new Set([
  'Walls',
  'Floor',
  'Floors',
  'Ceiling',
  'Windows',
  'Doors',
  'Characters',
]);

/** A class or entity name as the model might write it, reduced for comparison: `Kitchen Table` -> `kitchentable`. */
export function normalizeName(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^['"`<(]+|['"`>),.;:!?]+$/g, '')
    .replace(/^(the|a|an)\s+/, '')
    .replace(/[\s_-]+/g, '');
}

export class ObjectNames {
  private readonly byId = new Map<number, KnownObject>();
  private readonly byClass = new Map<string, Set<number>>();
  private roomId: number | undefined;

  /** Records everything in an observation (the character excluded). */
  observe(observation: Observation, t: number): void {
    this.roomId = observation.roomId;
    for (const node of observation.nodes) {
      if (node.id === observation.characterId) continue;
      const room = node.category === 'Rooms' ? node.id : observation.roomId;
      const known = this.byId.get(node.id);
      if (known) {
        known.room = room;
        known.seenAt = t;
        continue;
      }
      this.byId.set(node.id, { id: node.id, className: node.className, category: node.category, room, seenAt: t });
      const key = normalizeName(node.className);
      const ids = this.byClass.get(key) ?? new Set<number>();
      this.byClass.set(key, ids);
      ids.add(node.id);
    }
  }

  get currentRoom(): number | undefined {
    return this.roomId;
  }

  get(id: number): KnownObject | undefined {
    return this.byId.get(id);
  }

  className(id: number): string | undefined {
    return this.byId.get(id)?.className;
  }

  /** `mug.31`; `object.31` for an id never seen. */
  name(id: number): string {
    return entityName(this.byId.get(id)?.className ?? 'object', id);
  }

  /** Every known object, by id. */
  all(): KnownObject[] {
    return [...this.byId.values()].sort((a, b) => a.id - b.id);
  }

  /** Known objects an agent can act on (no rooms, walls, floors or characters), by id. */
  things(): KnownObject[] {
    return this.all().filter((o) => o.category !== 'Rooms' && !STRUCTURE_CATEGORIES.has(o.category));
  }

  rooms(): KnownObject[] {
    return this.all().filter((o) => o.category === 'Rooms');
  }

  /**
   * The id a name in model output means: an entity name (`mug.31`, any case and spacing) of a known object; or a
   * class (`mug`, `Kitchen Table`): the instance in the current room, else the one seen most recently, else the
   * lowest id. Undefined when nothing known matches.
   */
  resolve(text: string): number | undefined {
    const name = normalizeName(text);
    const withId = /^(.*?)\.?(\d+)$/.exec(name);
    if (withId) {
      const id = Number(withId[2]);
      const known = this.byId.get(id);
      if (known && (withId[1] === '' || normalizeName(known.className) === withId[1])) return id;
      if (withId[1] === '') return undefined;
      return this.resolveClass(withId[1]);
    }
    return this.resolveClass(name);
  }

  private resolveClass(name: string): number | undefined {
    const ids = this.byClass.get(name) ?? this.byClass.get(name.replace(/s$/, ''));
    if (!ids || ids.size === 0) return undefined;
    const here = this.roomId;
    const ranked = [...ids]
      .map((id) => this.byId.get(id)!)
      .sort(
        (a, b) =>
          Number(b.room === here || b.id === here) - Number(a.room === here || a.id === here) ||
          b.seenAt - a.seenAt ||
          a.id - b.id,
      );
    return ranked[0].id;
  }
}
