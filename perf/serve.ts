/**
 * The dashboard's figures (issue 30's targets): `hearth serve` starts in under 2 s; a store of 10,000 episodes lists
 * in under 1 s; a 200-step ExRAP episode with its trace opens in under 1 s. Measured on the built CLI, through HTTP
 * and, when Debian's Chromium is installed, in the browser (navigation until the page shows its data).
 * Run: npm run perf:serve [-- repetitions]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ResultsStore } from '../src/bench/store.js';
import { Rng } from '../src/util/rng.js';
import { CHROMIUM, launchChromium } from '../test/server/support.js';
import { codeUnderTest } from './support/code-under-test.js';

const repetitions = Number(process.argv[2] ?? 5);
// The first request of each kind is cold; the figures are it and the median of the others, so two at the least.
if (!Number.isInteger(repetitions) || repetitions < 2) {
  throw new Error(`repetitions: '${process.argv[2]}' is not a whole number of at least 2`);
}
const BIN = new URL('../bin/hearth.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'hearth-bench-serve-'));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const ms = (value: number) => `${value.toFixed(0)} ms`;

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(stderr))));
  });
}

/**
 * CPU time (user + system) a process has used so far, from /proc (Linux; null elsewhere). On a machine that other
 * work keeps busy, wall times stretch; the CPU time a step needs does not, and on an idle machine it is about its
 * wall time.
 */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

/** Starts `hearth serve`; resolves when it prints its address, with the time that took (wall and CPU). */
function serve(store: string): Promise<{ url: string; startMs: number; startCpuMs: number | null; stop: () => void }> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'serve', '--store', store, '--port', '0'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /(http:\/\/\S+\/)/.exec(out);
      if (match) {
        const startMs = performance.now() - started;
        resolve({ url: match[1], startMs, startCpuMs: cpuMs(child.pid), stop: () => child.kill('SIGINT') });
      }
    });
    child.on('exit', (code) => reject(new Error(`hearth serve exited with ${code}`)));
  });
}

