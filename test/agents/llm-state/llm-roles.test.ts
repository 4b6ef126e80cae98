/**
 * LLM-State's LLM roles and Inner Monologue against the loopback fake OpenAI-compatible server (real HTTP), with a
 * scripted "model" that answers each role's prompt: the estimator's parser on well-formed, misspelled, repeated and
 * garbage answers; a whole episode driven by the model's plans (a name never seen fails as an unknown target, the
 * loop re-plans); an unusable plan is an invalid step recorded with its text; a prompt that cannot fit is a named
 * context overflow, not a crash; Inner Monologue's window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmStateEstimator } from '../../../src/agents/llm-state/llm/roles.js';
import type { RoleObservation } from '../../../src/agents/llm-state/roles.js';
import { ObjectListing } from '../../../src/agents/primitives/listing.js';
import { PaperNames } from '../../../src/agents/primitives/names.js';
import type { HistoryItem } from '../../../src/agents/primitives/runner.js';
import { EpisodeWorld } from '../../../src/bench/environment.js';
import { runEpisodicEpisode } from '../../../src/bench/episodic/episode.js';
import { closeEpisodeLanguageModels, type EpisodeLlm } from '../../../src/bench/llm.js';
import { loadHome } from '../../../src/sim/scenes/homes.js';
import { type ChatBody, type FakeOpenAiServer, startFakeOpenAiServer } from '../../helpers/fake-openai-server.js';
import { fakeModel } from '../../llm/helpers.js';

/** The role a prompt is for. */
function roleOf(body: ChatBody): 'attention' | 'estimator' | 'policy' | 'monologue' | 'other' {
  const text = body.messages.map((m) => m.content).join('\n');
  if (text.includes('add_related_objects(object)')) return 'attention';
  if (text.includes('Every action of the robot since the start')) return 'estimator';
  if (text.includes('You plan for a household robot')) return 'policy';
  if (text.includes('does a task one action at a time')) return 'monologue';
  return 'other';
}

const promptOf = (body: ChatBody) => body.messages.map((m) => m.content).join('\n');

