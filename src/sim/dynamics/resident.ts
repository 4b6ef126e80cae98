/**
 * The restless resident of the continual-instruction protocol (PROTOCOLS.md section 1, ExRAP appendix B.1): every
 * k steps (k = 8 / 6 / 4 for low / medium / high non-stationarity) it applies the disturbance of one standing
 * instruction, drawn with the seed among those whose query is false now, so that the query becomes true and the
 * instruction needs the agent again. It never touches what a character holds, and it acts wherever it likes:
 * whether the agent sees it is the agent's problem.
 *
 * A disturbance is data (what the instruction says the resident undoes): set a node's state, or move one of the
 * instruction's objects away from where the instruction wants it, to one of a list of places in plain sight.
 */
import { type Condition, holds } from '../conditions.js';
import type { EnvGraph } from '../graph.js';
import type { State } from '../vocabulary.js';
import { holdersOf, moveObject, type Place, setState } from './edits.js';

export const NONSTATIONARITY_PERIODS = { low: 8, medium: 6, high: 4 } as const;
export type NonstationarityName = keyof typeof NONSTATIONARITY_PERIODS;

export type Disturbance =
  /** Give `node` the state (someone switches the TV off, closes the dishwasher). */
  | { readonly kind: 'state'; readonly node: number; readonly state: State }
  /**
   * Move one of `objects` that lies at `goal` (where the instruction wants it) to one of `places` whose host is not
   * the goal's (someone leaves the book somewhere else).
   */
  | {
      readonly kind: 'relocate';
      readonly objects: readonly number[];
      readonly goal: Place;
      readonly places: readonly Place[];
    };

/** What the resident needs to know about an instruction. */
export interface ResidentTask {
  readonly id: string;
  readonly query: Condition;
  readonly disturbance: Disturbance;
}

/** One change the resident made. */
export type ResidentChange =
  | { readonly instruction: string; readonly kind: 'state'; readonly node: number; readonly state: State }
  | { readonly instruction: string; readonly kind: 'move'; readonly object: number; readonly place: Place };

/** A random source: the resident's draws (an `Rng` fits). */
export interface Draw {
  int(n: number): number;
}

/** The objects of a relocation that may be moved now, and the places each may go to. */
function relocationChoices(graph: EnvGraph, d: Extract<Disturbance, { kind: 'relocate' }>) {
  const objects = d.objects.filter(
    (id) => graph.has(id) && holdersOf(graph, id).length === 0 && graph.hasEdge(id, d.goal.relation, d.goal.host),
  );
  const places = d.places.filter((p) => p.host !== d.goal.host && graph.has(p.host));
  return { objects, places };
}

/** Whether the disturbance can be applied now (nothing held is touched, somewhere else to put things exists). */
export function canDisturb(graph: EnvGraph, disturbance: Disturbance): boolean {
  if (disturbance.kind === 'state') {
    return (
      graph.has(disturbance.node) &&
      !graph.hasState(disturbance.node, disturbance.state) &&
      holdersOf(graph, disturbance.node).length === 0
    );
  }
  const { objects, places } = relocationChoices(graph, disturbance);
  return objects.some((id) => places.some((p) => p.host !== id));
}

/** Applies a disturbance (which must be possible, see `canDisturb`), drawing the object and place with `draw`. */
export function applyDisturbance(
  graph: EnvGraph,
  instruction: string,
  disturbance: Disturbance,
  draw: Draw,
): ResidentChange {
  if (disturbance.kind === 'state') {
    setState(graph, disturbance.node, disturbance.state);
    return { instruction, kind: 'state', node: disturbance.node, state: disturbance.state };
  }
  const { objects, places } = relocationChoices(graph, disturbance);
  const movable = objects.filter((id) => places.some((p) => p.host !== id));
  if (movable.length === 0) throw new Error(`disturbance of ${instruction} is not possible now`);
  const object = movable[draw.int(movable.length)];
  const options = places.filter((p) => p.host !== object);
  const place = options[draw.int(options.length)];
  moveObject(graph, object, place);
  return { instruction, kind: 'move', object, place };
}

export class Resident {
  /**
   * @param tasks the episode's instructions, in a fixed order (draws index into it)
   * @param period k: the resident acts after every k-th step
   */
  constructor(
    readonly tasks: readonly ResidentTask[],
    readonly period: number,
    private readonly draw: Draw,
  ) {
    if (!Number.isInteger(period) || period < 1) throw new RangeError(`resident period must be >= 1, got ${period}`);
  }

  /** Instructions the resident may disturb now: query false, disturbance possible, not spared. */
  eligible(graph: EnvGraph, spare: ReadonlySet<string> = new Set()): ResidentTask[] {
    return this.tasks.filter(
      (task) => !spare.has(task.id) && !holds(task.query, graph) && canDisturb(graph, task.disturbance),
    );
  }

  /**
   * Called once the world has run step `stepsDone` (1, 2, ...): on every k-th step the resident disturbs one
   * eligible instruction, drawn uniformly. Returns what it changed, or undefined (not its turn, or nothing to do).
   * `spare`: instructions not to disturb this turn. The episode spares those whose query was true before the step,
   * i.e. that the agent has just completed, so that a completion is always measured before it can be undone.
   */
  afterStep(graph: EnvGraph, stepsDone: number, spare?: ReadonlySet<string>): ResidentChange | undefined {
    if (stepsDone % this.period !== 0) return undefined;
    const eligible = this.eligible(graph, spare);
    if (eligible.length === 0) return undefined;
    const task = eligible[this.draw.int(eligible.length)];
    return applyDisturbance(graph, task.id, task.disturbance, this.draw);
  }
}
