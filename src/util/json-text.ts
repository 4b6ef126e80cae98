/**
 * JSON from somewhere hearth does not trust (a trace file, a graph or dialogue file a job names, a worker's result),
 * parsed so that no error ever quotes it. Node 20's JSON.parse says `Unexpected token 'r', "root:x:0:0"... is not
 * valid JSON`: passed on, that echoes the start of whatever file a path led to. The errors here give the line and
 * column only. A parsed value nested deeper than `MAX_JSON_DEPTH` is refused before any recursive code (schemas,
 * canonical JSON) walks it and runs out of stack.
 */
import { InputError, lineColumnAt } from './errors.js';
import { jsonSyntaxErrorOffset } from './json-syntax.js';

/** Deeper than any JSON hearth writes (a trace's decision records nest about ten levels). */
export const MAX_JSON_DEPTH = 100;

export interface JsonTextLocation {
  readonly file?: string;
  /** The line the text starts on (a line of a JSON-lines file); the error's line counts from it. */
  readonly line?: number;
}

/**
 * The value of a JSON text; an InputError at the file, line and column of the first fault (`FILE:L:C: PREFIX:
 * invalid JSON`), or `PREFIX: JSON nested deeper than ...`. `prefix` says what the text should have been ("not a
 * hearth episode trace").
 */
export function parseJsonText(text: string, location: JsonTextLocation = {}, prefix?: string): unknown {
  const say = (message: string) => (prefix === undefined ? message : `${prefix}: ${message}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const offset = jsonSyntaxErrorOffset(text);
    const at = offset === undefined ? undefined : lineColumnAt(text, offset);
    throw new InputError(say('invalid JSON'), {
      ...location,
      ...(at && { line: (location.line ?? 1) + at.line - 1, column: at.column }),
    });
  }
  if (jsonTooDeep(value)) throw new InputError(say(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`), location);
  return value;
}

/** Whether a value holds arrays or objects nested deeper than `maxDepth` (walked without recursion). */
export function jsonTooDeep(value: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= maxDepth) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * Whether a value is plain JSON data (null, booleans, finite numbers, strings, arrays and plain objects of them),
 * nested at most `maxDepth` deep: what a value from elsewhere (a queue worker's result) must be before it is stored.
 * Walked without recursion.
 */
export function isJsonValue(value: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item === 'string' || typeof item === 'boolean') continue;
    if (typeof item === 'number') {
      if (!Number.isFinite(item)) return false;
      continue;
    }
    if (typeof item !== 'object' || depth >= maxDepth) return false;
    if (!Array.isArray(item)) {
      const prototype = Object.getPrototypeOf(item);
      if (prototype !== Object.prototype && prototype !== null) return false;
    }
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return true;
}

/** A text from elsewhere cut for a message: at most `max` characters, one line, with a mark where it was cut. */
export function quoteCut(value: unknown, max = 80): string {
  const text = typeof value === 'string' ? value : String(value);
  const cut = text.length > max ? `${text.slice(0, max - 3)}...` : text;
  // Control characters (a newline, an escape) would let a quoted text start a line of its own.
  return JSON.stringify([...cut].map((c) => (c < ' ' || c === '\u007f' ? ' ' : c)).join(''));
}
