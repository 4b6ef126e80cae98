/**
 * Issue 44's findings about the dashboard, replayed with a store someone handed the user: a stored LLM episode that
 * names the model server the user's key would go to, a home file out of the dashboard's folders, a link planted
 * where a recorded trace is read from, `Origin: null`, and a server listening beyond loopback. Each test fails on the
 * code before the issue (checked on a worktree of it). Nothing here runs an episode: every request is refused before
 * (the findings about recording, which run episodes, share the recording thread of `app.test.ts`). The app is driven
 * through Hono's `request`, the last test through a real server on a free port.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeSpec } from '../../src/bench/protocol.js';
import { ResultsStore } from '../../src/bench/store.js';
import { hearthVersion } from '../../src/bench/version.js';
import { dashboardApp } from '../../src/server/app.js';
import { DashboardData } from '../../src/server/dashboard-data.js';
import { startDashboard } from '../../src/server/start.js';
import { saveGraph } from '../../src/sim/graph-io.js';
import { loadHome } from '../../src/sim/scenes/homes.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { scratchDir } from '../helpers/scratch.js';
import { continualSpec, storeOkEpisodes } from '../helpers/specs.js';

const HOST = '127.0.0.1:4280';
const oracle = (seed: number, fields: Record<string, unknown> = {}): EpisodeSpec =>
  continualSpec({ seed, nonstationarity: 'high', steps: 12, ...fields, key: `agent=oracle seed=${seed}` });

describe('the dashboard handed a hostile store (issue 44)', () => {
  let dir: string;
  let outside: string;
  let data: DashboardData;
  let evil: FakeOpenAiServer;
  let app: ReturnType<typeof dashboardApp>;
  const saved = process.env.HEARTH_LLM_API_KEY;

  const post = (path: string, headers: Record<string, string> = {}) =>
    app.app.request(`http://${HOST}${path}`, {
      method: 'POST',
      headers: { host: HOST, 'content-type': 'application/json', origin: `http://${HOST}`, ...headers },
      body: '{}',
    });
  const get = (path: string) => app.app.request(`http://${HOST}${path}`, { headers: { host: HOST } });

  beforeAll(async () => {
    dir = scratchDir('trust-store');
    outside = scratchDir('trust-outside');
    evil = await startFakeOpenAiServer();
    const home = join(outside, 'home.json');
    saveGraph(loadHome('cottage').graph, home);
    const store = ResultsStore.open(join(dir, 'results.sqlite'));
    const run = store.createRun({
      protocol: 'continual',
      config: {},
      hearthVersion: hearthVersion(),
      totalEpisodes: 4,
    });
    const specs = [
      oracle(1),
      oracle(2),
      // 2: an LLM episode whose spec names the model server.
      oracle(3, { agent: 'llm-planner', steps: 2, llm: { provider: 'openai', model: 'm', baseUrl: evil.url } }),
      // 3: a home file out of the dashboard's folders (the working directory, the store's).
      oracle(4, { home }),
    ];
    storeOkEpisodes(store, run.id, specs);
    store.close();
    // The user's key, in this machine's environment; no model server named on it.
    process.env.HEARTH_LLM_API_KEY = 'sk-user-secret';
    data = DashboardData.open({ store: join(dir, 'results.sqlite'), traces: [] });
    app = dashboardApp(data, { hosts: ['127.0.0.1', 'localhost'] });
  }, 60_000);

  afterAll(async () => {
    if (saved === undefined) delete process.env.HEARTH_LLM_API_KEY;
    else process.env.HEARTH_LLM_API_KEY = saved;
    await app?.close();
    data?.close();
    await evil?.close();
  });

  it("never sends this machine's key to a model server a stored episode names", async () => {
    const refused = await post('/api/runs/1/episodes/2/trace');
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /is named by the spec, not by this machine.*start hearth serve with --base-url URL/,
    );
    expect(evil.requests).toHaveLength(0);
  });

  it('refuses to replay or record an episode whose home file lies out of its folders', async () => {
    for (const response of [await get('/api/runs/1/episodes/3'), await post('/api/runs/1/episodes/3/trace')]) {
      expect(response.status).toBe(422);
      expect(((await response.json()) as { error: string }).error).toMatch(
        /the spec's home ".*home\.json": an absolute path outside the folders this process may read/,
      );
    }
  });

  it('reads no trace through a link, and quotes nothing of what a link leads to', async () => {
    const secret = join(outside, 'passwd');
    writeFileSync(secret, 'root:x:0:0:root:/root:/bin/bash\n');
    const folder = join(dir, 'traces', 'run-1');
    mkdirSync(folder, { recursive: true });
    symlinkSync(secret, join(folder, 'episode-1.json'));
    const response = await get('/api/runs/1/episodes/1');
    const text = await response.text();
    expect(response.status).toBe(422);
    expect(text).toMatch(/episode-1\.json: a link, not a recorded trace: not followed/);
    expect(text).not.toContain('root');
    // The run's recorded traces are regular files only.
    expect(((await (await get('/api/runs/1')).json()) as { recorded: number[] }).recorded).toEqual([]);
  });

  it('refuses a POST whose Origin is null or not an address (403, not 500)', async () => {
    for (const origin of ['null', 'http://[', 'file://', 'http://evil.example']) {
      expect((await post('/api/runs/1/episodes/0/trace', { origin })).status, origin).toBe(403);
    }
  });

  it('beyond loopback, wants its token and answers only to its own names', async () => {
    const dashboard = await startDashboard({
      store: join(dir, 'results.sqlite'),
      traces: [],
      host: '0.0.0.0',
      port: 0,
    });
    try {
      const { port, search } = new URL(dashboard.url);
      expect(search).toMatch(/^\?token=[\w-]{20,}$/);
      const status = (host: string, headers: Record<string, string> = {}) =>
        new Promise<number>((resolve, reject) => {
          const asked = request(
            { host: '127.0.0.1', port, path: '/api/overview', headers: { host, ...headers } },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          asked.on('error', reject);
          asked.end();
        });
      const bearer = { authorization: `Bearer ${dashboard.token}` };
      expect(await status(`evil.example:${port}`, bearer)).toBe(403);
      expect(await status(`127.0.0.1:${port}`)).toBe(401);
      expect(await status(`127.0.0.1:${port}`, { authorization: 'Bearer wrong' })).toBe(401);
      expect(await status(`127.0.0.1:${port}`, bearer)).toBe(200);
    } finally {
      await dashboard.close();
    }
  });
});
