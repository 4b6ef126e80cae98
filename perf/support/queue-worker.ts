/**
 * `hearth worker` for perf:queue, with its no-op protocol registered (as a plug-in's worker would be started).
 * Usage: node --import tsx [--import ./perf/support/built-code.mjs] perf/support/queue-worker.ts --queue URL ...
 */
import { Command } from 'commander';
import { registerQueueCommands } from '../../src/cli/commands/queue.js';
import { registerNoopProtocol } from './noop-protocol.js';

registerNoopProtocol();
const program = new Command('hearth');
registerQueueCommands(program);
await program.parseAsync([process.argv[0], 'hearth', 'worker', ...process.argv.slice(2)]);
