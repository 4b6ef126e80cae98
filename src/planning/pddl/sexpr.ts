/**
 * The S-expression layer of PDDL: a PDDL text becomes a tree of lists and symbols, each remembering where it starts,
 * so that every later error can name the file, line and column of the offending token.
 */
import { InputError, lineColumnAt } from '../../util/errors.js';

/** A symbol (name, variable, keyword or number) as written. */
export interface SSymbol {
  kind: 'symbol';
  text: string;
  offset: number;
}

/** A parenthesised list. `end` is the offset of its closing parenthesis. */
export interface SList {
  kind: 'list';
  items: SNode[];
  offset: number;
  end: number;
}

export type SNode = SSymbol | SList;

/**
 * A PDDL text with the name it came from; turns offsets into located InputErrors. Deviations from PDDL that are
 * read anyway (as Fast Downward reads them) are noted, located, when `strict` is set: the parse result lists them
 * among its warnings.
 */
export class PddlSource {
  readonly notes: string[] = [];
  private readonly noted = new Set<string>();

  constructor(
    readonly text: string,
    readonly file: string,
    readonly strict = false,
  ) {}

  error(message: string, offset: number): InputError {
    const { line, column } = lineColumnAt(this.text, offset);
    return new InputError(message, { file: this.file, line, column });
  }

  /** Notes a tolerated deviation at `offset` (strict mode only; each message once per line). */
  deviation(message: string, offset: number): void {
    if (!this.strict) return;
    const { line, column } = lineColumnAt(this.text, offset);
    const key = `${line}:${message}`;
    if (this.noted.has(key)) return;
    this.noted.add(key);
    this.notes.push(`${this.file}:${line}:${column}: ${message}`);
  }
}

/** Reads every top-level S-expression of the source. Comments run from `;` to the end of the line. */
export function readSExpressions(source: PddlSource): SNode[] {
  const text = source.text;
  const n = text.length;
  const top: SNode[] = [];
  const stack: SList[] = [];
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 59 /* ; */) {
      while (i < n && text.charCodeAt(i) !== 10) i++;
      continue;
    }
    if (c <= 32) {
      i++;
      continue;
    }
    if (c === 40 /* ( */) {
      const list: SList = { kind: 'list', items: [], offset: i, end: -1 };
      (stack.length > 0 ? stack[stack.length - 1].items : top).push(list);
      stack.push(list);
      i++;
      continue;
    }
    if (c === 41 /* ) */) {
      const list = stack.pop();
      if (!list) throw source.error("unexpected ')' with no list open", i);
      list.end = i;
      i++;
      continue;
    }
    const start = i;
    i++;
    while (i < n) {
      const d = text.charCodeAt(i);
      if (d <= 32 || d === 40 || d === 41 || d === 59) break;
      // A '?' starts a variable even without a space before it (zenotravel writes `(aircraft?a)`), as Fast
      // Downward's tokenizer reads it.
      if (d === 63 /* ? */) {
        source.deviation("a '?' inside a name starts a new variable (no space before it)", i);
        break;
      }
      i++;
    }
    const symbol: SSymbol = { kind: 'symbol', text: text.slice(start, i), offset: start };
    (stack.length > 0 ? stack[stack.length - 1].items : top).push(symbol);
  }
  if (stack.length > 0) {
    const open = stack[stack.length - 1];
    const where = lineColumnAt(text, open.offset);
    throw source.error(
      `expected ')' to close the list opened at line ${where.line}, column ${where.column}, but the file ended`,
      n,
    );
  }
  return top;
}

/** Short printable form of a node for error messages. */
export function describeNode(node: SNode | undefined): string {
  if (!node) return 'nothing';
  if (node.kind === 'symbol') return `'${node.text}'`;
  const head = node.items[0];
  if (!head) return "'()'";
  return head.kind === 'symbol' ? `a list starting with '${head.text}'` : 'a nested list';
}
