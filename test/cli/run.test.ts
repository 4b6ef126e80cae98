/**
 * `hearth run` as the issue's Checks run it: the check command and its orderings, determinism, SIGINT / SIGKILL
 * half-way then --resume, and bad input refused at once. The CLI's own `main` runs in this process
 * (`runCliInProcess`) wherever the process is not the subject; the interruptions, and the resumed run whose JSON must
 * be byte-identical to this process's (the same seeds give the same results in another process), go through the
 * built CLI: `npm test` builds dist/ first, without a build those tests are skipped with a message. The built CLI's
 * exit code for bad input is checked by test/cli/commands.test.ts. Runs that do not test the worker pool run in the
 * main thread (starting worker threads costs more than the small grids here).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ResultsStore } from '../../src/bench/store.js';
import { BIN, BUILT, cliEnv, runCliInProcess } from '../helpers/cli.js';
import { scratchDir } from '../helpers/scratch.js';

const describeBuilt = BUILT ? describe : describe.skip;
if (!BUILT)
  process.stderr.write('[hearth tests] hearth run interruptions skipped: run `npm run build` (npm test does)\n');

const dir = scratchDir('run');
let stores = 0;
const newStore = () => join(dir, `store-${stores++}.sqlite`);

/** `hearth run ARGS` in this process. */
const hearth = (args: string[]) => runCliInProcess(['run', ...args]);

/** `hearth run ARGS` through the built CLI, in a process of its own. */
function hearthProcess(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, 'run', ...args], { encoding: 'utf8', cwd: dir, env: cliEnv() });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const HEURISTICS = ['greedy', 'multi-instruction-first', 'max-staleness-first'];
const CHECK_AGENTS = ['oracle', ...HEURISTICS, 'random'];
/**
 * The issue's check command, exactly. The run below adds a store of its own, --quiet and --workers 0: worker threads
 * started in this process compile the sources through tsx, and the interruption tests check that a pool's JSON is
 * the main thread's.
 */
const CHECK = ['--agents', CHECK_AGENTS.join(','), '--seeds', '5', '--json'];

interface Row {
  agent: string;
  home: string;
  nonstationarity: string;
  instructions: number;
  episodes: number;
  sr: { mean: number; ci95: number };
  ps: { mean: number; ci95: number };
  psCompleted: { mean: number | null; ci95: number | null };
  events: { mean: number };
  open: { mean: number };
}

const rowOf = (rows: Row[], agent: string, level: string) =>
  rows.find((r) => r.agent === agent && r.nonstationarity === level)!;

/**
 * A smaller grid for the properties that do not need the whole check command (grids, determinism, resuming): the
 * Oracle and Random on the same five seeds. The check command over all three levels, with the agents' ranking at
 * each level and SR/PS against non-stationarity, is `npm run perf:continual-levels` (175 episodes: too long here).
 */
const SMALL = ['--agents', 'oracle,random', '--seeds', '5', '--json'];
/** Runs that do not test the worker pool run in the main thread (starting worker threads costs seconds). */
const MAIN_THREAD = ['--workers', '0'];

