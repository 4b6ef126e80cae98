/**
 * The offline exploration planner v_T of ExRAP (eq. 10-11), `InformationExplorationPlanner`:
 *
 *   v_T(z) = (1 / |Q|) * sum_q H(P(q | G_t)) * sum_g w_g max(c(d_g after z), c(d_g now)),   c(d) = (1 - d / N)^2
 *
 * H in bits (at most 1 per query). g ranges over the query's target groups (`queryTargets`): what the quadruples
 * retrieved for q say it is about (the instances of its classes among them that are out of view), and, for a class
 * never seen, the rooms to look in; d_g is the hop distance in the TEKG from the agent entity to the nearest entity
 * of the group; w_g is the group's share of the query's entropy, by the age of its evidence (`queryTargets`: the stale
 * instance carries the uncertainty, not the one seen a step ago). Measuring to the query's subjects rather than to every retrieved fact keeps a room-adjacency fact
 * (one hop from the agent in any room) from hiding where the query's objects are. The division by |Q| keeps the value
 * in [0, 1] with any number of instructions (docs/exrap.md explains the scale).
 *
 * Where eq. 11 is linear in d and counts a move away from a query's objects against the skill, here a skill is never
 * credited less than standing still gives (the max): moving away does not make the agent less sure of anything (only
 * time does, eq. 10), and with the debit the hub room of a home whose queries lie in different rooms is where every
 * move scores the same as staying, so the agent never leaves it. The square makes the hop that brings a target into
 * the agent's room count more than a hop far away.
 *
 * The agent after z (G'_{t+1} of eq. 11: only quadruples about the agent change): its links are its room, what it
 * is close to and what it holds. Walking to a room links it to that room only (and what it holds); walking to an
 * object, to its room and that object; other skills leave the links as they are (the agent does not move; what it
 * grabs is in view already). Its distance to an entity is 1 + the distance from the nearest link, computed in the
 * memory's graph (links between entities; states are values, not links, as `Tekg.distances` defines).
 *
 * N = diameter of the room graph + 4: the longest path from the agent to a fact is agent -> room -> rooms ... ->
 * room -> object -> the object's surface or content, diameter + 3 hops, so the farthest known fact still counts a
 * little, and an entity that cannot be reached counts as distance N (nothing).
 */
import { entityClass } from '../../memory/quadruple.js';
import type { Skill } from '../../sim/skill.js';
import { isMove } from '../../sim/skill-sets.js';
import { getOrCreate } from '../../util/collections.js';
import type { ExrapMemory } from './memory.js';
import { conditionClasses, conditionScopes, inScope } from './query.js';
import type { ExplorationPlanner, ExrapStep, QueryEvaluation } from './roles.js';

/** Local search depth around an object the agent walks to; beyond it paths go through the object's room. */
const OBJECT_NEIGHBOURHOOD = 3;

export class InformationExplorationPlanner implements ExplorationPlanner {
  readonly name = 'information';

  values(step: ExrapStep, evaluations: readonly QueryEvaluation[], candidates: readonly Skill[]): Float64Array {
    const values = new Float64Array(candidates.length);
    const uncertain = evaluations.filter((e) => e.entropy > 0 && e.retrieved.length > 0);
    if (uncertain.length === 0 || evaluations.length === 0) return values;
    const memory = step.memory;
    const agent = memory.agent;
    if (agent === undefined) return values;
    const normaliser = distanceNormaliser(memory);
    const distances = new DistanceCache(memory, normaliser);
    const links = agentLinks(memory);

    const targets = uncertain.map((evaluation) => queryTargets(evaluation, memory));
    const moves = (skill: Skill) => isMove(step.skills, skill);
    const here = linksAfter({ action: 'stay', objects: [] }, links, memory, moves);
    const nearest = (group: readonly string[], at: readonly string[]) => {
      let d = normaliser;
      for (const entity of group) d = Math.min(d, distances.toEntity(entity, at, agent));
      return d;
    };
    // The closeness of every target group from a set of links, by query and group; many skills leave the agent with
    // the same links (everything but a walk keeps them), so each set is measured once.
    const closenessFrom = new Map<string, number[][]>();
    const closenessAt = (at: readonly string[]) =>
      getOrCreate(closenessFrom, at.join('\u0000'), () =>
        targets.map((groups) => groups.map((group) => closeness(nearest(group.entities, at), normaliser))),
      );
    // From where the agent stands: a skill is not debited below it.
    const closenessHere = closenessAt(here);
    for (let i = 0; i < candidates.length; i++) {
      const after = closenessAt(linksAfter(candidates[i], links, memory, moves));
      let total = 0;
      uncertain.forEach((evaluation, j) => {
        const groups = targets[j];
        if (groups.length === 0) return; // nothing a move could tell: the distance is N, the term 0
        let sum = 0;
        groups.forEach((group, g) => {
          sum += group.weight * Math.max(after[j][g], closenessHere[j][g]);
        });
        total += evaluation.entropy * sum;
      });
      values[i] = total / evaluations.length;
    }
    return values;
  }
}

