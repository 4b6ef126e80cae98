import { describe, expect, it } from 'vitest';
import { parseGridOptions } from '../../src/bench/grid.js';
import { checkPoolFields } from '../../src/bench/paired.js';
import type { ReportLayout } from '../../src/bench/protocol.js';
import { buildReport, type ReportEpisode, reportToJson, reportToTable } from '../../src/bench/report.js';
import { tempStore, toyGridRun } from '../fixtures/toy-runs.js';

const LAYOUT: ReportLayout = {
  groupBy: ['agent', 'home', 'nonstationarity'],
  metrics: [
    { key: 'sr', label: 'SR', percent: true, better: 'higher' },
    { key: 'ps', label: 'PS', better: 'lower' },
    { key: 'events', label: 'events', inTable: false },
  ],
  table: { rows: ['agent'], columns: ['nonstationarity'] },
};

let nextIndex = 0;
function episode(
  agent: string,
  seed: number,
  metrics: { sr: number; ps: number | null; events?: number },
  extra: Record<string, string> = {},
): ReportEpisode {
  const key = `agent=${agent} seed=${seed} ${JSON.stringify(extra)}`;
  return {
    key,
    index: nextIndex++,
    spec: { key, agent, home: 'h1', nonstationarity: 'low', seed, ...extra },
    status: 'ok',
    result: { metrics: { events: 4, ...metrics } },
  };
}

function paired(episodes: readonly ReportEpisode[], reference = 'exrap') {
  return buildReport({
    protocol: 'continual',
    config: {},
    layout: LAYOUT,
    totalEpisodes: episodes.length,
    episodes,
    pairedWith: reference,
  });
}

describe('paired comparison', () => {
  // exrap - greedy per seed: SR +0.25, 0, -0.25, +0.5 -> mean 0.125, s = 0.3227486, ci95 = 3.182446 * s / 2 = 0.513565
  // PS 8-10, 9-9, 12-10, 7-9 = -2, 0, +2, -2 -> mean -0.5, s = 1.914854, ci95 = 3.182446 * s / 2 = 3.04696
  const EPISODES = [
    episode('exrap', 0, { sr: 1, ps: 8 }),
    episode('exrap', 1, { sr: 0.75, ps: 9 }),
    episode('exrap', 2, { sr: 0.5, ps: 12 }),
    episode('exrap', 3, { sr: 1, ps: 7 }),
    episode('greedy', 0, { sr: 0.75, ps: 10 }),
    episode('greedy', 1, { sr: 0.75, ps: 9 }),
    episode('greedy', 2, { sr: 0.75, ps: 10 }),
    episode('greedy', 3, { sr: 0.5, ps: 9 }),
  ];

  it('gives the mean and paired t interval of reference minus agent, and episodes better / tied / worse', () => {
    const report = paired(EPISODES);
    expect(report.paired?.reference).toBe('exrap');
    expect(report.paired?.rows).toEqual([
      {
        agent: 'greedy',
        home: 'h1',
        nonstationarity: 'low',
        pairs: 4,
        sr: { mean: 0.125, ci95: 0.513565, better: 2, tied: 1, worse: 1 },
        // lower PS is better: -2 counts for exrap
        ps: { mean: -0.5, ci95: 3.04696, better: 2, tied: 1, worse: 1 },
        events: { mean: 0, ci95: 0 },
      },
    ]);
  });

  it('pairs on every spec field but the agent own ones, so a different setting or seed is no pair', () => {
    const report = paired([
      episode('exrap', 0, { sr: 1, ps: 5 }, { style: 'sentence' }),
      episode('greedy', 0, { sr: 0.5, ps: 7 }, { style: 'ambiguous' }),
      episode('greedy', 1, { sr: 0.5, ps: 7 }, { style: 'sentence' }),
      episode('random', 0, { sr: 0, ps: 200 }, { style: 'sentence' }),
    ]);
    expect(report.paired?.rows.map((row) => [row.agent, row.pairs])).toEqual([['random', 1]]);
    expect(report.paired?.rows[0].sr).toEqual({ mean: 1, ci95: null, better: 1, tied: 0, worse: 0 });
  });

  it('leaves out pairs where either episode has no value, and says how many remain', () => {
    const report = paired([
      episode('exrap', 0, { sr: 1, ps: null }),
      episode('exrap', 1, { sr: 1, ps: 4 }),
      episode('exrap', 2, { sr: 1, ps: 6 }),
      episode('greedy', 0, { sr: 1, ps: 3 }),
      episode('greedy', 1, { sr: 1, ps: 3 }),
      episode('greedy', 2, { sr: 1, ps: 3 }),
    ]);
    expect(report.paired?.rows[0].ps).toEqual({ mean: 2, ci95: 12.706205, n: 2, better: 0, tied: 0, worse: 2 });
    expect(report.paired?.rows[0].sr).toMatchObject({ mean: 0, better: 0, tied: 3, worse: 0 });
  });

  it('skips failed episodes on either side', () => {
    const failed: ReportEpisode = { ...episode('greedy', 1, { sr: 0, ps: 0 }), status: 'failed', error: 'boom' };
    const report = paired([...EPISODES.slice(0, 5), failed]);
    expect(report.paired?.rows[0].pairs).toBe(1);
  });

  it('prints signed differences with their counts after the main table, and is absent unless asked for', () => {
    const table = reportToTable(paired(EPISODES));
    expect(table).toContain('paired with exrap: exrap minus each agent, episode by episode');
    expect(table).toContain('paired with exrap: home h1 (4 pairs per cell)');
    expect(table).toMatch(/greedy +\| \+12\.5% \+- 51\.4% \(2\/1\/1\) +-0\.50 \+- 3\.05 \(2\/1\/1\)/);
    const plain = buildReport({
      protocol: 'continual',
      config: {},
      layout: LAYOUT,
      totalEpisodes: EPISODES.length,
      episodes: EPISODES,
    });
    expect(plain.paired).toBeUndefined();
    expect(reportToTable(plain)).not.toContain('paired');
    expect(reportToJson(plain)).not.toContain('paired');
  });

  it('prints a difference that rounds to zero without a sign', () => {
    const report = paired([episode('exrap', 0, { sr: 0.9999, ps: 5.001 }), episode('greedy', 0, { sr: 1, ps: 5 })]);
    expect(reportToTable(report)).toMatch(/greedy +\| 0\.0% \+- n\/a \(0\/0\/1\) +0\.00 \+- n\/a \(0\/0\/1\)/);
  });

  it('pools the pairs of several homes into one more row per agent and level when asked, after the per-home rows', () => {
    // h1: exrap - greedy PS -2, 0 (seeds 0, 1); h2: -1, -3 -> pooled -2, 0, -1, -3: mean -1.5, s = 1.290994,
    // ci95 = 3.182446 * s / 2 = 2.05426
    const h2 = { home: 'h2' };
    const episodes = [
      episode('exrap', 0, { sr: 1, ps: 8 }),
      episode('exrap', 1, { sr: 1, ps: 9 }),
      episode('exrap', 0, { sr: 1, ps: 5 }, h2),
      episode('exrap', 1, { sr: 1, ps: 4 }, h2),
      episode('greedy', 0, { sr: 1, ps: 10 }),
      episode('greedy', 1, { sr: 1, ps: 9 }),
      episode('greedy', 0, { sr: 1, ps: 6 }, h2),
      episode('greedy', 1, { sr: 1, ps: 7 }, h2),
    ];
    const report = buildReport({
      protocol: 'continual',
      config: {},
      layout: LAYOUT,
      totalEpisodes: episodes.length,
      episodes,
      pairedWith: 'exrap',
      pairedPool: ['home'],
    });
    const rows = report.paired?.rows ?? [];
    expect(rows.map((row) => [row.home, row.pairs])).toEqual([
      ['h1', 2],
      ['h2', 2],
      ['all', 4],
    ]);
    expect(rows[2].ps).toEqual({ mean: -1.5, ci95: 2.05426, better: 3, tied: 1, worse: 0 });
    expect(report.paired?.pooled).toEqual(['home']);
    expect(reportToTable(report)).toContain('paired with exrap: home all (4 pairs per cell)');
    expect(JSON.parse(reportToJson(report)).paired.pooled).toEqual(['home']);
    // One home: nothing to pool, no repeated row.
    const one = buildReport({
      ...report,
      totalEpisodes: 4,
      episodes: episodes.slice(0, 2).concat(episodes.slice(4, 6)),
      pairedWith: 'exrap',
      pairedPool: ['home'],
    });
    expect(one.paired?.rows.map((row) => row.home)).toEqual(['h1']);
  });

  it('puts the comparison in the JSON after the results', () => {
    const document = JSON.parse(reportToJson(paired(EPISODES)));
    expect(Object.keys(document)).toEqual(['results', 'paired', 'protocol', 'episodes', 'failures', 'config']);
    expect(document.paired.reference).toBe('exrap');
    expect(document.paired.results[0].ps.mean).toBe(-0.5);
    expect(Object.keys(document.paired.results[0].ps)).toEqual(['mean', 'ci95', 'better', 'tied', 'worse']);
  });
});

