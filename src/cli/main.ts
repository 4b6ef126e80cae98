/**
 * The `hearth` command line. Each command group lives in its own module under `commands/` and registers itself
 * here; this file only wires them together and turns errors into one clear line and an exit code.
 */
import { Command, CommanderError } from 'commander';
import { InputError } from '../util/errors.js';
import { commandGroups, groupsFor } from './commands/index.js';

/** Exit code for bad input (a malformed file, an unknown name, a wrong flag). */
export const EXIT_BAD_INPUT = 2;

/** The program with the command groups `argv` needs (all of them when none is given). */
export async function buildProgram(argv?: readonly string[]): Promise<Command> {
  const program = new Command('hearth')
    .description('Simulator, agents and benchmarks for embodied household instruction following')
    .version(process.env.npm_package_version ?? '0.1.0')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  const groups = argv ? groupsFor(argv.slice(2)) : commandGroups;
  for (const register of await Promise.all(groups.map((group) => group.load()))) register(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  try {
    const program = await buildProgram(argv);
    await program.parseAsync(argv);
  } catch (error) {
    process.exitCode = reportError(error);
  }
}

/** Prints an error as one line (a stack trace only for bugs) and returns the exit code to use. */
function reportError(error: unknown): number {
  if (error instanceof CommanderError) {
    // Commander has already printed its message (help, version, or a usage error).
    if (error.exitCode === 0) return 0;
    return EXIT_BAD_INPUT;
  }
  if (error instanceof InputError) {
    process.stderr.write(`hearth: ${error.message}\n`);
    return EXIT_BAD_INPUT;
  }
  process.stderr.write(`hearth: internal error: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
  return 1;
}