describe('hearth run: the check command', () => {
  let checkJson = '';
  let smallJson = '';
  let levelsJson = '';

  beforeAll(async () => {
    const check = await hearth([...CHECK, ...MAIN_THREAD, '--store', newStore(), '--quiet']);
    const small = await hearth([...SMALL, ...MAIN_THREAD, '--store', newStore(), '--quiet']);
    const levels = await hearth([
      ...SMALL,
      ...MAIN_THREAD,
      ...['--nonstationarity', 'medium,high', '--store', newStore(), '--quiet'],
    ]);
    for (const run of [check, small, levels]) expect(run.code, run.stderr).toBe(0);
    [checkJson, smallJson, levelsJson] = [check.stdout, small.stdout, levels.stdout];
  }, 600_000);

  it('prints one JSON object with a row per agent, SR as a fraction', () => {
    const report = JSON.parse(checkJson) as { results: Row[] };
    // Random, which must find out for itself, first; the privileged Oracle and heuristics after it, in --agents order.
    expect(report.results.map((r) => r.agent)).toEqual(['random', 'oracle', ...HEURISTICS]);
    for (const row of report.results) {
      expect(Object.keys(row).slice(0, 8)).toEqual([
        'agent',
        'home',
        'nonstationarity',
        'instructions',
        'episodes',
        'sr',
        'ps',
        'psCompleted',
      ]);
      expect(row).toMatchObject({ home: 'cottage', nonstationarity: 'medium', instructions: 5, episodes: 5 });
      expect(row.sr.mean).toBeGreaterThanOrEqual(0);
      expect(row.sr.mean).toBeLessThanOrEqual(1);
      expect(typeof row.open.mean).toBe('number');
    }
  });

  it('ranks the Oracle first and Random last at the check level', () => {
    const rows = (JSON.parse(checkJson) as { results: Row[] }).results;
    for (const agent of HEURISTICS) {
      const row = rowOf(rows, agent, 'medium');
      expect(rowOf(rows, 'oracle', 'medium').sr.mean, `oracle vs ${agent}`).toBeGreaterThan(row.sr.mean);
      expect(rowOf(rows, 'random', 'medium').sr.mean, `random vs ${agent}`).toBeLessThan(row.sr.mean);
    }
  });

  it('gives the same rows for the same seeds whatever else the grid holds (other agents, other levels)', () => {
    const check = (JSON.parse(checkJson) as { results: Row[] }).results;
    const small = (JSON.parse(smallJson) as { results: Row[] }).results;
    const levels = (JSON.parse(levelsJson) as { results: Row[] }).results;
    expect(small).toEqual(check.filter((r) => r.agent === 'oracle' || r.agent === 'random'));
    expect(levels.filter((r) => r.nonstationarity === 'medium')).toEqual(small);
    expect(levels.filter((r) => r.nonstationarity === 'high')).toHaveLength(2);
  });

  describeBuilt('interrupted half-way, then resumed', () => {
    // Ctrl-C stops a pool of two workers; this process's main thread finishes the run. SIGKILL, which nothing can
    // catch, stops a run in the main thread; another process finishes it. Both first runs through the built CLI (the
    // process, its signals and its exit are the subject), and both final JSONs byte-identical to the uninterrupted
    // run's in this process (the same seeds give the same results in another process and on other threads).
    for (const [signal, workers] of [
      ['SIGINT', '2'],
      ['SIGKILL', '0'],
    ] as const) {
      it(`finishes after ${signal} (--workers ${workers}) with --resume and prints byte-identical JSON to the uninterrupted run`, async () => {
        const store = newStore();
        const args = [...SMALL, '--store', store];
        const first = start([...args, '--workers', workers]);
        await waitForStored(store, 3, first);
        first.process.kill(signal);
        const ended = await first.exit;
        const before = storedEpisodes(store);
        const stored = before.size;
        expect(stored).toBeGreaterThanOrEqual(3);
        expect(stored).toBeLessThan(10);
        if (signal === 'SIGINT') {
          // The pool hands back what it finished, says so and how to go on, and exits with 130.
          expect(ended.code, first.stderr()).toBe(130);
          expect(first.stderr()).toContain(
            `interrupted: ${stored} of 10 episodes stored in ${store}; run again with --resume`,
          );
        } else {
          expect(ended.signal).toBe('SIGKILL');
        }
        const resume = [...args, '--workers', '0', '--resume'];
        const resumed = signal === 'SIGINT' ? await runCliInProcess(['run', ...resume]) : hearthProcess(resume);
        expect(resumed.code, resumed.stderr).toBe(0);
        expect(resumed.stderr).toContain(`${10 - stored} episode(s) run now, ${stored} already stored`);
        expect(resumed.stdout).toBe(smallJson);
        // Every episode stored once; those stored before the kill kept, not run again.
        const after = storedEpisodes(store);
        expect(after.size).toBe(10);
        for (const [key, finished] of before) expect(after.get(key)).toBe(finished);
        const results = ResultsStore.open(store, { readonly: true });
        try {
          expect(results.runs()).toHaveLength(1);
          expect(results.episodes(1).every((e) => e.status === 'ok' && e.attempts === 1)).toBe(true);
        } finally {
          results.close();
        }
      }, 300_000);
    }
  });
});

