/**
 * The world side of an episode, shared by every protocol: it holds the true graph, runs an agent's skill through the
 * simulator (after the protocol's skill-set restrictions), and tells the agent what it sees. Agents never get this
 * object; they get `StepFeedback` only.
 */
import type { StepFeedback } from '../agents/agent.js';
import { actionNamed } from '../sim/actions/names.js';
import { executeStep } from '../sim/executor.js';
import type { EnvGraph } from '../sim/graph.js';
import type { Observation } from '../sim/observation.js';
import { observe } from '../sim/observe.js';
import { roomAdjacency } from '../sim/scenes/topology.js';
import type { ScriptLine } from '../sim/script.js';
import { formatSkill, type Skill } from '../sim/skill.js';

/** The outcome of one skill. */
export interface SkillOutcome {
  readonly success: boolean;
  readonly error?: string;
  readonly errorKind?: string;
}

/** Pairs of adjacent room ids, each pair once with the lower id first, sorted. */
export type RoomPairs = readonly (readonly [number, number])[];

/**
 * The skills a protocol offers and the rules it adds on top of the simulator's (ExRAP B.1: walking only to an
 * adjacent room or to an object of the current room, so that every skill costs one step).
 */
export interface SkillSet {
  readonly name: string;
  /** The skill names (e.g. `walk`, `grab`); anything else is refused. */
  readonly actions: readonly string[];
  /** The skills an agent may choose, derived from what it sees (never from the true state). */
  candidates(observation: Observation, adjacent: RoomPairs): Skill[];
  /** Why the skill is refused before it reaches the simulator, or undefined when it may run. */
  refusal(world: EnvGraph, characterId: number, skill: Skill, adjacent: RoomPairs): string | undefined;
  /** The simulator action a skill runs as (e.g. `put` -> PUTBACK). */
  simulatorAction(skill: Skill): string;
}

/** Categories an agent has no business walking to or handling; left out of candidate lists. */
const STRUCTURE = new Set(['Walls', 'Floor', 'Floors', 'Ceiling', 'Windows', 'Doors', 'Rooms', 'Characters']);

