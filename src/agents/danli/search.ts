/**
 * DANLI's Search action, taken while a plan needs an object of a class the agent has not seen (a dummy instance):
 * one skill per step, until an instance is observed (appendix A.4 explores by walking to one of the 5 farthest known
 * objects). hearth's version, in order:
 *
 * 1. open a closed container of the current room where the class may lie (the catalog's placements say where);
 * 2. walk towards the nearest room not yet seen;
 * 3. walk towards the nearest closed container, elsewhere, where the class may lie;
 * 4. as the paper: walk towards one of the 5 farthest known objects, drawn with the agent's seeded generator.
 *
 * Steps 1-3 are hearth's addition: the paper's agent sees through a camera as it walks, while hearth's sees a room at
 * once and nothing inside closed containers, so rooms and containers are the places left to look.
 */
import type { Belief } from '../../memory/belief.js';
import { catalogClass } from '../../sim/catalog/index.js';
import type { Skill } from '../../sim/skill.js';
import type { SkillSet } from '../../sim/skill-sets.js';
import { ANY_THING } from '../../sim/subgoals.js';
import type { Rng } from '../../util/rng.js';
import type { StepFeedback } from '../agent.js';
import { idleSkill, roomDistances, stepTowards } from '../heuristics/common.js';
import { FARTHEST_OBJECTS } from './config.js';

export interface SearchContext {
  readonly belief: Belief;
  readonly feedback: StepFeedback;
  readonly skills: SkillSet;
  readonly rng: Rng;
  /** Containers the agent opened while searching (not opened twice). */
  readonly opened: Set<number>;
}

const walk = (id: number): Skill => ({ action: 'walk', objects: [id] });

/** Whether a thing of the class may lie inside a container of `containerClass` (any container for unknown classes). */
function mayHold(containerClass: string, targetClass: string | undefined): boolean {
  if (targetClass === undefined || targetClass === ANY_THING) return true;
  const entry = catalogClass(targetClass);
  return entry === undefined || entry.inside.includes(containerClass);
}

/** The next search skill for an object of `targetClass` (undefined: any object). */
export function searchStep(context: SearchContext, targetClass: string | undefined): Skill {
  const { belief, feedback, skills } = context;
  const graph = belief.graph;
  const here = feedback.observation.roomId;
  const character = feedback.observation.characterId;
  const adjacent = feedback.adjacentRooms;
  const towards = (room: number) => stepTowards(here, room, adjacent, skills);

  const closedContainers = [...graph.nodes()]
    .filter(
      (n) =>
        n.properties.has('CAN_OPEN') &&
        n.properties.has('CONTAINERS') &&
        n.states.has('CLOSED') &&
        !context.opened.has(n.id) &&
        mayHold(n.className, targetClass),
    )
    .map((n) => n.id)
    .sort((a, b) => a - b);
  const local = closedContainers.find((id) => belief.roomOf(id) === here);
  if (local !== undefined) {
    if (!graph.hasEdge(character, 'CLOSE', local)) return walk(local);
    context.opened.add(local);
    return { action: 'open', objects: [local] };
  }

  const distance = roomDistances(here, adjacent);
  const byDistance = (rooms: number[]) =>
    rooms.sort((a, b) => (distance.get(a) ?? Infinity) - (distance.get(b) ?? Infinity) || a - b);
  const rooms = [...graph.nodes()].filter((n) => graph.isRoom(n.id)).map((n) => n.id);
  const unseen = byDistance(rooms.filter((room) => room !== here && belief.roomSeen(room) === undefined));
  for (const room of unseen) {
    const step = towards(room);
    if (step) return step;
  }

  const containerRooms = byDistance([
    ...new Set(closedContainers.map((id) => belief.roomOf(id)).filter((r): r is number => r !== undefined)),
  ]);
  for (const room of containerRooms) {
    const step = towards(room);
    if (step) return step;
  }

  const objects = [...graph.nodes()]
    .filter((n) => n.id > 0 && !graph.isRoom(n.id) && n.id !== character && belief.roomOf(n.id) !== undefined)
    .map((n) => ({ id: n.id, d: distance.get(belief.roomOf(n.id)!) ?? 0 }))
    .sort((a, b) => b.d - a.d || a.id - b.id)
    .slice(0, FARTHEST_OBJECTS);
  if (objects.length > 0) {
    const target = context.rng.pick(objects).id;
    const room = belief.roomOf(target)!;
    if (room !== here) return towards(room) ?? idleSkill(feedback, skills);
    if (feedback.candidates.some((s) => s.action === 'walk' && s.objects[0] === target)) return walk(target);
  }
  return idleSkill(feedback, skills);
}
