/**
 * Finding things the belief has lost (seen, then missing from where they were) or never seen: which room to look in
 * next (the walk towards it is `stepTowards` of heuristics/common.ts). Used by the exploitation planner for an
 * execution whose object must be found first, and by ExRAP-EXP's "Find {query}" commands.
 *
 * A room is worth looking in when it has not been in view since the thing was last seen (rooms seen since would
 * have shown it) and can hold it; among those, the more places the catalog says the class is kept on or in, the
 * better, divided by 1 + the walks to get there. A room the agent has stood in has as many places as the hosts seen
 * in it (none: it cannot hold the thing), a room never stood in one (its hosts are not known yet); when no room has
 * a known host, every room counts its hosts plus one. When every room that can hold the thing has been seen since,
 * the rooms are weighed by their places times how long ago they were seen instead. A class never seen weighs rooms
 * by how long ago they were seen (never: t + 1), twice for a room of a type the catalog finds the class in. A thing
 * the text places in a room ("the bookshelf in the bedroom") is looked for only in rooms of that class.
 */
import type { Belief } from '../../memory/belief.js';
import { canonicalClassName, catalogClass, placementsOf } from '../../sim/catalog/index.js';
import type { RoomPairs } from '../../sim/skill-sets.js';
import { roomDistances } from '../heuristics/common.js';

export interface SearchRequest {
  readonly belief: Belief;
  /** The class looked for (catalog names). */
  readonly classes: readonly string[];
  /** The step the thing was last seen (undefined: never). */
  readonly lastSeen: number | undefined;
  readonly room: number;
  readonly adjacent: RoomPairs;
  readonly t: number;
  /** The room class the text says the thing is in: only rooms of that class are searched. */
  readonly roomClass?: string;
}

/** The room to look in next, or undefined when there is no other room. */
export function searchRoom(request: SearchRequest): number | undefined {
  const { belief, room, adjacent, t } = request;
  const distance = roomDistances(room, adjacent);
  const ofClass = (r: number) => {
    const className = belief.graph.get(r).className;
    return request.roomClass === undefined || (canonicalClassName(className) ?? className) === request.roomClass;
  };
  const rooms = belief.graph
    .rooms()
    .filter((r) => r !== room && distance.has(r) && ofClass(r))
    .sort((a, b) => a - b);
  if (rooms.length === 0) return undefined;
  const hostClasses = new Set(
    request.classes.flatMap((c) => {
      const entry = catalogClass(c);
      return entry ? placementsOf(entry).map((p) => p.host) : [];
    }),
  );
  const typicalRooms = new Set<string>(request.classes.flatMap((c) => catalogClass(c)?.rooms ?? []));
  const hostsIn = (r: number) => {
    let n = 0;
    for (const id of belief.graph.sources(r, 'INSIDE')) {
      if (id >= 0 && hostClasses.has(canonicalClassName(belief.graph.get(id).className) ?? '')) n++;
    }
    return n;
  };
  const viewed = (r: number) => belief.roomSeen(r) ?? -1;
  // A room the agent has stood in showed every host in it, so it holds the class only on or in those; a room never
  // stood in may hold hosts not yet known, one place. When no room has a known host, the catalog is no guide (the
  // class's places are not where the belief has seen any) and every room counts one place more than its hosts.
  const anyKnownHost = rooms.some((r) => hostsIn(r) > 0);
  const places = (r: number) => (!anyKnownHost ? 1 + hostsIn(r) : viewed(r) < 0 ? 1 : hostsIn(r));
  const since = request.lastSeen;
  const unseen = since === undefined ? [] : rooms.filter((r) => viewed(r) < since && places(r) > 0);
  const weight = (r: number): number => {
    if (since === undefined) {
      const type = canonicalClassName(belief.graph.get(r).className) ?? '';
      return (t - viewed(r)) * (typicalRooms.has(type) ? 2 : 1);
    }
    if (unseen.length > 0) return unseen.includes(r) ? places(r) : 0;
    return places(r) * (t - viewed(r));
  };
  let best: number | undefined;
  let bestScore = 0;
  for (const r of rooms) {
    const score = weight(r) / (1 + distance.get(r)!);
    if (score > bestScore) {
      best = r;
      bestScore = score;
    }
  }
  return best;
}
