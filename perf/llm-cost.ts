/**
 * What ExRAP's LLM roles cost per decision step, and what the paper-faithful savings buy: the query evaluator's
 * P(yes) from token log-probs (1 call, 1 completion token per question) instead of 10 answers sampled at
 * T = 0.33, and eq. 5's shortcut (no question when the retrieved evidence has not changed).
 *
 * The model is the loopback fake OpenAI-compatible server of the tests (no real model can run here): it reads the
 * instructions with hearth's grammar (so the interpretation is right) and answers yes/no with a probability drawn
 * from a hash of the prompt, so the episode exercises every role. Token counts are the fake's (one token per
 * whitespace-led word), so the figures compare the configurations, not real models. Each configuration runs the
 * same episode (cottage, medium non-stationarity, 5 instructions, seed 0); the first is recorded with the cache and
 * replayed to show that a recording re-runs it with zero server calls.
 *
 * Run: npm run perf:llm-cost [-- steps]   (default 40 steps)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ExrapConfig } from '../src/agents/exrap/agent.js';
import { createExrapLlmAgent } from '../src/agents/exrap/llm/index.js';
import { registerAgent } from '../src/agents/registry.js';
import { runContinualEpisode } from '../src/bench/continual/episode.js';
import { closeEpisodeLanguageModels, type EpisodeLlm } from '../src/bench/llm.js';
import { readInstruction } from '../src/language/index.js';
import { type ChatBody, instanceOf, startFakeOpenAiServer } from '../test/helpers/fake-openai-server.js';

const steps = Number(process.argv[2] ?? 40);

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const promptOf = (body: ChatBody) => body.messages.map((m) => m.content).join('\n');
/** The fake's P(yes) for a prompt: 0.05 .. 0.95. */
const pYes = (prompt: string) => 0.05 + ((hash(prompt) % 1000) / 1000) * 0.9;

/** The interpreter's answer: the instructions read by hearth's grammar, in the LLM interpreter's JSON. */
function interpretation(prompt: string): string {
  const tail = prompt.slice(prompt.lastIndexOf('Instructions:'));
  const lines = [...tail.matchAll(/^(\d+)\. (.*)$/gm)];
  return JSON.stringify({
    instructions: lines.map(([, number, text]) => ({
      number: Number(number),
      goals: readInstruction({ id: number, text }).map(({ reading }) => {
        const g = reading.goal;
        return g.kind === 'state'
          ? {
              kind: 'state',
              objects: g.object.classes,
              state: g.state,
              relation: 'none',
              hosts: [],
              conditional: reading.phrasing === 'if',
            }
          : {
              kind: 'placement',
              objects: g.object.classes,
              state: 'none',
              relation: g.relation,
              hosts: g.host.classes,
              conditional: reading.phrasing === 'if',
            };
      }),
    })),
  });
}

interface Setting {
  readonly label: string;
  /** The fake server's behaviour. */
  readonly server: { logprobs: boolean; honorsN: boolean };
  readonly adjust: (config: ExrapConfig) => ExrapConfig;
}

const withEvaluator =
  (options: Record<string, unknown>) =>
  (config: ExrapConfig): ExrapConfig => ({
    ...config,
    roles: { ...config.roles, evaluator: { name: 'llm', options: { ...config.roles.evaluator.options, ...options } } },
  });

const SETTINGS: Setting[] = [
  { label: 'log-probs + eq. 5 shortcut (hearth default)', server: { logprobs: true, honorsN: true }, adjust: (c) => c },
  {
    label: 'log-probs, no shortcut',
    server: { logprobs: true, honorsN: true },
    adjust: withEvaluator({ shortcut: false }),
  },
  {
    label: 'sampling (10 x T=0.33) + shortcut',
    server: { logprobs: true, honorsN: true },
    adjust: withEvaluator({ method: 'sampling' }),
  },
  {
    label: 'sampling, no shortcut (paper as written)',
    server: { logprobs: true, honorsN: true },
    adjust: withEvaluator({ method: 'sampling', shortcut: false }),
  },
  {
    label: 'sampling, no shortcut, server ignores n (Ollama)',
    server: { logprobs: false, honorsN: false },
    adjust: withEvaluator({ method: 'sampling', shortcut: false }),
  },
];

