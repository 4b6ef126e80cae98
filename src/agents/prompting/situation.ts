/**
 * The agent's situation as prompt text, shared by the LLM methods so that they all see the same knowledge in their
 * own format (ExRAP appendix C: objects, their positions and states, room adjacency): where the agent is, which
 * rooms it can walk to, what it holds, what it sees (with states and placements), what it has seen so far, and
 * its recent steps with their outcomes.
 */
import type { Observation } from '../../sim/observation.js';
import type { Skill } from '../../sim/skill.js';
import { type ObjectNames, STRUCTURE_CATEGORIES } from './object-names.js';

const HOLD_RELATIONS = new Set(['HOLDS_RH', 'HOLDS_LH']);
const PLACEMENTS = new Set(['ON', 'INSIDE']);

/** Ids the character holds in the observation, sorted. */
export function heldObjects(observation: Observation): number[] {
  return observation.edges
    .filter(([from, relation]) => from === observation.characterId && HOLD_RELATIONS.has(relation))
    .map(([, , to]) => to)
    .sort((a, b) => a - b);
}

/** Rooms adjacent to the agent's room, sorted by id. */
export function adjacentRoomIds(roomId: number, adjacent: readonly (readonly [number, number])[]): number[] {
  const out = new Set<number>();
  for (const [a, b] of adjacent) {
    if (a === roomId) out.add(b);
    else if (b === roomId) out.add(a);
  }
  return [...out].sort((a, b) => a - b);
}

/** Visible things (no rooms, structure or the character), by id. */
export function visibleThings(observation: Observation): number[] {
  return observation.nodes
    .filter((n) => n.id !== observation.characterId && n.category !== 'Rooms' && !STRUCTURE_CATEGORIES.has(n.category))
    .map((n) => n.id);
}

/**
 * One visible object with what is seen of it: `mug.31 (clean; on kitchentable.30)`. States are lower case; the
 * placement is the object it is on or inside (rooms left out: the room is said once).
 */
export function describeVisible(observation: Observation, names: ObjectNames): string[] {
  const rooms = new Set(observation.nodes.filter((n) => n.category === 'Rooms').map((n) => n.id));
  const placement = new Map<number, string[]>();
  for (const [from, relation, to] of observation.edges) {
    if (!PLACEMENTS.has(relation) || rooms.has(to) || to === observation.characterId) continue;
    const list = placement.get(from) ?? [];
    placement.set(from, list);
    list.push(`${relation.toLowerCase()} ${names.name(to)}`);
  }
  const byId = new Map(observation.nodes.map((n) => [n.id, n]));
  return visibleThings(observation).map((id) => {
    const node = byId.get(id)!;
    const details = [...node.states.map((s) => s.toLowerCase()), ...(placement.get(id) ?? [])];
    return details.length > 0 ? `${names.name(id)} (${details.join('; ')})` : names.name(id);
  });
}

/** The parts of a situation a prompt template may use, each a short line or list. */
export interface SituationText {
  /** `kitchen.10` */
  readonly room: string;
  /** `livingroom.11, bathroom.12` or `none` */
  readonly adjacentRooms: string;
  /** `mug.31` or `nothing` */
  readonly holding: string;
  /** `fridge.20 (closed), mug.31 (on kitchentable.30)` or `nothing` */
  readonly visible: string;
  /** Visible object names only: `fridge.20, mug.31` */
  readonly visibleNames: string;
  /** Every thing seen so far with the room it was last seen in: `mug.31 in kitchen.10, ...` */
  readonly seen: string;
  /** Every room known: `kitchen.10, livingroom.11` */
  readonly rooms: string;
}

/**
 * The situation's parts. `maxObjects` caps the object lists (visible, seen), the knob a prompt shrinks when it
 * does not fit the model's context; what is left out is counted (`... and 12 more`).
 */
export function situationText(
  observation: Observation,
  adjacent: readonly (readonly [number, number])[],
  names: ObjectNames,
  maxObjects = Number.POSITIVE_INFINITY,
): SituationText {
  const list = (items: readonly string[], empty: string, cap = Number.POSITIVE_INFINITY) => {
    if (items.length === 0) return empty;
    if (items.length <= cap) return items.join(', ');
    const kept = items.slice(0, cap).join(', ');
    return `${kept}${kept === '' ? '' : ' '}(and ${items.length - cap} more)`;
  };
  return {
    room: names.name(observation.roomId),
    adjacentRooms: list(
      adjacentRoomIds(observation.roomId, adjacent).map((id) => names.name(id)),
      'none',
    ),
    holding: list(
      heldObjects(observation).map((id) => names.name(id)),
      'nothing',
    ),
    visible: list(describeVisible(observation, names), 'nothing', maxObjects),
    visibleNames: list(
      visibleThings(observation).map((id) => names.name(id)),
      'nothing',
      maxObjects,
    ),
    seen: list(
      names.things().map((o) => `${names.name(o.id)} in ${names.name(o.room)}`),
      'nothing',
      maxObjects,
    ),
    rooms: list(
      names.rooms().map((o) => names.name(o.id)),
      'none',
    ),
  };
}

/** One past step as the agent remembers it. */
export interface StepMemory {
  readonly t: number;
  readonly skill: Skill;
  /** The skill as the prompt showed it. */
  readonly text: string;
  readonly success: boolean;
  readonly error?: string;
}

/** Recent steps, oldest first: `walk to kitchen.10 (done)`, `grab mug.31 (failed: ...)`. */
export function historyLines(history: readonly StepMemory[], limit: number): string[] {
  return history.slice(Math.max(0, history.length - limit)).map((step) => {
    if (step.success) return `${step.text} (done)`;
    return `${step.text} (failed${step.error ? `: ${shortError(step.error)}` : ''})`;
  });
}

/**
 * A simulator message without the skill it repeats: `[grab] <mug> (31): not close` -> `not close`, and
 * `<character> (5) is not close to <tv> (73) when executing "[SWITCHON] <tv> (73) [0]"` ->
 * `<character> (5) is not close to <tv> (73)`.
 */
export function shortError(error: string): string {
  const cut = error
    .replace(/^\[[^\]]*\](?:\s*<[^>]*>\s*\(\d+\))*\s*:?\s*/, '')
    .replace(/\s+when executing\s+".*"\s*$/, '')
    .trim();
  return cut === '' ? error : cut;
}
