/** Small pieces the model-free agents share: the idle skill, moving between rooms, the meanings they need. */

import { readInstructions } from '../../language/index.js';
import type { Skill } from '../../sim/skill.js';
import { type SkillSet, walkAction } from '../../sim/skill-sets.js';
import type { InstructionMeaning, StepFeedback, TaskBrief } from '../agent.js';

/** Where a model-free agent learns what its instructions mean: the benchmark's meanings, or the texts. */
export type MeaningSource = 'meanings' | 'texts';

/** The instructions' meanings from the source: the task's, or the texts read with the offline grammar. */
export function meaningsOf(agent: string, task: TaskBrief, source: MeaningSource): readonly InstructionMeaning[] {
  if (source === 'meanings') return requireMeanings(agent, task);
  return readInstructions(task.instructions).map((read) => ({
    id: read.instruction,
    query: read.query,
    execution: read.execution,
  }));
}

/** The task's meanings; an agent that needs them fails loudly when the protocol did not grant them. */
export function requireMeanings(agent: string, task: TaskBrief): readonly InstructionMeaning[] {
  if (!task.meanings) throw new Error(`agent ${agent} needs the instructions' meanings, but the task brief has none`);
  return task.meanings;
}

/**
 * What an agent does when it has nothing to do: one step must still be spent, so it walks to an object of its room
 * (the first such candidate: harmless, always allowed), or takes the first candidate.
 */
export function idleSkill(feedback: StepFeedback, skills: SkillSet): Skill {
  const walk = walkAction(skills);
  const rooms = new Set(feedback.observation.nodes.filter((n) => n.category === 'Rooms').map((n) => n.id));
  const local = feedback.candidates.find((s) => s.action === walk && !rooms.has(s.objects[0]));
  return local ?? feedback.candidates[0] ?? { action: walk, objects: [feedback.observation.roomId] };
}

/** Breadth-first distances (in walks) from a room over the adjacency pairs. */
export function roomDistances(from: number, adjacent: readonly (readonly [number, number])[]): Map<number, number> {
  const distance = new Map<number, number>([[from, 0]]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const room = queue[head];
    const next: number[] = [];
    for (const [a, b] of adjacent) {
      if (a === room) next.push(b);
      else if (b === room) next.push(a);
    }
    for (const n of next.sort((x, y) => x - y)) {
      if (distance.has(n)) continue;
      distance.set(n, distance.get(room)! + 1);
      queue.push(n);
    }
  }
  return distance;
}

/**
 * The rooms of a shortest path from `from` to `target` (both ids of rooms; `from` left out, `target` last): at each
 * room the lowest-id neighbour one walk closer. Empty when already there; undefined when the target cannot be reached.
 */
export function roomPath(
  from: number,
  target: number,
  adjacent: readonly (readonly [number, number])[],
): number[] | undefined {
  const toTarget = roomDistances(target, adjacent);
  if (!toTarget.has(from)) return undefined;
  const path: number[] = [];
  let here = from;
  while (here !== target) {
    const distance = toTarget.get(here)!;
    let next: number | undefined;
    for (const [a, b] of adjacent) {
      const other = a === here ? b : b === here ? a : undefined;
      if (other !== undefined && toTarget.get(other) === distance - 1 && (next === undefined || other < next)) {
        next = other;
      }
    }
    if (next === undefined) return undefined;
    path.push(next);
    here = next;
  }
  return path;
}

/** The walk to the next room on a shortest path towards `target` (lowest room id first among equals). */
export function stepTowards(
  from: number,
  target: number,
  adjacent: readonly (readonly [number, number])[],
  skills: SkillSet,
): Skill | undefined {
  const next = roomPath(from, target, adjacent)?.[0];
  return next === undefined ? undefined : skills.fromVirtualHome({ action: 'walk', objects: [next] }, from);
}
