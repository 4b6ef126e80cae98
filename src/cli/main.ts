/**
 * The `hearth` command line. Each command group lives in its own module under `commands/` and registers itself
 * here; this file only wires them together and turns errors into one clear line and an exit code.
 */
import { Command, CommanderError } from 'commander';
import { InputError } from '../util/errors.js';
import { commandGroups } from './commands/index.js';

/** Exit code for bad input (a malformed file, an unknown name, a wrong flag). */
export const EXIT_BAD_INPUT = 2;

export function buildProgram(): Command {
  const program = new Command('hearth')
    .description('Simulator, agents and benchmarks for embodied household instruction following')
    .version(process.env.npm_package_version ?? '0.1.0')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  for (const register of commandGroups) register(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  const program = buildProgram();
  try {
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
