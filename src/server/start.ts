/**
 * Starting and stopping the dashboard: open what it shows (bad input fails here, before anything listens), build
 * the app, listen on the host and port (127.0.0.1 unless told otherwise; port 0 picks a free one), and close
 * everything on `close()`.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { InputError } from '../util/errors.js';
import { dashboardApp } from './app.js';
import { DashboardData, type DashboardSources } from './dashboard-data.js';
import { DEFAULT_HOST, DEFAULT_PORT } from './defaults.js';

export interface DashboardOptions extends DashboardSources {
  host?: string;
  port?: number;
}

export interface RunningDashboard {
  readonly url: string;
  readonly data: DashboardData;
  close(): Promise<void>;
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export async function startDashboard(options: DashboardOptions): Promise<RunningDashboard> {
  const host = options.host ?? DEFAULT_HOST;
  const port = options.port ?? DEFAULT_PORT;
  const data = DashboardData.open(options);
  const hostName = host.includes(':') ? `[${host}]` : host;
  const loopback = LOOPBACK_NAMES.includes(hostName);
  // Loopback answers to all its names; an address given with --host to that address (and loopback); every address of
  // the machine (0.0.0.0, ::) to any name, since other machines reach it by names this one cannot know.
  const everywhere = host === '0.0.0.0' || host === '::';
  const hosts = everywhere ? null : loopback ? LOOPBACK_NAMES : [hostName.toLowerCase(), ...LOOPBACK_NAMES];
  const { app, watcher } = dashboardApp(data, { hosts });
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
    url: `http://${hostName}:${address.port}/`,
    data,
    close: () =>
      new Promise<void>((resolve) => {
        watcher.stop();
        server.close(() => {
          data.close();
          resolve();
        });
        // Open event streams would keep the server from closing.
        server.closeAllConnections();
      }),
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
