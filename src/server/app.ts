/**
 * The dashboard's HTTP application (Hono): a JSON API over `DashboardData`, a stream of store changes, and the built
 * front end (`dist/web`). Requests name runs, episodes and trace files by number only; the static files are served
 * by Hono's own handler, which refuses `..`, doubled slashes and backslashes, so nothing outside the front end's
 * folder, the store and the traces can be read.
 *
 * Other sites cannot use it through the user's browser: requests must name this server in their Host header (a page
 * of another site reaching 127.0.0.1 by DNS rebinding does not), a request that changes something (recording a
 * trace) must be a JSON POST whose Origin, if it has one, is this server (`Origin: null`, or one that is not an
 * address, is refused), and the Content-Security-Policy allows only the dashboard's own scripts. Listening beyond
 * loopback, the server also wants its token (`--token`, or one made at start and printed in its address): once in
 * the address (`/?token=...`, which sets a cookie), or as `Authorization: Bearer ...`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { secureHeaders } from 'hono/secure-headers';
import { streamSSE } from 'hono/streaming';
import type { EpisodePageQuery } from '../bench/store.js';
import type { ModelServer } from '../llm/config.js';
import { InputError } from '../util/errors.js';
import { type DashboardData, NotFound, TooBusy } from './dashboard-data.js';
import { StoreWatcher } from './live.js';
import type { TraceRecorder } from './recorder.js';
import { traceFileOf } from './trace-files.js';
import { ViewCache } from './view-cache.js';
import { webRoot } from './web-root.js';

export interface AppOptions {
  /** Host names this server answers to (a request's Host header is one of them, with or without a port). */
  readonly hosts: readonly string[];
  /** When set, every request must carry this token (see the module comment). */
  readonly token?: string;
  /**
   * This machine's model server, for recording episodes whose model calls go to one (default: HEARTH_LLM_BASE_URL or
   * the config file's, with HEARTH_LLM_API_KEY; none: such a recording is refused).
   */
  readonly modelServer?: ModelServer;
  /** Recordings that may wait behind the running one (default `DEFAULT_MAX_WAITING`); more get 503. */
  readonly maxWaitingRecordings?: number;
}

export interface DashboardApp {
  readonly app: Hono;
  readonly watcher: StoreWatcher;
  /** Stops the watcher and the recorder's threads. */
  close(): Promise<void>;
}

/** The largest page of episodes one request gets. */
const MAX_PAGE = 500;

/** The cookie that carries the token after the address with `?token=` was opened once. */
const TOKEN_COOKIE = 'hearth-token';

export function dashboardApp(data: DashboardData, options: AppOptions): DashboardApp {
  const app = new Hono();
  const watcher = new StoreWatcher(() => data.changeCounter());
  const root = webRoot();
  const views = new ViewCache();
  let recorder: TraceRecorder | undefined;
  const recorderOf = async () => {
    if (recorder) return recorder;
    const [{ TraceRecorder }, { machineModelServer }] = await Promise.all([
      import('./recorder.js'),
      import('../llm/config.js'),
    ]);
    const server = options.modelServer ?? machineModelServer({});
    recorder ??= new TraceRecorder(
      data,
      () => ({
        files: data.readable,
        llm: {
          server,
          serverHint:
            'start hearth serve with --base-url URL (or HEARTH_LLM_BASE_URL) to record it against that server',
        },
        recordings: 'replay',
      }),
      options.maxWaitingRecordings,
    );
    return recorder;
  };

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
    if (!hostAllowed(host, options.hosts)) {
      return c.json({ error: `this dashboard does not answer to host ${JSON.stringify(host.slice(0, 100))}` }, 403);
    }
    if (options.token !== undefined) {
      const given = c.req.query('token');
      if (given !== undefined && sameToken(given, options.token)) {
        setCookie(c, TOKEN_COOKIE, options.token, { httpOnly: true, sameSite: 'Strict', path: '/' });
        // A page opened with the token in its address: the same page without it (it stays out of the history).
        if (c.req.method === 'GET' && !c.req.path.startsWith('/api/')) {
          const url = new URL(c.req.url);
          url.searchParams.delete('token');
          return c.redirect(`${url.pathname}${url.search}`, 303);
        }
      } else if (!sameToken(tokenOf(c), options.token)) {
        return c.json({ error: 'this dashboard wants its token: open the address hearth serve printed' }, 401);
      }
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const json = (c.req.header('content-type') ?? '').startsWith('application/json');
      if (!json || !sameOrigin(c.req.header('origin'), host)) {
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
    await data.checkViewable(source);
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
    const recording = await (await recorderOf()).record(intParam(c, 'run'), intParam(c, 'index'));
    return c.json({ reproduced: recording.reproduced, steps: recording.steps });
  });
  app.get('/api/traces/:n', async (c) => {
    const { episodeView } = await import('./viewer/episode-view.js');
    const n = intParam(c, 'n');
    const source = data.traceFile(n);
    await data.checkViewable(source);
    return json(
      c,
      views.get(`file ${n}`, () => episodeView(source)),
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
  return {
    app,
    watcher,
    close: async () => {
      watcher.stop();
      await recorder?.close();
    },
  };
}

/** Whether a Host header names one of the server's names, alone or with a port. */
function hostAllowed(host: string, names: readonly string[]): boolean {
  return names.some(
    (name) => host === name || (host.startsWith(`${name}:`) && /^\d{1,5}$/.test(host.slice(name.length + 1))),
  );
}

/**
 * Whether a request's Origin is this server: absent (not a browser's cross-site request), or an http(s) address of
 * the host the request names. `null` (a sandboxed frame, a file page) and anything that is not an address are not.
 */
function sameOrigin(origin: string | undefined, host: string): boolean {
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host;
}

/** The token a request carries: `Authorization: Bearer ...`, else the cookie. */
function tokenOf(c: Context): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  return bearer?.[1] ?? getCookie(c, TOKEN_COOKIE);
}

/** Compares in constant time (digests of equal length), so that the time taken says nothing of the token. */
function sameToken(given: string | undefined, token: string): boolean {
  if (given === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
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
  if (error instanceof TooBusy) return c.json({ error: error.message }, 503, { 'Retry-After': '5' });
  // Bad input found while serving (a corrupt trace, a trace that no longer replays): one line, as the CLI says it.
  if (error instanceof InputError) return c.json({ error: error.message }, 422);
  return c.json({ error: `internal error: ${error.message}` }, 500);
}
