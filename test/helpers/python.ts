/**
 * Real `python3` for the tests of program agents and the Python client (`.ci/run` installs Debian's python3 where it
 * is missing). `PYTHON` is the interpreter's own path, asked once per test worker: a version manager's shim on the
 * PATH (pyenv's takes most of a second to start the interpreter) would otherwise cost that at every start of an
 * agent program. Without python3 the tests that need it are skipped with a message saying so.
 */
import { spawnSync } from 'node:child_process';
import { describe } from 'vitest';

function findPython(): string | undefined {
  const found = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  const path = found.status === 0 ? found.stdout.trim() : '';
  return path === '' ? undefined : path;
}

export const PYTHON = findPython();

export const PYTHON_MISSING =
  PYTHON === undefined ? 'skipped: python3 is not installed (apt-get install python3; .ci/run does)' : undefined;

/** `describe` for tests that run Python programs: skipped, and the skip says why, without python3. */
export function describeWithPython(title: string, body: () => void): void {
  if (PYTHON_MISSING) {
    describe.skip(`${title} [${PYTHON_MISSING}]`, body);
    process.stderr.write(`[hearth tests] ${title}: ${PYTHON_MISSING}\n`);
  } else {
    describe(title, body);
  }
}
