/**
 * LLM-State's primitive actions (paper 002, section III-A): `move(o)`, `pickup(o)`, `placein(o, c)`, `placeon(o, s)`,
 * `open(o)`, `close(o)`, `switchon(o)`, `switchoff(o)` and `wait()`, with object arguments named as the prompt names
 * them. A plan from a model is text; it is read line by line with the grammar below, never evaluated:
 *
 *   plan     := { line }                              one command per line; blank lines skipped
 *   line     := [ marker ] call [ comment ]
 *   marker   := DIGITS ('.' | ')' | ':') | '-' | '*' | 'Step' DIGITS ':'
 *   call     := VERB '(' [ arg { ',' arg } ] ')'  |  '[' "'" VERB "'" { ',' "'" ARG "'" } ']'
 *   arg      := NAME | "'" NAME "'" | '"' NAME '"'
 *   comment  := '(' any ')' | '#' any             "(assuming there is a lightswitch3 in the kitchen)"
 *   VERB     := move | pickup | placein | placeon | open | close | switchon | switchoff | wait
 *               (case, spaces and underscores ignored: `pick_up`, `Switch_On`)
 *
 * A line outside the grammar (another verb, a wrong number of arguments, prose) is rejected with its reason, as the
 * paper discards incorrectly formatted calls; the valid lines are kept in order.
 */

export const VERBS = [
  'move',
  'pickup',
  'placein',
  'placeon',
  'open',
  'close',
  'switchon',
  'switchoff',
  'wait',
] as const;
export type Verb = (typeof VERBS)[number];

/** Arguments each verb takes. */
export const ARITY: Readonly<Record<Verb, number>> = {
  move: 1,
  pickup: 1,
  placein: 2,
  placeon: 2,
  open: 1,
  close: 1,
  switchon: 1,
  switchoff: 1,
  wait: 0,
};

/** One primitive action with its arguments as written (names, resolved when it runs). */
export interface Command {
  readonly verb: Verb;
  readonly args: readonly string[];
}

/** A line the grammar did not accept. */
export interface RejectedLine {
  /** 1-based line of the text. */
  readonly line: number;
  readonly text: string;
  readonly reason: string;
}

export interface ParsedPlan {
  readonly commands: Command[];
  readonly rejected: RejectedLine[];
}

/** `move(fridge1)`. */
export function formatCommand(command: Command): string {
  return `${command.verb}(${command.args.join(', ')})`;
}

/** `['move', 'fridge1'](Success)`: a history entry as the paper's prompts print it. */
export function historyEntry(command: Command, success: boolean): string {
  const parts = [command.verb, ...command.args].map((p) => `'${p}'`).join(', ');
  return `[${parts}](${success ? 'Success' : 'Fail'})`;
}

const verbOf = (text: string): Verb | undefined => {
  const key = text.toLowerCase().replace(/[\s_-]+/g, '');
  return (VERBS as readonly string[]).includes(key) ? (key as Verb) : undefined;
};

const MARKER = /^(?:step\s*\d+\s*[:.)-]\s*|\d+\s*[.):]\s*|[-*•]\s+)/i;
const CALL = /^([A-Za-z_][A-Za-z0-9_ ]*?)\s*\(([^()]*)\)\s*(.*)$/;
const LIST_CALL = /^\[\s*(['"])([A-Za-z_]+)\1((?:\s*,\s*(['"])[^'"]*\4)*)\s*\]\s*(.*)$/;

/** Reads one line; undefined for a line that is not a command (a heading, prose), with why. */
export function parseCommandLine(raw: string): { command: Command } | { reason: string } {
  let text = raw.trim().replace(MARKER, '').trim();
  if (text.startsWith('`') && text.endsWith('`')) text = text.slice(1, -1).trim();
  let verbText: string;
  let args: string[];
  let rest: string;
  const list = LIST_CALL.exec(text);
  const call = list ? undefined : CALL.exec(text);
  if (list) {
    verbText = list[2];
    args = [...list[3].matchAll(/(['"])([^'"]*)\1/g)].map((m) => m[2]);
    rest = list[5];
  } else if (call) {
    verbText = call[1];
    args =
      call[2].trim() === ''
        ? []
        : call[2].split(',').map((a) =>
            a
              .trim()
              .replace(/^(['"])(.*)\1$/, '$2')
              .trim(),
          );
    rest = call[3];
  } else {
    return { reason: 'not a call of the form verb(object)' };
  }
  const verb = verbOf(verbText);
  if (!verb) return { reason: `unknown function '${verbText.trim()}' (${VERBS.join(', ')})` };
  if (args.length !== ARITY[verb]) return { reason: `${verb} takes ${ARITY[verb]} argument(s), got ${args.length}` };
  if (args.some((a) => a === '' || /[()'"]/.test(a))) return { reason: 'an argument is not an object name' };
  const trailing = rest.trim();
  if (trailing !== '' && !/^(?:\(.*\)|#.*|\/\/.*)$/.test(trailing)) {
    return { reason: `unexpected text after the call: "${trailing.slice(0, 40)}"` };
  }
  return { command: { verb, args } };
}

/**
 * Reads a plan: every line that is a command, in order, up to `limit` (the paper's "less than 20 steps"); lines that
 * look like commands but fail the grammar are rejected with their reason. Headings and prose lines without a
 * parenthesis ("Low-level Action Plan:") are skipped silently.
 */
export function parsePlan(text: string, limit = Number.POSITIVE_INFINITY): ParsedPlan {
  const commands: Command[] = [];
  const rejected: RejectedLine[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('```')) return;
    if (!line.includes('(') && !line.includes('[')) {
      if (/^[^:]*:\s*$/.test(line)) return; // a heading
      rejected.push({ line: index + 1, text: line, reason: 'not a call of the form verb(object)' });
      return;
    }
    const parsed = parseCommandLine(line);
    if ('reason' in parsed) {
      rejected.push({ line: index + 1, text: line, reason: parsed.reason });
      return;
    }
    if (commands.length >= limit) {
      rejected.push({ line: index + 1, text: line, reason: `beyond the plan limit of ${limit} commands` });
      return;
    }
    commands.push(parsed.command);
  });
  return { commands, rejected };
}
