/**
 * A real redis-server for the queue tests (the Debian package; `.ci/run` installs it): started on a free loopback
 * port with its data in a temporary folder, stopped by the test. Without redis-server on the PATH the tests that need
 * it are skipped with a message saying so.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const REDIS_AVAILABLE = spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;
if (!REDIS_AVAILABLE) {
  process.stderr.write(
    '[hearth tests] queue tests skipped: redis-server is not installed (apt-get install redis-server; .ci/run does)\n',
  );
}

/** A free TCP port on 127.0.0.1 (the OS picks one; it is free again when this resolves). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Stops it and starts it again on the same port, with the data it saved (append-only file). */
  restart(): Promise<void>;
  /** Stops it and removes its data folder. */
  close(): Promise<void>;
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hearth-redis-'));
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const server = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = server;
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk;
        if (output.includes('Ready to accept connections')) {
          server.stdout?.off('data', onData);
          server.stdout?.resume();
          resolve();
        }
      };
      server.stdout?.on('data', onData);
      server.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      server.once('exit', (code) => reject(new Error(`redis-server exited (${code}) on port ${port}: ${output}`)));
    });
  const stop = async () => {
    const server = child;
    child = undefined;
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    restart: async () => {
      await stop();
      await start();
    },
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
