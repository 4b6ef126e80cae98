/**
 * Continual episodes of the LLM baselines through the registry, against the loopback fake server (real HTTP), in
 * this thread: the model reaches the agent wrapped with its own accounting, the episode reports calls and tokens
 * per step, SayCan's affordance comes from the true world without changing it, and an LLM agent without a model is
 * refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsWithoutLlm, getAgent } from '../../../src/agents/registry.js';
import { episodeDetails, runContinualEpisode } from '../../../src/bench/continual/episode.js';
import { closeEpisodeLanguageModels, type EpisodeLlm } from '../../../src/bench/llm.js';
import { LlmRequiredError } from '../../../src/llm/errors.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../helpers/fake-openai-server.js';

const BASELINES = ['zsp', 'saycan', 'progprompt', 'llm-planner'];

describe('LLM baselines in continual episodes', () => {
  let server: FakeOpenAiServer;
  let llm: EpisodeLlm;
  beforeAll(async () => {
    server = await startFakeOpenAiServer();
    llm = { provider: 'openai', model: 'm', baseUrl: server.url };
  });
  afterAll(async () => {
    await closeEpisodeLanguageModels();
    await server?.close();
  });

  const episode = (agent: string) => ({
    agent,
    home: 'cottage',
    nonstationarity: 'medium' as const,
    instructions: 3,
    steps: 5,
    seed: 4,
  });

  it('registers the four baselines as agents that need a model (never run by default)', () => {
    for (const name of BASELINES) {
      expect(getAgent(name).needsLlm).toBe(true);
      expect(agentsWithoutLlm()).not.toContain(name);
    }
    expect(getAgent('saycan').privileges).toEqual(['affordance']);
  });

  it('refuses an LLM agent without a model', async () => {
    await expect(runContinualEpisode(episode('saycan'))).rejects.toThrow(LlmRequiredError);
    await expect(runContinualEpisode(episode('saycan'))).rejects.toThrow(/--llm openai/);
  });

  for (const name of BASELINES) {
    it(`runs ${name} and reports its calls and tokens per step`, async () => {
      const before = server.requests.length;
      const outcome = await runContinualEpisode({ ...episode(name), llm });
      const calls = server.requests.length - before;
      expect(outcome.steps).toHaveLength(5);
      expect(outcome.llmUsage?.calls).toBeGreaterThanOrEqual(5);
      // The ledger counts what the agent asked for; a server request can carry several calls (n samples) but never
      // fewer than one.
      expect(calls).toBeGreaterThanOrEqual(1);
      expect(outcome.metrics.llmCallsPerStep).toBe(outcome.llmUsage!.calls / 5);
      expect(outcome.metrics.promptTokensPerStep).toBe(outcome.llmUsage!.promptTokens / 5);
      const details = episodeDetails(outcome) as { llm: { calls: number }; agent: { decisions: number } };
      expect(details.llm.calls).toBe(outcome.llmUsage!.calls);
      expect(details.agent.decisions).toBe(5);
    });
  }

  it("gives SayCan the world's affordance: a likelier skill the world refuses is passed over", async () => {
    const original = server.script.tokenLogprob;
    // The "model" prefers anything but walking; far from everything, those skills are refused by the world.
    server.script.tokenLogprob = (_context, token) => (token.trim() === 'walk' ? -6 : -1);
    try {
      const outcome = await runContinualEpisode({ ...episode('saycan'), llm: { ...llm, model: 'm' }, seed: 11 });
      expect(outcome.steps.every((step) => step.success)).toBe(true);
      expect(outcome.steps.some((step) => !step.skill.startsWith('walk'))).toBe(true);
    } finally {
      server.script.tokenLogprob = original;
    }
  });

  it('reports no model usage for agents without a model', async () => {
    const outcome = await runContinualEpisode({ ...episode('random'), llm });
    expect(outcome.llmUsage).toBeUndefined();
    expect(outcome.metrics.llmCallsPerStep).toBeNull();
  });
});
