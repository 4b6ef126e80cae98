/**
 * The dashboard's routes with hostile requests: any method, paths of the API's words mixed with traversals, encoded
 * bytes, huge numbers and long names, query strings of SQL, markup and paths, and Host, Origin and Content-Type
 * headers of every kind. Every answer is one the dashboard means to give (200, 303, 400, 401, 403, 404, 422, 503),
 * never a 500 or a stack trace, and no answer carries a word of the file a link planted in the traces folder leads to.
 * The store's episodes name an agent this process does not know, so that no request runs one.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultsStore } from '../../src/bench/store.js';
import { hearthVersion } from '../../src/bench/version.js';
import { dashboardApp } from '../../src/server/app.js';
import { DashboardData } from '../../src/server/dashboard-data.js';
import { hasStackTrace, propertyRuns } from '../helpers/property.js';
import { scratchDir } from '../helpers/scratch.js';
import { continualSpec, storeOkEpisodes } from '../helpers/specs.js';

const SECRET = 'correct-horse-battery-staple';
const SEGMENTS = [
  ...['api', 'api', 'runs', 'runs', 'episodes', 'traces', 'trace', 'trace.json', 'paired', 'cross-method', 'overview'],
  ...['0', '1', '1', '2', '999999999', '1234567890', '1e3', '-1', '01', '..', '%2e%2e', '%2F', '%00', '%ff', '.'],
  ...['assets', 'index.html', '~', 'ü', '\u202e', 'x'.repeat(300), '', 'runs;drop table runs', '<script>'],
];
const ROUTES = [
  ...['/api/overview', '/api/runs/:a', '/api/runs/:a/paired', '/api/runs/:a/cross-method', '/api/runs/:a/episodes'],
  ...['/api/runs/:a/episodes/:b', '/api/runs/:a/episodes/:b/trace.json', '/api/runs/:a/episodes/:b/trace'],
  ...['/api/traces/:a', '/', '/runs/:a', '/runs/:a/episodes/:b', '/assets/:a', '/traces/:a', '/api/:a'],
];
const NUMBERS = [
  '0',
  '1',
  '1',
  '1',
  '0',
  '2',
  '999999999',
  '1234567890',
  '-1',
  '1e3',
  '..',
  '%2e%2e',
  '%00',
  'x'.repeat(300),
];
const VALUES = [
  '',
  '-1',
  '0',
  '1e9',
  '99999999999',
  "' OR 1=1 --",
  '../../etc/passwd',
  '<img src=x>',
  'ok',
  'failed',
  'sr',
  'asc',
  'home',
  'ü',
  'null',
];
const request = fc.record({
  method: fc.oneof(
    { arbitrary: fc.constant('GET'), weight: 6 },
    fc.constantFrom('POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'),
  ),
  path: fc
    .oneof(
      // The routes as the API has them, their numbers replaced by anything.
      fc
        .tuple(fc.constantFrom(...ROUTES), fc.array(fc.constantFrom(...NUMBERS), { minLength: 2, maxLength: 2 }))
        .map(([route, [a, b]]) => route.replace(':a', a).replace(':b', b)),
      fc.array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 6 }).map((parts) => `/${parts.join('/')}`),
    )
    .filter((path) => !path.startsWith('/api/live')),
  query: fc.array(
    fc.tuple(
      fc.constantFrom(
        'offset',
        'limit',
        'where.agent',
        'where.x-y',
        'where.',
        'status',
        'sort',
        'order',
        'reference',
        'per',
        'token',
      ),
      fc.constantFrom(...VALUES),
    ),
    { maxLength: 4 },
  ),
  // Mostly the server's own name, so that most requests reach the routes behind the host check.
  host: fc.oneof(
    { arbitrary: fc.constantFrom('127.0.0.1:4280', 'localhost'), weight: 5 },
    fc.constantFrom('evil.example', '127.0.0.1:x', '', '[::1]:1', '127.0.0.1:4280@evil'),
  ),
  origin: fc.constantFrom(
    undefined,
    undefined,
    'null',
    'http://[',
    'http://127.0.0.1:4280',
    'http://evil.example',
    'file://',
  ),
  type: fc.constantFrom(undefined, 'application/json', 'text/plain'),
  body: fc.constantFrom(undefined, '{}', '{', 'x'.repeat(1000)),
});

describe("the dashboard's routes with hostile requests", () => {
  let data: DashboardData;
  let app: ReturnType<typeof dashboardApp>;

  beforeAll(() => {
    const dir = scratchDir('routes');
    const store = ResultsStore.open(join(dir, 'results.sqlite'));
    const run = store.createRun({
      protocol: 'continual',
      config: {},
      hearthVersion: hearthVersion(),
      totalEpisodes: 2,
    });
    storeOkEpisodes(
      store,
      run.id,
      [0, 1].map((seed) => continualSpec({ seed, agent: 'ghost' })),
    );
    store.close();
    const secret = join(scratchDir('routes-outside'), 'secret.txt');
    writeFileSync(secret, `${SECRET}\n`);
    mkdirSync(join(dir, 'traces', 'run-1'), { recursive: true });
    symlinkSync(secret, join(dir, 'traces', 'run-1', 'episode-1.json'));
    data = DashboardData.open({ store: join(dir, 'results.sqlite'), traces: [] });
    app = dashboardApp(data, { hosts: ['127.0.0.1', 'localhost', '[::1]'] });
  });

  afterAll(async () => {
    await app.close();
    data.close();
  });

  it('answers every request as it means to: never a 500, a stack trace, or a word of a file a link leads to', async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path, query, host, origin, type, body }) => {
        const search = new URLSearchParams(query).toString();
        const headers: Record<string, string> = {
          host,
          ...(origin && { origin }),
          ...(type && { 'content-type': type }),
        };
        const hasBody = body !== undefined && method !== 'GET' && method !== 'HEAD';
        const response = await app.app.request(`http://127.0.0.1:4280${path}${search ? `?${search}` : ''}`, {
          method,
          headers,
          ...(hasBody && { body }),
        });
        const text = await response.text();
        expect(
          [200, 303, 400, 401, 403, 404, 422, 503],
          `${method} ${path}?${search}: ${text.slice(0, 200)}`,
        ).toContain(response.status);
        expect(hasStackTrace(text)).toBe(false);
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain('internal error');
      }),
      propertyRuns(120),
    );
  });
});
