/**
 * The built CLI for tests that run it as a child process: where it is, whether it is built (`npm test` builds it;
 * tests that need it skip without), and a run of it that does not block this process (fake servers may live here).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
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
export function runCli(args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
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
