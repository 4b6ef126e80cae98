import { describe, expect, it } from 'vitest';
import type { ReportLayout } from '../../src/bench/protocol.js';
import {
  buildReport,
  formatMetric,
  formatReport,
  type ReportEpisode,
  reportToCsv,
  reportToJson,
  reportToTable,
} from '../../src/bench/report.js';

const LAYOUT: ReportLayout = {
  groupBy: ['agent', 'home', 'nonstationarity', 'instructions'],
  metrics: [
    { key: 'sr', label: 'SR', percent: true },
    { key: 'ps', label: 'PS' },
    { key: 'psCompleted', label: 'PSc', inTable: false },
  ],
  table: { rows: ['agent'], columns: ['nonstationarity'] },
};

let nextIndex = 0;
function episode(
  agent: string,
  level: string,
  seed: number,
  sr: number,
  ps: number,
  psc: number | null,
): ReportEpisode {
  const key = `agent=${agent} nonstationarity=${level} seed=${seed}`;
  return {
    key,
    index: nextIndex++,
    spec: { key, seed, agent, home: 'h1', nonstationarity: level, instructions: 5, steps: 200 },
    status: 'ok',
    result: { metrics: { sr, ps, psCompleted: psc }, details: { events: 4 } },
  };
}

// oracle/low: SR 0.5, 1, 0.75 -> mean 0.75, s 0.25, ci95 = 4.302653 * 0.25 / sqrt(3) = 0.621034
// oracle/low: PS 10, 12, 14 -> mean 12, s 2, ci95 = 4.302653 * 2 / sqrt(3) = 4.968275
// oracle/low: PSc 4, 6, null -> mean 5, s sqrt(2), ci95 = 12.706205 * 1.414214 / sqrt(2) = 12.706205, n 2
const EPISODES: ReportEpisode[] = [
  episode('oracle', 'low', 0, 0.5, 10, 4),
  episode('oracle', 'low', 1, 1, 12, 6),
  episode('oracle', 'low', 2, 0.75, 14, null),
  episode('random', 'low', 0, 0.25, 20, 9),
  episode('random', 'low', 1, 0.25, 20, 9),
  episode('oracle', 'high', 0, 0.5, 11, 3),
  episode('oracle', 'high', 1, 0.5, 13, 5),
  {
    key: 'agent=random nonstationarity=high seed=0',
    index: nextIndex++,
    spec: { key: 'x', seed: 0, agent: 'random', home: 'h1', nonstationarity: 'high', instructions: 5 },
    status: 'failed',
    error: 'Error: the agent fell over\n    at Agent.act (agent.ts:1:1)',
  },
];

function report(episodes: readonly ReportEpisode[] = EPISODES) {
  return buildReport({
    protocol: 'continual',
    config: { seeds: [0, 1, 2] },
    layout: LAYOUT,
    totalEpisodes: 9,
    episodes,
  });
}

describe('report rows', () => {
  it('groups by the layout fields in order of first appearance, with mean and ci95 worked by hand', () => {
    const { rows } = report();
    expect(rows.map((r) => [r.agent, r.nonstationarity])).toEqual([
      ['oracle', 'low'],
      ['random', 'low'],
      ['oracle', 'high'],
    ]);
    expect(rows[0]).toEqual({
      agent: 'oracle',
      home: 'h1',
      nonstationarity: 'low',
      instructions: 5,
      episodes: 3,
      sr: { mean: 0.75, ci95: 0.621034 },
      ps: { mean: 12, ci95: 4.968275 },
      psCompleted: { mean: 5, ci95: 12.706205, n: 2 },
    });
    // The continual protocol's JSON row shape, in this key order.
    expect(Object.keys(rows[0])).toEqual([
      'agent',
      'home',
      'nonstationarity',
      'instructions',
      'episodes',
      'sr',
      'ps',
      'psCompleted',
    ]);
    expect(rows[1].sr).toEqual({ mean: 0.25, ci95: 0 });
  });

  it('counts and lists failed episodes (first line of the error) apart from the means', () => {
    const r = report();
    expect(r.episodes).toEqual({ total: 9, ok: 7, failed: 1, missing: 1 });
    expect(r.failures).toEqual([
      { key: 'agent=random nonstationarity=high seed=0', error: 'Error: the agent fell over' },
    ]);
    expect(r.rows.some((row) => row.agent === 'random' && row.nonstationarity === 'high')).toBe(false);
  });

  it('gives null for what one episode cannot tell', () => {
    const single = buildReport({
      protocol: 'continual',
      config: {},
      layout: LAYOUT,
      totalEpisodes: 1,
      episodes: [episode('oracle', 'low', 0, 0.5, 10, null)],
    });
    expect(single.rows[0].sr).toEqual({ mean: 0.5, ci95: null });
    expect(single.rows[0].psCompleted).toEqual({ mean: null, ci95: null, n: 0 });
  });
});

