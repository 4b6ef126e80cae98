/**
 * `npm run perf:sim`: the simulator's speed on the reference's measurement, a 20-step grab / putin / switch /
 * putback cycle repeated 50 times (1,000 steps) on VirtualHome's TestScene1 (437 nodes, 14k edges). The reference
 * Python executor takes 1.8-2.7 s per 1,000 steps on this machine class; the figure printed is the ratio to 2.0 s.
 * Also: the cost of one graph clone, of undoing one step (rollback), and of replaying a 1,000-line program through
 * the CLI path against a 20-line one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { replayJson } from '../src/cli/commands/sim.js';
import { executeStep, replayProgram } from '../src/sim/executor.js';
import { loadGraph } from '../src/sim/graph-io.js';
import { parseScriptLine, readProgram } from '../src/sim/script.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shared = process.env.HEARTH_SHARED_DATA ?? resolve(root, '..', 'shared', 'data');
const scenePath = join(shared, 'virtualhome', 'graphs', 'TestScene1_graph.json');
const REFERENCE_MS_PER_1000 = 2000;

/** Kitchen of TestScene1: table 226, waterglass 254, plate 257, fridge 289, microwave 297, fork 256. */
const CYCLE = [
  '[WALK] <kitchentable> (226)',
  '[GRAB] <waterglass> (254)',
  '[WALK] <fridge> (289)',
  '[OPEN] <fridge> (289)',
  '[PUTIN] <waterglass> (254) <fridge> (289)',
  '[CLOSE] <fridge> (289)',
  '[WALK] <microwave> (297)',
  '[SWITCHON] <microwave> (297)',
  '[SWITCHOFF] <microwave> (297)',
  '[WALK] <kitchentable> (226)',
  '[GRAB] <plate> (257)',
  '[WALK] <fridge> (289)',
  '[OPEN] <fridge> (289)',
  '[GRAB] <waterglass> (254)',
  '[CLOSE] <fridge> (289)',
  '[WALK] <kitchentable> (226)',
  '[PUTBACK] <waterglass> (254) <kitchentable> (226)',
  '[PUTBACK] <plate> (257) <kitchentable> (226)',
  '[FIND] <cutleryfork> (256)',
  '[TURNTO] <cutleryfork> (256)',
];
const REPEAT = 50;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * Milliseconds per call of `fn` over `runs` timed runs after one warm-up: the best run (the figure least disturbed by
 * other processes on the machine) and the median.
 */
function timeRuns(runs: number, fn: () => void): { best: number; median: number } {
  fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return { best: Math.min(...samples), median: median(samples) };
}

const time = (runs: number, fn: () => void): number => timeRuns(runs, fn).median;

