/**
 * HELPER's programs (paper 001): Python-like text over the object API (`api.ts`). A program is data: it is read line
 * by line with the grammar below into statements, which the executor carries out one by one; it is never run.
 *
 *   program    := { line }
 *   line       := blank | comment | declare | corrective | call | loop          (one statement per line)
 *   comment    := '#' text                        '# goal: GOAL' starts a block (`goals.ts`); other comments are skipped
 *   declare    := NAME '=' 'InteractionObject' '(' STRING [',' kwarg]... ')'
 *   kwarg      := 'landmark' '=' (STRING | 'None') | 'attributes' '=' '[' [STRING {',' STRING}] ']'
 *                 | 'object_class' '=' STRING     (the class given by keyword)
 *   corrective := NAME '=' 'AgentCorrective' '(' ')'
 *   call       := NAME '.' METHOD '(' [NAME] ')'   METHOD: `OBJECT_METHODS` on a handle, `CORRECTIVE_MOVES` on the
 *                                                  corrective agent (or on `AgentCorrective` itself)
 *   loop       := 'for' NAME 'in' 'all_instances' '(' STRING [',' 'landmark' '=' STRING] ')' ':'   followed by the
 *                 lines indented deeper; with a landmark, the instances in rooms of that class, or on or in an
 *                 instance of it; the class '*' is any thing (with a landmark: every thing lying on it)
 *
 * A method name within two edits of a known one is read as it (recorded); code fences, `import`s and a trailing
 * `# comment` are skipped. A line the grammar does not read is rejected with its reason and left out; the rest of
 * the program stands. A handle used before it is declared, a target that is not a handle, or the wrong number of
 * arguments are rejected the same way.
 */

import { formatGoal, parseGoal } from '../../sim/subgoal-text.js';
import type { SubgoalSpec } from '../../sim/subgoals.js';
import { editDistance } from '../../util/edit-distance.js';
import { ATTRIBUTES, CORRECTIVE_BY_NAME, METHOD_BY_NAME } from './api.js';

/** An object handle as the program declares it (the class as written; `classes.ts` maps it to the catalog). */
export interface HandleDecl {
  readonly name: string;
  readonly written: string;
  readonly landmark?: string;
  readonly attributes: readonly string[];
  /** The variable of an `all_instances` loop (bound to each instance in turn). */
  readonly every?: boolean;
}

export type Statement =
  | { readonly kind: 'declare'; readonly handle: HandleDecl; readonly line: number; readonly block: number }
  | {
      readonly kind: 'call';
      readonly handle: string;
      readonly method: string;
      readonly target?: string;
      readonly line: number;
      readonly block: number;
    }
  | { readonly kind: 'corrective'; readonly move: string; readonly line: number; readonly block: number }
  | {
      readonly kind: 'loop';
      readonly handle: HandleDecl;
      readonly body: readonly Statement[];
      readonly line: number;
      readonly block: number;
    };

/** A block: the statements written for one goal (block 0: those before the first goal comment). */
export interface ProgramBlock {
  readonly goal?: SubgoalSpec;
}

export interface RejectedLine {
  /** 1-based line of the text. */
  readonly line: number;
  readonly text: string;
  readonly reason: string;
}

export interface Program {
  readonly statements: readonly Statement[];
  readonly blocks: readonly ProgramBlock[];
  readonly rejected: readonly RejectedLine[];
  /** Method names read as a known one: `{written, read}`. */
  readonly repaired: readonly { readonly written: string; readonly read: string }[];
}

