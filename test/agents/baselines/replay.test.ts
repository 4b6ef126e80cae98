/**
 * Cache then replay: an episode of each baseline recorded against the fake server (answers that vary with the
 * request's seed, so a replay that returned the wrong answers would show) and replayed offline reproduces every
 * skill, with zero server calls.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Agent } from '../../../src/agents/agent.js';
import type { BaselineOptions } from '../../../src/agents/baselines/base.js';
import { LlmPlannerAgent } from '../../../src/agents/baselines/llm-planner.js';
import { ProgPromptAgent } from '../../../src/agents/baselines/progprompt/agent.js';
import { SayCanAgent } from '../../../src/agents/baselines/saycan.js';
import { ZspAgent } from '../../../src/agents/baselines/zsp.js';
import { type EpisodeWorld, VIRTUALHOME_SKILLS } from '../../../src/bench/environment.js';
import { languageModelFromConfig } from '../../../src/llm/config.js';
import type { LanguageModel } from '../../../src/llm/language-model.js';
import { Rng } from '../../../src/util/rng.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../helpers/fake-openai-server.js';
import {
  affordanceOf,
  BOOK_INSTRUCTION,
  cottageWorld,
  demoLibrary,
  runSteps,
  TV_INSTRUCTION,
  task,
} from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'hearth-baseline-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PHRASES = ['walk to kitchen.1', 'walk to tv.73', 'switch on tv.73', 'walk to book.78', 'grab book.78'];
const CALLS = [
  "\twalk('tv.73')\n\tswitchon('tv.73')\n",
  "\twalk('bookshelf.74')\n\tgrab('book.78')\n",
  "\twalk('kitchen.1')\n",
];

type Make = (options: BaselineOptions, world: EpisodeWorld) => Agent;

const AGENTS: [string, Make][] = [
  ['saycan', (options, world) => new SayCanAgent({ ...options, affordance: affordanceOf(world) })],
  ['zsp', (options) => new ZspAgent(options)],
  ['llm-planner', (options) => new LlmPlannerAgent(options)],
  ['progprompt', (options) => new ProgPromptAgent(options)],
];

async function episode(make: Make, llm: LanguageModel): Promise<string[]> {
  const world = cottageWorld();
  const agent = make({ seed: 3, skills: VIRTUALHOME_SKILLS, llm, demonstrations: demoLibrary() }, world);
  const log = await runSteps(agent, world, task(TV_INSTRUCTION, BOOK_INSTRUCTION), 6);
  return log.skills;
}

describe('cache then replay', () => {
  for (const [name, make] of AGENTS) {
    it(`reproduces an episode of ${name} exactly with zero server calls`, async () => {
      server = await startFakeOpenAiServer({
        script: {
          chat: (body, { seed }) => {
            const prompt = body.messages.map((m) => m.content).join('\n');
            return prompt.includes('from actions import') ? new Rng(seed).pick(CALLS) : new Rng(seed).pick(PHRASES);
          },
          tokenLogprob: (context, token) => -((context.length * 31 + token.length) % 11) / 4,
        },
      });
      const file = join(dir, `${name}.sqlite`);
      const recording = languageModelFromConfig({ provider: 'openai', model: 'm', baseUrl: server.url, cache: file });
      const recorded = await episode(make, recording);
      await recording.close();
      const served = server.count();
      expect(served).toBeGreaterThan(0);

      const replaying = languageModelFromConfig({ provider: 'openai', model: 'm', replay: file });
      const replayed = await episode(make, replaying);
      await replaying.close();
      expect(replayed).toEqual(recorded);
      expect(server.count()).toBe(served);
      // The answers mattered: the skills are not all the same.
      expect(new Set(recorded).size).toBeGreaterThan(1);
    });
  }
});
