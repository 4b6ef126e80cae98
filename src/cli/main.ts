/**
 * The `hearth` command line. Each command group lives in its own module under `commands/` and registers itself
 * here; this file only wires them together and turns errors into one clear line and an exit code.
 */
import { Command, CommanderError } from 'commander';
import { InputError } from '../util/errors.js';
import { commandPath, unknownWord } from './command-line.js';
import { commandGroups, groupsFor } from './commands/index.js';

/** Exit code for bad input (a malformed file, an unknown name, a wrong flag). */
export const EXIT_BAD_INPUT = 2;

/** The program with the command groups `argv` needs (all of them when none is given). */
export async function buildProgram(argv?: readonly string[]): Promise<Command> {
  const program = new Command('hearth')
    .description('Simulator, agents and benchmarks for embodied household instruction following')
    .version(process.env.npm_package_version ?? '0.1.0');
  const groups = argv ? groupsFor(argv.slice(2)) : commandGroups;
  for (const register of await Promise.all(groups.map((group) => group.load()))) register(program);
  quietErrors(program);
  return program;
}

/**
 * Every command, added with `.command()` or built apart and added (which inherits no settings), throws instead of
 * exiting and leaves its usage errors to `reportError`, which prints them as one line naming the command.
 */
function quietErrors(command: Command): void {
  command.exitOverride((error) => {
    throw new UsageError(command, error);
  });
  command.configureOutput({ outputError: () => {} });
  for (const sub of command.commands) quietErrors(sub);
}

/** A usage error of commander's (a missing argument, an option without its value), with the command it is about. */
class UsageError extends Error {
  constructor(
    readonly command: Command,
    readonly usage: CommanderError,
  ) {
    super(usage.message);
  }
}

export async function main(argv: string[]): Promise<void> {
  try {
    const program = await buildProgram(argv);
    const unknown = unknownWord(program, argv.slice(2));
    if (unknown !== undefined) {
      process.stderr.write(`${unknown}\n`);
      process.exitCode = EXIT_BAD_INPUT;
      return;
    }
    await program.parseAsync(argv);
  } catch (error) {
    process.exitCode = reportError(error);
  }
}

/** Prints an error as one line (a stack trace only for bugs) and returns the exit code to use. */
function reportError(error: unknown): number {
  if (error instanceof UsageError) {
    const { usage: cause, command } = error;
    // Help and the version are printed already; so is the help that a command group without its subcommand shows.
    if (cause.exitCode === 0) return 0;
    if (cause.code === 'commander.help') return EXIT_BAD_INPUT;
    const path = commandPath(command);
    const message = cause.message
      .replace(/^error: /, '')
      .replace(/\s*\n\s*/g, ' ')
      .replace(/\(Did you mean/, '(did you mean');
    process.stderr.write(`${path}: ${message} (${path} --help for usage)\n`);
    return EXIT_BAD_INPUT;
  }
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_BAD_INPUT;
  if (error instanceof InputError) {
    process.stderr.write(`hearth: ${error.message}\n`);
    return EXIT_BAD_INPUT;
  }
  process.stderr.write(`hearth: internal error: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
  return 1;
}
