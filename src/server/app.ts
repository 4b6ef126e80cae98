/**
 * The dashboard's HTTP application (Hono): a JSON API over `DashboardData`, a stream of store changes, and the built
 * front end (`dist/web`). Requests name runs, episodes and trace files by number only; the static files are served
 * by Hono's own handler, which refuses `..`, doubled slashes and backslashes, so nothing outside the front end's
 * folder, the store and the traces can be read.
 *
 * Other sites cannot use it through the user's browser: requests must name this server in their Host header (a page
 * of another site reaching 127.0.0.1 by DNS rebinding does not), a request that changes something (recording a
 * trace) must be a same-origin JSON POST, and the Content-Security-Policy allows only the dashboard's own scripts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { streamSSE } from 'hono/streaming';
import type { EpisodePageQuery } from '../bench/store.js';
import { InputError } from '../util/errors.js';
import { type DashboardData, NotFound } from './dashboard-data.js';
import { StoreWatcher } from './live.js';
import { traceFileOf } from './trace-files.js';
import { ViewCache } from './view-cache.js';
import { webRoot } from './web-root.js';

export interface AppOptions {
  /** Host names this server answers to (with or without the port); null: any (it listens on every address). */
  readonly hosts: readonly string[] | null;
}

/** The largest page of episodes one request gets. */
const MAX_PAGE = 500;

