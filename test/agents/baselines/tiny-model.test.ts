/**
 * Plumbing with a real in-process model: the tiny stories260k GGUF (1 thread, CPU, a 512-token context) runs an
 * episode of each baseline. It writes children's stories, so its plans are nonsense: only the mechanics are
 * checked (prompts fit after shrinking the context, answers are parsed or counted as invalid steps, every step is
 * taken).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../../src/agents/agent.js';
import type { BaselineOptions, BaselineStats } from '../../../src/agents/baselines/base.js';
import { LlmPlannerAgent } from '../../../src/agents/baselines/llm-planner.js';
import { ProgPromptAgent } from '../../../src/agents/baselines/progprompt/agent.js';
import { SayCanAgent } from '../../../src/agents/baselines/saycan.js';
import { ZspAgent } from '../../../src/agents/baselines/zsp.js';
import { type EpisodeWorld, VIRTUALHOME_SKILLS } from '../../../src/bench/environment.js';
import { createLanguageModel, type LanguageModel } from '../../../src/llm/language-model.js';
import { LlamaCppBackend } from '../../../src/llm/providers/llama-cpp.js';
import { tinyModel } from '../../llm/helpers.js';
import { affordanceOf, cottageWorld, demoLibrary, runSteps, TV_INSTRUCTION, task } from './helpers.js';

const model = tinyModel();
const suite = model.missing ? describe.skip : describe;
if (model.missing) process.stderr.write(`[hearth tests] LLM baselines on a tiny model: ${model.missing}\n`);

type Make = (options: BaselineOptions, world: EpisodeWorld) => Agent & { stats: BaselineStats };

const AGENTS: [string, Make][] = [
  ['saycan', (options, world) => new SayCanAgent({ ...options, affordance: affordanceOf(world) })],
  ['zsp', (options) => new ZspAgent(options)],
  ['llm-planner', (options) => new LlmPlannerAgent(options)],
  ['progprompt', (options) => new ProgPromptAgent(options)],
];

suite(`LLM baselines on stories260k (1 thread)${model.missing ? ` [${model.missing}]` : ''}`, () => {
  let llm: LanguageModel;
  beforeAll(() => {
    llm = createLanguageModel(new LlamaCppBackend({ modelPath: model.path, threads: 1, gpu: false }));
  });
  afterAll(async () => {
    await llm?.close();
  });

  for (const [name, make] of AGENTS) {
    it(`runs an episode of ${name}`, async () => {
      const world = cottageWorld();
      const agent = make({ seed: 1, skills: VIRTUALHOME_SKILLS, llm, demonstrations: demoLibrary() }, world);
      // Two steps: the second follows the first's answer (a parsed step or an invalid one); more only cost time.
      const log = await runSteps(agent, world, task(TV_INSTRUCTION), 2);
      expect(log.skills).toHaveLength(2);
      expect(agent.stats.decisions).toBe(2);
      // The prompts overflow the 512-token context at full size: the retrieved context was shrunk to fit.
      expect(agent.stats.contextShrinks).toBeGreaterThan(0);
      // Unreadable answers are invalid steps, never crashes; SayCan and ZSP always choose an allowed skill.
      if (name === 'saycan' || name === 'zsp') expect(agent.stats.invalidOutputs).toBe(0);
      expect(log.successes.filter((ok) => !ok).length).toBeGreaterThanOrEqual(agent.stats.invalidOutputs);
    });
  }
});
