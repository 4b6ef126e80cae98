/**
 * LLM-State's offline cycle and its LLM prompts on the Hard tasks.
 *
 * 1. Speed: one pass of Algorithm 1's loop with the offline roles (attention + estimation + policy), per cycle, on
 *    LLM-State's Hard tasks; the median against the 5 ms target, with the share the household planner takes.
 * 2. Prompt sizes: at every cycle of those runs, the prompts the paper's LLM roles would be sent (rendered, not sent),
 *    in tokens of the Llama-2 tokenizer (the tiny GGUF in ../shared/models carries the real one; without it,
 *    characters / 4): per role, and the estimator's against the length of the history it must hold whole.
 *
 * Run: npm run perf:llm-state [-- --homes gen:2001,gen:2002,gen:2003 --seeds 1 --slip 0.1 --tokenizer FILE.gguf]
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LlmStateAgent, type LlmStateRoles } from '../src/agents/llm-state/agent.js';
import { offlineRoles } from '../src/agents/llm-state/index.js';
import { llmRoles } from '../src/agents/llm-state/llm/index.js';
import type { Attention, Policy, StateEstimator } from '../src/agents/llm-state/roles.js';
import { registerAgent } from '../src/agents/registry.js';
import { runEpisodicEpisode } from '../src/bench/episodic/episode.js';
import { tasksOfFamily } from '../src/bench/episodic/tasks/index.js';
import type { LanguageModel } from '../src/llm/language-model.js';
import { codeUnderTest } from './support/code-under-test.js';

const { values } = parseArgs({
  options: {
    homes: { type: 'string', default: 'gen:2001,gen:2002,gen:2003' },
    seeds: { type: 'string', default: '1' },
    slip: { type: 'string', default: '0.1' },
    tokenizer: { type: 'string', default: resolve('..', 'shared', 'models', 'llama-2-tiny-random.gguf') },
  },
});
const homes = values.homes.split(',').filter((h) => h !== '');
const seeds = Number(values.seeds);
const slip = Number(values.slip);

/** Token counts: the Llama-2 tokenizer of the tiny GGUF, or characters / 4. */
async function tokenCounter(): Promise<{ count: (text: string) => number; what: string }> {
  if (!existsSync(values.tokenizer))
    return { count: (t) => Math.ceil(t.length / 4), what: 'characters / 4 (no tokenizer file)' };
  const { getLlama } = await import('node-llama-cpp');
  const llama = await getLlama({ gpu: false });
  const model = await llama.loadModel({ modelPath: values.tokenizer });
  return { count: (t) => model.tokenize(t).length, what: `the Llama-2 tokenizer (${values.tokenizer})` };
}

/** A model that records the prompts it is sent and answers nothing: the LLM roles run as shadows of the offline ones. */
function recordingModel(prompts: { role: string; text: string }[], role: { current: string }): LanguageModel {
  const chat = async (prompt: unknown) => {
    prompts.push({ role: role.current, text: String(prompt) });
    return { text: '', texts: [''], finishReasons: ['stop' as const], usage: { promptTokens: 0, completionTokens: 0 } };
  };
  return { chat } as unknown as LanguageModel;
}

interface Cycle {
  ms: number;
  policyMs: number;
  history: number;
}

const cycles: Cycle[] = [];
const byTask = new Map<string, Cycle[]>();
const prompts: { role: string; text: string; history: number }[] = [];
let task = '';

/** The offline roles, timed, with the LLM roles asked the same things on the side. */
function timedRoles(seed: number): LlmStateRoles {
  const offline = offlineRoles();
  const recorded: { role: string; text: string }[] = [];
  const current = { current: '' };
  const shadow = llmRoles(recordingModel(recorded, current), seed);
  let cycle: Cycle = { ms: 0, policyMs: 0, history: 0 };
  const flush = (history: number) => {
    for (const p of recorded.splice(0)) prompts.push({ ...p, history });
  };
  const attention: Attention = {
    implementation: offline.attention.implementation,
    async select(input) {
      const t0 = performance.now();
      const answer = await offline.attention.select(input);
      cycle = { ms: performance.now() - t0, policyMs: 0, history: input.observation.listing.all().length };
      current.current = 'attention';
      await shadow.attention.select(input);
      return answer;
    },
  };
  const estimator: StateEstimator = {
    implementation: offline.estimator.implementation,
    async estimate(input) {
      const t0 = performance.now();
      const answer = await offline.estimator.estimate(input);
      cycle.ms += performance.now() - t0;
      cycle.history = input.history.length;
      current.current = 'estimator';
      await shadow.estimator.estimate(input);
      return answer;
    },
  };
  const policy: Policy = {
    implementation: offline.policy.implementation,
    async plan(input) {
      const t0 = performance.now();
      const answer = await offline.policy.plan(input);
      const ms = performance.now() - t0;
      cycle.ms += ms;
      cycle.policyMs = ms;
      cycles.push(cycle);
      byTask.get(task)?.push(cycle);
      current.current = 'policy';
      await shadow.policy.plan(input);
      flush(input.history.length);
      return answer;
    },
  };
  return { attention, estimator, policy };
}