describe('hearth run: bad input fails at once with one clear line', () => {
  const expectRefused = (
    r: { code: number | null; stdout: string; stderr: string },
    store: string,
    message: RegExp,
  ) => {
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
    expect(existsSync(store)).toBe(false);
  };
  const refuse = async (args: string[], message: RegExp) => {
    const store = newStore();
    expectRefused(await runCliInProcess(['run', ...args, '--store', store]), store, message);
  };

  it('refuses an unknown agent, naming the known ones', async () => {
    await refuse(['--agents', 'oracle,telepath'], /--agents: unknown agent 'telepath' \(known: .*greedy.*oracle/);
  });

  it('refuses a malformed home file, naming the file and the line', async () => {
    const path = join(dir, 'broken.json');
    writeFileSync(path, '{"nodes": [\n  {"id": 1,\n');
    await refuse(['--homes', path], new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+`));
  });

  it('refuses more instructions than the home can take', async () => {
    await refuse(
      ['--instructions', '16'],
      /--instructions 16: home cottage fits 19 of the 19 virtualhome instructions/,
    );
    await refuse(
      ['--instructions', '12', '--domain', 'alfred', '--homes', 'studio-plus'],
      /home studio-plus fits 15 of the 16/,
    );
    await refuse(['--instructions', '20'], /--instructions: expected an integer from 1 to 19, got '20'/);
  });

  it('refuses unknown domains, styles and protocols', async () => {
    await refuse(['--domain', 'carla'], /--domain: unknown value 'carla' \(known: virtualhome, alfred, city\)/);
    await refuse(['--style', 'poetic'], /--style: unknown value 'poetic'/);
    await refuse(['--referents', 'some'], /--referents: unknown value 'some' \(known: one, all\)/);
    await refuse(
      ['--protocol', 'episodic', '--referents', 'all'],
      /--referents all: .* an option of the continual protocol/,
    );
    await refuse(['--protocol', 'lifelong'], /--protocol: unknown value 'lifelong' \(known: continual, episodic\)/);
    await refuse(['--protocol', 'episodic', '--agents', 'greedy'], /agent 'greedy' does not run the episodic protocol/);
    await refuse(['--protocol', 'episodic', '--families', 'kitchenette'], /--families: unknown family 'kitchenette'/);
  });

  it("refuses a --domain that a home's name contradicts, and a city in the episodic protocol", async () => {
    await refuse(
      ['--homes', 'cottage,gen-city:9801', '--domain', 'virtualhome'],
      /^hearth: --domain virtualhome: home gen-city:9801 is a city \(its domain is city\); leave out --domain/,
    );
    await refuse(['--homes', 'cottage', '--domain', 'city'], /--domain city: home cottage is a household/);
    await refuse(
      ['--protocol', 'episodic', '--homes', 'downtown'],
      /--homes downtown: a city .* the episodic tasks run in households/,
    );
  });

  it('refuses a --columns metric the protocol does not report, before any episode runs', async () => {
    await refuse(
      ['--columns', 'ps,psAtStart,gc'],
      /--columns: unknown metric 'gc' \(this protocol's metrics: sr, ps, /,
    );
    await refuse(['--protocol', 'episodic', '--columns', 'sr,ps'], /--columns: unknown metric 'ps'/);
  });

  it('refuses a slip that is not a probability, and slips outside the episodic protocol', async () => {
    await refuse(['--protocol', 'episodic', '--slip', '1.5'], /--slip: '1.5' is not a probability in \[0, 1\)/);
    await refuse(['--slip', '0.1'], /--slip 0.1: execution noise is an option of the episodic protocol/);
  });
});

describe("hearth run: a home's name picks its domain; --seeds says what a count runs", () => {
  it('runs an unseen generated city in the city with no other flag', async () => {
    const r = await hearth([
      ...['--homes', 'gen-city:9801', '--agents', 'oracle', '--seeds', '1', '--steps', '20'],
      ...MAIN_THREAD,
      ...['--json', '--store', newStore()],
    ]);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { config: { domain: string }; results: Array<{ home: string }> };
    expect(report.config.domain).toBe('city');
    expect(report.results.map((row) => row.home)).toEqual(['gen-city:9801']);
  });

  it('runs homes of both worlds each in its own domain, saying so in one line; a count over ten says which seeds run', async () => {
    const r = await hearth([
      ...['--homes', 'cottage,downtown', '--agents', 'oracle', '--seeds', '11', '--steps', '3'],
      ...MAIN_THREAD,
      ...['--store', newStore()],
    ]);
    expect(r.code, r.stderr).toBe(0);
    const notes = r.stderr.split('\n').filter((line) => line.startsWith('note:'));
    expect(notes).toEqual([
      'note: --seeds 11 runs 11 seeds, 0..10; for seed 11 alone write --seeds 11..11',
      'note: the homes are of two worlds, each runs in its own domain: cottage in virtualhome; downtown in city ' +
        '(each home has its own tables)',
    ]);
    expect(r.stdout).toMatch(/home cottage, instructions 5 \(11 episodes per cell\)/);
    expect(r.stdout).toMatch(/home downtown, instructions 5 \(11 episodes per cell\)/);
    const one = await hearth([
      ...['--agents', 'oracle', '--seeds', '21..21', '--steps', '3'],
      ...MAIN_THREAD,
      ...['--json', '--store', newStore()],
    ]);
    expect(one.stderr).not.toMatch(/note:/);
    expect((JSON.parse(one.stdout) as { config: { seeds: number[] } }).config.seeds).toEqual([21]);
  });
});

describe('hearth run: the default agents of the main job', () => {
  it("include ExRAP's fair comparison, the -text heuristics, and list the privileged agents last, named", async () => {
    const args = ['--seeds', '1', '--steps', '3', ...MAIN_THREAD, '--store', newStore()];
    const r = await hearth([...args, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as {
      config: { agents: string[] };
      results: Array<{ agent: string }>;
      references: Record<string, string[]>;
    };
    const texts = HEURISTICS.map((kind) => `${kind}-text`);
    for (const agent of [...texts, ...HEURISTICS, 'exrap', 'oracle', 'random']) {
      expect(report.config.agents).toContain(agent);
    }
    const privileged = ['oracle', ...HEURISTICS];
    expect(Object.keys(report.references).sort()).toEqual([...privileged].sort());
    const order = report.results.map((row) => row.agent);
    expect(order.slice(order.length - privileged.length).sort()).toEqual([...privileged].sort());
    // The text table: the same order, each privileged agent with what it is given.
    const table = await hearth([...args, '--resume']);
    expect(table.code, table.stderr).toBe(0);
    const labels = table.stdout
      .split('\n')
      .filter((line) => / \| /.test(line) && !line.startsWith('agent') && !line.startsWith(' '))
      .map((line) => line.split(' | ')[0].trim());
    expect(labels).toEqual(
      order.map((agent) => (report.references[agent] ? `${agent} [${report.references[agent].join(', ')}]` : agent)),
    );
    expect(labels).toContain('greedy-text');
    expect(labels).toContain('oracle [meanings, true-state]');
  });
});

describe('hearth run --protocol episodic --tasks', () => {
  it('runs the named tasks alone, and the named families besides them only when --families is given', async () => {
    const families = async (extra: string[]) => {
      const args = [
        '--protocol',
        'episodic',
        '--agents',
        'oracle',
        '--tasks',
        'teach/coffee',
        '--seeds',
        '1',
        ...MAIN_THREAD,
      ];
      const r = await hearth([...args, ...extra, '--json', '--quiet', '--store', newStore()]);
      expect(r.code, r.stderr).toBe(0);
      const results = JSON.parse(r.stdout).results as { family: string; episodes: number }[];
      return results.map((x) => `${x.family}:${x.episodes}`);
    };
    expect(await families([])).toEqual(['teach:1']);
    expect((await families(['--families', 'llm-state-simple'])).sort()).toEqual(['llm-state-simple:8', 'teach:1']);
  });
});

describe('hearth run --protocol episodic --slip', () => {
  it('makes manipulation skills fail (Exec below 1), and the Oracle still solves the task', async () => {
    const run = async (slip: string) => {
      const args = [
        '--protocol',
        'episodic',
        '--agents',
        'oracle',
        '--families',
        '',
        '--tasks',
        'teach/coffee',
        '--seeds',
        '2',
        ...MAIN_THREAD,
      ];
      const r = await hearth([...args, '--slip', slip, '--json', '--quiet', '--store', newStore()]);
      expect(r.code, r.stderr).toBe(0);
      return (JSON.parse(r.stdout).results as { sr: { mean: number }; exec: { mean: number } }[])[0];
    };
    const clean = await run('0');
    const noisy = await run('0.5');
    expect(clean.exec.mean).toBe(1);
    expect(noisy.exec.mean).toBeLessThan(1);
    expect(noisy.sr.mean).toBe(1);
  });
});

// ---- helpers for the interruption tests ----------------------------------------------------------------------

interface Child {
  process: ChildProcess;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr: () => string;
}

function start(args: string[]): Child {
  const child = spawn(process.execPath, [BIN, 'run', ...args], {
    cwd: dir,
    env: cliEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdout.resume();
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return { process: child, exit, stderr: () => stderr };
}

/** The episodes of run 1 the store holds: key -> when it was finished (empty before the run is stored). */
function storedEpisodes(path: string): Map<string, string> {
  try {
    const store = ResultsStore.open(path, { readonly: true });
    try {
      return new Map(store.episodes(1).map((episode) => [episode.key, episode.finished]));
    } finally {
      store.close();
    }
  } catch {
    return new Map();
  }
}

const storedCount = (path: string): number => storedEpisodes(path).size;

async function waitForStored(path: string, count: number, child: Child): Promise<void> {
  let exited = false;
  void child.exit.then(() => {
    exited = true;
  });
  while (storedCount(path) < count) {
    if (exited) throw new Error(`the run ended before storing ${count} episodes: ${child.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
