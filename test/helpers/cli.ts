/**
 * The built CLI for tests that run it as a child process: where it is, whether it is built (`npm test` builds it;
 * tests that need it skip without), and a run of it that does not block this process (fake servers may live here).
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

/**
 * Runs `hearth ARGS` inside this process (the CLI's own `main`, from the sources): what it wrote to stdout and
 * stderr, and the exit code it set. For refusals, which end before any episode runs: a child process costs a
 * second of start-up each, this costs milliseconds. Commands that run episodes go through `runCli`.
 */
export async function runCliInProcess(args: readonly string[]): Promise<Finished> {
  const { main } = await import('../../src/cli/main.js');
  const out = { stdout: '', stderr: '' };
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  const capture = (into: 'stdout' | 'stderr') =>
    ((chunk: string | Uint8Array) => {
      out[into] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    }) as typeof process.stdout.write;
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  process.stdout.write = capture('stdout');
  process.stderr.write = capture('stderr');
  try {
    await main(['node', 'hearth', ...args]);
    return { code: Number(process.exitCode ?? 0), ...out };
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
    process.exitCode = exitCode;
  }
}