export function dashboardApp(data: DashboardData, options: AppOptions): { app: Hono; watcher: StoreWatcher } {
  const app = new Hono();
  const watcher = new StoreWatcher(() => data.changeCounter());
  const root = webRoot();
  const views = new ViewCache();

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Observable Plot writes a <style> into each chart and sets style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
    }),
  );
  app.use('*', async (c, next) => {
    const host = (c.req.header('host') ?? '').toLowerCase();
    if (options.hosts && !options.hosts.some((name) => host === name || host.startsWith(`${name}:`))) {
      return c.json({ error: `this dashboard does not answer to host '${host}'` }, 403);
    }
    if (c.req.method === 'POST') {
      const origin = c.req.header('origin');
      const json = (c.req.header('content-type') ?? '').startsWith('application/json');
      if (!json || (origin !== undefined && new URL(origin).host !== host)) {
        return c.json({ error: 'only the dashboard itself may ask for this' }, 403);
      }
    }
    return next();
  });
  app.onError((error, c) => errorResponse(c, error));

  app.get('/api/overview', (c) =>
    c.json({ store: data.storePath, recordings: data.recordings, runs: data.runs(), traces: data.traceFiles() }),
  );
  app.get('/api/runs/:run', async (c) => {
    const id = intParam(c, 'run');
    return c.json({ run: data.run(id), report: await data.report(id), recorded: data.recordedIndices(id) });
  });
  app.get('/api/runs/:run/paired', async (c) => {
    const reference = c.req.query('reference');
    if (!reference) throw new BadRequest('name the reference agent: ?reference=AGENT');
    return c.json(await data.paired(intParam(c, 'run'), reference));
  });
  app.get('/api/runs/:run/cross-method', async (c) => {
    const per = c.req.query('per');
    if (per !== undefined && per !== '' && per !== 'home') throw new BadRequest(`per: '${per}' is not home`);
    return c.json(await data.crossMethod(intParam(c, 'run'), per === 'home'));
  });
  app.get('/api/runs/:run/episodes', (c) => c.json(data.episodes(intParam(c, 'run'), pageQuery(c))));
  app.get('/api/runs/:run/episodes/:index', async (c) => {
    const { episodeView } = await import('./viewer/episode-view.js');
    const [id, index] = [intParam(c, 'run'), intParam(c, 'index')];
    const source = data.episode(id, index);
    const key = `run ${id} ${index} ${data.changeCounter()} ${source.origin.file} ${source.trace?.length ?? 'none'}`;
    return json(
      c,
      views.get(key, () => episodeView(source)),
    );
  });
  app.get('/api/runs/:run/episodes/:index/trace.json', (c) => {
    const id = intParam(c, 'run');
    const episode = data.episode(id, intParam(c, 'index'));
    if (!episode.trace) throw new NotFound('this episode has no trace yet: record one first');
    const run = data.runInfo(id);
    const file = traceFileOf({ ...run, id }, { ...episode, trace: episode.trace });
    c.header('Content-Disposition', `attachment; filename="run-${id}-episode-${episode.index}.json"`);
    return c.json(file);
  });
  app.post('/api/runs/:run/episodes/:index/trace', async (c) => {
    const { recordTrace } = await import('./recorder.js');
    const recording = await recordTrace(data, intParam(c, 'run'), intParam(c, 'index'));
    return c.json({ reproduced: recording.reproduced, steps: recording.steps });
  });
  app.get('/api/traces/:n', async (c) => {
    const { episodeView } = await import('./viewer/episode-view.js');
    const n = intParam(c, 'n');
    return json(
      c,
      views.get(`file ${n}`, () => episodeView(data.traceFile(n))),
    );
  });
  app.get('/api/live', (c) =>
    streamSSE(
      c,
      (stream) =>
        new Promise<void>((resolve) => {
          const stop = watcher.subscribe(
            () => void stream.writeSSE({ event: 'change', data: String(data.changeCounter()) }),
          );
          // A comment now and then keeps proxies and the browser from closing an idle stream; the timer does not
          // keep the process alive when the server stops.
          const ping = setInterval(() => void stream.write(': ping\n\n'), 15_000);
          ping.unref();
          stream.onAbort(() => {
            stop();
            clearInterval(ping);
            resolve();
          });
          void stream.writeSSE({ event: 'hello', data: String(data.changeCounter()) });
        }),
    ),
  );
  app.all('/api/*', (c) => c.json({ error: `no such API: ${c.req.method} ${c.req.path}` }, 404));

  app.use('/assets/*', async (c, next) => {
    await next();
    // Built files carry a content hash in their names.
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/assets/*', serveStatic({ root }));
  // The pages of the single-page front end (preact-iso routes them in the browser); any other address is refused.
  const page = serveStatic({ root, path: 'index.html' });
  for (const path of ['/', '/runs/*', '/traces/*']) app.get(path, page);
  app.all('*', (c) =>
    existsSync(join(root, 'index.html'))
      ? c.text('Not found', 404)
      : c.text('The dashboard front end is not built (dist/web is missing): run `npm run build`.', 404),
  );
  return { app, watcher };
}

class BadRequest extends Error {}

/** A response of JSON text already serialised. */
function json(c: Context, text: string): Response {
  return c.body(text, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
}

function intParam(c: Context, name: string): number {
  const text = c.req.param(name) ?? '';
  if (!/^\d{1,9}$/.test(text)) throw new BadRequest(`'${text}' is not a number`);
  return Number(text);
}

function pageQuery(c: Context): EpisodePageQuery {
  const number = (name: string, fallback: number, max: number) => {
    const text = c.req.query(name);
    if (text === undefined || text === '') return fallback;
    if (!/^\d{1,9}$/.test(text)) throw new BadRequest(`${name}: '${text}' is not a number`);
    return Math.min(Number(text), max);
  };
  const where: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(c.req.queries())) {
    const match = /^where\.([A-Za-z][\w-]*)$/.exec(name);
    if (match && value[0] !== undefined) where[match[1]] = /^-?\d+$/.test(value[0]) ? Number(value[0]) : value[0];
  }
  const status = c.req.query('status');
  if (status !== undefined && status !== '' && status !== 'ok' && status !== 'failed') {
    throw new BadRequest(`status: '${status}' is neither ok nor failed`);
  }
  const sort = c.req.query('sort');
  return {
    offset: number('offset', 0, Number.MAX_SAFE_INTEGER),
    limit: number('limit', 100, MAX_PAGE),
    ...(Object.keys(where).length > 0 && { where }),
    ...((status === 'ok' || status === 'failed') && { status }),
    ...(sort && { sort: { metric: sort, descending: c.req.query('order') !== 'asc' } }),
  };
}

function errorResponse(c: Context, error: Error): Response {
  if (error instanceof NotFound) return c.json({ error: error.message }, 404);
  if (error instanceof BadRequest) return c.json({ error: error.message }, 400);
  // Bad input found while serving (a corrupt trace, a trace that no longer replays): one line, as the CLI says it.
  if (error instanceof InputError) return c.json({ error: error.message }, 422);
  return c.json({ error: `internal error: ${error.message}` }, 500);
}
