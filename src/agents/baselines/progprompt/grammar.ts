/**
 * The grammar of ProgPrompt programs as hearth reads them. A generated program is data: it is tokenised and parsed
 * line by line into skill calls and assertions, never run by a Python or JavaScript engine. The grammar, one
 * statement per line (indentation is ignored; `else:` lines belong to the assertion above them):
 *
 *   line       := comment | header | call | assertion | otherwise | (blank)
 *   comment    := '#' any
 *   header     := 'def' IDENT '(' ')' ':'
 *   call       := IDENT '(' [ STRING { ',' STRING } ] ')'
 *   assertion  := 'assert' '(' condition ')'  |  'assert' condition
 *   condition  := STRING 'to' STRING          -- ('close' to 'fridge.20'): the agent is close to the object
 *               | STRING 'is' STRING          -- ('fridge.20' is 'opened'): the object has a state
 *               | STRING 'in' STRING          -- ('mug.31' in 'hands') held; ('mug.31' in 'microwave.40') inside
 *               | STRING 'on' STRING          -- ('mug.31' on 'kitchentable.30'): placed on
 *   otherwise  := 'else' ':' call
 *   STRING     := '...' | "..."
 *
 * A line outside the grammar ends the program there (`stop`): what came before is kept, so a model that drifts
 * into prose or Python the grammar does not cover still gets its valid prefix executed.
 */

export interface CallStatement {
  readonly kind: 'call';
  readonly action: string;
  readonly args: readonly string[];
  /** 1-based line in the parsed text. */
  readonly line: number;
}

export type Assertion =
  | { readonly kind: 'close'; readonly object: string }
  | { readonly kind: 'state'; readonly object: string; readonly state: string }
  | { readonly kind: 'held'; readonly object: string }
  | { readonly kind: 'placed'; readonly object: string; readonly relation: 'in' | 'on'; readonly target: string };

export interface AssertStatement {
  readonly kind: 'assert';
  readonly condition: Assertion;
  /** The `else:` calls, in order. */
  readonly otherwise: CallStatement[];
  readonly line: number;
}

export type Statement = CallStatement | AssertStatement;

export interface ParsedProgram {
  readonly statements: Statement[];
  /** Comments met (`# 1: open the fridge`), for the record. */
  readonly comments: string[];
  /** Where parsing stopped early, and why (a line outside the grammar, a new function). */
  readonly stop?: { readonly line: number; readonly text: string; readonly reason: string };
}

type Token =
  | { type: 'ident'; value: string }
  | { type: 'string'; value: string }
  | { type: 'punct'; value: '(' | ')' | ',' | ':' };

/** Splits a line into tokens; undefined when it holds a character the grammar does not know. */
export function tokenizeLine(text: string): Token[] | { error: string } {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t') {
      i++;
    } else if (c === '(' || c === ')' || c === ',' || c === ':') {
      tokens.push({ type: 'punct', value: c });
      i++;
    } else if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return { error: 'unterminated string' };
      tokens.push({ type: 'string', value: text.slice(i + 1, end) });
      i = end + 1;
    } else if (/[A-Za-z_]/.test(c)) {
      let j = i + 1;
      while (j < text.length && /[A-Za-z0-9_]/.test(text[j])) j++;
      tokens.push({ type: 'ident', value: text.slice(i, j) });
      i = j;
    } else {
      return { error: `unexpected '${c}'` };
    }
  }
  return tokens;
}

class LineParser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  get done(): boolean {
    return this.at >= this.tokens.length;
  }

  peek(): Token | undefined {
    return this.tokens[this.at];
  }

  ident(value?: string): string {
    const token = this.tokens[this.at];
    if (token?.type !== 'ident' || (value !== undefined && token.value !== value)) {
      throw new SyntaxError(`expected ${value ?? 'a name'}`);
    }
    this.at++;
    return token.value;
  }

  string(): string {
    const token = this.tokens[this.at];
    if (token?.type !== 'string') throw new SyntaxError('expected a quoted name');
    this.at++;
    return token.value;
  }

  punct(value: '(' | ')' | ',' | ':'): void {
    const token = this.tokens[this.at];
    if (token?.type !== 'punct' || token.value !== value) throw new SyntaxError(`expected '${value}'`);
    this.at++;
  }

  isPunct(value: string): boolean {
    const token = this.tokens[this.at];
    return token?.type === 'punct' && token.value === value;
  }

  end(): void {
    if (!this.done) throw new SyntaxError('unexpected text after the statement');
  }
}

function parseCall(p: LineParser, line: number): CallStatement {
  const action = p.ident();
  p.punct('(');
  const args: string[] = [];
  if (!p.isPunct(')')) {
    args.push(p.string());
    while (p.isPunct(',')) {
      p.punct(',');
      args.push(p.string());
    }
  }
  p.punct(')');
  return { kind: 'call', action, args, line };
}

function parseCondition(p: LineParser): Assertion {
  const left = p.string();
  const op = p.ident();
  const right = p.string();
  switch (op) {
    case 'to':
      if (left !== 'close') throw new SyntaxError(`expected 'close' to '<object>'`);
      return { kind: 'close', object: right };
    case 'is':
      return { kind: 'state', object: left, state: right };
    case 'in':
      return right === 'hands' || right === 'hand'
        ? { kind: 'held', object: left }
        : { kind: 'placed', object: left, relation: 'in', target: right };
    case 'on':
      return { kind: 'placed', object: left, relation: 'on', target: right };
    default:
      throw new SyntaxError(`unknown condition '${op}' (to, is, in, on)`);
  }
}

/**
 * Parses program text (a prompt's continuation: the body of the task function, or more). `firstLine` numbers the
 * lines for messages when the text continues a longer program.
 */
export function parseProgram(text: string, firstLine = 1): ParsedProgram {
  const statements: Statement[] = [];
  const comments: string[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index];
    const line = firstLine + index;
    const trimmed = raw.trim();
    if (trimmed === '') continue;
    if (trimmed.startsWith('#')) {
      comments.push(trimmed.slice(1).trim());
      continue;
    }
    const stop = (reason: string): ParsedProgram => ({ statements, comments, stop: { line, text: trimmed, reason } });
    const tokens = tokenizeLine(trimmed);
    if (!Array.isArray(tokens)) return stop(tokens.error);
    const p = new LineParser(tokens);
    try {
      const head = p.peek();
      if (head?.type === 'ident' && head.value === 'def') return stop('a new function begins');
      if (head?.type === 'ident' && head.value === 'else') {
        p.ident('else');
        p.punct(':');
        const call = parseCall(p, line);
        p.end();
        const last = statements.at(-1);
        if (last?.kind !== 'assert') return stop("'else:' without an assertion before it");
        last.otherwise.push(call);
        continue;
      }
      if (head?.type === 'ident' && head.value === 'assert') {
        p.ident('assert');
        const parenthesised = p.isPunct('(');
        if (parenthesised) p.punct('(');
        const condition = parseCondition(p);
        if (parenthesised) p.punct(')');
        p.end();
        statements.push({ kind: 'assert', condition, otherwise: [], line });
        continue;
      }
      const call = parseCall(p, line);
      p.end();
      statements.push(call);
    } catch (error) {
      if (error instanceof SyntaxError) return stop(error.message);
      throw error;
    }
  }
  return { statements, comments };
}
