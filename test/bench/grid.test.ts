import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import {
  addGridOptions,
  expandAxes,
  expandGrid,
  type Grid,
  type GridContext,
  gridConfig,
  parseGridOptions,
  parseSeeds,
  seedCountNote,
} from '../../src/bench/grid.js';
import { DEFAULT_STORE_PATH } from '../../src/bench/store.js';
import { InputError } from '../../src/util/errors.js';

const KNOWN = { knownAgents: ['oracle', 'greedy', 'random'] };

function parse(argv: string[], context: GridContext = KNOWN): Grid {
  const command = addGridOptions(new Command('run').exitOverride(), { agents: ['oracle'], homes: ['apartment'] });
  command.parse(argv, { from: 'user' });
  return parseGridOptions(command.opts(), context);
}

function inputError(argv: string[], context: GridContext = KNOWN): string {
  try {
    parse(argv, context);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error(`no error for ${argv.join(' ')}`);
}

describe('grid flags', () => {
  it('have the documented defaults', () => {
    const grid = parse([]);
    expect(grid).toMatchObject({
      agents: ['oracle'],
      homes: ['apartment'],
      nonstationarity: ['medium'],
      instructions: [5],
      seeds: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      steps: 200,
      store: DEFAULT_STORE_PATH,
      resume: false,
      trace: false,
      quiet: false,
      format: 'table',
    });
    expect(grid.workers).toBeGreaterThanOrEqual(1);
  });

  it('parse every flag', () => {
    const grid = parse([
      '--agents',
      'greedy,oracle',
      '--homes',
      'gen:7,apartment,./my home.json',
      '--nonstationarity',
      'low,high',
      '--instructions',
      '3,7',
      '--seeds',
      '4',
      '--steps',
      '50',
      '--store',
      'out/r.sqlite',
      '--resume',
      '--workers',
      '0',
      '--trace',
      '--json',
      '--quiet',
    ]);
    expect(grid).toEqual({
      agents: ['greedy', 'oracle'],
      homes: ['gen:7', 'apartment', './my home.json'],
      nonstationarity: ['low', 'high'],
      instructions: [3, 7],
      seeds: [0, 1, 2, 3],
      steps: 50,
      store: 'out/r.sqlite',
      resume: true,
      workers: 0,
      trace: true,
      quiet: true,
      format: 'json',
    });
    expect(parse(['--resume', '12', '--csv'])).toMatchObject({ resume: 12, format: 'csv' });
    expect(parse(['--columns', 'ps, psAtStart'])).toMatchObject({ columns: ['ps', 'psAtStart'], format: 'table' });
    expect(parse([])).not.toHaveProperty('columns');
  });

  it('seeds: a count, a list or a range', () => {
    expect(parseSeeds('3')).toEqual([0, 1, 2]);
    expect(parseSeeds('5,3,11')).toEqual([5, 3, 11]);
    expect(parseSeeds('10..13')).toEqual([10, 11, 12, 13]);
    expect(parseSeeds('7..7')).toEqual([7]);
  });

  it('seeds: a count over ten says which seeds it runs and how to name one alone; no other form does', () => {
    expect(seedCountNote('21')).toBe('note: --seeds 21 runs 21 seeds, 0..20; for seed 21 alone write --seeds 21..21');
    expect(seedCountNote('11')).toMatch(/^note: --seeds 11 runs 11 seeds, 0\.\.10;/);
    for (const quiet of ['10', '3', '21..21', '0..40', '21,22', 'ten'])
      expect(seedCountNote(quiet), quiet).toBeUndefined();
  });

  it('name the flag and the value at fault', () => {
    expect(inputError(['--agents', 'oracle,gready'])).toBe(
      "--agents: unknown agent 'gready' (known: greedy, oracle, random)",
    );
    expect(inputError(['--steps', '0'])).toBe("--steps: expected an integer from 1 to 100000, got '0'");
    expect(inputError(['--steps', 'ten'])).toBe("--steps: expected an integer from 1 to 100000, got 'ten'");
    expect(inputError(['--seeds', '-3'])).toBe(
      "--seeds: expected a seed count N, a list a,b,c or a range a..b, with N from 1 to 1000000, got '-3'",
    );
    expect(inputError(['--seeds', '1,x'])).toBe("--seeds: expected an integer from 0 to 4294967295, got 'x'");
    expect(inputError(['--seeds', '5..2'])).toBe("--seeds: empty range '5..2' (the end is below the start)");
    expect(inputError(['--seeds', '1,1'])).toBe("--seeds: '1' is given twice");
    expect(inputError(['--nonstationarity', 'low,extreme'])).toBe(
      "--nonstationarity: unknown level 'extreme' (known: low, medium, high)",
    );
    expect(inputError(['--instructions', '3,,5'])).toBe("--instructions: empty item in '3,,5'");
    expect(inputError(['--instructions', '2.5'])).toBe("--instructions: expected an integer from 1 to 1000, got '2.5'");
    expect(inputError(['--instructions', '9'], { ...KNOWN, maxInstructions: 7 })).toBe(
      "--instructions: expected an integer from 1 to 7, got '9'",
    );
    expect(inputError(['--homes', 'gen:x'])).toBe(
      "--homes: expected gen:<seed> with a seed from 0 to 4294967295, got 'gen:x'",
    );
    expect(inputError(['--workers', 'many'])).toBe("--workers: expected an integer from 0 to 256, got 'many'");
    expect(inputError(['--resume', 'last'])).toBe("--resume: expected a run id >= 1, got 'last'");
    expect(inputError(['--json', '--csv'])).toBe('--json and --csv cannot be used together');
    expect(inputError(['--agents', 'oracle,oracle'])).toBe("--agents: 'oracle' is given twice");
    expect(inputError(['--columns', 'sr,sr'])).toBe("--columns: 'sr' is given twice");
    expect(inputError(['--columns', 'sr', '--json'])).toBe(
      "--columns chooses the text table's metrics: --json and --csv carry every metric",
    );
  });

  it('let the caller check homes', () => {
    const checkHome = (home: string) => {
      if (home !== 'apartment') throw new InputError(`unknown home '${home}'`);
    };
    expect(inputError(['--homes', 'apartment,castle'], { ...KNOWN, checkHome })).toBe("unknown home 'castle'");
    expect(parse(['--homes', 'gen:3,apartment'], { ...KNOWN, checkHome }).homes).toEqual(['gen:3', 'apartment']);
  });
});

describe('grid expansion', () => {
  it('is the cartesian product, seeds innermost, in the order given, with readable unique keys', () => {
    const grid = parse([
      '--agents',
      'random,oracle',
      '--homes',
      'gen:1',
      '--nonstationarity',
      'high,low',
      '--seeds',
      '2',
    ]);
    const specs = expandGrid(grid);
    expect(specs.map((s) => s.key)).toEqual([
      'agent=random home=gen:1 nonstationarity=high instructions=5 seed=0',
      'agent=random home=gen:1 nonstationarity=high instructions=5 seed=1',
      'agent=random home=gen:1 nonstationarity=low instructions=5 seed=0',
      'agent=random home=gen:1 nonstationarity=low instructions=5 seed=1',
      'agent=oracle home=gen:1 nonstationarity=high instructions=5 seed=0',
      'agent=oracle home=gen:1 nonstationarity=high instructions=5 seed=1',
      'agent=oracle home=gen:1 nonstationarity=low instructions=5 seed=0',
      'agent=oracle home=gen:1 nonstationarity=low instructions=5 seed=1',
    ]);
    expect(specs[5]).toEqual({
      key: 'agent=oracle home=gen:1 nonstationarity=high instructions=5 seed=1',
      agent: 'oracle',
      home: 'gen:1',
      nonstationarity: 'high',
      instructions: 5,
      seed: 1,
      steps: 200,
    });
  });

  it('escapes spaces, = and % in key values so keys stay unambiguous', () => {
    const [spec] = expandAxes([
      ['home', ['my home=1%.json']],
      ['seed', [0]],
    ]);
    expect(spec.key).toBe('home=my%20home%3D1%25.json seed=0');
  });

  it('config holds what decides results, not how the run is executed or printed', () => {
    const a = gridConfig(parse(['--workers', '1', '--json', '--store', 'a.sqlite']));
    const b = gridConfig(parse(['--workers', '2', '--trace', '--quiet', '--store', 'b.sqlite']));
    expect(a).toEqual(b);
    expect(Object.keys(a)).toEqual(['agents', 'homes', 'nonstationarity', 'instructions', 'seeds', 'steps']);
    expect(gridConfig(parse(['--seeds', '3']))).not.toEqual(a);
  });
});
