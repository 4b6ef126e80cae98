/**
 * The dashboard end to end, in real Chromium against a real `hearth serve`: a small traced grid and a traced LLM run
 * (the loopback fake model answering with markup) go into a store through the CLI's own `main` in this process; the
 * server (the built CLI's `hearth serve`, in a process of its own) starts on a free loopback port; the pages are checked against the CLI's own JSON and the stored traces, and screenshots are taken
 * (into tmp/dashboard-screenshots, or docs/dashboard with HEARTH_SCREENSHOTS=docs: the ones docs/dashboard.md shows).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultsStore } from '../../src/bench/store.js';
import { loadHome } from '../../src/sim/scenes/homes.js';
import { runCliInProcess } from '../helpers/cli.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { scratchDir } from '../helpers/scratch.js';
import { projectRoot } from '../helpers/shared-data.js';
import { E2E_MISSING, launchChromium, SCREENSHOTS, type Served, serve } from './support.js';

const missing = E2E_MISSING;
if (missing) process.stderr.write(`[hearth tests] dashboard end-to-end tests skipped: no ${missing}\n`);
const describeE2e = missing ? describe.skip : describe;

const shots =
  process.env.HEARTH_SCREENSHOTS === 'docs' ? SCREENSHOTS : join(projectRoot, 'tmp', 'dashboard-screenshots');

/** How long a page may take to show something on a busy machine. */
const POLL = { timeout: 15_000 };

/** A model answer that would run code if the viewer put it in the page as markup. */
const HOSTILE = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> [walk] <kitchen>';

interface Summary {
  mean: number | null;
  ci95: number | null;
  better?: number;
  tied?: number;
  worse?: number;
}
type Row = Record<string, unknown> & { agent: string; nonstationarity: string };
type RunSummary = { id: number; config: { agents: string[] } };

