/**
 * The CLI for tests: the built one as a child process (where it is, whether it is built: `npm test` builds it, tests
 * that need it skip without; a run of it that does not block this process, as fake servers may live here), and the
 * CLI's own `main` run inside this process, for every test whose subject is not the process.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnNode } from './child.js';
import { projectRoot } from './shared-data.js';

export const BIN = join(projectRoot, 'bin', 'hearth.js');
export const BUILT = existsSync(join(projectRoot, 'dist', 'cli', 'main.js'));

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** This process's environment without the user's own HEARTH_LLM_* settings (they must not leak into runs), plus `extra`. */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('HEARTH_LLM_')));
  return { ...env, ...extra };
}

/** Runs `hearth ARGS` in `cwd` to its end, with its exit code and output. */
export async function runCli(
  args: readonly string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<Finished> {
  const child = spawnNode([BIN, ...args], { cwd, env: cliEnv(env) });
  const { code } = await child.exit;
  return { code, stdout: child.stdout(), stderr: child.stderr() };
}

/** What an in-process run may change for its call: the folder it runs in, and variables set over the environment. */
export interface InProcessOptions {
  /** The working folder for the call (process.chdir there and back); default: this process's. */
  cwd?: string;
  /** Variables set for the call (on top of this environment less the user's HEARTH_LLM_*), restored after it. */
  env?: Record<string, string>;
}

/** The calls in progress, one after the other: output, exit code, folder and environment are the process's own. */
let inProcessQueue: Promise<unknown> = Promise.resolve();

/**
 * Runs `hearth ARGS` inside this process (the CLI's own `main`, from the sources): what it wrote to stdout and
 * stderr, and the exit code it set. A child process costs a second or two of start-up and a cold JIT (a fresh
 * process's first episodes cost several times later ones); this reuses the worker's warm modules and caches, so
 * commands that run episodes go through here too unless the process itself is under test (signals, the bin shim,
 * another process's determinism, worker processes) or the run starts worker threads (each compiles the sources
 * through tsx under vitest; the built CLI's threads load dist/).
 *
 * As a child run through `runCli` does, the call sees the environment without the user's HEARTH_LLM_* plus `env`,
 * in `cwd`; all of it, the exit code and the output streams are restored after the call. Calls made at once run
 * one after the other. What else a command could leave behind (the runner's SIGINT listener is added and removed
 * per run) is test/cli/in-process.test.ts's to check: code running meanwhile may add listeners of its own.
 */
export function runCliInProcess(args: readonly string[], options: InProcessOptions = {}): Promise<Finished> {
  const call = inProcessQueue.then(() => runInProcessNow(args, options));
  inProcessQueue = call.catch(() => {});
  return call;
}

async function runInProcessNow(args: readonly string[], options: InProcessOptions): Promise<Finished> {
  const { main } = await import('../../src/cli/main.js');
  const out = { stdout: '', stderr: '' };
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  const capture = (into: 'stdout' | 'stderr') =>
    ((chunk: string | Uint8Array) => {
      out[into] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    }) as typeof process.stdout.write;
  const exitCode = process.exitCode;
  const cwd = process.cwd();
  const restoreEnv = overlayEnv(options.env ?? {});
  process.exitCode = undefined;
  process.stdout.write = capture('stdout');
  process.stderr.write = capture('stderr');
  try {
    if (options.cwd !== undefined) process.chdir(options.cwd);
    await main(['node', 'hearth', ...args]);
    return { code: Number(process.exitCode ?? 0), ...out };
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
    process.exitCode = exitCode;
    process.chdir(cwd);
    restoreEnv();
  }
}

/**
 * Hides the user's HEARTH_LLM_* and sets `extra` in process.env; returns what puts the whole environment back as it
 * was (a command may set variables of its own: `--cache-dir` sets HEARTH_CACHE_DIR for its worker threads).
 */
function overlayEnv(extra: Record<string, string>): () => void {
  const saved = { ...process.env };
  for (const name of Object.keys(process.env)) if (name.startsWith('HEARTH_LLM_')) delete process.env[name];
  Object.assign(process.env, extra);
  return () => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    for (const [name, value] of Object.entries(saved)) if (process.env[name] !== value) process.env[name] = value;
  };
}
