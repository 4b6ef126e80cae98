/**
 * What LLM-State's LLM roles answer with: function calls written as code (`add_related_objects("apple1")`,
 * `update_state("cabinet1", "closed | in_kitchen1")`, `update_reasoning("...")`). The answer is data: it is scanned
 * for calls with a small grammar and never evaluated.
 *
 *   call   := NAME '(' [ arg { ',' arg } ] ')'
 *   arg    := '"' chars '"' | "'" chars "'" | bare          (a quote inside the other kind is kept; \" escapes)
 *   NAME   := one of the role's functions, or a name within two edits of one (`update_sate`: recorded as repaired)
 *
 * Text around the calls (prose, numbering, code fences) is ignored. A call of an unknown function or with the wrong
 * number of arguments is rejected with its reason.
 */
import { editDistance } from '../../../util/edit-distance.js';
import type { RejectedLine } from '../../primitives/commands.js';

export interface Call {
  /** The function as the role knows it. */
  readonly name: string;
  readonly args: readonly string[];
  /** 1-based line of the answer the call starts on. */
  readonly line: number;
  /** The name as written, when it was a misspelling read as `name`. */
  readonly writtenAs?: string;
}

export interface ScannedCalls {
  readonly calls: Call[];
  readonly rejected: RejectedLine[];
}

const normalize = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

/** The known function a written name means (exactly, or within two edits, ignoring case and underscores). */
function functionNamed(written: string, arity: ReadonlyMap<string, number>): string | undefined {
  const key = normalize(written);
  let best: string | undefined;
  let bestDistance = 3;
  for (const name of arity.keys()) {
    const distance = editDistance(key, normalize(name));
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** Reads a quoted or bare argument starting at `i`; returns it and the position after it. */
function readArgument(text: string, i: number): { value: string; end: number } | undefined {
  while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n') i++;
  const quote = text[i];
  if (quote === '"' || quote === "'") {
    let value = '';
    for (let j = i + 1; j < text.length; j++) {
      const c = text[j];
      if (c === '\\' && j + 1 < text.length) {
        value += text[++j];
        continue;
      }
      // A closing quote is followed by the end of the argument (a comma or the parenthesis); an apostrophe inside
      // the text ("it's") is not.
      if (c === quote && /^\s*[,)]/.test(text.slice(j + 1))) return { value, end: j + 1 };
      value += c;
    }
    return undefined;
  }
  const match = /^[^,()"'\n]*/.exec(text.slice(i))!;
  const value = match[0].trim();
  return value === '' ? undefined : { value, end: i + match[0].length };
}

/** Scans an answer for calls of the functions in `arity` (name -> number of arguments). */
export function scanCalls(text: string, arity: ReadonlyMap<string, number>): ScannedCalls {
  const calls: Call[] = [];
  const rejected: RejectedLine[] = [];
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  const head = /([A-Za-z_][A-Za-z0-9_]*)\s*\(/g;
  for (let match = head.exec(text); match; match = head.exec(text)) {
    const written = match[1];
    const line = lineAt(match.index);
    const lineText = text.split('\n')[line - 1].trim();
    const name = functionNamed(written, arity);
    const args: string[] = [];
    let at = match.index + match[0].length;
    let closed = false;
    while (at < text.length) {
      while (text[at] === ' ' || text[at] === '\t' || text[at] === '\n') at++;
      if (text[at] === ')') {
        closed = true;
        at++;
        break;
      }
      const argument = readArgument(text, at);
      if (!argument) break;
      args.push(argument.value);
      at = argument.end;
      while (text[at] === ' ' || text[at] === '\t') at++;
      if (text[at] === ',') at++;
    }
    if (!closed) {
      if (name) rejected.push({ line, text: lineText, reason: `${written}( is not closed` });
      continue;
    }
    head.lastIndex = at;
    if (!name) {
      // A call at the start of a line is a call of an unknown function; a parenthesis in prose is prose.
      if (new RegExp(`^(?:[-*]\\s*|\\d+[.)]\\s*)?${written}\\s*\\(`).test(lineText)) {
        rejected.push({
          line,
          text: lineText,
          reason: `unknown function '${written}' (${[...arity.keys()].join(', ')})`,
        });
      }
      continue;
    }
    const wanted = arity.get(name)!;
    if (args.length !== wanted) {
      rejected.push({ line, text: lineText, reason: `${name} takes ${wanted} argument(s), got ${args.length}` });
      continue;
    }
    calls.push({ name, args, line, ...(normalize(written) !== normalize(name) && { writtenAs: written }) });
  }
  return { calls, rejected };
}
