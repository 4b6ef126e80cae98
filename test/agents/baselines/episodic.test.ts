/**
 * The four LLM baselines on the episodic protocol, on a task of every family (ProgPrompt's and EAI's when
 * ../shared/data has them), against the loopback fake server with a scripted model: each runs, sees the task prompt,
 * never sees a demonstration of its own task, SayCan takes only affordable skills, ProgPrompt writes a whole program
 * and idles when it has run to its end, LLM-Planner follows its plan until a step fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAgent } from '../../../src/agents/registry.js';
import { runEpisodicEpisode } from '../../../src/bench/episodic/episode.js';
import { EPISODIC_TASKS, tasksOfFamily } from '../../../src/bench/episodic/tasks/index.js';
import { closeEpisodeLanguageModels, type EpisodeLlm } from '../../../src/bench/llm.js';
import { type ChatBody, type FakeOpenAiServer, startFakeOpenAiServer } from '../../helpers/fake-openai-server.js';
import { missingShared } from '../../helpers/shared-data.js';

const BASELINES = ['zsp', 'saycan', 'progprompt', 'llm-planner'];
const promptOf = (body: ChatBody) => body.messages.map((m) => m.content).join('\n');

/** A task per family: the built-in ones, and ProgPrompt's and EAI's first when the data is there. */
function familyTasks(): { family: string; task: string; home: string }[] {
  const tasks = [
    { family: 'llm-state-simple', task: 'llm-state/open-fridge', home: 'cottage' },
    { family: 'llm-state-hard', task: 'llm-state/wineglass-juice-desk', home: 'cottage' },
    { family: 'teach', task: 'teach/toast', home: 'cottage' },
  ];
  for (const family of ['progprompt', 'eai'] as const) {
    const missing = missingShared(family);
    if (missing) {
      process.stderr.write(`[hearth tests] LLM baselines on the ${family} family: ${missing}\n`);
      continue;
    }
    const first = tasksOfFamily(family)[0];
    tasks.push({ family, task: first.id, home: first.scene!.home });
  }
  return tasks;
}

describe('LLM baselines on episodic tasks', () => {
  let server: FakeOpenAiServer;
  let llm: EpisodeLlm;
  beforeAll(async () => {
    server = await startFakeOpenAiServer({
      script: {
        chat: (body) => {
          const prompt = promptOf(body);
          if (prompt.includes('Next plans:')) return 'walk to tv, switch on tv, walk to sofa';
          if (prompt.includes('from actions import'))
            return "\twalk('kitchen')\n\tassert('close' to 'fridge')\n\t\telse: walk('fridge')\n\topen('fridge')";
          return 'walk to the kitchen';
        },
      },
    });
    llm = { provider: 'openai', model: 'm', baseUrl: server.url };
  });
  afterAll(async () => {
    await closeEpisodeLanguageModels();
    await server?.close();
  });

  it('registers them for both protocols', () => {
    for (const name of BASELINES) expect(getAgent(name).protocols).toEqual(['continual', 'episodic']);
  });

  for (const { family, task, home } of familyTasks()) {
    for (const agent of BASELINES) {
      it(`runs ${agent} on ${family} (${task}) with the task prompt and no demonstration of its own task`, async () => {
        const before = server.requests.length;
        const out = await runEpisodicEpisode({ agent, home, task, seed: 0, llm, maxSteps: 3 });
        expect(out.steps.length).toBeGreaterThan(0);
        expect(out.steps.length).toBeLessThanOrEqual(3);
        const stats = out.agentStats as { decisions: number; llm: { calls: number } };
        expect(stats.decisions).toBe(out.steps.length);
        expect(stats.llm.calls).toBeGreaterThan(0);
        const text = EPISODIC_TASKS.find((t) => t.id === task)?.text;
        const prompts = server.requests
          .slice(before)
          .flatMap((r) =>
            r.path === '/chat/completions' ? [promptOf(r.body as unknown as ChatBody)] : [r.body.prompt].flat(),
          )
          .map(String);
        expect(prompts.some((p) => /standing instructions/.test(p))).toBe(false);
        if (text) for (const prompt of prompts) expect(prompt.split(text).length - 1).toBeLessThanOrEqual(1);
        if (agent === 'saycan') expect(out.steps.every((s) => s.success)).toBe(true); // only affordable skills
      });
    }
  }

  it('ProgPrompt writes the whole program once and idles after its end; LLM-Planner follows its plan', async () => {
    const before = server.count('/chat/completions');
    const prog = await runEpisodicEpisode({
      agent: 'progprompt',
      home: 'cottage',
      task: 'teach/toast',
      seed: 0,
      llm,
      maxSteps: 6,
    });
    expect(server.count('/chat/completions') - before).toBe(1);
    expect(prog.steps.slice(0, 3).map((s) => s.skill)).toEqual([
      '[walk] <kitchen> (1)',
      '[walk] <fridge> (17)',
      '[open] <fridge> (17)',
    ]);
    const planner = server.count('/chat/completions');
    const plan = await runEpisodicEpisode({
      agent: 'llm-planner',
      home: 'cottage',
      task: 'teach/toast',
      seed: 0,
      llm,
      maxSteps: 3,
    });
    expect(plan.steps.map((s) => s.skill)).toEqual(['[walk] <tv> (73)', '[switchon] <tv> (73)', '[walk] <sofa> (70)']);
    expect(server.count('/chat/completions') - planner).toBe(1);
  });
});
