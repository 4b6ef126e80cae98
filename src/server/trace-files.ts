/**
 * Episode trace files: one episode with its per-step trace, as a JSON file the dashboard writes when it records a
 * trace on request (the results store stays read-only) and offers for download, and that `hearth serve --trace FILE`
 * opens. A file says what it is (`format`, `version`) so that anything else is refused with one line naming it, and
 * never quoted: an error names the file, the line and column, and the field at fault.
 *
 * The traces the dashboard records live in a folder of their own (`TraceFolder`: `traces/` beside the store, or
 * `--traces DIR`). Whatever else is in it (a store someone handed the user may come with one) is not trusted: a trace
 * is written under a fresh name opened with exclusive create, never following a link, and renamed into place (the
 * rename replaces a link planted at the final name, never its target); a trace is read only from a regular file in a
 * real folder of its own, never through a link.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { JsonObject, JsonValue } from '../bench/json.js';
import type { StoredEpisode } from '../bench/store.js';
import { InputError } from '../util/errors.js';
import { parseJsonText } from '../util/json-text.js';

export const TRACE_FILE_FORMAT = 'hearth-episode-trace';
export const TRACE_FILE_VERSION = 1;

const json: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(json), z.record(z.string(), json)]),
);
const jsonObject = z.record(z.string(), json);

const schema = z.object({
  format: z.literal(TRACE_FILE_FORMAT),
  version: z.literal(TRACE_FILE_VERSION),
  protocol: z.string().min(1),
  run: z.object({ id: z.number().int().nullable(), config: jsonObject, hearthVersion: z.string() }),
  episode: z.object({
    key: z.string(),
    index: z.number().int().nonnegative(),
    spec: jsonObject.and(z.object({ key: z.string(), seed: z.number().int() })),
    status: z.enum(['ok', 'failed']),
    result: jsonObject.optional(),
    error: z.string().optional(),
    trace: z.array(jsonObject),
  }),
  /** What recording it again gave compared with the stored result, when the dashboard recorded it. */
  reproduced: z.boolean().optional(),
});

export type TraceFile = z.infer<typeof schema>;

/** One episode of a run as a trace file's content. */
export function traceFileOf(
  run: { id: number | null; protocol: string; config: JsonObject; hearthVersion: string },
  episode: Pick<StoredEpisode, 'key' | 'index' | 'status' | 'result' | 'error'> & {
    spec: JsonObject;
    trace: readonly JsonValue[];
  },
  reproduced?: boolean,
): TraceFile {
  return {
    format: TRACE_FILE_FORMAT,
    version: TRACE_FILE_VERSION,
    protocol: run.protocol,
    run: { id: run.id, config: run.config, hearthVersion: run.hearthVersion },
    episode: {
      key: episode.key,
      index: episode.index,
      spec: episode.spec as TraceFile['episode']['spec'],
      status: episode.status,
      ...(episode.result && { result: episode.result }),
      ...(episode.error !== undefined && { error: episode.error }),
      trace: [...episode.trace] as JsonObject[],
    },
    ...(reproduced !== undefined && { reproduced }),
  };
}

/** Reads and checks a trace file; an InputError naming the file and the first fault otherwise. */
export function readTraceFile(path: string): TraceFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(code === 'ENOENT' ? 'no such trace file' : `cannot read the trace file (${code})`, {
      file: path,
    });
  }
  return parseTraceFile(text, path);
}

export function parseTraceFile(text: string, path: string): TraceFile {
  const value = parseJsonText(text, { file: path }, 'not a hearth episode trace');
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new InputError(`not a hearth episode trace: ${issue.message}${where}`, { file: path });
  }
  return parsed.data;
}

/** The largest trace file the dashboard reads back (a 200-step ExRAP trace is under 1 MB). */
export const MAX_TRACE_BYTES = 256 * 1024 * 1024;

/** The folder of the traces the dashboard records: `run-<id>/episode-<index>.json` in it (see the module comment). */
export class TraceFolder {
  private constructor(
    /** Where it is (made on the first trace recorded). */
    readonly path: string,
    /** Named by the user (`--traces`): a link there is theirs to follow; beside the store, a link is refused. */
    private readonly named: boolean,
  ) {}

