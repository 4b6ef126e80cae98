/**
 * SemGro's LLM roles against the loopback fake OpenAI-compatible server (real HTTP), with a scripted "model": the
 * generator's prompt (examples, candidates, history), an answer outside the candidates asked again and then mapped
 * to the nearest candidate (never carried out as given), the judge's verdict read or, unreadable, taken as
 * executable; the task retriever's line; and the agent driven by the model on the cottage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SemGroAgent } from '../../../src/agents/semgro/agent.js';
import { SEMGRO_VARIANTS } from '../../../src/agents/semgro/config.js';
import { ObservationDetector } from '../../../src/agents/semgro/critic.js';
import { LlmGenerator, LlmJudge, LlmTaskRetriever, llmRoles } from '../../../src/agents/semgro/llm/index.js';
import { EpisodeWorld } from '../../../src/bench/environment.js';
import type { LanguageModel } from '../../../src/llm/language-model.js';
import { loadHome } from '../../../src/sim/scenes/homes.js';
import { type ChatBody, type FakeOpenAiServer, startFakeOpenAiServer } from '../../helpers/fake-openai-server.js';
import { fakeModel } from '../../llm/helpers.js';
import { cottageDatabase, runAgent } from './helpers.js';

const promptOf = (body: ChatBody) => body.messages.map((m) => m.content).join('\n');
const roleOf = (prompt: string) =>
  prompt.includes('Choose the next skill')
    ? 'generator'
    : prompt.includes('executable: True or False')
      ? 'judge'
      : prompt.includes('Write one instruction')
        ? 'retriever'
        : 'other';

describe('SemGro LLM roles', () => {
  let server: FakeOpenAiServer;
  let llm: LanguageModel;
  const answers: Record<string, (prompt: string) => string> = {};
  const database = cottageDatabase();
  const entry = (text: string) => {
    const e = database.entries.find((x) => x.text === text)!;
    return { id: e.id, level: e.level, text: e.text };
  };
  const candidates = ['walk kitchen', 'walk apple', 'grab apple', 'walk fridge'].map(entry);
  const input = {
    history: [],
    done: [],
    examples: [{ text: 'put apple in fridge', plan: ['walk apple', 'grab apple'], level: 2 }],
  };

  beforeAll(async () => {
    server = await startFakeOpenAiServer({
      script: { chat: (body) => answers[roleOf(promptOf(body))]?.(promptOf(body)) ?? 'OK' },
    });
    llm = fakeModel(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('asks the generator with the examples, the candidates and the history, and takes its skill', async () => {
    answers.generator = () => '1. Grab apple.';
    const generator = new LlmGenerator(llm, 0);
    const out = await generator.generate({ ...input, instruction: 'Put the apple away.', candidates });
    expect(out.value?.text).toBe('grab apple');
    expect(out.record.invalid).toBeUndefined();
    const prompt = promptOf(server.requests[server.requests.length - 1].body as unknown as ChatBody);
    expect(prompt).toContain('Task: put apple in fridge\nSkill steps: 1. walk apple 2. grab apple');
    expect(prompt).toContain('Skill library: walk kitchen, walk apple, grab apple, walk fridge');
    expect(prompt).toContain('Task: Put the apple away.');
    expect((server.requests[server.requests.length - 1].body as { temperature?: number }).temperature).toBe(0);
  });

  it('never carries out an answer outside the candidates: asked again, then mapped to the nearest', async () => {
    const before = server.requests.length;
    answers.generator = (prompt) =>
      prompt.includes('is not in the skill library') ? 'walk to the fridge' : 'eat the apple';
    const out = await new LlmGenerator(llm, 0).generate({ ...input, instruction: 'Put the apple away.', candidates });
    expect(server.requests.length - before).toBe(2);
    expect(candidates.map((c) => c.text)).toContain(out.value?.text);
    expect(out.value?.text).toBe('walk fridge');
    expect(out.record.invalid).toMatch(
      /'eat the apple' and 'walk to the fridge' are not candidates; mapped to the nearest/,
    );
    answers.generator = (prompt) => (prompt.includes('is not in the skill library') ? 'walk apple' : 'jump');
    const again = await new LlmGenerator(llm, 0).generate({ ...input, instruction: 'x', candidates });
    expect(again.value?.text).toBe('walk apple');
    expect(again.record.invalid).toMatch(/asked again/);
  });

  it("reads the judge's verdict and feedback; an unreadable answer is invalid and taken as executable", async () => {
    const world = new EpisodeWorld(loadHome('cottage').graph);
    const feedback = world.feedback(0);
    const judgeInput = {
      skill: entry('walk fridge'),
      chain: database.chain(entry('walk fridge').id),
      detection: new ObservationDetector(0).detect(feedback.observation, 0),
      candidates,
      adjacent: feedback.adjacentRooms,
      settled: new Set<number>(),
      t: 0,
    };
    answers.judge = () => 'executable: False\nfeedback: the fridge is in the kitchen, walk there first';
    const judge = new LlmJudge(llm, 0);
    expect((await judge.judge(judgeInput)).value).toEqual({
      executable: false,
      feedback: 'the fridge is in the kitchen, walk there first',
    });
    expect(promptOf(server.requests[server.requests.length - 1].body as unknown as ChatBody)).toContain(
      'Detected objects: ',
    );
    answers.judge = () => 'I think so';
    const unread = await judge.judge(judgeInput);
    expect(unread.value).toEqual({ executable: true });
    expect(unread.record.invalid).toMatch(/no "executable: True\|False" line/);
  });

  it("takes the task retriever's first line, or the skill with the feedback when it says nothing", async () => {
    const retriever = new LlmTaskRetriever(llm, 0);
    const retrieve = { skill: entry('walk fridge'), feedback: 'the fridge is closed', lower: ['open fridge'], t: 0 };
    answers.retriever = () => 'Open the fridge and put the apple in it.\nMore text';
    expect((await retriever.retrieve(retrieve)).value).toBe('Open the fridge and put the apple in it');
    answers.retriever = () => '   ';
    const empty = await retriever.retrieve(retrieve);
    expect(empty.value).toBe('walk fridge, the fridge is closed');
    expect(empty.record.invalid).toBe('an empty answer');
  });

  it("drives the agent: the model's choices carried out, its roles recorded as the model's", async () => {
    answers.generator = (prompt) => {
      const library = /Skill library: (.*)/.exec(prompt)?.[1].split(', ') ?? [];
      return library[0] ?? 'walk kitchen';
    };
    answers.judge = () => 'executable: True';
    const { config } = SEMGRO_VARIANTS[0];
    const agent = new SemGroAgent('semgro', database, llmRoles(llm, 0, config), config, 0);
    const run = await runAgent(agent, loadHome('cottage').graph, 'Put the apple in the fridge.', () => false, 4);
    expect(run.steps).toHaveLength(4);
    const stats = agent.stats() as { roles: Record<string, string>; skillsRun: number };
    expect(stats.roles.generator).toMatch(/^llm/);
    expect(stats.roles.judge).toMatch(/^llm/);
    expect(stats.skillsRun).toBeGreaterThan(0);
  });
});
