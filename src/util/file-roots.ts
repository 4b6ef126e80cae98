/**
 * The folders a process lets data it does not trust (a queue job, a stored episode spec, a trace file) name files in:
 * those its own command line gave (a worker's `--files`, the dashboard's store folder), else its working directory.
 * A relative path is resolved against the working directory, as the loader that opens it will, and refused when it
 * leads out of all of them: by `..`, by being absolute somewhere else, or by a symbolic link whose target lies elsewhere (the real path is what is checked, not
 * only the text). A path that does not exist yet is checked through its nearest existing folder.
 *
 * The check does not rewrite the path: episode specs keep the text they were given (results and keys depend on it),
 * and the loader opens the path that was checked. Someone who can write inside the folders could still swap a file
 * for a link between the check and the open; the folders are the user's own.
 */
import { existsSync, lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { InputError } from './errors.js';
import { quoteCut } from './json-text.js';

/** Longer paths are refused before they are resolved. */
export const MAX_PATH_LENGTH = 4096;

export class FileRoots {
  private constructor(
    /** Real paths of the folders. */
    readonly folders: readonly string[],
    /** What to tell the user to allow another folder ("start the worker with --files DIR"). */
    private readonly hint: string,
  ) {}

  /**
   * The folders (resolved against `base`); an InputError naming one that is not a folder. Duplicates are kept once,
   * the first given first.
   */
  static of(folders: readonly string[], options: { base?: string; hint: string }): FileRoots {
    if (folders.length === 0) throw new Error('FileRoots needs at least one folder');
    const real = folders.map((folder) => {
      const path = resolve(options.base ?? process.cwd(), folder);
      if (!existsSync(path) || !statSync(path).isDirectory()) throw new InputError('not a folder', { file: folder });
      return realpathSync(path);
    });
    return new FileRoots([...new Set(real)], options.hint);
  }

  /** The folders as a message lists them. */
  describe(): string {
    return this.folders.join(', ');
  }

  /**
   * Checks a path some untrusted data gave in `field` ("job field home"); an InputError saying why it is refused.
   * Returns the path resolved against the working directory.
   */
  check(path: unknown, field: string): string {
    if (typeof path !== 'string' || path === '') throw new InputError(`${field}: not a path`);
    if (path.length > MAX_PATH_LENGTH)
      throw new InputError(`${field}: a path longer than ${MAX_PATH_LENGTH} characters`);
    if (path.includes('\0')) throw new InputError(`${field}: a path with a NUL character`);
    const absolute = resolve(path);
    const refuse = (what: string): never => {
      throw new InputError(
        `${field} ${quoteCut(path)}: ${what} the folders this process may read (${this.describe()}); ${this.hint}`,
      );
    };
    if (!this.inside(absolute)) refuse(isAbsolute(path) ? 'an absolute path outside' : 'leads outside');
    const real = realPathOf(absolute);
    if (real === undefined) refuse('a symbolic link to nothing (where it would lead is unknown), in');
    if (!this.inside(real as string)) refuse('a symbolic link leading outside');
    return absolute;
  }

  private inside(path: string): boolean {
    return this.folders.some((folder) => {
      const rest = relative(folder, path);
      return rest === '' || (!rest.startsWith(`..${sep}`) && rest !== '..' && !isAbsolute(rest));
    });
  }
}

/**
 * The real path of `path`, or of its nearest existing ancestor with the rest appended (for a path not made yet);
 * undefined for a symbolic link that leads nowhere (where it would lead is unknown until something is made there).
 */
function realPathOf(path: string): string | undefined {
  let existing = path;
  const rest: string[] = [];
  while (lstatSync(existing, { throwIfNoEntry: false }) === undefined) {
    const parent = dirname(existing);
    if (parent === existing) return path;
    rest.unshift(basename(existing));
    existing = parent;
  }
  try {
    return join(realpathSync(existing), ...rest);
  } catch {
    return undefined;
  }
}
