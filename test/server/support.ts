/**
 * What the dashboard's tests share: the built CLI run as a child process (`hearth run`, `hearth serve` on a free
 * loopback port, stopped by the test), and headless Chromium through playwright-core. Tests that need the build or
 * Chromium skip with a message saying what is missing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../helpers/shared-data.js';

export const BIN = join(projectRoot, 'bin', 'hearth.js');
export const BUILT = existsSync(join(projectRoot, 'dist', 'cli', 'main.js'));
export const WEB_BUILT = existsSync(join(projectRoot, 'dist', 'web', 'index.html'));

/** Debian's Chromium, or the one $HEARTH_CHROMIUM names. */
export const CHROMIUM = [process.env.HEARTH_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path): path is string => path !== undefined && path !== '' && existsSync(path),
);

/** Where the tests leave their screenshots (docs/dashboard.md shows them). */
export const SCREENSHOTS = join(projectRoot, 'docs', 'dashboard');

export function ensureScreenshotFolder(): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return SCREENSHOTS;
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The user's own HEARTH_LLM_* settings must not leak into the runs. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('HEARTH_LLM_')));
  return { ...env, ...extra };
}

/** Runs the built CLI to its end without blocking this process (fake servers may live here). */
export function hearth(args: string[], cwd: string, env: Record<string, string> = {}): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: cleanEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

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
    env: cleanEnv({}),
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