/** Waits until a run has started in the store at `path` (its schema is then in place for other processes). */
async function waitForRun(path: string): Promise<void> {
  for (;;) {
    try {
      const db = new Database(path, { readonly: true, fileMustExist: true });
      const { n } = db.prepare('SELECT COUNT(*) AS n FROM runs').get() as { n: number };
      db.close();
      if (n > 0) return;
    } catch {
      // Not there yet, or its schema not yet committed.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A cell as the CLI's table prints it (src/bench/report.ts formatMetric), computed here from the JSON's numbers. */
function printed(summary: Summary, percent: boolean, signed = false): string {
  const show = (value: number | null, sign = false) => {
    if (value === null) return 'n/a';
    const text = percent ? `${(value * 100).toFixed(1)}%` : value.toFixed(2);
    if (!sign) return text;
    if (/^-?0(\.0*)?%?$/.test(text)) return text.replace('-', '');
    return text.startsWith('-') ? text : `+${text}`;
  };
  if (summary.mean === null) return 'n/a';
  const counts = summary.better !== undefined ? ` (${summary.better}/${summary.tied}/${summary.worse})` : '';
  return `${show(summary.mean, signed)} +- ${show(summary.ci95)}${counts}`;
}

describeE2e('hearth serve in Chromium', () => {
  const dir = scratchDir('dashboard');
  let fake: FakeOpenAiServer;
  let served: Served;
  let browser: Browser;
  let page: Page;
  let report: { results: Row[]; paired: { results: Row[] } };
  let gridId: number;
  let llmId: number;
  let danliId: number;
  let untracedId: number;
  const grid = ['--agents', 'oracle,exrap', '--nonstationarity', 'high', '--instructions', '2', '--seeds', '2'];
  // Every run in its main thread (--workers 0): worker threads would each load the whole runner again, for a handful
  // of episodes.
  const runFlags = ['--quiet', '--workers', '0', '--store', join(dir, 'results.sqlite')];
  const gridRun = [...grid, '--steps', '55', ...runFlags];

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    fake = await startFakeOpenAiServer({ script: { chat: () => HOSTILE } });
    const llmRun = ['run', '--agents', 'llm-planner', '--instructions', '1', '--seeds', '1', '--steps', '2', '--trace'];
    // The grid starts first, so that its store exists when the LLM run opens it; Chromium starts meanwhile.
    const first = runCliInProcess(['run', ...gridRun, '--trace', '--paired', 'oracle', '--json']);
    await waitForRun(join(dir, 'results.sqlite'));
    const episodic = ['run', '--protocol', 'episodic', '--agents', 'danli', '--tasks', 'teach/plate-of-toast'];
    const untraced = ['run', '--agents', 'random', '--instructions', '1', '--seeds', '1', '--steps', '20'];
    const [grid, llm, danli, plain, chromium] = await Promise.all([
      first,
      runCliInProcess([...llmRun, ...runFlags, '--llm', 'openai', '--base-url', fake.url, '--model', 'm']),
      runCliInProcess([...episodic, '--seeds', '1', '--trace', ...runFlags]),
      runCliInProcess([...untraced, ...runFlags]),
      launchChromium(),
    ]);
    browser = chromium;
    expect(grid.code, grid.stderr).toBe(0);
    expect(llm.code, llm.stderr).toBe(0);
    expect(danli.code, danli.stderr).toBe(0);
    expect(plain.code, plain.stderr).toBe(0);
    report = JSON.parse(grid.stdout);
    served = await serve(['--store', 'results.sqlite'], dir);
    const overview = (await (await fetch(`${served.url}api/overview`)).json()) as { runs: RunSummary[] };
    const runOf = (agent: string) => overview.runs.find((run) => run.config.agents.includes(agent))!.id;
    gridId = runOf('exrap');
    llmId = runOf('llm-planner');
    danliId = runOf('danli');
    untracedId = runOf('random');
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('pageerror', (error) => {
      throw error;
    });
  });

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
    await fake?.close();
  });

  /** Waits for the episode viewer to show the step, failing with the page's own message if it shows one instead. */
  const viewerShown = async () => {
    const room = page.getByTestId('agent-room');
    const problem = page.getByRole('alert');
    await room.or(problem).first().waitFor(POLL);
    if (await problem.count()) throw new Error(`the viewer says: ${await problem.first().textContent()}`);
  };

  const stored = (agent: string, seed: number) => {
    const db = new Database(join(dir, 'results.sqlite'), { readonly: true });
    const rows = db.prepare('SELECT idx, spec, trace FROM episodes WHERE run_id = ?').all(gridId) as Array<{
      idx: number;
      spec: string;
      trace: string;
    }>;
    db.close();
    const row = rows.find((r) => JSON.parse(r.spec).agent === agent && JSON.parse(r.spec).seed === seed)!;
    const steps = (JSON.parse(row.trace) as Array<Record<string, unknown>>).filter((r) => r.kind === undefined);
    return { index: row.idx, steps };
  };

  it("shows the run with its table to the CLI's printed digit, the Oracle named with what it is given, last", async () => {
    await page.goto(served.url);
    const link = page.getByRole('link', { name: `run ${gridId}`, exact: true });
    await link.waitFor();
    await page.screenshot({ path: join(shots, 'runs.png') });
    await link.click();
    const table = page.getByTestId('results-table').first();
    await table.waitFor();
    const metrics = { sr: true, ps: false, psAtStart: false, psAfterChanges: false };
    for (const row of report.results) {
      for (const [key, percent] of Object.entries(metrics)) {
        const cell = table.locator(`tr[data-line="${row.agent}"] td[data-column="high"][data-metric="${key}"]`);
        await expect.poll(() => cell.textContent(), POLL).toBe(printed(row[key] as Summary, percent));
      }
    }
    // The grid names the Oracle first; the privileged Oracle's line comes after ExRAP's all the same.
    expect(
      await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-line'))),
    ).toEqual(['exrap', 'oracle']);
    const mark = table.locator('tr[data-line="oracle"]').getByTestId('reference-mark');
    expect(await mark.textContent()).toBe('given meanings, true-state');
    expect(await mark.getAttribute('title')).toContain('true-state: the true state of the home');
    expect(await table.locator('tr[data-line="exrap"]').getByTestId('reference-mark').count()).toBe(0);
    const note = page.getByTestId('references');
    await expect.poll(() => note.textContent(), POLL).toContain('oracle [meanings, true-state]');
    expect(await note.textContent()).toContain('true-state: the true state of the home');
    expect(await note.textContent()).toContain("meanings: the task's structured goal");
    expect(await note.textContent()).not.toContain('exrap');
    // Every chart of the table names the Oracle with what it is given, below ExRAP, and names ExRAP alone.
    const charts = page.locator('figure.plot[aria-label$="with 95% intervals"]');
    await expect.poll(() => charts.count(), POLL).toBe(Object.keys(metrics).length);
    for (const chart of await charts.all()) {
      const labels = await chart.locator('svg g[aria-label="y-axis tick label"] text').allTextContents();
      expect(labels.map((label) => label.trim())).toEqual(['exrap', 'oracle [meanings, true-state]']);
    }
    // And the episode list marks the Oracle's episodes.
    const listed = page.getByTestId('episodes').locator('tbody tr');
    await expect.poll(() => listed.count(), POLL).toBe(4);
    for (const row of await listed.all()) {
      const oracle = (await row.textContent())?.includes('oracle');
      expect(await row.getByTestId('reference-mark').count()).toBe(oracle ? 1 : 0);
    }
    await page.screenshot({ path: join(shots, 'run.png'), fullPage: true });
  });

  it('compares the agents seed by seed as --paired prints it', async () => {
    const rows = report.paired.results;
    await page.goto(`${served.url}runs/${gridId}/compare`);
    await page.getByLabel('reference').selectOption('oracle');
    const cell = page.locator('tr[data-line="exrap"] td[data-column="high"][data-metric="sr"]');
    await expect.poll(() => cell.textContent(), POLL).toBe(printed(rows[0].sr as Summary, true, true));
    const options = await page.getByLabel('reference').locator('option').allTextContents();
    expect(options).toEqual(['exrap', 'oracle [meanings, true-state]']);
    await expect
      .poll(() => page.getByTestId('compare-references').textContent(), POLL)
      .toContain('oracle [meanings, true-state]');
    await page.screenshot({ path: join(shots, 'compare.png'), fullPage: true });
  });

  it("moves to step 50 and to the resident's change, as the stored trace has them", async () => {
    const { index, steps } = stored('exrap', 0);
    await page.goto(`${served.url}runs/${gridId}/episodes/${index}`);
    await viewerShown();
    const slider = page.getByTestId('step-slider');
    await slider.fill('50');
    await expect.poll(() => page.getByTestId('frame').textContent(), POLL).toBe('50');
    // The room, from the trace alone: the start room, then the target of each successful walk to a room.
    const home = loadHome('cottage').graph;
    let room = home.get(home.roomOf(home.characterId())!).className;
    const rooms = new Set(home.rooms().map((id) => home.get(id).className));
    for (const step of steps.slice(0, 50)) {
      const walked = /^\[walk\] <(\w+)> \(\d+\)$/.exec(String(step.skill));
      if (step.success && walked && rooms.has(walked[1])) room = walked[1];
    }
    await expect.poll(() => page.getByTestId('agent-room').textContent(), POLL).toBe(room);
    await page.screenshot({ path: join(shots, 'episode.png') });

    const change = steps.find((step) => step.resident !== undefined)!;
    const resident = change.resident as { kind: string; node?: number; object?: number };
    await slider.fill(String(Number(change.t) + 1));
    const note = page.getByTestId('resident-change');
    await expect.poll(() => note.textContent(), POLL).toContain('the resident');
    await expect
      .poll(() => note.textContent(), POLL)
      .toContain(`(${resident.kind === 'state' ? resident.node : resident.object})`);
    await page.getByRole('heading', { name: /^Decision at step/ }).scrollIntoViewIfNeeded();
    await page.getByTestId('exrap-queries').waitFor(POLL);
    // ExRAP's decision at the step: the skill it chose is the one the trace says it took, with the values behind it.
    const at = Number(change.t) + 1;
    expect(await page.getByTestId('exrap-chosen').textContent()).toBe(String(steps[at].skill));
    expect(await page.getByTestId('exrap-queries').locator('tbody tr').count()).toBe(2);
    const skills = page.getByTestId('exrap-skills');
    expect(await skills.locator('thead').textContent()).toMatch(/v_R.*v_T.*score/);
    expect(await skills.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('exrap-facts').count()).toBe(2);
    await page.screenshot({ path: join(shots, 'episode-decision.png') });
  });

  it('shows the model output as text: no markup from a response runs', async () => {
    await page.goto(`${served.url}runs/${llmId}/episodes/0`);
    const response = page.getByTestId('llm-response').first();
    await response.waitFor();
    await expect.poll(() => response.textContent(), POLL).toContain('<script>window.__pwned = 1</script>');
    await expect.poll(() => response.textContent(), POLL).toContain('onerror=');
    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('main img').count()).toBe(0);
    await response.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'llm-call.png') });
  });

  it("opens an episodic task in the same viewer, with DANLI's subgoals", async () => {
    await page.goto(`${served.url}runs/${danliId}/episodes/0`);
    await viewerShown();
    await page.getByTestId('step-slider').fill('3');
    const subgoals = page.locator('ol.subgoals li');
    await subgoals.first().waitFor();
    expect(await subgoals.count()).toBeGreaterThan(1);
    await expect.poll(() => page.locator('ol.subgoals li.current').textContent(), POLL).toContain('pursued');
    await page.screenshot({ path: join(shots, 'episode-episodic.png'), fullPage: true });
  });

  it('asks the runner to record the trace of an episode run without one, then shows it', async () => {
    await page.goto(`${served.url}runs/${untracedId}/episodes/0`);
    const button = page.getByTestId('record-trace');
    await button.waitFor(POLL);
    expect(await page.getByTestId('step-slider').getAttribute('max')).toBe('0');
    await button.click();
    await expect.poll(() => page.getByTestId('reproduced').textContent(), POLL).toContain('gave the stored result');
    expect(await page.getByTestId('step-slider').getAttribute('max')).toBe('20');
    expect(await button.count()).toBe(0);
  });

  it('shows a run written by another process as its episodes land', async () => {
    await page.goto(served.url);
    await page.getByRole('link', { name: `run ${llmId}`, exact: true }).waitFor();
    // This test process is the other process: a run with three episodes, stored one at a time.
    const store = ResultsStore.open(join(dir, 'results.sqlite'));
    const run = store.createRun({
      protocol: 'continual',
      config: { agents: ['oracle'] },
      hearthVersion: '0',
      totalEpisodes: 3,
    });
    const progress = page.locator(`tr[data-run="${run.id}"]`).getByTestId('progress-text');
    for (let index = 0; index < 3; index++) {
      const spec = { key: `seed=${index}`, seed: index, agent: 'oracle' };
      const result = { metrics: { sr: 1, ps: 2 } };
      store.writeEpisode(run.id, {
        key: spec.key,
        index,
        spec,
        status: 'ok',
        result,
        timing: { wallMs: 1, worker: null },
      });
      await expect.poll(() => progress.textContent(), { timeout: 10_000 }).toBe(`${index + 1} / 3`);
    }
    store.close();
  });
});
