/**
 * The four LLM baselines against a fake OpenAI-compatible server (real HTTP on 127.0.0.1): every prompt is built and
 * sent, every answer parsed, and the decisions follow from the scripted answers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { INVALID_OUTPUT_SKILL, shrinkBudget } from '../../../src/agents/baselines/base.js';
import { LlmPlannerAgent, splitPlan } from '../../../src/agents/baselines/llm-planner.js';
import { ProgPromptAgent } from '../../../src/agents/baselines/progprompt/agent.js';
import { SayCanAgent } from '../../../src/agents/baselines/saycan.js';
import { ZspAgent } from '../../../src/agents/baselines/zsp.js';
import { VIRTUALHOME_SKILLS } from '../../../src/bench/environment.js';
import { ContextOverflowError } from '../../../src/llm/errors.js';
import type { LanguageModel } from '../../../src/llm/language-model.js';
import { type ChatBody, type FakeOpenAiServer, startFakeOpenAiServer } from '../../helpers/fake-openai-server.js';
import { fakeModel } from '../../llm/helpers.js';
import {
  affordanceOf,
  BOOK_INSTRUCTION,
  cottageWorld,
  demoLibrary,
  runSteps,
  TV_INSTRUCTION,
  task,
} from './helpers.js';

let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const promptOf = (body: ChatBody) => body.messages.map((m) => m.content).join('\n');
/** Prompts of the chat requests an agent made (the capability probe's are left out). */
const chatPrompts = (s: FakeOpenAiServer) =>
  s.requests
    .filter((r) => r.path === '/chat/completions')
    .map((r) => promptOf(r.body as unknown as ChatBody))
    .filter((p) => p.length > 200);

function common(llm: LanguageModel) {
  return { seed: 7, skills: VIRTUALHOME_SKILLS, llm, demonstrations: demoLibrary() };
}

describe('SayCan', () => {
  /** Log-probs that make "switch on tv.73" the model's favourite continuation. */
  const tokenLogprob = (_context: string, token: string) =>
    token === ' tv.73' ? -0.1 : token === ' switch' || token === ' on' ? -0.5 : -3;

  it('scores the affordable skills as continuations and takes the likeliest', async () => {
    server = await startFakeOpenAiServer({ script: { tokenLogprob } });
    const world = cottageWorld();
    const model = fakeModel(server);
    const agent = new SayCanAgent({ ...common(model), affordance: affordanceOf(world) });
    const log = await runSteps(agent, world, task(TV_INSTRUCTION), 2);
    // Switching on needs the agent close to the TV: not affordable at first, so the best affordable skill goes first.
    expect(log.skills).toEqual(['[walk] <tv> (73)', '[switchon] <tv> (73)']);
    expect(log.successes).toEqual([true, true]);

    const scoring = server.requests.filter((r) => r.path === '/completions' && (r.body.prompt as string[]).length > 10);
    expect(scoring).toHaveLength(2);
    const prompts = scoring[0].body.prompt as string[];
    // Only what the affordance allows is scored: an exact log-likelihood does not depend on the other options.
    const candidates = cottageWorld().feedback(0).candidates;
    expect(candidates.length).toBeGreaterThan(20);
    const affordable = candidates.filter(affordanceOf(cottageWorld()));
    expect(prompts).toHaveLength(affordable.length);
    expect(prompts.length).toBeLessThan(candidates.length);
    // The same choice as scoring every candidate and multiplying by the affordance.
    const decision = agent.lastDecision!;
    const text = (scoring[1].body.prompt as string[])[0].slice(0, -decision.options[decision.scored[0]].length);
    const full = await model.scoreOptions(text, decision.options);
    const best = decision.options
      .map((_, i) => i)
      .filter((i) => decision.affordances[i])
      .sort((a, b) => full.logLikelihoods[b] - full.logLikelihoods[a] || a - b)[0];
    expect(decision.chosen).toBe(best);
    expect(decision.scored).toEqual(decision.options.map((_, i) => i).filter((i) => decision.affordances[i]));
    const prompt = prompts[0];
    expect(prompt).toContain('1. If the TV is off, turn it on.');
    expect(prompt).toMatch(/\(tv\.73, is, off, 0\)/); // the retrieved memory, linearised as ExRAP's
    expect(prompt).toContain('Robot: 1. walk to livingroom.11, 2. walk to tv.33, 3. switch off tv.33'); // a demonstration
    expect(prompt).toContain('The robot is in livingroom.2');
    // Switching the TV on is scored once it is affordable (the second step), not before.
    const switchOn = (p: string) => p.endsWith('Robot: the next step is to switch on tv.73');
    expect(prompts.some(switchOn)).toBe(false);
    expect((scoring[1].body.prompt as string[]).some(switchOn)).toBe(true);
    expect(agent.lastDecision?.affordances.filter(Boolean).length).toBeGreaterThan(0);
    expect(agent.lastDecision?.scores.method).toBe('prompt-logprobs');
  });

  it('takes the model’s favourite when it is affordable', async () => {
    server = await startFakeOpenAiServer({ script: { tokenLogprob } });
    const world = cottageWorld();
    const agent = new SayCanAgent({ ...common(fakeModel(server)), affordance: () => true });
    const log = await runSteps(agent, world, task(TV_INSTRUCTION), 1);
    expect(log.skills).toEqual(['[switchon] <tv> (73)']);
  });

  it('falls back to sampling the options when the server cannot score prompts', async () => {
    server = await startFakeOpenAiServer({
      completions: 'missing',
      script: { chat: (body) => (promptOf(body).includes('Choose the next step') ? 'walk to kitchen.1' : 'OK') },
    });
    const world = cottageWorld();
    const agent = new SayCanAgent({ ...common(fakeModel(server)), affordance: affordanceOf(world) });
    const log = await runSteps(agent, world, task(TV_INSTRUCTION), 1);
    expect(log.skills).toEqual(['[walk] <kitchen> (1)']);
    expect(agent.lastDecision?.scores.method).toBe('sampling');
    expect(chatPrompts(server).at(-1)).toContain('- walk to tv.73');
  });
});

