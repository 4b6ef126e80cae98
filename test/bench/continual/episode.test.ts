import { afterAll, describe, expect, it } from 'vitest';
import type { Agent, StepFeedback, TaskBrief } from '../../../src/agents/agent.js';
import type { AgentContext } from '../../../src/agents/context.js';
import { registerAgent, unregisterAgent } from '../../../src/agents/registry.js';
import { homeGraph, runContinualEpisode } from '../../../src/bench/continual/episode.js';
import { runEpisode } from '../../../src/bench/continual/protocol.js';
import { holds } from '../../../src/sim/conditions.js';
import type { Skill } from '../../../src/sim/skill.js';

/** An agent that records what it is given and always takes the first candidate. */
class Probe implements Agent {
  readonly name = 'probe';
  static last: Probe | undefined;
  task: TaskBrief | undefined;
  feedbacks: StepFeedback[] = [];
  constructor(readonly context: AgentContext) {
    Probe.last = this;
  }
  reset(task: TaskBrief, first: StepFeedback): void {
    this.task = task;
    this.feedbacks = [first];
  }
  act(): Skill {
    return this.feedbacks[this.feedbacks.length - 1].candidates[0];
  }
  observe(feedback: StepFeedback): void {
    this.feedbacks.push(feedback);
  }
}

const PROBES = [
  ['probe-plain', []],
  ['probe-meanings', ['meanings']],
  ['probe-oracle', ['meanings', 'true-state']],
] as const;
for (const [name, privileges] of PROBES) {
  registerAgent({ name, description: 'test probe', privileges, needsLlm: false, create: (c) => new Probe(c) });
}
afterAll(() => {
  for (const [name] of PROBES) unregisterAgent(name);
});

const episode = { home: 'cottage', nonstationarity: 'high', instructions: 5, steps: 40, seed: 3 } as const;

