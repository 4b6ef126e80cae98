/**
 * Domain shifts of paper 003 (section 4, appendix B), made from a training home to a requested degree:
 *
 * - OL (object location): a thing moves to another host the catalog allows it (on a surface, inside a container,
 *   closed ones included, in any room);
 * - PA (physical attributes): a state flips: open/closed, on/off, clean/dirty (never open and on at once);
 * - RS (room structure): a piece of furniture or an appliance moves to another room with what stands or lies on and
 *   in it (a room the catalog allows it in first, any other room otherwise); the floor plan and doors stay.
 *
 * The degree is measured (`degree.ts`): edits of the type are drawn one at a time with the seed; an edit that would
 * take the degree past the requested one plus half the tolerance is undone and another drawn, until the degree is
 * within half the tolerance below the request, or until 300 draws in a row broke nothing more (a home where the type
 * cannot break enough: the degree reached is reported, and `hearth scene shift` says it fell short). While searching,
 * only the chains that name a class an edit touched are run again; the degree reported is measured afresh on the
 * final home.
 */
import type { SkillDatabase } from '../../../agents/semgro/database/database.js';
import { catalogClass, placementsOf } from '../../../sim/catalog/index.js';
import { moveObject, type Place, setState } from '../../../sim/dynamics/edits.js';
import type { EnvGraph } from '../../../sim/graph.js';
import { graphFromJson, graphToJson } from '../../../sim/graph-io.js';
import { OPPOSITE_STATE, type State } from '../../../sim/vocabulary.js';
import { InputError } from '../../../util/errors.js';
import { Rng } from '../../../util/rng.js';
import { chainsThatRun, measureDegree, measuredEntries } from './degree.js';

export const SHIFT_TYPES = ['ol', 'pa', 'rs'] as const;

/**
 * The version of what `generateShift` makes of a database, home and options: bump it with any change to the search or
 * the edits. Shifted homes cached on disk are keyed by it (`training.ts`), and runs record it.
 */
export const SHIFT_BUILD = 1;

/** The first fields of a shift file (`shiftText`). */
const SHIFT_FORMAT = 'hearth-semgro-shift';
export type ShiftType = (typeof SHIFT_TYPES)[number];

/** One change of the home. */
export interface ShiftEdit {
  readonly node: number;
  readonly className: string;
  /** What changed, in words ("moved INSIDE fridge (18)", "OPEN", "moved to bedroom (3)"). */
  readonly change: string;
  /** Classes whose skills the edit may break: the node's, and what it holds or hides. */
  readonly classes: readonly string[];
}

export interface Shift {
  readonly graph: EnvGraph;
  readonly type: ShiftType;
  readonly requested: number;
  readonly measured: number;
  /** The degree the search reached by running only the chains its edits touched (equal to `measured` when exact). */
  readonly estimated: number;
  readonly seed: number;
  readonly edits: readonly ShiftEdit[];
}

export interface ShiftOptions {
  readonly type: ShiftType;
  /** 0..1. */
  readonly degree: number;
  readonly seed: number;
  /** Default 0.05 (the five points). */
  readonly tolerance?: number;
  /** Edits drawn at most (default 1500). */
  readonly maxDraws?: number;
  /** Draws in a row that break no further chain before the search gives up (default 300). */
  readonly maxStall?: number;
}

/** What lies on or in a node, at any depth (it moves or hides with it). */
function contents(graph: EnvGraph, id: number): number[] {
  const out: number[] = [];
  const queue = [id];
  const seen = new Set(queue);
  for (let head = 0; head < queue.length; head++) {
    for (const relation of ['ON', 'INSIDE'] as const) {
      for (const inner of graph.sources(queue[head], relation)) {
        if (seen.has(inner) || graph.isRoom(inner) || graph.characters().includes(inner)) continue;
        seen.add(inner);
        queue.push(inner);
        out.push(inner);
      }
    }
  }
  return out;
}

const classesOf = (graph: EnvGraph, ids: readonly number[]) => [...new Set(ids.map((id) => graph.get(id).className))];
const label = (graph: EnvGraph, id: number) => `${graph.get(id).className} (${id})`;
const held = (graph: EnvGraph, id: number) =>
  graph.sources(id, 'HOLDS_RH').size + graph.sources(id, 'HOLDS_LH').size > 0;