describe('report output', () => {
  it('JSON is one object with the results first and is byte-identical whatever the order episodes come in', () => {
    const json = reportToJson(report());
    const shuffled = [...EPISODES].reverse();
    expect(reportToJson(report(shuffled))).toBe(json);
    const parsed = JSON.parse(json);
    expect(Object.keys(parsed)).toEqual(['results', 'protocol', 'episodes', 'failures', 'config']);
    expect(parsed.results).toHaveLength(3);
    expect(json).not.toMatch(/ms|time|created/i);
  });

  it('CSV has one line per row with mean, ci95 and n per metric', () => {
    const lines = reportToCsv(report()).trimEnd().split('\n');
    expect(lines[0]).toBe(
      'agent,home,nonstationarity,instructions,episodes,sr_mean,sr_ci95,sr_n,ps_mean,ps_ci95,ps_n,' +
        'psCompleted_mean,psCompleted_ci95,psCompleted_n',
    );
    expect(lines[1]).toBe('oracle,h1,low,5,3,0.75,0.621034,3,12,4.968275,3,5,12.706205,2');
    expect(lines).toHaveLength(4);
  });

  it('CSV quotes fields with commas or quotes', () => {
    const odd = episode('oracle', 'low', 0, 1, 1, 1);
    const r = buildReport({
      protocol: 'continual',
      config: {},
      layout: LAYOUT,
      totalEpisodes: 1,
      episodes: [{ ...odd, spec: { ...odd.spec, home: 'my "home", v2.json' } }],
    });
    expect(reportToCsv(r).split('\n')[1]).toMatch(/^oracle,"my ""home"", v2\.json",low,/);
  });

  it('the text table has the papers layout: rows by agent, column groups by level, mean +- ci95 cells', () => {
    const table = reportToTable(report());
    const lines = table.split('\n');
    expect(lines[0]).toBe('continual: home h1, instructions 5');
    expect(table).toContain('nonstationarity low');
    expect(table).toContain('nonstationarity high');
    const oracle = lines.find((line) => line.startsWith('oracle'))!;
    expect(oracle).toContain('75.0% +- 62.1%');
    expect(oracle).toContain('12.00 +- 4.97');
    expect(oracle).toContain('50.0% +- 0.0%');
    expect(table).not.toContain('PSc'); // inTable: false
    const random = lines.find((line) => line.startsWith('random'))!;
    expect(random).toContain('25.0% +- 0.0%');
    expect(table).toContain('failed: 1 episode(s), left out of the means:');
    expect(table).toContain('  agent=random nonstationarity=high seed=0: Error: the agent fell over');
    expect(table).toContain('missing: 1 of 9 episodes not run yet');
    // Unequal episode counts per cell: an n column is shown.
    expect(lines[3]).toMatch(/SR\s+PS\s+n \| SR/);
  });

  it('shows the metrics --columns names, in that order, hidden ones included; an unknown one is refused', () => {
    const lines = reportToTable(report(), ['psCompleted', 'sr']).split('\n');
    expect(lines[3]).toMatch(/^agent\s+\| PSc\s+SR\s+n \| PSc\s+SR\s+n$/);
    const oracle = lines.find((line) => line.startsWith('oracle'))!;
    expect(oracle).toMatch(/5\.00 \+- 12\.71\s+75\.0% \+- 62\.1%/);
    expect(oracle).not.toContain('12.00 +- 4.97'); // PS is not asked for
    expect(() => reportToTable(report(), ['sr', 'steps'])).toThrow(
      "--columns: unknown metric 'steps' (this protocol's metrics: sr, ps, psCompleted)",
    );
    expect(formatReport(report(), 'json', ['sr'])).toBe(reportToJson(report())); // JSON keeps every metric
  });

  it('formats metrics as the papers print them', () => {
    expect(formatMetric({ mean: 0.551, ci95: 0.066 }, { key: 'sr', label: 'SR', percent: true })).toBe('55.1% +- 6.6%');
    expect(formatMetric({ mean: 11.333, ci95: 1.921 }, { key: 'ps', label: 'PS' })).toBe('11.33 +- 1.92');
    expect(formatMetric({ mean: 11.333, ci95: null }, { key: 'ps', label: 'PS' })).toBe('11.33 +- n/a');
    expect(formatMetric({ mean: null, ci95: null }, { key: 'ps', label: 'PS', digits: 1 })).toBe('n/a');
  });
});

