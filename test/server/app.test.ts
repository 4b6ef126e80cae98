/**
 * The dashboard's HTTP application without a browser: it answers only to its own host names and refuses paths
 * outside its front end, store and traces; an episode's trace replays into one frame per step; a trace that does not
 * replay is refused with one line; and the trace of an episode run without one is recorded on request into a file
 * beside the store (which stays as it was), reproducing the stored result. Issue 44's findings about recording, on
 * the same recording thread (`trust.test.ts` has those that run no episode): a stored LLM episode's calls go to this
 * machine's server, never the store's; a link planted at a partial name is not written through; an episode is
 * recorded once, and recordings past the queue are refused for now.
 */
import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAgent } from '../../src/agents/registry.js';
import { executeEpisode, loadProtocolModule } from '../../src/bench/execute.js';
import type { JsonObject } from '../../src/bench/json.js';
import { getProtocol } from '../../src/bench/protocols.js';
import { ResultsStore } from '../../src/bench/store.js';
import { hearthVersion } from '../../src/bench/version.js';
import { dashboardApp } from '../../src/server/app.js';
import { DashboardData } from '../../src/server/dashboard-data.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { scratchDir } from '../helpers/scratch.js';
import { continualSpec } from '../helpers/specs.js';

const HOST = '127.0.0.1:4280';
const spec = (seed: number) => continualSpec({ seed, nonstationarity: 'high', steps: 12 });

