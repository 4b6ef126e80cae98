/**
 * VirtualHome scripts: lines such as `[PUTIN] <apple> (12) <fridge> (31)`, and the program files that hold them
 * (EAI's layout: a title line, a description line, blank lines, then one script line per line).
 *
 * Parsing follows the reference (EAI's fork of VirtualHome's `scripts.py`): the action name is matched
 * case-insensitively, object names are lower-cased with spaces turned into underscores, and the number of objects
 * must match the action's arity. Two spellings of ids are accepted: `(201)`, and `(1.201)` as EAI and ProgPrompt
 * write them, where the number after the dot is the node id. An optional agent prefix `<char0> ` (ProgPrompt's
 * form) names the acting character by index. Unlike the reference, a malformed line is an error, never skipped.
 */
import { readFileSync } from 'node:fs';
import { InputError } from '../util/errors.js';
import { ACTION_ARITY, type ActionName, actionNamed } from './actions/names.js';

/** An object of a script line: the name the script uses and the node id it denotes. */
export interface ScriptObject {
  readonly name: string;
  readonly id: number;
}

export interface ScriptLine {
  readonly action: ActionName;
  /** 0, 1 or 2 objects, as the action's arity says. */
  readonly objects: readonly ScriptObject[];
  /** Index of the acting character (`<charN>` prefix); 0 when the line has no prefix. */
  readonly agent: number;
}

/** Where a line came from, for error messages. */
export interface SourceLocation {
  file?: string;
  line?: number;
}

export interface Program {
  /** First header line (empty when the file starts with script lines). */
  readonly title: string;
  /** The header lines after the title, joined with a space. */
  readonly description: string;
  readonly lines: readonly ScriptLine[];
  /** 1-based line number in the source text of each script line (same length as `lines`). */
  readonly lineNumbers: readonly number[];
  /** File name or label used in error messages. */
  readonly source: string;
}

const AGENT_PREFIX = /^<char(\d+)>\s*/i;
const ACTION = /^\[(\w+)\]/;
const OBJECT = /<(.+?)>\s*\((.+?)\)/g;
const ID = /^\s*(?:\d+\.)?(\d+)\s*$/;

/** Parses one script line; throws InputError naming the location and the bad value. */
export function parseScriptLine(text: string, where: SourceLocation = {}): ScriptLine {
  const fail = (message: string): never => {
    throw new InputError(message, where);
  };
  let rest = text.trim();
  let agent = 0;
  const prefix = AGENT_PREFIX.exec(rest);
  if (prefix) {
    agent = Number(prefix[1]);
    rest = rest.slice(prefix[0].length);
  }
  const head = ACTION.exec(rest);
  if (!head) return fail(`not a script line (expected "[ACTION] <object> (id)"): ${JSON.stringify(text.trim())}`);
  const action = actionNamed(head[1]);
  if (!action) return fail(`unknown action "${head[1]}" in ${JSON.stringify(text.trim())}`);
  const objects: ScriptObject[] = [];
  for (const match of rest.slice(head[0].length).matchAll(OBJECT)) {
    const id = ID.exec(match[2]);
    if (!id) return fail(`non-numeric object id "${match[2]}" for <${match[1]}> in ${JSON.stringify(text.trim())}`);
    objects.push({ name: normalizeName(match[1]), id: Number(id[1]) });
  }
  const arity = ACTION_ARITY[action];
  if (objects.length !== arity) {
    fail(
      `wrong number of objects for ${action}: got ${objects.length}, expected ${arity} in ${JSON.stringify(text.trim())}`,
    );
  }
  return { action, objects, agent };
}

/** The reference's object-name normalisation: lower case, spaces to underscores. */
function normalizeName(name: string): string {
  return name.toLowerCase().replaceAll(' ', '_');
}

/** `[ACTION] <name> (id) ...`: the canonical form (upper-case action, plain ids, no agent prefix). */
export function formatScriptLine(line: ScriptLine): string {
  let out = `[${line.action}]`;
  for (const o of line.objects) out += ` <${o.name}> (${o.id})`;
  return out;
}

/** Does a (trimmed) text line look like a script line rather than a header? */
function looksLikeScriptLine(text: string): boolean {
  return text.startsWith('[') || AGENT_PREFIX.test(text);
}

/**
 * Parses a program file: header lines (title, description) up to the first script line, then script lines. Blank
 * lines and lines starting with `#` are skipped; any other line after the header must be a valid script line.
 */
export function parseProgram(text: string, source = '<program>'): Program {
  const rawLines = text.split(/\r?\n/);
  const header: string[] = [];
  const lines: ScriptLine[] = [];
  const lineNumbers: number[] = [];
  let inScript = false;
  rawLines.forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    if (!inScript && !looksLikeScriptLine(trimmed)) {
      header.push(trimmed);
      return;
    }
    inScript = true;
    lines.push(parseScriptLine(trimmed, { file: source, line: index + 1 }));
    lineNumbers.push(index + 1);
  });
  return { title: header[0] ?? '', description: header.slice(1).join(' '), lines, lineNumbers, source };
}

export function readProgram(path: string): Program {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read program file: ${(error as NodeJS.ErrnoException).code ?? error}`, {
      file: path,
    });
  }
  return parseProgram(text, path);
}

/** A program file in EAI's layout (title, description, blank line, script lines). */
export function formatProgram(program: Pick<Program, 'title' | 'description' | 'lines'>): string {
  const out: string[] = [];
  if (program.title || program.description) out.push(program.title, program.description, '', '');
  for (const line of program.lines) out.push(formatScriptLine(line));
  return `${out.join('\n')}\n`;
}
