/**
 * Which node a class of a level-1 skill names, in what the agent sees now, and the skill of the episodic skill set
 * that carries it out. The binding rule:
 *
 * - `walk <room>`: done when the character is in a room of that class; otherwise a walk to the next room on the
 *   shortest path (over the room adjacency the agent is told) to the nearest room of the class, one room per step;
 *   no room of the class reachable: a failure.
 * - A class of thing names a visible node of that class (in the character's room, not inside a closed container,
 *   or held): the node this chain already bound the class to while it is still visible; else the visible ones not
 *   held, and for the patient of `walk` and `grab` not already put somewhere by the agent (`settled`), the one the
 *   character is close to first, then the lowest id. None: a failure ("no apple in view").
 * - A state change (open, close, switching) takes first a node not yet in the state it makes (the lamp that is off,
 *   where two stand in the room), the bound one included; with every one in that state already, the rule above
 *   (and the simulator refuses the step, as VirtualHome does).
 * - A goal chain (`goal-chain.ts`) may name nodes to take first (`prefer`: the toasted slice, a clean plate); what
 *   it wants next does not count as put somewhere, what satisfies its subgoal already does (the agent's `settled`).
 * - `walk X` is done (no step) when the character holds an X or is close to the bound or an eligible X; `grab X`
 *   when it holds an X. State changes (open, close, switching) and putting always act.
 * - `put X Y` / `putin X Y`: X is an X the character holds (none: a failure); Y as above.
 * - A tool stands for the tools of its kind that do the same deed (a knife for a knife: `KNIFE_CLASSES`, the classes
 *   the derived-state rules slice with): with none of the class named in view or held, one of its kind is taken
 *   (before, the example's "slice tomato with chefknife" looked for a chefknife in a home with only a cutleryknife
 *   until the steps ran out: TEACh's N Slices Of X In Y on gen:61357, 0 of 20).
 *
 * The rule reads what the character sees (a `Scene`: of the agent's observation, or of a graph by the observation's
 * visibility rule), so it binds alike in the true world (the agent acting), in the training home (building and
 * checking the database) and on the critic's belief.
 */
import { KNIFE_CLASSES } from '../../sim/derived-states.js';
import type { EnvGraph } from '../../sim/graph.js';
import type { Observation } from '../../sim/observation.js';
import { isHidden } from '../../sim/observe.js';
import type { Skill } from '../../sim/skill.js';
import type { RoomPairs } from '../../sim/skill-sets.js';
import type { State } from '../../sim/vocabulary.js';
import { roomDistances, roomPath } from '../heuristics/common.js';
import type { FailureKind, SkillFailure } from './failures.js';
import type { Primitive } from './primitives.js';

export type Bound =
  | { readonly kind: 'done' }
  | { readonly kind: 'skill'; readonly skill: Skill }
  | { readonly kind: 'fail'; readonly failure: SkillFailure };

/** What one chain remembers while it runs: the node each class was bound to. */
export type Bindings = Map<string, number>;

/** What the binding reads of what the character sees. */
export interface Scene {
  readonly roomId: number;
  /** Every room of the home, with its class. */
  readonly rooms: ReadonlyMap<number, string>;
  /**
   * The visible things of a class (the room's, and what is held), in no particular order: the binding asks by class,
   * and a scene of a graph finds them among the graph's nodes of the class instead of listing the whole room.
   */
  visible(className: string): readonly number[];
  readonly held: ReadonlySet<number>;
  /** What the character is close to. */
  readonly close: ReadonlySet<number>;
  /** Whether a visible node shows a state. */
  hasState(id: number, state: string): boolean;
}

export interface BindingView {
  readonly scene: Scene;
  readonly adjacent: RoomPairs;
  /** Nodes the agent has put somewhere in this episode: not taken again as the patient of a walk or a grab. */
  readonly settled: ReadonlySet<number>;
  /** Nodes to take first (a goal chain's qualifying things). */
  readonly prefer?: ReadonlySet<number>;
}