registerAgent({
  name: 'llm-state-timed',
  description: 'LLM-State with offline roles, timed (bench)',
  privileges: [],
  needsLlm: false,
  protocols: ['episodic'],
  create: (context) =>
    new LlmStateAgent('llm-state', context.skills, timedRoles(context.seed), {
      state: { objects: true, summary: true },
    }),
});

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))] ?? Number.NaN;
};
const median = (values: number[]) => quantile(values, 0.5);

const started = performance.now();
let solved = 0;
let episodes = 0;
for (const definition of tasksOfFamily('llm-state-hard')) {
  task = definition.id;
  byTask.set(task, []);
  for (const home of homes) {
    for (let seed = 0; seed < seeds; seed++) {
      const out = await runEpisodicEpisode({ agent: 'llm-state-timed', home, task, seed, slip });
      episodes++;
      if (out.score.sr === 1) solved++;
    }
  }
}
const wall = (performance.now() - started) / 1000;

process.stdout.write(
  `LLM-State offline cycle (attention + estimation + policy) on the Hard tasks: ${homes.join(', ')}, ${seeds} seed(s), ` +
    `slip ${slip}; ${codeUnderTest()}\n${episodes} episodes (${solved} solved) in ${wall.toFixed(1)} s\n\n`,
);
process.stdout.write('| task | cycles | median ms | p90 ms | policy share |\n| --- | ---: | ---: | ---: | ---: |\n');
for (const [id, list] of byTask) {
  const total = list.reduce((s, c) => s + c.ms, 0);
  const policy = list.reduce((s, c) => s + c.policyMs, 0);
  process.stdout.write(
    `| ${id} | ${list.length} | ${median(list.map((c) => c.ms)).toFixed(2)} | ${quantile(
      list.map((c) => c.ms),
      0.9,
    ).toFixed(1)} | ${((100 * policy) / Math.max(total, 1e-9)).toFixed(0)}% |\n`,
  );
}
const all = cycles.map((c) => c.ms);
process.stdout.write(
  `| all | ${all.length} | ${median(all).toFixed(2)} | ${quantile(all, 0.9).toFixed(1)} | |\n\n` +
    `median cycle: ${median(all).toFixed(2)} ms (target: under 5 ms)\n\n`,
);

const counter = await tokenCounter();
process.stdout.write(`Prompt sizes of the paper's LLM roles at the same cycles, in tokens of ${counter.what}:\n\n`);
process.stdout.write('| role | prompts | median | p90 | max |\n| --- | ---: | ---: | ---: | ---: |\n');
const sizes = prompts.map((p) => ({ ...p, tokens: counter.count(p.text) }));
for (const role of ['attention', 'estimator', 'policy']) {
  const list = sizes.filter((p) => p.role === role).map((p) => p.tokens);
  process.stdout.write(
    `| ${role} | ${list.length} | ${median(list)} | ${quantile(list, 0.9)} | ${Math.max(...list)} |\n`,
  );
}
const estimator = sizes.filter((p) => p.role === 'estimator');
const longest = estimator.reduce((a, b) => (b.history > a.history ? b : a), estimator[0]);
const shortest = estimator.reduce((a, b) => (b.history < a.history ? b : a), estimator[0]);
const perCommand = (longest.tokens - shortest.tokens) / Math.max(1, longest.history - shortest.history);
process.stdout.write(
  `\nestimator prompt: ${shortest.tokens} tokens with ${shortest.history} commands of history, ${longest.tokens} with ` +
    `${longest.history}: ${perCommand.toFixed(1)} tokens per command; the history is never cut\n`,
);
