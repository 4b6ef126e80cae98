/**
 * Named cities and seeded generated ones (`gen-city:<seed>`): a grid of intersections with some links left out (the
 * road graph stays connected), one building of each colour on its own segment, the goods of each building in it, the
 * vehicle on a segment of its own choosing. Everything follows from the seed and the options.
 */

import { Rng } from '../../util/rng.js';
import { CITY_COLOURS } from '../catalog/index.js';
import type { EnvGraph } from '../graph.js';
import { checkSeed } from '../scenes/generate.js';
import { buildCity, type CityPlan, type Point, type Segment } from './world.js';

export interface CityOptions {
  /** Intersections west to east (default: 3 or 4, drawn). */
  readonly columns?: number;
  /** Intersections south to north (default: 3 or 4, drawn). */
  readonly rows?: number;
  /** Grid links left out, as long as every segment stays reachable (default: 0 to 3, drawn). */
  readonly closed?: number;
}

export interface BuiltinCity {
  readonly name: string;
  readonly description: string;
  readonly seed: number;
  readonly options: Readonly<CityOptions>;
}

const BUILTIN_CITIES: readonly BuiltinCity[] = Object.freeze([
  {
    name: 'downtown',
    description: 'a 3 x 3 grid of intersections, every block open',
    seed: 1,
    options: { columns: 3, rows: 3, closed: 0 },
  },
  {
    name: 'harbour',
    description: 'a 4 x 3 grid with two links closed',
    seed: 2,
    options: { columns: 4, rows: 3, closed: 2 },
  },
  {
    name: 'suburb',
    description: 'a long 5 x 2 grid, every block open',
    seed: 3,
    options: { columns: 5, rows: 2, closed: 0 },
  },
]);

export function builtinCities(): readonly BuiltinCity[] {
  return BUILTIN_CITIES;
}

export function builtinCity(name: string): BuiltinCity | undefined {
  return BUILTIN_CITIES.find((city) => city.name === name);
}

export const GENERATED_CITY_PREFIX = 'gen-city:';

/** The city `hearth run --domain city` uses when no --homes is given. */
export const DEFAULT_CITY = 'downtown';

function gridSegments(columns: number, rows: number): Segment[] {
  const segments: Segment[] = [];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) {
      if (x + 1 < columns)
        segments.push([
          [x, y],
          [x + 1, y],
        ]);
      if (y + 1 < rows)
        segments.push([
          [x, y],
          [x, y + 1],
        ]);
    }
  }
  return segments;
}

const key = (p: Point) => `${p[0]},${p[1]}`;

/** Whether the segments form one road network. */
function connected(segments: readonly Segment[]): boolean {
  if (segments.length === 0) return false;
  const links = new Map<string, string[]>();
  for (const [a, b] of segments) {
    links.set(key(a), [...(links.get(key(a)) ?? []), key(b)]);
    links.set(key(b), [...(links.get(key(b)) ?? []), key(a)]);
  }
  const start = key(segments[0][0]);
  const seen = new Set([start]);
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    for (const next of links.get(queue[head]) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen.size === links.size;
}

/** The plan of a city from a seed (see the module comment). */
export function cityPlan(seed: number, options: CityOptions = {}): CityPlan {
  const rng = new Rng(`city:${seed}`);
  const columns = options.columns ?? 3 + rng.fork('columns').int(2);
  const rows = options.rows ?? 3 + rng.fork('rows').int(2);
  if (columns < 2 || rows < 1 || columns * rows < 4) throw new RangeError(`a city needs at least 2 x 2 intersections`);
  let segments = gridSegments(columns, rows);
  const closing = options.closed ?? rng.fork('closed').int(4);
  const closer = rng.fork('close');
  for (let n = 0; n < closing; n++) {
    const order = closer.shuffle(segments.map((_, i) => i));
    const removable = order.find((i) => connected(segments.filter((_, j) => j !== i)));
    if (removable === undefined) break;
    segments = segments.filter((_, j) => j !== removable);
  }
  if (segments.length < CITY_COLOURS.length) {
    throw new RangeError(`a ${columns} x ${rows} city has ${segments.length} roads, fewer than its buildings`);
  }
  const buildings = rng.fork('buildings').sample(
    segments.map((_, i) => i),
    CITY_COLOURS.length,
  );
  const start = rng.fork('start').int(segments.length);
  return { segments, buildings, start };
}

export function generateCity(seed: number, options: CityOptions = {}): EnvGraph {
  return buildCity(cityPlan(checkSeed(seed, 'the city seed'), options));
}