/** The scene of an observation (what the agent is told). */
export function sceneOfObservation(observation: Observation): Scene {
  const rooms = new Map<number, string>();
  const here: { id: number; className: string }[] = [];
  for (const node of observation.nodes) {
    if (node.category === 'Rooms') rooms.set(node.id, node.className);
    else if (node.id !== observation.characterId) here.push(node);
  }
  const held = new Set<number>();
  const close = new Set<number>();
  for (const [from, relation, to] of observation.edges) {
    if (from !== observation.characterId) continue;
    if (relation === 'HOLDS_RH' || relation === 'HOLDS_LH') held.add(to);
    else if (relation === 'CLOSE') close.add(to);
  }
  const states = new Map(observation.nodes.map((n) => [n.id, n.states as readonly string[]]));
  const hasState = (id: number, state: string) => states.get(id)?.includes(state) ?? false;
  const byClass = new Map<string, number[]>();
  for (const { id, className } of here) {
    const ids = byClass.get(className);
    if (ids) ids.push(id);
    else byClass.set(className, [id]);
  }
  const visible = (className: string) => byClass.get(className) ?? [];
  return { roomId: observation.roomId, rooms, visible, held, close, hasState };
}

/** Every room of the graph with its class (a chain's run reads it once: skills never add rooms). */
export function roomClasses(graph: EnvGraph): ReadonlyMap<number, string> {
  return new Map(graph.rooms().map((r) => [r, graph.get(r).className]));
}

const HANDS = ['HOLDS_RH', 'HOLDS_LH'] as const;

/**
 * Whether a thing is in the room: an INSIDE edge leads to it, directly or through what the thing is inside (observe.ts's
 * rule, which walks the same edges from the room; not `roomOf`, which stops at the first room and so differs on the
 * INSIDE cycles some VirtualHome graphs hold).
 */
function inRoom(graph: EnvGraph, id: number, roomId: number): boolean {
  const direct = graph.targets(id, 'INSIDE');
  if (direct.has(roomId)) return true;
  const seen = new Set<number>([id]);
  const stack = [...direct];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next === roomId) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    for (const to of graph.targets(next, 'INSIDE')) if (!seen.has(to)) stack.push(to);
  }
  return false;
}

/**
 * The scene of a graph as the character would observe it (the visibility rule of `observe.ts`: what is in its room
 * and not inside a closed container, and what it holds), read straight from the graph: a chain run in simulation
 * binds many times, and building whole observations would cost most of its time. What is visible is worked out per
 * class asked for, from the graph's nodes of the class: listing the whole room at every step of a run took a tenth of
 * the database's build. `rooms`: the graph's (`roomClasses`), when the caller has them already (a chain's run reads
 * a scene at every step).
 */
export function sceneOfGraph(
  graph: EnvGraph,
  character: number,
  rooms: ReadonlyMap<number, string> = roomClasses(graph),
): Scene {
  const roomId = graph.roomOf(character);
  if (roomId === undefined) throw new RangeError(`character ${character} is not in any room`);
  const held = new Set<number>();
  for (const hand of HANDS) for (const id of graph.targets(character, hand)) held.add(id);
  // In view: in the room and not shut away in a container (the character not), or held where not in the room.
  const inView = (id: number) => {
    if (id === roomId) return false;
    if (inRoom(graph, id, roomId)) return id !== character && !isHidden(graph, id);
    return held.has(id);
  };
  const byClass = new Map<string, readonly number[]>();
  const visible = (className: string) => {
    let ids = byClass.get(className);
    if (!ids) {
      ids = graph.idsOfClass(className).filter(inView);
      byClass.set(className, ids);
    }
    return ids;
  };
  const hasState = (id: number, state: string) => graph.hasState(id, state as State);
  return { roomId, rooms, visible, held, close: graph.targets(character, 'CLOSE'), hasState };
}

const fail = (kind: FailureKind, object: string, text: string): Bound => ({
  kind: 'fail',
  failure: { kind, object, text },
});

/** Classes of tools that do the same deed (see the module comment). */
const KINDS: readonly (readonly string[])[] = [KNIFE_CLASSES];

/** The classes that stand for a class: itself, then the others of its kind. */
function standIns(className: string): readonly string[] {
  const kind = KINDS.find((k) => k.includes(className));
  return kind ? [className, ...kind.filter((c) => c !== className)] : [className];
}

/** The class a thing of `className` is taken as in the scene: itself, or the first of its kind in view or held. */
function inScene(className: string, scene: Scene): string {
  return standIns(className).find((c) => scene.visible(c).length > 0) ?? className;
}

/** The state each state change makes. */
const RESULT: Readonly<Record<string, string>> = { open: 'OPEN', close: 'CLOSED', switchon: 'ON', switchoff: 'OFF' };

/**
 * The node a class names (see the module comment), or undefined. `exclude`: nodes not eligible; `done`: nodes the
 * skill would change nothing on (taken only when every other is); `prefer`: nodes taken first.
 */
