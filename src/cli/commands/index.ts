import type { Command } from 'commander';
import { registerLlmCommands } from './llm.js';
import { registerPlanCommand } from './plan.js';
import { registerQueueCommands } from './queue.js';
import { registerRunCommand } from './run.js';
import { registerSceneCommands } from './scene.js';
import { registerSemGroCommands } from './semgro.js';
import { registerServeCommand } from './serve.js';
import { registerSim } from './sim.js';

/** A command group adds its subcommands to the program. */
export type CommandGroup = (program: Command) => void;

/** Every command group of the CLI, in the order `hearth --help` lists them. */
export const commandGroups: CommandGroup[] = [
  registerSim,
  registerPlanCommand,
  registerLlmCommands,
  registerSceneCommands,
  registerRunCommand,
  registerQueueCommands,
  registerSemGroCommands,
  registerServeCommand,
];
