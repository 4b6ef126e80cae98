/**
 * A child process whose output is collected as it comes (tests watch it while it runs: to kill it at the right
 * moment, or to read what it said so far) and whose end can be awaited.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface WatchedChild {
  process: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs `node ARGS` (this Node, stdin closed). */
export function spawnNode(args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): WatchedChild {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return { process: child, stdout: () => stdout, stderr: () => stderr, exit };
}
