/**
 * Every episodic method on every episodic family (issue 36): each agent that runs episodic tasks, offline and with a
 * model, on one task of each family, a few steps each (what is checked is that it runs and how it read the text, not
 * how well it does). No episode may fail with an error; the agents that read a goal from the text report their
 * reading, and a text no reader understands (EAI's bare task name "Browse internet") comes out as not read, with the
 * reason. With a model (the loopback OpenAI-compatible stand-in server), every call is recorded and the replay of the
 * recording makes none. ProgPrompt's, EAI's, ALFRED's and TEACh's tasks need ../shared/data: without it those
 * families are skipped with a message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskUnderstanding } from '../../../src/agents/agent.js';
import { agentDefinitions, usesLlm } from '../../../src/agents/registry.js';
import { type EpisodicEpisode, type EpisodicOutcome, runEpisodicEpisode } from '../../../src/bench/episodic/episode.js';
import { episodeLlm, episodeLlmOf } from '../../../src/bench/llm.js';
import { resolveLlmConfig } from '../../../src/llm/config.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../helpers/fake-openai-server.js';
import { FULL_GRIDS } from '../../helpers/full-grids.js';
import { scratchDir } from '../../helpers/scratch.js';
import { missingShared } from '../../helpers/shared-data.js';

const HOME = 'cottage';
/** Steps per episode: enough to read the text and act, few enough to keep the grid small. */
const STEPS = 2;
/**
 * SemGro's skill database off its own families is learnt in the cottage, which its own families train in anyway,
 * instead of the reserved generated home (`--semgro-train`): one database fewer to build (about 10 s of this file's
 * time on 2 cores). What is checked here does not depend on the training home; the choice of the reserved home is
 * tested in test/bench/episodic/semgro.test.ts, its refusal in --homes in test/cli/semgro.test.ts.
 */
const SEMGRO_TRAIN = HOME;

/** One task per family; the data families only where ../shared/data has them. */
const BUILT_IN_TASKS: Readonly<Record<string, string>> = {
  'llm-state-simple': 'llm-state/open-fridge',
  'llm-state-hard': 'llm-state/toasts-2',
  teach: 'teach/coffee',
  'teach-tfd': 'teach-tfd/toast',
  'teach-edh': 'teach-edh/coffee',
  'teach-personal': 'teach-personal/gabe-sandwich/1',
  semgro: 'semgro/ol-1/heat-food/structured',
  'semgro-none': 'semgro/none/heat-food/structured',
};
/** ProgPrompt's task reads; EAI's "Browse internet" is a bare activity name no reader makes a goal of. */
const DATA_TASKS: Readonly<Record<string, { task: string; data: string }>> = {
  progprompt: { task: 'progprompt/env1/put-the-soap-in-the-bathroomcabinet', data: 'progprompt' },
  eai: { task: 'eai/60_1', data: 'eai' },
  // people's words (issue 42): a sliced apple heated, and a real dialogue asking for a boiled potato
  alfred: { task: 'alfred/valid_seen/trial_T20190906_211222_551053/ann0', data: 'alfred' },
  'teach-human': { task: 'teach-human/2623dd6b654da651_0cb3', data: 'teach' },
};
const UNREADABLE = 'eai/60_1';

const missingData = Object.values(DATA_TASKS)
  .map(({ data }) => missingShared(data))
  .find((reason) => reason !== undefined);
if (missingData) process.stderr.write(`[hearth tests] every method on the data families: ${missingData}\n`);
const TASKS: readonly string[] = [
  ...Object.values(BUILT_IN_TASKS),
  ...(missingData ? [] : Object.values(DATA_TASKS).map((d) => d.task)),
];

/** Every agent of the episodic protocol but the unpruned DANLI ablation (seconds per plan; danli's reader). */
const episodic = agentDefinitions().filter((d) => d.protocols?.includes('episodic') && d.name !== 'danli-no-pruning');

/**
 * The tasks an agent runs here. A method's main agent and the references run every family; an ablation is its method's
 * code with one part changed by configuration, so in `npm test` it runs a cover of the families (a dialogue, a
 * shifted-home task, people's words where the data is), each family still run by every method; `npm run
 * test:full-grids` runs every ablation on every family too.
 */
const ABLATION =
  /^(danli-(last-subgoal|no-replanning)|llm-state-no-|helper-no-(memory|precheck|locator|correction)|semgro-)/;
const ABLATION_TASKS: readonly string[] = [
  BUILT_IN_TASKS['teach-tfd'],
  BUILT_IN_TASKS.semgro,
  ...(missingData ? [] : [DATA_TASKS['teach-human'].task]),
];
const tasksOf = (agent: string): readonly string[] => (FULL_GRIDS || !ABLATION.test(agent) ? TASKS : ABLATION_TASKS);
/** The agents that read a goal from the text offline, and so report a reading (not given the meanings; SemGro's
 * reading chains its goals, its retrieval stays text to text). */