async function timedFetch(url: string): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const response = await fetch(url);
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${new TextDecoder().decode(body)}`);
  return { ms: performance.now() - start, bytes: body.byteLength };
}

/** A store of `n` continual episodes with plausible results (written directly: what matters is their number). */
function bigStore(n: number): string {
  const path = join(dir, `big-${n}.sqlite`);
  const store = ResultsStore.open(path);
  const agents = ['oracle', 'greedy', 'multi-instruction-first', 'max-staleness-first', 'exrap'];
  const levels = ['low', 'medium', 'high'];
  const seeds = Math.ceil(n / (agents.length * levels.length));
  const run = store.createRun({
    protocol: 'continual',
    config: { agents, homes: ['cottage'], nonstationarity: levels, instructions: [5], seeds: seeds, steps: 200 },
    hearthVersion: 'bench',
    totalEpisodes: n,
  });
  const rng = new Rng(7);
  let index = 0;
  for (const agent of agents) {
    for (const nonstationarity of levels) {
      for (let seed = 0; seed < seeds && index < n; seed++, index++) {
        const key = `agent=${agent} home=cottage nonstationarity=${nonstationarity} instructions=5 seed=${seed}`;
        const sr = rng.next();
        store.writeEpisode(run.id, {
          key,
          index,
          spec: { key, seed, agent, home: 'cottage', nonstationarity, instructions: 5, steps: 200 },
          status: 'ok',
          result: {
            metrics: { sr, ps: 20 * (1 - sr), psAtStart: 30 * rng.next(), psAfterChanges: 10 * rng.next(), events: 12 },
            details: { instructions: ['vh-01', 'vh-02', 'vh-03', 'vh-04', 'vh-05'] },
          },
          timing: { wallMs: 1000, worker: 0 },
        });
      }
    }
  }
  store.close();
  return path;
}

/** The little of the page's world the measurements use (this file is compiled without the DOM's types). */
interface InPage {
  document: {
    querySelector(
      selector: string,
    ): { value: string; textContent: string | null; dispatchEvent(e: Event): void } | null;
  };
  performance: { now(): number };
  requestAnimationFrame(callback: () => void): void;
}

async function browserTimes(
  url: string,
  pages: Array<{ name: string; path: string; ready: string; afterSlider?: boolean }>,
) {
  const browser = await launchChromium();
  // One browser profile, as a user's: the first page of each kind loads the front end cold, later ones from the cache.
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const figures: Record<string, number[]> = {};
  const note = (name: string, value: number) => {
    figures[name] = [...(figures[name] ?? []), value];
  };
  try {
    for (let i = 0; i < repetitions; i++) {
      for (const page of pages) {
        const tab = await context.newPage();
        // The renderer's main-thread busy time (Chrome's TaskDuration), as the CPU-time counterpart of the wall time.
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Performance.enable');
        const busy = async () => {
          const { metrics } = await cdp.send('Performance.getMetrics');
          return 1000 * (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0);
        };
        const before = await busy();
        // The browser's own clock: from the start of the navigation to the first animation frame in which the page
        // shows what it is for (Playwright's own polling and round trips left out).
        await tab.goto(url + page.path, { waitUntil: 'commit' });
        const shown = await tab.waitForFunction(
          (selector) => {
            const web = globalThis as unknown as InPage;
            return web.document.querySelector(selector) ? web.performance.now() : false;
          },
          page.ready,
          { polling: 'raf', timeout: 60_000 },
        );
        note(page.name, (await shown.jsonValue()) as number);
        note(`${page.name}, main-thread busy`, (await busy()) - before);
        if (page.afterSlider) {
          // From the slider's input event to the next frame painted with the new step.
          // (No named functions in page code: tsx names them with a helper the page does not have.)
          const moved = await tab.evaluate(async (target) => {
            const web = globalThis as unknown as InPage;
            const slider = web.document.querySelector('[data-testid=step-slider]')!;
            const start = web.performance.now();
            slider.value = target;
            slider.dispatchEvent(new Event('input', { bubbles: true }));
            while (web.document.querySelector('[data-testid=frame]')?.textContent !== target) {
              await new Promise((resolve) => web.requestAnimationFrame(() => resolve(undefined)));
            }
            await new Promise((resolve) => web.requestAnimationFrame(() => resolve(undefined)));
            return web.performance.now() - start;
          }, '150');
          note('slider to step 150 (input to the next painted frame)', moved);
        }
        await tab.close();
      }
    }
  } finally {
    await browser.close();
  }
  return figures;
}

console.log(`hearth serve, median of ${repetitions} (Node ${process.version}, ${codeUnderTest()})`);
const load = () => `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`;
console.log(`  machine: ${load()} (other work stretches wall times; CPU times do not)`);

// 1. Start-up: from the spawn to the address on stdout (the server listens then).
const empty = join(dir, 'small.sqlite');
await run(['run', '--agents', 'random', '--seeds', '1', '--steps', '2', '--store', empty, '--quiet']);
const starts: number[] = [];
const startCpu: number[] = [];
for (let i = 0; i < repetitions; i++) {
  const server = await serve(empty);
  starts.push(server.startMs);
  if (server.startCpuMs !== null) startCpu.push(server.startCpuMs);
  server.stop();
  await new Promise((resolve) => setTimeout(resolve, 200));
}
console.log(`  start (spawn to listening): ${ms(median(starts))} (target < 2 s; all: ${starts.map(ms).join(', ')})`);
if (startCpu.length > 0) console.log(`  start, CPU time of the process: median ${ms(median(startCpu))}`);

// 2. A store of 10,000 episodes.
const built = performance.now();
const big = bigStore(10_000);
console.log(`  a store of 10,000 episodes written in ${ms(performance.now() - built)}`);
// 3. A 200-step ExRAP episode with its trace (a real run).
const traced = join(dir, 'exrap.sqlite');
const ran = performance.now();
await run(['run', '--agents', 'exrap', '--seeds', '1', '--steps', '200', '--trace', '--store', traced, '--quiet']);
console.log(`  a 200-step ExRAP episode run with --trace in ${ms(performance.now() - ran)}`);

for (const [what, store, apis] of [
  [
    '10,000 episodes',
    big,
    ['api/overview', 'api/runs/1', 'api/runs/1/episodes?limit=50', 'api/runs/1/episodes?limit=50&offset=9950&sort=sr'],
  ],
  ['200-step ExRAP trace', traced, ['api/runs/1/episodes/0']],
] as const) {
  const server = await serve(store);
  try {
    for (const api of apis) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < repetitions; i++) {
        const result = await timedFetch(server.url + api);
        times.push(result.ms);
        bytes = result.bytes;
      }
      console.log(
        `  ${what}: GET /${api}: first ${ms(times[0])}, then median ${ms(median(times.slice(1)))} (${(bytes / 1024).toFixed(0)} KiB)`,
      );
    }
    if (!CHROMIUM) continue;
    const pages =
      what === '200-step ExRAP trace'
        ? [
            {
              name: 'episode viewer (navigation to the plan and the step)',
              path: 'runs/1/episodes/0',
              ready: '[data-testid=agent-room]',
              afterSlider: true,
            },
            {
              name: 'episode viewer (navigation to the whole page: timeline and decision charts too)',
              path: 'runs/1/episodes/0',
              ready: '[data-testid=exrap-queries]',
            },
          ]
        : [
            { name: 'runs page (navigation to the listing)', path: '', ready: 'tr[data-run]' },
            {
              name: 'run page (navigation to table and episode list)',
              path: 'runs/1',
              ready: '[data-testid=episodes] tbody tr',
            },
          ];
    const figures = await browserTimes(server.url, pages);
    for (const [name, times] of Object.entries(figures)) {
      console.log(
        `  ${what} in Chromium: ${name}: first ${ms(times[0])}, then median ${ms(median(times.slice(1)))} (all: ${times.map(ms).join(', ')})`,
      );
    }
  } finally {
    server.stop();
  }
}
if (!CHROMIUM) console.log('  (no Chromium: browser figures skipped; apt-get install chromium)');
console.log(`  machine at the end: ${load()}`);
rmSync(dir, { recursive: true, force: true });
