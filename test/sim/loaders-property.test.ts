/**
 * The world's loaders on any input: a graph file (any text, any JSON value, a valid home with its JSON edited at
 * random), a program file (any text, soups of script words), and a home's name are read, or refused with an
 * InputError; nothing else is ever thrown, and a message stays short however long the value at fault. A graph that
 * loads writes back to JSON that loads to the same JSON.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { graphFromJson, graphToJson, parseGraphText } from '../../src/sim/graph-io.js';
import { loadHome } from '../../src/sim/scenes/homes.js';
import { parseProgram } from '../../src/sim/script.js';
import { InputError } from '../../src/util/errors.js';
import { propertyRuns } from '../helpers/property.js';

/** Runs `load`; a refusal must be a short InputError. */
function loadOrRefuse<T>(load: () => T): T | undefined {
  try {
    return load();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message.length).toBeLessThan(1000);
    return undefined;
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A small valid home as JSON, and paths into it to edit. */
const HOME = graphToJson(loadHome('gen:11:4').graph) as unknown as { [key: string]: Json };
const HOSTILE: Json[] = [
  null,
  -1,
  1.5,
  1e308,
  '',
  'ROOM',
  'Rooms',
  'ON',
  [],
  {},
  { center: [0, 0], size: 'x' },
  'x'.repeat(5000),
];

const edited = fc
  .array(
    fc.record({
      list: fc.constantFrom('nodes', 'edges'),
      at: fc.nat(),
      key: fc.constantFrom(
        'id',
        'class_name',
        'category',
        'properties',
        'states',
        'bounding_box',
        'from_id',
        'to_id',
        'relation_type',
        'extra',
      ),
      value: fc.oneof(fc.constantFrom(...HOSTILE), fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>),
      drop: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((edits) => {
    const home = structuredClone(HOME) as { nodes: Array<Record<string, Json>>; edges: Array<Record<string, Json>> };
    for (const { list, at, key, value, drop } of edits) {
      const items = home[list as 'nodes' | 'edges'];
      const item = items[at % items.length];
      if (drop) items.splice(at % items.length, 1);
      else item[key] = value;
    }
    return home;
  });

const SCRIPT_WORDS = [
  '[walk]',
  '[grab]',
  '[putin]',
  '[Open]',
  '[nope]',
  '<char0>',
  '<mug>',
  '<kitchen>',
  '(1)',
  '(1.2)',
  '(x)',
  '(',
  ')',
  '<',
  '>',
  '#',
  '\n',
  'title',
];

describe("the world's loaders on any input", () => {
  it('a graph file: any text, any JSON, a home edited at random, is loaded or refused in a short InputError', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 100 }).map((text) => ({ text })),
          (fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Json>).map((json) => ({ json })),
          edited.map((json) => ({ json })),
        ),
        (input) => {
          const graph = loadOrRefuse(() =>
            'text' in input
              ? parseGraphText(input.text, { source: 'g.json' })
              : graphFromJson(input.json, { source: 'g.json' }),
          );
          if (graph) expect(graphToJson(graphFromJson(graphToJson(graph)))).toEqual(graphToJson(graph));
        },
      ),
      propertyRuns(120),
    );
  });

  it('a program file and a home name are read or refused in an InputError', () => {
    const programs = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.array(fc.constantFrom(...SCRIPT_WORDS), { maxLength: 20 }).map((words) => words.join(' ')),
    );
    // Names only (a name with a slash or ending .json is a file path: the file tests read files).
    const names = fc.oneof(
      fc.string({ maxLength: 20 }).filter((name) => !/[/\\]|\.json(\.gz)?\s*$/i.test(name)),
      fc.constantFrom('gen:', 'gen:1:', 'gen:1:99', 'gen:-1', 'gen:4294967296', 'gen-city:x', 'gen:1:3:4', 'GEN:2'),
    );
    fc.assert(
      fc.property(programs, names, (program, name) => {
        loadOrRefuse(() => parseProgram(program, 'p.txt'));
        loadOrRefuse(() => loadHome(name));
      }),
      propertyRuns(120),
    );
  });
});
