/** Checks on a file before SQLite opens it, so that a wrong file is refused in plain words, naming it. */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { InputError } from './errors.js';

const SQLITE_HEADER = 'SQLite format 3\u0000';

/** An existing non-empty file must at least be an SQLite database (`what` names what it should be). */
export function assertSqliteFile(path: string, what: string): void {
  if (statSync(path).size === 0) return;
  const header = Buffer.alloc(16);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, header, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (header.toString('latin1') !== SQLITE_HEADER) {
    throw new InputError(`not ${what} (not an SQLite database)`, { file: path });
  }
}
