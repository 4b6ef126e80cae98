/**
 * The world at a frame, from the replayed frames (each lists what changed since the one before), and where things
 * are drawn on the floor plan: a piece's tile, an object on its host's tile, the agent at the piece it walked to or in
 * the middle of its room.
 */
import type { EpisodeView, FloorPlan, NodePlace, PlanPiece, PlanRoom } from '../types.js';

export type World = Map<number, NodePlace>;

/** Every tracked node's place and states after `frame` steps. */
export function worldAt(view: EpisodeView, frame: number): World {
  const world: World = new Map();
  for (let f = 0; f <= frame && f < view.frames.length; f++) {
    for (const place of view.frames[f].changes) world.set(place.id, place);
  }
  return world;
}

export interface Point {
  x: number;
  y: number;
}

export function centre(rect: { x1: number; x2: number; y1: number; y2: number }): Point {
  return { x: (rect.x1 + rect.x2) / 2, y: (rect.y1 + rect.y2) / 2 };
}

export interface PlanIndex {
  rooms: Map<number, PlanRoom>;
  pieces: Map<number, PlanPiece>;
}

export function indexPlan(plan: FloorPlan): PlanIndex {
  return {
    rooms: new Map(plan.rooms.map((room) => [room.id, room])),
    pieces: new Map(plan.pieces.map((piece) => [piece.id, piece])),
  };
}

/** Where the agent is drawn at a frame. */
export function agentPoint(view: EpisodeView, index: PlanIndex, frame: number): Point {
  const { room, near } = view.frames[frame];
  const piece = near === null ? undefined : index.pieces.get(near);
  if (piece) return centre(piece);
  const rect = index.rooms.get(room);
  return rect ? centre(rect) : { x: 0, y: 0 };
}

export interface PlacedObject extends Point {
  id: number;
  name: string;
  where: string;
  host: number | null;
  states: readonly string[];
}

/** Small things on their host's tile (a few per row in the lower part), on the floor of their room, or in hand. */
export function placeObjects(view: EpisodeView, index: PlanIndex, world: World, agent: Point): PlacedObject[] {
  const byHost = new Map<string, PlacedObject[]>();
  const out: PlacedObject[] = [];
  for (const object of view.plan.objects) {
    const place = world.get(object.id);
    if (!place) continue;
    const placed = {
      id: object.id,
      name: object.name,
      where: place.where,
      host: place.host,
      states: place.states,
      x: 0,
      y: 0,
    };
    if (place.where === 'HELD') {
      out.push({ ...placed, x: agent.x + 0.25, y: agent.y - 0.25 });
      continue;
    }
    const key = `${place.where === 'ROOM' ? 'room' : 'piece'}:${place.host}`;
    const list = byHost.get(key) ?? [];
    list.push(placed);
    byHost.set(key, list);
  }
  for (const [key, list] of byHost) {
    const [kind, id] = key.split(':');
    const rect = kind === 'room' ? floorStrip(index.rooms.get(Number(id))) : index.pieces.get(Number(id));
    if (!rect) continue;
    const perRow = Math.max(1, Math.floor((rect.x2 - rect.x1) / 0.18));
    list.forEach((object, i) => {
      const x = rect.x1 + 0.1 + (i % perRow) * 0.18;
      const y = rect.y2 - 0.1 - Math.floor(i / perRow) * 0.16;
      out.push({ ...object, x: Math.min(x, rect.x2 - 0.05), y: Math.max(y, rect.y1 + 0.05) });
    });
  }
  return out;
}

/** The bottom strip of a room, where things lying on its floor are drawn. */
function floorStrip(room: PlanRoom | undefined) {
  return room && { x1: room.x1, x2: room.x2, y1: room.y2 - 0.35, y2: room.y2 };
}

/** Frames spent in each room and at each piece over the whole episode (the heat map). */
export function heat(view: EpisodeView): { rooms: Map<number, number>; pieces: Map<number, number> } {
  const rooms = new Map<number, number>();
  const pieces = new Map<number, number>();
  for (const frame of view.frames) {
    rooms.set(frame.room, (rooms.get(frame.room) ?? 0) + 1);
    if (frame.near !== null) pieces.set(frame.near, (pieces.get(frame.near) ?? 0) + 1);
  }
  return { rooms, pieces };
}
