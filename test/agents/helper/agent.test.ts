import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INVALID_OUTPUT_SKILL } from '../../../src/agents/agent.js';
import { adaptGoals } from '../../../src/agents/helper/adapt.js';
import { HelperAgent } from '../../../src/agents/helper/agent.js';
import { HELPER_VARIANTS } from '../../../src/agents/helper/config.js';
import { createHelperAgent, offlineHelperRoles } from '../../../src/agents/helper/index.js';
import { HelperMemory } from '../../../src/agents/helper/memory.js';
import { parseProgram } from '../../../src/agents/helper/program.js';
import { registerAgent, unregisterAgent } from '../../../src/agents/registry.js';
import { homeGraph } from '../../../src/bench/continual/episode.js';
import { EpisodeWorld } from '../../../src/bench/environment.js';
import { runEpisodicEpisode } from '../../../src/bench/episodic/episode.js';
import type { SlipModel } from '../../../src/bench/episodic/noise.js';
import { TEACH_TFD_TASKS } from '../../../src/bench/episodic/tasks/index.js';
import { ProgramMemoryFile } from '../../../src/memory/program-memory.js';
import { VIRTUALHOME_SKILLS } from '../../../src/sim/skill-sets.js';
import { scratchDir } from '../../helpers/scratch.js';

/**
 * A planner that forgets the last block of the first program it adapts (as a model may): the user's feedback must
 * bring it back. Registered as a full HELPER and as one without feedback.
 */
