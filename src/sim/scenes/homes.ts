/**
 * Named homes and the one way every tool asks for a home: `loadHome(spec)`, where a spec is a built-in name
 * (`cottage`), a generated home (`gen:<seed>` or `gen:<seed>:<rooms>`), a built-in city (`downtown`) or a generated
 * one (`gen-city:<seed>`, the delivery world of `--domain city`, docs/city.md), or a VirtualHome graph file (`.json`
 * or `.json.gz`). The benchmark's `--homes a,b,c` flag and `hearth scene` read homes through here.
 */
import { basename } from 'node:path';
import { InputError } from '../../util/errors.js';
import { builtinCities, builtinCity, GENERATED_CITY_PREFIX, generateCity } from '../city/cities.js';
import type { EnvGraph } from '../graph.js';
import { loadGraph } from '../graph-io.js';
import { checkSeed, generateHome, type HomeOptions } from './generate.js';
import { MAX_ROOMS, MIN_ROOMS } from './programs.js';

export interface BuiltinHome {
  readonly name: string;
  readonly description: string;
  /** The generator seed; with `options` it fixes the home for good. */
  readonly seed: number;
  readonly options: Readonly<HomeOptions>;
}

const BUILTIN_HOMES: readonly BuiltinHome[] = Object.freeze([
  {
    name: 'cottage',
    description: 'four rooms: kitchen, living room, bedroom, bathroom; the default home',
    seed: 1,
    options: { roomTypes: ['kitchen', 'livingroom', 'bedroom', 'bathroom'], characterRoom: 'livingroom' },
  },
  {
    name: 'flat',
    description: 'five rooms: a cottage with a home office',
    seed: 2,
    options: { roomTypes: ['kitchen', 'livingroom', 'bedroom', 'bathroom', 'home_office'], characterRoom: 'kitchen' },
  },
  {
    name: 'family-house',
    description: 'six rooms: kitchen, dining room, living room, two bedrooms, bathroom',
    seed: 3,
    options: {
      roomTypes: ['kitchen', 'dining_room', 'livingroom', 'bedroom', 'bedroom', 'bathroom'],
      characterRoom: 'livingroom',
    },
  },
  {
    name: 'studio-plus',
    description: 'four rooms without a bedroom, a dishwasher or a washing machine (some instructions do not fit)',
    seed: 5,
    options: {
      roomTypes: ['livingroom', 'kitchen', 'bathroom', 'home_office'],
      omit: ['dishwasher', 'washingmachine'],
      characterRoom: 'livingroom',
    },
  },
]);

export function builtinHomes(): readonly BuiltinHome[] {
  return BUILTIN_HOMES;
}

export function builtinHome(name: string): BuiltinHome | undefined {
  return BUILTIN_HOMES.find((home) => home.name === name);
}

/** The name `hearth run` uses when no home is given. */
export const DEFAULT_HOME = 'cottage';

export interface LoadedHome {
  /** The spec as given (trimmed). */
  readonly spec: string;
  /** A short label for reports: the built-in name, `gen:<seed>`, or the file name without its extension. */
  readonly name: string;
  readonly source: 'builtin' | 'generated' | 'file' | 'builtin-city' | 'generated-city';
  readonly graph: EnvGraph;
}

const GRAPH_FILE = /\.json(\.gz)?$/i;

/** What a home spec names: a built-in home or city, a generated one, or a graph file (undefined: none of these). */
export function homeKind(spec: string): LoadedHome['source'] | undefined {
  const text = spec.trim();
  if (text === '') return undefined;
  if (builtinHome(text)) return 'builtin';
  if (builtinCity(text)) return 'builtin-city';
  if (text.toLowerCase().startsWith(GENERATED_CITY_PREFIX)) return 'generated-city';
  if (/^gen:/i.test(text)) return 'generated';
  if (GRAPH_FILE.test(text) || text.includes('/') || text.includes('\\')) return 'file';
  return undefined;
}

/**
 * The graph file a home spec names, if it names one: what a process handed the spec by someone else (a queue job, a
 * stored episode) must check before `loadHome` reads it.
 */
export function homeFile(spec: string): string | undefined {
  return homeKind(spec) === 'file' ? spec.trim() : undefined;
}

/** Loads one home from a spec (see the module comment). Bad specs raise an InputError that says what is accepted. */
export function loadHome(spec: string): LoadedHome {
  const text = spec.trim();
  if (text === '') throw new InputError('empty home name');
  switch (homeKind(text)) {
    case 'builtin': {
      const home = builtinHome(text)!;
      return { spec: text, name: home.name, source: 'builtin', graph: generateHome(home.seed, home.options) };
    }
    case 'builtin-city': {
      const city = builtinCity(text)!;
      return { spec: text, name: city.name, source: 'builtin-city', graph: generateCity(city.seed, city.options) };
    }
    case 'generated-city': {
      const seedText = text.slice(GENERATED_CITY_PREFIX.length);
      if (!/^\d+$/.test(seedText)) {
        throw new InputError(
          `bad generated city ${JSON.stringify(text)}: the seed ${JSON.stringify(seedText)} is not a non-negative integer (write gen-city:<seed>)`,
        );
      }
      return { spec: text, name: text.toLowerCase(), source: 'generated-city', graph: generateCity(Number(seedText)) };
    }
    case 'generated': {
      const { seed, rooms } = parseGeneratedSpec(text);
      return { spec: text, name: text.toLowerCase(), source: 'generated', graph: generateHome(seed, { rooms }) };
    }
    case 'file':
      return { spec: text, name: basename(text).replace(GRAPH_FILE, ''), source: 'file', graph: loadGraph(text) };
  }
  throw new InputError(
    `unknown home ${JSON.stringify(text)}: expected a built-in home (${BUILTIN_HOMES.map((h) => h.name).join(', ')}), ` +
      `gen:<seed>[:<rooms>], a built-in city (${builtinCities()
        .map((c) => c.name)
        .join(', ')}), gen-city:<seed>, or a .json/.json.gz graph file`,
  );
}

/** Loads a comma-separated list of homes (the `--homes` flag). Duplicates are kept once. */
export function loadHomes(list: string): LoadedHome[] {
  const specs = list
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '');
  if (specs.length === 0) throw new InputError('no homes given');
  return [...new Set(specs)].map(loadHome);
}

function parseGeneratedSpec(text: string): { seed: number; rooms?: number } {
  const match = /^gen:([^:]*)(?::([^:]*))?$/i.exec(text);
  const bad = (what: string): never => {
    throw new InputError(
      `bad generated home ${JSON.stringify(text)}: ${what} (write gen:<seed> or gen:<seed>:<rooms>)`,
    );
  };
  if (!match) return bad('too many parts');
  const [, seedText, roomsText] = match;
  if (!/^\d+$/.test(seedText)) return bad(`the seed ${JSON.stringify(seedText)} is not a non-negative integer`);
  const seed = checkSeed(Number(seedText), `the seed of ${text}`);
  if (roomsText === undefined) return { seed };
  const rooms = Number(roomsText);
  if (!/^\d+$/.test(roomsText) || rooms < MIN_ROOMS || rooms > MAX_ROOMS) {
    return bad(`the room count ${JSON.stringify(roomsText)} is not ${MIN_ROOMS} to ${MAX_ROOMS}`);
  }
  return { seed, rooms };
}
