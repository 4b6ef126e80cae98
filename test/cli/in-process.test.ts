/**
 * `runCliInProcess` (test/helpers/cli.ts), which the CLI's tests run commands through instead of a child process: a
 * call sees what a child would (the environment less the user's HEARTH_LLM_*, plus the variables it is given, in the
 * folder it is given) and leaves this process as it found it (folder, environment, exit code, signal listeners);
 * calls made at once do not mix their output.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.js';
import { scratchDir } from '../helpers/scratch.js';

describe('hearth run in this process', () => {
  const user = { HEARTH_LLM_PROVIDER: 'openai', HEARTH_LLM_MODEL: 'users-model' };
  afterEach(() => {
    for (const name of Object.keys(user)) delete process.env[name];
  });

  it("hides the user's HEARTH_LLM_* from the command and puts them back after it", async () => {
    Object.assign(process.env, user);
    const r = await runCliInProcess(['llm', 'check']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no language model given/);
    expect(process.env.HEARTH_LLM_PROVIDER).toBe('openai');
    expect(process.env.HEARTH_LLM_MODEL).toBe('users-model');
  });

  it('sets the variables it is given for the call only', async () => {
    const r = await runCliInProcess(['llm', 'check'], { env: { HEARTH_LLM_PROVIDER: 'openai' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--llm openai needs --model NAME \(or HEARTH_LLM_MODEL\)/);
    expect(process.env.HEARTH_LLM_PROVIDER).toBeUndefined();
  });

  it('runs in the folder it is given, and leaves folder, environment, exit code and listeners as they were', async () => {
    const dir = scratchDir('in-process');
    const before = {
      cwd: process.cwd(),
      cacheDir: process.env.HEARTH_CACHE_DIR,
      exitCode: process.exitCode,
      signals: ['SIGINT', 'SIGTERM'].map((signal) => process.listenerCount(signal)),
    };
    // A relative store lands in the folder given; --cache-dir sets HEARTH_CACHE_DIR for the run's threads.
    const args = ['run', '--agents', 'oracle', '--seeds', '1', '--steps', '3', '--workers', '0', '--quiet'];
    const r = await runCliInProcess([...args, '--store', 'results.sqlite', '--cache-dir', join(dir, 'cache')], {
      cwd: dir,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/home cottage/);
    expect(existsSync(join(dir, 'results.sqlite'))).toBe(true);
    expect({
      cwd: process.cwd(),
      cacheDir: process.env.HEARTH_CACHE_DIR,
      exitCode: process.exitCode,
      signals: ['SIGINT', 'SIGTERM'].map((signal) => process.listenerCount(signal)),
    }).toEqual(before);
  });

  it('runs calls made at once one after the other, each with its own output', async () => {
    const [lights, fridge] = await Promise.all([
      runCliInProcess(['read', 'Switch the bedroom lights off.']),
      runCliInProcess(['read', 'Open the fridge.']),
    ]);
    expect(lights.stdout).toBe('goal:\n  all light isToggledOff in bedroom\n');
    expect(fridge.stdout).toBe('goal:\n  fridge isOpen\n');
  });
});
