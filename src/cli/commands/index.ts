import type { Command } from 'commander';

/** A command group adds its subcommands to the program. */
export type CommandGroup = (program: Command) => void;

/** A command group, loaded only when the command line names one of its commands (or asks for all of them). */
export interface LazyCommandGroup {
  /** The top-level commands the group registers. */
  readonly commands: readonly string[];
  readonly load: () => Promise<CommandGroup>;
}

/**
 * Every command group of the CLI, in the order `hearth --help` lists them. They are imported on demand: `hearth run`
 * loads every agent and the runner, `hearth scene list` needs none of it, and each CLI start paid for all of it.
 */
export const commandGroups: readonly LazyCommandGroup[] = [
  { commands: ['sim'], load: async () => (await import('./sim.js')).registerSim },
  { commands: ['plan'], load: async () => (await import('./plan.js')).registerPlanCommand },
  { commands: ['llm'], load: async () => (await import('./llm.js')).registerLlmCommands },
  { commands: ['scene'], load: async () => (await import('./scene.js')).registerSceneCommands },
  { commands: ['run'], load: async () => (await import('./run.js')).registerRunCommand },
  { commands: ['worker', 'queue'], load: async () => (await import('./queue.js')).registerQueueCommands },
  { commands: ['semgro'], load: async () => (await import('./semgro.js')).registerSemGroCommands },
  { commands: ['read'], load: async () => (await import('./read.js')).registerReadCommand },
  { commands: ['serve'], load: async () => (await import('./serve.js')).registerServeCommand },
];

/**
 * The groups a command line needs: the one owning its first word when a group owns it, else all of them (help, the
 * version, a mistyped command: commander lists or suggests every command).
 */
export function groupsFor(args: readonly string[]): readonly LazyCommandGroup[] {
  const first = args.find((arg) => !arg.startsWith('-'));
  const owner = commandGroups.find((group) => first !== undefined && group.commands.includes(first));
  return owner ? [owner] : commandGroups;
}
