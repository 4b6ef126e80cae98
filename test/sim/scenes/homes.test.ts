import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphToJson, saveGraph } from '../../../src/sim/graph-io.js';
import {
  builtinHome,
  builtinHomes,
  checkHome,
  DEFAULT_HOME,
  generateHome,
  loadHome,
  loadHomes,
} from '../../../src/sim/scenes/index.js';
import { InputError } from '../../../src/util/errors.js';
import { scratchDir } from '../../helpers/scratch.js';
import { describeWithShared, sharedPath } from '../../helpers/shared-data.js';

const text = (home: { graph: Parameters<typeof graphToJson>[0] }) => JSON.stringify(graphToJson(home.graph));

/** ExRAP Table A.1, by instruction number: the classes an instruction needs to make sense in a home. */
const TABLE_A1: Readonly<Record<number, readonly string[]>> = {
  1: ['tv'],
  2: ['apple', 'desk'],
  3: ['book', 'sofa'],
  4: ['dishwasher'],
  5: ['microwave'],
  6: ['stove'],
  7: ['mug', 'coffeetable'],
  8: ['plate', 'microwave'],
  9: ['towel', 'washingmachine'],
  10: ['towel', 'closet'],
  11: ['computer'],
  12: ['cabinet'],
  13: ['book', 'bookshelf'],
  14: ['stove'],
  15: ['paper', 'cabinet'],
  16: ['mug', 'microwave'],
  17: ['radio'],
  18: ['plate', 'dishwasher'],
  19: ['microwave'],
};

function unfitInstructions(name: string): number[] {
  const { graph } = loadHome(name);
  return Object.entries(TABLE_A1)
    .filter(([, classes]) => classes.some((c) => graph.idsOfClass(c).length === 0))
    .map(([n]) => Number(n));
}

describe('built-in homes', () => {
  it('lists the named homes, the default among them', () => {
    const names = builtinHomes().map((home) => home.name);
    expect(names).toEqual(['cottage', 'flat', 'family-house', 'studio-plus']);
    expect(names).toContain(DEFAULT_HOME);
    expect(builtinHome('flat')?.options.roomTypes).toHaveLength(5);
    expect(builtinHome('nowhere')).toBeUndefined();
  });

  it('loads each one, the same every time, keeping every convention', () => {
    for (const { name, seed, options } of builtinHomes()) {
      const home = loadHome(name);
      expect(home).toMatchObject({ spec: name, name, source: 'builtin' });
      expect(text(home)).toBe(text(loadHome(name)));
      expect(text(home)).toBe(JSON.stringify(graphToJson(generateHome(seed, options))));
      expect(checkHome(home.graph, { catalog: true }), name).toEqual([]);
      expect(home.graph.rooms().map((id) => home.graph.get(id).className)).toEqual(options.roomTypes);
    }
  });

  it('fits all 19 Table A.1 instructions in every built-in home but studio-plus, which lacks three', () => {
    expect(unfitInstructions('cottage')).toEqual([]);
    expect(unfitInstructions('flat')).toEqual([]);
    expect(unfitInstructions('family-house')).toEqual([]);
    // No dishwasher (open it; plates into it) and no washing machine (towels into it).
    expect(unfitInstructions('studio-plus')).toEqual([4, 9, 18]);
  });

  it('starts the character where the home says', () => {
    const { graph } = loadHome('flat');
    expect(graph.get(graph.roomOf(graph.characterId())!).className).toBe('kitchen');
  });
});

describe('loadHome', () => {
  it('generates gen:<seed> and gen:<seed>:<rooms> homes', () => {
    const home = loadHome(' gen:7 ');
    expect(home).toMatchObject({ spec: 'gen:7', name: 'gen:7', source: 'generated' });
    expect(text(home)).toBe(JSON.stringify(graphToJson(generateHome(7))));
    const five = loadHome('gen:7:5');
    expect(five.graph.rooms()).toHaveLength(5);
    expect(text(five)).toBe(JSON.stringify(graphToJson(generateHome(7, { rooms: 5 }))));
    expect(loadHome('gen:4294967295').source).toBe('generated');
  });

  it('reads graph files, plain and gzip-compressed', () => {
    const dir = scratchDir('homes');
    const graph = generateHome(21);
    for (const file of ['home.json', 'home.json.gz']) {
      const path = join(dir, file);
      saveGraph(graph, path);
      const home = loadHome(path);
      expect(home).toMatchObject({ name: 'home', source: 'file' });
      expect(text(home)).toBe(JSON.stringify(graphToJson(graph)));
    }
  });

  it('rejects unknown names, bad seeds and broken files with an InputError saying what is accepted', () => {
    const cases: Array<[string, RegExp]> = [
      ['mansion', /unknown home "mansion": expected a built-in home \(cottage, flat, family-house, studio-plus\)/],
      ['', /empty home name/],
      ['gen:', /the seed "" is not a non-negative integer/],
      ['gen:-1', /the seed "-1" is not a non-negative integer/],
      ['gen:1.5', /the seed "1.5"/],
      ['gen:abc', /the seed "abc"/],
      ['gen:4294967296', /must be an integer from 0 to 4294967295/],
      ['gen:1:3', /the room count "3" is not 4 to 6/],
      ['gen:1:x', /the room count "x"/],
      ['gen:1:5:2', /too many parts/],
      ['./no/such/home.json', /cannot read graph file/],
    ];
    for (const [spec, message] of cases) {
      expect(() => loadHome(spec), spec).toThrow(InputError);
      expect(() => loadHome(spec), spec).toThrow(message);
    }
    const dir = scratchDir('homes');
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"nodes": [], "edges": [');
    expect(() => loadHome(broken)).toThrow(/broken\.json.*invalid JSON/);
  });

  it('loads a comma-separated list once per distinct spec', () => {
    const homes = loadHomes('cottage, gen:7,cottage,');
    expect(homes.map((home) => home.name)).toEqual(['cottage', 'gen:7']);
    expect(() => loadHomes(' , ')).toThrow(/no homes given/);
    expect(() => loadHomes('cottage,castle')).toThrow(/unknown home "castle"/);
  });
});

describeWithShared([['virtualhome', 'graphs', 'TestScene1_graph.json']], 'loadHome with VirtualHome scenes', () => {
  it('reads a shipped VirtualHome graph by path, with its rooms connected through doors', () => {
    const home = loadHome(sharedPath('virtualhome', 'graphs', 'TestScene1_graph.json'));
    expect(home).toMatchObject({ name: 'TestScene1_graph', source: 'file' });
    expect(home.graph.rooms()).toHaveLength(4);
    expect(checkHome(home.graph).filter((p) => p.includes('cannot be reached'))).toEqual([]);
  });
});
