/**
 * Starting and stopping the dashboard: open what it shows (bad input fails here, before anything listens), build
 * the app, listen on the host and port (127.0.0.1 unless told otherwise; port 0 picks a free one), and close
 * everything on `close()`.
 *
 * Beyond loopback, other machines can reach the server, so it wants a token (`--token`, or one made now and printed
 * in its address) and still answers only to names it knows: loopback's, the address it listens on, this machine's
 * name and addresses (for 0.0.0.0 and ::), and those named with `--allow-host`. A page of another site that reaches
 * it by DNS rebinding names its own host, and is refused.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { createAdaptorServer } from '@hono/node-server';
import type { ModelServer } from '../llm/config.js';
import { InputError } from '../util/errors.js';
import { dashboardApp } from './app.js';
import { DashboardData, type DashboardSources } from './dashboard-data.js';
import { DEFAULT_HOST, DEFAULT_PORT } from './defaults.js';

export interface DashboardOptions extends DashboardSources {
  host?: string;
  port?: number;
  /** The token every request must carry (`--token`); beyond loopback one is made when none is given. */
  token?: string;
  /** More names the server answers to (`--allow-host`: a name other machines reach it by). */
  allowHosts?: readonly string[];
  /** This machine's model server, for recordings (`--base-url`; default HEARTH_LLM_* and the config file). */
  modelServer?: ModelServer;
}

export interface RunningDashboard {
  /** The address to open (with `?token=` when the server wants one). */
  readonly url: string;
  /** The token requests must carry, if any. */
  readonly token?: string;
  readonly data: DashboardData;
  close(): Promise<void>;
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** Whether an address is loopback (the only one that needs no token). */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The names a server listening on `host` answers to (see the module comment). */
export function allowedHosts(host: string, more: readonly string[] = []): string[] {
  const bracket = (address: string) => (address.includes(':') ? `[${address}]` : address);
  const names = new Set([...LOOPBACK_NAMES, bracket(host).toLowerCase(), ...more.map((name) => name.toLowerCase())]);
  if (!isLoopbackHost(host)) {
    names.add(hostname().toLowerCase());
    if (host === '0.0.0.0' || host === '::') {
      for (const address of Object.values(networkInterfaces()).flat()) if (address) names.add(bracket(address.address));
    }
  }
  return [...names];
}

export async function startDashboard(options: DashboardOptions): Promise<RunningDashboard> {
  const host = options.host ?? DEFAULT_HOST;
  const port = options.port ?? DEFAULT_PORT;
  const data = DashboardData.open(options);
  const hostName = host.includes(':') ? `[${host}]` : host;
  const token = options.token ?? (isLoopbackHost(host) ? undefined : randomBytes(24).toString('base64url'));
  const { app, close: closeApp } = dashboardApp(data, {
    hosts: allowedHosts(host, options.allowHosts),
    ...(token !== undefined && { token }),
    ...(options.modelServer && { modelServer: options.modelServer }),
  });
  const server = createAdaptorServer({ fetch: app.fetch, hostname: host }) as Server;
  try {
    await listen(server, port, host);
  } catch (error) {
    data.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  // What the first report and the first episode view need, loaded now that the server listens rather than on the
  // first request (the registry of agents and the replay take a few hundred milliseconds to import).
  setImmediate(
    () => void Promise.all([import('../bench/runner.js'), import('./viewer/episode-view.js')]).catch(() => {}),
  );
  return {
    url: `http://${hostName}:${address.port}/${token === undefined ? '' : `?token=${token}`}`,
    ...(token !== undefined && { token }),
    data,
    close: async () => {
      await closeApp();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Open event streams would keep the server from closing.
        server.closeAllConnections();
      });
      data.close();
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      server.off('listening', listening);
      reject(listenError(error, port, host));
    };
    const listening = () => {
      server.off('error', failed);
      resolve();
    };
    server.once('error', failed);
    server.once('listening', listening);
    server.listen(port, host);
  });
}

function listenError(error: NodeJS.ErrnoException, port: number, host: string): Error {
  switch (error.code) {
    case 'EADDRINUSE':
      return new InputError(`port ${port} on ${host} is in use: give another with --port, or --port 0 for a free one`);
    case 'EACCES':
      return new InputError(`not allowed to listen on port ${port} of ${host}: give a port above 1023 with --port`);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new InputError(`--host ${host}: not an address of this machine`);
    default:
      return error;
  }
}
