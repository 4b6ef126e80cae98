/**
 * The offline exploration planner v_T of ExRAP (eq. 10-11), `InformationExplorationPlanner`:
 *
 *   v_T(z) = (1 / |Q|) * sum_q H(P(q | G_t)) * (1 - d(G_q, agent after z) / N)
 *
 * H in bits (at most 1 per query); G_q the quadruples retrieved for q at step t; d the mean over them of the hop
 * distance in the TEKG between the agent entity, as it would be after skill z, and the quadruple (the nearer of its
 * source and, for a link, its target); N the distance normaliser. The division by |Q| keeps the value in [0, 1] with
 * any number of instructions (eq. 11 has none; docs/exrap.md explains the scale).
 *
 * The agent after z (G'_{t+1} of eq. 11: only quadruples about the agent change): its links are its room, what it
 * is close to and what it holds. Walking to a room links it to that room only; walking to an object, to its room and
 * that object; grabbing adds the object held; putting removes it; other skills leave the links as they are. Its
 * distance to an entity is 1 + the distance from the nearest link, computed in the memory's graph (links between
 * entities; states are values, not links, as `Tekg.distances` defines).
 *
 * N = diameter of the room graph + 4: the longest path from the agent to a fact is agent -> room -> rooms ... ->
 * room -> object -> the object's surface or content, diameter + 3 hops, so the farthest known fact still counts a
 * little, and a fact that cannot be reached (or a query with nothing retrieved) counts as distance N (nothing).
 */
import type { Quadruple } from '../../memory/quadruple.js';
import type { Skill } from '../../sim/skill.js';
import { getOrCreate } from './collections.js';
import type { ExrapMemory } from './memory.js';
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

    for (let i = 0; i < candidates.length; i++) {
      const after = linksAfter(candidates[i], links, memory);
      let total = 0;
      for (const evaluation of uncertain) {
        let sum = 0;
        for (const q of evaluation.retrieved) sum += distances.toQuadruple(q, after, agent);
        const d = sum / evaluation.retrieved.length;
        total += evaluation.entropy * (1 - d / normaliser);
      }
      values[i] = total / evaluations.length;
    }
    return values;
  }
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

/** The entities the agent would be linked to after the skill (eq. 11's partially updated graph). */
export function linksAfter(skill: Skill, links: AgentLinks, memory: ExrapMemory): string[] {
  const name = (id: number) => memory.entityOf(id);
  const held = new Set(links.held);
  const out = new Set<string>();
  const target = skill.objects[0] === undefined ? undefined : name(skill.objects[0]);
  switch (skill.action) {
    case 'walk':
      if (target !== undefined && memory.tekg.isRoom(target)) out.add(target);
      else {
        if (links.room !== undefined) out.add(links.room);
        if (target !== undefined) out.add(target);
      }
      break;
    case 'grab':
      if (links.room !== undefined) out.add(links.room);
      for (const e of links.others) out.add(e);
      if (target !== undefined) held.add(target);
      break;
    case 'put':
    case 'putin':
      if (links.room !== undefined) out.add(links.room);
      for (const e of links.others) out.add(e);
      if (target !== undefined) held.delete(target);
      break;
    default:
      if (links.room !== undefined) out.add(links.room);
      for (const e of links.others) out.add(e);
  }
  for (const e of held) out.add(e);
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

  /** Distance from the agent (linked to `links`) to the nearer end of a quadruple, at most N. */
  toQuadruple(q: Quadruple, links: readonly string[], agent: string): number {
    if (q.source === agent || q.target === agent) return 0;
    let best = Infinity;
    for (const link of links) {
      const d = this.from(link);
      const ds = d(q.source);
      const dt = q.relation === 'is' ? Infinity : d(q.target);
      const m = Math.min(ds, dt);
      if (m < best) best = m;
    }
    return Math.min(this.normaliser, best + 1);
  }
}
