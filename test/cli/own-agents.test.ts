/**
 * Agents of the user's own through the built CLI, as issue 43 checks them (docs/agent-protocol.md), kept small:
 *
 * - a Python agent written from docs/agent-protocol.md alone (examples/python/fetch_agent.py) and a module agent
 *   (examples/agents/explorer.js) beside a built-in agent, on the continual protocol and on three episodic families
 *   (one task of each here; `npm run check:own-agents` runs the whole families), on two worker threads;
 * - in the same runs, a program that crashes after a few steps, one that prints garbage and one that hangs: each of
 *   their episodes fails with an error naming the cause, every other episode is complete, the run ends as a run with
 *   failed episodes does (exit 3, the report printed), and the store and the dashboard say which failed and why;
 * - the module agent through a Redis queue on two `hearth worker --agents ./explorer.js` processes: the same rows as
 *   the local run;
 * - a TypeScript module agent of a project that depends on hearth and imports `hearth/agent`, loaded through tsx.
 *
 * Needs dist/ (npm test builds it) and python3; the queue part needs redis-server.
 */
import { copyFileSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultsStore } from '../../src/bench/store.js';
import { dashboardApp } from '../../src/server/app.js';
import { DashboardData } from '../../src/server/dashboard-data.js';
import { spawnNode, type WatchedChild } from '../helpers/child.js';
import { BIN, BUILT, cliEnv, runCliInProcess } from '../helpers/cli.js';
import { describeWithPython, PYTHON } from '../helpers/python.js';
import { REDIS_AVAILABLE, type RedisServer, startRedisServer } from '../helpers/redis-server.js';
import { scratchDir } from '../helpers/scratch.js';
import { projectRoot } from '../helpers/shared-data.js';

if (!BUILT) process.stderr.write('[hearth tests] agents of your own through the CLI skipped: run `npm run build`\n');

interface JsonReport {
  results: { agent: string; family?: string; episodes: number; sr: { mean: number } }[];
  episodes: { total: number; ok: number; failed: number; missing: number };
  failures: { key: string; error: string }[];
}

const dir = scratchDir('own-agents');
const fixture = (file: string) => join(projectRoot, 'test', 'fixtures', 'agents', file);
const exec = (script: string) => `exec:${PYTHON} ${script}`;

const FROM_THE_DOCS = exec(join(projectRoot, 'examples', 'python', 'fetch_agent.py'));
const MODULE = join(projectRoot, 'examples', 'agents', 'explorer.js');
const [CRASHING, GARBAGE, HANGING] = ['crashing.py', 'garbage.py', 'hanging.py'].map((file) => exec(fixture(file)));

const CONTINUAL = [
  ...['--agents', ['random', MODULE, FROM_THE_DOCS, CRASHING, GARBAGE, HANGING].join(',')],
  ...['--seeds', '2', '--steps', '20', '--agent-timeout', '3'],
];
/**
 * One task of each of three families, run in a project that depends on hearth: its TypeScript agent imports
 * `hearth/agent` (loaded through tsx).
 */
const EPISODIC = [
  ...['--protocol', 'episodic', '--tasks', 'llm-state/open-fridge,llm-state/wineglass-juice-desk,teach/table-lamps-on'],
  ...['--agents', ['random', './wanderer.ts', FROM_THE_DOCS, CRASHING].join(','), '--seeds', '1', '--steps', '20'],
];

/** A project of a user's own: hearth in its node_modules, an agent of its own in TypeScript. */
function userProject(): string {
  const project = scratchDir('agent-project');
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(projectRoot, join(project, 'node_modules', 'hearth'));
  writeFileSync(join(project, 'package.json'), '{"type": "module", "dependencies": {"hearth": "*"}}');
  copyFileSync(fixture('wanderer.ts'), join(project, 'wanderer.ts'));
  return project;
}

const hearth = (args: string[], cwd = dir) => spawnNode([BIN, ...args], { cwd, env: cliEnv() });

