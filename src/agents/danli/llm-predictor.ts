/**
 * DANLI's subgoal predictor through a language model (`src/llm`): the prompt (`prompts/danli/subgoals.txt`) gives
 * the instruction (the dialog, for hearth's one-instruction tasks) and what the agent sees at the start; the model
 * answers with completed and future subgoals in DANLI's form, one per line. The answer is data: each line is parsed
 * against the grammar below over the known predicates and classes, never run.
 *
 *   answer    := { line }                     -- one subgoal or header per line; blank lines are skipped
 *   header    := ('Completed' | 'Future') ':' [ subgoal ]
 *   line      := header | [ bullet ] ( subgoal | 'none' )
 *   bullet    := '-' | '*' | DIGITS ('.' | ')')
 *   subgoal   := PATIENT PREDICATE [ DESTINATION ]     -- words, or the tuple `(PATIENT, PREDICATE, DESTINATION)`
 *   PREDICATE := one of `PREDICATES` (case-insensitive); DESTINATION is required by `DESTINATION_PREDICATES` and
 *                refused by the others
 *   PATIENT, DESTINATION := a class hearth's catalog knows (aliases map to the catalog name) or a class seen
 *
 * Lines before any header count as future subgoals when the answer has no header at all (a model that leaves the
 * sections out), and are rejected otherwise. A rejected line is reported (`rejected`: line number, text, reason) and
 * dropped; the rest is kept. An answer with no valid future subgoal is not repaired: the agent gets no subgoal, so it
 * only explores and the episode fails at its step limit; the report says why (`fallback: 'no-valid-subgoal'`).
 * Completed subgoals are recorded, not pursued (DANLI works on the future ones).
 */
import type { LanguageModel } from '../../llm/language-model.js';
import { catalogClass } from '../../sim/catalog/index.js';
import { formatGoal } from '../../sim/subgoal-text.js';
import { DESTINATION_PREDICATES, PREDICATES, type Predicate, type SubgoalSpec } from '../../sim/subgoals.js';
import type { StepFeedback, TaskBrief, TaskUnderstanding } from '../agent.js';
import { ObjectNames } from '../prompting/object-names.js';
import { situationText } from '../prompting/situation.js';
import { PromptSet } from '../prompting/templates.js';
import type { SubgoalPredictor } from './predictor.js';

/** Predicates that take a destination. */
export { DESTINATION_PREDICATES };

export interface RejectedLine {
  /** 1-based line of the answer. */
  readonly line: number;
  readonly text: string;
  readonly reason: string;
}

export interface SubgoalAnswer {
  readonly completed: SubgoalSpec[];
  readonly future: SubgoalSpec[];
  readonly rejected: RejectedLine[];
}

const PREDICATE_BY_LOWER = new Map(PREDICATES.map((p) => [p.toLowerCase(), p]));
const HEADER = /^(completed|future)\s*:\s*(.*)$/i;
const BULLET = /^(?:[-*]|\d+[.)])\s*/;

/**
 * Parses a model's answer. `knownClass` maps a written class to its canonical name (undefined: unknown); the
 * default accepts what hearth's catalog knows.
 */
export function parseSubgoalAnswer(
  text: string,
  knownClass: (name: string) => string | undefined = (name) => catalogClass(name)?.name,
): SubgoalAnswer {
  const completed: SubgoalSpec[] = [];
  const future: SubgoalSpec[] = [];
  const rejected: RejectedLine[] = [];
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const hasHeaders = lines.some((l) => HEADER.test(l.trim().replace(BULLET, '')));
  let section: SubgoalSpec[] | undefined = hasHeaders ? undefined : future;
  const seen = new Set<string>();
  for (const [i, raw] of lines.entries()) {
    let body = raw.trim().replace(/^\*\*|\*\*$/g, '');
    if (body === '') continue;
    const header = HEADER.exec(body);
    if (header) {
      section = header[1].toLowerCase() === 'completed' ? completed : future;
      body = header[2].trim();
      if (body === '') continue;
    }
    body = body.replace(BULLET, '').trim();
    if (/^none\.?$/i.test(body)) continue;
    const parsed = section ? parseSubgoal(body, knownClass) : 'outside the Completed: / Future: sections';
    const key = JSON.stringify(parsed);
    const reason = typeof parsed === 'string' ? parsed : seen.has(key) ? 'repeats an earlier subgoal' : undefined;
    if (reason !== undefined) {
      rejected.push({ line: i + 1, text: raw.trim(), reason });
      continue;
    }
    seen.add(key);
    section!.push(parsed as SubgoalSpec);
  }
  return { completed, future, rejected };
}