describe('ZSP', () => {
  it('samples free-form steps and maps them to the nearest admissible skill (offline embedder)', async () => {
    server = await startFakeOpenAiServer({
      script: { chat: (_body, { index }) => (index < 7 ? 'Step 1: Switch on the TV' : 'walk into the kitchen') },
    });
    const world = cottageWorld();
    const agent = new ZspAgent({ ...common(fakeModel(server)), similarity: 'offline' });
    const log = await runSteps(agent, world, task(TV_INSTRUCTION), 1);
    expect(log.skills).toEqual(['[switchon] <tv> (73)']);
    const decision = agent.lastDecision!;
    expect(decision.similarityBackend).toBe('offline-embedder');
    expect(decision.likelihood).toBe('token-logprobs');
    expect(decision.samples).toHaveLength(10);
    const chat = server.requests.find((r) => r.path === '/chat/completions' && r.body.n === 10)!
      .body as unknown as ChatBody;
    expect(chat.n).toBe(10);
    expect(chat.temperature).toBe(0.33);
    expect(chat.max_tokens).toBe(40);
    expect(chat.stop).toEqual(['\n']);
    const prompt = promptOf(chat);
    expect(prompt).toContain('Task: If the TV is on, turn it off.\nStep 1: Walk to livingroom.11');
    expect(prompt.trimEnd().endsWith('Step 1:')).toBe(true);
    // Only the capability probe embedded anything: the candidates went through the offline embedder.
    const embedded = server.requests.filter((r) => r.path === '/embeddings').flatMap((r) => r.body.input as string[]);
    expect(embedded.some((text) => text.includes('tv.73'))).toBe(false);
  });

  it('uses the model’s embeddings when the server has them, and the log-prob ranking of the original', async () => {
    const words = ['radio', 'tv', 'on', 'off', 'kitchen', 'walk', 'light', 'laptop'];
    server = await startFakeOpenAiServer({
      embeddingDimension: words.length,
      script: {
        chat: () => 'turn the radio on',
        embed: (text) => words.map((w) => (text.split(/[\s.]+/).includes(w) ? 1 : 0)),
      },
    });
    const world = cottageWorld();
    const agent = new ZspAgent(common(fakeModel(server)));
    const log = await runSteps(agent, world, task({ id: 'radio', text: 'Keep the radio on.' }), 1);
    expect(log.skills).toEqual(['[switchon] <radio> (83)']);
    expect(agent.lastDecision?.similarityBackend).toBe('llm-embeddings');
    const sample = agent.lastDecision!.samples[0];
    expect(sample.similarity).toBeCloseTo(1, 6);
    // score = similarity + 0.3 * mean token log-prob (first token -5 when not among the top tokens, then -0.1 each)
    expect(sample.score).toBeCloseTo(1 + 0.3 * ((-5 - 0.1 * 3) / 4), 6);
    expect(server.count('/embeddings')).toBeGreaterThan(0);
  });

  it('estimates the likelihood from sample frequencies without token log-probs, and penalises repeats', async () => {
    server = await startFakeOpenAiServer({
      logprobs: false,
      script: { chat: (_body, { index }) => (index < 6 ? 'walk to the tv' : 'switch on the tv') },
    });
    const world = cottageWorld();
    const agent = new ZspAgent({ ...common(fakeModel(server)), similarity: 'offline' });
    const log = await runSteps(agent, world, task(TV_INSTRUCTION), 2);
    expect(agent.lastDecision?.likelihood).toBe('sample-frequency');
    expect(log.skills[0]).toBe('[walk] <tv> (73)'); // the more frequent sample
    expect(log.skills[1]).toBe('[switchon] <tv> (73)'); // walking again is penalised by 0.5
  });
});