function main(): void {
  if (!existsSync(scenePath)) {
    console.log(`perf:sim skipped: ${scenePath} not found (set HEARTH_SHARED_DATA)`);
    return;
  }
  const scene = loadGraph(scenePath);
  console.log(`TestScene1: ${scene.nodeCount} nodes, ${scene.edgeCount} edges`);
  const cycle = CYCLE.map((l) => parseScriptLine(l));
  const program = Array.from({ length: REPEAT }, () => cycle).flat();

  // Check once that every step succeeds, so the figure is for real work.
  const check = scene.clone();
  program.forEach((line, index) => {
    const r = executeStep(check, line, { index });
    if (!r.ok) throw new Error(`bench program fails at step ${index}: ${r.error}`);
  });

  // Each run replays on a fresh clone made outside the timed region.
  const runs = 31;
  const fresh = Array.from({ length: runs + 1 }, () => scene.clone());
  let next = 0;
  const steps = timeRuns(runs, () => {
    const g = fresh[next++];
    for (let i = 0; i < program.length; i++) executeStep(g, program[i], { index: i });
  });
  const fresh2 = Array.from({ length: runs + 1 }, () => scene.clone());
  next = 0;
  const replay = timeRuns(runs, () => replayProgram(fresh2[next++], program));
  const cloneMs = time(15, () => scene.clone());
  const perSecond = (ms: number) => Math.round(1000 / (ms / 1000));
  console.log(
    `\n1,000 steps (executeStep): best ${steps.best.toFixed(2)} ms (${perSecond(steps.best)} steps/s), ` +
      `median ${steps.median.toFixed(2)} ms (${perSecond(steps.median)} steps/s)`,
  );
  console.log(
    `1,000 steps (replayProgram, with change log and diff): best ${replay.best.toFixed(2)} ms, median ${replay.median.toFixed(2)} ms`,
  );
  console.log(
    `reference: ${REFERENCE_MS_PER_1000} ms per 1,000 steps -> ${(REFERENCE_MS_PER_1000 / steps.median).toFixed(0)}x faster ` +
      `(median; best ${(REFERENCE_MS_PER_1000 / steps.best).toFixed(0)}x; target >= 50x, i.e. < 40 ms)`,
  );

  console.log(`\nclone of TestScene1: ${cloneMs.toFixed(3)} ms`);
  const g = scene.clone();
  let k = 0;
  const undo: number[] = [];
  const stepAndUndo: number[] = [];
  for (let round = 0; round < 2000; round++) {
    const line = program[k];
    const t0 = performance.now();
    const cp = g.checkpoint();
    executeStep(g, line, { index: k });
    const t1 = performance.now();
    g.rollback(cp);
    const t2 = performance.now();
    undo.push(t2 - t1);
    stepAndUndo.push(t2 - t0);
    // Advance for real every other round so the undone steps vary over the whole cycle.
    if (round % 2 === 1) {
      executeStep(g, line, { index: k });
      k = (k + 1) % program.length;
    }
  }
  console.log(`undo (rollback) of one step: ${(median(undo) * 1000).toFixed(1)} us`);
  console.log(`checkpoint + step + rollback: ${(median(stepAndUndo) * 1000).toFixed(1)} us`);

  // The CLI path: read the graph and the program file, replay, serialise the JSON answer.
  const dir = mkdtempSync(join(tmpdir(), 'hearth-bench-'));
  try {
    const write = (name: string, lines: readonly string[]) => {
      const path = join(dir, name);
      writeFileSync(path, `Bench\nTestScene1 cycle\n\n\n${lines.join('\n')}\n`);
      return path;
    };
    const long = write('long.txt', Array.from({ length: REPEAT }, () => CYCLE).flat());
    const short = write('short.txt', CYCLE);
    const cliPath = (programPath: string) => () => {
      const graph = loadGraph(scenePath);
      JSON.stringify(replayJson(replayProgram(graph, readProgram(programPath))));
    };
    const longMs = time(7, cliPath(long));
    const shortMs = time(7, cliPath(short));
    console.log(
      `\nCLI path in-process (load graph + parse program + replay + JSON): 1,000 lines ${longMs.toFixed(1)} ms, ` +
        `20 lines ${shortMs.toFixed(1)} ms (+${(longMs - shortMs).toFixed(1)} ms)`,
    );
    const bin = join(root, 'bin', 'hearth.js');
    if (existsSync(join(root, 'dist', 'cli', 'main.js'))) {
      const spawnMs = (programPath: string) =>
        time(5, () => {
          const r = spawnSync(process.execPath, [bin, 'sim', 'replay', scenePath, programPath, '--json']);
          if (r.status !== 0) throw new Error(`hearth sim replay failed: ${r.stderr}`);
        });
      const a = spawnMs(long);
      const b = spawnMs(short);
      console.log(
        `hearth sim replay (new process): 1,000 lines ${a.toFixed(0)} ms, 20 lines ${b.toFixed(0)} ms ` +
          `(+${(a - b).toFixed(0)} ms)`,
      );
    } else {
      console.log('hearth sim replay (new process): skipped, run `npm run build` first');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