export function roomPairs(graph: EnvGraph): RoomPairs {
  const pairs: [number, number][] = [];
  for (const [room, links] of roomAdjacency(graph)) {
    for (const link of links) if (room < link.room) pairs.push([room, link.room]);
  }
  const unique = new Map(pairs.map((p) => [`${p[0]},${p[1]}`, p] as const));
  return [...unique.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

export function neighbours(room: number, adjacent: RoomPairs): number[] {
  const out: number[] = [];
  for (const [a, b] of adjacent) {
    if (a === room) out.push(b);
    else if (b === room) out.push(a);
  }
  return out.sort((x, y) => x - y);
}

/**
 * ExRAP's VirtualHome skills (appendix B.1): walk to a room or an object, grab, switch on/off, put (on a surface),
 * putin (into a container), open, close.
 */
export const VIRTUALHOME_SKILLS: SkillSet = {
  name: 'virtualhome',
  actions: ['walk', 'grab', 'switchon', 'switchoff', 'put', 'putin', 'open', 'close'],
  candidates(observation, adjacent) {
    const skills: Skill[] = [];
    for (const room of neighbours(observation.roomId, adjacent)) skills.push({ action: 'walk', objects: [room] });
    const held = heldIds(observation);
    const here = observation.nodes.filter((n) => !STRUCTURE.has(n.category) && !held.has(n.id));
    for (const node of here) {
      skills.push({ action: 'walk', objects: [node.id] });
      if (node.properties.includes('GRABBABLE') && held.size < 2) skills.push({ action: 'grab', objects: [node.id] });
      if (node.properties.includes('CAN_OPEN')) {
        skills.push({ action: 'open', objects: [node.id] }, { action: 'close', objects: [node.id] });
      }
      if (node.properties.includes('HAS_SWITCH')) {
        skills.push({ action: 'switchon', objects: [node.id] }, { action: 'switchoff', objects: [node.id] });
      }
    }
    for (const item of held) {
      for (const node of here) {
        if (node.id === item) continue;
        if (node.properties.includes('SURFACES')) skills.push({ action: 'put', objects: [item, node.id] });
        if (node.properties.includes('CONTAINERS')) skills.push({ action: 'putin', objects: [item, node.id] });
      }
    }
    return skills;
  },
  refusal(world, characterId, skill, adjacent) {
    if (skill.action !== 'walk') return undefined;
    const target = skill.objects[0];
    const here = world.roomOf(characterId);
    if (world.isRoom(target)) {
      if (target === here) return `already in ${label(world, target)}`;
      if (here === undefined || !neighbours(here, adjacent).includes(target)) {
        return `${label(world, target)} is not adjacent to ${here === undefined ? 'the current room' : label(world, here)}`;
      }
      return undefined;
    }
    if (world.roomOf(target) !== here) return `${label(world, target)} is not in the current room`;
    return undefined;
  },
  simulatorAction(skill) {
    return skill.action === 'put' ? 'PUTBACK' : skill.action.toUpperCase();
  },
};

function heldIds(observation: Observation): Set<number> {
  const held = new Set<number>();
  for (const [from, relation, to] of observation.edges) {
    if (from === observation.characterId && (relation === 'HOLDS_RH' || relation === 'HOLDS_LH')) held.add(to);
  }
  return held;
}

const label = (graph: EnvGraph, id: number) => `<${graph.get(id).className}> (${id})`;

/** One episode's world: the true graph, the character, the skill set. */
export class EpisodeWorld {
  readonly characterId: number;
  readonly adjacent: RoomPairs;

  constructor(
    readonly graph: EnvGraph,
    readonly skills: SkillSet = VIRTUALHOME_SKILLS,
  ) {
    this.characterId = graph.characterId();
    this.adjacent = roomPairs(graph);
  }

  observe(): Observation {
    return observe(this.graph, this.characterId);
  }

  /** What the agent is told at step t, after `last` (absent at the start). */
  feedback(t: number, last?: { skill: Skill; outcome: SkillOutcome }): StepFeedback {
    const observation = this.observe();
    return {
      t,
      observation,
      adjacentRooms: this.adjacent,
      candidates: this.skills.candidates(observation, this.adjacent),
      ...(last && {
        lastSkill: last.skill,
        success: last.outcome.success,
        ...(last.outcome.error !== undefined && { error: last.outcome.error, errorKind: last.outcome.errorKind }),
      }),
    };
  }

  /** Runs a skill: the skill set's restrictions first, then the simulator's rules. */
  step(skill: Skill): SkillOutcome {
    const text = formatSkill(skill, (id) => this.graph.node(id)?.className);
    if (!this.skills.actions.includes(skill.action)) {
      return { success: false, error: `${text}: not a skill of ${this.skills.name}`, errorKind: 'other' };
    }
    const missing = skill.objects.find((id) => !this.graph.has(id));
    if (missing !== undefined) {
      return { success: false, error: `${text}: no object ${missing} in this home`, errorKind: 'unseen_object' };
    }
    const refusal = this.skills.refusal(this.graph, this.characterId, skill, this.adjacent);
    if (refusal) return { success: false, error: `${text}: ${refusal}`, errorKind: 'affordance' };
    const action = actionNamed(this.skills.simulatorAction(skill));
    if (!action) return { success: false, error: `${text}: unknown action`, errorKind: 'other' };
    const line: ScriptLine = {
      action,
      objects: skill.objects.map((id) => ({ name: this.graph.get(id).className, id })),
      agent: 0,
    };
    const result = executeStep(this.graph, line);
    return result.ok
      ? { success: true }
      : { success: false, error: result.error ?? 'failed', errorKind: result.errorKind ?? 'other' };
  }
}
