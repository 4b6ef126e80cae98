/**
 * `hearth read TEXT [--json]`, `hearth read --dialogue FILE`: the goal the offline reader (`readGoal`,
 * docs/reader.md) makes of a text, the tool to reach for when an offline agent misreads an instruction. Text output:
 * one subgoal per line (the dialogue files' goal lines, with the room, start hosts and appliance they carry), the
 * action goals, hints, corrections, what the reading assumed and the sentences it did not read; `--json` the reading
 * as `readGoal` returns it (`goal` in the episodic tasks' shape). A text it cannot read: one line on stderr with the
 * reason, exit 2. `--dialogue FILE` reads a file holding a dialogue (or any text); a dialogue task file (JSON Lines,
 * `hearth run --dialogues`) is read task by task, each reading set against the task's goal.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { readDialogueFile } from '../../bench/episodic/dialogue-file.js';
import { compareToDefinition } from '../../language/goal-compare.js';
import { type GoalReading, readGoal } from '../../language/index.js';
import type { ActionGoal } from '../../sim/action-goals.js';
import { formatGoal } from '../../sim/subgoal-text.js';
import type { SubgoalSpec } from '../../sim/subgoals.js';
import { InputError } from '../../util/errors.js';
import { readFamilyCommand } from './read-family.js';

interface ReadFlags {
  json?: boolean;
  dialogue?: string;
  family?: string;
  type?: string;
  show?: string;
}

export function registerReadCommand(program: Command): void {
  program
    .command('read')
    .description('print the goal the offline reader makes of an instruction or dialogue, or why it cannot (exit 2)')
    .argument('[text...]', "the instruction (quote it, or give words; '-' reads standard input)")
    .option(
      '--dialogue <file>',
      'read the text in FILE (a dialogue with <Commander>/<Driver> turns, or a dialogue task file)',
    )
    .option(
      '--family <name>',
      "read every text of a family of people's words (alfred, teach-human) against its gold: per task type, read / " +
        'read as the gold / read as another goal / refused, the commonest reasons, CPU per text',
    )
    .option('--type <type>', 'with --family: only the texts of this task type (e.g. pick_heat_then_place_in_recep)')
    .option('--show <outcome>', 'with --family: list the texts read as gold, other, refused, or all, with the readings')
    .option(
      '--json',
      'print the reading as one JSON object: {ok, goal: {subgoals, actionGoals}, hints, corrections, unread, notes}',
    )
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  hearth read "Could you switch the bedroom lights off?"',
        '  hearth read Some fruit needs refrigeration. --json',
        "  hearth read --dialogue my-dialogue.txt      # '<Driver> hi <Commander> Make me a sandwich, please.'",
        '  hearth read --dialogue tasks.jsonl          # each task of a dialogue task file, against its goal',
        "  hearth read --family alfred                 # ALFRED's crowd texts per task type, against their gold",
        '  hearth read --family teach-human --type "Boil X" --show refused',
        '',
        'Each subgoal is one line: [COUNT] PATIENT[(QUALIFIERS)] PREDICATE [DESTINATION[(QUALIFIERS)]], then what narrows',
        "it (in ROOM, from HOST, using APPLIANCE). 'notes' are what the reader assumed (a quantity the text leaves open,",
        "the classes a word like 'fruit' covers); 'not read' are sentences taken as context. docs/reader.md lists what the",
        'reader reads and what it refuses.',
      ].join('\n'),
    )
    .action((words: string[], flags: ReadFlags) => {
      if (flags.family !== undefined) {
        if (words.length > 0 || flags.dialogue !== undefined) {
          throw new InputError('give a text, --dialogue FILE or --family NAME, one of them');
        }
        readFamilyCommand(flags.family, flags);
        return;
      }
      if (flags.type !== undefined || flags.show !== undefined)
        throw new InputError('--type and --show go with --family');
      if (flags.dialogue !== undefined) {
        if (words.length > 0) throw new InputError('give a text or --dialogue FILE, not both');
        readFile(flags.dialogue, flags.json ?? false);
        return;
      }
      const text = words.length === 1 && words[0] === '-' ? readFileSync(0, 'utf8') : words.join(' ');
      if (text.trim() === '')
        throw new InputError('nothing to read: give a text (hearth read "Open the fridge.") or --dialogue FILE');
      print(text, readGoal(text), flags.json ?? false);
    });
}

/** A file with one text (a dialogue), or a dialogue task file read task by task. */
function readFile(file: string, json: boolean): void {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read the dialogue file: ${(error as NodeJS.ErrnoException).code ?? error}`, { file });
  }
  if (text.trim() === '') throw new InputError('the dialogue file is empty', { file });
  if (!text.trimStart().startsWith('{')) {
    print(text, readGoal(text), json);
    return;
  }
  const results = readDialogueFile(file).map((task) => {
    const reading = readGoal(task.text);
    const agreement = reading.ok ? compareToDefinition(reading.goal, task) : 'refused';
    return { id: task.id, reading, agreement };
  });
  if (json) {
    process.stdout.write(`${JSON.stringify(results)}\n`);
    return;
  }
  for (const { id, reading, agreement } of results) {
    process.stdout.write(`${id}: ${agreement === 'over' ? 'asks for more than the task' : agreement}\n`);
    process.stdout.write(
      reading.ok
        ? `${readingLines(reading)
            .map((l) => `  ${l}`)
            .join('\n')}\n`
        : `  ${reading.reason}\n`,
    );
  }
}

function print(text: string, reading: GoalReading, json: boolean): void {
  if (!reading.ok) {
    // the reason names the sentence at fault where the text has several
    const said = text.trim().replace(/\s+/g, ' ');
    const named = reading.reason.startsWith('"') || reading.reason.includes(`"${said}"`);
    throw new InputError(
      named
        ? `cannot read it: ${reading.reason}`
        : `cannot read "${said.length > 80 ? `${said.slice(0, 77)}...` : said}": ${reading.reason}`,
    );
  }
  process.stdout.write(json ? `${JSON.stringify(reading)}\n` : `${readingLines(reading).join('\n')}\n`);
}

/** A subgoal as one line: the goal-file line, then what narrows it. */
export function subgoalLine(spec: SubgoalSpec): string {
  const extra = [
    spec.room && `in ${spec.room}`,
    spec.startOn && `from ${spec.startOn.join('|')}`,
    spec.using && `using ${spec.using.join('|')}`,
    spec.means && '(a means, not scored)',
  ].filter(Boolean);
  return [formatGoal(spec), ...extra].join(' ');
}

const actionLine = (goal: ActionGoal) =>
  goal.anyOf.map((a) => `${a.action}${a.classes ? ` ${a.classes.join('|')}` : ''}`).join(' or ');

/** The reading in readable lines. */
function readingLines(reading: Extract<GoalReading, { ok: true }>): string[] {
  const lines = ['goal:', ...reading.goal.subgoals.map((s) => `  ${subgoalLine(s)}`)];
  const section = (title: string, items: readonly string[]) => {
    if (items.length > 0) lines.push(`${title}:`, ...items.map((item) => `  ${item}`));
  };
  section('action goals, in order', reading.goal.actionGoals.map(actionLine));
  section(
    'hints',
    reading.hints.map((h) => `${h.className} ${h.relation} ${h.host}`),
  );
  section('corrections', reading.corrections);
  section('notes', reading.notes);
  section(
    'not read',
    reading.unread.map((u) => `"${u.text}": ${u.reason}`),
  );
  if (reading.routine) lines.push(`routine: ${reading.routine.name}`);
  return lines;
}
