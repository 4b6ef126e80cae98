/**
 * The delivery city (ExRAP appendix B.3; docs/city.md) as an environment graph, so that the continual protocol, the
 * resident and every agent run on it as on a home:
 *
 * - the roads are a grid of intersections at integer points (x east, y north), some links left out; each road
 *   segment between two neighbouring intersections is a room of class `road`, its two ends kept in the node's
 *   `extra.road` (`[[x1, y1], [x2, y2]]`, west/south end first): the road graph's headings;
 * - two segments that meet at an intersection are joined by a `crossing` node BETWEEN them (as a door jamb joins two
 *   rooms), its point in `extra.at`, so `roomAdjacency` reads the road graph;
 * - coloured buildings stand along segments (INSIDE the segment's room), one of each colour; a building holds the
 *   goods it sends INSIDE it, and it **calls** while goods lie in it (`isCalling`);
 * - the vehicle is the character, INSIDE the segment it drives on; it carries goods in its two load bays (HOLDS_RH,
 *   HOLDS_LH).
 */
import { buildingClass, CITY_COLOURS, goodsClass, requireCatalogClass } from '../catalog/index.js';
import { EnvGraph } from '../graph.js';

export type Point = readonly [x: number, y: number];
/** A road segment by its two ends, west/south end first. */
export type Segment = readonly [Point, Point];

/** What a city is made of, before node ids are handed out. */
export interface CityPlan {
  readonly segments: readonly Segment[];
  /** The segment (index into `segments`) each colour's building stands on, in CITY_COLOURS order. */
  readonly buildings: readonly number[];
  /** The segment the vehicle starts on. */
  readonly start: number;
}

const samePoint = (a: Point, b: Point) => a[0] === b[0] && a[1] === b[1];

/** The point two segments share, if they meet. */
export function sharedEnd(a: Segment, b: Segment): Point | undefined {
  for (const p of a) for (const q of b) if (samePoint(p, q)) return p;
  return undefined;
}

/** The graph of a city plan: roads (ids 1..), the vehicle, crossings, buildings, then their goods. */
export function buildCity(plan: CityPlan): EnvGraph {
  const graph = new EnvGraph();
  let nextId = 1;
  const road = requireCatalogClass('road');
  const roads = plan.segments.map((segment) => {
    const id = nextId++;
    const [[x1, y1], [x2, y2]] = segment;
    graph.addNode({
      id,
      className: road.name,
      category: road.category,
      boundingBox: {
        center: [(x1 + x2) / 2, 0, (y1 + y2) / 2],
        size: [Math.abs(x2 - x1) || 0.2, 0.1, Math.abs(y2 - y1) || 0.2],
      },
      extra: { road: segment.map((p) => [...p]) },
    });
    return id;
  });
  const vehicle = nextId++;
  graph.addNode({ id: vehicle, className: 'character', category: requireCatalogClass('character').category });
  graph.addEdge(vehicle, 'INSIDE', roads[plan.start]);

  const crossing = requireCatalogClass('crossing');
  for (let i = 0; i < plan.segments.length; i++) {
    for (let j = i + 1; j < plan.segments.length; j++) {
      const at = sharedEnd(plan.segments[i], plan.segments[j]);
      if (!at) continue;
      const id = nextId++;
      graph.addNode({ id, className: crossing.name, category: crossing.category, extra: { at: [...at] } });
      graph.addEdge(id, 'BETWEEN', roads[i]);
      graph.addEdge(id, 'BETWEEN', roads[j]);
      graph.addEdge(id, 'INSIDE', roads[i]);
    }
  }
  const buildings = plan.buildings.map((segment, index) => {
    const entry = requireCatalogClass(buildingClass(CITY_COLOURS[index]));
    const id = nextId++;
    graph.addNode({ id, className: entry.name, category: entry.category, properties: entry.properties });
    graph.addEdge(id, 'INSIDE', roads[segment]);
    return id;
  });
  plan.buildings.forEach((segment, index) => {
    const entry = requireCatalogClass(goodsClass(CITY_COLOURS[index]));
    const id = nextId++;
    graph.addNode({ id, className: entry.name, category: entry.category, properties: entry.properties });
    graph.addEdge(id, 'INSIDE', buildings[index]);
    graph.addEdge(id, 'INSIDE', roads[segment]);
    graph.addEdge(id, 'CLOSE', buildings[index]);
    graph.addEdge(buildings[index], 'CLOSE', id);
  });
  return graph;
}

/** The ends of a road node (from `extra.road`), or undefined for a node that is not a city road. */
export function segmentOf(graph: EnvGraph, id: number): Segment | undefined {
  const ends = graph.node(id)?.extra?.road;
  if (!Array.isArray(ends) || ends.length !== 2) return undefined;
  const point = (p: unknown): Point | undefined =>
    Array.isArray(p) && p.length === 2 && p.every((n) => typeof n === 'number') ? [p[0], p[1]] : undefined;
  const a = point(ends[0]);
  const b = point(ends[1]);
  return a && b ? [a, b] : undefined;
}

/** Whether a graph is a city (its rooms are roads with ends). */
export function isCity(graph: EnvGraph): boolean {
  const rooms = graph.rooms();
  return rooms.length > 0 && rooms.every((id) => segmentOf(graph, id) !== undefined);
}

/** A building calls while goods to send lie in it. */
export function isCalling(graph: EnvGraph, building: number): boolean {
  for (const inner of graph.sources(building, 'INSIDE')) {
    if (graph.get(inner).properties.has('GRABBABLE')) return true;
  }
  return false;
}

/** The category of the city's building nodes (catalog). */
export const BUILDINGS = 'Buildings';

/** The building a thing lies in (an INSIDE host of category Buildings), if any. */
export function buildingOf(graph: EnvGraph, id: number): number | undefined {
  for (const host of graph.targets(id, 'INSIDE')) if (graph.node(host)?.category === BUILDINGS) return host;
  return undefined;
}

/** What the vehicle carries (both load bays). */
export function loadsOf(graph: EnvGraph, vehicle: number): number[] {
  return [...graph.targets(vehicle, 'HOLDS_RH'), ...graph.targets(vehicle, 'HOLDS_LH')];
}
