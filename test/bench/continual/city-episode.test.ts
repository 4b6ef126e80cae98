/**
 * Every continual agent in the delivery city (issue 29): the model-free ones (Oracle, the heuristics in both
 * readings, ExRAP and its ablations with offline roles, Random) on a short episode, and the LLM ones against the
 * loopback fake server (real HTTP) on one short episode each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runContinualEpisode } from '../../../src/bench/continual/episode.js';
import { closeEpisodeLanguageModels, type EpisodeLlm } from '../../../src/bench/llm.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../helpers/fake-openai-server.js';

const OFFLINE = [
  'oracle',
  'greedy',
  'multi-instruction-first',
  'max-staleness-first',
  'greedy-text',
  'multi-instruction-first-text',
  'max-staleness-first-text',
  'exrap',
  'exrap-tc',
  'exrap-exp',
];
const WITH_MODEL = ['zsp', 'saycan', 'progprompt', 'llm-planner', 'exrap-llm'];

const episode = (agent: string, steps: number) => ({
  agent,
  home: 'harbour',
  nonstationarity: 'medium' as const,
  instructions: 3,
  steps,
  seed: 1,
  domain: 'city' as const,
});

describe('continual agents in the city', () => {
  for (const agent of OFFLINE) {
    it(`${agent} drives, loads and unloads with no refused skill and completes deliveries`, async () => {
      const outcome = await runContinualEpisode(episode(agent, 30));
      expect(outcome.metrics.invalidSteps).toBe(0);
      expect(outcome.metrics.completed).toBeGreaterThan(0);
      expect(outcome.steps.some((s) => s.skill.startsWith('[unload]'))).toBe(true);
    });
  }

  it('the Oracle completes every delivery at low non-stationarity', async () => {
    const outcome = await runContinualEpisode({ ...episode('oracle', 200), nonstationarity: 'low', instructions: 5 });
    expect(outcome.metrics.sr).toBeGreaterThanOrEqual(0.9);
  });

  describe('with a model (loopback fake server)', () => {
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

    for (const agent of WITH_MODEL) {
      it(`${agent} asks the model about the city's skills and takes a step each turn`, async () => {
        const before = server.requests.length;
        const outcome = await runContinualEpisode({ ...episode(agent, 4), llm });
        expect(outcome.steps).toHaveLength(4);
        expect(outcome.llmUsage?.calls).toBeGreaterThanOrEqual(1);
        const prompts = server.requests.slice(before).map((r) => JSON.stringify(r.body));
        expect(prompts.some((p) => /turn (left|right) onto|go straight onto|goods from the/.test(p))).toBe(true);
      });
    }
  });
});