describe('the roles an agent says ran', () => {
  it('are listed under the table and in the JSON, per agent, when its episodes record them', () => {
    const withRoles = (agent: string, seed: number, policy: string): ReportEpisode => {
      const base = episode(agent, 'low', seed, 1, 5, 5);
      const roles = { attention: 'offline: closure', policy };
      return { ...base, result: { ...base.result!, details: { agent: { roles } } } };
    };
    const report = buildReport({
      protocol: 'test',
      config: {},
      layout: LAYOUT,
      totalEpisodes: 3,
      episodes: [
        withRoles('llm-state', 0, 'offline: planner'),
        withRoles('llm-state', 1, 'llm: plans'),
        episode('random', 'low', 0, 0, 1, 1),
      ],
    });
    expect(report.roles).toEqual({
      'llm-state': { attention: 'offline: closure', policy: 'offline: planner / llm: plans' },
    });
    expect(reportToTable(report)).toContain(
      'llm-state: attention: offline: closure; policy: offline: planner / llm: plans',
    );
    expect(JSON.parse(reportToJson(report)).roles).toEqual(report.roles);
    const none = buildReport({
      protocol: 'test',
      config: {},
      layout: LAYOUT,
      totalEpisodes: 1,
      episodes: [EPISODES[0]],
    });
    expect(none.roles).toBeUndefined();
    expect(JSON.parse(reportToJson(none))).not.toHaveProperty('roles');
  });
});

describe('weighted aggregates', () => {
  it('give one figure per row, the mean of a metric weighted by another (TEACh: GC over all conditions)', () => {
    const layout: ReportLayout = {
      groupBy: ['agent'],
      metrics: [
        { key: 'gc', label: 'GC', percent: true },
        { key: 'conditions', label: 'conditions' },
        { key: 'gcAll', label: 'GC (all)', percent: true, weighted: { of: 'gc', weightBy: 'conditions' } },
      ],
    };
    const run = (seed: number, gc: number, conditions: number): ReportEpisode => ({
      key: `s${seed}`,
      index: seed,
      spec: { agent: 'a', seed },
      status: 'ok',
      result: { metrics: { gc, conditions } },
    });
    // 1 of 1 condition and 1 of 4: the mean of GC is 0.625, GC over the 5 conditions is 2/5.
    const report = buildReport({
      protocol: 't',
      config: {},
      layout,
      totalEpisodes: 2,
      episodes: [run(0, 1, 1), run(1, 0.25, 4)],
    });
    expect(report.rows[0].gc).toMatchObject({ mean: 0.625 });
    expect(report.rows[0].gcAll).toEqual({ mean: 0.4, ci95: null });
  });
});

describe('privileged agents', () => {
  // oracle runs first in spec order; helper-like `asker` is given a simulated user; random is given nothing.
  const episodes = [
    episode('oracle', 'low', 0, 1, 10, 10),
    episode('asker', 'low', 0, 0.5, 12, 12),
    episode('random', 'low', 0, 0.25, 20, 20),
    episode('oracle', 'low', 1, 1, 11, 11),
    episode('asker', 'low', 1, 0.5, 13, 13),
    episode('random', 'low', 1, 0, 21, 21),
  ];
  const references = { oracle: ['meanings', 'true-state'], asker: ['user-feedback'] };
  const privileged = (pairedWith?: string) =>
    buildReport({
      protocol: 'continual',
      config: {},
      layout: LAYOUT,
      totalEpisodes: episodes.length,
      episodes,
      references,
      ...(pairedWith && { pairedWith }),
    });

  it('come after the others in the rows, each part in spec order, and JSON keeps their names', () => {
    const report = privileged();
    expect(report.rows.map((row) => row.agent)).toEqual(['random', 'oracle', 'asker']);
    expect(report.references).toEqual(references);
    expect(JSON.parse(reportToJson(report)).results.map((row: { agent: string }) => row.agent)).toEqual([
      'random',
      'oracle',
      'asker',
    ]);
  });

  it('are named in the table with what each is given, listed last, with each privilege in words below', () => {
    const table = reportToTable(privileged());
    const lines = table.split('\n');
    const labels = lines.filter((line) => /^(random|oracle|asker)\b/.test(line)).map((line) => line.split(' |')[0]);
    expect(labels.map((label) => label.trim())).toEqual([
      'random',
      'oracle [meanings, true-state]',
      'asker [user-feedback]',
    ]);
    expect(table).toContain(
      '[...] given to a privileged agent, which the others must find out for themselves (privileged rows come last):\n' +
        "  meanings: the task's structured goal (or the instructions' meanings) instead of reading the text\n" +
        '  true-state: the true state of the home\n' +
        '  user-feedback: a simulated user who says which goal conditions are unmet\n',
    );
    expect(table).not.toMatch(/ \*\s/);
  });

  it('come last in the paired comparison too, and a privileged reference is named with what it is given', () => {
    const report = privileged('oracle');
    expect(report.paired?.rows.map((row) => row.agent)).toEqual(['random', 'asker']);
    const table = reportToTable(report);
    expect(table).toContain('paired with oracle [meanings, true-state]: oracle minus each agent');
    const paired = table.slice(table.indexOf('paired with'));
    expect(paired.indexOf('\nasker [user-feedback]')).toBeGreaterThan(paired.indexOf('\nrandom'));
  });

  it('are not footnoted when the report has none', () => {
    expect(reportToTable(report())).not.toContain('privileged');
  });
});
