/**
 * HELPER through `hearth run` (the CLI's own `main`, in this process): memory expansion over two runs of one memory
 * file (--helper-memory), and bad input refused with one line (a malformed dialogue file, a memory path that is not a
 * memory).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProgramMemoryFile } from '../../src/memory/program-memory.js';
import { runCliInProcess } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'hearth-run-helper-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hearth = (args: string[]) => runCliInProcess(['run', ...args]);

interface Report {
  results: { agent: string; episodes: number; sr: { mean: number | null }; steps: { mean: number | null } }[];
  roles?: Record<string, Record<string, string>>;
}

describe('HELPER through hearth run', () => {
  it('learns confirmed programs into --helper-memory, and the next run is the next pass, reading them', async () => {
    const memory = join(dir, 'memory.sqlite');
    const args = [
      '--protocol',
      'episodic',
      '--agents',
      'helper',
      '--tasks',
      'teach-tfd/coffee,teach-tfd/salad',
      '--homes',
      'cottage',
      '--seeds',
      '1',
      // The main thread: the memory is what is tested, not the pool (a worker thread here compiles the sources).
      '--workers',
      '0',
      '--json',
      '--quiet',
      '--store',
      join(dir, 'results.sqlite'),
      '--helper-memory',
      memory,
    ];
    const first = await hearth(args);
    expect(first.stderr).toBe('');
    const one = JSON.parse(first.stdout) as Report;
    expect(one.roles?.helper?.memory).toBe(`learning (${memory}, pass 1)`);
    const file = ProgramMemoryFile.open(memory);
    const learned = file.entries();
    file.close();
    expect(learned).toHaveLength(Math.round(one.results[0].sr.mean! * one.results[0].episodes));
    expect(new Set(learned.map((e) => e.episode))).toEqual(
      new Set(['cottage/teach-tfd/coffee/0', 'cottage/teach-tfd/salad/0']),
    );
    const second = await hearth(args);
    const two = JSON.parse(second.stdout) as Report;
    expect(two.roles?.helper?.memory).toBe(`learning (${memory}, pass 2)`);
    expect(two.results[0].steps.mean!).toBeLessThanOrEqual(one.results[0].steps.mean!);
  }, 120_000);

  it('refuses a malformed dialogue file and a memory that is not one, in one line', async () => {
    const dialogues = join(dir, 'dialogues.jsonl');
    writeFileSync(dialogues, '{"id": "a", "dialogue": "Make toast.", "goal": ["breadslice isToasty"]}\n');
    const bad = await hearth(['--protocol', 'episodic', '--agents', 'helper', '--dialogues', dialogues, '--quiet']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe(`hearth: ${dialogues}:1: goal 'breadslice isToasty': unknown predicate 'isToasty'`);
    const notMemory = join(dir, 'notes.txt');
    writeFileSync(notMemory, 'not a database');
    const refused = await hearth([
      '--protocol',
      'episodic',
      '--agents',
      'helper',
      '--tasks',
      'teach-tfd/toast',
      '--quiet',
      '--helper-memory',
      notMemory,
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(`hearth: ${notMemory}: not a hearth program memory (not an SQLite database)`);
  }, 60_000);
});
