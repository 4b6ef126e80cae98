/**
 * The command line checked against the program's commands and options before commander runs it, so that a word
 * that names nothing is refused in one line whatever else the line holds. Commander alone answers
 * `hearth frobnicate --help` with the main help and exit 0 (a help flag wins over an unknown command), and
 * `hearth help frobnicate` with the main help on stderr; a newcomer reads either as "that worked".
 *
 * The walk follows commander's reading: at a command with subcommands, options up to the first word are its own
 * and the first word names a subcommand (or `help`, then the next word does); at a command without subcommands,
 * every option must be its own or an ancestor's (commander reads an ancestor's anywhere on the line). An option's
 * value is taken as commander takes it: always for `<value>`, for `[value]` unless the next word is an option.
 */
import type { Command, Option } from 'commander';
import { editDistance } from '../util/edit-distance.js';

const HELP_FLAGS = new Set(['-h', '--help']);

/** The one line refusing the first word of `args` (the words after `hearth`) that names nothing; undefined if none. */
export function unknownWord(program: Command, args: readonly string[]): string | undefined {
  let command = program;
  let rest = args;
  for (;;) {
    const subcommands = command.commands;
    const scanned = scan(command, rest, subcommands.length > 0);
    if (scanned.unknownOption !== undefined) return unknownOption(command, scanned.unknownOption);
    if (subcommands.length === 0 || scanned.operand === undefined) return undefined;
    const name = rest[scanned.operand];
    const words = rest.slice(scanned.operand + 1);
    if (name === 'help' && !subcommands.some((c) => c.name() === 'help')) {
      const asked = words.find((word) => !word.startsWith('-'));
      return asked === undefined || findCommand(command, asked) ? undefined : unknownCommand(command, asked);
    }
    const next = findCommand(command, name);
    if (!next) return unknownCommand(command, name);
    command = next;
    rest = words;
  }
}

/** The full name of a command as typed: `hearth`, `hearth scene`, `hearth scene show`. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

function findCommand(command: Command, name: string): Command | undefined {
  return command.commands.find((c) => c.name() === name || c.aliases().includes(name));
}

function unknownCommand(command: Command, name: string): string {
  const path = commandPath(command);
  const names = command.commands.map((c) => c.name());
  const near = nearest(name, names);
  const where = command.parent ? `${path} --help lists its commands` : `${path} help lists the commands`;
  return `${path}: unknown command '${name}' (${near ? `did you mean ${near}? ` : ''}${where})`;
}

function unknownOption(command: Command, flag: string): string {
  const path = commandPath(command);
  const longs = optionsOf(command)
    .map((option) => option.long)
    .filter((long): long is string => long !== undefined);
  const near = flag.startsWith('--') ? nearest(flag.split('=')[0], longs) : undefined;
  return `${path}: unknown option '${flag}' (${near ? `did you mean ${near}? ` : ''}${path} --help lists its options)`;
}

/** The options commander reads at `command`: its own, then its ancestors'. */
function optionsOf(command: Command): Option[] {
  const options: Option[] = [];
  for (let c: Command | null = command; c; c = c.parent) options.push(...c.options);
  return options;
}

/**
 * The first option of `args` that `command` does not know, or the index of its first operand (with `stopAtOperand`,
 * the subcommand's name: what follows is the subcommand's to read).
 */
function scan(
  command: Command,
  args: readonly string[],
  stopAtOperand: boolean,
): { unknownOption?: string; operand?: number } {
  const options = optionsOf(command);
  const find = (flag: string) => options.find((option) => option.short === flag || option.long === flag);
  let operand: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') return { ...(operand === undefined && i + 1 < args.length && { operand: i + 1 }) };
    if (arg.length < 2 || !arg.startsWith('-') || /^-\d/.test(arg)) {
      operand ??= i;
      if (stopAtOperand) return { operand };
      continue;
    }
    if (HELP_FLAGS.has(arg)) continue;
    const option = find(arg);
    if (option) {
      if (option.required) i++;
      else if (option.optional && i + 1 < args.length && !args[i + 1].startsWith('-')) i++;
      continue;
    }
    const equals = arg.indexOf('=');
    if (arg.startsWith('--') && equals > 0) {
      const named = find(arg.slice(0, equals));
      if (named && (named.required || named.optional)) continue;
      return { unknownOption: arg.slice(0, equals) };
    }
    if (!arg.startsWith('--') && !shortGroupKnown(arg, find)) return { unknownOption: arg };
    if (arg.startsWith('--')) return { unknownOption: arg };
  }
  return { ...(operand !== undefined && { operand }) };
}

/** `-abc` read as commander reads it: `-a`, then `-b` (a value of `-a` ends the group), and so on. */
function shortGroupKnown(arg: string, find: (flag: string) => Option | undefined): boolean {
  for (let at = 1; at < arg.length; at++) {
    const flag = `-${arg[at]}`;
    if (HELP_FLAGS.has(flag)) continue;
    const option = find(flag);
    if (!option) return false;
    if (option.required || option.optional) return true;
  }
  return true;
}

/**
 * The candidate nearest in spelling when it is near enough to be a slip of the keyboard (fewer than 3 edits, a
 * swap of two neighbouring letters counting as one, and over 40% of the letters kept: commander's own measure).
 */
function nearest(word: string, candidates: readonly string[]): string | undefined {
  const bare = (name: string) => name.replace(/^-+/, '');
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = slips(bare(word), bare(candidate));
    const length = Math.max(bare(word).length, bare(candidate).length);
    if (distance < 3 && (length - distance) / length > 0.4 && (!best || distance < best.distance)) {
      best = { candidate, distance };
    }
  }
  return best?.candidate;
}

function slips(a: string, b: string): number {
  if (a.length === b.length) {
    const differ = [...a].flatMap((letter, i) => (letter === b[i] ? [] : [i]));
    if (
      differ.length === 2 &&
      differ[1] === differ[0] + 1 &&
      a[differ[0]] === b[differ[1]] &&
      a[differ[1]] === b[differ[0]]
    ) {
      return 1;
    }
  }
  return editDistance(a, b);
}
