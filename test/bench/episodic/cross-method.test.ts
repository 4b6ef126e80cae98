/**
 * The cross-method table from stored episodes (no episode is run): pooling over homes and seeds, one section per
 * home on request, references last and marked with what they are given, the read share, failed and short cells, and
 * the same table as JSON and CSV.
 */
import { describe, expect, it } from 'vitest';
import {
  buildCrossMethod,
  crossMethodToCsv,
  crossMethodToTable,
  formatRunReport,
} from '../../../src/bench/episodic/cross-method.js';
import { EPISODIC_LAYOUT } from '../../../src/bench/episodic/layout.js';
import { buildReport, type ReportEpisode } from '../../../src/bench/report.js';

let nextIndex = 0;

function episode(
  agent: string,
  family: string,
  home: string,
  seed: number,
  metrics: { sr: number; gc: number; read?: number | null },
): ReportEpisode {
  const key = `agent=${agent} home=${home} task=${family}/t seed=${seed}`;
  return {
    key,
    index: nextIndex++,
    spec: { key, agent, home, task: `${family}/t`, family, seed },
    status: 'ok',
    result: {
      metrics: { read: null, ...metrics },
      ...(agent === 'reader' && { details: { agent: { roles: { policy: 'offline: a planner' } } } }),
    },
  };
}

function failed(agent: string, family: string, home: string, seed: number, error: string): ReportEpisode {
  const key = `agent=${agent} home=${home} task=${family}/t seed=${seed}`;
  return {
    key,
    index: nextIndex++,
    spec: { key, agent, home, task: `${family}/t`, family, seed },
    status: 'failed',
    error,
  };
}

const REFERENCES = { oracle: ['meanings', 'true-state'], helper: ['user-feedback'] };

/**
 * Two homes, two families, two seeds. The reference `oracle` comes first in spec order and must be listed last.
 * reader on alpha: SR 1, 0 (home a), 1, 1 (home b) -> pooled 0.75; reads 3 of 4.
 */
const EPISODES: ReportEpisode[] = [
  episode('oracle', 'alpha', 'a', 0, { sr: 1, gc: 1 }),
  episode('oracle', 'alpha', 'a', 1, { sr: 1, gc: 1 }),
  episode('oracle', 'alpha', 'b', 0, { sr: 1, gc: 1 }),
  episode('oracle', 'alpha', 'b', 1, { sr: 1, gc: 1 }),
  episode('oracle', 'beta', 'a', 0, { sr: 1, gc: 1 }),
  episode('oracle', 'beta', 'a', 1, { sr: 1, gc: 1 }),
  episode('reader', 'alpha', 'a', 0, { sr: 1, gc: 1, read: 1 }),
  episode('reader', 'alpha', 'a', 1, { sr: 0, gc: 0.5, read: 0 }),
  episode('reader', 'alpha', 'b', 0, { sr: 1, gc: 1, read: 1 }),
  episode('reader', 'alpha', 'b', 1, { sr: 1, gc: 1, read: 1 }),
  episode('reader', 'beta', 'a', 0, { sr: 0, gc: 0.25, read: 1 }),
  episode('reader', 'beta', 'a', 1, { sr: 0, gc: 0.75, read: 1 }),
  failed('broken', 'alpha', 'a', 0, 'InputError: no skill database\n  at somewhere'),
  failed('broken', 'alpha', 'a', 1, 'InputError: no skill database'),
  failed('broken', 'alpha', 'b', 0, 'InputError: no skill database'),
  failed('broken', 'alpha', 'b', 1, 'InputError: no skill database'),
  episode('broken', 'beta', 'a', 0, { sr: 1, gc: 1, read: 1 }),
  failed('broken', 'beta', 'a', 1, 'TypeError: boom'),
];

function reportOf(episodes: readonly ReportEpisode[], perHome = false) {
  const report = buildReport({
    protocol: 'episodic',
    config: {},
    layout: EPISODIC_LAYOUT,
    totalEpisodes: episodes.length + 2,
    episodes,
    references: REFERENCES,
  });
  report.crossMethod = buildCrossMethod(episodes, { layout: EPISODIC_LAYOUT, references: REFERENCES, perHome });
  return report;
}

