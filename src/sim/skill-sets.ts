/**
 * Skill sets: the high-level skills a protocol offers an agent, the restrictions they add to the simulator's rules,
 * and how each skill runs as a simulator action. They live in the sim layer because both sides need them: the
 * benchmark runs skills in the true world, and agents (the Oracle, the heuristics, DANLI) simulate skills on their
 * own graphs (the true one, a belief) to check a plan before they commit to it.
 *
 * Two sets share one simulator:
 * - VirtualHome (ExRAP appendix B.1): walk to a room or an object, grab, switchon/switchoff, put (on a surface),
 *   putin (into a container), open, close;
 * - ALFRED-like (ExRAP appendix B.2): goto, pickup, toggle, put, open, close, mapped onto the same VirtualHome
 *   actions (see `ALFRED_SKILLS`).
 * In both, moving goes only to an adjacent room or to an object of the current room, so that every skill costs one
 * step (B.1's restriction; ALFRED's scenes are single rooms, so hearth applies the same rule there).
 *
 * The third world, the delivery city (ExRAP appendix B.3), has its own skill set with its own rules
 * (`src/sim/city/skills.ts`, made per city since its turns depend on the road map: `skillSetFor`).
 */
import { actionNamed } from './actions/names.js';
import { checkStep, executeStep } from './executor.js';
import type { EnvGraph } from './graph.js';
import type { Observation, ObservedNode } from './observation.js';
import { roomAdjacency } from './scenes/topology.js';
import type { ScriptLine } from './script.js';
import { formatSkill, type Skill } from './skill.js';

/** The outcome of one skill. */
export interface SkillOutcome {
  readonly success: boolean;
  readonly error?: string;
  readonly errorKind?: string;
}

/** Pairs of adjacent room ids, each pair once with the lower id first, sorted. */
export type RoomPairs = readonly (readonly [number, number])[];

