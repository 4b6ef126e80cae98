/**
 * Running a chain of level-1 skills on a graph, open loop (`cursor.ts`): each primitive is bound to what the character
 * sees and run as skills of the episodic skill set, one per step, until one cannot be bound or the simulator refuses
 * a step. Used to check a skill where it is learnt (the training home), to measure how far a
 * shifted home breaks the database (`src/bench/episodic/semgro/degree.ts`), and by the offline critic on its belief.
 */
import type { EnvGraph } from '../../sim/graph.js';
import type { Skill } from '../../sim/skill.js';
import { executeSkill, type RoomPairs, VIRTUALHOME_SKILLS } from '../../sim/skill-sets.js';
import { roomClasses, type Scene, sceneOfGraph } from './binding.js';
import { ChainCursor } from './cursor.js';
import { diagnose, type SkillFailure } from './failures.js';
import type { Primitive } from './primitives.js';

export interface ChainRun {
  /** Every primitive ran (or the run stopped at the edge of what can be seen: `beyondView`). */
  readonly ok: boolean;
  /** The skills taken, in order. */
  readonly steps: readonly Skill[];
  /** The room the character was in when it took each step. */
  readonly rooms: readonly number[];
  /** The primitive that failed (its index) and why. */
  readonly failed?: { readonly index: number; readonly failure: SkillFailure };
  /** The run stopped before leaving the room (the critic cannot see further). */
  readonly beyondView?: boolean;
  /**
   * With `collectSeen`: the classes seen up close on the way (what the character was close to or held at each step;
   * rooms and structure left out), sorted.
   */
  readonly seen: readonly string[];
}

export interface ChainOptions {
  readonly adjacent: RoomPairs;
  /** Nodes put somewhere earlier (not taken again as patients); the run adds those it puts. */
  readonly settled?: Set<number>;
  /** Stop, successful, at the first walk into another room (a belief of one room says nothing beyond it). */
  readonly stopAtRoomExit?: boolean;
  /** Collect the classes seen on the way (`seen`; empty otherwise). */
  readonly collectSeen?: boolean;
}

/** Why a run stops that took more steps than its chain could need (its limit depends on the chain's length). */
export const WENT_ROUND = 'the walk goes round';

const UNSEEN_CATEGORIES = new Set(['Walls', 'Floor', 'Floors', 'Ceiling', 'Windows', 'Doors', 'Characters']);

/** What the character has in view up close: the things it is close to or holds (a camera's view, not the room's). */
function noteSeen(graph: EnvGraph, scene: Scene, seen: Set<string>): void {
  for (const id of [...scene.close, ...scene.held]) {
    const node = graph.node(id);
    if (node && !UNSEEN_CATEGORIES.has(node.category) && node.category !== 'Rooms') seen.add(node.className);
  }
}

/** Runs the chain on the graph, in place (wrap in `graph.tryChanges` to leave it as it was). */
export function runChain(
  graph: EnvGraph,
  character: number,
  chain: readonly Primitive[],
  options: ChainOptions,
): ChainRun {
  const settled = options.settled ?? new Set<number>();
  const steps: Skill[] = [];
  const rooms: number[] = [];
  const seen = new Set<string>();
  const finish = (extra: Partial<ChainRun> & { ok: boolean }): ChainRun => ({
    steps,
    rooms,
    seen: [...seen].sort(),
    ...extra,
  });
  const cursor = new ChainCursor(chain);
  // Each primitive takes one step, a walk between rooms one per room (and a passed-over one may be made later).
  const roomsOfHome = roomClasses(graph);
  const maxSteps = chain.length * (roomsOfHome.size + 2);
  for (let taken = 0; ; taken++) {
    const scene = sceneOfGraph(graph, character, roomsOfHome);
    if (options.collectSeen) noteSeen(graph, scene, seen);
    const index = cursor.index;
    const bound = cursor.next({ scene, adjacent: options.adjacent, settled });
    if (bound.kind === 'done') break;
    if (bound.kind === 'fail') return finish({ ok: false, failed: { index: cursor.index, failure: bound.failure } });
    const { skill } = bound;
    const leaving = skill.action === 'walk' && graph.isRoom(skill.objects[0]);
    if (leaving && options.stopAtRoomExit) return finish({ ok: true, beyondView: true });
    if (taken > maxSteps) {
      const failure = {
        kind: 'unreachable' as const,
        object: chain[index]?.objects[0] ?? 'room',
        text: WENT_ROUND,
      };
      return finish({ ok: false, failed: { index, failure } });
    }
    const outcome = executeSkill(graph, character, skill, VIRTUALHOME_SKILLS, options.adjacent);
    if (!outcome.success) {
      return finish({
        ok: false,
        failed: { index: cursor.index, failure: diagnose(graph, character, skill, outcome.error ?? 'failed') },
      });
    }
    steps.push(skill);
    rooms.push(scene.roomId);
    if (skill.action === 'put' || skill.action === 'putin') settled.add(skill.objects[0]);
    cursor.stepped(leaving);
  }
  if (options.collectSeen) noteSeen(graph, sceneOfGraph(graph, character, roomsOfHome), seen);
  return finish({ ok: true });
}