  static at(path: string, options: { named: boolean }): TraceFolder {
    return new TraceFolder(path, options.named);
  }

  /** Where an episode's trace is (or would be). */
  fileOf(run: number, index: number): string {
    return join(this.path, `run-${run}`, `episode-${index}.json`);
  }

  /**
   * The recorded trace of an episode, or undefined when there is none. A name that is not a regular file in a real
   * folder (a link, a folder) is refused with one line naming it: nothing is read through it.
   */
  read(run: number, index: number): TraceFile | undefined {
    const folder = this.runFolder(run);
    if (folder === undefined) return undefined;
    const file = join(folder, `episode-${index}.json`);
    let fd: number;
    try {
      fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return undefined;
      throw new InputError(
        code === 'ELOOP' ? 'a link, not a recorded trace: not followed' : `cannot read the recorded trace (${code})`,
        { file },
      );
    }
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile()) throw new InputError('not a regular file: not read', { file });
      if (stat.size > MAX_TRACE_BYTES) throw new InputError(`over ${MAX_TRACE_BYTES} bytes: not read`, { file });
      const bytes = Buffer.alloc(stat.size);
      let read = 0;
      while (read < bytes.length) {
        const n = readSync(fd, bytes, read, bytes.length - read, read);
        if (n === 0) break;
        read += n;
      }
      return parseTraceFile(bytes.subarray(0, read).toString('utf8'), file);
    } finally {
      closeSync(fd);
    }
  }

  /** Positions of the episodes of a run with a recorded trace (regular files only). */
  indices(run: number): number[] {
    const folder = this.runFolder(run);
    if (folder === undefined) return [];
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => /^episode-(\d+)\.json$/.exec(entry.name))
      .filter((match) => match !== null)
      .map((match) => Number(match[1]))
      .sort((a, b) => a - b);
  }

  /** Writes an episode's trace (see the module comment); returns its path. */
  write(run: number, index: number, file: TraceFile): string {
    const root = this.root(true)!;
    const folder = join(root, `run-${run}`);
    mkdirSync(folder, { recursive: true });
    assertRealFolder(folder);
    const final = join(folder, `episode-${index}.json`);
    const partial = join(folder, `.episode-${index}.json.${randomBytes(8).toString('hex')}.partial`);
    const fd = openSync(
      partial,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o644,
    );
    try {
      const bytes = Buffer.from(`${JSON.stringify(file)}\n`);
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
      closeSync(fd);
      renameSync(partial, final);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
    return final;
  }

  /** The run's folder when it is a real folder in the traces folder; undefined when there is none. */
  private runFolder(run: number): string | undefined {
    const root = this.root(false);
    if (root === undefined) return undefined;
    const folder = join(root, `run-${run}`);
    const stat = lstatSync(folder, { throwIfNoEntry: false });
    if (stat === undefined) return undefined;
    if (!stat.isDirectory())
      throw new InputError('not a folder of recorded traces (a link?): not read', { file: folder });
    return folder;
  }

  /**
   * The traces folder as it may be used: made when `make`, else undefined when absent; a link beside the store is
   * refused, one the user named is followed once.
   */
  private root(make: boolean): string | undefined {
    if (make) mkdirSync(this.path, { recursive: true });
    const stat = lstatSync(this.path, { throwIfNoEntry: false });
    if (stat === undefined) return undefined;
    if (this.named) return realpathSync(this.path);
    if (!stat.isDirectory()) {
      throw new InputError(
        'the traces folder beside the store is not a real folder (a link?): traces are read and written only in a ' +
          'folder of their own; name one with --traces DIR',
        { file: this.path },
      );
    }
    return this.path;
  }
}

function assertRealFolder(folder: string): void {
  const stat = lstatSync(folder);
  if (!stat.isDirectory())
    throw new InputError('not a folder of recorded traces (a link?): nothing written', { file: folder });
}