export interface SkillSet {
  readonly name: string;
  /** The skill names (e.g. `walk`, `grab`); anything else is refused. */
  readonly actions: readonly string[];
  /**
   * What each skill's objects are, in order, by the words that say what each must be (`put`: `object`, `surface`): the
   * argument forms an agent outside hearth is told (docs/agent-protocol.md). Every action has one entry.
   */
  readonly forms: Readonly<Record<string, readonly string[]>>;
  /** The skills an agent may choose, derived from what it sees (never from the true state). */
  candidates(observation: Observation, adjacent: RoomPairs): Skill[];
  /** Why the skill is refused before it reaches the simulator, or undefined when it may run. */
  refusal(world: EnvGraph, characterId: number, skill: Skill, adjacent: RoomPairs): string | undefined;
  /** The simulator action a skill runs as in this world state (e.g. `put` -> PUTBACK, ALFRED's `toggle` -> SWITCHON). */
  simulatorAction(skill: Skill, world: EnvGraph): string;
  /**
   * The skill of this set that does what a VirtualHome skill does (planners plan in VirtualHome's skills);
   * undefined when this set has no such skill. `from`: the room the agent takes it in, for a set whose moves are
   * named by the turn they make (the city's turn left / turn right / go straight); the others ignore it.
   */
  fromVirtualHome(skill: Skill, from?: number): Skill | undefined;
  /** The skills that move the agent to another room, where they are not the one `walk` (the city's three turns). */
  readonly moves?: readonly string[];
  /**
   * Runs an allowed skill by the set's own rules instead of a simulator action (the city's load and unload, which
   * VirtualHome has no action for); undefined: the skill runs as its simulator action. Called after `refusal`.
   */
  execute?(world: EnvGraph, characterId: number, skill: Skill): SkillOutcome | undefined;
  /** Nodes in sight beyond the character's room (the city: buildings along the street ahead and behind). */
  inSight?(world: EnvGraph, characterId: number): number[];
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

const label = (graph: EnvGraph, id: number) => `<${graph.get(id).className}> (${id})`;

/** B.1's movement rule: an adjacent room, or an object of the current room. */
function moveRefusal(world: EnvGraph, characterId: number, target: number, adjacent: RoomPairs): string | undefined {
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
}

function heldIds(observation: Observation): Set<number> {
  const held = new Set<number>();
  for (const [from, relation, to] of observation.edges) {
    if (from === observation.characterId && (relation === 'HOLDS_RH' || relation === 'HOLDS_LH')) held.add(to);
  }
  return held;
}

/** Nodes of the observation an agent may act on: not structure, not held. */
function actionable(observation: Observation, held: ReadonlySet<number>): ObservedNode[] {
  return observation.nodes.filter((n) => !STRUCTURE.has(n.category) && !held.has(n.id));
}

const has = (node: ObservedNode, property: string) => (node.properties as readonly string[]).includes(property);

/**
 * ExRAP's VirtualHome skills (appendix B.1): walk to a room or an object, grab, switch on/off, put (on a surface),
 * putin (into a container), open, close.
 */
export const VIRTUALHOME_SKILLS: SkillSet = {
  name: 'virtualhome',
  actions: ['walk', 'grab', 'switchon', 'switchoff', 'put', 'putin', 'open', 'close'],
  forms: {
    walk: ['room or object'],
    grab: ['object'],
    switchon: ['object'],
    switchoff: ['object'],
    put: ['held object', 'surface'],
    putin: ['held object', 'container'],
    open: ['object'],
    close: ['object'],
  },
  candidates(observation, adjacent) {
    const skills: Skill[] = [];
    for (const room of neighbours(observation.roomId, adjacent)) skills.push({ action: 'walk', objects: [room] });
    const held = heldIds(observation);
    const here = actionable(observation, held);
    for (const node of here) {
      skills.push({ action: 'walk', objects: [node.id] });
      if (has(node, 'GRABBABLE') && held.size < 2) skills.push({ action: 'grab', objects: [node.id] });
      if (has(node, 'CAN_OPEN')) {
        skills.push({ action: 'open', objects: [node.id] }, { action: 'close', objects: [node.id] });
      }
      if (has(node, 'HAS_SWITCH')) {
        skills.push({ action: 'switchon', objects: [node.id] }, { action: 'switchoff', objects: [node.id] });
      }
    }
    for (const item of held) {
      for (const node of here) {
        if (node.id === item) continue;
        if (has(node, 'SURFACES')) skills.push({ action: 'put', objects: [item, node.id] });
        if (has(node, 'CONTAINERS')) skills.push({ action: 'putin', objects: [item, node.id] });
      }
    }
    return skills;
  },
  refusal(world, characterId, skill, adjacent) {
    if (skill.action !== 'walk') return undefined;
    return moveRefusal(world, characterId, skill.objects[0], adjacent);
  },
  simulatorAction(skill) {
    return skill.action === 'put' ? 'PUTBACK' : skill.action.toUpperCase();
  },
  fromVirtualHome(skill) {
    return VIRTUALHOME_SKILLS.actions.includes(skill.action) ? skill : undefined;
  },
};

/**
 * Where ALFRED's `put` leaves an object: INSIDE a receptacle that is a container and either opens (a microwave, a
 * cabinet) or has no surface (a sink); ON anything else that has a surface (a table, a sofa, a bookshelf, a plate).
 */
export function alfredPutRelation(host: { properties: ReadonlySet<string> | readonly string[] }): 'ON' | 'INSIDE' {
  const props = host.properties;
  const hasProp = (p: string) => (props instanceof Set ? props.has(p) : (props as readonly string[]).includes(p));
  return hasProp('CONTAINERS') && (hasProp('CAN_OPEN') || !hasProp('SURFACES')) ? 'INSIDE' : 'ON';
}

/**
 * ALFRED-like skills (ExRAP appendix B.2) over the VirtualHome simulator:
 *
 * | ALFRED skill       | VirtualHome action                                                              |
 * | ------------------ | ------------------------------------------------------------------------------- |
 * | `goto X`           | WALK X (an adjacent room or an object of the current room, as B.1)             |
 * | `pickup X`         | GRAB X; ALFRED's agent has one hand, so only with empty hands                   |
 * | `toggle X`         | SWITCHOFF X when X is on, else SWITCHON X                                       |
 * | `put X Y`          | PUTIN X Y when Y is an openable or surface-less container (`alfredPutRelation`), else PUTBACK X Y |
 * | `open X`, `close X` | OPEN X, CLOSE X                                                                |
 */
export const ALFRED_SKILLS: SkillSet = {
  name: 'alfred',
  actions: ['goto', 'pickup', 'toggle', 'put', 'open', 'close'],
  forms: {
    goto: ['room or object'],
    pickup: ['object'],
    toggle: ['object'],
    put: ['held object', 'receptacle'],
    open: ['object'],
    close: ['object'],
  },
  candidates(observation, adjacent) {
    const skills: Skill[] = [];
    for (const room of neighbours(observation.roomId, adjacent)) skills.push({ action: 'goto', objects: [room] });
    const held = heldIds(observation);
    const here = actionable(observation, held);
    for (const node of here) {
      skills.push({ action: 'goto', objects: [node.id] });
      if (has(node, 'GRABBABLE') && held.size === 0) skills.push({ action: 'pickup', objects: [node.id] });
      if (has(node, 'CAN_OPEN')) {
        skills.push({ action: 'open', objects: [node.id] }, { action: 'close', objects: [node.id] });
      }
      if (has(node, 'HAS_SWITCH')) skills.push({ action: 'toggle', objects: [node.id] });
    }
    for (const item of held) {
      for (const node of here) {
        if (node.id !== item && (has(node, 'SURFACES') || has(node, 'CONTAINERS'))) {
          skills.push({ action: 'put', objects: [item, node.id] });
        }
      }
    }
    return skills;
  },
  refusal(world, characterId, skill, adjacent) {
    if (skill.action === 'goto') return moveRefusal(world, characterId, skill.objects[0], adjacent);
    if (skill.action === 'pickup') {
      const hands = world.targets(characterId, 'HOLDS_RH').size + world.targets(characterId, 'HOLDS_LH').size;
      if (hands > 0) return 'the hand is not empty (ALFRED carries one object at a time)';
    }
    if (skill.action === 'put') {
      const host = world.get(skill.objects[1]);
      if (!host.properties.has('SURFACES') && !host.properties.has('CONTAINERS')) {
        return `${label(world, host.id)} is not a receptacle`;
      }
    }
    return undefined;
  },
  simulatorAction(skill, world) {
    switch (skill.action) {
      case 'goto':
        return 'WALK';
      case 'pickup':
        return 'GRAB';
      case 'toggle':
        return world.hasState(skill.objects[0], 'ON') ? 'SWITCHOFF' : 'SWITCHON';
      case 'put':
        return alfredPutRelation(world.get(skill.objects[1])) === 'INSIDE' ? 'PUTIN' : 'PUTBACK';
      default:
        return skill.action.toUpperCase();
    }
  },
  fromVirtualHome(skill) {
    switch (skill.action) {
      case 'walk':
        return { action: 'goto', objects: skill.objects };
      case 'grab':
        return { action: 'pickup', objects: skill.objects };
      case 'switchon':
      case 'switchoff':
        return { action: 'toggle', objects: skill.objects };
      case 'put':
      case 'putin':
        return { action: 'put', objects: skill.objects };
      case 'open':
      case 'close':
        return skill;
      default:
        return undefined;
    }
  },
};

/** The name a skill set gives VirtualHome's walk (ALFRED's `goto`): agents that reason about moving look for it. */
export function walkAction(skills: SkillSet): string {
  return skills.fromVirtualHome({ action: 'walk', objects: [0] })?.action ?? 'walk';
}

/** Whether a skill moves the agent: the set's walk, or one of its `moves` (the city's turns). */
export function isMove(skills: SkillSet, skill: Skill): boolean {
  return skills.moves ? skills.moves.includes(skill.action) : skill.action === walkAction(skills);
}

export const SKILL_SETS: Readonly<Record<string, SkillSet>> = {
  virtualhome: VIRTUALHOME_SKILLS,
  alfred: ALFRED_SKILLS,
};

/**
 * Runs a skill on a graph in place: the skill set's restrictions first, then the simulator's rules. A failed skill
 * changes nothing. The benchmark runs it on the true world; agents run it on copies or beliefs to check plans.
 */
export function executeSkill(
  graph: EnvGraph,
  characterId: number,
  skill: Skill,
  skills: SkillSet,
  adjacent: RoomPairs,
): SkillOutcome {
  return runSkill(graph, characterId, skill, skills, adjacent, true);
}

/**
 * Whether `executeSkill` would succeed now, leaving the graph as it is (SayCan's oracle affordance): the same checks,
 * with the simulator's preconditions checked and its effects not applied (`checkStep`), which is what decides
 * success. A skill set with its own executor (`execute`) has the skill tried and undone instead.
 */
export function skillWouldSucceed(
  graph: EnvGraph,
  characterId: number,
  skill: Skill,
  skills: SkillSet,
  adjacent: RoomPairs,
): boolean {
  if (skills.execute) return graph.tryChanges(() => executeSkill(graph, characterId, skill, skills, adjacent).success);
  return runSkill(graph, characterId, skill, skills, adjacent, false).success;
}

/** `executeSkill`, or with `apply` false its outcome without the effects (for sets without their own executor). */
function runSkill(
  graph: EnvGraph,
  characterId: number,
  skill: Skill,
  skills: SkillSet,
  adjacent: RoomPairs,
  apply: boolean,
): SkillOutcome {
  const text = formatSkill(skill, (id) => graph.node(id)?.className);
  if (!skills.actions.includes(skill.action)) {
    return { success: false, error: `${text}: not a skill of ${skills.name}`, errorKind: 'other' };
  }
  const missing = skill.objects.find((id) => !graph.has(id));
  if (missing !== undefined) {
    return { success: false, error: `${text}: no object ${missing} in this home`, errorKind: 'unseen_object' };
  }
  const refusal = skills.refusal(graph, characterId, skill, adjacent);
  if (refusal) return { success: false, error: `${text}: ${refusal}`, errorKind: 'affordance' };
  const own = skills.execute?.(graph, characterId, skill);
  if (own) return own;
  const action = actionNamed(skills.simulatorAction(skill, graph));
  if (!action) return { success: false, error: `${text}: unknown action`, errorKind: 'other' };
  const agent = graph.characters().indexOf(characterId);
  const line: ScriptLine = {
    action,
    objects: skill.objects.map((id) => ({ name: graph.get(id).className, id })),
    agent: Math.max(agent, 0),
  };
  const result = apply ? executeStep(graph, line) : checkStep(graph, line);
  return result.ok
    ? { success: true }
    : { success: false, error: result.error ?? 'failed', errorKind: result.errorKind ?? 'other' };
}
