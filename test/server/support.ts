/**
 * What the dashboard's tests share: `hearth serve` of the built CLI run as a child process on a free loopback port,
 * stopped by the test, and headless Chromium through playwright-core. Tests that need the build or Chromium skip with
 * a message saying what is missing. (Their runs go through the CLI's own `main`, `runCliInProcess`.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, BUILT, cliEnv } from '../helpers/cli.js';
import { projectRoot } from '../helpers/shared-data.js';

export { BIN, BUILT } from '../helpers/cli.js';

export const WEB_BUILT = existsSync(join(projectRoot, 'dist', 'web', 'index.html'));

/** Debian's Chromium, or the one $HEARTH_CHROMIUM names. */
export const CHROMIUM = [process.env.HEARTH_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path): path is string => path !== undefined && path !== '' && existsSync(path),
);

/** What an end-to-end page test lacks to run (the build, the web bundle, Chromium), or undefined when nothing. */
export const E2E_MISSING =
  !BUILT || !WEB_BUILT
    ? 'the build (run `npm run build`; npm test does)'
    : !CHROMIUM
      ? 'Chromium (apt-get install chromium)'
      : undefined;

/** Where the tests leave their screenshots (docs/dashboard.md shows them). */
export const SCREENSHOTS = join(projectRoot, 'docs', 'dashboard');

export interface Served {
  url: string;
  /** Milliseconds from the spawn to the address on stdout. */
  startMs: number;
  stop(): Promise<void>;
}

/** Starts `hearth serve ARGS --port 0` and resolves with its address once it listens. */
export function serve(args: string[], cwd: string): Promise<Served> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
    cwd,
    env: cliEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const match = /(http:\/\/\S+\/)/.exec(stdout);
      if (!match) return;
      resolve({
        url: match[1],
        startMs: performance.now() - started,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGINT');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`hearth serve exited (${code}): ${stderr.trim()}`)));
  });
}

/** Headless Chromium as this machine allows it (no sandbox as root, no network beyond loopback). */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