describe('a continual episode', () => {
  it('gives an agent only what its registry entry grants', async () => {
    await runContinualEpisode({ ...episode, agent: 'probe-plain' });
    expect(Probe.last!.task!.meanings).toBeUndefined();
    expect(Probe.last!.context.world).toBeUndefined();
    expect(Probe.last!.task!.instructions).toHaveLength(5);
    await runContinualEpisode({ ...episode, agent: 'probe-meanings' });
    expect(Probe.last!.task!.meanings).toHaveLength(5);
    expect(Probe.last!.context.world).toBeUndefined();
    await runContinualEpisode({ ...episode, agent: 'probe-oracle' });
    expect(Probe.last!.context.world?.graph).toBeDefined();
    // One feedback at the start and one after every step but the last, numbered by step.
    expect(Probe.last!.feedbacks.map((f) => f.t)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(Probe.last!.feedbacks[1].lastSkill).toBeDefined();
  });

  it('hands out texts in the requested style, one brief per summary sentence', async () => {
    const sentence = await runContinualEpisode({ ...episode, agent: 'probe-plain', style: 'sentence' });
    expect(sentence.briefs.map((b) => b.id)).toEqual(sentence.instructions.map((i) => i.id));
    const ambiguous = await runContinualEpisode({ ...episode, agent: 'probe-plain', style: 'ambiguous' });
    expect(ambiguous.briefs.map((b) => b.text)).not.toEqual(sentence.briefs.map((b) => b.text));
    const summarized = await runContinualEpisode({ ...episode, seed: 8, agent: 'probe-plain', style: 'summarized' });
    expect(summarized.briefs.length).toBeLessThanOrEqual(5);
    expect(summarized.briefs.every((b, i) => b.id === `summary-${i + 1}`)).toBe(true);
  });

  it('with --referents all, says "any books" where the home has several and scores every one of them', async () => {
    const home = { ...episode, home: 'gen:11', agent: 'probe-meanings', steps: 10 };
    let widened = 0;
    for (const seed of [1, 2, 3, 4]) {
      const one = await runContinualEpisode({ ...home, seed });
      const all = await runContinualEpisode({ ...home, seed, referents: 'all' });
      expect(all.instructions.map((i) => i.id)).toEqual(one.instructions.map((i) => i.id));
      for (const [i, bound] of all.instructions.entries()) {
        if (bound.objects.length === one.instructions[i].objects.length) continue;
        widened++;
        expect(one.briefs[i].text).toMatch(/^(If the|Make sure the) /);
        expect(all.briefs[i].text).toMatch(/^(If any|Make sure all the) /);
        expect(Probe.last!.task!.meanings![i].execution).toEqual(bound.execution);
      }
    }
    expect(widened).toBeGreaterThan(0);
  });

  it('lets the resident act only after every k-th step, and is the same for the same seed', async () => {
    const a = await runContinualEpisode({ ...episode, agent: 'random', steps: 120 });
    const b = await runContinualEpisode({ ...episode, agent: 'random', steps: 120 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const disturbed = a.steps.filter((s) => s.resident).map((s) => s.t + 1);
    expect(disturbed.every((step) => step % 4 === 0)).toBe(true);
    expect(a.metrics.disturbances).toBe(disturbed.length);
    expect(a.metrics.invalidSteps).toBe(a.steps.filter((s) => !s.success).length);
  });

  it('never undoes a completion before it is measured, and does not act after the last step', async () => {
    const steps = 120; // a multiple of k = 4: the resident's turn after the last step is skipped
    const outcome = await runContinualEpisode({ ...episode, agent: 'oracle', steps });
    const disturbed = outcome.steps.filter((s) => s.resident);
    expect(disturbed.length).toBeGreaterThan(10);
    expect(outcome.steps[steps - 1].resident).toBeUndefined();
    // The disturbed instruction had no open event when the step began: its query was false before and after it.
    for (const step of disturbed) {
      const open = outcome.events.some(
        (e) => e.instruction === step.resident!.instruction && e.start <= step.t && (e.end ?? steps + 1) > step.t,
      );
      expect(open, `step ${step.t}`).toBe(false);
    }
  });

  it('scores events from the true state: every event starts where its query rose and ends where the goal held', async () => {
    const outcome = await runContinualEpisode({ ...episode, agent: 'probe-oracle', steps: 60 });
    const { metrics, events } = outcome;
    expect(metrics.events).toBe(events.length);
    expect(metrics.completed + metrics.open).toBe(metrics.events);
    const started = outcome.steps.flatMap((s) => (s.started ?? []).map((id) => [id, s.t + 1] as const));
    const atZero = events.filter((e) => e.start === 0).length;
    expect(started.length + atZero).toBe(events.length);
    // At the start, each instruction whose query holds in the home has an event at step 0.
    const home = homeGraph('cottage');
    for (const instruction of outcome.instructions) {
      const initially = holds(instruction.query, home);
      expect(events.some((e) => e.instruction === instruction.id && e.start === 0)).toBe(initially);
    }
  });

  it('refuses a spec whose reading of referents it does not know, naming the episode', async () => {
    const spec = {
      key: 'k9',
      seed: 1,
      agent: 'random',
      home: 'cottage',
      nonstationarity: 'low',
      instructions: 3,
    } as const;
    const context = { seed: 1, signal: new AbortController().signal };
    const run = (referents: string) =>
      runEpisode({ ...spec, steps: 5, domain: 'virtualhome', style: 'sentence', referents }, context);
    await expect(run('some')).rejects.toThrow(/episode k9: unknown referents 'some' \(known: one, all\)/);
    await expect(run('all')).resolves.toMatchObject({ metrics: expect.any(Object) });
  });

  it("runs as the runner's protocol module, with a trace of one record per step when asked", async () => {
    const records: unknown[] = [];
    const spec = {
      key: 'k',
      seed: 5,
      agent: 'random',
      home: 'gen:4',
      nonstationarity: 'low',
      instructions: 3,
      steps: 30,
      domain: 'alfred',
      style: 'sentence',
    } as const;
    const result = await runEpisode(spec, {
      seed: 5,
      signal: new AbortController().signal,
      trace: (r) => records.push(r),
    });
    expect(records).toHaveLength(30);
    expect(records[0]).toMatchObject({
      t: 0,
      success: expect.any(Boolean),
      skill: expect.stringMatching(/^\[(goto|pickup|toggle|put|open|close)\]/),
    });
    expect(Object.keys(result.metrics)).toEqual([
      'sr',
      'ps',
      'psCompleted',
      'psAtStart',
      'psAfterChanges',
      'events',
      'completed',
      'open',
      'invalidSteps',
      'disturbances',
      'llmCallsPerStep',
      'promptTokensPerStep',
      'completionTokensPerStep',
    ]);
    const details = result.details as { instructions: string[] };
    expect(details.instructions.every((id) => id.startsWith('al-'))).toBe(true);
  });
});