const NAME = '[A-Za-z_][A-Za-z0-9_]*';
const STRING = `(?:"[^"]*"|'[^']*')`;
const DECLARE = new RegExp(`^(${NAME})\\s*=\\s*InteractionObject\\s*\\((.*)\\)$`);
const CORRECTIVE = new RegExp(`^(${NAME})\\s*=\\s*AgentCorrective\\s*\\(\\s*\\)$`);
const CALL = new RegExp(`^(${NAME})\\s*\\.\\s*(${NAME})\\s*\\(\\s*(${NAME})?\\s*\\)$`);
const LOOP = new RegExp(
  `^for\\s+(${NAME})\\s+in\\s+all_instances\\s*\\(\\s*(${STRING})\\s*(?:,\\s*landmark\\s*=\\s*(${STRING})\\s*)?\\)\\s*:$`,
);
const GOAL = /^#\s*goal\s*:\s*(.+)$/i;
const SKIPPED = /^(?:```|import\s|from\s+\S+\s+import\s)/;

const unquote = (text: string) => text.trim().slice(1, -1);

/** Splits at top-level commas (not inside quotes or brackets). */
function splitArguments(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let current = '';
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim() !== '') parts.push(current.trim());
  return parts;
}

/** The handle an `InteractionObject(...)` declares, or the reason it is refused. */
function parseDeclaration(name: string, args: string): HandleDecl | string {
  let written: string | undefined;
  let landmark: string | undefined;
  let attributes: string[] = [];
  for (const [i, part] of splitArguments(args).entries()) {
    const keyword = /^([a-z_]+)\s*=\s*(.+)$/.exec(part);
    const value = keyword ? keyword[2].trim() : part;
    const key = keyword ? keyword[1] : i === 0 ? 'object_class' : undefined;
    if (key === 'object_class') {
      if (!new RegExp(`^${STRING}$`).test(value)) return `the class must be a quoted string, got ${value}`;
      written = unquote(value);
    } else if (key === 'landmark') {
      if (value === 'None') continue;
      if (!new RegExp(`^${STRING}$`).test(value)) return `landmark must be a quoted string or None, got ${value}`;
      landmark = unquote(value);
    } else if (key === 'attributes') {
      const list = /^\[(.*)\]$/.exec(value);
      if (!list) return `attributes must be a list of strings, got ${value}`;
      attributes = splitArguments(list[1]).map((a) => (new RegExp(`^${STRING}$`).test(a) ? unquote(a) : a));
      const unknown = attributes.find((a) => !(a.toLowerCase() in ATTRIBUTES));
      if (unknown !== undefined) return `unknown attribute '${unknown}' (known: ${Object.keys(ATTRIBUTES).join(', ')})`;
      attributes = attributes.map((a) => a.toLowerCase());
    } else return `InteractionObject takes no argument '${part}'`;
  }
  if (written === undefined || written.trim() === '') return 'InteractionObject needs a class';
  return { name, written: written.trim(), ...(landmark && { landmark }), attributes };
}

/** The known name a written one means: itself, or the nearest within two edits (ignoring case). */
function knownName(written: string, known: ReadonlyMap<string, unknown>): string | undefined {
  const key = written.toLowerCase();
  if (known.has(key)) return key;
  let best: string | undefined;
  let bestDistance = 3;
  for (const name of known.keys()) {
    const distance = editDistance(key, name);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** Code without a trailing comment (a `#` outside quotes). */
function stripComment(code: string): string {
  let quote: string | undefined;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i];
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#') return code.slice(0, i).trimEnd();
  }
  return code;
}

interface SourceLine {
  readonly number: number;
  readonly indent: number;
  readonly code: string;
  readonly raw: string;
}

/**
 * Reads a program text (see the module comment). `declared`: handles declared outside the text (a corrective
 * program runs among the handles of the program it corrects).
 */
