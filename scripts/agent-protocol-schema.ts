/**
 * Writes the agent protocol's JSON Schema (`schema/agent-protocol.v1.json`) from its zod schemas
 * (src/agents/external/protocol.ts), the one place the protocol is written. `test/agents/external/protocol.test.ts`
 * fails when the file differs from what this writes.
 *
 * Run: npm run schema:agent-protocol
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { agentProtocolJsonSchema, PROTOCOL_VERSION } from '../src/agents/external/protocol.js';

const file = fileURLToPath(new URL(`../schema/agent-protocol.v${PROTOCOL_VERSION}.json`, import.meta.url));
writeFileSync(file, `${JSON.stringify(agentProtocolJsonSchema(), null, 2)}\n`);
process.stdout.write(`wrote ${file}\n`);