/** One subgoal, or the reason it is refused. */
function parseSubgoal(body: string, knownClass: (name: string) => string | undefined): SubgoalSpec | string {
  const tuple = /^\((.*)\)\.?$/.exec(body);
  const words = (tuple ? tuple[1].split(',') : body.replace(/\.$/, '').split(/\s+/))
    .map((w) => w.trim().replace(/^['"]|['"]$/g, ''))
    .filter((w) => w !== '');
  if (words.length < 2 || words.length > 3)
    return `expected PATIENT PREDICATE [DESTINATION], got ${words.length} part(s)`;
  const predicate = PREDICATE_BY_LOWER.get(words[1].toLowerCase());
  if (!predicate) return `unknown predicate '${words[1]}' (known: ${PREDICATES.join(', ')})`;
  const patient = knownClass(words[0].toLowerCase());
  if (!patient) return `unknown class '${words[0]}'`;
  const takesDestination = DESTINATION_PREDICATES.includes(predicate);
  if (takesDestination && words.length !== 3) return `${predicate} needs a DESTINATION`;
  if (!takesDestination && words.length === 3) return `${predicate} takes no DESTINATION ('${words[2]}')`;
  if (words.length === 2) return { patient: [patient], predicate };
  const destination = knownClass(words[2].toLowerCase());
  if (!destination) return `unknown class '${words[2]}'`;
  return { patient: [patient], predicate, destination: [destination] };
}

export const DANLI_PROMPTS = { subgoals: 'danli/subgoals' } as const;

/** What the predictor did in an episode (for the record). */
export interface LlmPredictionRecord {
  completed: number;
  future: number;
  rejected: RejectedLine[];
  fallback?: 'no-valid-subgoal';
}

export class LlmSubgoalPredictor implements SubgoalPredictor {
  readonly name = 'llm';
  readonly prompts = new PromptSet(DANLI_PROMPTS);
  /** The last prediction's record. */
  record: LlmPredictionRecord | undefined;
  private future: readonly SubgoalSpec[] = [];

  constructor(private readonly llm: LanguageModel) {}

  /** The prompt for a task and the first observation. */
  prompt(task: TaskBrief, first: StepFeedback): string {
    const names = new ObjectNames();
    names.observe(first.observation, first.t);
    const situation = situationText(first.observation, first.adjacentRooms, names);
    const plain = (text: string) => text.replace(/\.\d+\b/g, '');
    return this.prompts.render('subgoals', {
      predicates: PREDICATES.join(', '),
      destinationPredicates: DESTINATION_PREDICATES.join(' and '),
      instruction: task.instructions.map((i) => i.text).join(' '),
      room: plain(situation.room),
      holding: plain(situation.holding),
      visible: plain(situation.visible),
    });
  }

  async predict(task: TaskBrief, first: StepFeedback): Promise<readonly SubgoalSpec[]> {
    const seenClasses = new Set(first.observation.nodes.map((n) => n.className));
    const knownClass = (name: string) => catalogClass(name)?.name ?? (seenClasses.has(name) ? name : undefined);
    const answer = await this.llm.chat(this.prompt(task, first), { temperature: 0 });
    const parsed = parseSubgoalAnswer(answer.text, knownClass);
    this.future = parsed.future;
    this.record = {
      completed: parsed.completed.length,
      future: parsed.future.length,
      rejected: parsed.rejected,
      ...(parsed.future.length === 0 && { fallback: 'no-valid-subgoal' as const }),
    };
    return parsed.future;
  }

  /** Read when the model's answer gave at least one valid future subgoal. */
  understanding(): TaskUnderstanding | undefined {
    const record = this.record;
    if (!record) return undefined;
    if (record.fallback) {
      const rejected = record.rejected.length > 0 ? ` (${record.rejected.length} line(s) rejected)` : '';
      return { read: false, reason: `the model's answer has no valid future subgoal${rejected}`, reader: 'llm' };
    }
    return { read: true, reader: 'llm', goal: { subgoals: this.future.map(formatGoal) } };
  }
}