function forgetfulRoles() {
  const roles = offlineHelperRoles();
  let first = true;
  return {
    ...roles,
    planner: {
      implementation: 'offline, forgets a block',
      async plan(input: Parameters<typeof roles.planner.plan>[0]) {
        const answer = await roles.planner.plan(input);
        // A program recalled whole (learned from this dialogue) is kept whole.
        if (!first || input.feedback || answer.record.notes?.recalled) return answer;
        first = false;
        const blocks = answer.value.split(/\n(?=# goal:)/);
        return { ...answer, value: blocks.slice(0, -1).join('\n') };
      },
    },
  };
}
const FORGETFUL = HELPER_VARIANTS.filter((v) => v.name === 'helper' || v.name === 'helper-no-feedback');
afterAll(() => {
  for (const variant of FORGETFUL) unregisterAgent(`${variant.name}-forgetful`);
});
for (const variant of FORGETFUL) {
  registerAgent({
    name: `${variant.name}-forgetful`,
    description: 'test agent',
    privileges: variant.config.feedback ? ['user-feedback'] : [],
    needsLlm: false,
    learns: true,
    protocols: ['episodic'],
    create: (context) =>
      createHelperAgent(context, { ...variant, name: `${variant.name}-forgetful` }, forgetfulRoles()),
  });
}

const dir = scratchDir('helper');

type Stats = {
  feedbackRounds: number;
  answers: string[];
  invalidPlans: number;
  learned: number;
  executor: { givenUp: number; corrections: Record<string, number> };
  roles: Record<string, string>;
  records: { notes?: { missing?: string[] } }[];
};
const statsOf = (outcome: { agentStats?: Record<string, unknown> }) => outcome.agentStats as unknown as Stats;
const run = (agent: string, task: string, seed = 0, extra: object = {}, slipModel?: () => SlipModel) =>
  runEpisodicEpisode({ agent, home: 'cottage', task, seed, ...extra }, slipModel ? { slipModel } : {});

describe('HELPER (offline roles)', () => {
  it('carries out every TEACh-style dialogue in the cottage', async () => {
    for (const task of TEACH_TFD_TASKS) {
      const outcome = await run('helper', task.id);
      expect(outcome.score.sr, task.id).toBe(1);
      expect(statsOf(outcome).roles.planner).toBe('offline (retrieve-and-adapt)');
      expect(statsOf(outcome).roles.memory).toBe('seeded');
    }
  });

  it('without memory augmentation has no example for coffee, and says what it left out', async () => {
    const outcome = await run('helper-no-memory', 'teach-tfd/coffee');
    expect(outcome.score.sr).toBe(0);
    const missing = statsOf(outcome).records.flatMap((r) => r.notes?.missing ?? []);
    expect(missing).toContain('mug(isClean) isFilledWithCoffee');
    expect(statsOf(outcome).roles.memory).toMatch(/fixed prompt/);
  });

  it('corrects a failed action and tries it again; without correction the step is given up', async () => {
    // The first manipulation slips.
    const firstSlips = (): SlipModel => {
      let slipped = false;
      return (_t, skill) => {
        if (slipped || skill.action === 'walk') return false;
        slipped = true;
        return true;
      };
    };
    const corrected = await run('helper', 'teach-tfd/toast', 0, {}, firstSlips);
    expect(corrected.score.sr).toBe(1);
    expect(statsOf(corrected).executor.corrections.slipped).toBe(1);
    const ablated = await run('helper-no-correction', 'teach-tfd/toast', 0, {}, firstSlips);
    expect(statsOf(ablated).executor.givenUp).toBe(1);
  });

  it('asks the user when its program is done and plans again from the answer (not without feedback)', async () => {
    const withFeedback = await run('helper-forgetful', 'teach-tfd/breakfast');
    expect(withFeedback.score.sr).toBe(1);
    expect(statsOf(withFeedback).feedbackRounds).toBe(1);
    expect(statsOf(withFeedback).answers).toEqual([
      'No, not yet. The cooked bread slice needs to be on the clean plate.',
    ]);
    const without = await run('helper-no-feedback-forgetful', 'teach-tfd/breakfast');
    expect(without.score.sr).toBe(0);
    expect(statsOf(without).feedbackRounds).toBe(0);
    expect(statsOf(without).answers).toEqual([]);
  });

  it('takes a program that does not parse as an invalid step, never running it', async () => {
    const variant = HELPER_VARIANTS.find((v) => v.name === 'helper-no-feedback')!;
    const roles = {
      ...offlineHelperRoles(),
      planner: {
        implementation: 'garbage',
        plan: async () => ({
          value: 'import os\nos.system("rm -rf /")',
          record: { role: 'planner' as const, implementation: 'garbage' },
        }),
      },
    };
    const agent = new HelperAgent({
      name: 'helper-garbage',
      config: variant.config,
      roles,
      skills: VIRTUALHOME_SKILLS,
      seed: 0,
      memory: HelperMemory.load('helper', undefined),
    });
    const env = new EpisodeWorld(homeGraph('cottage').clone());
    agent.reset({ protocol: 'episodic', instructions: [{ id: 't', text: 'Make a slice of toast.' }] }, env.feedback(0));
    expect(await agent.act()).toEqual(INVALID_OUTPUT_SKILL);
    const stats = agent.stats() as unknown as Stats & { records: { rejected?: unknown[] }[]; programs: string[] };
    expect(stats.invalidPlans).toBe(1);
    expect(stats.programs).toEqual([]);
    expect(stats.records[0].rejected).toHaveLength(1); // the import is skipped, the call refused
    expect((await agent.act()).action).toBe('walk'); // then it waits
  });
});

describe('HELPER reading the task through the offline reader', () => {
  it('reports its reading: a one-text task read as a one-turn dialogue, a text it cannot read as not read', async () => {
    const oneText = await run('helper', 'llm-state/open-fridge');
    expect(oneText.reading).toMatchObject({
      read: true,
      reader: 'offline reader',
      goal: { subgoals: ['fridge isOpen'] },
    });
    expect(oneText.score.sr).toBe(1);
    const variant = HELPER_VARIANTS.find((v) => v.name === 'helper-no-feedback')!;
    const agent = createHelperAgent({ seed: 0, skills: VIRTUALHOME_SKILLS }, variant, offlineHelperRoles());
    const env = new EpisodeWorld(homeGraph('cottage').clone());
    agent.reset({ protocol: 'episodic', instructions: [{ id: 't', text: 'Browse internet' }] }, env.feedback(0));
    expect(agent.reading()).toMatchObject({ read: false, reader: 'offline reader' });
    expect(agent.reading()?.reason).toMatch(/Browse internet/);
    // No program: it waits (a walk next to something in its room), never a guess.
    expect((await agent.act()).action).toBe('walk');
    expect((agent.stats() as unknown as { programs: string[] }).programs).toEqual([]);
  });

  it('finds furniture in the rooms the catalog keeps it in, and loops over the things on a host or in a room', async () => {
    // On this unseen home the desk, two of the lights and what lies on the kitchen table were out of reach before:
    // the Locator had no place for furniture (a random search), and "all" lost the host and the room.
    for (const task of ['llm-state/book-on-desk', 'llm-state/all-lights-off', 'llm-state/empty-kitchen-table']) {
      const outcome = await runEpisodicEpisode({ agent: 'helper', home: 'gen:51941', task, seed: 0 });
      expect(outcome.score.sr, task).toBe(1);
    }
    const examples = await HelperMemory.load('helper', undefined).retrieve('plan', 'Switch off the light in bedroom.');
    const rooms = adaptGoals(
      [{ patient: ['light'], predicate: 'isToggledOff', count: 'all', room: 'bedroom' }],
      examples,
      [],
    );
    expect(rooms.program).toContain('all_instances("light", landmark="bedroom")');
    const host = adaptGoals(
      [
        {
          patient: ['*'],
          predicate: 'isPlacedTo',
          destination: ['kitchencabinet'],
          count: 'all',
          startOn: ['kitchentable'],
        },
      ],
      examples,
      [],
    );
    expect(host.program).toContain('for thing in all_instances("*", landmark="kitchentable"):');
    expect(parseProgram(host.program).rejected).toEqual([]);
  });

  it('binds a handle written as alternatives ("three pieces of fruit") to instances of any of them', async () => {
    // The cottage's kitchen has one apple, one bananas and one lemon: three fruit of three classes.
    const goal = { patient: ['apple', 'bananas', 'orange', 'lemon'], count: 3, predicate: 'isPlacedTo' as const };
    const examples = await HelperMemory.load('helper', undefined).retrieve('plan', 'Put three fruits in the fridge.');
    const { program } = adaptGoals([{ ...goal, destination: ['fridge'] }], examples, []);
    expect(program.match(/InteractionObject\("apple\|bananas\|orange\|lemon"\)/g)).toHaveLength(3);
    const variant = HELPER_VARIANTS.find((v) => v.name === 'helper-no-feedback')!;
    const roles = {
      ...offlineHelperRoles(),
      planner: {
        implementation: 'fixed',
        plan: async () => ({ value: program, record: { role: 'planner' as const, implementation: 'fixed' } }),
      },
    };
    const agent = createHelperAgent({ seed: 0, skills: VIRTUALHOME_SKILLS }, variant, roles);
    const graph = homeGraph('cottage').clone();
    const env = new EpisodeWorld(graph);
    let feedback = env.feedback(0);
    agent.reset(
      { protocol: 'episodic', instructions: [{ id: 't', text: 'Put three fruits in the fridge.' }] },
      feedback,
    );
    for (let t = 0; t < 40; t++) {
      const skill = await agent.act();
      feedback = env.feedback(t + 1, { skill, outcome: env.step(skill) });
      agent.observe(feedback);
    }
    const fridge = [...graph.idsOfClass('fridge')][0];
    const inFridge = [...graph.sources(fridge, 'INSIDE')].map((id) => graph.get(id).className).sort();
    expect(inFridge).toEqual(expect.arrayContaining(['apple', 'bananas', 'lemon']));
  });
});

describe("HELPER's personalization", () => {
  it('recalls a named routine, changes it as asked, and reaches the changed goal', async () => {
    for (const task of [
      'teach-personal/gabe-sandwich/3',
      'teach-personal/ana-rearrangement/3',
      'teach-personal/ann-cleaning/3',
    ]) {
      const outcome = await run('helper', task);
      expect(outcome.score.sr, task).toBe(1);
      const notes = statsOf(outcome).records[0].notes as { routine?: { found: boolean } };
      expect(notes.routine?.found, task).toBe(true);
    }
  });
});

describe("HELPER's memory expansion", () => {
  const tasks = ['teach-tfd/coffee', 'teach-tfd/breakfast', 'teach-tfd/salad', 'teach-tfd/plate-of-toast'];

  it('learns the confirmed programs, and a second pass with them takes no more steps', async () => {
    const file = join(dir, 'expansion.sqlite');
    const pass = async (n: number) => {
      const outcomes = [];
      for (const task of tasks) outcomes.push(await run('helper-forgetful', task, 0, { learning: { file, pass: n } }));
      return outcomes;
    };
    const first = await pass(1);
    const entries = ProgramMemoryFile.open(file);
    const learned = entries.entries();
    entries.close();
    expect(learned).toHaveLength(first.filter((o) => o.score.sr === 1).length);
    expect(learned.map((e) => [e.agent, e.pass])).toEqual(learned.map(() => ['helper-forgetful', 1]));
    expect(statsOf(first[0]).roles.memory).toMatch(/^learning \(.*expansion\.sqlite, pass 1\)$/);
    const second = await pass(2);
    const steps = (outcomes: typeof first) => outcomes.reduce((sum, o) => sum + o.score.steps, 0);
    expect(steps(second)).toBeLessThanOrEqual(steps(first));
    // Each task needed the user's feedback the first time; the programs learned do not.
    expect(first.map((o) => statsOf(o).feedbackRounds)).toEqual([1, 1, 1, 1]);
    expect(second.map((o) => statsOf(o).feedbackRounds)).toEqual([0, 0, 0, 0]);
  });

  it('ends a killed and resumed run with the same memory as an uninterrupted one', async () => {
    const whole = join(dir, 'whole.sqlite');
    const resumed = join(dir, 'resumed.sqlite');
    for (const task of tasks) await run('helper', task, 0, { learning: { file: whole, pass: 1 } });
    // Killed after two episodes, resumed: the episodes run again in another order, some twice.
    for (const task of tasks.slice(0, 2)) await run('helper', task, 0, { learning: { file: resumed, pass: 1 } });
    for (const task of [...tasks].reverse()) await run('helper', task, 0, { learning: { file: resumed, pass: 1 } });
    const read = (path: string) => {
      const file = ProgramMemoryFile.open(path);
      const out = file.entries();
      file.close();
      return out;
    };
    expect(read(resumed)).toEqual(read(whole));
  });
});
