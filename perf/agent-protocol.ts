/**
 * The agent protocol's cost per step (issue 43's target: under 0.2 ms on this machine): the round trip of one step to
 * a Python program that answers at once (test/fixtures/agents/first_candidate.py, through examples/python's client),
 * over version 2 of the protocol and over version 1 (the same program with --version-1), against the same agent built
 * in (examples/agents/first-candidate.js, a module: it takes the same skills, so the three run the same episodes and
 * only the protocol differs). The agent walks to another room at every step: the worst case for version 2, whose step
 * carries what changed in view.
 *
 * 1. Episodes: continual, cottage, medium, 5 instructions, T = 200, seeds 0..N-1 in this thread, the module's and
 *    the programs' episodes of a seed one after the other (so that the machine's load falls on all alike). Per step:
 *    wall time of each, the difference, and the CPU it costs hearth (this process) and the Python process.
 * 2. The round trip alone: one agent's `observe` (the step message written, the answer read and checked) on two real
 *    steps of the same home, one after the other (the agent in one room, then in the next), repeated; the same for
 *    the module.
 *
 * Run: npm run perf:agent-protocol [-- seeds]   (PYTHON=/path/to/python3 to choose the interpreter)
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadAgentItems, stopIdleAgentProcesses } from '../src/agents/external/index.js';
import { getAgent } from '../src/agents/registry.js';
import { runContinualEpisode, startContinualEpisode } from '../src/bench/continual/episode.js';

const seeds = Number(process.argv[2] ?? 10);
const steps = 200;
const root = fileURLToPath(new URL('..', import.meta.url));

/** The interpreter's own path ($PYTHON, else python3's): a version manager's shim would add its start to the hello. */
function python(): string {
  if (process.env.PYTHON) return process.env.PYTHON;
  const found = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  if (found.status !== 0) throw new Error('perf:agent-protocol needs python3');
  return found.stdout.trim();
}

/** CPU seconds (user + system) of this process's child processes running `name`, from /proc (Linux). */
function childCpu(name: string): number {
  const tick = 100; // USER_HZ
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) !== process.pid || !command.startsWith(name)) continue;
    total += (Number(fields[11]) + Number(fields[12])) / tick;
  }
  return total;
}

const cpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

const interpreter = python();
const { names } = await loadAgentItems([
  `exec:${interpreter} ${root}test/fixtures/agents/first_candidate.py`,
  `exec:${interpreter} ${root}test/fixtures/agents/first_candidate.py --version-1`,
  `${root}examples/agents/first-candidate.js`,
]);
const [program, programV1, module] = names;
const programs = [programV1, program];
const label: Record<string, string> = {
  [module]: 'module (built in)',
  [programV1]: 'program, version 1',
  [program]: 'program, version 2',
};
const episode = (agent: string, seed: number, length = steps) =>
  runContinualEpisode({ agent, home: 'cottage', nonstationarity: 'medium', instructions: 5, steps: length, seed });