describe('LLM-Planner', () => {
  it('plans with kNN examples and visible objects, and re-plans around a failure', async () => {
    server = await startFakeOpenAiServer({
      script: {
        chat: (body) =>
          promptOf(body).includes('failed') ? 'walk to tv.73, switch on tv.73' : 'switch on tv.73, walk to sofa.70',
      },
    });
    const world = cottageWorld();
    const agent = new LlmPlannerAgent(common(fakeModel(server)));
    const log = await runSteps(agent, world, task(TV_INSTRUCTION), 3);
    expect(log.skills).toEqual(['[switchon] <tv> (73)', '[walk] <tv> (73)', '[switchon] <tv> (73)']);
    expect(log.successes).toEqual([false, true, true]);
    const prompts = chatPrompts(server);
    expect(prompts).toHaveLength(3); // ExRAP's variant: a plan every step
    expect(prompts[0]).toContain('Task description: If the TV is on, turn it off.\nCompleted plans: none');
    expect(prompts[0]).toContain('Visible objects are light.69 (on; plugged_in), sofa.70');
    expect(prompts[0]).toContain('Allowed actions: walk to <object>, grab <object>, switch on <object>');
    expect(prompts[1]).toMatch(/The last step, switch on tv\.73, failed: .*not close to <tv> \(73\)/);
    expect(prompts[2]).toContain('Completed plans: walk to tv.73');
  });

  it('follows its plan until a step fails with replan: failure (the original)', async () => {
    server = await startFakeOpenAiServer({ script: { chat: () => 'walk to tv.73, switch on tv.73, walk to sofa.70' } });
    const world = cottageWorld();
    const agent = new LlmPlannerAgent({ ...common(fakeModel(server)), replan: 'failure' });
    const log = await runSteps(agent, world, task(TV_INSTRUCTION), 3);
    expect(log.skills).toEqual(['[walk] <tv> (73)', '[switchon] <tv> (73)', '[walk] <sofa> (70)']);
    expect(chatPrompts(server)).toHaveLength(1);
  });

  it('counts unreadable output as an invalid step and goes on', async () => {
    let calls = 0;
    server = await startFakeOpenAiServer({
      script: { chat: () => (calls++ === 0 ? 'I would rather not say.' : 'walk to kitchen.1') },
    });
    const world = cottageWorld();
    const agent = new LlmPlannerAgent(common(fakeModel(server)));
    const log = await runSteps(agent, world, task(TV_INSTRUCTION), 2);
    expect(log.skills[0]).toBe('[invalid-output]');
    expect(log.successes).toEqual([false, true]);
    expect(agent.stats.invalidOutputs).toBe(1);
    expect(agent.lastInvalidOutput?.output).toBe('I would rather not say.');
  });

  it('splits plans at commas outside parentheses', () => {
    expect(splitPlan("walk('a.1', 'b.2'), grab(c.3); open d.4")).toEqual([
      "walk('a.1', 'b.2')",
      'grab(c.3)',
      'open d.4',
    ]);
  });
});

