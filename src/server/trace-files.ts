/**
 * Episode trace files: one episode with its per-step trace, as a JSON file the dashboard writes when it records a
 * trace on request (the results store stays read-only) and offers for download, and that `hearth serve --trace FILE`
 * opens. A file says what it is (`format`, `version`) so that anything else is refused with one line naming it.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import type { JsonObject, JsonValue } from '../bench/json.js';
import type { StoredEpisode } from '../bench/store.js';
import { InputError } from '../util/errors.js';

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
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(`not a hearth episode trace: invalid JSON (${(error as Error).message})`, { file: path });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new InputError(`not a hearth episode trace: ${issue.message}${where}`, { file: path });
  }
  return parsed.data;
}

/** Writes a trace file atomically (a reader never sees half of one). */
export function writeTraceFile(path: string, file: TraceFile): void {
  mkdirSync(dirname(path), { recursive: true });
  const partial = join(dirname(path), `.${basename(path)}.partial`);
  writeFileSync(partial, `${JSON.stringify(file)}\n`);
  renameSync(partial, path);
}