const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** Moves a standing piece (and what is on and in it) to another room, as `moveObject` moves small things. */
export function relocate(graph: EnvGraph, id: number, room: number): void {
  for (const to of [...graph.targets(id, 'INSIDE')]) if (graph.isRoom(to)) graph.removeEdge(id, 'INSIDE', to);
  const inner = new Set(contents(graph, id));
  for (const to of [...graph.targets(id, 'CLOSE')]) {
    if (inner.has(to)) continue;
    graph.removeEdge(id, 'CLOSE', to);
    graph.removeEdge(to, 'CLOSE', id);
  }
  graph.addEdge(id, 'INSIDE', room);
  for (const thing of inner) {
    for (const to of [...graph.targets(thing, 'INSIDE')]) if (graph.isRoom(to)) graph.removeEdge(thing, 'INSIDE', to);
    graph.addEdge(thing, 'INSIDE', room);
  }
}

/** Draws one edit of the type and applies it; undefined when the draw gave nothing to do (draw again). */
function drawEdit(graph: EnvGraph, type: ShiftType, rng: Rng): ShiftEdit | undefined {
  const nodes = [...graph.nodes()];
  if (type === 'ol') {
    const things = sorted(nodes.filter((n) => n.properties.has('GRABBABLE') && !held(graph, n.id)).map((n) => n.id));
    if (things.length === 0) return undefined;
    const id = rng.pick(things);
    const entry = catalogClass(graph.get(id).className);
    const here = new Set([...graph.targets(id, 'ON'), ...graph.targets(id, 'INSIDE')]);
    const inner = new Set(contents(graph, id));
    const places: Place[] = (entry ? placementsOf(entry) : []).flatMap((p) =>
      sorted(graph.idsOfClass(p.host))
        .filter((host) => !here.has(host) && !inner.has(host) && host !== id)
        .map((host) => ({ relation: p.relation, host })),
    );
    if (places.length === 0) return undefined;
    const place = rng.pick(places);
    moveObject(graph, id, place);
    return {
      node: id,
      className: graph.get(id).className,
      change: `moved ${place.relation} ${label(graph, place.host)}`,
      classes: classesOf(graph, [id, ...inner]),
    };
  }
  if (type === 'pa') {
    const flippable: [number, State][] = [];
    for (const node of nodes) {
      for (const state of ['OPEN', 'CLOSED', 'ON', 'OFF', 'CLEAN', 'DIRTY'] as const) {
        if (!node.states.has(state)) continue;
        const other = OPPOSITE_STATE[state];
        if (other === undefined) continue;
        if ((other === 'OPEN' && node.states.has('ON')) || (other === 'ON' && node.states.has('OPEN'))) continue;
        if (node.category === 'Doors' || node.category === 'Rooms') continue;
        flippable.push([node.id, other]);
      }
    }
    if (flippable.length === 0) return undefined;
    const [id, state] = rng.pick(flippable.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1)));
    setState(graph, id, state);
    return {
      node: id,
      className: graph.get(id).className,
      change: state,
      classes: classesOf(graph, [id, ...contents(graph, id)]),
    };
  }
  const rooms = graph.rooms();
  const pieces = sorted(
    nodes
      .filter((n) => {
        const kind = catalogClass(n.className)?.kind;
        if (kind !== 'furniture' && kind !== 'appliance') return false;
        // Pieces standing on another (a microwave on a counter) move with it.
        return ![...graph.targets(n.id, 'ON')].some((host) => !graph.isRoom(host));
      })
      .map((n) => n.id),
  );
  if (pieces.length === 0 || rooms.length < 2) return undefined;
  const id = rng.pick(pieces);
  const from = graph.roomOf(id);
  const allowed = new Set(catalogClass(graph.get(id).className)?.rooms ?? []);
  const others = rooms.filter((r) => r !== from);
  const typical = others.filter((r) => allowed.has(graph.get(r).className as never));
  const room = rng.pick(typical.length > 0 ? typical : others);
  const inner = contents(graph, id);
  relocate(graph, id, room);
  return {
    node: id,
    className: graph.get(id).className,
    change: `moved to ${label(graph, room)}`,
    classes: classesOf(graph, [id, ...inner]),
  };
}

