/**
 * `hearth worker` for bench:queue, with its no-op protocol registered (as a plug-in's worker would be started).
 * Usage: node --import tsx [--import ./bench/support/built-code.mjs] bench/support/queue-worker.ts --queue URL ...
 */
import { main } from '../../src/cli/main.js';
import { registerNoopProtocol } from './noop-protocol.js';

registerNoopProtocol();
await main([process.argv[0], 'hearth', 'worker', ...process.argv.slice(2)]);