describe('the dashboard app', () => {
  let dir: string;
  let storePath: string;
  let app: ReturnType<typeof dashboardApp>['app'];
  let close: () => Promise<void>;
  let data: DashboardData;
  /** The model server a stored episode names, and this machine's (`hearth serve --base-url`). */
  let evil: FakeOpenAiServer;
  let own: FakeOpenAiServer;

  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(`http://${HOST}${path}`, { headers: { host: HOST, ...headers } });
  const record = (run: number, index: number) =>
    app.request(`http://${HOST}/api/runs/${run}/episodes/${index}/trace`, {
      method: 'POST',
      headers: { host: HOST, 'content-type': 'application/json', origin: `http://${HOST}` },
      body: '{}',
    });

  beforeAll(async () => {
    dir = scratchDir('app');
    storePath = join(dir, 'results.sqlite');
    const module = await loadProtocolModule(getProtocol('continual').module);
    const signal = new AbortController().signal;
    const store = ResultsStore.open(storePath);
    const run = store.createRun({
      protocol: 'continual',
      config: {},
      hearthVersion: hearthVersion(),
      totalEpisodes: 3,
    });
    for (const [index, trace] of [true, false, true].entries()) {
      const outcome = await executeEpisode(module, spec(index + 1), { trace, signal });
      if (outcome.status !== 'ok') throw new Error(outcome.status);
      // The third episode's trace is edited: its first skill names a thing the home does not have.
      const edited = index === 2 ? [{ t: 0, skill: '[walk] <kitchen> (999)', success: true }] : outcome.trace;
      store.writeEpisode(run.id, {
        key: spec(index + 1).key,
        index,
        spec: spec(index + 1),
        status: 'ok',
        result: outcome.result,
        ...(edited && { trace: edited }),
        timing: { wallMs: outcome.wallMs, worker: null },
      });
    }
    // Run 2, for issue 44's findings: an LLM episode naming a model server, then five untraced Oracle episodes.
    evil = await startFakeOpenAiServer();
    own = await startFakeOpenAiServer({ apiKey: 'sk-own' });
    const second = store.createRun({
      protocol: 'continual',
      config: {},
      hearthVersion: hearthVersion(),
      totalEpisodes: 6,
    });
    const llm = { provider: 'openai', model: 'm', baseUrl: evil.url };
    const specs = [{ ...spec(9), agent: 'llm-planner', steps: 2, llm }, ...[1, 2, 3, 4, 5].map(spec)];
    for (const [index, episode] of specs.entries()) {
      store.writeEpisode(second.id, {
        key: episode.key,
        index,
        spec: episode,
        status: 'ok',
        result: { metrics: { sr: 1 } },
        timing: { wallMs: 1, worker: null },
      });
    }
    store.close();
    data = DashboardData.open({ store: storePath, traces: [] });
    ({ app, close } = dashboardApp(data, {
      hosts: ['127.0.0.1', 'localhost'],
      modelServer: { baseUrl: own.url, apiKey: 'sk-own' },
      maxWaitingRecordings: 1,
    }));
  });

  afterAll(async () => {
    await close();
    data.close();
    await evil?.close();
    await own?.close();
  });

  it('answers only to its own host names, and only same-origin JSON asks it to record', async () => {
    expect((await get('/api/overview')).status).toBe(200);
    expect((await get('/api/overview', { host: 'evil.example:4280' })).status).toBe(403);
    const post = (headers: Record<string, string>) =>
      app.request(`http://${HOST}/api/runs/1/episodes/1/trace`, {
        method: 'POST',
        headers: { host: HOST, ...headers },
      });
    expect((await post({ 'content-type': 'text/plain' })).status).toBe(403);
    expect((await post({ 'content-type': 'application/json', origin: 'http://evil.example' })).status).toBe(403);
  });

  it('refuses paths outside its front end, store and traces', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/package.json',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('"name": "hearth"');
    }
    expect((await get('/api/runs/1/episodes/..%2f..%2fetc')).status).toBe(400);
    expect((await get('/api/traces/0')).status).toBe(404);
    const missing = await get('/api/runs/7');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'no run 7 in the store' });
    const page = await get('/runs/1/episodes/0');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('replays a trace into one frame per step, where the agent is and what it sees', async () => {
    const view = (await (await get('/api/runs/1/episodes/0')).json()) as {
      traced: boolean;
      frames: Array<{ room: number; visible: number[] }>;
      steps: unknown[];
      names: Record<string, string>;
      plan: { rooms: Array<{ name: string }> };
    };
    expect(view.traced).toBe(true);
    expect(view.steps).toHaveLength(12);
    expect(view.frames).toHaveLength(13);
    expect(view.plan.rooms.map((room) => room.name).sort()).toEqual(['bathroom', 'bedroom', 'kitchen', 'livingroom']);
    expect(view.names[String(view.frames[12].room)]).toMatch(/room|kitchen/);
    expect(view.frames[0].visible.length).toBeGreaterThan(0);
  });

  it('refuses a trace that does not replay, in one line', async () => {
    const response = await get('/api/runs/1/episodes/2');
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as { error: string };
    expect(error).not.toContain('\n');
    expect(error).toMatch(
      /^the trace does not replay: at step 0, \[walk\] <kitchen> \(999\) worked in the trace but fails/,
    );
  });

  it('records the trace of an episode run without one, into a file beside the store', async () => {
    const before = statSync(storePath).mtimeMs;
    const untraced = (await (await get('/api/runs/1/episodes/1')).json()) as { traced: boolean; frames: unknown[] };
    expect(untraced.traced).toBe(false);
    expect(untraced.frames).toHaveLength(1);
    const response = await app.request(`http://${HOST}/api/runs/1/episodes/1/trace`, {
      method: 'POST',
      headers: { host: HOST, 'content-type': 'application/json', origin: `http://${HOST}` },
      body: '{}',
    });
    expect(await response.json()).toEqual({ reproduced: true, steps: 12 });
    const file = join(dir, 'traces', 'run-1', 'episode-1.json');
    expect(existsSync(file)).toBe(true);
    expect((JSON.parse(readFileSync(file, 'utf8')) as JsonObject).format).toBe('hearth-episode-trace');
    const traced = (await (await get('/api/runs/1/episodes/1')).json()) as { traced: boolean; frames: unknown[] };
    expect(traced.frames).toHaveLength(13);
    expect(statSync(storePath).mtimeMs).toBe(before);
    expect(data.recordedIndices(1)).toEqual([1]);

    // The recorded file opens on its own, as `hearth serve --trace FILE` opens it.
    const files = DashboardData.open({ store: null, traces: [file] });
    const alone = dashboardApp(files, { hosts: ['127.0.0.1'] }).app;
    const opened = await alone.request(`http://${HOST}/api/traces/0`, { headers: { host: HOST } });
    expect(((await opened.json()) as { frames: unknown[] }).frames).toHaveLength(13);
  });

  it("opens an episodic task in the same viewer: DANLI's subgoals by step, goal conditions on the timeline", async () => {
    const module = await loadProtocolModule(getProtocol('episodic').module);
    const episodic = {
      key: 'danli',
      seed: 2,
      agent: 'danli',
      home: 'cottage',
      task: 'llm-state/open-fridge',
      family: 'llm-state-simple',
    };
    const outcome = await executeEpisode(module, episodic, { trace: true, signal: new AbortController().signal });
    if (outcome.status !== 'ok') throw new Error(outcome.error);
    const store = ResultsStore.open(storePath);
    const run = store.createRun({ protocol: 'episodic', config: {}, hearthVersion: hearthVersion(), totalEpisodes: 1 });
    store.writeEpisode(run.id, {
      key: 'danli',
      index: 0,
      spec: episodic,
      status: 'ok',
      result: outcome.result,
      trace: outcome.trace!,
      timing: { wallMs: 0, worker: null },
    });
    store.close();
    const view = (await (await get(`/api/runs/${run.id}/episodes/0`)).json()) as {
      steps: unknown[];
      frames: unknown[];
      events: Array<{ label: string; end: number | null }>;
      decisions: Record<string, Array<{ kind: string; subgoals?: string[] }>>;
      instructions: Array<{ text: string }>;
      reading: { read: boolean } | null;
    };
    expect(view.frames).toHaveLength(view.steps.length + 1);
    expect(view.reading).toMatchObject({ read: true });
    expect(view.instructions[0].text).toMatch(/fridge/i);
    // The task is done when the episode ends early: its last condition is met at the last frame.
    expect(view.events.map((e) => e.end)).toContain(view.steps.length);
    expect(view.decisions['0'][0]).toMatchObject({ kind: 'danli', subgoals: [expect.stringContaining('fridge')] });

    // The run's cross-method table: DANLI on the family, its cell as the CLI prints it.
    const table = (await (await get(`/api/runs/${run.id}/cross-method`)).json()) as {
      sections: Array<{ families: string[]; rows: Array<{ agent: string; reference: boolean; cells: unknown[] }> }>;
    };
    expect(table.sections[0].families).toEqual(['llm-state-simple']);
    expect(table.sections[0].rows[0]).toMatchObject({
      agent: 'danli',
      reference: getAgent('danli').privileges.length > 0,
      cells: [{ family: 'llm-state-simple', episodes: 1, failed: 0, text: { sr: '100% (21-100%)' } }],
    });
    expect((await get(`/api/runs/${run.id}/cross-method?per=task`)).status).toBe(400);
    const continual = await get('/api/runs/1/cross-method');
    expect(continual.status).toBe(404);
    expect(await continual.json()).toEqual({
      error: 'run 1 is a continual run: the cross-method table is for episodic runs',
    });
  });

  it("records a stored LLM episode against this machine's model server with its key, never the store's", async () => {
    expect((await record(2, 0)).status).toBe(200);
    expect(own.requests.length).toBeGreaterThan(0);
    expect(own.requests.every((request) => request.headers.authorization === 'Bearer sk-own')).toBe(true);
    expect(evil.requests).toHaveLength(0);
  });

  it('writes a trace past a link planted at a partial name, never through it', async () => {
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    const folder = join(dir, 'traces', 'run-2');
    mkdirSync(folder, { recursive: true });
    symlinkSync(victim, join(folder, '.episode-1.json.partial'));
    expect((await record(2, 1)).status).toBe(200);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(JSON.parse(readFileSync(join(folder, 'episode-1.json'), 'utf8'))).toMatchObject({ reproduced: false });
  });

  it('records an episode once (asked again, the file answers) and refuses recordings past its queue for now', async () => {
    const file = join(dir, 'traces', 'run-2', 'episode-2.json');
    expect(await (await record(2, 2)).json()).toEqual({ reproduced: false, steps: 12 });
    // The file is what answers next (edited here: a recording run again would write reproduced: false).
    const edited = { ...JSON.parse(readFileSync(file, 'utf8')), reproduced: true };
    writeFileSync(file, JSON.stringify(edited));
    expect(await (await record(2, 2)).json()).toEqual({ reproduced: true, steps: 12 });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(edited);
    // One running, one waiting (maxWaitingRecordings 1): a third is refused, a second ask for one waits for it.
    const responses = await Promise.all([3, 4, 5, 3].map((index) => record(2, index)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 503, 200]);
    expect(((await responses[2].json()) as { error: string }).error).toMatch(/running or waiting: ask again/);
  });
});