/** The entries whose chains name each class. */
function entriesByClass(database: SkillDatabase, ids: readonly number[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const id of ids) {
    const classes = new Set(database.chain(id).flatMap((p) => p.objects));
    for (const name of classes) {
      const list = out.get(name) ?? [];
      list.push(id);
      out.set(name, list);
    }
  }
  return out;
}

/** A shifted copy of the training home at the requested degree (see the module comment). */
export function generateShift(database: SkillDatabase, training: EnvGraph, options: ShiftOptions): Shift {
  const { type, degree, seed } = options;
  if (!(SHIFT_TYPES as readonly string[]).includes(type)) {
    throw new InputError(`shift type '${type}' is not one of ${SHIFT_TYPES.join(', ')}`);
  }
  if (!(degree >= 0 && degree <= 1)) throw new InputError(`shift degree must lie in [0, 1], got ${degree}`);
  const tolerance = options.tolerance ?? 0.05;
  const rng = new Rng(seed).fork(`semgro-shift:${type}`);
  const graph = training.clone();
  const ids = measuredEntries(database);
  const base = chainsThatRun(database, training, ids);
  const running = ids.filter((id) => base.get(id));
  const byClass = entriesByClass(database, running);
  const runs = new Map(running.map((id) => [id, true]));
  let broken = 0;
  const edits: ShiftEdit[] = [];
  const maxDraws = options.maxDraws ?? 1500;
  const maxStall = options.maxStall ?? 300;
  // Aim inside the tolerance band: stop once within half of it below, refuse edits past half of it above.
  const margin = tolerance / 2;
  let stall = 0;
  for (
    let draw = 0;
    draw < maxDraws && stall < maxStall && running.length > 0 && broken / running.length < degree - margin;
    draw++
  ) {
    stall++;
    const checkpoint = graph.checkpoint();
    const edit = drawEdit(graph, type, rng.fork(draw));
    if (!edit) {
      graph.rollback(checkpoint);
      continue;
    }
    const touched = [...new Set(edit.classes.flatMap((c) => byClass.get(c) ?? []))];
    const now = chainsThatRun(database, graph, touched);
    let next = broken;
    for (const id of touched) next += (runs.get(id) ? 1 : 0) - (now.get(id) ? 1 : 0);
    if (next / running.length > degree + margin) {
      graph.rollback(checkpoint);
      continue;
    }
    graph.release(checkpoint);
    for (const id of touched) runs.set(id, now.get(id)!);
    if (next > broken) stall = 0;
    broken = next;
    edits.push(edit);
  }
  const measured = measureDegree(database, base, graph).value;
  return {
    graph,
    type,
    requested: degree,
    measured,
    estimated: running.length === 0 ? 0 : broken / running.length,
    seed,
    edits,
  };
}

/** A shift as one JSON text (the home as VirtualHome JSON), for the cache. */
export function shiftText(shift: Shift): string {
  const { graph, ...rest } = shift;
  return JSON.stringify({ format: SHIFT_FORMAT, build: SHIFT_BUILD, ...rest, graph: graphToJson(graph) });
}

/** Reads `shiftText`'s output (`file` names it in errors). */
export function parseShift(text: string, file: string): Shift {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new InputError('not JSON: not a shifted home', { file });
  }
  if (data?.format !== SHIFT_FORMAT || data.build !== SHIFT_BUILD) {
    throw new InputError(
      `not a shifted home of build ${SHIFT_BUILD} (format ${JSON.stringify(data?.format)}, build ` +
        `${JSON.stringify(data?.build)})`,
      { file },
    );
  }
  const { type, requested, measured, estimated, seed, edits } = data;
  if (
    !(SHIFT_TYPES as readonly unknown[]).includes(type) ||
    typeof requested !== 'number' ||
    typeof measured !== 'number' ||
    typeof estimated !== 'number' ||
    typeof seed !== 'number' ||
    !Array.isArray(edits)
  ) {
    throw new InputError('a shifted home needs type, requested, measured, estimated, seed and edits', { file });
  }
  return {
    graph: graphFromJson(data.graph, { source: file }),
    type: type as ShiftType,
    requested,
    measured,
    estimated,
    seed,
    edits: edits as ShiftEdit[],
  };
}
