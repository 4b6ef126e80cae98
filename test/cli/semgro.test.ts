/**
 * `hearth semgro build-db` and `hearth scene shift` on the cottage, through the CLI's own `main` in this process:
 * the database written with its level sizes beside the paper's, a shift at a measured degree written as a home the
 * CLI reads again, and bad input (a foreign or malformed database, a bad type or degree) refused in one line with
 * exit code 2. Then `hearth run` with SemGro's training: made once in the cache folder by the run's main process and
 * read by both worker threads (through the built CLI: `npm test` builds first, without a build the test is skipped),
 * read again by the next run; `--semgro-train` and the reserved home refused in one line where they do not fit.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.js';
import { scratchDir } from '../helpers/scratch.js';

const HOME = 'cottage';

const dir = mkdtempSync(join(tmpdir(), 'hearth-cli-semgro-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hearth = (...args: string[]) => runCliInProcess(args);

describe('hearth semgro build-db and hearth scene shift', () => {
  const db = join(dir, 'skills.jsonl');

  it('writes the database and prints its level sizes beside the paper', async () => {
    const r = await hearth('semgro', 'build-db', '--home', HOME, '--out', db, '--seed', '3');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^levels: L1 \d+ \(paper 3949\), L2 \d+ \(paper 183\), L3 \d+ \(paper 142\), L4 \d+ \(paper 90\)$/m,
    );
    const header = JSON.parse(readFileSync(db, 'utf8').split('\n')[0]) as { seed: number; levels: number[] };
    expect(header.seed).toBe(3);
    expect(header.levels).toHaveLength(4);
  }, 60_000);

  it('shifts the home to a measured degree within 5 points, and the shifted home loads', async () => {
    const out = join(dir, 'shifted.json');
    const r = await hearth(
      'scene',
      'shift',
      '--from',
      HOME,
      '--type',
      'pa',
      '--degree',
      '0.3',
      '--seed',
      '4',
      '--db',
      db,
      '--out',
      out,
    );
    expect(r.code, r.stderr).toBe(0);
    const measured = Number(/measured (\d+(?:\.\d+)?)%/.exec(r.stdout)?.[1]);
    expect(Math.abs(measured - 30)).toBeLessThanOrEqual(5);
    expect((await hearth('scene', 'show', out)).code).toBe(0);
  }, 60_000);

  // The exit code through a real process is checked by test/cli/commands.test.ts ('through the built CLI too').
  it('refuses a foreign or malformed database, and a bad type or degree, in one line', async () => {
    const foreign = join(dir, 'foreign.jsonl');
    writeFileSync(foreign, '{"format":"something-else"}\n');
    const broken = join(dir, 'broken.jsonl');
    writeFileSync(broken, `${readFileSync(db, 'utf8').split('\n')[0]}\n{"id": 1, "level": "one"\n`);
    const shift = (...args: string[]) =>
      hearth('scene', 'shift', '--from', HOME, '--seed', '1', '--out', join(dir, 'x.json'), ...args);
    for (const [r, pattern] of [
      [
        await shift('--type', 'ol', '--degree', '0.2', '--db', foreign),
        /foreign\.jsonl:1: not a SemGro skill database/,
      ],
      [await shift('--type', 'ol', '--degree', '0.2', '--db', broken), /broken\.jsonl:2: not JSON/],
      [await shift('--type', 'xx', '--degree', '0.2', '--db', db), /--type must be one of ol, pa, rs, got "xx"/],
      [await shift('--type', 'ol', '--degree', '2', '--db', db), /--degree must be a number from 0 to 1, got "2"/],
    ] as const) {
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(pattern);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  }, 60_000);
});

describe("hearth run with SemGro's training", () => {
  const refusals: [string[], RegExp][] = [
    [
      ['--families', 'llm-state-simple', '--agents', 'semgro', '--semgro-train', 'nosuchhome'],
      /^hearth: --semgro-train nosuchhome: unknown home "nosuchhome"/,
    ],
    [
      ['--families', 'llm-state-simple', '--homes', 'gen:3141'],
      /^hearth: --homes gen:3141: reserved as the home SemGro/,
    ],
    [
      ['--families', 'llm-state-simple', '--agents', 'semgro', '--homes', 'flat', '--semgro-train', 'flat'],
      /^hearth: --semgro-train flat: the run also evaluates in this home \(task llm-state\//,
    ],
  ];
  it.each(refusals)('refuses %j in one line before anything runs', async (args, message) => {
    const store = join(scratchDir('semgro-run'), 'results.sqlite');
    const r = await hearth('run', '--protocol', 'episodic', ...args, '--store', store);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(store)).toBe(false);
  });

  // In this process, on two worker threads (under npm test they run the compiled package: src/bench/thread-code.ts).
  it('--workers 2: the database is made once, by the main process before the workers start, and read by both', async () => {
    const cache = scratchDir('semgro-cache');
    const tasks = ['fruits-in-fridge', 'fruits-on-table'].map((t) => `semgro/none/${t}/structured`).join(',');
    const r = await runCliInProcess(
      [
        'run',
        '--protocol',
        'episodic',
        '--tasks',
        tasks,
        '--homes',
        HOME,
        '--agents',
        'oracle',
        '--workers',
        '2',
        '--seeds',
        '1',
      ],
      { cwd: cache, env: { HEARTH_CACHE_DIR: cache } },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/SemGro's skill database of cottage \(\d+ skills\) made in \d+\.\d s/);
    expect(r.stderr).toMatch(/2 episode\(s\) run now, 0 already stored; .* on 2 worker thread\(s\)/);
    // Both workers bound their task in the training home (no shift): the one file made is the database, made by the
    // main thread (thread id 0).
    const log = readFileSync(join(cache, 'builds.log'), 'utf8').trim().split('\n');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/made the skill database of cottage .* \(\S+ \d+ 0\)$/);
  }, 90_000);
});