/**
 * How close a target is at distance d: (1 - d / N)^2. Eq. 11's closeness is linear; squared, it is convex, so that
 * the hop that brings a target into the agent's room counts more than a hop far away.
 */
export function closeness(d: number, normaliser: number): number {
  const c = Math.max(0, 1 - d / normaliser);
  return c * c;
}

/** A target group of a query: entities that count by the nearest, and the group's share of the query's entropy. */
export interface TargetGroup {
  readonly entities: readonly string[];
  readonly weight: number;
}

/**
 * What a query's distance is measured to, as groups of entities (a group counts by its nearest entity): each instance
 * of the query's classes among the retrieved quadruples that is not in view now (what the query is about and the
 * agent could learn more of by going there), and, when some class of the query was never seen, the rooms to look for
 * it (those of the catalog's types for the class not visited yet, else any room not visited yet). An instance in view
 * is as up to date as it can be: going nearer tells nothing more. No group: a move can tell nothing about the query.
 *
 * **Weights (a gap filled, docs/exrap.md).** The groups share the query's entropy in proportion to the age of the
 * newest evidence about them (steps since the instance was last seen; a class never seen counts as unseen since
 * step 0): a query over three cabinets is uncertain because of the one not seen for sixty steps, not the one seen a
 * step ago. An even split (eq. 11 does not say how a query's uncertainty divides among what it is about) made the
 * room just left, whose instance is fresh, as attractive as the stale one, and the agent oscillated between two rooms
 * while an instance elsewhere went unchecked.
 */
export function queryTargets(evaluation: QueryEvaluation, memory: ExrapMemory): TargetGroup[] {
  const scopes = conditionScopes(evaluation.query.condition);
  const classes = conditionClasses(evaluation.query.condition).classes;
  // An entity counts when a quantifier of the query ranges over it: its class, the room the text names if any, the
  // one thing the agent found the text means if it did. Its room is looked up only for a scope that names one.
  const counts = (entity: string) =>
    scopes.some((scope) => inScope(scope, entity, scope.room === undefined ? undefined : memory.roomClassOf(entity)));
  const now = memory.now ?? 0;
  const inView = new Set<string>();
  const newest = new Map<string, number>();
  for (const q of evaluation.retrieved) {
    for (const entity of q.relation === 'is' ? [q.source] : [q.source, q.target]) {
      if (!counts(entity)) continue;
      if (q.t === now) inView.add(entity);
      else newest.set(entity, Math.max(newest.get(entity) ?? Number.NEGATIVE_INFINITY, q.t));
    }
  }
  const groups: { entities: string[]; age: number }[] = [...newest.keys()]
    .filter((e) => !inView.has(e))
    .sort()
    .map((e) => ({ entities: [e], age: Math.max(1, now - newest.get(e)!) }));
  const unvisited = (rooms: readonly string[]) => rooms.filter((room) => memory.lastVisit(room) === undefined);
  const unscoped = new Set(scopes.filter((scope) => scope.room === undefined).flatMap((scope) => scope.classes));
  const unknown = classes.filter((cls) => unscoped.has(cls) && !memory.knowsClass(cls));
  if (unknown.length > 0) {
    const typical = unvisited([...new Set(unknown.flatMap((cls) => memory.typicalRooms(cls)))].sort());
    const rooms = typical.length > 0 ? typical : unvisited([...memory.tekg.rooms()].sort());
    if (rooms.length > 0) groups.push({ entities: rooms, age: Math.max(1, now + 1) });
  }
  // A thing the text places in a room, not seen there yet: look in the rooms of that class not visited yet.
  for (const { classes: scoped, room } of scopes) {
    if (room === undefined || scoped.every((cls) => memory.knowsClass(cls, room))) continue;
    const rooms = unvisited(
      memory.tekg
        .rooms()
        .filter((r) => entityClass(r) === room)
        .sort(),
    );
    if (rooms.length > 0) groups.push({ entities: rooms, age: Math.max(1, now + 1) });
  }
  let total = 0;
  for (const g of groups) total += g.age;
  return groups.map((g) => ({ entities: g.entities, weight: g.age / total }));
}

/** The agent's current links: its room, what it holds, is close to, sits on. */
export interface AgentLinks {
  readonly room: string | undefined;
  readonly held: readonly string[];
  readonly others: readonly string[];
}