describe('the cross-method table', () => {
  it('pools every home and seed into one cell per agent and family, references listed last', () => {
    const table = buildCrossMethod(EPISODES, { layout: EPISODIC_LAYOUT, references: REFERENCES });
    expect(table.seeds).toEqual([0, 1]);
    expect(table.sections).toHaveLength(1);
    const [section] = table.sections;
    expect(section.homes).toEqual(['a', 'b']);
    expect(section.families).toEqual(['alpha', 'beta']);
    expect(section.episodes).toEqual({ alpha: 4, beta: 2 });
    expect(section.rows.map((row) => [row.agent, row.reference])).toEqual([
      ['reader', false],
      ['broken', false],
      ['oracle', true],
    ]);
    const reader = section.rows[0];
    // SR 1, 0, 1, 1: mean 0.75, s = 0.5, t(0.975, 3) = 3.182446 -> half-width 0.795612; Wilson's 3 of 4: [0.30, 0.95].
    expect(reader.cells.alpha.metrics.sr).toEqual({ mean: 0.75, ci95: 0.795612, low: 0.300642, high: 0.954413 });
    expect(reader.cells.alpha.metrics.gc.mean).toBe(0.875);
    expect(reader.cells.alpha.metrics.read).toEqual({ mean: 0.75, ci95: 0.795612 });
    // The row's read share pools its families: 5 of 6.
    expect(reader.read.mean).toBeCloseTo(5 / 6, 6);
    expect(section.rows[2].privileges).toEqual(['meanings', 'true-state']);
    // An agent given the meanings records no reading: n/a, not 0.
    expect(section.rows[2].read).toEqual({ mean: null, ci95: null, n: 0 });
  });

  it('keeps failed episodes out of the means, counted, with the first line of the first error', () => {
    const [section] = buildCrossMethod(EPISODES, { layout: EPISODIC_LAYOUT, references: REFERENCES }).sections;
    const broken = section.rows.find((row) => row.agent === 'broken')!;
    expect(broken.cells.alpha).toMatchObject({ episodes: 0, failed: 4, error: 'InputError: no skill database' });
    expect(broken.cells.alpha.metrics.sr.mean).toBeNull();
    expect(broken.cells.beta).toMatchObject({ episodes: 1, failed: 1, error: 'TypeError: boom' });
    expect(broken.cells.beta.metrics.sr.mean).toBe(1);
  });

  it('makes one section per home with --per-home, each with its own families', () => {
    const table = buildCrossMethod(EPISODES, { layout: EPISODIC_LAYOUT, references: REFERENCES, perHome: true });
    expect(table.sections.map((section) => [section.homes, section.families])).toEqual([
      [['a'], ['alpha', 'beta']],
      [['b'], ['alpha']],
    ]);
    const reader = table.sections[0].rows.find((row) => row.agent === 'reader')!;
    expect(reader.cells.alpha.metrics.sr.mean).toBe(0.5);
    expect(table.sections[1].rows.map((row) => row.agent)).toEqual(['reader', 'broken', 'oracle']);
  });

  it('prints agents against families, marks, the read share, the references given, failures grouped', () => {
    const text = crossMethodToTable(reportOf(EPISODES), reportOf(EPISODES).crossMethod!);
    const lines = text.split('\n');
    expect(lines[0]).toBe(
      'cross-method table: SR over the episodes of each cell (SR with its 95% Wilson interval), 2 homes (a, b), seeds 0..1; n: ' +
        'episodes per cell',
    );
    const line = (agent: string) => lines.find((l) => l.startsWith(`${agent} `))!;
    expect(line('reader')).toMatch(/^reader\s+\| 75% \(30-95%\)\s+0% \(0-66%\)\s+\| 83%$/);
    // Every episode of a cell failed: "error"; some failed: the cell is marked.
    expect(line('broken')).toMatch(/^broken\s+\| error\s+100% \(21-100%\) !\s+\| 100%$/);
    // A privileged agent is named with what it is given, listed last, and each privilege said in words below.
    expect(line('oracle [meanings, true-state]')).toMatch(
      /^oracle \[meanings, true-state\]\s+\| 100% \(51-100%\)\s+100% \(34-100%\)\s+\| n\/a$/,
    );
    expect(lines.findIndex((l) => l.startsWith('oracle '))).toBeGreaterThan(lines.indexOf(line('broken')));
    expect(text).not.toMatch(/^oracle \*/m);
    expect(text).toContain('n=4');
    expect(text).toContain(
      '[...] given to a privileged agent, which the others must find out for themselves (privileged rows come last):\n' +
        "  meanings: the task's structured goal (or the instructions' meanings) instead of reading the text\n" +
        '  true-state: the true state of the home\n',
    );
    // What ran each role, as under the wide tables.
    expect(text).toContain('\nreader: policy: offline: a planner\n');
    expect(text).toContain('missing: 2 of 20 episodes not run yet');
    expect(text).toContain('failed: 5 episode(s), left out of the means (--json lists each):');
    expect(text).toContain('  broken: 4 in alpha (4): InputError: no skill database');
    expect(text).toContain('  broken: 1 in beta (1): TypeError: boom');
    // The wide table's failure list (one line per episode) is not repeated.
    expect(text).not.toContain('agent=broken');
  });

  it('shows the --columns metrics in each cell, each under its label', () => {
    const report = reportOf(EPISODES);
    report.crossMethod = buildCrossMethod(EPISODES, {
      layout: EPISODIC_LAYOUT,
      references: REFERENCES,
      columns: ['sr', 'gc', 'plwSr'],
    });
    const text = crossMethodToTable(report, report.crossMethod, ['sr', 'gc']);
    expect(text).toMatch(/SR n=4\s+GC\s+SR n=2\s+GC/);
    expect(text).toMatch(/reader\s+\| 75% \(30-95%\)\s+88% \+- 40%/);
    expect(report.crossMethod.metrics).toEqual(['sr', 'gc', 'read', 'plwSr']);
  });

  it('gives the same table as JSON (beside the usual rows) and as CSV, one line per cell', () => {
    const report = reportOf(EPISODES, true);
    const json = JSON.parse(formatRunReport(report, 'json')) as {
      table: { perHome: boolean; sections: Array<{ homes: string[]; rows: Array<Record<string, unknown>> }> };
      results: unknown[];
      references: Record<string, string[]>;
    };
    expect(json.table.perHome).toBe(true);
    expect(json.table.sections[0].rows[2]).toMatchObject({
      agent: 'oracle',
      reference: true,
      privileges: ['meanings', 'true-state'],
      cells: { alpha: { episodes: 2, failed: 0, metrics: { sr: { mean: 1, ci95: 0 } } } },
    });
    expect(json.results.length).toBeGreaterThan(0);
    const csv = formatRunReport(report, 'csv').trim().split('\n');
    expect(csv[0]).toBe(
      'home,agent,reference,privileges,family,episodes,failed,sr_mean,sr_ci95,sr_n,gc_mean,gc_ci95,gc_n,read_mean,' +
        'read_ci95,read_n',
    );
    expect(csv).toContain('a,oracle,1,meanings true-state,alpha,2,0,1,0,2,1,0,2,,,0');
    expect(csv).toContain('b,broken,0,,alpha,0,2,,,0,,,0,,,0');
    expect(csv).toHaveLength(1 + 3 + 3 + 3);
    expect(crossMethodToCsv(reportOf(EPISODES).crossMethod!).split('\n')[1]).toMatch(/^\*,reader,0,,alpha,4,0,/);
  });

  it('gives identical output for the same episodes in any stored order', () => {
    const shuffled = [...EPISODES].reverse();
    expect(formatRunReport(reportOf(shuffled), 'table')).toBe(formatRunReport(reportOf(EPISODES), 'table'));
  });
});