function pick(
  className: string,
  scene: Scene,
  bindings: Bindings,
  exclude: (id: number) => boolean,
  done: (id: number) => boolean = () => false,
  prefer?: ReadonlySet<number>,
): number | undefined {
  const as = inScene(className, scene);
  const visible = scene.visible(as).filter((id) => !scene.held.has(id));
  const eligible = visible.filter((id) => !exclude(id));
  const useful = eligible.filter((id) => !done(id));
  const bound = bindings.get(className);
  if (bound !== undefined && visible.includes(bound)) {
    if (!done(bound) || useful.length === 0) return bound;
  }
  const pool = useful.length > 0 ? useful : eligible;
  if (pool.length === 0) return undefined;
  const preferred = prefer ? pool.filter((id) => prefer.has(id)) : [];
  const first = preferred.length > 0 ? preferred : pool;
  const near = first.filter((id) => scene.close.has(id));
  return Math.min(...(near.length > 0 ? near : first));
}

/** Whether a primitive walks to a room (its class is a room class of the home). */
export const isRoomWalk = (primitive: Primitive, scene: Scene): boolean =>
  primitive.verb === 'walk' && [...scene.rooms.values()].includes(primitive.objects[0]);

/**
 * The next walk towards the nearest room of a class, `done` when in one, or a failure when none can be reached.
 * `exclude`: rooms of the class not to go to (looked in already); then being in one is not being there.
 */
export function walkTowards(
  roomClass: string,
  scene: Scene,
  adjacent: RoomPairs,
  exclude: ReadonlySet<number> = new Set(),
): Bound {
  if (scene.rooms.get(scene.roomId) === roomClass && !exclude.has(scene.roomId)) return { kind: 'done' };
  const distances = roomDistances(scene.roomId, adjacent);
  const targets = [...scene.rooms]
    .filter(([id, name]) => name === roomClass && distances.has(id) && !exclude.has(id))
    .sort((a, b) => distances.get(a[0])! - distances.get(b[0])! || a[0] - b[0]);
  const path = targets.length > 0 ? roomPath(scene.roomId, targets[0][0], adjacent) : undefined;
  if (!path || path.length === 0) return fail('unreachable', roomClass, `no ${roomClass} can be reached from here`);
  return { kind: 'skill', skill: { action: 'walk', objects: [path[0]] } };
}

/** Whether a thing of the class is in view (held included). */
export const inView = (className: string, scene: Scene): boolean =>
  standIns(className).some((c) => scene.visible(c).length > 0);

/** The next skill of a primitive in what the agent sees, `done` when it needs none, or why it cannot run. */
export function bindPrimitive(primitive: Primitive, view: BindingView, bindings: Bindings): Bound {
  const { scene, adjacent, settled, prefer } = view;
  const [first, second] = primitive.objects;
  if (isRoomWalk(primitive, scene)) return walkTowards(first, scene, adjacent);
  const holding = (className: string) =>
    [...scene.held].find((id) => standIns(className).some((c) => scene.visible(c).includes(id)));
  const notVisible = (className: string) => fail('not-visible', className, `no ${className} in view`);
  const skill = (action: string, objects: number[]): Bound => ({ kind: 'skill', skill: { action, objects } });
  switch (primitive.verb) {
    case 'walk':
    case 'grab': {
      const held = holding(first);
      if (held !== undefined) {
        bindings.set(first, held);
        return { kind: 'done' };
      }
      const id = pick(first, scene, bindings, (node) => settled.has(node), undefined, prefer);
      if (id === undefined) return notVisible(first);
      bindings.set(first, id);
      if (primitive.verb === 'walk' && scene.close.has(id)) return { kind: 'done' };
      return skill(primitive.verb, [id]);
    }
    case 'put':
    case 'putin': {
      const held = holding(first);
      if (held === undefined) return fail('not-holding', first, `not holding a ${first}`);
      bindings.set(first, held);
      const host = pick(second, scene, bindings, () => false, undefined, prefer);
      if (host === undefined) return notVisible(second);
      bindings.set(second, host);
      return skill(primitive.verb, [held, host]);
    }
    default: {
      const result = RESULT[primitive.verb];
      const done = (node: number) => result !== undefined && scene.hasState(node, result);
      const id = pick(first, scene, bindings, () => false, done, prefer);
      if (id === undefined) return notVisible(first);
      bindings.set(first, id);
      return skill(primitive.verb, [id]);
    }
  }
}
