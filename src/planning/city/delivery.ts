/**
 * The city's planner (docs/city.md): deliveries over the road graph. A goal is read as goods that must lie INSIDE
 * one of some buildings (`edge(goods, INSIDE, building)`, conjunctions of those, and the texts' readings "every G is
 * in some B"); the plan drives along shortest paths of the road graph (breadth-first: every turn is one step) and
 * takes the nearest next errand, loading while a bay is free and unloading what it carries at its receiver, until
 * every delivery is made. Not the household PDDL planner: the city's only choice beyond routes is the order of a few
 * loads and unloads, which nearest-first settles in microseconds where grounding a PDDL problem costs milliseconds
 * per search, and the turns are named by the road map, which the household domain does not have.
 */

import { buildingOf, LOAD_BAYS, loadsOf } from '../../sim/city/index.js';
import { type Condition, holds, quantifierDomain } from '../../sim/conditions.js';
import type { EnvGraph } from '../../sim/graph.js';
import { roomAdjacency } from '../../sim/scenes/topology.js';
import type { Skill } from '../../sim/skill.js';
import type { SkillSet } from '../../sim/skill-sets.js';

export interface DeliveryRequest {
  readonly graph: EnvGraph;
  readonly goal: Condition;
  readonly skills: SkillSet;
  readonly characterId: number;
  /** Nodes the planner must not use (a belief's goods whose place it has lost). */
  readonly exclude?: readonly number[];
}

/** One delivery the goal asks for: the goods, and the buildings any of which will do. */
interface Delivery {
  readonly goods: number;
  readonly to: readonly number[];
}

/** The deliveries a goal asks for, or undefined when it asks for something else. */
function deliveriesOf(goal: Condition, graph: EnvGraph): Delivery[] | undefined {
  switch (goal.kind) {
    case 'edge':
      if (goal.relation !== 'INSIDE' || typeof goal.from !== 'number' || typeof goal.to !== 'number') return undefined;
      return [{ goods: goal.from, to: [goal.to] }];
    case 'and': {
      const out: Delivery[] = [];
      for (const part of goal.conditions) {
        const found = deliveriesOf(part, graph);
        if (!found) return undefined;
        out.push(...found);
      }
      return out;
    }
    case 'forall': {
      const inner = goal.condition;
      if (inner.kind !== 'exists') return undefined;
      const body = inner.condition;
      if (body.kind !== 'edge' || body.relation !== 'INSIDE') return undefined;
      const to = quantifierDomain(inner, graph);
      return quantifierDomain(goal, graph).map((goods) => ({ goods, to }));
    }
    default:
      return undefined;
  }
}

/** Breadth-first distances and parents over the road graph from a road. */
function routesFrom(from: number, links: ReadonlyMap<number, readonly { room: number }[]>) {
  const distance = new Map<number, number>([[from, 0]]);
  const parent = new Map<number, number>();
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const here = queue[head];
    for (const { room } of links.get(here) ?? []) {
      if (distance.has(room)) continue;
      distance.set(room, distance.get(here)! + 1);
      parent.set(room, here);
      queue.push(room);
    }
  }
  return { distance, parent };
}

/** A plan for the goal in the city's skills; [] when it holds; undefined when none is found. */
export function planDelivery(request: DeliveryRequest): Skill[] | undefined {
  const { graph, goal, skills, characterId } = request;
  if (holds(goal, graph)) return [];
  const wanted = deliveriesOf(goal, graph);
  if (!wanted) return undefined;
  const excluded = new Set(request.exclude ?? []);
  let room = graph.roomOf(characterId);
  if (room === undefined) return undefined;
  const links = roomAdjacency(graph);
  const held = new Set(loadsOf(graph, characterId));
  const at = new Map<number, number>(); // goods -> the road of the building it waits at
  const pending: Delivery[] = [];
  for (const delivery of wanted) {
    if (delivery.to.some((b) => graph.hasEdge(delivery.goods, 'INSIDE', b))) continue;
    if (pending.some((d) => d.goods === delivery.goods)) continue;
    if (excluded.has(delivery.goods) || delivery.to.length === 0) return undefined;
    if (!held.has(delivery.goods)) {
      const building = buildingOf(graph, delivery.goods);
      const road = building === undefined ? undefined : graph.roomOf(building);
      if (road === undefined) return undefined;
      at.set(delivery.goods, road);
    }
    pending.push(delivery);
  }
  const plan: Skill[] = [];
  while (pending.length > 0) {
    const { distance, parent } = routesFrom(room, links);
    let best: { cost: number; road: number; skill: Skill; done?: Delivery } | undefined;
    const consider = (cost: number | undefined, road: number, skill: Skill, done?: Delivery) => {
      if (cost !== undefined && (best === undefined || cost < best.cost)) best = { cost, road, skill, done };
    };
    for (const delivery of pending) {
      if (held.has(delivery.goods)) {
        for (const building of delivery.to) {
          const road = graph.roomOf(building);
          if (road === undefined) continue;
          consider(distance.get(road), road, { action: 'unload', objects: [delivery.goods, building] }, delivery);
        }
      } else if (held.size < LOAD_BAYS) {
        const road = at.get(delivery.goods)!;
        consider(distance.get(road), road, { action: 'load', objects: [delivery.goods] });
      }
    }
    if (!best) return undefined; // bays full of goods no delivery wants, or a building out of reach
    const chosen: { cost: number; road: number; skill: Skill; done?: Delivery } = best;
    const route: number[] = [];
    for (let r = chosen.road; r !== room; r = parent.get(r)!) route.unshift(r);
    for (const next of route) {
      const move = skills.fromVirtualHome({ action: 'walk', objects: [next] }, room);
      if (!move) return undefined;
      plan.push(move);
      room = next;
    }
    plan.push(chosen.skill);
    const goods = chosen.skill.objects[0];
    if (chosen.skill.action === 'load') held.add(goods);
    else {
      held.delete(goods);
      pending.splice(pending.indexOf(chosen.done!), 1);
    }
  }
  return plan;
}