export function parseProgram(text: string, declared: Iterable<string> = []): Program {
  const lines: SourceLine[] = text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((raw, i) => ({ number: i + 1, indent: raw.length - raw.trimStart().length, code: raw.trim(), raw }));
  const statements: Statement[] = [];
  const blocks: ProgramBlock[] = [{}];
  const rejected: RejectedLine[] = [];
  const repaired: { written: string; read: string }[] = [];
  const handles = new Map<string, HandleDecl>(
    [...declared].map((name) => [name, { name, written: name, attributes: [] }]),
  );
  const correctives = new Set<string>(['AgentCorrective', 'agent']);
  const reject = (line: SourceLine, reason: string) => rejected.push({ line: line.number, text: line.code, reason });

  const method = (line: SourceLine, written: string, known: ReadonlyMap<string, unknown>): string | undefined => {
    const read = knownName(written, known);
    if (read === undefined) reject(line, `unknown method '${written}'`);
    else if (read !== written) repaired.push({ written, read });
    return read;
  };

  /** Reads the lines from `index` while they are indented more than `outer`; returns the next index. */
  const readLines = (index: number, outer: number, into: Statement[]): number => {
    let i = index;
    while (i < lines.length) {
      const line = lines[i];
      if (line.code === '') {
        i++;
        continue;
      }
      if (line.indent <= outer) return i;
      i++;
      const goal = GOAL.exec(line.code);
      if (goal) {
        const parsed = parseGoal(goal[1]);
        if (typeof parsed === 'string') reject(line, `goal comment: ${parsed}`);
        else blocks.push({ goal: parsed });
        continue;
      }
      if (line.code.startsWith('#') || SKIPPED.test(line.code)) continue;
      const code = stripComment(line.code);
      const block = blocks.length - 1;
      const declared = DECLARE.exec(code);
      if (declared) {
        const handle = parseDeclaration(declared[1], declared[2]);
        if (typeof handle === 'string') reject(line, handle);
        else {
          handles.set(handle.name, handle);
          into.push({ kind: 'declare', handle, line: line.number, block });
        }
        continue;
      }
      const corrective = CORRECTIVE.exec(code);
      if (corrective) {
        correctives.add(corrective[1]);
        continue;
      }
      const loop = LOOP.exec(code);
      if (loop) {
        const handle: HandleDecl = {
          name: loop[1],
          written: unquote(loop[2]),
          ...(loop[3] !== undefined && { landmark: unquote(loop[3]) }),
          attributes: [],
          every: true,
        };
        handles.set(handle.name, handle);
        const body: Statement[] = [];
        i = readLines(i, line.indent, body);
        if (body.length === 0) reject(line, 'the loop has no statement');
        else into.push({ kind: 'loop', handle, body, line: line.number, block });
        handles.delete(handle.name);
        continue;
      }
      const call = CALL.exec(code);
      if (!call) {
        reject(line, 'not a statement of the API (declare a handle, call a method, or loop over all_instances)');
        continue;
      }
      const [, owner, writtenMethod, target] = call;
      if (correctives.has(owner)) {
        const move = method(line, writtenMethod, CORRECTIVE_BY_NAME);
        if (move === undefined) continue;
        if (target !== undefined && !handles.has(target)) {
          reject(line, `'${target}' is not a handle declared before`);
          continue;
        }
        into.push({ kind: 'corrective', move, line: line.number, block });
        continue;
      }
      if (!handles.has(owner)) {
        reject(line, `'${owner}' is not a handle declared before`);
        continue;
      }
      const name = method(line, writtenMethod, METHOD_BY_NAME);
      if (name === undefined) continue;
      const takesTarget = METHOD_BY_NAME.get(name)!.target;
      if (takesTarget && target === undefined) reject(line, `${name} needs a target handle`);
      else if (!takesTarget && target !== undefined) reject(line, `${name} takes no argument`);
      else if (target !== undefined && !handles.has(target))
        reject(line, `'${target}' is not a handle declared before`);
      else
        into.push({ kind: 'call', handle: owner, method: name, ...(target && { target }), line: line.number, block });
    }
    return i;
  };
  readLines(0, -1, statements);
  return { statements, blocks, rejected, repaired };
}