describe('LLM-State LLM roles', () => {
  let server: FakeOpenAiServer;
  let llm: EpisodeLlm;
  /** What the scripted model answers, per role. */
  const answers: Record<string, (prompt: string) => string> = {};
  beforeAll(async () => {
    server = await startFakeOpenAiServer({
      script: { chat: (body) => answers[roleOf(body)]?.(promptOf(body)) ?? 'OK' },
    });
    llm = { provider: 'openai', model: 'm', baseUrl: server.url };
  });
  afterAll(async () => {
    await closeEpisodeLanguageModels();
    await server?.close();
  });

  function cottage(): RoleObservation {
    const world = new EpisodeWorld(loadHome('cottage').graph);
    const names = new PaperNames();
    const listing = new ObjectListing();
    const feedback = world.feedback(0);
    names.observe(feedback.observation, 0);
    listing.observe(feedback.observation, 0, feedback.adjacentRooms);
    return { names, listing, t: 1 };
  }
  const history: HistoryItem[] = [
    { command: { verb: 'move', args: ['tv1'] }, success: true, t: 0, steps: 1, ids: [73] },
    { command: { verb: 'switchon', args: ['tv1'] }, success: false, t: 1, steps: 1, ids: [73] },
  ];

  async function estimate(answer: string, parts = { objects: true, summary: true }) {
    answers.estimator = () => answer;
    const estimator = new LlmStateEstimator(fakeModel(server), 0);
    return estimator.estimate({ keys: ['tv1', 'sofa1'], history, observation: cottage(), parts });
  }

  it('reads both spellings of the estimator functions; the last call per object wins', async () => {
    const { value, record } = await estimate(
      [
        'update_reasoning("The robot moved to tv1. Switching it on failed: it\'s probably already on.")',
        'update_state("tv1", "off")',
        "add_attribute('tv1', 'on | robot_near')",
        'generate_summary("Switching on tv1 failed, so tv1 must be on already.")',
      ].join('\n'),
    );
    expect(value.objects?.get('tv1')).toEqual(['on', 'robot_near']);
    expect(value.objects?.get('sofa1')).toEqual([]);
    expect(value.summary?.text).toBe('Switching on tv1 failed, so tv1 must be on already.');
    expect(record.invalid).toBeUndefined();
    // The prompt holds the whole history as the paper prints it.
    const prompt = promptOf(server.requests.at(-1)!.body as unknown as ChatBody);
    expect(prompt).toContain(`["['move', 'tv1'](Success)", "['switchon', 'tv1'](Fail)"]`);
  });

  it('accepts a misspelt function within two edits and records the repair; rejects other calls', async () => {
    const { value, record } = await estimate('update_sate("tv1", "on")\nupdate_stat("sofa1", "empty")\nmove(tv1)');
    expect(value.objects?.get('tv1')).toEqual(['on']);
    expect(value.objects?.get('sofa1')).toEqual(['empty']);
    expect(record.notes).toMatchObject({ repaired: ['update_sate -> update_state', 'update_stat -> update_state'] });
    expect(record.rejected?.[0].reason).toMatch(/unknown function 'move'/);
  });

  it('asks only for the parts a variant keeps, and ignores calls of the other part', async () => {
    const { value } = await estimate('update_reasoning("It failed.")\nupdate_state("tv1", "on")', {
      objects: false,
      summary: true,
    });
    expect(value.objects).toBeUndefined();
    expect(value.summary?.text).toBe('It failed.');
    const prompt = promptOf(server.requests.at(-1)!.body as unknown as ChatBody);
    expect(prompt).toContain('update_reasoning');
    expect(prompt).not.toContain('update_state(object');
  });

  it('records a garbage answer as invalid with its text, and gives the key objects with nothing known', async () => {
    const { value, record } = await estimate('I think the television might be on, or maybe not!');
    expect(record.invalid).toBe('no usable update_state or update_reasoning call');
    expect(record.output).toBe('I think the television might be on, or maybe not!');
    expect(value.objects).toEqual(
      new Map([
        ['tv1', []],
        ['sofa1', []],
      ]),
    );
  });

  it('runs an episode on the model: a name not seen yet fails as an unknown target, and the loop re-plans', async () => {
    answers.attention = (prompt) => (prompt.includes("'fridge1") ? 'add_related_objects("fridge1")' : 'nothing yet');
    answers.estimator = () => 'update_reasoning("So far so good.")';
    answers.policy = (prompt) =>
      /Current Room: kitchen1/.test(prompt)
        ? 'Plan:\n1. move(fridge1)\n2. open(fridge1)'
        : prompt.includes("['move', 'fridge1'](Fail)")
          ? 'Plan:\n1. move(kitchen1)'
          : 'Plan:\n1. move(fridge1) (assuming there is a fridge1 in the kitchen)\n2. open(fridge1)';
    const out = await runEpisodicEpisode({
      agent: 'llm-state',
      home: 'cottage',
      task: 'llm-state/open-fridge',
      seed: 0,
      llm,
    });
    expect(out.score.sr).toBe(1);
    const stats = out.agentStats as { history: { command: string; success: boolean }[]; roles: { policy: string } };
    expect(stats.roles.policy).toBe('llm: numbered plan of primitive actions');
    expect(stats.history.map((h) => `${h.command} ${h.success}`)).toEqual([
      'move(fridge1) false',
      'move(kitchen1) true',
      'move(fridge1) true',
    ]);
    // The last command opened the fridge: the episode ended with it, before the robot heard how it went.
    expect(out.steps.at(-1)?.skill).toBe('[open] <fridge> (17)');
    expect(out.steps[0].errorKind).toBe('unseen_object');
  });

  it('spends a step on a refused action when the plan is unreadable, and goes on', async () => {
    answers.policy = () => 'I would rather not.';
    const out = await runEpisodicEpisode({
      agent: 'llm-state',
      home: 'cottage',
      task: 'llm-state/open-fridge',
      seed: 0,
      llm,
      maxSteps: 3,
    });
    expect(out.steps.map((s) => s.skill)).toEqual(['[invalid-output]', '[invalid-output]', '[invalid-output]']);
    const stats = out.agentStats as {
      invalidOutputs: number;
      cycles: { records: { invalid?: string; output?: string }[] }[];
    };
    expect(stats.invalidOutputs).toBe(3);
    expect(stats.cycles[0].records.at(-1)).toMatchObject({
      invalid: 'no readable command in the plan',
      output: 'I would rather not.',
    });
  });

  it('names a prompt that cannot fit the context, and the run goes on', async () => {
    const small = await startFakeOpenAiServer({ contextLimit: 300, script: { chat: () => 'Plan:\n1. wait()' } });
    try {
      const out = await runEpisodicEpisode({
        agent: 'llm-state',
        home: 'cottage',
        task: 'llm-state/open-fridge',
        seed: 0,
        llm: { provider: 'openai', model: 'm', baseUrl: small.url },
        maxSteps: 2,
      });
      expect(out.steps).toHaveLength(2);
      const stats = out.agentStats as { cycles: { records: { role: string; invalid?: string }[] }[] };
      const estimator = stats.cycles[0].records.find((r) => r.role === 'estimator');
      expect(estimator?.invalid).toMatch(/^context overflow: /);
    } finally {
      await small.close();
    }
  });

  it('runs Inner Monologue one action per call, keeping the last W turns in the windowed variant', async () => {
    const seen: string[] = [];
    answers.monologue = (prompt) => {
      seen.push(prompt);
      return 'move(tv1)';
    };
    const windowed = await runEpisodicEpisode({
      agent: 'inner-monologue-w',
      home: 'cottage',
      task: 'llm-state/open-fridge',
      seed: 0,
      llm,
      maxSteps: 12,
    });
    expect(windowed.steps).toHaveLength(12);
    const stats = windowed.agentStats as { decisions: number; history: { command: string }[] };
    expect(stats.decisions).toBe(12);
    expect(stats.history.every((h) => h.command === 'move(tv1)')).toBe(true);
    expect(seen.at(-1)).toMatch(/\(1 earlier actions left out\)/);
    expect(seen.at(-1)?.match(/Robot: move\(tv1\)/g)).toHaveLength(10);
    expect(seen[0]).toContain('Scene: ');
    seen.length = 0;
    await runEpisodicEpisode({
      agent: 'inner-monologue',
      home: 'cottage',
      task: 'llm-state/open-fridge',
      seed: 0,
      llm,
      maxSteps: 12,
    });
    expect(seen.at(-1)?.match(/Robot: move\(tv1\)/g)).toHaveLength(11);
  });
});