describe('ProgPrompt', () => {
  it('builds the program prompt, runs the parsed program step by step and answers assertions from memory', async () => {
    server = await startFakeOpenAiServer({
      script: {
        chat: () =>
          "\twalk('tv.73')\n\tassert('tv.73' is 'switchoff')\n\t\telse: switchoff('tv.73')\n\tswitchon('tv.73')\n",
      },
    });
    const world = cottageWorld();
    const agent = new ProgPromptAgent(common(fakeModel(server)));
    const log = await runSteps(agent, world, task(TV_INSTRUCTION), 3);
    expect(log.skills.slice(0, 2)).toEqual(['[walk] <tv> (73)', '[switchon] <tv> (73)']);
    expect(log.successes.slice(0, 2)).toEqual([true, true]);
    expect(agent.lastDecision?.assertions).toEqual([]);
    const prompts = chatPrompts(server);
    expect(prompts).toHaveLength(2); // one continuation served two steps; the third asked again
    expect(prompts[0]).toContain(
      'from actions import walk <obj>, grab <obj>, switchon <obj>, switchoff <obj>, put <obj> <obj>, putin <obj> <obj>, open <obj>, close <obj>',
    );
    expect(prompts[0]).toMatch(/objects = \['kitchen\.1', 'livingroom\.2', .*'tv\.73'/);
    expect(prompts[0]).toContain('def if_the_tv_is_on_turn_it_off():');
    expect(prompts[0]).toContain("\tassert('close' to 'tv.33')\n\t\telse: walk('tv.33')\n\tswitchoff('tv.33')");
    expect(prompts[0]).toContain('def follow_standing_instructions():\n\t# instruction: If the TV is off, turn it on.');
    expect(prompts.filter((p) => p.includes('def ')).length).toBe(2);
    expect(prompts[1]).toContain("\twalk('tv.73')\n\tassert('tv.73' is 'switchoff')\n\tswitchon('tv.73')");
  });

  it('runs the else branch of an assertion that does not hold', async () => {
    server = await startFakeOpenAiServer({
      script: {
        chat: () =>
          "```python\ndef follow_standing_instructions():\n\tassert('close' to 'tv.73')\n\t\telse: walk('tv.73')\n\tswitchon('tv.73')\n```",
      },
    });
    const world = cottageWorld();
    const agent = new ProgPromptAgent(common(fakeModel(server)));
    const log = await runSteps(agent, world, task(TV_INSTRUCTION), 2);
    expect(log.skills).toEqual(['[walk] <tv> (73)', '[switchon] <tv> (73)']);
    expect(chatPrompts(server)).toHaveLength(1);
  });

  it('counts a call to an unknown object or action, or prose, as an invalid step', async () => {
    const answers = ["\tgrab('unicorn.1')", '\tThe robot should relax.', "\tdance('tv.73')"];
    let calls = 0;
    server = await startFakeOpenAiServer({ script: { chat: () => answers[calls++] ?? "\twalk('kitchen.1')" } });
    const world = cottageWorld();
    const agent = new ProgPromptAgent(common(fakeModel(server)));
    const log = await runSteps(agent, world, task(TV_INSTRUCTION), 4);
    expect(log.skills).toEqual(['[invalid-output]', '[invalid-output]', '[invalid-output]', '[walk] <kitchen> (1)']);
    expect(agent.stats.invalidOutputs).toBe(3);
  });
});

describe('context overflow', () => {
  it('shrinks the retrieved context and asks again', async () => {
    server = await startFakeOpenAiServer({ script: { chat: () => 'walk to kitchen.1' } });
    server.inject({ kind: 'context-overflow' }, 1, '/chat/completions');
    const world = cottageWorld();
    const agent = new LlmPlannerAgent(common(fakeModel(server)));
    const log = await runSteps(agent, world, task(TV_INSTRUCTION, BOOK_INSTRUCTION), 1);
    expect(log.skills).toEqual(['[walk] <kitchen> (1)']);
    expect(agent.stats.contextShrinks).toBe(1);
    const prompts = chatPrompts(server);
    expect(prompts).toHaveLength(2);
    expect(prompts[1].length).toBeLessThan(prompts[0].length);
    expect(prompts[0].match(/Task description:/g)).toHaveLength(4); // 3 examples + the task
    expect(prompts[1].match(/Task description:/g)).toHaveLength(2); // 1 example + the task
  });

  it('gives up with the overflow error when nothing is left to shrink', async () => {
    server = await startFakeOpenAiServer();
    server.inject({ kind: 'context-overflow' }, 20, '/chat/completions');
    const world = cottageWorld();
    const agent = new LlmPlannerAgent(common(fakeModel(server)));
    await agent.reset(task(TV_INSTRUCTION), world.feedback(0));
    await expect(agent.act()).rejects.toBeInstanceOf(ContextOverflowError);
  });

  it('halves every part of the budget down to zero', () => {
    const steps = [];
    let budget = shrinkBudget({ demonstrations: 3, memory: 12, history: 10, objects: 80 });
    while (budget) {
      steps.push(budget);
      budget = shrinkBudget(budget);
    }
    expect(steps[0]).toEqual({ demonstrations: 1, memory: 6, history: 5, objects: 40 });
    expect(steps.at(-1)).toEqual({ demonstrations: 0, memory: 0, history: 0, objects: 0 });
  });
});

describe('invalid output skill', () => {
  it('is refused by the world as an invalid step', () => {
    const world = cottageWorld();
    expect(world.step(INVALID_OUTPUT_SKILL)).toMatchObject({ success: false, errorKind: 'other' });
  });
});