/** Every handle a program declares (loop variables included), by name. */
export function programHandles(statements: readonly Statement[]): Map<string, HandleDecl> {
  const out = new Map<string, HandleDecl>();
  const visit = (list: readonly Statement[]) => {
    for (const s of list) {
      if (s.kind === 'declare') out.set(s.handle.name, s.handle);
      if (s.kind === 'loop') {
        out.set(s.handle.name, s.handle);
        visit(s.body);
      }
    }
  };
  visit(statements);
  return out;
}

const quote = (text: string) => JSON.stringify(text);

function declarationText(handle: HandleDecl): string {
  const args = [quote(handle.written)];
  if (handle.landmark) args.push(`landmark=${quote(handle.landmark)}`);
  if (handle.attributes.length > 0) args.push(`attributes=[${handle.attributes.map(quote).join(', ')}]`);
  return `${handle.name} = InteractionObject(${args.join(', ')})`;
}

function statementLines(statement: Statement, indent: string): string[] {
  switch (statement.kind) {
    case 'declare':
      return [indent + declarationText(statement.handle)];
    case 'call':
      return [`${indent}${statement.handle}.${statement.method}(${statement.target ?? ''})`];
    case 'corrective':
      return [`${indent}agent.${statement.move}()`];
    case 'loop':
      return [
        `${indent}for ${statement.handle.name} in all_instances(${[
          quote(statement.handle.written),
          ...(statement.handle.landmark ? [`landmark=${quote(statement.handle.landmark)}`] : []),
        ].join(', ')}):`,
        ...statement.body.flatMap((s) => statementLines(s, `${indent}    `)),
      ];
  }
}

type ProgramBody = Pick<Program, 'statements' | 'blocks'>;

/**
 * The programs of one episode (the first plan, then the re-plans after the user's answers) as one program to store:
 * each goal's block once, the first written (a later one counting no more of it is a repeat), so that a recalled
 * program does not redo what a re-plan repeated only because a step of the first had slipped. A dropped block's
 * declarations stay (no step of their own) where a later block may use the handle; blocks without a goal comment are
 * always kept.
 */
export function mergePrograms(programs: readonly ProgramBody[]): ProgramBody {
  const blocks: ProgramBlock[] = [{}];
  const statements: Statement[] = [];
  // Each goal without its count, with the largest count written for it: a re-plan's "1 more" of a goal the plan
  // had for 2 is a repeat too.
  const goals = new Map<string, number | 'all'>();
  let current = 0; // the merged block the last statement went to: blocks stay in order
  for (const program of programs) {
    const target = new Map<number, number | 'dropped'>([[0, 0]]);
    for (const [index, block] of program.blocks.entries()) {
      if (index === 0) continue;
      const key = block.goal && formatGoal({ ...block.goal, count: 1 });
      const count = block.goal?.count ?? 1;
      const had = key === undefined ? undefined : goals.get(key);
      if (had !== undefined && (had === 'all' || (count !== 'all' && count <= had))) {
        target.set(index, 'dropped');
        continue;
      }
      if (key !== undefined) goals.set(key, count);
      target.set(index, blocks.push(block) - 1);
    }
    for (const statement of program.statements) {
      const into = target.get(statement.block) ?? 0;
      if (into !== 'dropped') current = Math.max(current, into);
      if (into !== 'dropped' || statement.kind === 'declare') statements.push({ ...statement, block: current });
    }
  }
  return { statements, blocks };
}

/** The program's text: the grammar reads it back to the same statements and blocks. */
export function formatProgram(program: Pick<Program, 'statements' | 'blocks'>): string {
  const out: string[] = [];
  if (program.statements.some((s) => s.kind === 'corrective')) out.push('agent = AgentCorrective()');
  let block = 0;
  for (const statement of program.statements) {
    while (block < statement.block) {
      block++;
      const goal = program.blocks[block]?.goal;
      if (goal) out.push(`# goal: ${formatGoal(goal)}`);
    }
    out.push(...statementLines(statement, ''));
  }
  return out.join('\n');
}
