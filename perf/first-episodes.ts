/**
 * Where a worker's first episodes go (issue 45, item 1): for each agent, a fresh process (`first-episodes-probe.ts`)
 * (plain `node` on the built package, `dist/`) loads the protocol as a worker does and runs, one after another:
 *
 * - pass 1: its first N episodes (V8 cold, every cache cold: what a fresh worker pays);
 * - pass 2: every registered cache emptied (`src/util/caches.ts`), the same N again (V8 warm, caches cold);
 * - pass 3: the same N again with the caches kept (V8 warm, caches warm down to these episodes' own searches);
 * - later: M episodes it has not met (what a warm worker pays for a new episode: the steady state).
 *
 * Printed per agent, CPU of the whole process (V8's compiler and GC threads included) per episode: pass 1 beside the
 * steady state, and what pass 1 costs beyond it split into V8's warm-up (pass 1 - pass 2: the same work, caches as
 * cold, only the code warmer) and cold caches (pass 2 - later: the run's caches cold against warm); the module load,
 * the main thread's share and its GC pauses. `--attribute` also empties one cache at a time before the first
 * episode again (what that cache saves a warm worker there). `--cpu-prof DIR` writes V8 profiles of the first and of
 * a later episode and prints what the first spends most beyond the later (`support/profile-summary.ts`).
 *
 * The episodes of each pass must give the same metrics (caches never change results): the last column says so.
 *
 * Run: npm run perf:first-episodes [-- --agents exrap,danli --passes 4 --later 8 --attribute --cpu-prof DIR]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { expandEpisodicGrid, selectTasks } from '../src/bench/episodic/grid.js';
import { expandGrid } from '../src/bench/grid.js';
import type { EpisodeSpec } from '../src/bench/protocol.js';
import { codeUnderTest } from './support/code-under-test.js';
import { summariseProfiles } from './support/profile-summary.js';
import { formatTable } from './support/table.js';

const { values } = parseArgs({
  options: {
    agents: { type: 'string', default: 'exrap,greedy-text,danli,llm-state,helper,semgro' },
    passes: { type: 'string', default: '4' },
    later: { type: 'string', default: '8' },
    attribute: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    markdown: { type: 'boolean', default: false },
  },
});
const passes = Number(values.passes);
const later = Number(values.later);
const seeds = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Each agent's episodes as a run of its protocol makes them, in the run's order. */
const AGENTS: Record<string, { protocol: string; specs: () => EpisodeSpec[] }> = {
  exrap: { protocol: 'continual', specs: () => continual('exrap') },
  'greedy-text': { protocol: 'continual', specs: () => continual('greedy-text') },
  danli: { protocol: 'episodic', specs: () => episodic('danli', ['teach'], ['cottage']) },
  'llm-state': { protocol: 'episodic', specs: () => episodic('llm-state', ['llm-state-simple', 'llm-state-hard']) },
  helper: { protocol: 'episodic', specs: () => episodic('helper', ['teach-tfd'], ['cottage']) },
  semgro: { protocol: 'episodic', specs: () => episodic('semgro', ['semgro'], ['gen:2718']) },
};

/** The issue's grid for one agent: gen:9931 and gen:9932, medium and high, 100 steps. */
function continual(agent: string): EpisodeSpec[] {
  return expandGrid({
    agents: [agent],
    homes: ['gen:9931', 'gen:9932'],
    nonstationarity: ['medium', 'high'],
    instructions: [5],
    seeds: seeds(8),
    steps: 100,
  } as Parameters<typeof expandGrid>[0]).map((spec) => ({ ...spec, domain: 'virtualhome', style: 'sentence' }));
}

function episodic(agent: string, families: string[], homes = ['cottage']): EpisodeSpec[] {
  const specs = expandEpisodicGrid({ agents: [agent], homes, tasks: selectTasks(families, []), seeds: seeds(2) });
  // Tasks first, then seeds: a run of one seed meets each task once.
  return specs.sort((a, b) => a.seed - b.seed);
}

interface Measured {
  processMs: number;
  threadMs: number;
  gcMs: number;
  wallMs: number;
}
interface Line extends Partial<Measured> {
  kind: string;
  pass?: number | 'later';
  index?: number;
  key?: string;
  cache?: string;
  metrics?: unknown;
}

