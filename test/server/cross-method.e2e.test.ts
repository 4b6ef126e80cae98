/**
 * The cross-method heat map end to end, in real Chromium against a real `hearth serve`: a small `--agents methods`
 * run (two tasks of two families, two seeds, steps capped) goes into a store through the CLI's own `main` in this
 * process; `hearth serve` serves it from the built CLI, in a process of its own; the run's page
 * links to the heat map, whose cells, marks and order are checked against the CLI's own `--json` table. A screenshot
 * goes to tmp/dashboard-screenshots.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.js';
import { scratchDir } from '../helpers/scratch.js';
import { projectRoot } from '../helpers/shared-data.js';
import { E2E_MISSING, launchChromium, type Served, serve } from './support.js';

const missing = E2E_MISSING;
if (missing) process.stderr.write(`[hearth tests] cross-method heat map tests skipped: no ${missing}\n`);
const describeE2e = missing ? describe.skip : describe;

// docs/dashboard/cross-method.png is the leaderboard run's (docs/leaderboard.md), not this small run's.
const shots = join(projectRoot, 'tmp', 'dashboard-screenshots');
const POLL = { timeout: 15_000 };

interface Summary {
  mean: number | null;
  ci95: number | null;
  low?: number | null;
  high?: number | null;
}
interface Cell {
  episodes: number;
  failed: number;
  metrics: Record<string, Summary>;
}
interface Row {
  agent: string;
  reference: boolean;
  privileges: string[];
  read: Summary;
  cells: Record<string, Cell>;
}
interface Table {
  sections: Array<{ homes: string[]; families: string[]; episodes: Record<string, number>; rows: Row[] }>;
}

/** A cell as the CLI's cross-method table prints it, computed here from the JSON's numbers. */
function printed(cell: Cell | undefined, key: string, expected: number): string {
  if (!cell) return '';
  if (cell.episodes === 0) return cell.failed > 0 ? 'error' : '';
  const { mean, ci95, low, high } = cell.metrics[key];
  const show = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(0)}%`);
  // SR carries its Wilson bounds ("63% (54-71%)"), the other metrics mean +- ci95.
  const interval = low != null && high != null ? ` (${(low * 100).toFixed(0)}-${show(high)})` : ` +- ${show(ci95)}`;
  const text = mean === null ? 'n/a' : `${show(mean)}${interval}`;
  return cell.episodes < expected ? `${text} !` : text;
}

describeE2e('the cross-method heat map in Chromium', () => {
  let served: Served;
  let browser: Browser;
  let page: Page;
  let table: Table;
  let runId: number;

  beforeAll(async () => {
    const dir = scratchDir('cross-method');
    mkdirSync(shots, { recursive: true });
    const run = [
      'run',
      '--agents',
      'methods',
      '--tasks',
      'llm-state/open-fridge,teach-tfd/toast',
      '--seeds',
      '2',
      '--steps',
      '25',
      '--workers',
      '0',
      '--quiet',
      '--json',
      '--store',
      join(dir, 'results.sqlite'),
    ];
    const [done, chromium] = await Promise.all([runCliInProcess(run), launchChromium()]);
    browser = chromium;
    // Exit 0, or the code of a run with failed episodes (an agent that cannot run a family shows as an error cell).
    expect([0, 3], done.stderr).toContain(done.code);
    const report = JSON.parse(done.stdout) as { table: Table };
    table = report.table;
    served = await serve(['--store', 'results.sqlite'], dir);
    const overview = (await (await fetch(`${served.url}api/overview`)).json()) as { runs: Array<{ id: number }> };
    runId = overview.runs[0].id;
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('pageerror', (error) => {
      throw error;
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  it("links the run's page to the heat map, whose cells read as the CLI prints them", async () => {
    await page.goto(`${served.url}runs/${runId}`);
    await page.getByRole('link', { name: /Cross-method table/ }).click();
    const cells = page.getByTestId('cross-method-table');
    await cells.waitFor(POLL);
    const [section] = table.sections;
    expect(section.families).toEqual(['llm-state-simple', 'teach-tfd']);
    for (const row of section.rows) {
      for (const family of section.families) {
        const cell = cells.locator(`tr[data-line="${row.agent}"] td[data-family="${family}"]`);
        await expect
          .poll(() => cell.textContent(), POLL)
          .toBe(printed(row.cells[family], 'sr', section.episodes[family]));
      }
    }
    // The heat map draws a cell per agent and family, coloured, with the same text (its first line).
    const map = page.locator('figure.plot[aria-label="cross-method heat map of SR"]');
    await map.waitFor(POLL);
    const texts = (await map.locator('svg g[aria-label="text"] text').allTextContents()).map((t) => t.trim());
    const expected = section.rows.flatMap((row) =>
      section.families.map((family) => printed(row.cells[family], 'sr', section.episodes[family])),
    );
    expect(texts.length).toBe(expected.length);
    for (const text of expected) expect(texts.some((shown) => shown.startsWith(text))).toBe(true);
    expect(await map.locator('svg g[aria-label="cell"] rect').count()).toBe(expected.length);
    await page.screenshot({ path: join(shots, 'cross-method.png'), fullPage: true });
  });

  it('names the privileged agents with what each is given, lists them last and says what each privilege gives', async () => {
    const [section] = table.sections;
    const agents = section.rows.map((row) => row.agent);
    const references = section.rows.filter((row) => row.reference).map((row) => row.agent);
    expect(references).toContain('oracle');
    expect(agents.slice(agents.length - references.length)).toEqual(references);
    const cells = page.getByTestId('cross-method-table');
    for (const row of section.rows) {
      const marks = cells.locator(`tr[data-line="${row.agent}"]`).getByTestId('reference-mark');
      expect(await marks.count()).toBe(row.reference ? 1 : 0);
      if (row.reference) expect(await marks.textContent()).toBe(`given ${row.privileges.join(', ')}`);
    }
    // The heat map's lines, top to bottom: the contenders, then the privileged agents with what each is given.
    const map = page.locator('figure.plot[aria-label="cross-method heat map of SR"]');
    const ticks = (await map.locator('svg g[aria-label="y-axis tick label"] text').allTextContents()).map((t) =>
      t.trim(),
    );
    expect(ticks).toEqual(
      section.rows.map((row) => (row.reference ? `${row.agent} [${row.privileges.join(', ')}]` : row.agent)),
    );
    expect(ticks).toContain('oracle [meanings, true-state]');
    const note = page.getByTestId('cross-method-references');
    await expect.poll(() => note.textContent(), POLL).toContain('oracle [meanings, true-state]');
    expect(await note.textContent()).toContain('true-state: the true state of the home');
  });

  it('colours by GC on request, and splits the table by home', async () => {
    await page.getByLabel('colour by').selectOption('gc');
    const [section] = table.sections;
    const oracle = section.rows.find((row) => row.agent === 'oracle')!;
    const cell = page.locator('tr[data-line="oracle"] td[data-family="teach-tfd"]');
    await expect
      .poll(() => cell.textContent(), POLL)
      .toBe(printed(oracle.cells['teach-tfd'], 'gc', section.episodes['teach-tfd']));
    await page.locator('figure.plot[aria-label="cross-method heat map of GC"]').waitFor(POLL);
    await page.getByLabel('one table per home').check();
    await expect.poll(() => page.getByTestId('cross-method-table').count(), POLL).toBe(section.homes.length);
  });
});
