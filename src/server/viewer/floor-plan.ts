/**
 * The floor plan of a home for the episode viewer: rooms and passages where their bounding boxes put them (metres,
 * seen from above: x to the right, z down), and each room's furniture as tiles in a grid inside the room. Furniture
 * and objects have no positions in hearth's homes (docs/homes.md), so the grid is a drawing convention: it keeps
 * every piece visible and labelled; objects are drawn on the tile of the piece they lie on or in.
 *
 * A graph whose rooms have no bounding boxes (some VirtualHome files) gets its rooms in a row of 5 m squares.
 */
import type { EnvGraph, GraphNode } from '../../sim/graph.js';

export interface Rect {
  readonly x1: number;
  readonly x2: number;
  readonly y1: number;
  readonly y2: number;
}

export interface PlanRoom extends Rect {
  readonly id: number;
  readonly name: string;
}

export interface PlanPassage extends Rect {
  readonly id: number;
  readonly name: string;
  /** The rooms it joins. */
  readonly rooms: readonly number[];
}

export interface PlanPiece extends Rect {
  readonly id: number;
  readonly name: string;
  readonly room: number;
}

export interface PlanObject {
  readonly id: number;
  readonly name: string;
}

export interface FloorPlan {
  readonly rooms: readonly PlanRoom[];
  readonly passages: readonly PlanPassage[];
  /** Furniture, appliances and fixtures: everything in a room that is neither structure nor small. */
  readonly pieces: readonly PlanPiece[];
  /** Small things (GRABBABLE): where they are changes from step to step (the frames say). */
  readonly objects: readonly PlanObject[];
  readonly bounds: Rect;
}

/** Categories that are the building rather than what is in it. */
const STRUCTURE = new Set(['Rooms', 'Characters', 'Doors', 'Floor', 'Floors', 'Walls', 'Ceiling', 'Windows']);

/** Space kept at the top of a room for its name, and between tiles (metres). */
const LABEL_BAND = 0.45;
const GAP = 0.08;
const FALLBACK_ROOM = 5;

export function floorPlan(graph: EnvGraph): FloorPlan {
  const roomNodes = graph.rooms().map((id) => graph.get(id));
  const rooms = roomNodes.map((node, i) => ({ id: node.id, name: node.className, ...roomRect(node, i) }));
  const passages: PlanPassage[] = [];
  const pieces: PlanPiece[] = [];
  const objects: PlanObject[] = [];
  for (const node of graph.nodes()) {
    if (node.category === 'Doors') {
      const joined = [...graph.targets(node.id, 'BETWEEN')].filter((id) => graph.isRoom(id));
      const rect = node.boundingBox ? boxRect(node) : undefined;
      if (rect) passages.push({ id: node.id, name: node.className, rooms: joined, ...rect });
    } else if (node.properties.has('GRABBABLE')) {
      objects.push({ id: node.id, name: node.className });
    }
  }
  for (const room of rooms) pieces.push(...tiles(room, piecesOf(graph, room.id)));
  return { rooms, passages, pieces, objects, bounds: bounding(rooms) };
}

function piecesOf(graph: EnvGraph, room: number): GraphNode[] {
  return [...graph.sources(room, 'INSIDE')]
    .map((id) => graph.get(id))
    .filter((node) => !STRUCTURE.has(node.category) && !node.properties.has('GRABBABLE') && !graph.isRoom(node.id))
    .sort((a, b) => a.id - b.id);
}

/** The pieces of a room in a grid whose cells are about as wide as they are deep. */
function tiles(room: PlanRoom, nodes: readonly GraphNode[]): PlanPiece[] {
  if (nodes.length === 0) return [];
  const width = room.x2 - room.x1 - 2 * GAP;
  const depth = room.y2 - room.y1 - LABEL_BAND - GAP;
  const columns = Math.max(1, Math.min(nodes.length, Math.round(Math.sqrt((nodes.length * width) / depth))));
  const rows = Math.ceil(nodes.length / columns);
  const cellW = width / columns;
  const cellH = depth / rows;
  return nodes.map((node, i) => {
    const x1 = room.x1 + GAP + (i % columns) * cellW;
    const y1 = room.y1 + LABEL_BAND + Math.floor(i / columns) * cellH;
    return {
      id: node.id,
      name: node.className,
      room: room.id,
      x1: round(x1 + GAP / 2),
      x2: round(x1 + cellW - GAP / 2),
      y1: round(y1 + GAP / 2),
      y2: round(y1 + cellH - GAP / 2),
    };
  });
}

function roomRect(node: GraphNode, index: number): Rect {
  if (node.boundingBox) return boxRect(node);
  const x1 = index * (FALLBACK_ROOM + 0.5);
  return { x1, x2: x1 + FALLBACK_ROOM, y1: 0, y2: FALLBACK_ROOM };
}

/** A bounding box seen from above (VirtualHome's y is up). */
function boxRect(node: GraphNode): Rect {
  const { center, size } = node.boundingBox!;

  return {
    x1: round(center[0] - size[0] / 2),
    x2: round(center[0] + size[0] / 2),
    y1: round(center[2] - size[2] / 2),
    y2: round(center[2] + size[2] / 2),
  };
}

/** Millimetres are enough for a drawing. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function bounding(rects: readonly Rect[]): Rect {
  if (rects.length === 0) return { x1: 0, x2: 1, y1: 0, y2: 1 };
  return {
    x1: Math.min(...rects.map((r) => r.x1)),
    x2: Math.max(...rects.map((r) => r.x2)),
    y1: Math.min(...rects.map((r) => r.y1)),
    y2: Math.max(...rects.map((r) => r.y2)),
  };
}