const readsOffline = (agent: string) =>
  /^(danli|llm-state|helper|semgro)/.test(agent) &&
  agent !== 'danli-meanings' &&
  agent !== 'helper-llm' &&
  agent !== 'danli-llm';

function checkReading(agent: string, task: string, reading: TaskUnderstanding | undefined): void {
  if (!reading) return;
  expect(typeof reading.read, `${agent} on ${task}`).toBe('boolean');
  expect(reading.reader.length).toBeGreaterThan(0);
  if (!reading.read) expect(reading.reason, `${agent} on ${task}: a reading that failed says why`).toMatch(/\S/);
}

/**
 * Runs each agent on each task it runs here (`tasksOf`), a few steps each, one after the other; an episode that
 * throws is a failure (agent, task, message) and the others go on. `seen` gets each episode's outcome.
 */
async function runGrid(
  agents: readonly { name: string }[],
  llm: EpisodicEpisode['llm'],
  seen: (agent: string, task: string, outcome: EpisodicOutcome) => void,
): Promise<string[]> {
  const failures: string[] = [];
  for (const task of TASKS) {
    for (const { name } of agents) {
      if (!tasksOf(name).includes(task)) continue;
      let outcome: EpisodicOutcome;
      try {
        outcome = await runEpisodicEpisode({
          agent: name,
          home: HOME,
          task,
          seed: 0,
          maxSteps: STEPS,
          semgroTrain: SEMGRO_TRAIN,
          ...(llm && { llm }),
        });
      } catch (error) {
        failures.push(`${name} on ${task}: ${error instanceof Error ? error.message : error}`);
        continue;
      }
      checkReading(name, task, outcome.reading);
      seen(name, task, outcome);
    }
  }
  return failures;
}

describe('every episodic method on every episodic family', () => {
  it('runs offline with no error; the offline readers report their reading, a bare task name not read', async () => {
    const agents = episodic.filter((d) => !d.needsLlm);
    const readings = new Map<string, TaskUnderstanding | undefined>();
    const failures = await runGrid(agents, undefined, (name, task, outcome) => {
      expect(outcome.reading !== undefined, `${name} on ${task} reports a reading`).toBe(readsOffline(name));
      readings.set(`${name} ${task}`, outcome.reading);
    });
    expect(failures).toEqual([]);
    for (const agent of ['danli', 'llm-state', 'helper']) {
      expect(readings.get(`${agent} teach-tfd/toast`)?.read, `${agent} reads a dialogue`).toBe(true);
      // HELPER resolves the named routine from its memory; the others have no memory of routines.
      expect(readings.get(`${agent} teach-personal/gabe-sandwich/1`)?.read).toBe(agent === 'helper');
      if (missingData) continue;
      const unread = readings.get(`${agent} ${UNREADABLE}`);
      expect(unread?.read).toBe(false);
      expect(unread?.reason).toMatch(/Browse internet/);
    }
    expect(readings.get('danli-meanings teach-tfd/toast')).toBeUndefined();
  }, 240_000);

  describe('with a model (loopback OpenAI-compatible server)', () => {
    let server: FakeOpenAiServer;
    const dir = scratchDir('every-method-llm');
    beforeAll(async () => {
      server = await startFakeOpenAiServer();
    });
    afterAll(async () => {
      await server?.close();
    });

    it('runs every LLM variant with no error, records every call, and the replay makes none', async () => {
      // One agent per method and every LLM baseline: the LLM-State and SemGro ablations change no role's prompt.
      const agents = episodic.filter((d) => usesLlm(d) && !/^(llm-state|semgro)-/.test(d.name));
      const recording = `${dir}/recording.sqlite`;
      const record = resolveLlmConfig({ llm: 'openai', baseUrl: server.url, model: 'm', llmCache: recording }, {});
      const run = async (config: ReturnType<typeof resolveLlmConfig>) => {
        const llm = episodeLlmOf(episodeLlm(config!));
        const outcomes: unknown[] = [];
        const failures = await runGrid(agents, llm, (name, task, outcome) => {
          outcomes.push([name, task, outcome.steps, outcome.score]);
        });
        return { failures, outcomes };
      };
      const recorded = await run(record);
      expect(recorded.failures).toEqual([]);
      const calls = server.requests.length;
      expect(calls).toBeGreaterThan(0);
      const replayed = await run(resolveLlmConfig({ llmReplay: recording }, {}));
      expect(replayed.failures).toEqual([]);
      expect(server.requests.length).toBe(calls);
      expect(replayed.outcomes).toEqual(recorded.outcomes);
    }, 240_000);
  });
});