export function agentLinks(memory: ExrapMemory): AgentLinks {
  let room: string | undefined;
  const held: string[] = [];
  const others: string[] = [];
  for (const q of memory.agentFacts()) {
    if (q.relation === 'inside' && memory.tekg.isRoom(q.target)) room = q.target;
    else if (q.relation === 'holds_rh' || q.relation === 'holds_lh') held.push(q.target);
    else if (q.relation !== 'is') others.push(q.target);
  }
  return { room, held: held.sort(), others: others.sort() };
}

/**
 * The entities the agent would be linked to after the skill (eq. 11's partially updated graph). `moves` says which
 * skills move the agent (the skill set's walk, ALFRED's `goto`, the city's turns): only those do.
 */
export function linksAfter(
  skill: Skill,
  links: AgentLinks,
  memory: ExrapMemory,
  moves: (skill: Skill) => boolean,
): string[] {
  const name = (id: number) => memory.entityOf(id);
  const out = new Set<string>();
  const target = skill.objects[0] === undefined ? undefined : name(skill.objects[0]);
  if (moves(skill)) {
    if (target !== undefined && memory.tekg.isRoom(target)) out.add(target);
    else {
      if (links.room !== undefined) out.add(links.room);
      if (target !== undefined) out.add(target);
    }
  } else {
    // The agent stays where it is: what it grabs or puts down moves with it or stays in view, and tells it nothing new.
    if (links.room !== undefined) out.add(links.room);
    for (const e of links.others) out.add(e);
  }
  for (const e of links.held) out.add(e);
  return [...out].sort();
}

/** N: the room graph's diameter + 4 (see the module comment). */
export function distanceNormaliser(memory: ExrapMemory): number {
  return roomDiameter(memory, memory.tekg.rooms()) + 4;
}

/** Longest shortest path between two rooms through `adjacent` facts only. */
function roomDiameter(memory: ExrapMemory, rooms: readonly string[]): number {
  const neighbours = new Map<string, string[]>();
  for (const q of memory.tekg.query({ relation: 'adjacent' })) {
    neighbours.set(q.source, [...(neighbours.get(q.source) ?? []), q.target]);
    neighbours.set(q.target, [...(neighbours.get(q.target) ?? []), q.source]);
  }
  let diameter = 0;
  for (const start of rooms) {
    const dist = new Map([[start, 0]]);
    const queue = [start];
    for (let head = 0; head < queue.length; head++) {
      const room = queue[head];
      for (const next of neighbours.get(room) ?? []) {
        if (dist.has(next)) continue;
        const d = dist.get(room)! + 1;
        dist.set(next, d);
        if (d > diameter) diameter = d;
        queue.push(next);
      }
    }
  }
  return diameter;
}

/** Hop distances from link entities, computed once per entity per decision. */
class DistanceCache {
  private readonly fromEntity = new Map<string, Map<string, number>>();
  private readonly fromLink = new Map<string, (target: string) => number>();

  constructor(
    private readonly memory: ExrapMemory,
    private readonly normaliser: number,
  ) {}

  /** Distances from a link: in full from a room; around an object, locally, then through its room. */
  private from(entity: string): (target: string) => number {
    const f = getOrCreate(this.fromLink, entity, () => this.build(entity));
    return f;
  }

  private build(entity: string): (target: string) => number {
    const tekg = this.memory.tekg;
    if (tekg.isRoom(entity)) {
      const map = this.cached(entity, this.normaliser);
      return (target) => map.get(target) ?? Infinity;
    }
    const local = this.cached(entity, OBJECT_NEIGHBOURHOOD);
    const room = tekg.query({ source: entity, relation: 'inside' }).find((q) => tekg.isRoom(q.target))?.target;
    const viaRoom = room === undefined ? undefined : this.cached(room, this.normaliser);
    return (target) => {
      const near = local.get(target);
      const far = viaRoom?.get(target);
      return Math.min(near ?? Infinity, far === undefined ? Infinity : far + 1);
    };
  }

  private cached(entity: string, depth: number): Map<string, number> {
    const key = `${entity}\u0000${depth}`;
    const map = getOrCreate(this.fromEntity, key, () => this.memory.tekg.distances(entity, depth));
    return map;
  }

  /** Distance from the agent (linked to `links`) to an entity, at most N. */
  toEntity(entity: string, links: readonly string[], agent: string): number {
    if (entity === agent) return 0;
    let best = Infinity;
    for (const link of links) {
      if (link === entity) return 1;
      const d = this.from(link)(entity);
      if (d < best) best = d;
    }
    return Math.min(this.normaliser, best + 1);
  }
}
