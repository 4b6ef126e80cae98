/**
 * `hearth serve` on bad input, through the CLI's own `main` in this process (the built CLI's exit codes are
 * test/cli/commands.test.ts's): a missing store, a store that is not hearth's, a corrupt trace file and a port in use
 * each give one line on stderr and exit code 2, before anything listens.
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.js';
import { scratchDir } from '../helpers/scratch.js';

describe('hearth serve on bad input', () => {
  const dir = scratchDir('serve-cli');

  /** Exit code 2 and exactly one line on stderr, matching `pattern`. */
  async function refused(args: string[], pattern: RegExp): Promise<void> {
    const result = await runCliInProcess(['serve', ...args]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
  }

  it('refuses a missing store, a foreign store, a corrupt trace and a port in use', async () => {
    const foreign = join(dir, 'other.sqlite');
    const db = new Database(foreign);
    db.exec('CREATE TABLE notes (text TEXT)');
    db.close();
    const trace = join(dir, 'trace.json');
    writeFileSync(trace, '{"format": "hearth-episode-trace", "version": 1, "protocol": ');
    const notATrace = join(dir, 'other.json');
    writeFileSync(notATrace, JSON.stringify({ hello: 'world' }));
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as { port: number }).port;
    try {
      await Promise.all([
        refused(['--store', join(dir, 'missing.sqlite')], /^hearth: .*missing\.sqlite: no results store here$/),
        refused(
          ['--store', foreign],
          /^hearth: .*other\.sqlite: not a hearth results store \(an SQLite database of something else\)$/,
        ),
        refused(['--trace', trace], /^hearth: .*trace\.json:\d+:\d+: not a hearth episode trace: invalid JSON$/m),
        refused(['--trace', notATrace], /^hearth: .*other\.json: not a hearth episode trace: .* at format$/),
        refused(['--trace', join(dir, 'none.json')], /none\.json: no such trace file$/),
      ]);
      // A good store on a busy port: the port is the problem.
      const store = join(dir, 'results.sqlite');
      const run = await runCliInProcess([
        ...['run', '--agents', 'random', '--seeds', '1', '--steps', '2'],
        ...['--store', store, '--quiet', '--workers', '0'],
      ]);
      expect(run.code, run.stderr).toBe(0);
      await refused(
        ['--store', store, '--port', String(port)],
        new RegExp(`^hearth: port ${port} on 127\\.0\\.0\\.1 is in use`),
      );
    } finally {
      busy.close();
    }
  });
});
