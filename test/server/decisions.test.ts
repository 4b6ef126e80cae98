/**
 * Decision records (src/util/decisions.ts): with a trace, ExRAP's and DANLI's decisions and every model call follow
 * the protocol's step records, one per step, and the episode's result is the same as without a trace.
 */
import { describe, expect, it } from 'vitest';
import { executeEpisode, loadProtocolModule } from '../../src/bench/execute.js';
import { getProtocol } from '../../src/bench/protocols.js';
import { collectDecisions, recordDecision } from '../../src/util/decisions.js';

const signal = new AbortController().signal;

async function traced(protocol: string, spec: Record<string, unknown>) {
  const module = await loadProtocolModule(getProtocol(protocol).module);
  const full = { key: 'k', seed: 3, ...spec };
  const plain = await executeEpisode(module, full, { trace: false, signal });
  const withTrace = await executeEpisode(module, full, { trace: true, signal });
  if (plain.status !== 'ok' || withTrace.status !== 'ok') throw new Error('episode failed');
  expect(withTrace.result).toEqual(plain.result);
  const records = withTrace.trace as Array<Record<string, unknown>>;
  return {
    steps: records.filter((r) => r.kind === undefined),
    decisions: records.filter((r) => r.kind !== undefined && r.kind !== 'reading'),
    records,
  };
}

describe('decision records', () => {
  it('are built only under a collector, as a snapshot, with the step they belong to', async () => {
    let built = 0;
    recordDecision('x', () => ({ built: ++built }));
    expect(built).toBe(0);
    const list = [1];
    const { records } = await collectDecisions(async () => {
      recordDecision('x', () => ({ list }));
      recordDecision('x', () => ({ t: 7 }));
    });
    list.push(2);
    expect(records).toEqual([
      { t: 0, kind: 'x', list: [1] },
      { t: 7, kind: 'x' },
    ]);
  });

  it("keep ExRAP's queries, retrieved facts and skill values step by step, without changing the result", async () => {
    const spec = { agent: 'exrap', home: 'cottage', nonstationarity: 'high', instructions: 2, steps: 6 };
    const { steps, decisions } = await traced('continual', { ...spec, domain: 'virtualhome', style: 'sentence' });
    expect(steps).toHaveLength(6);
    expect(decisions.map((d) => d.t)).toEqual(steps.map((s) => s.t));
    const first = decisions[0] as {
      queries: Array<{ p: number; entropy: number; retrieved: string[] }>;
      chosen: string;
    };
    expect(first.queries).toHaveLength(2);
    expect(first.queries[0].retrieved.length).toBeGreaterThan(0);
    expect(first.chosen).toBe(steps[0].skill);
  });

  it("keep DANLI's subgoals and plan on an episodic task", async () => {
    const spec = { agent: 'danli', home: 'cottage', task: 'llm-state/open-fridge', family: 'llm-state-simple' };
    const { steps, decisions, records } = await traced('episodic', spec);
    expect(decisions.length).toBe(steps.length);
    // How it read the text comes first, before its first step.
    expect(records[0]).toMatchObject({ t: -1, kind: 'reading', reading: { read: true, reader: 'offline reader' } });
    expect(decisions[0]).toMatchObject({ kind: 'danli', current: 0, subgoals: [expect.stringContaining('fridge')] });
  });
});
