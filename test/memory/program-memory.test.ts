import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ProgramMemoryFile } from '../../src/memory/program-memory.js';
import { InputError } from '../../src/util/errors.js';

const dirs: string[] = [];
const fileIn = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-memory-'));
  dirs.push(dir);
  return join(dir, 'sub', 'memory.sqlite');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const entry = (pass: number, episode: string, agent = 'helper') => ({
  agent,
  pass,
  episode,
  kind: 'plan',
  key: `dialogue of ${episode}`,
  program: `# program of ${episode}`,
});

describe('ProgramMemoryFile', () => {
  it('learns in passes: a pass reads what earlier passes learned, in (pass, episode) order', () => {
    const path = fileIn();
    const file = ProgramMemoryFile.open(path);
    const first = file.openPass('{"run":1}', false);
    expect(first).toBe(1);
    expect(file.learn(entry(first, 'home/b/0'))).toBe(true);
    expect(file.learn(entry(first, 'home/a/0'))).toBe(true);
    expect(file.learn(entry(first, 'home/a/0'))).toBe(false); // the same episode again (a resume): ignored
    expect(file.learn(entry(first, 'home/a/0', 'helper-no-locator'))).toBe(true);
    expect(file.learnedBefore('helper', first)).toEqual([]);
    const second = file.openPass('{"run":1}', false);
    expect(second).toBe(2);
    expect(file.learnedBefore('helper', second).map((e) => e.episode)).toEqual(['home/a/0', 'home/b/0']);
    expect(file.learnedBefore('helper-no-locator', second)).toHaveLength(1);
    file.close();
    // Reopened: the same entries, and --resume continues the latest pass of the configuration.
    const again = ProgramMemoryFile.open(path);
    expect(again.openPass('{"run":1}', true)).toBe(2);
    expect(again.openPass('{"other":1}', true)).toBe(3);
    expect(again.entries()).toHaveLength(3);
    again.close();
  });

  it('refuses a file that is not a program memory, naming it', () => {
    const path = fileIn();
    const text = join(dirs[0], 'notes.txt');
    writeFileSync(text, 'hello, this is not a database');
    expect(() => ProgramMemoryFile.open(text)).toThrow(InputError);
    expect(() => ProgramMemoryFile.open(text)).toThrow(/not a hearth program memory \(not an SQLite database\)/);
    const other = join(dirs[0], 'other.sqlite');
    const db = new Database(other);
    db.exec('CREATE TABLE t (x)');
    db.close();
    expect(() => ProgramMemoryFile.open(other)).toThrow(/an SQLite database of something else/);
    ProgramMemoryFile.open(path).close();
  });
});
