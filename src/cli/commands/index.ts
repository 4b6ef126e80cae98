import type { Command } from 'commander';
import { registerSceneCommands } from './scene.js';

/** A command group adds its subcommands to the program. */
export type CommandGroup = (program: Command) => void;

/** Every command group of the CLI, in the order `hearth --help` lists them. */
export const commandGroups: CommandGroup[] = [registerSceneCommands];