function probe(
  protocol: string,
  specs: EpisodeSpec[],
  cacheDir: string,
  options: { profileDir?: string; prepareOnly?: boolean } = {},
): Promise<Line[]> {
  const input = JSON.stringify({ protocol, specs, passes, later, attribute: values.attribute, ...options });
  // Plain node on the built package, as a worker runs: no loader hooks (their thread would add to the start-up).
  const probeFile = new URL('./support/first-episodes-probe.mjs', import.meta.url).pathname;
  const child = spawn(process.execPath, [probeFile, input], {
    env: { ...process.env, HEARTH_CACHE_DIR: cacheDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let text = '';
  child.stdout.on('data', (chunk) => {
    text += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the probe of ${specs[0]?.agent} exited with ${code}`));
      else
        resolve(
          text
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as Line),
        );
    });
  });
}

const sum = (lines: Line[], field: keyof Measured) => lines.reduce((s, l) => s + (l[field] ?? 0), 0);
const ms = (x: number) => x.toFixed(0);

const root = mkdtempSync(join(tmpdir(), 'hearth-bench-first-'));
const profileDir = values['cpu-prof'];
if (profileDir) mkdirSync(profileDir, { recursive: true });
const rows: string[][] = [];
const notes: string[] = [];
try {
  console.log(
    `first episodes of a fresh worker (${codeUnderTest()}): ${passes} episodes 3 times (fresh; caches emptied; caches ` +
      `kept), then ${later} new ones; CPU ms per episode, whole process; ${availableParallelism()} cores, Node ` +
      `${process.version}, load average ${loadavg()[0].toFixed(1)}`,
  );
  for (const agent of values.agents.split(',').filter(Boolean)) {
    const entry = AGENTS[agent];
    if (!entry) throw new Error(`unknown agent '${agent}' (known: ${Object.keys(AGENTS).join(', ')})`);
    const specs = entry.specs();
    // What a run's main process makes before its workers start (SemGro's databases) is made by a process of its own,
    // into the cache folder the worker then reads, as a run does.
    const prepared = await probe(entry.protocol, specs, join(root, agent), { prepareOnly: true });
    const prepare = prepared.find((l) => l.kind === 'prepare')!;
    const lines = await probe(entry.protocol, specs, join(root, agent), { ...(profileDir && { profileDir }) });
    const pass = (p: number | 'later') => lines.filter((l) => l.kind === 'episode' && l.pass === p);
    const [p1, p2, p3, steady] = [pass(1), pass(2), pass(3), pass('later')];
    const per = (ls: Line[], field: keyof Measured = 'processMs') => sum(ls, field) / Math.max(1, ls.length);
    const load = lines.find((l) => l.kind === 'load')!;
    const same = p1.every(
      (l, i) =>
        JSON.stringify(l.metrics) === JSON.stringify(p2[i]?.metrics) &&
        JSON.stringify(l.metrics) === JSON.stringify(p3[i]?.metrics),
    );
    const excess = sum(p1, 'processMs') - p1.length * per(steady);
    const jit = sum(p1, 'processMs') - sum(p2, 'processMs');
    const cold = sum(p2, 'processMs') - p2.length * per(steady);
    rows.push([
      agent,
      ms(load.processMs ?? 0),
      ms(p1[0]?.processMs ?? 0),
      ms(per(p1)),
      ms(per(p2)),
      ms(per(p3)),
      ms(per(steady)),
      ms(excess),
      ms(jit),
      ms(cold),
      `${ms(per(p1, 'threadMs'))} / ${ms(per(steady, 'threadMs'))}`,
      `${ms(per(p1, 'gcMs'))} / ${ms(per(steady, 'gcMs'))}`,
      same ? 'same' : 'DIFFERENT',
    ]);
    if ((prepare.processMs ?? 0) > 50)
      notes.push(`${agent}: the run's preparation (main process) ${ms(prepare.processMs!)} ms`);
    if (values.attribute) {
      const warm = p3[0]?.processMs ?? 0;
      const saved = lines
        .filter((l) => l.kind === 'attribute')
        .map((l) => [l.cache!, (l.processMs ?? 0) - warm] as const)
        .filter(([, delta]) => delta > 20)
        .sort((a, b) => b[1] - a[1]);
      notes.push(
        `${agent}: one cache emptied before its first episode, CPU beyond warm (${ms(warm)} ms): ${saved.map(([c, d]) => `${c} +${ms(d)}`).join(', ') || 'none over 20 ms'}`,
      );
    }
    if (profileDir) notes.push(...summariseProfiles(profileDir, agent));
  }
  console.log(
    formatTable(
      [
        'agent',
        'load',
        '1st',
        'pass 1',
        'pass 2',
        'pass 3',
        'later',
        'excess',
        'warm-up',
        'cold caches',
        'thread 1 / later',
        'GC 1 / later',
        'results',
      ],
      rows,
      values.markdown,
    ),
  );
  console.log(
    `  load: importing the protocol; 1st: the first episode; pass 1-3 and later: mean per episode; excess: pass 1's ` +
      `${passes} episodes beyond ${passes} later ones, of which warm-up (pass 1 - pass 2) and cold caches (pass 2 - ` +
      `later); thread: the episode's own thread; GC: pauses on it`,
  );
  for (const note of notes) console.log(`  ${note}`);
  console.log(`  load average at the end ${loadavg()[0].toFixed(1)}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