async function run(args: string[], cwd = dir) {
  const child = hearth(['run', ...args, '--json', '--quiet'], cwd);
  const { code } = await child.exit;
  return { code, stdout: child.stdout(), stderr: child.stderr() };
}

const ready = BUILT && PYTHON !== undefined;

describeWithPython('agents of your own through the CLI', () => {
  let continual: Awaited<ReturnType<typeof run>>;
  let episodic: Awaited<ReturnType<typeof run>>;
  let redis: RedisServer | undefined;
  const workers: WatchedChild[] = [];

  beforeAll(async () => {
    if (!ready) return;
    if (REDIS_AVAILABLE) {
      redis = await startRedisServer();
      // Each worker names the agents of its own it may run; the jobs name them by their names only.
      for (let i = 0; i < 2; i++) {
        workers.push(hearth(['worker', '--queue', redis.url, '--concurrency', '1', '--agents', MODULE, '--verbose']));
      }
    }
    [continual, episodic] = await Promise.all([
      run([...CONTINUAL, '--workers', '2', '--store', join(dir, 'continual.sqlite')]),
      // The main thread here (threads are the continual run's): the episodes are the same wherever they run.
      run([...EPISODIC, '--workers', '0', '--store', join(dir, 'episodic.sqlite')], userProject()),
    ]);
  }, 120_000);

  afterAll(async () => {
    for (const worker of workers) worker.process.kill('SIGTERM');
    await Promise.all(workers.map((worker) => worker.exit));
    await redis?.close();
  });

  it.runIf(ready)('runs them beside a built-in agent; the bad ones fail their own episodes, naming why', () => {
    expect(continual.code, continual.stderr).toBe(3);
    const report = JSON.parse(continual.stdout) as JsonReport;
    expect(report.results.map((row) => [row.agent, row.episodes])).toEqual([
      ['random', 2],
      ['explorer', 2],
      ['fetch', 2],
    ]);
    expect(report.episodes).toEqual({ total: 12, ok: 6, failed: 6, missing: 0 });
    const causes = new Map(report.failures.map((failure) => [failure.key.split(' ')[0], failure.error]));
    expect(causes.get('agent=crashing')).toMatch(/^AgentFault: step 2: the program exited \(code 1\) before answering/);
    expect(causes.get('agent=garbage')).toMatch(/^AgentFault: at the start: the answer is not JSON: "Thinking\.\.\./);
    expect(causes.get('agent=hanging')).toMatch(/^AgentFault: at the start: no answer within 3 s \(--agent-timeout\)/);
    // The agent written from the docs does something: events completed where the random walk completes none.
    const sr = new Map(report.results.map((row) => [row.agent, row.sr.mean]));
    expect(sr.get('fetch')).toBeGreaterThan(sr.get('random') ?? 1);

    expect(episodic.code, episodic.stderr).toBe(3);
    const tasks = JSON.parse(episodic.stdout) as JsonReport;
    expect(tasks.episodes).toEqual({ total: 12, ok: 9, failed: 3, missing: 0 });
    for (const agent of ['wanderer', 'fetch']) {
      expect(new Set(tasks.results.filter((row) => row.agent === agent).map((row) => row.family))).toEqual(
        new Set(['llm-state-simple', 'llm-state-hard', 'teach']),
      );
    }
    expect(tasks.failures.map((failure) => failure.key.split(' ')[0])).toEqual(Array(3).fill('agent=crashing'));
  });

  it.runIf(ready)('keeps in the store, and shows in the dashboard, which failed and why', async () => {
    const path = join(dir, 'continual.sqlite');
    const store = ResultsStore.open(path, { readonly: true });
    const episodes = store.episodes(1);
    const config = store.getRun(1)?.config as { userAgents: Record<string, { kind: string; digest: string }> };
    store.close();
    expect(Object.keys(config.userAgents).sort()).toEqual(['crashing', 'explorer', 'fetch', 'garbage', 'hanging']);
    expect(config.userAgents.explorer).toMatchObject({ kind: 'module', digest: expect.stringMatching(/^sha256:/) });
    expect(episodes.find((e) => e.spec.agent === 'fetch')?.spec.agentDigest).toBe(config.userAgents.fetch.digest);
    // The program's own traceback is kept under the cause.
    const crashed = episodes.find((e) => e.spec.agent === 'crashing');
    expect(crashed?.error).toMatch(/standard error of the program \(its end\):\n(.|\n)*ZeroDivisionError/);

    const data = DashboardData.open({ store: path, traces: [] });
    const { app, watcher } = dashboardApp(data, { hosts: ['127.0.0.1'] });
    try {
      const get = async (url: string) =>
        (await app.request(`http://127.0.0.1${url}`, { headers: { host: '127.0.0.1' } })).text();
      const page = await get('/api/runs/1');
      for (const agent of ['explorer', 'fetch']) expect(page).toContain(`"agent":"${agent}"`);
      expect(page).toContain('AgentFault: step 2: the program exited (code 1) before answering');
      const index = episodes.findIndex((e) => e.spec.agent === 'crashing');
      expect(await get(`/api/runs/1/episodes/${index}`)).toContain('ZeroDivisionError');
    } finally {
      watcher.stop();
      data.close();
    }
  });

  it.runIf(ready && REDIS_AVAILABLE)(
    'runs the module agent through a queue on two workers as it runs locally',
    async () => {
      const flags = ['--agents', MODULE, ...CONTINUAL.slice(2)];
      const queued = await run([...flags, '--queue', redis?.url ?? '', '--store', join(dir, 'queued.sqlite')]);
      expect(queued.code, queued.stderr).toBe(0);
      const local = (JSON.parse(continual.stdout) as JsonReport).results.filter((row) => row.agent === 'explorer');
      expect((JSON.parse(queued.stdout) as JsonReport).results).toEqual(local);
      // One episode each.
      for (const worker of workers) expect(worker.stderr()).toMatch(/finished agent=explorer .*: ok/);
    },
    120_000,
  );
});

describe('agents of your own refused before anything runs', () => {
  let n = 0;
  const module = (name: string, text: string) => {
    const file = join(dir, `${name}.mjs`);
    writeFileSync(file, text);
    return file;
  };
  const refuse = async (args: string[], message: RegExp) => {
    const store = join(dir, `refused-${n++}.sqlite`);
    const outcome = await runCliInProcess(args[0] === 'run' ? [...args, '--store', store] : args);
    expect(outcome.code, outcome.stderr).toBe(2);
    expect(outcome.stderr).toMatch(message);
    expect(existsSync(store)).toBe(false);
  };
  const definition = (name: string) =>
    `export default { name: ${JSON.stringify(name)}, description: 'x', create: () => ({ reset() {}, act() {}, observe() {} }) };`;

  it('names the file and the fault: no file, no definition, a bad name, a taken name, no program', async () => {
    await refuse(['run', '--agents', './nowhere.js'], /--agents \.\/nowhere\.js: no such file/);
    await refuse(
      ['run', '--agents', module('bad', definition('My Agent'))],
      /bad\.mjs: the default export is not an agent definition: 'name' must be lower-case/,
    );
    await refuse(
      ['run', '--agents', module('none', 'export const agent = 1;')],
      /none\.mjs: the module has no default export/,
    );
    await refuse(
      ['run', '--agents', module('taken', definition('oracle'))],
      /'oracle' is the name of a built-in agent; give yours another/,
    );
    const twins = [module('twin-a', definition('twin')), module('twin-b', definition('twin'))].join(',');
    await refuse(['run', '--agents', twins], /twin-a\.mjs and .*twin-b\.mjs are both named 'twin'/);
    await refuse(['run', '--agents', 'random,exec:/no/such/program'], /no program '\/no\/such\/program' \(ENOENT\)/);
    await refuse(
      ['worker', '--queue', 'redis://127.0.0.1:1', '--agents', 'oracle'],
      /a worker knows every built-in agent/,
    );
    await refuse(['run', '--agent-timeout', '0'], /--agent-timeout: expected a number of seconds above 0/);
  });
});