const dir = mkdtempSync(join(tmpdir(), 'hearth-llm-cost-'));
console.log(`ExRAP with LLM roles: cottage, medium, 5 instructions, seed 0, ${steps} steps (fake server, fake tokens)`);
console.log(
  `${'configuration'.padEnd(50)} | all roles per step: calls  prompt tok  compl tok | evaluator per step: calls  compl tok | ` +
    'HTTP req/step  questions  reused  wall s',
);
for (const [i, setting] of SETTINGS.entries()) {
  const server = await startFakeOpenAiServer({
    ...setting.server,
    script: {
      chat: (body, sample) => {
        const prompt = promptOf(body);
        if (prompt.includes('Turn each one into the goals')) return interpretation(prompt);
        const schema = body.response_format?.json_schema?.schema;
        if (schema) return JSON.stringify(instanceOf(schema)); // the capability probe
        return (hash(`${prompt}#${sample.seed}`) % 1000) / 1000 < pYes(prompt) ? 'Yes.' : 'No.';
      },
      firstTokens: (body) => {
        const p = pYes(promptOf(body));
        return [
          { token: 'Yes', logprob: Math.log(p) },
          { token: 'No', logprob: Math.log(1 - p) },
        ];
      },
      tokenLogprob: (context, token) => -1 - (hash(`${context.length}${token}`) % 100) / 50,
    },
  });
  const name = `exrap-cost-${i}`;
  let agentStats: { questions: number; reused: number } | undefined;
  registerAgent({
    name,
    description: setting.label,
    privileges: [],
    needsLlm: true,
    create: (context) => {
      const agent = createExrapLlmAgent(context, 'exrap', setting.adjust);
      agentStats = (agent.evaluator as unknown as { stats: { questions: number; reused: number } }).stats;
      return agent;
    },
  });
  const cache = join(dir, `recording-${i}.sqlite`);
  const llm: EpisodeLlm = { provider: 'openai', model: 'm', baseUrl: server.url, cache };
  const episode = { agent: name, home: 'cottage', nonstationarity: 'medium' as const, instructions: 5, steps, seed: 0 };
  const started = performance.now();
  const outcome = await runContinualEpisode({ ...episode, llm });
  const wall = (performance.now() - started) / 1000;
  const usage = outcome.llmUsage!;
  const requests = server.requests.length;
  const m = outcome.metrics;
  const chat = usage.byKind.chat;
  const num = (value: number, width: number, digits = 2) => value.toFixed(digits).padStart(width);
  console.log(
    `${setting.label.padEnd(50)} | ${num(m.llmCallsPerStep!, 26)}  ${num(m.promptTokensPerStep!, 10, 0)}  ` +
      `${num(m.completionTokensPerStep!, 9, 1)} | ${num(chat.calls / steps, 25)}  ${num(chat.completionTokens / steps, 9, 1)} | ` +
      `${num(requests / steps, 13)}  ${String(agentStats?.questions ?? '-').padStart(9)}  ` +
      `${String(agentStats?.reused ?? '-').padStart(6)}  ${num(wall, 6)}`,
  );
  if (i === 0) {
    await closeEpisodeLanguageModels();
    const before = server.requests.length;
    const replayed = await runContinualEpisode({ ...episode, llm: { provider: 'openai', model: 'm', replay: cache } });
    const same = JSON.stringify(replayed.steps) === JSON.stringify(outcome.steps);
    console.log(
      `${'  replayed from its recording'.padEnd(50)} ${usage.calls} calls answered from the file, ` +
        `${server.requests.length - before} server requests, same trajectory: ${same}`,
    );
  }
  await closeEpisodeLanguageModels();
  await server.close();
}
rmSync(dir, { recursive: true, force: true });