console.log(
  `the agent protocol: a Python program that answers at once (${interpreter}) against the same agent built in`,
);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores`,
);
// Warm-up: the JIT (the program's path is hearth's code too), the home, the process.
for (let seed = 90; seed < 93; seed++) for (const agent of [module, ...programs]) await episode(agent, seed);

const time: Record<string, number> = { [module]: 0, [programV1]: 0, [program]: 0 };
const hearthCpu: Record<string, number> = { ...time };
const pythonCpu: Record<string, number> = { ...time };
/** Per program, per seed: how much longer a step took through the program than with the module, in ms. */
const extra: Record<string, number[]> = { [programV1]: [], [program]: [] };
for (let seed = 0; seed < seeds; seed++) {
  const wallOf: Record<string, number> = {};
  for (const agent of [module, ...programs]) {
    const python0 = childCpu('python');
    const cpu0 = cpu();
    const start = performance.now();
    const outcome = await episode(agent, seed);
    wallOf[agent] = performance.now() - start;
    time[agent] += wallOf[agent];
    hearthCpu[agent] += cpu() - cpu0;
    pythonCpu[agent] += childCpu('python') - python0;
    if (outcome.steps.length !== steps) throw new Error(`episode of ${agent} took ${outcome.steps.length} steps`);
  }
  for (const agent of programs) extra[agent].push((wallOf[agent] - wallOf[module]) / steps);
}
const n = seeds * steps;
const ms = (seconds: number) => ((seconds * 1000) / n).toFixed(3);
const wall = (agent: string) => time[agent] / n;
console.log(`\n1. episodes (${seeds} x ${steps} steps each, alternating): per step`);
console.log('                              wall ms   hearth CPU ms   Python CPU ms');
console.log(
  `${label[module].padEnd(28)} ${wall(module).toFixed(3).padStart(7)}   ${ms(hearthCpu[module]).padStart(13)}`,
);
for (const agent of programs) {
  console.log(
    `${label[agent].padEnd(28)} ${wall(agent).toFixed(3).padStart(7)}   ${ms(hearthCpu[agent]).padStart(13)}   ` +
      `${ms(pythonCpu[agent]).padStart(13)}`,
  );
}
for (const agent of programs) {
  const sorted = [...extra[agent]].sort((a, b) => a - b);
  console.log(
    `${`the protocol's cost, v${agent === program ? 2 : 1}`.padEnd(28)} ` +
      `${(wall(agent) - wall(module)).toFixed(3).padStart(7)}   ` +
      `${ms(hearthCpu[agent] - hearthCpu[module]).padStart(13)}   ${ms(pythonCpu[agent]).padStart(13)}   ` +
      '(target: under 0.2 ms)',
  );
  console.log(
    `  by seed: median ${sorted[Math.floor(sorted.length / 2)].toFixed(3)} ms, least ${sorted[0].toFixed(3)} ms, ` +
      `most ${sorted[sorted.length - 1].toFixed(3)} ms`,
  );
}

// 2. The round trip alone, on the steps after the first and the second skill of seed 0 (in two rooms), in turn.
const start = startContinualEpisode({ home: 'cottage', instructions: 5, seed: 0 });
const first = start.world.feedback(0);
const after = (t: number, previous: typeof first) => {
  const skill = previous.candidates[0];
  return start.world.feedback(t, { skill, outcome: start.world.step(skill) });
};
const stepOne = after(1, first);
const twoSteps = [stepOne, after(2, stepOne)];
const task = { protocol: 'continual', instructions: start.briefs };
const rounds = 5000;
const room = (s: typeof first) => s.observation.roomId;
console.log(
  `\n2. the round trip alone (${rounds} steps of cottage, in rooms ${room(twoSteps[0])} and ${room(twoSteps[1])} in turn: ` +
    `${JSON.stringify(stepOne.observation).length} bytes of observation, ${stepOne.candidates.length} candidates)`,
);
for (const agent of [module, ...programs]) {
  const instance = getAgent(agent).create({ seed: 0, skills: start.skills });
  await instance.reset(task, first);
  for (let i = 0; i < 500; i++) await instance.observe(twoSteps[i % 2]); // warm-up
  // Blocks of 1,000 round trips; the least block is the one the machine's other work disturbed least.
  const blocks: { wall: number; own: number; other: number }[] = [];
  for (let block = 0; block < rounds / 1000; block++) {
    const python0 = childCpu('python');
    const cpu0 = cpu();
    const t0 = performance.now();
    for (let i = 0; i < 1000; i++) {
      await instance.observe(twoSteps[i % 2]);
      instance.act();
    }
    blocks.push({
      wall: (performance.now() - t0) / 1000,
      own: cpu() - cpu0,
      other: childCpu('python') - python0,
    });
  }
  const all = blocks.reduce((sum, b) => ({
    wall: sum.wall + b.wall,
    own: sum.own + b.own,
    other: sum.other + b.other,
  }));
  const least = Math.min(...blocks.map((b) => b.wall));
  console.log(
    `${label[agent].padEnd(20)} ${(all.wall / blocks.length).toFixed(4)} ms wall (least block ${least.toFixed(4)}), ` +
      `hearth CPU ${((all.own * 1000) / rounds).toFixed(4)} ms` +
      (agent === module ? '' : `, Python CPU ${((all.other * 1000) / rounds).toFixed(4)} ms`),
  );
  await instance.finish?.({ confirmed: false });
  await instance.close?.();
}
await stopIdleAgentProcesses();