describe('--paired', () => {
  const known = { knownAgents: ['exrap', 'greedy', 'random'] };
  const flags = {
    agents: 'exrap,greedy',
    homes: 'gen:1',
    nonstationarity: 'low',
    instructions: '5',
    seeds: '2',
    steps: '200',
  };

  it('takes an agent of the run', () => {
    expect(parseGridOptions({ ...flags, paired: 'exrap' }, known).paired).toBe('exrap');
    expect(parseGridOptions(flags, known).paired).toBeUndefined();
  });

  it('refuses an agent not in --agents, a run of one agent, and CSV output', () => {
    expect(() => parseGridOptions({ ...flags, paired: 'random' }, known)).toThrow(
      "--paired: agent 'random' is not among --agents (exrap,greedy)",
    );
    expect(() => parseGridOptions({ ...flags, agents: 'exrap', paired: 'exrap' }, known)).toThrow(
      'needs at least one other agent',
    );
    expect(() => parseGridOptions({ ...flags, paired: 'exrap', csv: true }, known)).toThrow('not --csv');
  });

  it('pools only with --paired, and only over the layout group fields other than the agent', () => {
    expect(parseGridOptions({ ...flags, paired: 'exrap', pool: 'home' }, known).pool).toEqual(['home']);
    expect(() => parseGridOptions({ ...flags, pool: 'home' }, known)).toThrow('use it with --paired AGENT');
    expect(() => checkPoolFields(LAYOUT, ['agent'])).toThrow(
      "--pool: 'agent' is not a field to pool over (this protocol's: home, nonstationarity)",
    );
    expect(() => checkPoolFields(LAYOUT, ['home', 'nonstationarity'])).not.toThrow();
  });

  it('reaches the report of a run', async () => {
    const { run } = toyGridRun({
      agents: 'steady,noisy',
      homes: 'gen:1',
      nonstationarity: 'low',
      instructions: '3',
      seeds: '3',
      steps: '50',
      store: tempStore(),
      workers: '0',
      paired: 'steady',
    });
    const { report } = await run();
    expect(report.paired?.reference).toBe('steady');
    expect(report.paired?.rows.map((row) => [row.agent, row.pairs])).toEqual([['noisy', 3]]);
  });
});
