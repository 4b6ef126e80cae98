/**
 * HELPER's LLM roles against the loopback fake OpenAI-compatible server (real HTTP), with a scripted "model"
 * (`llm-script.ts`): what each prompt holds, the paper's prompt-length guard (examples dropped farthest first, 85% of
 * the window, 75% when re-planning, more on a context overflow, an invalid answer when nothing fits), the answers read
 * by grammars (the corrector's program part, the locator's places, the class mapper's class), a garbage plan taken as
 * an invalid step and never run, retrieval by the model's embeddings or the offline embedder, and helper-llm through
 * whole episodes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INVALID_OUTPUT_SKILL } from '../../../src/agents/agent.js';
import { HelperAgent } from '../../../src/agents/helper/agent.js';
import { apiText } from '../../../src/agents/helper/api.js';
import { HELPER_VARIANTS } from '../../../src/agents/helper/config.js';
import {
  LanguageModelEmbedder,
  LlmClassMapper,
  LlmCorrector,
  LlmLocator,
  LlmPlanner,
  llmHelperRoles,
  PAPER_WINDOW,
  splitCorrection,
} from '../../../src/agents/helper/llm/index.js';
import { HelperMemory, SEED_ENTRIES } from '../../../src/agents/helper/memory.js';
import type { CorrectionInput, MemoryEntry, PlanInput, RoleRecord } from '../../../src/agents/helper/roles.js';
import { getAgent } from '../../../src/agents/registry.js';
import { homeGraph } from '../../../src/bench/continual/episode.js';
import { EpisodeWorld } from '../../../src/bench/environment.js';
import { runEpisodicEpisode } from '../../../src/bench/episodic/episode.js';
import { closeEpisodeLanguageModels } from '../../../src/bench/llm.js';
import { estimateTokens } from '../../../src/llm/transcript.js';
import { VIRTUALHOME_SKILLS } from '../../../src/sim/skill-sets.js';
import { type ChatBody, type FakeOpenAiServer, startFakeOpenAiServer } from '../../helpers/fake-openai-server.js';
import { fakeModel } from '../../llm/helpers.js';
import { type HelperRole, helperChat, promptOf, roleOf, TOAST_PROGRAM } from './llm-script.js';

const PLAN_EXAMPLES: MemoryEntry[] = SEED_ENTRIES.filter((e) => e.kind === 'plan').slice(0, 3);
const DIALOGUE =
  '<Commander> Could you make me a slice of toast? <Driver> Where is the bread? <Commander> On the counter.';

describe('HELPER LLM roles', () => {
  let server: FakeOpenAiServer;
  /** Answers the tests set per role (reset before each test). */
  let answers: Partial<Record<HelperRole, (prompt: string) => string>> = {};
  beforeAll(async () => {
    server = await startFakeOpenAiServer({ script: { chat: (body) => helperChat(answers)(body) } });
  });
  beforeEach(() => {
    answers = {};
  });
  afterAll(async () => {
    await closeEpisodeLanguageModels();
    await server?.close();
  });

  /** The prompts of the chat requests made since `from`, of one role. */
  const prompts = (role: HelperRole, from = 0) =>
    server.requests
      .slice(from)
      .filter((r) => r.path === '/chat/completions')
      .map((r) => promptOf(r.body as unknown as ChatBody))
      .filter((p) => roleOf(p) === role);
  const chatBodies = (from: number) =>
    server.requests
      .slice(from)
      .filter((r) => r.path === '/chat/completions')
      .map((r) => r.body as unknown as ChatBody);

  describe('planner', () => {
    const input: PlanInput = { dialogue: DIALOGUE, examples: PLAN_EXAMPLES };

    it('prompts with the API, the rules, the examples nearest first and the dialogue, at temperature 0', async () => {
      const before = server.requests.length;
      const planner = new LlmPlanner(fakeModel(server), 7);
      const answer = await planner.plan(input);
      expect(answer.value).toBe(TOAST_PROGRAM);
      expect(answer.record).toMatchObject({
        role: 'planner',
        implementation: 'llm',
        output: TOAST_PROGRAM,
        dropped: 0,
      });
      const [prompt] = prompts('planner', before);
      expect(prompt).toContain(apiText());
      expect(prompt).toMatch(/one statement per line/i);
      expect(prompt).toMatch(/no imports/i);
      const at = PLAN_EXAMPLES.map((e) => prompt.indexOf(e.key));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      for (const e of PLAN_EXAMPLES) expect(prompt).toContain(`Dialogue: ${e.key}\nProgram:\n${e.program}`);
      expect(prompt).toContain(DIALOGUE);
      expect(prompt.trimEnd().endsWith('Program:')).toBe(true);
      expect(prompt).not.toContain('the user answered');
      const [body] = chatBodies(before);
      expect(body.temperature).toBe(0);
      expect(typeof body.seed).toBe('number');
      // A seed per call: the next call of the role asks with another.
      await planner.plan(input);
      expect(chatBodies(before)[1].seed).not.toBe(body.seed);
    });

    it('re-plans from the completed program and the user answer', async () => {
      const before = server.requests.length;
      const planner = new LlmPlanner(fakeModel(server), 0);
      const feedback = { answer: 'No, not yet. The toast needs to be on a plate.', completed: TOAST_PROGRAM };
      const answer = await planner.plan({ ...input, feedback });
      expect(answer.record.notes).toMatchObject({ replan: true, limit: Math.floor(PAPER_WINDOW * 0.75) });
      const [prompt] = prompts('planner', before);
      expect(prompt).toContain(`It carried out this program:\n${TOAST_PROGRAM}`);
      expect(prompt).toContain(`the user answered:\n${feedback.answer}`);
      expect(prompt).toContain(DIALOGUE);
      expect(prompt.trimEnd().endsWith('Program:')).toBe(true);
    });

    it('drops the farthest examples while the prompt is over 85% of the window (75% when re-planning)', async () => {
      const model = fakeModel(server);
      const sizer = new LlmPlanner(model, 0);
      const tokens = (shown: number, feedback?: PlanInput['feedback']) =>
        estimateTokens(sizer.prompt({ ...input, ...(feedback && { feedback }) }, shown));
      // A window where the prompt with the nearest example fits 85% and the one with two does not.
      const window = Math.ceil(tokens(1) / 0.85) + 1;
      expect(tokens(2)).toBeGreaterThan(Math.floor(window * 0.85));
      const before = server.requests.length;
      const answer = await new LlmPlanner(model, 0, { contextSize: window }).plan(input);
      expect(answer.record.dropped).toBe(2);
      expect(answer.record.notes).toMatchObject({ window, shown: 1 });
      const [prompt] = prompts('planner', before);
      expect(prompt).toContain(PLAN_EXAMPLES[0].key);
      expect(prompt).not.toContain(PLAN_EXAMPLES[1].key);
      expect(prompt).not.toContain(PLAN_EXAMPLES[2].key);
      // Re-planning keeps a quarter of the window for the answer: the same window holds no example.
      const feedback = { answer: 'No, not yet.', completed: TOAST_PROGRAM };
      expect(tokens(1, feedback)).toBeGreaterThan(Math.floor(window * 0.75));
      const replanned = await new LlmPlanner(model, 0, { contextSize: window }).plan({ ...input, feedback });
      expect(replanned.record.dropped).toBe(3);
      expect(replanned.value).not.toBe(''); // the prompt without examples is still asked
    });

    it('drops one more example on each context overflow, and answers invalid when even none fits', async () => {
      const planner = new LlmPlanner(fakeModel(server), 0);
      server.inject({ kind: 'context-overflow' }, 2, '/chat/completions');
      const before = server.requests.length;
      const answer = await planner.plan(input);
      expect(answer.record.dropped).toBe(2);
      expect(answer.value).toBe(TOAST_PROGRAM);
      expect(prompts('planner', before).at(-1)).toContain(PLAN_EXAMPLES[0].key);
      server.inject({ kind: 'context-overflow' }, 4, '/chat/completions');
      const overflow = await planner.plan(input);
      expect(overflow.value).toBe('');
      expect(overflow.record.dropped).toBe(3);
      expect(overflow.record.invalid).toMatch(/^context overflow: .*maximum context length/);
    });
  });

  it('the corrector prompts with the failed step, F, the simulator, the examples and the dialogue; returns the program part', async () => {
    const examples = SEED_ENTRIES.filter((e) => e.kind === 'correction').slice(0, 3);
    const input: CorrectionInput = {
      dialogue: DIALOGUE,
      failedStep: 'bread_slice.pickup()',
      step: { handle: 'bread_slice', method: 'pickup' },
      holding: ['knife'],
      containerClass: 'fridge',
      failure: 'The object is too far away to interact with.',
      error: '<breadslice> (37) is not close to the character',
      examples,
    };
    answers.corrector = () =>
      'The robot tried from across the room.\nProgram:\nagent.move_closer()\nbread_slice.go_to()\n';
    const before = server.requests.length;
    const answer = await new LlmCorrector(fakeModel(server), 0).correct(input);
    expect(answer.value).toBe('agent.move_closer()\nbread_slice.go_to()');
    expect(answer.record).toMatchObject({
      role: 'corrector',
      implementation: 'llm',
      dropped: 0,
      notes: { failure: input.failure, reflection: 'The robot tried from across the room.' },
    });
    const [prompt] = prompts('corrector', before);
    for (const text of [input.failedStep, input.failure, input.error, DIALOGUE, 'move_alternate_viewpoint']) {
      expect(prompt).toContain(text);
    }
    expect(prompt).toContain('The robot holds: knife');
    expect(prompt).toContain('inside a closed fridge');
    expect(prompt).toContain('Step: mug.pickup()\nWhat went wrong: The object is too far away to interact with.');
    expect(prompt).toContain(`Program:\n${examples[0].program}`);
    expect(prompt.trimEnd().endsWith('Reflection:')).toBe(true);
    // Without a "Program:" line, a first paragraph of prose is the reflection; the rest is left to the grammar.
    expect(splitCorrection('It was too far.\n\nagent.move_closer()')).toEqual({
      program: 'agent.move_closer()',
      reflection: 'It was too far.',
    });
    expect(splitCorrection('mug.put_down()\nmug.pickup()')).toEqual({ program: 'mug.put_down()\nmug.pickup()' });
  });

  it('the locator reads up to 3 places to catalog classes, rejecting the rest with reasons', async () => {
    answers.locator = () =>
      [
        'Places:',
        '1. Search near the sink.',
        '- the Cabinet (in the kitchen)',
        'mug',
        'somewhere cosy',
        '3) on top of the fridge',
        'sofa',
      ].join('\n');
    const before = server.requests.length;
    const answer = await new LlmLocator(fakeModel(server), 0).locate({
      className: 'mug',
      dialogue: DIALOGUE,
      hints: [{ className: 'mug', host: 'kitchen_counter', relation: 'ON' }],
      landmark: 'coffeemaker',
    });
    expect(answer.value).toEqual(['sink', 'cabinet', 'fridge']);
    expect(answer.record.rejected?.map((r) => [r.text, r.reason])).toEqual([
      ['mug', 'the class searched for itself'],
      ['somewhere cosy', 'not an object class of the catalog'],
      ['sofa', 'more than 3 places'],
    ]);
    const [prompt] = prompts('locator', before);
    expect(prompt).toContain('must find a mug');
    expect(prompt).toContain(DIALOGUE);
    expect(prompt).toContain('- the mug is on the kitchen counter');
    expect(prompt).toContain('look near the coffeemaker');
    answers.locator = () => 'I cannot say.';
    const none = await new LlmLocator(fakeModel(server), 0).locate({ className: 'mug', dialogue: DIALOGUE, hints: [] });
    expect(none.value).toEqual([]);
    expect(none.record.invalid).toBe('no place of the catalog in the answer');
  });

  it('the class mapper asks only when the offline mapper fails, and reads the answer against the catalog', async () => {
    const mapper = new LlmClassMapper(fakeModel(server), 0);
    const before = server.requests.length;
    const known = await mapper.map('CoffeeMachine');
    expect(known.value).toBe('coffeemaker');
    expect(known.record.implementation).toBe('offline');
    expect(server.requests.length).toBe(before);

    answers.classes = () => 'Coffee pot.';
    const teapot = await mapper.map('Teapot');
    expect(teapot.value).toBe('coffeepot');
    expect(teapot.record).toMatchObject({ implementation: 'llm', output: 'Coffee pot.', notes: { written: 'Teapot' } });
    const [prompt] = prompts('classes', before);
    expect(prompt).toContain('"Teapot"');
    expect(prompt).toMatch(/\bcoffeepot, /);
    expect(prompt).toMatch(/\bkettle, /);
    expect(prompt).not.toMatch(/\bfloor\b|\bkitchen,/); // rooms and the building are not candidates

    answers.classes = () => 'none';
    expect((await mapper.map('Dishware')).value).toBeUndefined();
    answers.classes = () => 'a blue thing of some sort';
    const garbage = await mapper.map('Dishware');
    expect(garbage.value).toBeUndefined();
    expect(garbage.record.rejected?.[0]).toMatchObject({ reason: 'not a class of the catalog' });
  });

  it('takes a garbage plan as an invalid step, recorded with its text, never run', async () => {
    const garbage = 'Sure! First I would find the bread, then I toast it. import os; os.system("ls")';
    answers.planner = () => garbage;
    const model = fakeModel(server);
    const agent = new HelperAgent({
      name: 'helper-llm',
      config: HELPER_VARIANTS[0].config,
      roles: llmHelperRoles(model, 0),
      skills: VIRTUALHOME_SKILLS,
      seed: 0,
      memory: HelperMemory.load('helper-llm', undefined, new LanguageModelEmbedder(model)),
    });
    const env = new EpisodeWorld(homeGraph('cottage').clone());
    agent.reset({ protocol: 'episodic', instructions: [{ id: 't', text: DIALOGUE }] }, env.feedback(0));
    expect(await agent.act()).toEqual(INVALID_OUTPUT_SKILL);
    const stats = agent.stats() as {
      invalidPlans: number;
      programs: string[];
      records: RoleRecord[];
      roles: Record<string, string>;
    };
    expect(stats.invalidPlans).toBe(1);
    expect(stats.programs).toEqual([]);
    expect(stats.records[0]).toMatchObject({ role: 'planner', implementation: 'llm', output: garbage });
    expect(stats.records[0].rejected?.length).toBeGreaterThan(0);
    const { planner, corrector, locator, classes } = stats.roles;
    expect([planner, corrector, locator, classes]).toEqual(['llm', 'llm', 'llm', 'llm']);
    // Nothing was run: the next step is a wait (a walk to an object of the room), not an action of the text.
    expect((await agent.act()).action).toBe('walk');
  });

  it("retrieves with the model's embeddings when it has them, else with the offline embedder", async () => {
    const query = 'Please toast a slice of bread.';
    const before = server.requests.length;
    const withModel = HelperMemory.load('helper-llm', undefined, new LanguageModelEmbedder(fakeModel(server)));
    expect(withModel.mode).toBe('seeded'); // nothing retrieved yet
    expect(await withModel.retrieve('plan', query)).toHaveLength(3);
    expect(withModel.mode).toBe("seeded; retrieval by the model's embeddings");
    const embedded = server.requests.slice(before).filter((r) => r.path === '/embeddings');
    expect(embedded.some((r) => (r.body.input as string[]).includes(query))).toBe(true);

    const plain = await startFakeOpenAiServer({ embeddings: false });
    try {
      const offline = HelperMemory.load('helper-llm', undefined, new LanguageModelEmbedder(fakeModel(plain)));
      const reference = HelperMemory.load('helper', undefined);
      expect(await offline.retrieve('plan', query)).toEqual(await reference.retrieve('plan', query));
      expect(offline.mode).toBe('seeded; retrieval by the offline embedder (the model has no embeddings)');
    } finally {
      await plain.close();
    }
  });

  it('runs helper-llm through episodes: registered as needing a model, every role by the model', async () => {
    const definition = getAgent('helper-llm');
    expect(definition).toMatchObject({ needsLlm: true, learns: true, protocols: ['episodic'] });
    expect(definition.privileges).toEqual(['user-feedback']);
    const llm = { provider: 'openai' as const, model: 'm', baseUrl: server.url };
    for (const task of ['teach-tfd/toast', 'teach-tfd/coffee']) {
      const out = await runEpisodicEpisode({ agent: 'helper-llm', home: 'cottage', task, seed: 0, llm });
      expect(out.score.sr, task).toBe(1);
      const stats = out.agentStats as { roles: Record<string, string>; records: RoleRecord[]; llm: { calls: number } };
      expect(stats.roles).toMatchObject({ planner: 'llm', corrector: 'llm', locator: 'llm', classes: 'llm' });
      expect(stats.roles.memory).toBe("seeded; retrieval by the model's embeddings");
      expect(stats.records.map((r) => r.role)).toContain('planner');
      expect(stats.llm.calls).toBeGreaterThan(0);
    }
  });
});
